// Kniggits in the browser: the table drawn to scale (SVG), moves with a live ruler in inches that
// shows where a move must stop, sealed sword-and-shield choices with a visible timer (the
// server's), and an army builder that keeps the points total.  Mouse: click a kniggit, point to
// measure, click to move (or drag it).  Touch: tap a kniggit, tap where it should go to see the
// ruler, tap there again (or "Move here") to move; or drag it and confirm.  Pinch or the zoom
// buttons zoom; the table scrolls inside its panel.  The generic decision buttons and the
// typed-decision field stay (ownsActions: false), so every decision has a keyboard path.
"use strict";

(function () {
  const SEAT_COLOURS = ["#b3261e", "#1f5fa8"];

  let root = null;
  let ctx = null;
  let view = null;
  let svg = null;
  let layer = {};
  let selected = null; // id of one's own kniggit chosen to move
  let waypoints = []; // turning points added with Shift-click
  let cursor = null; // where the pointer is, in table inches
  let pending = null; // a target tapped once (touch): shown with the ruler, not yet sent
  let pad = null; // the gestures and the zoom (brawl.board): a gesture's `on` is the kniggit it began on
  const HIT_PX = 22; // CSS px: the radius within which a tap picks a kniggit (a 44 px target)
  let builder = null; // the army builder (games/kniggits-builder.js), made on mounting
  let fight = null; // the fight form (games/kniggits-fight.js), made on mounting

  const el = (...a) => brawl.el(...a);
  const T = (key, params) => brawl.t(key, params);  // the interface's catalogue (i18n.js)
  const seatName = (s) => (brawl.seatName ? brawl.seatName(view, s) : view.seats[s].name);
  const S = (tag, attrs) => brawl.svg(tag, attrs);
  const board = () => view.state.board;
  const size = () => board().size;
  const toSvg = (p) => [p[0], size() - p[1]];
  const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const fmt = (x) => (Math.round(x * 100) / 100).toString();
  const kniggits = () => view.state.kniggits.filter((k) => k.status !== "gone");
  const byId = (id) => view.state.kniggits.find((k) => k.id === id);

  // -- geometry for the preview (the server checks every move again) -----------------------------
  function cross(o, a, b) { return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]); }
  function properCross(a, b, c, d) {
    const d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
    return ((d1 > 1e-9 && d2 < -1e-9) || (d1 < -1e-9 && d2 > 1e-9)) && ((d3 > 1e-9 && d4 < -1e-9) || (d3 < -1e-9 && d4 > 1e-9));
  }
  function inside(p, poly) {
    let c = false;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [xi, yi] = poly[i], [xj, yj] = poly[j];
      if ((yi > p[1]) !== (yj > p[1]) && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) c = !c;
    }
    return c;
  }
  function blocked(a, b) {
    for (const poly of board().obstacles) {
      for (let i = 0; i < poly.length; i++) {
        if (properCross(a, b, poly[i], poly[(i + 1) % poly.length])) return true;
      }
      if (inside([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], poly)) return true;
    }
    return false;
  }
  function ringT(a, b, c, r) {
    const dx = b[0] - a[0], dy = b[1] - a[1], fx = a[0] - c[0], fy = a[1] - c[1];
    const qa = dx * dx + dy * dy;
    if (qa < 1e-12) return null;
    const qb = 2 * (fx * dx + fy * dy), qc = fx * fx + fy * fy - r * r;
    const disc = qb * qb - 4 * qa * qc;
    if (disc < 0) return null;
    const t = (-qb - Math.sqrt(disc)) / (2 * qa);
    return t >= -1e-9 && t <= 1 ? Math.max(0, t) : null;
  }

  // The move the pointer proposes: its path, length, where it stops and why.
  function preview(k, target) {
    const path = [[k.x, k.y], ...waypoints, target];
    const ring = board().ring;
    const engaged = kniggits().filter((e) => e.seat !== k.seat && dist([e.x, e.y], [k.x, k.y]) <= ring + 1e-6);
    const others = kniggits().filter((e) => e.seat !== k.seat && !engaged.includes(e));
    let length = 0, stop = null, stopBy = null, isBlocked = false;
    for (let i = 0; i + 1 < path.length; i++) {
      const a = path[i], b = path[i + 1];
      length += dist(a, b);
      if (blocked(a, b)) isBlocked = true;
      if (stop) continue;
      let best = null, who = null;
      for (const e of others) {
        const t = ringT(a, b, [e.x, e.y], ring);
        if (t !== null && (best === null || t < best)) { best = t; who = e; }
      }
      if (best !== null) { stop = [a[0] + best * (b[0] - a[0]), a[1] + best * (b[1] - a[1])]; stopBy = who; }
    }
    const allowance = board().allowance[k.id];
    // in combat at the start: one straight segment, away from every foe it is engaged with
    const d = [target[0] - k.x, target[1] - k.y];
    const notAway = engaged.length > 0 && (path.length !== 2 || engaged.some((e) => d[0] * (k.x - e.x) + d[1] * (k.y - e.y) <= 1e-9));
    return { path, length, allowance, stop, stopBy, blocked: isBlocked, notAway, tooFar: length > allowance + 1e-3,
      offTable: target[0] < 0 || target[1] < 0 || target[0] > size() || target[1] > size(), engaged };
  }

  // -- drawing -------------------------------------------------------------------------------------
  function pointer(evt) {
    const pt = svg.createSVGPoint();
    pt.x = evt.clientX; pt.y = evt.clientY;
    const q = pt.matrixTransform(svg.getScreenCTM().inverse());
    return [q.x, size() - q.y];
  }

  function pxPerInch() {
    const r = svg.getBoundingClientRect();
    return r.width ? r.width / (size() + 2) : 10;
  }
  const hitRadius = () => Math.max(0.6, HIT_PX / pxPerInch());

  // the nearest of one's own movable kniggits within a tap's reach of p, if any
  function movableAt(p) {
    if (!myMovePhase()) return null;
    let best = null, bestD = hitRadius();
    for (const k of kniggits()) {
      if (k.seat !== view.seat || k.status !== "fighting" || k.moved || k.shot) continue;
      const d = dist([k.x, k.y], p);
      if (d <= bestD) { best = k.id; bestD = d; }
    }
    return best;
  }

  function text(x, y, words, attrs) {
    const t = S("text", Object.assign({ x, y, "font-size": 0.8, "text-anchor": "middle" }, attrs || {}));
    t.textContent = words;
    return t;
  }

  function drawTable() {
    const W = size();
    svg.setAttribute("viewBox", `-1 -1 ${W + 2} ${W + 2}`);
    const g = layer.table;
    g.replaceChildren();
    g.append(S("rect", { x: 0, y: 0, width: W, height: W, fill: "#eef3e6", stroke: "#555", "stroke-width": 0.1 }));
    const depth = board().deploy_depth;
    for (const seat of [0, 1]) {
      const y = seat === 0 ? W - depth : 0;
      g.append(S("rect", { x: 0, y, width: W, height: depth, fill: SEAT_COLOURS[seat], opacity: 0.08 }));
      g.append(text(W / 2, seat === 0 ? W - 0.3 : 0.9, T("{name}'s edge", { name: view.seats[seat] ? seatName(seat) : "" }),
        { "font-size": 0.7, fill: "#333" }));
    }
    for (let i = 6; i < W; i += 6) {  // a 6-inch grid helps judge distances
      g.append(S("line", { x1: i, y1: 0, x2: i, y2: W, stroke: "#000", opacity: 0.06, "stroke-width": 0.05 }));
      g.append(S("line", { x1: 0, y1: i, x2: W, y2: i, stroke: "#000", opacity: 0.06, "stroke-width": 0.05 }));
    }
    for (const poly of board().obstacles) {
      const pts = poly.map((p) => toSvg(p).join(",")).join(" ");
      const shape = S("polygon", { points: pts, fill: "#8d7b68", stroke: "#4a3f35", "stroke-width": 0.1 });
      shape.append(S("title", {}));
      shape.firstChild.textContent = T("obstacle");
      g.append(shape);
    }
  }

  function drawItems() {
    const g = layer.items;
    g.replaceChildren();
    for (const it of view.state.items) {
      if (it.carrier) continue;
      const [x, y] = toSvg([it.x, it.y]);
      const label = it.kind === "potion" ? T("potion +{n} {power}", { n: board().potion, power: it.power }) : it.kind === "flag" ? T("{name}'s flag", { name: seatName(it.owner) }) : it.kind;
      const group = S("g", { class: "item", "data-item": it.id });
      group.append(S("circle", { cx: x, cy: y, r: board().reach, fill: "none", stroke: "#a07d00", "stroke-dasharray": "0.2 0.2", "stroke-width": 0.06 }));
      group.append(S("rect", { x: x - 0.35, y: y - 0.35, width: 0.7, height: 0.7, fill: it.kind === "potion" ? "#7b3fa0" : "#e0b000",
        transform: `rotate(45 ${x} ${y})` }));
      group.append(text(x, y + 1.3, label, { "font-size": 0.55, fill: "#333" }));
      g.append(group);
    }
  }

  function drawKniggits() {
    const g = layer.kniggits;
    g.replaceChildren();
    const mine = view.seat;
    const movable = myMovePhase();
    for (const k of kniggits()) {
      const [x, y] = toSvg([k.x, k.y]);
      const fleeing = k.status === "fleeing";
      const words = k.id + (k.archer ? " " + T("(archer)") : "") + (k.two_swords ? " " + T("(two swords)") : "") + ": " +
        T("{move} move, {attack} attack, {defense} defense", { move: k.move, attack: k.attack, defense: k.defense }) +
        (fleeing ? ", " + T("fleeing") : "") + (k.carrying ? ", " + T("carrying {item}", { item: k.carrying }) : "") +
        (k.facing ? ", " + T("facing {id}", { id: k.facing }) : "") + " " + T("at ({x}, {y})", { x: fmt(k.x), y: fmt(k.y) });
      const group = S("g", { class: "kniggit", "data-id": k.id, "data-seat": k.seat, "aria-label": words, role: "img" });
      const face = k.facing && byId(k.facing) ? toSvg([byId(k.facing).x, byId(k.facing).y]) : null;
      const angle = face ? Math.atan2(face[1] - y, face[0] - x) : -k.heading * Math.PI / 180;
      group.append(S("line", { x1: x, y1: y, x2: x + 1.1 * Math.cos(angle), y2: y + 1.1 * Math.sin(angle),
        stroke: SEAT_COLOURS[k.seat], "stroke-width": 0.18 }));
      group.append(S("circle", { cx: x, cy: y, r: 0.6, fill: fleeing ? "#fff" : SEAT_COLOURS[k.seat],
        stroke: k.id === selected ? "#f5b700" : "#222", "stroke-width": k.id === selected ? 0.2 : 0.08,
        "stroke-dasharray": fleeing ? "0.2 0.15" : null }));
      group.append(text(x, y + 0.25, k.id, { "font-size": 0.6, fill: fleeing ? "#222" : "#fff", "font-weight": "bold" }));
      // the stats go on the side away from the nearest foe close by, so engaged pairs stay readable
      const near = kniggits().filter((e) => e.seat !== k.seat && dist([e.x, e.y], [k.x, k.y]) < 3)
        .sort((a, b) => dist([a.x, a.y], [k.x, k.y]) - dist([b.x, b.y], [k.x, k.y]))[0];
      let lx = x, ly = y + 1.35, anchor = "middle";
      if (near) {
        const [nx, ny] = toSvg([near.x, near.y]);
        const dx = x - nx, dy = y - ny, len = Math.hypot(dx, dy) || 1;
        const ux = dx / len, uy = dy / len;
        if (Math.abs(ux) > Math.abs(uy)) { lx = x + ux * 0.85; ly = y + 0.2; anchor = ux > 0 ? "start" : "end"; }
        else { lx = x; ly = uy > 0 ? y + 1.35 : y - 0.85; }
      }
      group.append(text(lx, ly, `${k.move}/${k.attack}/${k.defense}` + (fleeing ? " " + T("fleeing") : "") + (k.archer ? " " + T("bow") : ""),
        { "font-size": 0.5, fill: "#222", "text-anchor": anchor, class: "kn-stats" }));
      const title = S("title", {});
      title.textContent = words;
      group.append(title);
      if (movable && k.seat === mine && k.status === "fighting" && !k.moved && !k.shot) {
        group.setAttribute("tabindex", "0");
        group.setAttribute("role", "button");
        group.setAttribute("aria-label", `${words}. ${T("Select to move")}`);
        group.style.cursor = "pointer";
        group.insertBefore(S("circle", { cx: x, cy: y, r: hitRadius(), fill: "transparent", class: "kn-hit" }), group.firstChild);
        group.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(k.id); } });
      }
      g.append(group);
    }
  }

  function drawRuler() {
    const g = layer.ruler;
    g.replaceChildren();
    const k = selected && byId(selected);
    const label = root.querySelector("#kn-ruler");
    const bar = root.querySelector("#kn-confirm");
    bar.hidden = !(k && pending);
    label.classList.remove("bad");
    if (!k) { label.textContent = ""; return; }
    const [x, y] = toSvg([k.x, k.y]);
    const allowance = board().allowance[k.id];
    g.append(S("circle", { cx: x, cy: y, r: allowance, fill: "none", stroke: "#f5b700", "stroke-width": 0.08, "stroke-dasharray": "0.4 0.3" }));
    for (const e of kniggits().filter((e) => e.seat !== k.seat)) {
      const [ex, ey] = toSvg([e.x, e.y]);
      g.append(S("circle", { cx: ex, cy: ey, r: board().ring, fill: "none", stroke: "#b00", "stroke-width": 0.05, "stroke-dasharray": "0.15 0.15" }));
    }
    const at = pending || cursor;
    if (!at) { label.textContent = T("{id} selected: it may move {n} in. Click or tap where it should go.", { id: k.id, n: fmt(allowance) }); return; }
    const p = preview(k, at);
    const bad = p.tooFar || p.blocked || p.offTable || p.notAway;
    if (bad) label.classList.add("bad");
    g.append(S("polyline", { points: p.path.map((q) => toSvg(q).join(",")).join(" "), fill: "none",
      stroke: bad ? "#c00" : "#222", "stroke-width": 0.1, "stroke-dasharray": bad ? "0.3 0.2" : null }));
    let words = T("ruler: {n} in of {max} in", { n: fmt(p.length), max: fmt(allowance) });
    if (p.tooFar) words += ", " + T("too far");
    if (p.blocked) words += ", " + T("crosses an obstacle");
    if (p.offTable) words += ", " + T("off the table");
    if (p.stop) {
      const [sx, sy] = toSvg(p.stop);
      g.append(S("circle", { cx: sx, cy: sy, r: 0.35, fill: "#f5b700", stroke: "#000", "stroke-width": 0.06, class: "kn-stop" }));
      words += "; " + T("stops at ({x}, {y}), in combat with {id}", { x: fmt(p.stop[0]), y: fmt(p.stop[1]), id: p.stopBy.id });
    }
    if (p.engaged.length) words += "; " + T("starts in combat: only straight away from {ids}", { ids: p.engaged.map((e) => e.id).join(T(" and ")) });
    if (pending) {
      const [px, py] = toSvg(pending);
      g.append(S("circle", { cx: px, cy: py, r: 0.3, fill: "none", stroke: bad ? "#c00" : "#f5b700", "stroke-width": 0.12, class: "kn-pending" }));
      words += ". " + T(bad ? "Not a legal move: tap elsewhere." : "Tap again or press Move here to go.");
      const go = bar.querySelector(".kn-go");
      go.disabled = bad;
      go.textContent = T("Move {id} here ({n} in)", { id: k.id, n: fmt(p.length) });
    }
    label.textContent = words;
  }

  // -- moving --------------------------------------------------------------------------------------
  function myMovePhase() {
    return view && view.state.phase === "move" && view.your_turn;
  }

  function select(id) {
    selected = selected === id ? null : id;
    waypoints = []; pending = null;
    drawKniggits();
    drawRuler();
  }

  function moveTo(p) {
    const q = [Math.round(p[0] * 1000) / 1000, Math.round(p[1] * 1000) / 1000];
    const pts = [...waypoints, q];
    const action = `move:${selected}:` + pts.map((w) => `${w[0]}:${w[1]}`).join(":");
    const id = selected;
    selected = null; waypoints = []; cursor = null; pending = null;
    drawKniggits();
    drawRuler();
    ctx.decide(action, { anchor: root.querySelector(".board-view") })
      .then(() => ctx.announce(T("{id} moved", { id }))).catch(() => { selected = id; drawKniggits(); drawRuler(); });
  }

  // -- pointer: what a point on the table means (the gestures themselves are brawl.board's) --------
  const gestures = {
    begin: (e) => ({ on: movableAt(pointer(e)) }),
    hover(e) { if (selected && !pending) { cursor = pointer(e); drawRuler(); } },  // the ruler follows the mouse
    dragStart(g) {
      if (selected !== g.on) { selected = g.on; waypoints = []; drawKniggits(); }
      pending = null;
    },
    dragMove(e) { cursor = pointer(e); drawRuler(); },
    drop(e, g) {
      const p = pointer(e);
      if (g.type === "mouse") { moveTo(p); return; }
      pending = p; cursor = null;  // the finger hid the ruler: show it and ask
      drawRuler();
    },
    tap: (e, g) => tap(pointer(e), g),
    zoomed() { sizeTable(); if (view) { drawKniggits(); drawRuler(); } },
  };

  function tap(p, g) {
    if (builder.placing()) { builder.place(p); return; }
    if (g.on && g.on !== selected && !(pending && selected)) { select(g.on); return; }
    if (g.on && g.on === selected && !pending) { select(g.on); return; }  // a second tap on it lets go
    if (!selected || !myMovePhase()) return;
    const q = [Math.round(p[0] * 1000) / 1000, Math.round(p[1] * 1000) / 1000];
    if (g.shift) { waypoints.push(q); drawRuler(); return; }
    if (g.type === "mouse") { moveTo(q); return; }
    if (pending && dist(pending, q) <= hitRadius()) {
      const k = byId(selected);
      const pv = preview(k, pending);
      if (!(pv.tooFar || pv.blocked || pv.offTable || pv.notAway)) { moveTo(pending); return; }
    }
    pending = q;
    drawRuler();
  }

  function sizeTable() {
    const box = root.querySelector(".board-view");
    const fit = Math.max(200, Math.min((box.clientWidth || 360) - 2, 42 * 16, Math.round(window.innerHeight * 0.7)));
    const w = Math.round(fit * pad.zoom);
    svg.style.width = `${w}px`;
    svg.style.height = `${w}px`;
  }

  // -- the rest of the panel -----------------------------------------------------------------------
  function drawInfo() {
    const st = view.state;
    const help = root.querySelector("#kn-help");
    if (myMovePhase() && real()) help.textContent = T("Say what happened to each kniggit you moved on its card above, then end the moving phase.");
    else if (myMovePhase()) help.textContent = T("Click or tap one of your kniggits, then where it should go (on a touch screen: tap there again to confirm; Shift-click adds a turning point, Esc cancels). Or drag it. Finish with the decision that ends the moving phase.");
    else if (st.phase === "turning" && view.your_turn) help.textContent = T("Turn your kniggits in combat to face one attacker each, then say you are done turning.");
    else help.textContent = view.summary || "";
    const table = brawl.statusTable(view);
    if (table) root.querySelector("#kn-status").replaceChildren(table);
    const list = root.querySelector("#kn-events");
    list.replaceChildren(...(st.events || []).slice(-8).map((e) => el("li", {}, brawl.tr(e))));  // the page's language
  }

  // on a real table (rule 40) the players measure: cards of kniggits instead of the drawn table
  const real = () => !!(view && board().real && brawl.kniggitsRealTable);

  function draw() {
    const onReal = real();
    for (const part of [root.querySelector(".board-view"), root.querySelector(".kn-title"), root.querySelector("#kn-ruler")]) part.hidden = onReal;
    root.querySelector("#kn-real").hidden = !onReal;
    if (onReal) {
      selected = null; pending = null;
      root.querySelector("#kn-confirm").hidden = true;
      brawl.kniggitsRealTable.draw(root.querySelector("#kn-real"), view, ctx);
      builder.draw();
      fight.draw();
      drawInfo();
      return;
    }
    if (selected && (!myMovePhase() || !byId(selected) || byId(selected).moved)) { selected = null; waypoints = []; pending = null; }
    sizeTable();
    drawTable();
    drawItems();
    drawKniggits();
    drawRuler();
    builder.draw();
    fight.draw();
    drawInfo();
  }

  // A decision about one's kniggits (moving, turning) opens the table on them, once per decision:
  // on a phone one's own edge may lie under the decision sheet.  Tried again on the next frames while
  // the page is not laid out yet (brawl.revealPieces keeps them in sight as the page settles).
  let piecesShown = "";
  function showPieces(tries = 10) {
    const st = view.state;
    const key = view.your_turn && !real() && (st.phase === "move" || st.phase === "turning") ? `${view.seat}|${st.phase}|${st.turns}` : "";
    if (key === piecesShown) return;
    const engaged = (k) => kniggits().some((e) => e.seat !== k.seat && dist([e.x, e.y], [k.x, k.y]) <= board().ring + 1e-6);
    const ids = new Set(kniggits().filter((k) => k.seat === view.seat && k.status === "fighting" &&
      (st.phase === "move" ? !k.moved && !k.shot : engaged(k))).map((k) => k.id));
    const pieces = [...layer.kniggits.querySelectorAll(".kniggit")].filter((g) => ids.has(g.dataset.id));
    if (!key || !pieces.length) { piecesShown = key; return; }
    if (!pieces[0].getBoundingClientRect().width) { if (tries) requestAnimationFrame(() => showPieces(tries - 1)); return; }
    piecesShown = key;
    brawl.revealPieces(() => [...layer.kniggits.querySelectorAll(".kniggit")].filter((g) => ids.has(g.dataset.id)));
  }

  brawl.registerRenderer("kniggits", {
    ownsActions: false,
    // the fight form offers the fight's choices and shows its clock: the page does not repeat them
    offers(action, v) {
      return (action.startsWith("fight:") && brawl.kniggitsFight.shown(v)) || (!!brawl.kniggitsRealTable && brawl.kniggitsRealTable.offers(action, v));
    },
    ownsClock(v) { return brawl.kniggitsFight.shown(v); },
    mount(r, c) {
      root = r; ctx = c;
      builder = brawl.kniggitsBuilder({ view: () => view, board, size, real, toSvg, text, layer, ctx: () => ctx, root: () => root });
      fight = brawl.kniggitsFight({ view: () => view, root: () => root, ctx: () => ctx, byId });
      svg = S("svg", { class: "kn-table", role: "group", "aria-label": T("The table, drawn to scale in inches"), preserveAspectRatio: "xMidYMid meet" });
      for (const name of ["table", "items", "place", "kniggits", "ruler"]) { layer[name] = S("g", { class: `kn-${name}` }); svg.append(layer[name]); }
      pad = brawl.board(Object.assign({ svg, scroller: () => root.querySelector(".board-view"),
        zoom: { min: 1, max: 4, step: 1.5, levelId: "kn-zoom-level", fitLabel: "Whole table" } }, gestures));
      document.addEventListener("keydown", (e) => { if (e.key === "Escape" && selected) { selected = null; waypoints = []; pending = null; draw(); } });
      window.addEventListener("resize", () => { if (view) { sizeTable(); drawKniggits(); } });
      const style = el("style", {}, `.kn-table{display:block;background:#fff;touch-action:none;user-select:none;-webkit-user-select:none}
        .kn-hand{display:inline-block;margin:.2rem .3rem .2rem 0;padding:0 .5rem .1rem;vertical-align:top}.kn-hand legend{padding:0 .2em}
        .kn-hand label{display:inline-flex;align-items:center;gap:.25em;min-height:44px;margin-right:.5em}
        .kn-fight-form>p{margin:.2rem 0}.kn-send{display:flex;flex-wrap:wrap;align-items:center;gap:.2rem .8rem;margin-top:.3rem}.kn-send .kn-timer{margin:0}
        .kn-num{width:4rem}.kn-panel h3{margin:.4rem 0}#kn-ruler{min-height:2.8em}#kn-events{font-size:.9em}
        .kn-title{display:flex;align-items:center;justify-content:space-between;gap:.5em;flex-wrap:wrap}.kn-title h2{margin:0}
        #kn-army table.status input{max-width:3rem;width:100%}#kn-army table.status input.kn-num{min-width:44px}#kn-army table.status{table-layout:auto}#kn-army table.status button{padding:.3em .35em;min-width:0}#kn-army table.status button.kn-drop{min-width:44px}
        .kn-check{display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px}
        ${brawl.kniggitsRealTable ? brawl.kniggitsRealTable.style : ""}
        #kn-army table.status th,#kn-army table.status td{padding:.3em .15em}#kn-army table.status th[scope=col]{font-size:.85em}#kn-army .status-wrap{overflow-x:auto}.board-view.kn-view{max-height:75vh}`);
      const go = el("button", { type: "button", class: "primary kn-go" }, T("Move here"));
      go.addEventListener("click", () => { if (selected && pending) moveTo(pending); });
      const cancel = el("button", { type: "button" }, T("Cancel"));
      cancel.addEventListener("click", () => { pending = null; drawRuler(); });
      root.replaceChildren(style,
        el("div", { class: "kn-title" }, el("h2", {}, T("The table")),
          pad.zoomBar),
        el("div", { class: "board-view kn-view", tabindex: 0, role: "region", "aria-label": T("The table (scrolls when zoomed)") }, svg),
        el("p", { id: "kn-ruler", class: "preview-text", "aria-live": "polite" }),
        el("section", { id: "kn-real", class: "kn-panel", hidden: true, "aria-label": T("On the real table") }),
        el("div", { id: "kn-confirm", class: "confirm-bar", hidden: true }, go, cancel),
        el("section", { id: "kn-fight", class: "kn-panel", hidden: true, "aria-label": T("Fight") }),
        el("section", { id: "kn-army", class: "kn-panel", hidden: true, "aria-label": T("Army builder") }),
        el("p", { id: "kn-help", class: "hint" }),
        el("p", { id: "kn-revealed", "aria-live": "polite" }),
        el("div", { id: "kn-status", class: "status-wrap" }),
        el("h3", {}, T("What happened")), el("ul", { id: "kn-events" }));
      pad.watch(root.querySelector(".board-view"));
    },
    update(v) {
      view = v;
      draw();
      showPieces();
    },
  });
})();
