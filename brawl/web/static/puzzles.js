// The puzzles page (/puzzles, or /puzzles?room=ROOM for one game's): positions where a player lost
// the most in a finished game, from the games' reviews (GET /api/puzzles).  The player chooses;
// then every decision shows its win chance, the best one is marked, and the step opens in the replay.
"use strict";

(function () {
  const { el, api } = brawl;
  const t = (key, params) => brawl.t(key, params);
  const tr = (text) => brawl.tr(text);  // a game's own words (labels, prompts, tables), from its catalogue
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(window.location.search);
  const room = params.get("room");
  const GOOD = 0.02;  // a choice within this of the best counts as solved (the review's "good")

  const pct = (x) => brawl.pct(x);  // "56.6%", "56,6 %" in Spanish

  function rows(p) {
    if (!p.status_rows || !p.status_rows.length) return p.summary ? el("p", { class: "hint" }, tr(p.summary)) : null;
    const keys = Object.keys(p.status_rows[0]);
    return el("div", { class: "table-wrap" }, el("table", {},
      el("thead", {}, el("tr", {}, ...keys.map((k) => el("th", { scope: "col" }, tr(k))))),
      el("tbody", {}, ...p.status_rows.map((r) => el("tr", {}, ...keys.map((k) => el("td", {}, tr(String(r[k] ?? "")))))))));
  }

  function card(p, n) {
    const best = Math.max(...p.choices.map((c) => c.win));
    const verdict = el("p", { class: "verdict", role: "status" });
    // nothing on the card tells the answer before one chooses: not which is best, nor what was
    // played in the game and how it was judged
    const buttons = p.choices.map((c) => el("button", { type: "button", "data-action": c.action }, tr(c.label || c.action)));
    const after = el("p", { class: "hint", hidden: true });
    const answer = (picked) => {
      buttons.forEach((b, i) => {
        const c = p.choices[i];
        b.dataset.best = String(c.win >= best - 1e-12);
        b.dataset.shown = "true";
        b.dataset.picked = String(c.action === picked.action);
        b.disabled = true;
        b.append(el("span", { class: "win" }, t("win chance {p}", { p: pct(c.win) }) + (c.win >= best - 1e-12 ? " ✓ " + t("best") : "")));
      });
      const solved = picked.win >= best - GOOD;
      verdict.dataset.state = solved ? "solved" : "missed";
      const bestChoice = p.choices.find((c) => c.win >= best - 1e-12);
      verdict.textContent = solved
        ? t("Solved: {label} keeps {p}.", { label: tr(picked.label || picked.action), p: pct(picked.win) })
        : t("Not quite: {label} gives {p}; best is {best} with {bp}.", { label: tr(picked.label || picked.action), p: pct(picked.win),
          best: tr(bestChoice.label || bestChoice.action), bp: pct(best) });
      const article = verdict.closest("article");
      if (article) article.dataset.state = verdict.dataset.state;
      after.replaceChildren(t("in the game: {taken} ({judgement})", { taken: tr(takenLabel), judgement: t(p.judgement) }),
        p.room ? " · " : "", p.room ? el("a", { href: `/replay/${encodeURIComponent(p.room)}#step=${p.step}` }, t("See it in the replay")) : "");
      after.hidden = false;
    };
    const takenChoice = p.choices.find((c) => c.action === p.taken);
    const takenLabel = takenChoice ? (takenChoice.label || takenChoice.action) : p.taken;
    buttons.forEach((b, i) => b.addEventListener("click", () => answer(p.choices[i])));
    const how = p.exact ? t("exact win chances") : t("estimated win chances");
    return el("article", { class: "panel puzzle", "data-index": p.index, "aria-labelledby": `puzzle-${n}` },
      el("h2", { id: `puzzle-${n}` }, t("{title}: you are {seat}", { title: tr(p.title), seat: brawl.trName(p.seat_name) })),
      rows(p),
      el("p", { class: "prompt" }, tr(p.prompt)),
      el("div", { class: "choices" }, ...buttons),
      verdict,
      el("p", { class: "hint" }, how),
      after);
  }

  async function load() {
    $("error").hidden = true;
    const query = room ? `?room=${encodeURIComponent(room)}&n=10` : `?n=6&seed=${Math.floor(Math.random() * 1e9)}`;
    let data;
    try {
      data = await api("GET", `/api/puzzles${query}`);
    } catch (e) {
      $("error").textContent = e.message;
      $("error").hidden = false;
      return;
    }
    // each game's catalogue, for its labels, prompts and tables
    await Promise.all([...new Set(data.puzzles.map((p) => p.game))].map((game) => brawl.gameWords(game)));
    const list = $("puzzle-list");
    list.replaceChildren(...data.puzzles.map((p, i) => card(p, i)));
    if (!data.puzzles.length) {
      list.append(el("p", { class: "hint", id: "no-puzzles" }, t(room ? "This game left no mistakes to practise." :
        "No puzzles yet: they come from finished games whose review found a mistake.")));
    }
    $("more-wrap").hidden = !!room;
  }

  $("more").addEventListener("click", load);
  load();
})();
