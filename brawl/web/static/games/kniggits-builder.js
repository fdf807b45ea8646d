// The Kniggits army builder (games/kniggits.js draws it in the army phase): rows of kniggits with
// their tokens, the points total kept against the option, each kniggit placed by a click on the
// drawn table (on a real table, rule 40, the places are left to the table), sent sealed.
"use strict";

(function () {
  const SEAT_COLOURS = ["#b3261e", "#1f5fa8"];
  const el = (...a) => brawl.el(...a);
  const T = (key, params) => brawl.t(key, params);
  const S = (tag, attrs) => brawl.svg(tag, attrs);
  const fmt = (x) => (Math.round(x * 100) / 100).toString();

  // host: {view(), board(), size(), real(), toSvg(p), text(x, y, words, attrs), layer, ctx(), root()}
  brawl.kniggitsBuilder = function (host) {
    let builder = null; // {rows: [{m, a, d, archer, x, y}], placing: index or -1}
    const view = () => host.view();
    const board = () => host.board();
    const size = () => host.size();
    const real = () => host.real();
    const toSvg = (p) => host.toSvg(p);
    const text = (...a) => host.text(...a);

    function spread(rows) {
      const W = size(), y = board().deploy_depth / 2;
      rows.forEach((r, i) => { r.x = W * (i + 1) / (rows.length + 1); r.y = view().seat === 0 ? y : W - y; });
    }

    function defaultRows() {
      const W = size(), seat = view().seat, y = board().deploy_depth / 2;
      const rows = [{ m: 4, a: 4, d: 4 }, { m: 4, a: 4, d: 4 }, { m: 4, a: 4, d: 3 }];
      rows.forEach((r, i) => { r.x = W * (i + 1) / (rows.length + 1); r.y = seat === 0 ? y : W - y; r.archer = false; });
      return rows;
    }

    // the prices come with the table in the view (the rules' own numbers, seed: Setup 2)
    function cost(rows) {
      const c = board().costs;
      return rows.reduce((s, r) => s + c.kniggit + c.token * (r.m + r.a + r.d), 0);
    }

    function drop(i) {
      const b = el("button", { type: "button", class: "kn-drop", "aria-label": T("remove kniggit {n}", { n: i + 1 }) }, "✕");
      b.addEventListener("click", () => { builder.rows.splice(i, 1); drawBuilder(); });
      return b;
    }

    function drawBuilder() {
      const box = host.root().querySelector("#kn-army");
      const mine = view().seat !== null && view().state.phase === "army" && view().your_turn;
      if (!mine) { box.hidden = true; builder = null; host.layer.place.replaceChildren(); return; }
      if (!builder) builder = { rows: defaultRows(), placing: -1 };
      box.hidden = false;
      const total = view().options.points;
      const used = cost(builder.rows);
      const table = el("table", { class: "status" }, el("caption", {}, T("Your kniggits ({kniggit} points each, {token} a token)", board().costs)));
      table.append(el("tr", {}, ...["#", T("move"), T("attack"), T("defense"), view().options.archers ? T("archer") : null, real() ? null : T("position"), ""]
        .filter((h) => h !== null).map((h) => el("th", { scope: "col" }, h || el("span", { class: "sr-only" }, T("remove"))))));
      builder.rows.forEach((r, i) => {
        const num = (key, label) => {
          const input = el("input", { type: "number", min: 0, max: 200, value: r[key], "aria-label": T("kniggit {n} {stat}", { n: i + 1, stat: T(label) }), class: "kn-num" });
          input.addEventListener("change", () => { r[key] = Math.max(0, parseInt(input.value || "0", 10)); drawBuilder(); });
          return el("td", {}, input);
        };
        const cells = [el("th", { scope: "row" }, String(i + 1)), num("m", "movement"), num("a", "attack"), num("d", "defense")];
        if (view().options.archers) {
          const cb = el("input", { type: "checkbox", checked: r.archer ? true : null, "aria-label": T("kniggit {n} is an archer", { n: i + 1 }) });
          cb.addEventListener("change", () => { r.archer = cb.checked; });
          cells.push(el("td", {}, el("label", { class: "kn-check" }, cb)));  // the label is the finger's target
        }
        if (real()) { cells.push(el("td", {}, drop(i))); table.append(el("tr", {}, ...cells)); return; }  // placed on the real table
        const place = el("button", { type: "button" }, builder.placing === i ? T("click the table…") : T("({x}, {y}) place", { x: fmt(r.x), y: fmt(r.y) }));
        place.addEventListener("click", () => {
          builder.placing = i;
          drawBuilder();
          if (brawl.reveal) brawl.reveal(host.root().querySelector(".board-view"));  // the table, to click on
        });
        cells.push(el("td", {}, place), el("td", {}, drop(i)));
        table.append(el("tr", {}, ...cells));
      });
      const add = el("button", { type: "button" }, T("Add a kniggit"));
      add.addEventListener("click", () => {
        const W = size(), y = board().deploy_depth / 2;
        builder.rows.push({ m: 1, a: 1, d: 1, archer: false, x: W / 2, y: view().seat === 0 ? y : W - y });
        drawBuilder();
      });
      const send = el("button", { type: "button", class: "primary", disabled: used > total || !builder.rows.length ? true : null }, T("Send this army (sealed)"));
      send.addEventListener("click", () => {
        if (real()) spread(builder.rows);  // where they stand is the real table's: any fair places will do
        const spec = builder.rows.map((r) => `${r.m}/${r.a}/${r.d}${r.archer ? "/archer" : ""}@${fmt(r.x)},${fmt(r.y)}`).join(";");
        host.ctx().decide(`army:${spec}`, { anchor: send.parentElement }).catch(() => {});
      });
      box.replaceChildren(el("h3", {}, T("Build your army")),
        el("p", { class: used > total ? "error" : "", "aria-live": "polite" }, T("Points: {used} of {total}", { used, total }) + (used > total ? " " + T("(too many)") : "")),
        el("p", { class: "hint" }, T("Every kniggit needs a token of each colour or it runs away. Place them within {n} in of your edge. Or take a ready-made army from the buttons below.", { n: fmt(board().deploy_depth) })),
        el("div", { class: "status-wrap" }, table), el("div", { class: "buttons" }, add, send));
      const g = host.layer.place;
      g.replaceChildren();
      builder.rows.forEach((r, i) => {
        const [x, y] = toSvg([r.x, r.y]);
        g.append(S("circle", { cx: x, cy: y, r: 0.6, fill: SEAT_COLOURS[view().seat], opacity: 0.5, stroke: "#222", "stroke-width": 0.06 }));
        g.append(text(x, y + 0.25, String(i + 1), { "font-size": 0.6, fill: "#fff" }));
      });
    }

    function placeRow(p) {
      const r = builder.rows[builder.placing];
      r.x = Math.round(p[0] * 100) / 100; r.y = Math.round(p[1] * 100) / 100;
      builder.placing = -1;
      drawBuilder();
    }


    return {
      draw: drawBuilder,
      placing: () => !!(builder && builder.placing >= 0),
      place: placeRow,
    };
  };
})();
