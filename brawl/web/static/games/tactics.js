// Tactics in the browser: the grid with tokens, moves with a ruler that counts feet 5-10-5 along
// the route the rules will walk, squares the enemy threatens hatched, flanking shown before moving,
// the last roll as a card, the round's initiative order and character sheets.
// Mouse: point to measure, click to move.  Touch: tap a square to see the route (or why not), tap it
// again (or "Move here") to move.  Drag the token on turn with either.  Pinch or the zoom buttons
// zoom; the grid scrolls inside its panel.  The generic decision buttons and the typed-decision
// field stay (ownsActions: false), so every decision also has a keyboard path; a token lists the
// decisions aimed at it.
"use strict";

(function () {
  const SIDE_COLOURS = ["#b3261e", "#1f5fa8"];
  const SIDE_SHAPES = ["circle", "square"];
  let root = null;
  let ctx = null;
  let view = null;
  let svg = null;
  const layer = {};
  let hover = null; // "x,y" of the square under the pointer while choosing a move
  let pending = null; // "x,y" of a square tapped once: shown, not yet confirmed
  let focusId = null; // token whose decisions are listed
  let pad = null; // the gestures and the zoom (brawl.board)
  const MIN_CELL = 44; // CSS px: a square is a comfortable tap target at the default zoom

  const el = (...a) => brawl.el(...a);
  const T = (key, params) => brawl.t(key, params);  // the interface's catalogue (i18n.js)
  const S = (tag, attrs) => brawl.svg(tag, Object.fromEntries(Object.entries(attrs || {}).filter(([, v]) => v !== null && v !== undefined)));
  const st = () => view.state;
  const chars = () => st().characters;
  const units = () => st().units;
  const key = (x, y) => `${x},${y}`;
  const mySide = () => (view.seat === null || view.seat === undefined ? null : view.seat);
  const legal = () => view.legal || [];
  const myMoves = () => (view.your_turn ? st().moves || {} : {});

  // 5-10-5: every second diagonal costs ten feet (the rules page, the grid)
  function stepFeet(path) {
    const out = [0];
    let feet = 0, diagonals = 0;
    for (let i = 1; i < path.length; i++) {
      const diag = path[i][0] !== path[i - 1][0] && path[i][1] !== path[i - 1][1];
      if (diag) { diagonals += 1; feet += diagonals % 2 === 0 ? 10 : 5; } else feet += 5;
      out.push(feet);
    }
    return out;
  }

  function text(x, y, s, attrs) {
    const t = S("text", Object.assign({ x, y, "text-anchor": "middle", "font-size": 0.32, "pointer-events": "none" }, attrs || {}));
    t.textContent = s;
    return t;
  }

  function drawGrid() {
    const m = st().map;
    svg.setAttribute("viewBox", `-0.1 -0.1 ${m.width + 0.2} ${m.height + 0.2}`);
    const g = layer.grid;
    g.replaceChildren();
    const names = layer.names;
    names.replaceChildren();
    const walls = new Set(m.walls.map((w) => key(w[0], w[1])));
    // the enemy's threatened squares (for a spectator: those of the side not on turn)
    const actorSide = st().actor >= 0 ? chars()[st().actor].side : 0;
    const enemySide = mySide() === null ? 1 - actorSide : 1 - mySide();
    const threat = new Set((st().threatened[enemySide] || []).map((s) => key(s[0], s[1])));
    const moves = myMoves();
    for (let y = 0; y < m.height; y++) {
      for (let x = 0; x < m.width; x++) {
        const k = key(x, y);
        const wall = walls.has(k);
        const r = S("rect", { x, y, width: 1, height: 1, class: "tc-sq" + (wall ? " tc-wall" : ""), "data-sq": k,
          fill: wall ? "#555" : "#f7f5ef", stroke: "#bbb", "stroke-width": 0.02 });
        g.append(r);
        // at a table with a grid mat, each square's name (as the log writes it: "square 3,4"), above
        // the figures (a figure standing there hid it): on a pale ground, taking no taps
        if (!wall && view.table_dice) {
          names.append(S("rect", { x: x + 0.03, y: y + 0.03, width: 0.1 * String(`${x},${y}`).length + 0.06, height: 0.2, fill: "#fff", opacity: 0.8 }));
          names.append(text(x + 0.06, y + 0.19, `${x},${y}`, { "font-size": 0.16, fill: "#5b5650", "text-anchor": "start", class: "tc-sq-name" }));
        }
        if (!wall && threat.has(k)) g.append(S("rect", { x, y, width: 1, height: 1, fill: "url(#tc-hatch)", "pointer-events": "none" }));
        if (moves[k]) {
          const mv = moves[k];
          g.append(S("rect", { x: x + 0.06, y: y + 0.06, width: 0.88, height: 0.88, fill: "none",
            stroke: mv.provokes ? "#c77700" : "#2e7d32", "stroke-width": 0.05, "stroke-dasharray": mv.provokes ? "0.12 0.08" : null,
            "pointer-events": "none" }));
          if (mv.flanks.length) g.append(text(x + 0.5, y + 0.3, T("flank"), { "font-size": 0.22, fill: "#2e7d32" }));
        }
      }
    }
  }

  function drawTokens() {
    const g = layer.tokens;
    g.replaceChildren();
    units().forEach((u, i) => {
      if (u.dead) return;
      const c = chars()[i];
      const cx = u.x + 0.5, cy = u.y + 0.5;
      const down = u.hp <= 0;
      const label = `${c.name}, ${T(c.cls)} ${c.level}, ` + T("{hp} of {max} hit points", { hp: u.hp, max: c.max_hp }) +
        (down ? ", " + T("incapacitated") : "") + (u.prone && !down ? ", " + T("prone") : "") + (u.hidden ? ", " + T("hidden") : "");
      const tok = S("g", { class: "tc-token", tabindex: 0, role: "button", "aria-label": label, "data-id": c.id,
        opacity: u.hidden ? 0.45 : null });
      const common = { fill: down ? "#ddd" : SIDE_COLOURS[c.side], stroke: i === st().actor ? "#111" : "#fff",
        "stroke-width": i === st().actor ? 0.09 : 0.04, "stroke-dasharray": down ? "0.1 0.06" : null };
      tok.append(S("rect", { x: u.x, y: u.y, width: 1, height: 1, fill: "transparent", class: "tc-hit" }));  // the whole square is its target
      if (SIDE_SHAPES[c.side] === "circle") tok.append(S("circle", Object.assign({ cx, cy, r: 0.38 }, common)));
      else tok.append(S("rect", Object.assign({ x: cx - 0.36, y: cy - 0.36, width: 0.72, height: 0.72, rx: 0.08 }, common)));
      tok.append(text(cx, cy + 0.1, c.name.slice(0, 2), { fill: down ? "#333" : "#fff", "font-size": 0.3, "font-weight": "bold" }));
      const frac = Math.max(0, u.hp) / c.max_hp;
      tok.append(S("rect", { x: u.x + 0.1, y: u.y + 0.86, width: 0.8, height: 0.08, fill: "#ccc" }));
      tok.append(S("rect", { x: u.x + 0.1, y: u.y + 0.86, width: 0.8 * frac, height: 0.08, fill: frac > 0.5 ? "#2e7d32" : frac > 0.2 ? "#c77700" : "#b3261e" }));
      if (u.prone) tok.append(text(u.x + 0.85, u.y + 0.25, down ? "✝" : T("P (prone)").charAt(0), { "font-size": 0.22 }));
      if (u.hidden) tok.append(text(cx, u.y + 0.14, T("hidden"), { "font-size": 0.16, "font-style": "italic", class: "tc-hidden" }));
      tok.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pickToken(c.id); } });
      g.append(tok);
    });
  }

  // why a square is no move now, in words
  function whyNot(k) {
    if (!view.your_turn) return T("it is not your turn");
    const [x, y] = k.split(",").map(Number);
    if (st().map.walls.some((w) => w[0] === x && w[1] === y)) return T("a wall");
    const i = units().findIndex((u) => !u.dead && u.x === x && u.y === y);
    if (i >= 0) return T("{name} stands there", { name: chars()[i].name });
    if (!Object.keys(myMoves()).length) return T("no move is open now");
    return T("out of reach this turn");
  }

  function drawRuler() {
    const g = layer.ruler;
    g.replaceChildren();
    const out = root.querySelector("#tc-ruler");
    const bar = root.querySelector("#tc-confirm");
    const shown = pending || hover;
    const mv = shown && myMoves()[shown];
    out.classList.remove("bad");
    bar.hidden = !(pending && mv);
    if (pending) {
      const [px, py] = pending.split(",").map(Number);
      g.append(S("rect", { x: px + 0.04, y: py + 0.04, width: 0.92, height: 0.92, fill: "none", class: "tc-pending",
        stroke: mv ? "#f5b700" : "#b3261e", "stroke-width": 0.09, "pointer-events": "none" }));
    }
    if (!mv) {
      if (pending) {
        out.textContent = T("{square}: no move there ({why}).", { square: pending, why: whyNot(pending) });
        out.classList.add("bad");
      } else {
        out.textContent = view.your_turn && Object.keys(myMoves()).length
          ? T("Point at a square to measure, click to move; on a touch screen tap a square to see the route, tap again to move.") : "";
      }
      return;
    }
    const pts = mv.path.map((p) => `${p[0] + 0.5},${p[1] + 0.5}`).join(" ");
    g.append(S("polyline", { points: pts, fill: "none", stroke: "#111", "stroke-width": 0.06, "stroke-linejoin": "round", "pointer-events": "none" }));
    const feet = stepFeet(mv.path);
    mv.path.forEach((p, i) => { if (i) g.append(text(p[0] + 0.5, p[1] + 0.62, String(feet[i]), { "font-size": 0.26, "font-weight": "bold" })); });
    const who = chars()[st().actor].name;
    out.textContent = T("{name} to {square}: {feet} ft", { name: who, square: shown, feet: mv.feet }) + ", " +
      T(mv.provokes > 1 ? "provokes {n} attacks of opportunity" : mv.provokes ? "provokes an attack of opportunity" : "provokes nothing", { n: mv.provokes }) +
      (mv.flanks.length ? ", " + T("flanks {names}", { names: mv.flanks.join(", ") }) : "") + (pending ? ". " + T("Tap again or press Move here to go.") : "");
    if (pending) bar.querySelector(".tc-go").textContent = T("Move {name} here ({feet} ft)", { name: who, feet: mv.feet });
  }

  function move(k) {
    pending = null; hover = null;
    drawRuler();
    ctx.decide(`move:${k}`, { anchor: root.querySelector(".board-view") }).catch(() => {});
  }

  function pickToken(id) {
    focusId = focusId === id ? null : id;
    drawTargets();
    // what can be done to it is below the map: brought into sight in the board's panel
    const box = root.querySelector("#tc-targets");
    if (focusId && brawl.revealAnswer) brawl.revealAnswer(box.querySelector(".buttons") || box, box.querySelector("h3"));
  }

  function drawTargets() {
    const box = root.querySelector("#tc-targets");
    if (!focusId) { box.replaceChildren(); return; }
    const c = chars().find((x) => x.id === focusId);
    const mine = legal().filter((d) => d.action.split(":").slice(1).includes(focusId));
    const buttons = mine.map((d) => {
      const b = el("button", { type: "button" }, d.label + (d.odds ? ` (${d.odds})` : ""));
      b.addEventListener("click", () => {
        // the list closes with the decision sent (the next drawing shows that); a refusal opens it
        // again (the answer may come after another token was picked: that one stays)
        const id = focusId;
        focusId = null;
        ctx.decide(d.action, { anchor: box }).catch(() => { if (focusId === null) { focusId = id; drawTargets(); } });
      });
      return b;
    });
    box.replaceChildren(el("h3", {}, `${c.name}`), buttons.length ? el("div", { class: "buttons" }, ...buttons)
      : el("p", { class: "hint" }, T(view.your_turn ? "Nothing to do to this character from here." : "Not your decision now.")));
  }

  // -- pointer: mouse, touch and pen alike ------------------------------------------------------
  function tokenAt(k) {
    const [x, y] = k.split(",").map(Number);
    const i = units().findIndex((u) => !u.dead && u.x === x && u.y === y);
    return i >= 0 ? i : null;
  }

  // a point on the map is a square "x,y" (null off the map); the gestures themselves are brawl.board's
  const squareKey = (e) => { const p = squareAt(e); return p ? key(p[0], p[1]) : null; };
  const gestures = {
    begin(e) {
      const k = squareKey(e);
      const who = k !== null ? tokenAt(k) : null;
      return { start: k, on: who !== null && who === st().actor && view.your_turn ? k : null };  // only the token on turn drags
    },
    hover(e) {  // a mouse with no button down: measure the square under it
      if (pending) return;
      const k = squareKey(e);
      if (k !== hover) { hover = k; drawRuler(); }
    },
    dragMove(e) {
      const k = squareKey(e);
      if (k !== hover) { hover = k; pending = null; drawRuler(); }
    },
    drop(e, g) {
      const k = squareKey(e);
      if (!k || k === g.start) { hover = null; drawRuler(); return; }
      if (g.type === "mouse" && myMoves()[k]) { move(k); return; }
      pending = k; hover = null;  // touch: the finger hid the route; show it and ask
      drawRuler();
    },
    tap(e, g) {
      const k = squareKey(e);
      if (k) tap(k, g.type, g.shift);
    },
    zoomed: () => sizeGrid(),
  };

  function tap(k, type, shift) {
    const who = tokenAt(k);
    const fb = legal().find((d) => d.action.startsWith("cast:fireball:"));
    if (fb && shift) { ctx.decide(`cast:fireball:${k}`, { anchor: root.querySelector(".board-view") }).catch(() => {}); return; }
    if (who !== null && !(who === st().actor && pending)) {
      pending = null;
      pickToken(chars()[who].id);
      drawRuler();
      return;
    }
    if (type === "mouse") {
      if (myMoves()[k]) { move(k); return; }
      pending = k;  // show why not
      drawRuler();
      pending = null;
      return;
    }
    if (pending === k && myMoves()[k]) { move(k); return; }
    pending = k;
    drawRuler();
  }

  // squares at least MIN_CELL CSS px at the default zoom; wider than the panel scrolls inside it
  function sizeGrid() {
    if (!view) return;
    const m = st().map;
    const box = root.querySelector(".board-view");
    const fit = Math.floor(((box.clientWidth || 360) - 4) / (m.width + 0.2));
    const cell = Math.max(MIN_CELL, Math.min(fit, 72)) * pad.zoom;
    svg.style.width = `${Math.round(cell * (m.width + 0.2))}px`;
    svg.style.height = `${Math.round(cell * (m.height + 0.2))}px`;
  }

  function squareAt(e) {
    const pt = svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const m = svg.getScreenCTM();
    if (!m) return null;
    const q = pt.matrixTransform(m.inverse());
    const x = Math.floor(q.x), y = Math.floor(q.y);
    const map = st().map;
    return x >= 0 && y >= 0 && x < map.width && y < map.height ? [x, y] : null;
  }

  function drawCard() {
    const card = root.querySelector("#tc-card");
    card.replaceChildren(el("strong", {}, T("Round {n}:", { n: st().round }) + " "), document.createTextNode(brawl.tr(st().last) || T("The battle begins.")));
  }

  function drawOrder() {
    const list = root.querySelector("#tc-order");
    const order = st().order.length ? st().order : [];
    list.replaceChildren(...order.map((i) => {
      const c = chars()[i], u = units()[i];
      const li = el("li", { "aria-current": i === st().actor ? "step" : null, class: i === st().actor ? "tc-now" : "" },
        `${i === st().actor ? "▶ " : ""}${c.name} (${brawl.seatName(view, c.side)})` + (u.dead ? ", " + T("dead") : u.hp <= 0 ? ", " + T("down") : ""));
      return li;
    }));
    if (!order.length) list.replaceChildren(el("li", {}, T("Rolling initiative…")));
  }

  const signed = (n) => (n >= 0 ? `+${n}` : String(n));

  function drawSheets() {
    const box = root.querySelector("#tc-sheets");
    box.replaceChildren(...chars().map((c, i) => {
      const u = units()[i];
      // the state's words (classes, gear, spells) through the game's catalogue: Spanish on a Spanish page
      const ab = Object.entries(c.abilities).map(([k, v]) => `${T(k)} ${v}`).join(", ");
      const spells = (u.spells || []).filter((s) => s[1] > 0).map((s) => `${T(s[0].replace(/_/g, " "))} ×${s[1]}`).join(", ") || T("none");
      const gear = [u.main && T(u.main) + (u.two_handed ? " " + T("(two hands)") : ""), u.off && T(u.off), c.armor !== "none" && T(c.armor.replace("_", " ")), u.sheath && T("sheath: {item}", { item: T(u.sheath) })].filter(Boolean).join(", ");
      return el("details", {}, el("summary", {}, `${c.name}: ${T(c.cls)} ${c.level}, ` + T("{hp}/{max} hp", { hp: u.hp, max: c.max_hp })),
        el("p", {}, `${ab}. ` + T("Base attack {bab}; Fort {fort}, Ref {ref}, Will {will}; speed {speed} ft; armor {armor}, shield {shield}, max Dex {dex}.",
          { bab: signed(c.bab), fort: signed(c.saves.fort), ref: signed(c.saves.ref), will: signed(c.saves.will), speed: c.speed,
            armor: signed(c.armor_bonus), shield: signed(c.shield_bonus), dex: signed(c.max_dex) })),
        el("p", {}, T("Gear: {gear}", { gear: gear || T("nothing") }) + (u.ammo ? "; " + T("{n} shots", { n: u.ammo }) : "") + ". " +
          T("Spells: {spells}.", { spells }) + " " + T("Concentration {c}, Heal {h}", { c: signed(c.skills.concentration), h: signed(c.skills.heal) }) +
          (c.sneak_dice ? "; " + T("sneak attack {n}d6", { n: c.sneak_dice }) : "") + "."));
    }));
  }

  function draw() {
    sizeGrid();
    drawGrid();
    drawTokens();
    drawRuler();
    drawTargets();
    drawCard();
    drawOrder();
    drawSheets();
  }

  // The turn of one's character opens the map on its token (brawl.revealPieces), once per turn;
  // tried again on the next frames while the page is not laid out yet.
  let actorShown = "";
  function showActor(tries = 10) {
    const key = view.your_turn && st().actor >= 0 ? `${view.seat}|${st().round}|${st().actor}|${st().turns}` : "";
    if (key === actorShown) return;
    const token = key ? root.querySelector(`.tc-token[data-id="${CSS.escape(chars()[st().actor].id)}"]`) : null;
    if (!token) { actorShown = key; return; }
    if (!token.getBoundingClientRect().width) { if (tries) requestAnimationFrame(() => showActor(tries - 1)); return; }
    actorShown = key;
    brawl.revealPieces(() => [root.querySelector(`.tc-token[data-id="${CSS.escape(chars()[st().actor].id)}"]`)]);
  }

  brawl.registerRenderer("tactics", {
    ownsActions: false,
    mount(r, c) {
      root = r; ctx = c;
      svg = S("svg", { class: "tc-grid", role: "group", "aria-label": T("The battle map in five-foot squares") });
      const defs = S("defs", {});
      const pat = S("pattern", { id: "tc-hatch", width: 0.25, height: 0.25, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
      pat.append(S("line", { x1: 0, y1: 0, x2: 0, y2: 0.25, stroke: "#b3261e", "stroke-width": 0.05, opacity: 0.45 }));
      defs.append(pat);
      svg.append(defs);
      for (const name of ["grid", "ruler", "tokens", "names"]) { layer[name] = S("g", {}); svg.append(layer[name]); }
      layer.names.setAttribute("pointer-events", "none");
      pad = brawl.board(Object.assign({ svg, scroller: () => root.querySelector(".board-view"),
        zoom: { min: 0.5, max: 3, step: 1.25, levelId: "tc-zoom-level", fitLabel: "Reset zoom" } }, gestures));
      svg.addEventListener("mouseleave", () => { if (!pad.busy && hover) { hover = null; drawRuler(); } });
      const style = el("style", {}, `.tc-grid{display:block;background:#fff;touch-action:none;user-select:none;-webkit-user-select:none}
        .tc-token{cursor:pointer}.tc-token:focus{outline:3px solid #111}#tc-ruler{min-height:2.8em}
        #tc-card{border:1px solid var(--warn);border-left-width:6px;border-radius:.4rem;padding:.5rem;background:var(--panel);color:var(--fg)}.tc-now{font-weight:bold}
        .tc-cols{display:flex;flex-wrap:wrap;gap:1rem}.tc-cols>section{flex:1 1 16rem;min-width:0}.tc-title{display:flex;align-items:center;justify-content:space-between;gap:.5em;flex-wrap:wrap}
        .tc-title h2{margin:0}.board-view.tc-view{max-height:70vh}#tc-sheets summary{min-height:44px;padding:.55em 0;cursor:pointer}`);
      const go = el("button", { type: "button", class: "primary tc-go" }, T("Move here"));
      go.addEventListener("click", () => { if (pending && myMoves()[pending]) move(pending); });
      const cancel = el("button", { type: "button", class: "tc-cancel" }, T("Cancel"));
      cancel.addEventListener("click", () => { pending = null; drawRuler(); });
      root.replaceChildren(style,
        el("div", { class: "tc-title" }, el("h2", {}, T("The battle")),
          pad.zoomBar),
        el("div", { class: "board-view tc-view", tabindex: 0, role: "region", "aria-label": T("The map (scrolls inside this box)") }, svg),
        el("p", { id: "tc-ruler", class: "preview-text", "aria-live": "polite" }),
        el("div", { id: "tc-confirm", class: "confirm-bar", hidden: true }, go, cancel),
        el("section", { id: "tc-targets", "aria-live": "polite" }),
        el("div", { id: "tc-card", "aria-live": "polite" }),
        el("p", { class: "hint" }, T("Hatched squares are in an enemy's melee range. Outlined squares are where the character on turn can move: solid is safe, dashed provokes attacks of opportunity; \"flank\" marks squares that flank an enemy. Click a square (or drag the token on turn) to move; on a touch screen tap once to see the route and again to move. A token lists what you can do to it; Shift-click a square to aim a fireball there. Pinch or the zoom buttons zoom the map.")),
        el("div", { class: "tc-cols" },
          el("section", {}, el("h3", {}, T("Initiative this round")), el("ol", { id: "tc-order" })),
          el("section", {}, el("h3", {}, T("Character sheets")), el("div", { id: "tc-sheets" }))));
      pad.watch(root.querySelector(".board-view"));
      window.addEventListener("resize", sizeGrid);
      document.addEventListener("keydown", (e) => { if (e.key === "Escape" && pending) { pending = null; drawRuler(); } });
    },
    update(v) {
      view = v;
      if (focusId && !chars().some((c) => c.id === focusId)) focusId = null;
      if (pending && !v.your_turn) pending = null;
      draw();
      showActor();
    },
  });
})();
