// The game page: one room, seen by one seat (invite link, #t=TOKEN) or a spectator (/watch/ROOM).
// It talks to the server through the HTTP API and one WebSocket; the server owns the truth.
// Games may ship static/games/<game>.js calling brawl.registerRenderer (see DEVELOPERS.md).
"use strict";

(function () {
  const { api, el } = brawl;
  const parts = window.location.pathname.split("/").filter(Boolean);
  const spectator = parts[0] === "watch";
  const roomId = decodeURIComponent(parts[1] || "");
  const token = spectator ? null : new URLSearchParams(window.location.hash.slice(1)).get("t");
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  const $ = (id) => document.getElementById(id);
  const renderers = {};
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
  let lastTarget = null; // what the person last pressed or typed in: errors show next to it
  // keys for the decision buttons: 1-9, then a-z (Escape skips the dice animation)
  const KEYS = "123456789abcdefghijklmnopqrstuvwxyz";

  brawl.registerRenderer = function (game, r) { renderers[game] = r; };

  // -- the context a renderer gets -------------------------------------------------------------
  const ctx = {
    get seat() { return view ? view.seat : null; },
    get view() { return view; },
    decide: (action, opts) => decide(action, opts),
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
    box.textContent = message || "";
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

  // scroll the panels holding node (never the window) so that node is in sight
  function reveal(node) {
    let box = node.parentElement;
    while (box && box !== document.body && box !== document.documentElement) {
      const style = getComputedStyle(box);
      if (/(auto|scroll)/.test(style.overflowY) && box.scrollHeight > box.clientHeight) {
        const r = node.getBoundingClientRect(), b = box.getBoundingClientRect();
        const sticky = box.querySelector(":scope > .turn");
        const top = b.top + (sticky && sticky !== node ? sticky.offsetHeight : 0);
        if (r.top < top) box.scrollTop -= top - r.top + 8;
        else if (r.bottom > b.bottom) box.scrollTop += Math.min(r.bottom - b.bottom + 8, r.top - top - 8);
      }
      box = box.parentElement;
    }
  }
  brawl.reveal = reveal;

  // "Ana (Sun)" when a person chose a name, else the game's name for the seat
  function seatName(s) {
    const seat = view && view.seats[s];
    if (!seat) return `Player ${s + 1}`;
    return seat.player ? `${seat.player} (${seat.name})` : seat.name;
  }
  brawl.seatName = (v, s) => {
    const seat = v && v.seats && v.seats[s];
    if (!seat) return `Player ${s + 1}`;
    return seat.player ? `${seat.player} (${seat.name})` : seat.name;
  };

  // a dot and a word for whether a person is here (bots have none)
  function presence(s) {
    const seat = view && view.seats[s];
    if (!seat || !seat.presence) return null;
    const word = String(seat.presence);
    return el("span", { class: `presence ${word.replace(/[^a-z]/g, "")}`, title: `${seatName(s)} is ${word}` }, word);
  }
  brawl.presence = (v, s) => {
    const seat = v && v.seats && v.seats[s];
    if (!seat || !seat.presence) return null;
    const word = String(seat.presence);
    return brawl.el("span", { class: `presence ${word.replace(/[^a-z]/g, "")}` }, word);
  };

  // -- generic renderer --------------------------------------------------------------------------
  const generic = {
    mount(root) {
      root.replaceChildren(el("h2", {}, "Players"), el("div", { id: "status" }), el("p", { id: "summary", class: "summary" }));
    },
    update(v) {
      const box = $("status");
      const rows = v.status_rows;
      if (rows && rows.length) {
        const keys = Object.keys(rows[0]);
        const table = el("table", { class: "status" });
        table.append(el("caption", { class: "sr-only" }, "Each player's state"));
        const head = el("tr", {});
        for (const k of keys) head.append(el("th", { scope: "col" }, k || "status"));
        table.append(el("thead", {}, head));
        const body = el("tbody", {});
        rows.forEach((row, i) => {
          const tr = el("tr", { class: [i === v.seat ? "mine" : "", v.node.seats.includes(i) ? "to-move" : ""].join(" ") });
          const seatRows = rows.length === v.seats.length;
          keys.forEach((k, j) => {
            let text = String(row[k]);
            if (j === 0 && seatRows && v.seats[i] && v.seats[i].player) text = `${v.seats[i].player} (${text})`;
            if (j === 0 && i === v.seat) text += " (you)";
            else if (j === 0 && seatRows && v.seats[i] && v.seats[i].kind === "bot") text += ` (bot: ${v.seats[i].bot})`;
            tr.append(j === 0 ? el("th", { scope: "row" }, text, seatRows ? presence(i) : null) : el("td", {}, text));
          });
          body.append(tr);
        });
        table.append(body);
        box.replaceChildren(table);
      } else {
        box.replaceChildren(stateTable(v.state));
      }
      $("summary").textContent = v.summary || "";
    },
  };

  function stateTable(state) {
    const table = el("table", { class: "status" }, el("caption", { class: "sr-only" }, "Game state"));
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
  function render() {
    const v = view;
    document.body.dataset.last = String(v.last);  // the last event shown (tests and renderers may read it)
    $("title").textContent = `· ${v.title}`;
    if (v.seat === null) $("who").textContent = "You are watching (spectator)";
    else $("who").replaceChildren(`You are ${seatName(v.seat)}`);
    turnAlert(v);
    $("skip").setAttribute("href", v.seat === null || v.over ? (v.over ? "#end" : "#board") : "#actions");
    $("skip").textContent = v.seat === null ? "Skip to the table" : v.over ? "Skip to the result" : "Skip to your decisions";
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
    renderTurn(v);
    renderClock(v);
    renderActions(v);
    renderEnd(v);
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
      text = w ? `Game over: ${w} ${v.winners.length > 1 ? "win" : "wins"}.` : "Game over: a draw, no winner.";
    } else if (v.your_turn) {
      text = v.node.kind === "reaction" ? `Your reaction: ${prompt || "decide"}` :
        v.node.kind === "simultaneous" ? `Your secret choice: ${prompt || "choose"}` :
          prompt ? `Your turn: ${prompt}` : "Your turn: choose a decision.";
      if (v.node.kind === "simultaneous") detail = "Hidden until all have chosen.";
    } else if (v.node.seats.length) {
      const names = v.node.seats.map(seatName).join(" and ");
      text = v.node.kind === "simultaneous" ? `Waiting for ${names} to choose in secret…` : `Waiting for ${names}…`;
      if (prompt && v.node.kind !== "simultaneous") detail = prompt;
    } else {
      text = "Rolling…";
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
      line.textContent = left > 0 ? `Time left for this decision: ${Math.ceil(left)} s` :
        "Time is up: the server decides for whoever has not chosen.";
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
    $("actions-title").textContent = v.your_turn ? "Your decision" : "Your decision (not now)";
    let k = 0;
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
        const odds = d.odds ? el("span", { class: "odds", id: `odds-${i}` }, d.odds) : null;
        const hint = el("span", { class: "hint-value", id: `hint-${i}`, "data-action": d.action });
        const b = el("button", { type: "button", class: "action", "data-action": d.action,
          "aria-describedby": [odds ? odds.id : null, hint.id].filter(Boolean).join(" "),
          "aria-keyshortcuts": key, "data-key": key },
        key ? el("span", { class: "key", "aria-hidden": "true" }, key) : null,
        el("span", { class: "name" }, actionName(d, v)), odds, hint);
        b.addEventListener("click", () => decide(d.action).catch(() => {}));
        box.append(b);
      });
      if (!legal.length && !v.free_form && !v.over) {
        box.append(el("p", { class: "hint" }, v.your_turn ? (v.legal.length ? "Decide on the board." : "") : "Nothing to decide now."));
      }
    }
    $("key-help").hidden = k < 2;
    $("free-form").hidden = !v.free_form;
    if (hintsOn && v.your_turn) loadHints();
  }

  function choiceList(group, items, v) {
    const id = `choose-${group.replace(/[^a-z0-9_-]/gi, "_")}`;
    const select = el("select", { id, "data-group": group });
    for (const d of items) select.append(el("option", { value: d.action }, actionName(d, v) + (d.odds ? ` (${d.odds})` : "")));
    const go = el("button", { type: "button", class: "go" }, "Do it");
    go.addEventListener("click", () => decide(select.value).catch(() => {}));
    const label = group.charAt(0).toUpperCase() + group.slice(1).replace(/_/g, " ");
    return el("div", { class: "choice-list" }, el("label", { for: id }, `${label} (${items.length} choices)`), select, go);
  }

  // "Sun attacks (d10, d6)" -> "Attacks (d10, d6)": the button says what the decision does
  function actionName(d, v) {
    const me = seatName(v.seat) + " ";
    let text = d.label && d.label.startsWith(me) ? d.label.slice(me.length) : (d.label || d.action);
    if (!text || text.startsWith(seatName(v.seat) + ":")) text = d.action;
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function renderEnd(v) {
    const end = $("end");
    const wasHidden = end.hidden;
    end.hidden = !v.over;
    if (!v.over) return;
    const winners = v.winners || [];
    const names = winners.map(seatName).join(", ");
    let title;
    if (!winners.length) title = "Draw";
    else if (v.seat === null) title = `${names} ${winners.length > 1 ? "win" : "wins"}`;
    else if (winners.includes(v.seat)) title = winners.length > 1 ? "You won (shared)" : "You won!";
    else title = "You lost";
    $("end-title").textContent = title;
    const why = v.ended ? ` (${String(v.ended).replace(/_/g, " ")})` : "";
    $("end-text").textContent = winners.length ? `${names} won${why}.` : `No winner${why}.`;
    $("record-link").href = `/api/rooms/${encodeURIComponent(roomId)}/record`;
    $("record-link").setAttribute("download", `brawl-${v.game}-${roomId}.json`);
    const rematch = $("rematch");
    rematch.hidden = v.seat === null && !v.rematch;
    rematch.textContent = v.rematch ? "Go to the rematch" : "Rematch";
    if (wasHidden) $("end-title").focus();
  }

  // -- log and dice ------------------------------------------------------------------------------
  function logLine(line) {
    const li = document.createElement("li");
    li.className = `line ${line.kind}`;
    const body = document.createElement("span");
    if (line.kind === "roll") body.append(el("span", { class: "tag" }, "roll"));
    if (line.kind === "end") body.append(el("strong", {}, line.text));
    else body.append(line.text);
    li.append(body);
    return li;
  }

  // lines go in one fragment; the log's own panel follows the newest line when it was at its end
  function addLines(lines) {
    if (!lines.length) return;
    const log = $("log");
    const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    const frag = document.createDocumentFragment();
    for (const line of lines) frag.append(logLine(line));
    log.append(frag);
    if (atEnd) log.scrollTop = log.scrollHeight;
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
    const label = line.text ? line.text.replace(/:.*$/, "") : roll.event;
    const text = Array.isArray(face) ? face.join(" ") : String(face);
    return el("figure", { class: "die", "data-sides": data.sides || "" },
      el("div", { class: "face", "aria-hidden": "true" }, text),
      el("figcaption", {}, `${label}: ${Array.isArray(roll.outcome) ? roll.outcome.join(", ") : roll.outcome}`));
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
        d.querySelector("figcaption").textContent = "rolling…";
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
    }
    addLines(lines);
    showDice(diceFrom(events), animate);
  }

  // -- talking to the server -----------------------------------------------------------------------
  function decide(action, opts) {
    const anchor = opts && opts.anchor !== undefined ? opts.anchor : anchorFor(lastTarget);
    showError("");
    return new Promise((resolve, reject) => {
      const fail = (message) => { showError(message, anchor); reject(new Error(message)); };
      if (navigator.onLine === false) {
        fail("you are offline, so the decision was not sent; make it again once the page says connected");
        return;
      }
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        api("POST", `/api/rooms/${encodeURIComponent(roomId)}/decisions`, { token, action, expect: last })
          .then((r) => { onUpdate(r.accepted, r.view); resolve(r); })
          .catch((e) => fail(e.message));
        return;
      }
      const ref = ++refs;
      // no answer in a while: the connection is gone even if the socket has not noticed yet
      const timeout = setTimeout(() => {
        if (!pending[ref]) return;
        delete pending[ref];
        if (view) renderActions(view);
        fail("no answer from the server; check the connection and decide again");
      }, 15000);
      pending[ref] = { resolve: (m) => { clearTimeout(timeout); resolve(m); },
        reject: (e) => { clearTimeout(timeout); showError(e.message, anchor); reject(e); } };
      ws.send(JSON.stringify({ type: "decide", action, ref, expect: last }));
      document.querySelectorAll("#action-buttons button").forEach((b) => { b.disabled = true; });
    });
  }

  // "connected" only while the socket is open and the server has answered; otherwise say so
  function showConnection() {
    const line = $("connection");
    const open = ws && ws.readyState === WebSocket.OPEN && welcomed && navigator.onLine !== false;
    if (open) { line.textContent = "connected"; line.className = "connection ok"; }
    else if (ws && ws.fatal) { line.textContent = "disconnected"; line.className = "connection down"; }
    else { line.textContent = navigator.onLine === false ? "offline — reconnecting…" : "reconnecting…"; line.className = "connection down"; }
    document.body.classList.toggle("offline", !open);
  }

  // the tab's title says when a decision becomes yours; a short beep too, if asked for
  function turnAlert(v) {
    const mine = !!v.your_turn && !v.over;
    document.title = mine ? "Your turn — brawl" : v.over ? `Game over: ${v.title} — brawl` : `${v.title} — brawl`;
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

  function onUpdate(events, v) {
    const fresh = events.filter((e) => e.n > last);
    view = v;
    apply(fresh, fresh.length <= 6);
    render();
  }

  function connect() {
    const proto = window.location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${window.location.host}/api/rooms/${encodeURIComponent(roomId)}/ws`);
    welcomed = false;
    const socket = ws;
    ws.onopen = () => {
      socket.send(JSON.stringify({ type: "hello", token, since: last }));
    };
    ws.onmessage = (msg) => {
      let m;
      try { m = JSON.parse(msg.data); } catch (e) { return; }
      if (m.type === "welcome") {
        retry = 0;
        welcomed = true;
        showConnection();
      } else if (m.type === "update") {
        onUpdate(m.events, m.view);
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
      for (const [k, p] of Object.entries(pending)) { p.reject(new Error("connection lost; decide again once connected")); delete pending[k]; }
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
      if (!h.available) { status.textContent = `Hints unavailable: ${h.message}`; return; }
      status.textContent = "Hints: chance of winning with best play after each decision.";
      document.querySelectorAll(".hint-value").forEach((s) => {
        const p = h.hints[s.dataset.action];
        if (p !== undefined) s.textContent = `win ${Math.round(p * 100)}%`;
      });
    } catch (e) {
      status.textContent = `Hints unavailable: ${e.message}`;
    }
  }

  // a game's renderer that fails gives way to the generic one, so the game stays playable
  function fallBack(e) {
    if (!renderer) throw e;
    console.error("game renderer failed; using the generic one", e);
    renderer = null;
    generic.mount($("board"), ctx);
  }

  async function loadRenderer(game) {
    try {
      const info = await api("GET", `/api/games/${encodeURIComponent(game)}`);
      if (!info.renderer) return null;
      await new Promise((resolve, reject) => {
        const s = el("script", { src: `/static/games/${encodeURIComponent(game)}.js` });
        s.onload = resolve; s.onerror = reject;
        document.body.append(s);
      });
      return renderers[game] || null;
    } catch (e) {
      return null;  // the generic renderer draws every game
    }
  }

  async function start() {
    if (!roomId) { showError("no room in this address"); return; }
    if (!spectator && !token) { showError("this invite link has no seat token (#t=…); ask for the link again or watch as a spectator"); }
    try {
      const v = await api("GET", `/api/rooms/${encodeURIComponent(roomId)}`, undefined, token);
      renderer = await loadRenderer(v.game);
      try {
        (renderer || generic).mount($("board"), ctx);
      } catch (e) {
        fallBack(e);
      }
      const evs = await api("GET", `/api/rooms/${encodeURIComponent(roomId)}/events?since=-1`, undefined, token);
      view = v;
      apply(evs.events, false);
      render();
      connect();
    } catch (e) {
      showError(e.message, null);
      $("connection").textContent = navigator.onLine === false ? "offline" : "not connected";
    }
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
  if (window.matchMedia("(max-width: 899px)").matches) $("log-panel").open = false;
  $("free-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("free-action");
    const value = input.value.trim();
    if (!value) return;
    decide(value).then(() => { input.value = ""; }).catch(() => {});
  });
  $("show-hints").addEventListener("change", (e) => { hintsOn = e.target.checked; loadHints(); });
  $("animate").checked = !reducedMotion.matches;
  $("rematch").addEventListener("click", async () => {
    try {
      let next = view.rematch;
      if (!next) next = (await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/rematch`, { token })).room;
      window.location.assign(spectator ? `/watch/${next}` : `/play/${next}#t=${token}`);
    } catch (e) { showError(e.message, $("rematch")); }
  });
  $("links").replaceChildren(el("a", { href: `/watch/${encodeURIComponent(roomId)}` }, "Spectator link"), " · ",
    el("a", { href: "/" }, "New game"), " · ", el("a", { href: "/docs" }, "API"));
  start();
})();
