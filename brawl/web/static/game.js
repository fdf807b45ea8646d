// The game page: one room, seen by one seat (invite link, #t=TOKEN) or a spectator (/watch/ROOM).
// It talks to the server through the HTTP API and one WebSocket; the server owns the truth.
// Games may ship static/games/<game>.js calling brawl.registerRenderer (see DEVELOPERS.md).
// This file keeps the page's state, the drawing, the connection and the first frame; its parts come
// inline before it (static/game-*.js), each a factory on brawl.gamePage called once below with the
// object page (what they need of the state): game-decision.js (the prompt bar, the decision buttons,
// hints), game-people.js (names, presence, clocks, claims, takebacks), game-log.js (the log and the
// dice), game-talk.js (the chat, the name a person goes by) and game-end.js (the result, the rematch).
"use strict";

(function () {
  const { api, el } = brawl;
  const t = brawl.t;
  const parts = window.location.pathname.split("/").filter(Boolean);
  const spectator = parts[0] === "watch";
  const roomId = decodeURIComponent(parts[1] || "");
  // the seat's token; a page that plays every seat of a table (table-dice.js) changes it with ctx.useToken
  let token = spectator ? null : new URLSearchParams(window.location.hash.slice(1)).get("t");

  const $ = (id) => document.getElementById(id);
  let renderer = null;
  let view = null;
  let last = -1;
  let ws = null;
  let refs = 0;
  const pending = {};
  let retry = 0;
  let welcomed = false; // the server answered this socket's hello: only then is it "connected"
  let chatSeen = false;  // the first update's chat lines are the history: not announced
  let lastTarget = null; // what the person last pressed or typed in: errors show next to it
  let lastDecisionSeat = null; // who made the newest decision shown
  let myDecisions = 0; // decisions of this seat applied so far: the decision after each one is new

  // -- the context a renderer gets -------------------------------------------------------------
  const ctx = {
    get seat() { return view ? view.seat : null; },
    get view() { return view; },
    decide: (action, opts) => decide(action, opts),
    get token() { return token; },
    useToken: (next) => useToken(next),
    announce: (text) => log.addLog({ text, kind: "note" }),
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

  // -- the page's parts (static/game-*.js) -------------------------------------------------------
  const page = {
    roomId,
    spectator,
    $,
    get view() { return view; },
    get token() { return token; },
    get renderer() { return renderer; },
    get myDecisions() { return myDecisions; },
    decide,
    showError,
    onUpdate,
    resync,
    plural: (v, winners) => end.plural(v, winners),
  };
  const decision = brawl.gamePage.decision(page);
  const people = brawl.gamePage.people(page);
  const log = brawl.gamePage.log(page);
  const talk = brawl.gamePage.talk(page);
  const end = brawl.gamePage.end(page);

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
    decision.turnAlert(v);
    $("skip").setAttribute("href", v.seat === null || v.over ? (v.over ? "#end" : "#board") : "#actions");
    $("skip").textContent = t(v.seat === null ? "Skip to the table" : v.over ? "Skip to the result" : "Skip to your decisions");
    // the hints toggle only where hints can be had, the dice's commitment only where there are dice
    decision.hintsSetting(v);
    $("commitment-line").hidden = v.dice === false;
    $("animate-setting").hidden = v.dice === false;
    $("verify-line").hidden = v.dice === false;
    try {
      (renderer || generic).update(v, ctx);
    } catch (e) {
      fallBack(e);
      generic.update(v, ctx);
    }
    people.renderPeople(v);
    decision.renderTurn(v);
    decision.renderClock(v);
    people.renderClaim(v);
    people.renderTakeback(v);
    decision.renderActions(v);
    end.renderEnd(v);
    talk.renderChatForm(v);
    talk.askName(v);
    decision.showDecision(v);
    if (brawl.tableDice) brawl.tableDice.update(v, ctx);  // dice rolled at the table, one device for all seats
    $("commitment").textContent = v.commitment;
    if (v.seed && v.dice !== false) {
      $("seed").textContent = v.seed;
      $("seed-line").hidden = false;
    }
  }

  function apply(events, animate) {
    const lines = [];
    for (const ev of events) {
      for (const line of ev.log) lines.push(line);
      last = Math.max(last, ev.n);
      if (ev.type === "decision") lastDecisionSeat = ev.seat;
      if (ev.type === "decision" && view && ev.seat === view.seat) myDecisions += 1;
    }
    log.addLines(lines);
    log.showDice(log.diceFrom(events), animate);
  }

  // the history changed under us (a decision taken back): read the newest page and the view again
  let resyncing = null;
  function resync() {
    if (resyncing) return resyncing;
    resyncing = (async () => {
      try {
        const [v, newest] = await Promise.all([api("GET", `/api/rooms/${encodeURIComponent(roomId)}`, undefined, token), log.page()]);
        $("log").replaceChildren();
        last = -1;
        lastDecisionSeat = null;
        log.startAt(newest.from);
        view = brawl.localView(v);
        apply(newest.events, false);
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
    decision.showAgain();
    talk.nameAsked();
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
        if (view) decision.renderActions(view);
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

  function onUpdate(events, v, chat) {
    if (v.last < last) {  // fewer events than shown: a decision was taken back
      people.rewritten();
      view = brawl.localView(v);
      resync();
      talk.addChat(chat, true);
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
    talk.addChat(chat, chatSeen);
    chatSeen = true;
  }

  function connect() {
    const proto = window.location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${window.location.host}/api/rooms/${encodeURIComponent(roomId)}/ws`);
    welcomed = false;
    const socket = ws;
    ws.onopen = () => {
      socket.send(JSON.stringify({ type: "hello", token, since: last, chat_since: talk.chatLast }));
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
        if (view) decision.renderActions(view);
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
  function drawFirst(v, newest) {
    view = brawl.localView(v);
    // laid out from the start, so a board measures the box it really has (nothing is painted
    // before this function returns)
    document.body.classList.add("drawn");
    try {
      (renderer || generic).mount($("board"), ctx);
    } catch (e) {
      fallBack(e);
    }
    log.startAt(newest.from);
    apply(newest.events, false);
    mark("applied");
    render();
    mark("drawn");
    document.body.dataset.ready = "1";
    document.dispatchEvent(new Event("brawl:drawn"));  // the account's requests wait for this (accounts.js)
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
    const go = (v, newest) => {
      mark("view");
      // the game's board: named in the page, so normally loaded already; else loaded now
      renderer = brawl.renderers[v.game] || null;
      if (renderer || !v.renderer) { drawFirst(v, newest); return null; }
      return brawl.loadRenderer(v.game, v).then((r) => { renderer = r; mark("renderer"); drawFirst(v, newest); });
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
  // phones: the log starts folded so the decisions keep the sheet
  if (window.matchMedia("(max-width: 899px)").matches) { $("log-panel").open = false; $("chat-panel").open = false; }
  document.addEventListener("focusout", () => setTimeout(() => { if (view && document.body.classList.contains("drawn")) decision.showDecision(view); }, 0));
  $("links").replaceChildren(el("a", { href: `/watch/${encodeURIComponent(roomId)}` }, t("Spectator link")), " · ",
    el("a", { href: "/" }, t("New game")), " · ", el("a", { href: "/docs" }, t("API")));
  start();
})();
