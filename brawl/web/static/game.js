// The game page: one room, seen by one seat (invite link, #t=TOKEN) or a spectator (/watch/ROOM).
// It talks to the server through the HTTP API and one WebSocket; the server owns the truth.
// Games may ship static/games/<game>.js calling brawl.registerRenderer (see DEVELOPERS.md).
"use strict";

(function () {
  const { api, el } = brawl;
  const t = brawl.t;
  const parts = window.location.pathname.split("/").filter(Boolean);
  const spectator = parts[0] === "watch";
  const roomId = decodeURIComponent(parts[1] || "");
  // the seat's token; a page that plays every seat of a table (table-dice.js) changes it with ctx.useToken
  let token = spectator ? null : new URLSearchParams(window.location.hash.slice(1)).get("t");
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  const $ = (id) => document.getElementById(id);
  let renderer = null;
  let view = null;
  let last = -1;
  let ws = null;
  let refs = 0;
  const pending = {};
  let retry = 0;
  let animTimer = null;
  let hintsOn = false;
  let clockTimer = null;
  let welcomed = false; // the server answered this socket's hello: only then is it "connected"
  let wasMyTurn = null; // whose turn it was at the last drawing (null: nothing drawn yet)
  let audio = null;
  let chatSeen = false;  // the first update's chat lines are the history: not announced
  let lastTarget = null; // what the person last pressed or typed in: errors show next to it
  // keys for the decision buttons: 1-9, then a-z (Escape skips the dice animation)
  const KEYS = "123456789abcdefghijklmnopqrstuvwxyz";

  // -- the context a renderer gets -------------------------------------------------------------
  const ctx = {
    get seat() { return view ? view.seat : null; },
    get view() { return view; },
    decide: (action, opts) => decide(action, opts),
    get token() { return token; },
    useToken: (next) => useToken(next),
    announce: (text) => addLog({ text, kind: "note" }),
    svg: brawl.svg,
    el: brawl.el,
  };

  // The error goes next to what caused it: the decision buttons, the typed-decision field, or the
  // part of the board that was used; it is an alert, so screen readers say it at once.
  const errorBox = document.getElementById("error");
  function showError(message, anchor) {
    const box = errorBox;
    box.classList.remove("notice");
    box.textContent = message ? brawl.tr(message) : "";  // the rules' refusal, in the page's language
    box.hidden = !message;
    if (!message) return;
    placeNear(box, anchor === undefined ? anchorFor(lastTarget) : anchor);
    reveal(box);
  }

  function showNotice(message, anchor) {
    showError(message, anchor);
    errorBox.classList.add("notice");
  }

  function anchorFor(node) {
    if (!node || !node.closest || !document.contains(node)) return null;
    if (node.closest("#free-form")) return $("free-form");
    if (node.closest("#actions")) return null;
    const board = node.closest("#board");
    if (!board) return null;
    const svgEl = node.closest("svg");
    if (svgEl) return svgEl.closest(".board-view") || svgEl;
    return node.closest(".buttons, form, .confirm-bar, .choice-list, table") || node.closest("button") || null;
  }

  function placeNear(box, anchor) {
    if (anchor && anchor !== box && document.contains(anchor)) anchor.after(box);
    else if (box.nextElementSibling !== $("action-buttons")) $("action-buttons").before(box);
  }

  const reveal = brawl.reveal;

  const seatName = (s) => brawl.seatName(view, s);
  const presence = (s) => brawl.presence(view, s);

  // -- generic renderer: the status rows, else the state as a table -----------------------------
  const generic = brawl.genericRenderer((v) => stateTable(v.state));

  function stateTable(state) {
    const table = el("table", { class: "status" }, el("caption", { class: "sr-only" }, t("Game state")));
    const body = el("tbody", {});
    for (const [k, val] of Object.entries(state || {})) {
      body.append(el("tr", {}, el("th", { scope: "row" }, k.replace(/_/g, " ")), el("td", {}, show(val))));
    }
    table.append(body);
    return table;
  }

  function show(val) {
    if (Array.isArray(val)) {
      if (view && val.length === view.seats.length && val.every((x) => typeof x !== "object" || x === null)) {
        return val.map((x, i) => `${seatName(i)}: ${x === null ? "–" : x}`).join(" · ");
      }
      return val.map((x) => (typeof x === "object" && x !== null ? JSON.stringify(x) : String(x))).join(", ") || "–";
    }
    if (val && typeof val === "object") return JSON.stringify(val);
    return val === null || val === undefined ? "–" : String(val);
  }

  // -- drawing -----------------------------------------------------------------------------------
  let drawn = null; // the view last drawn, as JSON

  function render() {
    const v = view;
    drawn = JSON.stringify(v);
    document.body.dataset.last = String(v.last);  // the last event shown (tests and renderers may read it)
    $("title").textContent = `· ${v.title}`;
    if (v.seat === null) $("who").textContent = t("You are watching (spectator)");
    else $("who").replaceChildren(t("You are {name}", { name: seatName(v.seat) }));
    turnAlert(v);
    $("skip").setAttribute("href", v.seat === null || v.over ? (v.over ? "#end" : "#board") : "#actions");
    $("skip").textContent = t(v.seat === null ? "Skip to the table" : v.over ? "Skip to the result" : "Skip to your decisions");
    // the hints toggle only where hints can be had, the dice's commitment only where there are dice
    $("hints-setting").hidden = v.hints === false;
    if (v.hints === false && hintsOn) { hintsOn = false; $("show-hints").checked = false; }
    $("commitment-line").hidden = v.dice === false;
    $("animate-setting").hidden = v.dice === false;
    $("verify-line").hidden = v.dice === false;
    try {
      (renderer || generic).update(v, ctx);
    } catch (e) {
      fallBack(e);
      generic.update(v, ctx);
    }
    renderPeople(v);
    renderTurn(v);
    renderClock(v);
    renderClaim(v);
    renderTakeback(v);
    renderActions(v);
    renderEnd(v);
    renderChatForm(v);
    askName(v);
    showDecision(v);
    if (brawl.tableDice) brawl.tableDice.update(v, ctx);  // dice rolled at the table, one device for all seats
    $("commitment").textContent = v.commitment;
    if (v.seed && v.dice !== false) {
      $("seed").textContent = v.seed;
      $("seed-line").hidden = false;
    }
  }

  function renderTurn(v) {
    const box = $("turn");
    let text;
    let detail = "";
    const prompt = (v.node && v.node.prompt) || "";
    if (v.over) {
      const w = (v.winners || []).map(seatName).join(", ");
      text = w ? t(plural(v, v.winners) ? "Game over: {names} win." : "Game over: {names} wins.", { names: w }) : t("Game over: a draw, no winner.");
    } else if (v.your_turn) {
      text = v.node.kind === "reaction" ? t("Your reaction: {prompt}", { prompt: prompt || t("decide") }) :
        v.node.kind === "simultaneous" ? t("Your secret choice: {prompt}", { prompt: prompt || t("choose") }) :
          prompt ? t("Your turn: {prompt}", { prompt }) : t("Your turn: choose a decision.");
      if (v.node.kind === "simultaneous") detail = t("Hidden until all have chosen.");
    } else if (v.node.seats.length) {
      const names = v.node.seats.map(seatName).join(t(" and "));
      text = t(v.node.kind === "simultaneous" ? "Waiting for {names} to choose in secret…" : "Waiting for {names}…", { names });
      if (prompt && v.node.kind !== "simultaneous") detail = prompt;
    } else {
      text = t("Rolling…");
    }
    box.replaceChildren(text);
    if (detail) box.append(el("span", { class: "prompt" }, detail));
    box.className = "turn " + (v.over ? "over" : v.your_turn ? "yours" : "theirs");
    box.setAttribute("data-state", v.over ? "over" : v.your_turn ? "yours" : "waiting");
  }

  // The open decision's clock, kept by the server (view.timer): counted down from the time left the
  // server reported, so the browser's clock need not agree with the server's.
  function renderClock(v) {
    clearInterval(clockTimer);
    const line = $("clock");
    const shownByBoard = renderer && renderer.ownsClock && renderer.ownsClock(v);
    if (!v.timer || v.over || shownByBoard) { line.hidden = true; return; }
    const end = Date.now() + v.timer.left * 1000;
    const tick = () => {
      const left = Math.max(0, (end - Date.now()) / 1000);
      line.textContent = left > 0 ? t("Time left for this decision: {s} s", { s: Math.ceil(left) }) :
        t("Time is up: the server decides for whoever has not chosen.");
      if (left <= 0) clearInterval(clockTimer);
    };
    line.hidden = false;
    tick();
    clockTimer = setInterval(tick, 500);
  }

  function renderActions(v) {
    const section = $("actions");
    const owns = renderer && renderer.ownsActions;
    section.hidden = v.seat === null || v.over;
    const box = $("action-buttons");
    box.replaceChildren();
    $("actions-title").textContent = t(v.your_turn ? "Your decision" : "Your decision (not now)");
    let k = 0;
    let onBoard = false;
    if (!owns) {
      // a renderer may offer some decisions itself (a form for a fight): those are not repeated here
      const legal = renderer && renderer.offers ? v.legal.filter((d) => !renderer.offers(d.action, v)) : v.legal;
      // many decisions of one kind (moves to squares) become one labelled list instead of a wall of buttons
      const groups = {};
      for (const d of legal) (groups[d.action.split(":")[0]] = groups[d.action.split(":")[0]] || []).push(d);
      const listed = new Set(legal.length > 12 ? Object.keys(groups).filter((g) => groups[g].length > 6) : []);
      legal.forEach((d) => {
        const i = v.legal.indexOf(d);
        const group = d.action.split(":")[0];
        if (listed.has(group)) {
          if (groups[group][0] === d) box.append(choiceList(group, groups[group], v));
          return;
        }
        const key = k < KEYS.length ? KEYS[k] : null;
        k += 1;
        const name = actionName(d, v);
        const odds = d.odds && !name.toLowerCase().includes(String(d.odds).toLowerCase()) ? el("span", { class: "odds", id: `odds-${i}` }, d.odds) : null;
        const hint = el("span", { class: "hint-value", id: `hint-${i}`, "data-action": d.action });
        const b = el("button", { type: "button", class: "action", "data-action": d.action,
          "aria-describedby": [odds ? odds.id : null, hint.id].filter(Boolean).join(" "),
          "aria-keyshortcuts": key, "data-key": key },
        key ? el("span", { class: "key", "aria-hidden": "true" }, key) : null,
        el("span", { class: "name" }, name), odds, hint);
        b.addEventListener("click", () => decide(d.action).catch(() => {}));
        box.append(b);
      });
      if (legal.length < v.legal.length && v.your_turn) {
        // the board offers (part of) this decision itself: say so, and take the person there
        const go = el("button", { type: "button", class: "link go-board" }, t("Go to it"));
        go.addEventListener("click", () => {
          const form = [...$("board").querySelectorAll("form")].find((f) => f.offsetParent !== null) || $("board");
          reveal(form);
          const first = form.querySelector("input:checked, input, button, select") || form;
          if (first.tabIndex < 0 && !first.matches("input, button, select")) first.setAttribute("tabindex", "-1");
          first.focus({ preventScroll: true });
        });
        box.append(el("p", { class: "hint board-offers" }, t("This decision is made on the board."), " ", go));
        onBoard = true;
      } else if (!legal.length && !v.free_form && !v.over) {
        box.append(el("p", { class: "hint" }, v.your_turn ? (v.legal.length ? t("Decide on the board.") : "") : t("Nothing to decide now.")));
      }
    }
    $("main").classList.toggle("board-decision", onBoard);  // a phone's sheet then leaves the board more room
    $("key-help").hidden = k < 2;
    $("free-form").hidden = !v.free_form;
    // a board offers its decisions itself: the typed form waits behind a disclosure (the keyboard's
    // way in); without a board it is the only way to decide, so it stays open
    $("free-more").hidden = !v.free_form;
    if (v.free_form && !renderer && !$("free-more").open) $("free-more").open = true;
    if (hintsOn && v.your_turn) loadHints();
  }

  // A decision that becomes this seat's is brought into sight once, whatever the panels' scroll:
  // its first answer (or, for a decision made on the board, the board's form and the pointer to
  // it) just below the sticky prompt bar.  Later redraws of the same decision (presence, chat, a
  // clock) leave the scroll to the person.
  let decisionShown = "";
  let myDecisions = 0; // decisions of this seat applied so far: the decision after each one is new

  function showDecision(v) {
    const key = v.your_turn && !v.over ? [myDecisions, v.node.kind, v.node.prompt, v.legal.map((d) => d.action).join(" ")].join("|") : "";
    if (key === decisionShown) return;
    // someone typing (a chat line, a name) is not scrolled away from the field: the decision is
    // shown once the field is left (the prompt bar says it is theirs meanwhile)
    const typing = document.activeElement && document.activeElement.matches("input:not([type=checkbox]):not([type=radio]), textarea");
    if (key && typing) return;
    decisionShown = key;
    if (!key) return;
    const offered = $("action-buttons").querySelector(".board-offers");
    if (offered) {
      const form = [...$("board").querySelectorAll("form")].find((f) => f.offsetParent !== null);
      if (form) brawl.revealAnswer(form, form.parentElement.querySelector("h2, h3") || form);
      brawl.revealAnswer(offered, $("actions-title"));
      return;
    }
    const first = $("action-buttons").querySelector("button.action, .choice-list, p") || (v.free_form ? $("free-form") : null);
    // the name question on arrival stays in sight above it when both fit
    if (first) brawl.revealAnswer(first, $("name-dialog").hidden ? $("actions-title") : $("name-dialog"));
  }

  function choiceList(group, items, v) {
    const id = `choose-${group.replace(/[^a-z0-9_-]/gi, "_")}`;
    const select = el("select", { id, "data-group": group });
    for (const d of items) select.append(el("option", { value: d.action }, actionName(d, v) + (d.odds ? ` (${d.odds})` : "")));
    const go = el("button", { type: "button", class: "go" }, t("Do it"));
    go.addEventListener("click", () => decide(select.value).catch(() => {}));
    const label = group.charAt(0).toUpperCase() + group.slice(1).replace(/_/g, " ");
    return el("div", { class: "choice-list" }, el("label", { for: id }, t("{label} ({n} choices)", { label: t(label), n: items.length })), select, go);
  }

  // whether "wins" takes a plural verb: several winners, or one whose name is a plural ("Heroes")
  function plural(v, winners) {
    return winners.length > 1 || !!(v.seats && v.seats[winners[0]] && v.seats[winners[0]].plural);
  }

  // "Sun attacks (d10, d6)" -> "Attacks (d10, d6)": the button says what the decision does
  function actionName(d, v) {
    const seat = v.seats[v.seat] || {};
    const mine = [seatName(v.seat), seat.player, seat.name].filter(Boolean);
    const me = mine.find((m) => d.label && d.label.startsWith(m + " "));
    let text = me ? d.label.slice(me.length + 1) : (d.label || d.action);
    if (!text || mine.some((m) => text.startsWith(m + ":"))) text = d.action;
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  // the game's review (static/review.js, loaded once the game is over); a judged decision opens the replay there
  function mountReview() {
    const open = (step) => { window.location.href = `/replay/${encodeURIComponent(roomId)}#step=${step}`; };
    (brawl.mountReview ? Promise.resolve() : brawl.loadScript("/static/review.js"))
      .then(() => brawl.mountReview($("review-box"), roomId, { jump: open })).catch(() => {});
  }

  function renderEnd(v) {
    const end = $("end");
    const wasHidden = end.hidden;
    end.hidden = !v.over;
    if (!v.over) return;
    const winners = v.winners || [];
    const names = winners.map(seatName).join(", ");
    let title;
    if (!winners.length) title = t("Draw");
    else if (v.seat === null) title = t(plural(v, winners) ? "{names} win" : "{names} wins", { names });
    else if (winners.includes(v.seat)) title = t(winners.length > 1 ? "You won (shared)" : "You won!");
    else title = t("You lost");
    $("end-title").textContent = title;
    $("end-text").textContent = winners.length ? t("{names} won.", { names }) : t("No winner.");
    // why the server ended it (a claim, a clock): its own words
    $("end-why").hidden = !v.ended;
    $("end-why").textContent = v.ended ? t("Why it ended: {reason}", { reason: String(v.ended).replace(/_/g, " ") }) : "";
    $("replay-link").href = `/replay/${encodeURIComponent(roomId)}`;
    if (v.dice !== false) mountVerify();
    mountReview();
    $("record-link").href = `/api/rooms/${encodeURIComponent(roomId)}/record`;
    $("record-link").setAttribute("download", `brawl-${v.game}-${roomId}.json`);
    const rematch = $("rematch");
    rematch.hidden = v.seat === null && !v.rematch;
    rematch.textContent = t(v.rematch ? "Go to the rematch" : "Rematch");
    // the result takes the focus; its panel scrolls to it before the next paint (never the window)
    if (wasHidden) {
      requestAnimationFrame(() => {
        if (end.hidden) return;
        $("end-title").focus({ preventScroll: true });
        reveal(end);
      });
    }
  }

  // -- log and dice ------------------------------------------------------------------------------
  function logLine(line, far) {
    const li = document.createElement("li");
    li.className = far ? `line ${line.kind} far` : `line ${line.kind}`;
    const body = document.createElement("span");
    if (line.kind === "roll") body.append(el("span", { class: "tag" }, t("roll")));
    if (line.kind === "end") body.append(el("strong", {}, brawl.tr(line.text)));
    else body.append(brawl.tr(line.text));
    li.append(body);
    return li;
  }

  // lines go in one fragment; the log's own panel follows the newest line when it was at its end
  // An empty log is filled without measuring anything, and scrolled to its end just before the next
  // paint, so the first drawing of a long game lays the page out once instead of three times.
  function addLines(lines) {
    if (!lines.length) return;
    const log = $("log");
    const empty = !log.firstChild;
    const atEnd = empty || log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    const frag = document.createDocumentFragment();
    // a first fill lays out only the lines that can be in sight at its end (a line is at least 20 px
    // tall); the ones above wait until they are scrolled to (.far), without moving those in sight
    const near = empty ? Math.ceil(window.innerHeight / 20) : lines.length;
    lines.forEach((line, i) => frag.append(logLine(line, lines.length - i > near)));
    log.append(frag);
    if (empty) requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
    else if (atEnd) log.scrollTop = log.scrollHeight;
  }

  function addLog(line) { addLines([line]); }

  function diceFrom(events) {
    // the dice of the last group of consecutive rolls
    const rolls = [];
    for (let i = events.length - 1; i >= 0; i--) {
      if (events[i].type !== "roll") { if (rolls.length) break; continue; }
      rolls.unshift(events[i]);
    }
    return rolls;
  }

  function die(roll, face) {
    const line = roll.log[0] || {};
    const data = line.data || {};
    const label = line.text ? brawl.tr(line.text).replace(/:[^:]*$/, "") : roll.event;  // the outcome after the last colon
    // a face in words ("hit", "miss") is a game's word: in the page's language
    const text = Array.isArray(face) ? face.join(" ") : brawl.tr(String(face));
    return el("figure", { class: "die", "data-sides": data.sides || "" },
      el("div", { class: "face", "aria-hidden": "true" }, text),
      el("figcaption", {}, `${label}: ${Array.isArray(roll.outcome) ? roll.outcome.join(", ") : brawl.tr(String(roll.outcome))}`));
  }

  function showDice(rolls, animate) {
    const tray = $("dice-tray");
    if (!rolls.length) return;
    $("dice").hidden = false;  // games without dice never show the tray
    clearTimeout(animTimer);
    const finish = () => {
      tray.replaceChildren(...rolls.map((r) => die(r, r.outcome)));
      tray.classList.remove("rolling");
      $("skip-anim").hidden = true;
    };
    if (!animate || reducedMotion.matches || !$("animate").checked) { finish(); return; }
    tray.classList.add("rolling");
    $("skip-anim").hidden = false;
    let ticks = 0;
    const spin = () => {
      tray.replaceChildren(...rolls.map((r) => {
        const sides = (r.log[0] && r.log[0].data && r.log[0].data.sides) || 6;
        const d = die(r, 1 + Math.floor(Math.random() * sides));
        d.querySelector("figcaption").textContent = t("rolling…");
        return d;
      }));
      if (++ticks < 8) animTimer = setTimeout(spin, 60); else finish();
    };
    $("skip-anim").onclick = () => { clearTimeout(animTimer); finish(); };
    spin();
  }

  function apply(events, animate) {
    const lines = [];
    for (const ev of events) {
      for (const line of ev.log) lines.push(line);
      last = Math.max(last, ev.n);
      if (ev.type === "decision") lastDecisionSeat = ev.seat;
      if (ev.type === "decision" && view && ev.seat === view.seat) myDecisions += 1;
    }
    addLines(lines);
    showDice(diceFrom(events), animate);
  }

  // -- people: names, presence and clocks ----------------------------------------------------------
  // view.clocks.seats[s].left is what the server counted at view.clocks.now; a running clock counts
  // down here from when the update arrived, so the browser's clock need not agree with the server's.
  let clockBase = null;
  let peopleTimer = null;

  function clockOf(v, s) {
    const c = v.clocks;
    if (!c || c.mode === "none" || !c.seats) return null;
    return c.seats[String(s)] || null;
  }

  function timeText(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return h ? `${h}:${String(m).padStart(2, "0")}:${String(r).padStart(2, "0")}` : `${m}:${String(r).padStart(2, "0")}`;
  }

  function tickClocks() {
    if (!clockBase) return;
    const gone = (performance.now() - clockBase.at) / 1000;
    document.querySelectorAll("#people .pclock").forEach((span) => {
      const c = clockBase.seats[span.dataset.seat];
      if (!c) return;
      const left = c.running && !clockBase.over ? c.left - gone : c.left;
      const text = c.flagged || left <= 0 ? t("out of time") : timeText(left);
      if (span.firstChild === null || span.lastChild.textContent !== text) span.lastChild.textContent = text;
      span.classList.toggle("low", !!c.running && !c.flagged && left > 0 && left < 10);
      span.classList.toggle("flagged", !!c.flagged || left <= 0);
    });
  }

  function renderPeople(v) {
    clearInterval(peopleTimer);
    const list = $("people");
    const hasClocks = !!(v.clocks && v.clocks.mode !== "none" && v.clocks.seats);
    clockBase = hasClocks ? { at: performance.now(), seats: v.clocks.seats, over: v.over } : null;
    list.replaceChildren(...v.seats.map((seat, i) => {
      const c = clockOf(v, i);
      const li = el("li", { class: ["person", i === v.seat ? "mine" : "", v.node.seats.includes(i) && !v.over ? "to-move" : ""].join(" ").trim() },
        el("span", { class: "pname" }, seatName(i)),
        i === v.seat ? el("span", { class: "you" }, t("(you)")) : seat.kind === "bot" ? el("span", { class: "bot" }, t("(bot: {bot})", { bot: seat.bot })) : null,
        presence(i),
        c ? el("span", { class: `pclock${c.running && !v.over ? " running" : ""}`, "data-seat": String(i), title: t("Clocks") },
          el("span", {}, "")) : null);
      return li;
    }));
    tickClocks();
    if (clockBase && Object.values(clockBase.seats).some((c) => c.running) && !v.over) peopleTimer = setInterval(tickClocks, 250);
  }

  // -- claims: an opponent out of time, or away while the decision is theirs ---------------------------
  // whom a claim may be made against comes from the server (view.claim: its grace is the server's
  // one number), so the page never offers a claim the server would refuse
  function claimAgainst(v) {
    const flagged = [], away = [];
    if (v.seat === null || v.over || !v.claim) return { flagged, away };
    v.claim.against.forEach((i) => {
      const c = clockOf(v, i);
      if (c && c.flagged) flagged.push(i);
      else away.push(i);
    });
    return { flagged, away };
  }

  function renderClaim(v) {
    const { flagged, away } = claimAgainst(v);
    const box = $("claim-box");
    const was = box.hidden;
    box.hidden = !flagged.length && !away.length;
    if (box.hidden) return;
    $("claim-text").textContent = flagged.length
      ? t("{names} ran out of time: you may claim the game.", { names: flagged.map(seatName).join(t(" and ")) })
      : t("{names} is away while it is their decision: you may claim the game once the away limit has passed.", { names: away.map(seatName).join(t(" and ")) });
    if (was) reveal(box);
  }

  async function claim() {
    const button = $("claim");
    button.disabled = true;
    showError("");
    try {
      const v = await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/claim`, { token });
      onUpdate([], v);
    } catch (e) {
      showError(e.message, $("claim-box"));
    } finally {
      button.disabled = false;
    }
  }

  // -- takebacks ----------------------------------------------------------------------------------------
  let lastDecisionSeat = null; // who made the newest decision shown
  let takebackOpen = false;    // a takeback request was open at the last drawing
  let rewritten = false;       // events were taken back since the last drawing

  function renderTakeback(v) {
    const request = v.takeback;
    const ask = $("takeback-ask");
    const wasHidden = ask.hidden;
    ask.hidden = !(request && request.yours) || v.over;
    if (!ask.hidden) {
      $("takeback-question").textContent = t("{name} wants to take back their last decision: allow?", { name: seatName(request.by) });
      if (wasHidden) reveal(ask);
    }
    const mine = request && request.by === v.seat;
    // offered only while the server would grant it (its view says so: no roll since, nothing sealed)
    $("takeback-row").hidden = v.seat === null || v.over || !(v.can_take_back || mine);
    $("takeback").disabled = !!mine;
    const status = $("takeback-status");
    if (mine) status.textContent = t("Waiting for the others to allow your takeback…");
    else if (status.dataset.waiting) {
      // the request closed: the history rewritten means allowed, else someone refused it
      status.textContent = t(rewritten ? "Your last decision was taken back." : "Your takeback was refused.");
      status.dataset.at = String(v.last);
    } else if (status.dataset.at && status.dataset.at !== String(v.last)) {
      status.textContent = "";
      status.dataset.at = "";
    }
    status.dataset.waiting = mine ? "1" : "";
    rewritten = false;
    // a request that closed may have rewritten the history: read it again
    if (takebackOpen && !request) resync();
    takebackOpen = !!request;
  }

  async function askTakeback() {
    showError("");
    try {
      const r = await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/takeback`, { token });
      if (r.done) { $("takeback-status").textContent = t("Your last decision was taken back."); resync(); }
      else { $("takeback-status").textContent = t("Waiting for the others to allow your takeback…"); }
    } catch (e) {
      showError(e.message, $("takeback-row"));
    }
  }

  async function answerTakeback(accept) {
    showError("");
    try {
      const r = await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/takeback/answer`, { token, accept });
      $("takeback-ask").hidden = true;
      if (r.done) resync();
    } catch (e) {
      showError(e.message, $("takeback-ask"));
    }
  }

  // -- chat ------------------------------------------------------------------------------------------------
  const CHAT_MAX = 300;
  let chatLast = -1;
  let chatUnread = 0;

  function chatTime(at) {
    try { return new Date(at * 1000).toLocaleTimeString(brawl.lang, { hour: "2-digit", minute: "2-digit" }); } catch (e) { return ""; }
  }

  function addChat(lines, announce) {
    const fresh = (lines || []).filter((l) => l.n > chatLast);
    if (!fresh.length) return;
    const list = $("chat-lines");
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const frag = document.createDocumentFragment();
    for (const l of fresh) {
      const mine = view && view.seat !== null && l.seat === view.seat;
      frag.append(el("li", { class: mine ? "mine" : "" },
        el("time", { class: "chat-at", datetime: new Date(l.at * 1000).toISOString() }, chatTime(l.at)), " ",
        el("span", { class: "chat-name" }, `${l.name}:`), " ", el("span", { class: "chat-text" }, l.text)));
      chatLast = Math.max(chatLast, l.n);
    }
    list.append(frag);
    $("chat-empty").hidden = true;
    if (atEnd || !announce) list.scrollTop = list.scrollHeight;
    if (!announce) return;
    const others = fresh.filter((l) => !(view && view.seat !== null && l.seat === view.seat));
    if (!others.length) return;
    const l = others[others.length - 1];
    $("chat-announce").textContent = t("{name} says: {text}", { name: l.name, text: l.text });
    if (!$("chat-panel").open) { chatUnread += others.length; chatTitle(); }
  }

  function chatTitle() {
    $("chat-title").textContent = chatUnread ? t("Chat ({n} new)", { n: chatUnread }) : t("Chat");
  }

  function renderChatForm(v) {
    const player = v.seat !== null;
    $("chat-form").hidden = !player;
    $("chat-readonly").hidden = player;
  }

  function chatHelp() {
    const used = $("chat-input").value.length;
    $("chat-help").textContent = t("Enter sends. {used} of {max} characters.", { used, max: CHAT_MAX });
  }

  function chatError(message) {
    const box = $("chat-error");
    box.textContent = message || "";
    box.hidden = !message;
    if (message) reveal(box);
  }

  async function sendChat(e) {
    e.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    chatError("");
    if (!text) { chatError(t("the message is empty")); return; }
    if (text.length > CHAT_MAX) { chatError(t("a chat line is at most {n} characters", { n: CHAT_MAX })); return; }
    const button = $("chat-form").querySelector("button");
    button.disabled = true;
    try {
      const line = await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/chat`, { token, text });
      input.value = "";
      chatHelp();
      addChat([line], false);
    } catch (err) {
      chatError(err.message);
    } finally {
      button.disabled = false;
      input.focus();
    }
  }

  // -- the name a person goes by -------------------------------------------------------------------------
  const NAME = "brawl.name";
  const SKIPPED = "brawl.name-skipped";
  const NAME_MAX = 24;
  let nameAsked = false;
  let beforeDialog = null;

  function skippedRooms() {
    try { return JSON.parse(localStorage.getItem(SKIPPED) || "[]"); } catch (e) { return []; }
  }

  function askName(v) {
    $("rename").hidden = v.seat === null;
    $("rename").textContent = t(v.seat !== null && v.seats[v.seat].player ? "Change my name" : "Set my name");
    if (nameAsked || v.seat === null || v.over) return;
    nameAsked = true;
    if (v.seats[v.seat].player || skippedRooms().includes(`${roomId}:${v.seat}`)) return;
    openNameDialog(false);
  }

  // Asked on arrival beside the game, never over it (nothing is blocked), above the decision: the
  // question takes the focus (a screen reader says it; Escape skips it; the decision keys still
  // work), and "Change my name" puts the focus in the field.
  function openNameDialog(focus) {
    const input = $("name-input");
    let stored = "";
    try { stored = localStorage.getItem(NAME) || ""; } catch (e) { stored = ""; }
    const current = view && view.seat !== null ? view.seats[view.seat].player : null;
    input.value = current || stored;
    $("name-help").textContent = t("At most {n} characters. Remembered in this browser for next time.", { n: NAME_MAX });
    nameError("");
    $("name-dialog").hidden = false;
    beforeDialog = document.activeElement;
    if (focus !== false) {
      input.focus();
      input.select();
    } else {
      $("name-dialog").focus({ preventScroll: true });
    }
    if (focus !== false) reveal($("name-dialog"));
  }

  function closeNameDialog() {
    const had = $("name-dialog").contains(document.activeElement);
    $("name-dialog").hidden = true;
    if (had && beforeDialog && document.contains(beforeDialog) && beforeDialog !== document.body) beforeDialog.focus();
    else if (had && !$("actions").hidden) $("actions").focus({ preventScroll: true });  // asked on arrival: on to the decisions
  }

  function nameError(message) {
    const box = $("name-error");
    box.textContent = message || "";
    box.hidden = !message;
  }

  async function saveName(e) {
    e.preventDefault();
    const name = $("name-input").value.trim();
    if (!name) { nameError(t("a name cannot be empty")); return; }
    if (name.length > NAME_MAX) { nameError(t("a name is at most {n} characters", { n: NAME_MAX })); return; }
    try {
      await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/name`, { token, name });
      try { localStorage.setItem(NAME, name); } catch (err) { /* not kept */ }
      closeNameDialog();
    } catch (err) {
      nameError(err.message);
    }
  }

  function skipName() {
    const key = `${roomId}:${view ? view.seat : ""}`;
    try { localStorage.setItem(SKIPPED, JSON.stringify([key, ...skippedRooms().filter((r) => r !== key)].slice(0, 50))); } catch (e) { /* not kept */ }
    closeNameDialog();
  }

  // -- the end: the dice checked in this browser ----------------------------------------------------------
  let verifyMounted = false;

  function mountVerify() {
    if (verifyMounted) return;
    verifyMounted = true;
    const box = $("verify-box");
    box.hidden = false;
    const go = () => brawl.loadScript("/static/verify.js").then(() => {
      const check = brawl.mountVerify(box, roomId);
      check.run();
    }).catch(() => { box.hidden = true; });
    // after the page is drawn: the check reads the record and recomputes every roll
    if (window.requestIdleCallback) requestIdleCallback(go, { timeout: 500 }); else setTimeout(go, 50);
  }

  // -- the log: the newest page first, older pages on demand ----------------------------------------------
  const PAGE = (window.brawlBoot && window.brawlBoot.page) || 40;  // events per page: a long game opens with its newest forty (the server says how many)
  let oldest = 0; // the first event number whose lines are shown

  function logPage(before) {
    const at = before === undefined ? "" : `&before=${before}`;
    return api("GET", `/api/rooms/${encodeURIComponent(roomId)}/log?size=${PAGE}${at}`, undefined, token);
  }

  async function showOlder() {
    const button = $("log-older");
    button.disabled = true;
    try {
      const page = await logPage(oldest);
      const log = $("log");
      const height = log.scrollHeight;
      const frag = document.createDocumentFragment();
      for (const ev of page.events) for (const line of ev.log) frag.append(logLine(line, true));
      log.prepend(frag);
      log.scrollTop += log.scrollHeight - height;  // the lines in view stay put
      oldest = page.from;
      button.hidden = oldest <= 0;
    } catch (e) {
      showError(e.message, button);
    } finally {
      button.disabled = false;
    }
  }

  // the history changed under us (a decision taken back): read the newest page and the view again
  let resyncing = null;
  function resync() {
    if (resyncing) return resyncing;
    resyncing = (async () => {
      try {
        const [v, page] = await Promise.all([api("GET", `/api/rooms/${encodeURIComponent(roomId)}`, undefined, token), logPage()]);
        $("log").replaceChildren();
        last = -1;
        lastDecisionSeat = null;
        oldest = page.from;
        $("log-older").hidden = oldest <= 0;
        view = brawl.localView(v);
        apply(page.events, false);
        last = Math.max(last, v.last);
        if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "sync", since: last }));
        render();
      } catch (e) {
        showError(e.message, null);
      } finally {
        resyncing = null;
      }
    })();
    return resyncing;
  }

  // The page becomes another seat's (one device for a table's seats): its token, socket, view and log.
  function useToken(next) {
    if (!next || next === token) return resyncing || Promise.resolve();
    token = next;
    decisionShown = "";
    nameAsked = true;
    const old = ws;
    connect();  // the old socket's close is then no longer this page's news
    // it stays a moment for the answer to a decision sent on it (its news comes before its answer)
    if (old) setTimeout(() => old.close(), 5000);
    // a reading in flight was asked with the old token: read again after it
    return resyncing ? resyncing.then(() => resync()) : resync();
  }

  // -- talking to the server -----------------------------------------------------------------------
  function decide(action, opts) {
    const anchor = opts && opts.anchor !== undefined ? opts.anchor : anchorFor(lastTarget);
    showError("");
    return new Promise((resolve, reject) => {
      // the rules' refusal is an error ("Refused: ..."); a decision that never arrived is a notice
      const fail = (message, notice) => { (notice ? showNotice : showError)(message, anchor); reject(new Error(message)); };
      const unsent = (e) => e.unreachable || e.status >= 500;
      if (navigator.onLine === false) {
        fail(t("you are offline, so the decision was not sent; make it again once the page says connected"), true);
        return;
      }
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        api("POST", `/api/rooms/${encodeURIComponent(roomId)}/decisions`, { token, action, expect: last })
          .then((r) => { onUpdate(r.accepted, r.view); resolve(r); })
          .catch((e) => fail(e.unreachable ? t("the server cannot be reached, so the decision was not sent; make it again once the page says connected")
            : e.message, unsent(e)));
        return;
      }
      const ref = ++refs;
      // no answer in a while: the connection is gone even if the socket has not noticed yet
      const timeout = setTimeout(() => {
        if (!pending[ref]) return;
        delete pending[ref];
        if (view) renderActions(view);
        fail(t("no answer from the server; check the connection and decide again"), true);
      }, 15000);
      pending[ref] = { resolve: (m) => { clearTimeout(timeout); resolve(m); },
        reject: (e) => { clearTimeout(timeout); (e.unsent || unsent(e) ? showNotice : showError)(e.message, anchor); reject(e); } };
      ws.send(JSON.stringify({ type: "decide", action, ref, expect: last }));
      document.querySelectorAll("#action-buttons button").forEach((b) => { b.disabled = true; });
    });
  }

  // "connected" only while the socket is open and the server has answered; otherwise say so
  function showConnection() {
    const line = $("connection");
    const open = ws && ws.readyState === WebSocket.OPEN && welcomed && navigator.onLine !== false;
    if (open) { line.textContent = t("connected"); line.className = "connection ok"; }
    else if (ws && ws.fatal) { line.textContent = t("disconnected"); line.className = "connection down"; }
    else { line.textContent = t(navigator.onLine === false ? "offline — reconnecting…" : "reconnecting…"); line.className = "connection down"; }
    document.body.classList.toggle("offline", !open);
  }

  // the tab's title says when a decision becomes yours; a short beep too, if asked for
  function turnAlert(v) {
    const mine = !!v.your_turn && !v.over;
    document.title = mine ? t("Your turn — brawl") : t(v.over ? "Game over: {title} — brawl" : "{title} — brawl", { title: v.title });
    if (mine && wasMyTurn === false && $("sound").checked) beep();
    wasMyTurn = mine;
  }

  function beep() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      audio = audio || new Ctx();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.12, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.25);
    } catch (e) { /* no sound here */ }
  }

  function onUpdate(events, v, chat) {
    if (v.last < last) {  // fewer events than shown: a decision was taken back
      rewritten = true;
      view = brawl.localView(v);
      resync();
      addChat(chat, true);
      return;
    }
    const fresh = events.filter((e) => e.n > last);
    // the board is drawn once per change: an update that brings nothing new (the answer to the
    // socket's hello, say) leaves the page as it is
    const local = brawl.localView(v);  // the view's texts in the page's language
    const same = !fresh.length && drawn !== null && JSON.stringify(local) === drawn;
    view = local;
    if (!same) {
      apply(fresh, fresh.length <= 6);
      render();
    }
    addChat(chat, chatSeen);
    chatSeen = true;
  }

  function connect() {
    const proto = window.location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${window.location.host}/api/rooms/${encodeURIComponent(roomId)}/ws`);
    welcomed = false;
    const socket = ws;
    ws.onopen = () => {
      socket.send(JSON.stringify({ type: "hello", token, since: last, chat_since: chatLast }));
    };
    ws.onmessage = (msg) => {
      let m;
      try { m = JSON.parse(msg.data); } catch (e) { return; }
      // a socket of a seat this page has left (useToken) answers only the decisions sent on it
      if (socket !== ws && !(m.type === "ok" || (m.type === "error" && m.ref !== undefined))) return;
      if (m.type === "welcome") {
        retry = 0;
        welcomed = true;
        showConnection();
      } else if (m.type === "update") {
        onUpdate(m.events, m.view, m.chat);
      } else if (m.type === "ok") {
        const p = pending[m.ref]; delete pending[m.ref];
        if (p) p.resolve(m);
      } else if (m.type === "error") {
        const p = pending[m.ref]; delete pending[m.ref];
        if (view) renderActions(view);
        if (p) p.reject(new Error(m.message));
        else showError(m.message, null);
        if (m.ref === undefined) ws.fatal = true;
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      welcomed = false;
      showConnection();
      for (const [k, p] of Object.entries(pending)) {
        const lost = new Error(t("connection lost; decide again once connected"));
        lost.unsent = true;
        p.reject(lost);
        delete pending[k];
      }
      if (ws.fatal) return;
      retry = Math.min(retry + 1, 5);
      setTimeout(() => { if (socket === ws) connect(); }, 300 * retry);
    };
  }

  async function loadHints() {
    const status = $("hint-status");
    document.querySelectorAll(".hint-value").forEach((s) => { s.textContent = ""; });
    if (!hintsOn || !view || !view.your_turn) { status.textContent = ""; return; }
    try {
      const h = await api("GET", `/api/rooms/${encodeURIComponent(roomId)}/hints`, undefined, token);
      if (!h.available) { status.textContent = t("Hints unavailable: {message}", { message: h.message }); return; }
      status.textContent = t("Hints: chance of winning with best play after each decision.");
      document.querySelectorAll(".hint-value").forEach((s) => {
        const p = h.hints[s.dataset.action];
        if (p !== undefined) s.textContent = t("win {p}%", { p: Math.round(p * 100) });
      });
    } catch (e) {
      status.textContent = t("Hints unavailable: {message}", { message: e.message });
    }
  }

  // a game's renderer that fails gives way to the generic one, so the game stays playable
  function fallBack(e) {
    if (!renderer) throw e;
    console.error("game renderer failed; using the generic one", e);
    renderer = null;
    generic.mount($("board"), ctx);
  }

  // the game's own board, when its entry in the list of games says it ships one
  // moments of the first drawing in ms since the navigation began, for profiling (brawl.opened; a
  // plain record: the browser's own marks cost the first drawing several ms)
  brawl.opened = {};
  const mark = (name) => { brawl.opened[name] = performance.now(); };

  // The first frame (the view and the newest log page): in the page itself (a spectator), asked for
  // by the page's boot script while the scripts loaded (a seat), or asked for now.  Its data when it is
  // already in, else a promise of it.
  function firstFrame() {
    const inline = document.getElementById("first-frame");
    if (inline) {
      const first = JSON.parse(inline.textContent);
      inline.remove();
      return first;
    }
    const slot = (window.brawlBoot || {}).first;
    const take = (s) => {
      if (s.status === 0) throw s.error || new Error(t("request failed ({status})", { status: 0 }));
      return brawl.answer(s.status, s.data);
    };
    if (!slot) return api("GET", `/play/${encodeURIComponent(roomId)}/first`, undefined, token);
    return slot.done ? take(slot) : slot.promise.then(take);
  }

  // the first drawing: the board mounted once, the log's newest page, the view
  function drawFirst(v, page) {
    view = brawl.localView(v);
    // laid out from the start, so a board measures the box it really has (nothing is painted
    // before this function returns)
    document.body.classList.add("drawn");
    try {
      (renderer || generic).mount($("board"), ctx);
    } catch (e) {
      fallBack(e);
    }
    oldest = page.from;
    $("log-older").hidden = oldest <= 0;
    apply(page.events, false);
    mark("applied");
    render();
    mark("drawn");
    document.body.dataset.ready = "1";
    // the live connection once this frame is on screen and the page idle (its first answer brings
    // nothing new; what happens meanwhile comes with it)
    afterPaint(() => (window.requestIdleCallback ? requestIdleCallback(connect, { timeout: 200 }) : connect()));
  }

  function afterPaint(fn) {
    let done = false;
    const once = () => { if (!done) { done = true; fn(); } };
    requestAnimationFrame(() => setTimeout(once, 0));
    setTimeout(once, 250);  // a page in a background tab draws no frames
  }

  function failed(e) {
    document.body.classList.add("drawn");
    showError(e.message, null);
    $("connection").textContent = t(navigator.onLine === false ? "offline" : "not connected");
  }

  function start() {
    if (!roomId) { failed(new Error(t("no room in this address"))); return; }
    if (!spectator && !token) { showError(t("this invite link has no seat token (#t=…); ask for the link again or watch as a spectator")); }
    let first;
    try {
      first = firstFrame();
    } catch (e) {
      failed(e);
      return;
    }
    const go = (v, page) => {
      mark("view");
      // the game's board: named in the page, so normally loaded already; else loaded now
      renderer = brawl.renderers[v.game] || null;
      if (renderer || !v.renderer) { drawFirst(v, page); return null; }
      return brawl.loadRenderer(v.game, v).then((r) => { renderer = r; mark("renderer"); drawFirst(v, page); });
    };
    if (!(first instanceof Promise)) {
      // it is in: the first frame is drawn now, before the page is first painted
      try { const later = go(first.view, first.log); if (later) later.catch(failed); } catch (e) { failed(e); }
      return;
    }
    first.then((f) => go(f.view, f.log)).catch(failed);
  }

  // -- keyboard and controls -----------------------------------------------------------------------
  document.addEventListener("pointerdown", (e) => { lastTarget = e.target; }, true);
  document.addEventListener("keydown", (e) => { lastTarget = e.target; }, true);
  document.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA" || e.target.tagName === "SELECT")) return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.key.length !== 1) {
      if (e.key === "Escape") $("skip-anim").click();
      return;
    }
    const b = document.querySelector(`#action-buttons button.action[data-key="${CSS.escape(e.key.toLowerCase())}"]`);
    if (b && !b.disabled) { e.preventDefault(); lastTarget = b; b.click(); }
  });
  window.addEventListener("online", () => {
    showConnection();
    if (!ws || ws.readyState === WebSocket.CLOSED) { retry = 0; connect(); }
  });
  window.addEventListener("offline", showConnection);
  const SOUND = "brawl.sound";
  try { $("sound").checked = localStorage.getItem(SOUND) === "on"; } catch (e) { /* not kept */ }
  $("sound").addEventListener("change", (e) => {
    try { localStorage.setItem(SOUND, e.target.checked ? "on" : "off"); } catch (err) { /* not kept */ }
    if (e.target.checked) beep();  // a first sound from a click lets the browser play later ones
  });
  // phones: the log starts folded so the decisions keep the sheet
  if (window.matchMedia("(max-width: 899px)").matches) { $("log-panel").open = false; $("chat-panel").open = false; }
  $("free-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("free-action");
    const value = input.value.trim();
    if (!value) return;
    decide(value).then(() => { input.value = ""; }).catch(() => {});
  });
  $("claim").addEventListener("click", claim);
  document.addEventListener("focusout", () => setTimeout(() => { if (view && document.body.classList.contains("drawn")) showDecision(view); }, 0));
  $("takeback").addEventListener("click", askTakeback);
  $("takeback-allow").addEventListener("click", () => answerTakeback(true));
  $("takeback-refuse").addEventListener("click", () => answerTakeback(false));
  $("chat-form").addEventListener("submit", sendChat);
  $("chat-input").addEventListener("input", () => { chatHelp(); if (!$("chat-error").hidden) chatError(""); });
  $("chat-panel").addEventListener("toggle", () => { if ($("chat-panel").open) { chatUnread = 0; chatTitle(); } });
  $("log-older").addEventListener("click", showOlder);
  $("name-form").addEventListener("submit", saveName);
  $("name-skip").addEventListener("click", skipName);
  $("name-dialog").addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); skipName(); } });
  $("rename").addEventListener("click", () => openNameDialog(true));
  chatHelp();
  $("show-hints").addEventListener("change", (e) => { hintsOn = e.target.checked; loadHints(); });
  $("animate").checked = !reducedMotion.matches;
  $("rematch").addEventListener("click", async () => {
    try {
      let next = view.rematch;
      if (!next) next = (await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/rematch`, { token })).room;
      // the same seats' tokens play the rematch (a table's page keeps all of them)
      window.location.assign(spectator ? `/watch/${next}` : `/play/${next}${window.location.hash || `#t=${token}`}`);
    } catch (e) { showError(e.message, $("rematch")); }
  });
  $("links").replaceChildren(el("a", { href: `/watch/${encodeURIComponent(roomId)}` }, t("Spectator link")), " · ",
    el("a", { href: "/" }, t("New game")), " · ", el("a", { href: "/docs" }, t("API")));
  start();
})();
