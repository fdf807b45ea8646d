// The game sheet of a table (a room whose dice are rolled at the table, or a page that plays every
// seat on one device): what players would otherwise write down, kept by the page from the view.
// - "Now": whose roll, decision or reaction it is, with the rules' own words for its timing
//   ("Player 3 may cast Dodge so that the hit does nothing");
// - the order of turns, where the game's status rows number it (a "Turn order" column);
// - each player's row (hit points, spells left, disarm rounds ...) where the board does not show
//   the status rows itself (a game with its own board);
// - the odds of each decision and the best decision (hints) one tap away, off by default.
// game.js calls brawl.tableSheet.update(view) after each drawing (through table-dice.js).
"use strict";

(function () {
  const { el } = brawl;
  const t = brawl.t;
  const $ = (id) => document.getElementById(id);
  const ORDER = "Turn order";

  function mount() {
    let sheet = $("table-sheet");
    if (sheet) return sheet;
    const odds = el("input", { type: "checkbox", id: "sheet-odds" });
    odds.addEventListener("change", () => document.body.classList.toggle("table-odds", odds.checked));
    const best = el("input", { type: "checkbox", id: "sheet-best" });
    // the page's own hints setting, one tap away here
    best.addEventListener("change", () => {
      const hints = $("show-hints");
      if (hints && hints.checked !== best.checked) { hints.checked = best.checked; hints.dispatchEvent(new Event("change")); }
    });
    sheet = el("section", { id: "table-sheet", class: "panel table-sheet", "aria-labelledby": "sheet-title" },
      el("h2", { id: "sheet-title" }, t("Game sheet")),
      el("p", { id: "sheet-now", class: "sheet-now", "aria-live": "polite" }),
      el("p", { id: "sheet-order", class: "sheet-order", hidden: true }),
      el("div", { id: "sheet-rows", class: "status-wrap" }),
      el("div", { class: "settings sheet-toggles" },
        el("label", {}, odds, " ", t("Show the odds of each decision")),
        el("label", { id: "sheet-best-label" }, best, " ", t("Show the best decision (win chance with best play)"))));
    $("actions").after(sheet);
    return sheet;
  }

  const names = (v, seats) => seats.map((s) => brawl.seatName(v, s)).join(t(" and "));

  // "Player 2 scores a hit on Player 3: Player 3, cast Dodge so that the hit does nothing?" reads
  // "Player 3 may cast Dodge so that the hit does nothing" (the rules' English question turned round)
  function mayLine(v, seat, prompt) {
    const name = v.seats[seat] && v.seats[seat].name;
    const m = brawl.lang === "en" && name ? new RegExp(`(?:^|: )${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, ([^:]+?)\\??$`).exec(prompt) : null;
    return m ? t("{name} may {what}", { name: brawl.seatName(v, seat), what: m[1] }) : null;
  }

  function nowLine(v) {
    if (v.over) return t("The game is over.");
    if (v.roll) {
      const who = v.roll.seat === null || v.roll.seat === undefined ? t("Roll") : brawl.seatName(v, v.roll.seat);
      return t("{who}: roll {die} for {label}", { who, die: v.roll.roll, label: brawl.tr(v.roll.label || "") });
    }
    const node = v.node || {};
    const seats = node.seats || [];
    if (!seats.length) return t("Rolling…");
    const prompt = node.prompt || "";
    if (node.kind === "reaction") {
      const may = seats.length === 1 ? mayLine(v, seats[0], prompt) : null;
      return may ? `${may}.` : t("{names} may react now: {prompt}", { names: names(v, seats), prompt });
    }
    if (node.kind === "simultaneous") return t("{names} choose in secret: {prompt}", { names: names(v, seats), prompt });
    // a prompt that names its player first ("Moon: attack, defend or charge?") says it all
    const own = seats.length === 1 && v.seats[seats[0]] && prompt.startsWith(`${v.seats[seats[0]].name}:`);
    if (own) return prompt;
    return prompt ? t("{names} to decide: {prompt}", { names: names(v, seats), prompt }) : t("{names} to decide.", { names: names(v, seats) });
  }

  // the seats in the order the status rows number them ("Turn order": 1, 2, ...), those out left out
  function orderLine(v) {
    const rows = v.status_rows || [];
    const key = brawl.tr(ORDER);
    if (!rows.length || rows.length !== v.seats.length || !(key in rows[0])) return null;
    const placed = rows.map((r, s) => [Number(r[key]), s]).filter(([n]) => n > 0).sort((a, b) => a[0] - b[0]);
    if (!placed.length) return null;
    return t("Turn order: {names}", { names: placed.map(([, s]) => brawl.seatName(v, s)).join(" → ") });
  }

  brawl.tableSheet = {
    update(v, onTable) {
      const sheet = $("table-sheet");
      if (!onTable) { if (sheet) sheet.hidden = true; document.body.classList.remove("table-room"); return; }
      mount().hidden = false;
      document.body.classList.add("table-room");
      $("sheet-now").textContent = nowLine(v);
      const order = orderLine(v);
      $("sheet-order").hidden = !order;
      $("sheet-order").textContent = order || "";
      // a board of the game's own hides the status rows: the sheet shows them (the generic board does already)
      // as cards at every width, each value whole (the side column is narrow: a table's fifth column,
      // the square a figure stands on, was cut off)
      const rows = v.renderer ? brawl.statusTable(v) : null;
      if (rows) rows.classList.remove("many");
      $("sheet-rows").replaceChildren(rows || "");
      $("sheet-best-label").hidden = !v.hints;
      const hints = $("show-hints");
      if (hints) $("sheet-best").checked = hints.checked;
    },
  };

  const style = document.createElement("style");
  style.textContent = `
body.table-room:not(.table-odds) button.action .odds { display: none; }
.table-sheet h2 { margin-bottom: 0.3em; }
.sheet-now { font-weight: 600; margin: 0 0 0.3em; }
.sheet-order { margin: 0 0 0.3em; }
.table-sheet table.status.cards thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.table-sheet table.status.cards, .table-sheet table.status.cards tbody { display: block; width: 100%; }
.table-sheet table.status.cards tr { display: flex; flex-wrap: wrap; gap: 0.1em 0.9em; padding: 0.35em 0.1em; border-bottom: 1px solid var(--line); }
.table-sheet table.status.cards th, .table-sheet table.status.cards td { display: inline; padding: 0; border: 0; overflow-wrap: normal; hyphens: manual; }
.table-sheet table.status.cards th[scope="row"] { flex-basis: 100%; }
.table-sheet table.status.cards td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); font-weight: 400; }
.table-sheet table.status.cards td[data-label]:empty, .table-sheet table.status.cards td.card-more-cell { display: none; }
`;
  document.head.append(style);
})();
