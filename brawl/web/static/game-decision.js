// The game page's decision: the prompt bar (whose turn, the rules' prompt), the open decision's clock,
// the decision buttons (keys 1-9, then a-z), long lists of one kind as one labelled list, the typed
// decision, hints, and the decision brought into sight once when it becomes this seat's (the tab's
// title says so too, and a short beep if asked for).
//
// game.js calls brawl.gamePage.decision(page) once; page gives roomId, $, decide(action), plural(view,
// winners) ("wins" or "win") and the getters view, token, renderer (the game's board, or null) and
// myDecisions (this seat's decisions applied so far).  The part wires the typed decision, the hints
// and sound settings, and returns renderTurn, renderClock, renderActions, showDecision, turnAlert and
// hintsSetting (each given the view), and showAgain() (the page became another seat's: its decision
// is brought into sight again).
"use strict";

brawl.gamePage = brawl.gamePage || {};

brawl.gamePage.decision = function (page) {
  const { api, el } = brawl;
  const t = brawl.t;
  const reveal = brawl.reveal;
  const { $, roomId } = page;
  const seatName = (s) => brawl.seatName(page.view, s);
  // keys for the decision buttons: 1-9, then a-z (Escape skips the dice animation)
  const KEYS = "123456789abcdefghijklmnopqrstuvwxyz";
  let hintsOn = false;
  let clockTimer = null;
  let wasMyTurn = null; // whose turn it was at the last drawing (null: nothing drawn yet)
  let audio = null;

  function renderTurn(v) {
    const box = $("turn");
    let text;
    let detail = "";
    let prompt = (v.node && v.node.prompt) || "";
    if (v.your_turn && v.seats[v.seat]) {
      // "Your turn: Ana: attack ..." says the name twice: the rules' prompt loses its own seat's name
      const seat = v.seats[v.seat];
      const mine = [seatName(v.seat), seat.player, seat.name].filter(Boolean).find((m) => prompt.startsWith(m + ": "));
      if (mine) prompt = prompt.slice(mine.length + 2);
    }
    if (v.over) {
      const w = (v.winners || []).map(seatName).join(", ");
      text = w ? t(page.plural(v, v.winners) ? "Game over: {names} win." : "Game over: {names} wins.", { names: w }) : t("Game over: a draw, no winner.");
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
    const renderer = page.renderer;
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
    const renderer = page.renderer;
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
        b.addEventListener("click", () => page.decide(d.action).catch(() => {}));
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
    pinDecision();
    $("key-help").hidden = k < 2;
    $("free-form").hidden = !v.free_form;
    // a board offers its decisions itself: the typed form waits behind a disclosure (the keyboard's
    // way in); without a board it is the only way to decide, so it stays open
    $("free-more").hidden = !v.free_form;
    if (v.free_form && !renderer && !$("free-more").open) $("free-more").open = true;
    if (hintsOn && v.your_turn) loadHints();
  }

  // The decision panel is pinned under the prompt bar (style.css), so scrolling the side (the log or
  // the chat past their end) never takes it away: it sits right under the bar, and a long list
  // scrolls inside it, leaving the rest of the side (a sixth of it, 5.5em to 9em) to the log below.
  function pinDecision() {
    const side = $("side");
    const most = parseFloat(getComputedStyle(side).maxHeight);
    const room = Math.min(Number.isFinite(most) ? most : Infinity, $("main").clientHeight);
    const bar = $("turn").offsetHeight;
    side.style.setProperty("--turn-h", `${bar}px`);
    side.style.setProperty("--pin-max", `${Math.round(Math.max(96, room - bar - Math.min(144, Math.max(88, room * 0.16))))}px`);
  }
  if (window.ResizeObserver) new ResizeObserver(pinDecision).observe($("turn"));
  window.addEventListener("resize", pinDecision);

  // A decision that becomes this seat's is brought into sight once, whatever the panels' scroll:
  // its first answer (or, for a decision made on the board, the board's form and the pointer to
  // it) just below the sticky prompt bar.  Later redraws of the same decision (presence, chat, a
  // clock) leave the scroll to the person.
  let decisionShown = "";

  function showDecision(v) {
    const key = v.your_turn && !v.over ? [page.myDecisions, v.node.kind, v.node.prompt, v.legal.map((d) => d.action).join(" ")].join("|") : "";
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
    go.addEventListener("click", () => page.decide(select.value).catch(() => {}));
    const label = group.charAt(0).toUpperCase() + group.slice(1).replace(/_/g, " ");
    return el("div", { class: "choice-list" }, el("label", { for: id }, t("{label} ({n} choices)", { label: t(label), n: items.length })), select, go);
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

  // -- hints ---------------------------------------------------------------------------------------
  // the hints toggle only where hints can be had
  function hintsSetting(v) {
    $("hints-setting").hidden = v.hints === false;
    if (v.hints === false && hintsOn) { hintsOn = false; $("show-hints").checked = false; }
  }

  async function loadHints() {
    const view = page.view;
    const status = $("hint-status");
    document.querySelectorAll(".hint-value").forEach((s) => { s.textContent = ""; });
    if (!hintsOn || !view || !view.your_turn) { status.textContent = ""; return; }
    try {
      const h = await api("GET", `/api/rooms/${encodeURIComponent(roomId)}/hints`, undefined, page.token);
      if (!h.available) { status.textContent = t("Hints unavailable: {message}", { message: h.message }); return; }
      status.textContent = t("Hints: chance of winning with best play after each decision.");
      document.querySelectorAll(".hint-value").forEach((s) => {
        const p = h.hints[s.dataset.action];
        if (p !== undefined) s.textContent = t("win {p}", { p: brawl.pct(p, 0) });
      });
    } catch (e) {
      status.textContent = t("Hints unavailable: {message}", { message: e.message });
    }
  }

  // -- the tab's title says when a decision becomes yours; a short beep too, if asked for ----------------
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

  // -- controls ------------------------------------------------------------------------------------------
  const SOUND = "brawl.sound";
  try { $("sound").checked = localStorage.getItem(SOUND) === "on"; } catch (e) { /* not kept */ }
  $("sound").addEventListener("change", (e) => {
    try { localStorage.setItem(SOUND, e.target.checked ? "on" : "off"); } catch (err) { /* not kept */ }
    if (e.target.checked) beep();  // a first sound from a click lets the browser play later ones
  });
  $("free-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("free-action");
    const value = input.value.trim();
    if (!value) return;
    page.decide(value).then(() => { input.value = ""; }).catch(() => {});
  });
  $("show-hints").addEventListener("change", (e) => { hintsOn = e.target.checked; loadHints(); });

  return {
    renderTurn, renderClock, renderActions, showDecision, turnAlert, hintsSetting,
    showAgain: () => { decisionShown = ""; },
  };
};
