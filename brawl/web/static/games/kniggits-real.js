// Kniggits on a real table (option measure: table; rules page, rule 40): toy knights on a real
// table, measured with a ruler by the players.  Instead of the drawn table the page shows a card
// for each kniggit (its tokens, whom it is in combat with and faces) and, on the player's turn,
// what can have happened to it: "Reached" an enemy (a list of the enemies), "Moved", "Left combat",
// "Ran off the table", facing and aiming.  The fight form, the status table and the log are the
// measured game's (games/kniggits.js, which calls brawl.kniggitsRealTable.draw).
"use strict";

(function () {
  const SEAT_COLOURS = ["#b3261e", "#1f5fa8"];
  const VERBS = ["reach", "moved", "leave", "off", "face", "second", "shoot"];
  const el = (...a) => brawl.el(...a);
  const T = (key, params) => brawl.t(key, params);

  // the decisions a card offers: those of the moving and turning phases that name one kniggit
  function offered(action) {
    return VERBS.includes(action.split(":")[0]);
  }

  function card(k, v, ctx, mine) {
    const contacts = (v.state.contacts || []).filter((p) => p.includes(k.id)).map((p) => (p[0] === k.id ? p[1] : p[0]));
    const bits = [T("{move} move, {attack} attack, {defense} defense", { move: k.move, attack: k.attack, defense: k.defense })];
    if (k.archer) bits.push(T("(archer)"));
    if (k.two_swords) bits.push(T("(two swords)"));
    if (k.status === "fleeing") bits.push(T("fleeing"));
    if (k.status === "gone") bits.push(T("gone"));
    const combat = contacts.length
      ? T("In combat with {ids}", { ids: contacts.map((id) => (id === k.facing ? T("{id} (facing)", { id }) : id)).join(", ") })
      : (k.status === "fighting" ? T("Not in combat") : "");
    const box = el("li", { class: "kn-card" + (k.status !== "fighting" ? " kn-out" : ""), "data-id": k.id, "data-seat": k.seat },
      el("div", { class: "kn-card-head" },
        el("span", { class: "kn-chip", style: `background:${SEAT_COLOURS[k.seat]}` }, k.id),
        el("span", {}, bits.join(", ")),
        k.moved ? el("span", { class: "kn-moved" }, T("moved")) : null),
      combat ? el("p", { class: "kn-combat" }, combat) : null);
    if (!mine) return box;
    const legal = v.legal.filter((d) => offered(d.action) && d.action.split(":")[1] === k.id);
    if (!legal.length) return box;
    const row = el("div", { class: "buttons kn-card-actions" });
    const reach = legal.filter((d) => d.action.startsWith("reach:"));
    if (reach.length) {
      const id = `kn-reach-${k.id}`;
      const pick = el("select", { id, "aria-label": T("Which enemy {id} reached", { id: k.id }) },
        ...reach.map((d) => el("option", { value: d.action }, d.action.split(":")[2])));
      // in combat already (it stopped near several): the others it is within reach of
      const go = el("button", { type: "button", class: "primary kn-reach" }, T(contacts.length ? "Also reached" : "Reached"));
      go.addEventListener("click", () => ctx.decide(pick.value, { anchor: box }).catch(() => {}));
      row.append(el("span", { class: "kn-reach-pick" }, go, pick));
    }
    const words = { moved: "Moved, not in combat", leave: "Left combat", off: "Ran off the table" };
    for (const d of legal) {
      const [verb, , other] = d.action.split(":");
      if (verb === "reach") continue;
      const label = words[verb] ? T(words[verb]) : verb === "face" ? T("Face {id}", { id: other })
        : verb === "second" ? T("Second blow at {id}", { id: other }) : T("Shoot at {id}", { id: other });
      const b = el("button", { type: "button", "data-action": d.action }, label);
      b.addEventListener("click", () => ctx.decide(d.action, { anchor: box }).catch(() => {}));
      row.append(b);
    }
    box.append(row);
    return box;
  }

  function draw(section, v, ctx) {
    const myTurn = v.your_turn && v.seat !== null && ["move", "turning"].includes(v.state.phase);
    const name = (s) => (brawl.seatName ? brawl.seatName(v, s) : v.seats[s].name);
    const parts = [el("h2", {}, T("On the real table"))];
    if (myTurn && v.state.phase === "move") {
      parts.push(el("p", { class: "hint" }, T("Move your kniggits on your table with the ruler ({n} in a movement token, at most 12; combat at {ring} in), then say here what happened to each, and end the moving phase.",
        { n: 2 * (v.options.scale || 1), ring: v.state.board.ring })));
    }
    const seats = v.seat === 1 ? [1, 0] : [0, 1];
    for (const s of seats) {
      const ks = v.state.kniggits.filter((k) => k.seat === s && (k.status !== "gone" || s === v.seat));
      if (!ks.length) continue;
      parts.push(el("h3", {}, name(s)),
        el("ul", { class: "kn-cards", "data-seat": s }, ...ks.map((k) => card(k, v, ctx, myTurn && s === v.seat))));
    }
    section.replaceChildren(...parts);
  }

  brawl.kniggitsRealTable = {
    offers: (action, v) => v.state.board && v.state.board.real && offered(action),
    draw,
    style: `.kn-cards{list-style:none;margin:.2rem 0 .6rem;padding:0;display:grid;gap:.4rem;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr))}
      .kn-card{border:1px solid #bbb;border-radius:.4rem;padding:.35rem .5rem;background:#fff}.kn-card.kn-out{opacity:.65}
      .kn-card-head{display:flex;flex-wrap:wrap;align-items:center;gap:.2rem .5rem}.kn-chip{color:#fff;font-weight:bold;border-radius:.3rem;padding:.05rem .4rem}
      .kn-moved{font-size:.85em;color:#555;border:1px solid #999;border-radius:.3rem;padding:0 .3rem}.kn-combat{margin:.25rem 0;font-weight:600}
      .kn-card-actions{display:flex;flex-wrap:wrap;gap:.3rem;margin-top:.3rem}.kn-card-actions button,.kn-card-actions select{min-height:44px}
      .kn-reach-pick{display:inline-flex;gap:.3rem}`,
  };
})();
