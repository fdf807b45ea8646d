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

  brawl.registerRenderer = function (game, r) { renderers[game] = r; };

  // -- the context a renderer gets -------------------------------------------------------------
  const ctx = {
    get seat() { return view ? view.seat : null; },
    get view() { return view; },
    decide: (action) => decide(action),
    announce: (text) => addLog({ text, kind: "note" }),
    svg: brawl.svg,
    el: brawl.el,
  };

  function showError(message) {
    $("error").textContent = message || "";
    $("error").hidden = !message;
  }

  function seatName(s) {
    return view && view.seats[s] ? view.seats[s].name : `Player ${s + 1}`;
  }

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
          keys.forEach((k, j) => {
            let text = String(row[k]);
            if (j === 0 && i === v.seat) text += " (you)";
            else if (j === 0 && v.seats[i] && v.seats[i].kind === "bot") text += ` (bot: ${v.seats[i].bot})`;
            tr.append(j === 0 ? el("th", { scope: "row" }, text) : el("td", {}, text));
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
    document.title = `brawl: ${v.title}`;
    document.body.dataset.last = String(v.last);  // the last event shown (tests and renderers may read it)
    $("title").textContent = `· ${v.title}`;
    $("who").textContent = v.seat === null ? "You are watching (spectator)" : `You are ${seatName(v.seat)}`;
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
    if (v.seed) {
      $("seed").textContent = v.seed;
      $("seed-line").hidden = false;
    }
  }

  function renderTurn(v) {
    const box = $("turn");
    let text;
    if (v.over) {
      const w = (v.winners || []).map(seatName).join(", ");
      text = w ? `Game over: ${w} ${v.winners.length > 1 ? "win" : "wins"}.` : "Game over: no winner.";
    } else if (v.your_turn) {
      text = v.node.kind === "reaction" ? `Your reaction: ${v.node.prompt || "decide"}` :
        v.node.kind === "simultaneous" ? `Your secret choice: ${v.node.prompt || "choose"} (hidden until all have chosen)` :
          "Your turn: choose a decision below.";
    } else if (v.node.seats.length) {
      const names = v.node.seats.map(seatName).join(" and ");
      text = v.node.kind === "simultaneous" ? `Waiting for ${names} to choose in secret…` : `Waiting for ${names}…`;
    } else {
      text = "Rolling…";
    }
    box.textContent = text;
    box.className = "turn " + (v.over ? "over" : v.your_turn ? "yours" : "theirs");
    box.setAttribute("data-state", v.over ? "over" : v.your_turn ? "yours" : "waiting");
  }

  // The open decision's clock, kept by the server (view.timer): counted down from the time left the
  // server reported, so the browser's clock need not agree with the server's.
  function renderClock(v) {
    clearInterval(clockTimer);
    const line = $("clock");
    if (!v.timer || v.over) { line.hidden = true; return; }
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
    if (!owns) {
      // many decisions of one kind (moves to squares) become one labelled list instead of a wall of buttons
      const groups = {};
      for (const d of v.legal) (groups[d.action.split(":")[0]] = groups[d.action.split(":")[0]] || []).push(d);
      const listed = new Set(v.legal.length > 12 ? Object.keys(groups).filter((g) => groups[g].length > 6) : []);
      let k = 0;
      v.legal.forEach((d, i) => {
        const group = d.action.split(":")[0];
        if (listed.has(group)) {
          if (groups[group][0] === d) box.append(choiceList(group, groups[group], v));
          return;
        }
        const key = k < 9 ? String(k + 1) : null;
        k += 1;
        const odds = d.odds ? el("span", { class: "odds", id: `odds-${i}` }, d.odds) : null;
        const hint = el("span", { class: "hint-value", id: `hint-${i}`, "data-action": d.action });
        const b = el("button", { type: "button", class: "action", "data-action": d.action,
          "aria-describedby": [odds ? odds.id : null, hint.id].filter(Boolean).join(" "),
          "aria-keyshortcuts": key, title: `decision: ${d.action}` },
        key ? el("span", { class: "key", "aria-hidden": "true" }, key) : null,
        el("span", { class: "name" }, actionName(d, v)), odds, hint);
        b.addEventListener("click", () => decide(d.action));
        box.append(b);
      });
      if (!v.legal.length && !v.free_form && !v.over) {
        box.append(el("p", { class: "hint" }, v.your_turn ? "" : "Nothing to decide now."));
      }
    }
    $("free-form").hidden = !v.free_form;
    if (hintsOn && v.your_turn) loadHints();
  }

  function choiceList(group, items, v) {
    const id = `choose-${group.replace(/[^a-z0-9_-]/gi, "_")}`;
    const select = el("select", { id, "data-group": group });
    for (const d of items) select.append(el("option", { value: d.action }, actionName(d, v) + (d.odds ? ` (${d.odds})` : "")));
    const go = el("button", { type: "button", class: "go" }, "Do it");
    go.addEventListener("click", () => decide(select.value));
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
    $("end-title").textContent = v.seat === null ? "Game over" : winners.includes(v.seat) ? "You won!" : "You lost";
    $("end-text").textContent = winners.length ? `${winners.map(seatName).join(", ")} won.` : "No winner.";
    $("record-link").href = `/api/rooms/${encodeURIComponent(roomId)}/record`;
    $("record-link").setAttribute("download", `brawl-${v.game}-${roomId}.json`);
    const rematch = $("rematch");
    rematch.hidden = v.seat === null && !v.rematch;
    rematch.textContent = v.rematch ? "Go to the rematch" : "Rematch";
    if (wasHidden) $("end-title").focus();
  }

  // -- log and dice ------------------------------------------------------------------------------
  function addLog(line) {
    const li = el("li", { class: `line ${line.kind}` });
    if (line.kind === "roll") li.append(el("span", { class: "tag" }, "roll"));
    if (line.kind === "end") li.append(el("strong", {}, line.text));
    else li.append(line.text);
    $("log").append(li);
    li.scrollIntoView({ block: "nearest" });
  }

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
    for (const ev of events) {
      for (const line of ev.log) addLog(line);
      last = Math.max(last, ev.n);
    }
    showDice(diceFrom(events), animate);
  }

  // -- talking to the server -----------------------------------------------------------------------
  function decide(action) {
    showError("");
    return new Promise((resolve, reject) => {
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        api("POST", `/api/rooms/${encodeURIComponent(roomId)}/decisions`, { token, action, expect: last })
          .then((r) => { onUpdate(r.accepted, r.view); resolve(r); })
          .catch((e) => { showError(e.message); reject(e); });
        return;
      }
      const ref = ++refs;
      pending[ref] = { resolve, reject };
      ws.send(JSON.stringify({ type: "decide", action, ref, expect: last }));
      document.querySelectorAll("#action-buttons button").forEach((b) => { b.disabled = true; });
    });
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
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", token, since: last }));
    };
    ws.onmessage = (msg) => {
      let m;
      try { m = JSON.parse(msg.data); } catch (e) { return; }
      if (m.type === "welcome") {
        retry = 0;
        $("connection").textContent = "connected";
        $("connection").className = "connection ok";
      } else if (m.type === "update") {
        onUpdate(m.events, m.view);
      } else if (m.type === "ok") {
        const p = pending[m.ref]; delete pending[m.ref];
        if (p) p.resolve(m);
      } else if (m.type === "error") {
        const p = pending[m.ref]; delete pending[m.ref];
        showError(m.message);
        if (view) renderActions(view);
        if (p) p.reject(new Error(m.message));
        if (m.ref === undefined) ws.fatal = true;
      }
    };
    ws.onclose = () => {
      $("connection").textContent = ws.fatal ? "disconnected" : "reconnecting…";
      $("connection").className = "connection down";
      for (const [k, p] of Object.entries(pending)) { p.reject(new Error("connection lost")); delete pending[k]; }
      if (ws.fatal) return;
      retry = Math.min(retry + 1, 5);
      setTimeout(connect, 300 * retry);
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
      showError(e.message);
      $("connection").textContent = "not connected";
    }
  }

  // -- keyboard and controls -----------------------------------------------------------------------
  document.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA" || e.target.tagName === "SELECT")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "Escape") { $("skip-anim").click(); return; }
    const n = Number(e.key);
    if (n >= 1 && n <= 9) {
      const b = document.querySelectorAll("#action-buttons button.action")[n - 1];
      if (b && !b.disabled) { e.preventDefault(); b.click(); }
    }
  });
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
    } catch (e) { showError(e.message); }
  });
  $("links").replaceChildren(el("a", { href: `/watch/${encodeURIComponent(roomId)}` }, "Spectator link"), " · ",
    el("a", { href: "/" }, "New game"), " · ", el("a", { href: "/docs" }, "API"));
  start();
})();
