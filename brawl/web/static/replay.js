// The replay viewer: a finished game (/replay/ROOM) or an uploaded record (/replay), step by step.
// Each step is a frame the server replays from the record (GET /api/rooms/ROOM/replay?step=K, or
// POST /api/rooms/replay?step=K with the record); the board is drawn by the game's own renderer
// (static/games/<game>.js, given a spectator's view with nothing to decide) or by a status table.
"use strict";

(function () {
  const { api, el } = brawl;
  const $ = (id) => document.getElementById(id);
  const parts = window.location.pathname.split("/").filter(Boolean);
  const roomId = parts[0] === "replay" && parts[1] ? decodeURIComponent(parts[1]) : null;

  let record = null;       // the record (plain JSON)
  let recordText = null;   // its text, for checking the dice exactly
  let renderer = null;     // the game's renderer, or null for the status table
  let view = null;         // the view shaped from the frame on show
  let steps = 0;
  let step = 0;            // the step shown (or being fetched)
  let shown = -1;          // the step on show
  let token = 0;           // the latest request: older answers are dropped
  const frames = new Map();

  // -- the context a renderer gets: a spectator who cannot decide anything ----------------------
  const ctx = {
    get seat() { return null; },
    get view() { return view; },
    decide: () => Promise.reject(new Error("this is a replay: nothing can be decided")),
    announce: () => {},
    svg: brawl.svg,
    el: brawl.el,
    replay: true,
  };

  function showError(message) {
    $("error").textContent = message || "";
    $("error").hidden = !message;
  }

  // -- the view a renderer draws, shaped from a frame --------------------------------------------
  function seatsOf(frame) {
    const covered = (record && record.dice && record.dice.covers && record.dice.covers.seats) || [];
    const players = frame.players || record.players || [];
    return frame.seats.map((name, i) => ({
      seat: i, name, player: players[i] || null,
      kind: covered[i] ? covered[i].kind : null, bot: covered[i] ? covered[i].bot || null : null, presence: null,
    }));
  }

  function viewOf(frame) {
    const ended = frame.over && record.ended ? record.ended : null;
    const winners = ended ? ended.winners : null;
    return {
      room: roomId, game: frame.game, title: frame.title, options: record.options || {},
      seat: null, seats: seatsOf(frame), state: frame.state, status_rows: frame.status_rows, summary: frame.summary,
      node: { type: frame.over ? "terminal" : frame.node.type, seats: [], kind: null, prompt: "", winners },
      your_turn: false, legal: [], free_form: false, over: frame.over, winners, ended: ended ? ended.reason : null,
      last: frame.step, step: frame.step, steps: frame.steps, timer: null, clocks: null, hints: false,
      takeback: null, replay: true,
    };
  }

  // -- the status table (games without a renderer) ------------------------------------------------
  const generic = brawl.genericRenderer(() => el("p", { class: "hint" }, brawl.t("This game shows no table of players.")));

  function loadRenderer(game) {
    // the game's catalogue first, so that its words are in the page's language (brawl.tr)
    const words = brawl.gameWords(game);
    if (brawl.renderers[game]) return words.then(() => brawl.renderers[game]);
    return words.then(() => brawl.loadRenderer(game, api("GET", `/api/games/${encodeURIComponent(game)}`)));
  }

  function fallBack(e) {
    console.error("the game's renderer failed; showing the status table", e);
    renderer = null;
    generic.mount($("board"), ctx);
  }

  // -- frames ----------------------------------------------------------------------------------------
  function fetchFrame(k) {
    if (frames.has(k)) return frames.get(k);
    const p = roomId
      ? api("GET", `/api/rooms/${encodeURIComponent(roomId)}/replay?step=${k}`)
      : api("POST", `/api/rooms/replay?step=${k}`, record);
    frames.set(k, p);
    p.catch(() => frames.delete(k));
    return p;
  }

  // one request at a time: while a frame is on its way, presses only move the target step, and the
  // latest target is fetched next (holding an arrow key down never floods the server)
  let busy = false;
  async function go(k) {
    step = Math.max(0, Math.min(steps, k));
    syncControls();
    if (busy) return;
    busy = true;
    const mine = token;
    try {
      for (;;) {
        const want = step;
        let frame;
        try {
          frame = await fetchFrame(want);
        } catch (e) {
          if (mine === token && want === step) {
            showError(brawl.t("Step {step} could not be replayed: {why}", { step: want, why: e.message }));
            // the slider stands at a step that is not on show: say so beside it
            $("position").replaceChildren(el("span", { class: "sr-only" }, brawl.t("Step") + " "),
              brawl.t("{step} of {steps}: this step does not replay", { step: want, steps }));
            document.body.dataset.failed = String(want);
          }
          return;
        }
        if (mine !== token) return;  // another record was chosen meanwhile
        if (want !== step) continue;
        showError("");
        delete document.body.dataset.failed;
        draw(frame);
        if (want < steps) fetchFrame(want + 1).catch(() => {});  // the next step, ready for the next press
        return;
      }
    } finally {
      busy = false;
    }
  }

  function draw(frame) {
    view = brawl.localView(viewOf(frame));  // the game's texts in the page's language
    document.title = brawl.t("brawl: replay of {title}, step {step}", { title: brawl.tr(frame.title), step: frame.step });
    $("title").textContent = brawl.t("· Replay of {title}", { title: brawl.tr(frame.title) });
    $("room-id").textContent = roomId ? brawl.t("game {room}", { room: roomId }) : "";
    drawPlayers(view);
    try {
      (renderer || generic).update(view, ctx);
    } catch (e) {
      fallBack(e);
      generic.update(view, ctx);
    }
    drawLog(frame);
    shown = frame.step;
    document.body.dataset.step = String(frame.step);
    $("board").dataset.step = String(frame.step);
    const newest = frame.log.length ? frame.log[frame.log.length - 1].text : "";
    $("position").replaceChildren(el("span", { class: "sr-only" }, brawl.t("Step") + " "), brawl.t(frame.over ? "{step} of {steps}, the end" : "{step} of {steps}", { step: frame.step, steps: frame.steps }));
    $("step").setAttribute("aria-valuetext", `Step ${frame.step} of ${frame.steps}${newest ? `: ${newest}` : ""}`);
    if (window.location.hash !== `#step=${frame.step}`) history.replaceState(null, "", `#step=${frame.step}`);
  }

  function drawPlayers(v) {
    const box = $("players");
    const bits = v.seats.map((s) => {
      const who = s.player ? s.player : s.kind === "bot" ? `bot${s.bot ? ` (${brawl.botName(s.bot)})` : ""}` : null;
      return el("span", { class: "seat" }, el("strong", {}, brawl.trName(s.name)), who ? `: ${who}` : "");
    });
    box.replaceChildren(...bits.flatMap((b, i) => (i ? [" · ", b] : [b])));
  }

  function drawLog(frame) {
    const list = $("log");
    list.replaceChildren(...frame.log.map((line) => el("li", { class: line.kind || "", "data-n": line.n }, brawl.tr(line.text))));
    if (!frame.log.length) list.append(el("li", { class: "empty" }, brawl.t("Nothing has happened yet.")));
    list.scrollTop = list.scrollHeight;  // the newest line at the bottom, inside the panel only
  }

  function syncControls() {
    const range = $("step");
    range.max = String(steps);
    range.value = String(step);
    $("first").disabled = step <= 0;
    $("prev").disabled = step <= 0;
    $("next").disabled = step >= steps;
    $("last").disabled = step >= steps;
  }

  // -- starting ----------------------------------------------------------------------------------------
  async function begin(game, startAt) {
    frames.clear();
    token++;
    busy = false;  // a frame of the former record still on its way is dropped when it comes
    $("board").hidden = false;
    $("controls").hidden = false;
    $("side").hidden = false;
    renderer = await loadRenderer(game);
    try {
      (renderer || generic).mount($("board"), ctx);
    } catch (e) {
      fallBack(e);
    }
    const first = await fetchFrame(0);
    steps = first.steps;
    await go(startAt || 0);
  }

  // after a check: where a record disagrees with its seed, a button to that step
  function showDisagreement(result, output) {
    const v = result && result.verdict;
    if (!v || v.ok !== false || v.unavailable || typeof v.step !== "number") return;
    const button = el("button", { type: "button", id: "verify-step" }, brawl.t("Show step {step}", { step: v.step }));
    button.addEventListener("click", () => go(v.step));
    output.append(el("br"), button);
  }

  async function startRoom() {
    const box = $("verify-box");
    try {
      recordText = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/record`, { headers: { Accept: "application/json" } })
        .then(async (res) => {
          const text = await res.text();
          if (!res.ok) {
            let message = `request failed (${res.status})`;
            try { message = JSON.parse(text).error || message; } catch (e) { /* the status says it */ }
            throw Object.assign(new Error(message), { status: res.status });
          }
          return text;
        });
      record = JSON.parse(recordText);
    } catch (e) {
      if (e.status === 409) {
        showError(brawl.t("This game is not over yet: a game can be replayed once it has ended."));
        $("links").hidden = false;
        $("side").hidden = false;
        $("links").replaceChildren(el("a", { href: `/watch/${encodeURIComponent(roomId)}` }, brawl.t("Watch it live")), " · ", el("a", { href: "/" }, brawl.t("Lobby")));
        $("fair").hidden = true;
        $("log-panel").hidden = true;
      } else showError(brawl.t("This game could not be loaded: {why}", { why: brawl.trError(e.message) }));
      return;
    }
    brawl.mountVerify(box, roomId, showDisagreement);
    $("links").replaceChildren(
      el("a", { href: `/api/rooms/${encodeURIComponent(roomId)}/record`, download: `brawl-${roomId}.json`, id: "record-link" }, brawl.t("Download the game record")),
      " · ", el("a", { href: `/watch/${encodeURIComponent(roomId)}` }, brawl.t("The game's page")),
      " · ", el("a", { href: "/replay" }, brawl.t("Replay a record file")), " · ", el("a", { href: "/" }, brawl.t("Lobby")));
    try {
      const wanted = /^#step=(\d+)$/.exec(window.location.hash);
      await begin(record.game, wanted ? Number(wanted[1]) : 0);
    } catch (e) {
      showError(brawl.t("This game could not be replayed: {why}", { why: e.message }));
    }
  }

  function startUpload() {
    $("upload").hidden = false;
    $("links").replaceChildren(el("a", { href: "/" }, brawl.t("Lobby")));
    let mounted = false;
    let showing = null;  // the name of the file on show
    // a file that is no record, or does not replay, leaves the record on show as it was: said so
    const refuse = (words) => showError(showing ? `${words} ${brawl.t("Still showing {file}.", { file: showing })}` : words);
    $("record-file").addEventListener("change", async (e) => {
      const file = e.target.files && e.target.files[0];
      if (!file) return;
      showError("");
      let text, data;
      try {
        text = await file.text();
        data = JSON.parse(text);
      } catch (err) {  // the parser's own words say nothing to a player
        refuse(brawl.t("{file} is not a game record: it is not JSON text.", { file: file.name }));
        return;
      }
      if (!data || typeof data !== "object" || typeof data.format !== "string" || !data.format.startsWith("brawl-record")) {
        refuse(brawl.t("{file} is not a brawl game record (it has no \"format\": \"brawl-record/…\").", { file: file.name }));
        return;
      }
      const before = { record, recordText };
      record = data;
      recordText = text;
      try {
        await begin(data.game, 0);
      } catch (err) {
        refuse(brawl.t("{file} does not replay: {why}", { file: file.name, why: err.message }));
        record = before.record; recordText = before.recordText;
        return;
      }
      if (!mounted) {
        brawl.mountVerify($("verify-box"), () => recordText, showDisagreement);
        mounted = true;
      } else {
        $("verify-result").textContent = "";
        delete $("verify-result").dataset.state;
      }
      $("upload-title").textContent = brawl.t("Replaying {file}", { file: file.name });
      showing = file.name;
      $("controls").focus({ preventScroll: true });  // the arrow keys step from here
      // the record now on show, for its review (review.js): a file that is no record, or does
      // not replay, leaves the review of the record still on show
      document.dispatchEvent(new CustomEvent("brawl:replay-record", { detail: { text, name: file.name } }));
    });
  }

  // -- controls --------------------------------------------------------------------------------------------
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(step - 1));
  $("next").addEventListener("click", () => go(step + 1));
  $("last").addEventListener("click", () => go(steps));
  $("step").addEventListener("input", (e) => go(Number(e.target.value)));

  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || $("controls").hidden) return;
    const t = e.target;
    if (t === $("step")) return;  // the slider steps by itself
    if (t && (t.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(t.tagName))) return;
    const moves = { ArrowLeft: () => step - 1, ArrowRight: () => step + 1, Home: () => 0, End: () => steps,
      PageUp: () => step - 10, PageDown: () => step + 10 };
    if (!moves[e.key]) return;
    if (t && t.closest && t.closest("#log, #board svg, .board-view") && ["Home", "End", "PageUp", "PageDown"].includes(e.key)) return;
    e.preventDefault();
    go(moves[e.key]());
  });

  // on a wide screen the board stays in sight below the controls while the column beside it
  // scrolls (the log, the review: a judged decision's step shows at once), where it fits the window
  const wide = window.matchMedia("(min-width: 900px)");
  function pin() {
    const board = $("board"), controls = $("controls");
    const top = controls.hidden ? 0 : controls.offsetHeight + 8;
    document.documentElement.style.setProperty("--replay-controls-h", `${top}px`);
    board.classList.toggle("pinned", wide.matches && !board.hidden && board.offsetHeight + top <= window.innerHeight);
  }
  if (window.ResizeObserver) {
    const watch = new ResizeObserver(pin);
    watch.observe($("board"));
    watch.observe($("controls"));
  }
  window.addEventListener("resize", pin);

  // a judged decision of the review pressed (review.js moves the slider to its step): the board is
  // brought into sight below the controls (on a phone it lies far above the review), unless it shows
  function showBoard() {
    const board = $("board");
    if (board.hidden) return;
    const top = $("controls").hidden ? 0 : $("controls").getBoundingClientRect().bottom;
    const r = board.getBoundingClientRect();
    if (r.top >= top - 1 && r.top < top + window.innerHeight / 3) return;
    window.scrollBy({ top: r.top - top - 8, behavior: "instant" });
  }
  document.addEventListener("click", (e) => {
    if (e.target.closest && e.target.closest("#review-panel [data-step]")) requestAnimationFrame(showBoard);
  });

  brawl.replay = { go: (k) => go(k), get step() { return shown; }, get steps() { return steps; } };

  if (roomId) startRoom();
  else startUpload();
})();
