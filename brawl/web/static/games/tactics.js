// Tactics in the browser: the grid with tokens, click-then-click moves with a ruler that counts
// feet 5-10-5 along the route the rules will walk, squares the enemy threatens hatched, flanking
// shown before moving, the last roll as a card, the round's initiative order and character sheets.
// The generic decision buttons and the typed-decision field stay (ownsActions: false), so every
// decision also has a keyboard path; clicking a token lists the decisions aimed at it.
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
  let focusId = null; // token whose decisions are listed
  let dragging = false; // the token on turn is being dragged to a square
  let dragged = false;
  let suppressClick = false; // the click that ends a drag is not a second move

  const el = (...a) => brawl.el(...a);
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
        const r = S("rect", { x, y, width: 1, height: 1, class: "tc-sq" + (wall ? " tc-wall" : ""),
          fill: wall ? "#555" : "#f7f5ef", stroke: "#bbb", "stroke-width": 0.02 });
        g.append(r);
        if (!wall && threat.has(k)) g.append(S("rect", { x, y, width: 1, height: 1, fill: "url(#tc-hatch)", "pointer-events": "none" }));
        if (moves[k]) {
          const mv = moves[k];
          g.append(S("rect", { x: x + 0.06, y: y + 0.06, width: 0.88, height: 0.88, fill: "none",
            stroke: mv.provokes ? "#c77700" : "#2e7d32", "stroke-width": 0.05, "stroke-dasharray": mv.provokes ? "0.12 0.08" : null,
            "pointer-events": "none" }));
          if (mv.flanks.length) g.append(text(x + 0.5, y + 0.3, "flank", { "font-size": 0.22, fill: "#2e7d32" }));
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
      const label = `${c.name}, ${c.cls} ${c.level}, ${u.hp} of ${c.max_hp} hit points${down ? ", incapacitated" : ""}${u.prone && !down ? ", prone" : ""}${u.hidden ? ", hidden" : ""}`;
      const tok = S("g", { class: "tc-token", tabindex: 0, role: "button", "aria-label": label, "data-id": c.id,
        opacity: u.hidden ? 0.45 : null });
      const common = { fill: down ? "#ddd" : SIDE_COLOURS[c.side], stroke: i === st().actor ? "#111" : "#fff",
        "stroke-width": i === st().actor ? 0.09 : 0.04, "stroke-dasharray": down ? "0.1 0.06" : null };
      if (SIDE_SHAPES[c.side] === "circle") tok.append(S("circle", Object.assign({ cx, cy, r: 0.38 }, common)));
      else tok.append(S("rect", Object.assign({ x: cx - 0.36, y: cy - 0.36, width: 0.72, height: 0.72, rx: 0.08 }, common)));
      tok.append(text(cx, cy + 0.1, c.name.slice(0, 2), { fill: down ? "#333" : "#fff", "font-size": 0.3, "font-weight": "bold" }));
      const frac = Math.max(0, u.hp) / c.max_hp;
      tok.append(S("rect", { x: u.x + 0.1, y: u.y + 0.86, width: 0.8, height: 0.08, fill: "#ccc" }));
      tok.append(S("rect", { x: u.x + 0.1, y: u.y + 0.86, width: 0.8 * frac, height: 0.08, fill: frac > 0.5 ? "#2e7d32" : frac > 0.2 ? "#c77700" : "#b3261e" }));
      if (u.prone) tok.append(text(u.x + 0.85, u.y + 0.25, down ? "✝" : "P", { "font-size": 0.22 }));
      if (u.hidden) tok.append(text(cx, u.y + 0.14, "hidden", { "font-size": 0.16, "font-style": "italic", class: "tc-hidden" }));
      tok.addEventListener("click", (e) => { e.stopPropagation(); if (!dragged) pickToken(c.id); dragged = false; });
      if (i === st().actor && view.your_turn) {
        tok.addEventListener("pointerdown", (e) => { dragging = true; dragged = false; e.preventDefault(); });
      }
      tok.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pickToken(c.id); } });
      g.append(tok);
    });
  }

  function drawRuler() {
    const g = layer.ruler;
    g.replaceChildren();
    const out = root.querySelector("#tc-ruler");
    const mv = hover && myMoves()[hover];
    if (!mv) { out.textContent = view.your_turn && Object.keys(myMoves()).length ? "Point at a square to measure; click it to move there." : ""; return; }
    const pts = mv.path.map((p) => `${p[0] + 0.5},${p[1] + 0.5}`).join(" ");
    g.append(S("polyline", { points: pts, fill: "none", stroke: "#111", "stroke-width": 0.06, "stroke-linejoin": "round" }));
    const feet = stepFeet(mv.path);
    mv.path.forEach((p, i) => { if (i) g.append(text(p[0] + 0.5, p[1] + 0.62, String(feet[i]), { "font-size": 0.26, "font-weight": "bold" })); });
    const who = chars()[st().actor].name;
    out.textContent = `${who} to ${hover}: ${mv.feet} ft` + (mv.provokes ? `, provokes ${mv.provokes} attack${mv.provokes > 1 ? "s" : ""} of opportunity` : ", provokes nothing") +
      (mv.flanks.length ? `, flanks ${mv.flanks.join(", ")}` : "");
  }

  function pickToken(id) {
    focusId = focusId === id ? null : id;
    drawTargets();
  }

  function drawTargets() {
    const box = root.querySelector("#tc-targets");
    if (!focusId) { box.replaceChildren(); return; }
    const c = chars().find((x) => x.id === focusId);
    const mine = legal().filter((d) => d.action.split(":").slice(1).includes(focusId));
    const buttons = mine.map((d) => {
      const b = el("button", { type: "button" }, d.label + (d.odds ? ` (${d.odds})` : ""));
      b.addEventListener("click", () => ctx.decide(d.action).then(() => { focusId = null; }).catch(() => {}));
      return b;
    });
    box.replaceChildren(el("h3", {}, `${c.name}`), buttons.length ? el("div", { class: "buttons" }, ...buttons)
      : el("p", { class: "hint" }, view.your_turn ? "Nothing to do to this character from here." : "Not your decision now."));
  }

  function onBoardClick(e) {
    if (suppressClick) { suppressClick = false; return; }
    const p = squareAt(e);
    if (!p) return;
    const k = key(p[0], p[1]);
    if (myMoves()[k]) { ctx.decide(`move:${k}`).catch(() => {}); hover = null; return; }
    const fb = legal().find((d) => d.action.startsWith("cast:fireball:"));
    if (fb && e.shiftKey) ctx.decide(`cast:fireball:${k}`).catch(() => {});
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
    card.replaceChildren(el("strong", {}, `Round ${st().round}: `), document.createTextNode(st().last || "The battle begins."));
  }

  function drawOrder() {
    const list = root.querySelector("#tc-order");
    const order = st().order.length ? st().order : [];
    list.replaceChildren(...order.map((i) => {
      const c = chars()[i], u = units()[i];
      const li = el("li", { "aria-current": i === st().actor ? "step" : null, class: i === st().actor ? "tc-now" : "" },
        `${i === st().actor ? "▶ " : ""}${c.name} (${c.side === 0 ? view.seats[0].name : view.seats[1].name})${u.dead ? ", dead" : u.hp <= 0 ? ", down" : ""}`);
      return li;
    }));
    if (!order.length) list.replaceChildren(el("li", {}, "Rolling initiative…"));
  }

  function drawSheets() {
    const box = root.querySelector("#tc-sheets");
    box.replaceChildren(...chars().map((c, i) => {
      const u = units()[i];
      const ab = Object.entries(c.abilities).map(([k, v]) => `${k} ${v}`).join(", ");
      const spells = (u.spells || []).filter((s) => s[1] > 0).map((s) => `${s[0].replace(/_/g, " ")} ×${s[1]}`).join(", ") || "none";
      const gear = [u.main && `${u.main}${u.two_handed ? " (two hands)" : ""}`, u.off, c.armor !== "none" && c.armor.replace("_", " "), u.sheath && `sheath: ${u.sheath}`].filter(Boolean).join(", ");
      return el("details", {}, el("summary", {}, `${c.name}: ${c.cls} ${c.level}, ${u.hp}/${c.max_hp} hp`),
        el("p", {}, `${ab}. Base attack +${c.bab}; Fort ${c.saves.fort >= 0 ? "+" : ""}${c.saves.fort}, Ref +${c.saves.ref}, Will +${c.saves.will}; speed ${c.speed} ft; armor +${c.armor_bonus}, shield +${c.shield_bonus}, max Dex +${c.max_dex}.`),
        el("p", {}, `Gear: ${gear || "nothing"}${u.ammo ? `; ${u.ammo} shots` : ""}. Spells: ${spells}. Concentration +${c.skills.concentration}, Heal +${c.skills.heal}${c.sneak_dice ? `; sneak attack ${c.sneak_dice}d6` : ""}.`));
    }));
  }

  function draw() {
    drawGrid();
    drawTokens();
    drawRuler();
    drawTargets();
    drawCard();
    drawOrder();
    drawSheets();
  }

  brawl.registerRenderer("tactics", {
    ownsActions: false,
    mount(r, c) {
      root = r; ctx = c;
      svg = S("svg", { class: "tc-grid", role: "group", "aria-label": "The battle map in five-foot squares" });
      const defs = S("defs", {});
      const pat = S("pattern", { id: "tc-hatch", width: 0.25, height: 0.25, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
      pat.append(S("line", { x1: 0, y1: 0, x2: 0, y2: 0.25, stroke: "#b3261e", "stroke-width": 0.05, opacity: 0.45 }));
      defs.append(pat);
      svg.append(defs);
      for (const name of ["grid", "ruler", "tokens"]) { layer[name] = S("g", {}); svg.append(layer[name]); }
      svg.addEventListener("click", onBoardClick);
      svg.addEventListener("mousemove", (e) => {
        const p = squareAt(e);
        const k = p ? key(p[0], p[1]) : null;
        if (k !== hover) { hover = k; drawRuler(); }
      });
      svg.addEventListener("mouseleave", () => { hover = null; dragging = false; drawRuler(); });
      svg.addEventListener("pointermove", (e) => {
        if (!dragging) return;
        const p = squareAt(e);
        const k = p ? key(p[0], p[1]) : null;
        if (k !== hover) { hover = k; dragged = true; drawRuler(); }
      });
      svg.addEventListener("pointerup", (e) => {
        if (!dragging) return;
        dragging = false;
        const p = squareAt(e);
        const k = p ? key(p[0], p[1]) : null;
        if (dragged) suppressClick = true;
        if (dragged && k && myMoves()[k]) { ctx.decide(`move:${k}`).catch(() => {}); hover = null; }
      });
      const style = el("style", {}, `.tc-grid{width:100%;max-width:48rem;display:block;background:#fff;touch-action:none}
        .tc-token{cursor:pointer}.tc-token:focus{outline:3px solid #111}#tc-ruler{min-height:1.4em;font-variant-numeric:tabular-nums}
        #tc-card{border:1px solid #999;border-radius:.4rem;padding:.5rem;background:#fffbe8}.tc-now{font-weight:bold}
        .tc-cols{display:flex;flex-wrap:wrap;gap:1rem}.tc-cols>section{flex:1 1 16rem}`);
      root.replaceChildren(style, el("h2", {}, "The battle"), svg,
        el("p", { id: "tc-ruler", "aria-live": "polite" }),
        el("p", { class: "hint" }, "Hatched squares are in an enemy's melee range. Outlined squares are where the character on turn can move: solid is safe, dashed provokes attacks of opportunity; \"flank\" marks squares that flank an enemy. Click a square (or drag the token on turn) to move, a token to see what you can do to it; Shift-click a square to aim a fireball there."),
        el("section", { id: "tc-targets", "aria-live": "polite" }),
        el("div", { id: "tc-card", "aria-live": "polite" }),
        el("div", { class: "tc-cols" },
          el("section", {}, el("h3", {}, "Initiative this round"), el("ol", { id: "tc-order" })),
          el("section", {}, el("h3", {}, "Character sheets"), el("div", { id: "tc-sheets" }))));
    },
    update(v) {
      view = v;
      if (focusId && !chars().some((c) => c.id === focusId)) focusId = null;
      draw();
    },
  });
})();
