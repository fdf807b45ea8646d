// A player's profile (/@/NAME): ratings per game with a graph over time, wins, losses and draws,
// and the recent games with their replays.  A leaderboard (/leaderboard/GAME): the top players.
"use strict";

(function () {
  const { el } = brawl;
  const t = brawl.t;
  const main = document.getElementById("main");
  const svg = (tag, attrs) => {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  };
  const shown = (r) => `${r.rating}${r.provisional ? " ?" : ""}`;

  function graph(history, label) {
    const W = 320, H = 120, pad = 34;
    const box = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-graph", role: "img", "aria-label": label });
    const values = [1500].concat(history.map((h) => h.rating));  // every rating starts at 1500
    const lo = Math.min(...values, 1500) - 20, hi = Math.max(...values, 1500) + 20;
    const x = (i) => pad + (values.length < 2 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (values.length - 1));
    const y = (v) => H - pad / 2 - ((v - lo) * (H - pad)) / (hi - lo);
    box.append(svg("line", { x1: pad, x2: W - pad / 2, y1: y(1500), y2: y(1500), class: "base" }));
    const base = svg("text", { x: 2, y: y(1500) + 4, class: "axis" }); base.textContent = "1500"; box.append(base);
    box.append(svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "line" }));
    values.forEach((v, i) => box.append(svg("circle", { cx: x(i), cy: y(v), r: 3, class: "dot" })));
    return box;
  }

  const RESULTS = { won: "won", lost: "lost", drawn: "drawn", aborted: "aborted", abandoned: "abandoned", unrated: "unrated",
    over: "over", "in progress": "in progress" };

  async function profile(name) {
    document.title = `${name} · brawl`;
    let p;
    try { p = await brawl.api("GET", `/api/players/${encodeURIComponent(name)}`); }
    catch (e) { main.replaceChildren(el("section", { class: "panel" }, el("h1", {}, name), el("p", { class: "error notice" }, e.message))); return; }
    const games = Object.keys(p.ratings);
    const titles = {};
    try { for (const g of await brawl.games()) titles[g.name] = brawl.tr(g.title); } catch (e) { /* names then */ }
    const ratings = el("section", { class: "panel", "aria-labelledby": "ratings-title" }, el("h2", { id: "ratings-title" }, t("Ratings")));
    if (!games.length) ratings.append(el("p", { class: "hint" }, t("No rated games yet.")));
    for (const g of games) {
      const r = p.ratings[g];
      ratings.append(el("div", { class: "rating-card" },
        el("h3", {}, el("a", { href: `/leaderboard/${g}` }, titles[g] || g), " ", el("span", { class: "rating" }, shown(r))),
        el("p", { class: "hint" }, t("Rated games: {games}; won {w}, lost {l}, drawn {d} (deviation {dev}{prov})",
          { games: r.games, w: r.wins, l: r.losses, d: r.draws, dev: r.deviation, prov: r.provisional ? t(", provisional") : "" })),
        graph(r.history, t("Rating over time in {game}", { game: g }))));
    }
    const list = el("ul", { class: "links", id: "games-list" });
    for (const g of p.games) {
      // the result (won, lost, drawn, aborted, abandoned, unrated ...) and, for a rated game, the rating change
      const change = typeof g.change === "number" ? ` ${g.change > 0 ? "+" : g.change < 0 ? "−" : "±"}${Math.abs(g.change)}` : "";
      list.append(el("li", {}, el("span", { class: "who" }, (titles[g.game] || g.game) + (g.rated ? ` · ${t("rated")}` : "")),
        el("span", {}, g.players.join(" · ")),
        el("span", { class: `result ${g.result || ""}`.trim() }, t(RESULTS[g.result] || "in progress") + change),
        g.over ? el("a", { href: g.replay }, t("Replay")) : null));
    }
    const challenge = el("section", { class: "panel", id: "challenge", hidden: true });
    main.replaceChildren(
      el("section", { class: "panel" }, el("h1", {}, p.username), el("p", { class: "hint" }, p.total_games === 1 ? t("1 game played") : t("{n} games played", { n: p.total_games }))),
      challenge,
      ratings,
      el("section", { class: "panel", "aria-labelledby": "recent-title" }, el("h2", { id: "recent-title" }, t("Recent games")),
        p.games.length ? list : el("p", { class: "hint" }, t("No games yet."))));
    brawl.challenge(challenge, p.username);
  }

  async function leaderboard(game) {
    const games = await brawl.games();
    const nav = el("nav", { class: "row-buttons", "aria-label": t("Games") },
      ...games.map((g) => el("a", { class: "button-link" + (g.name === game ? " current" : ""), href: `/leaderboard/${g.name}` }, brawl.tr(g.title))));
    if (!game) { main.replaceChildren(el("section", { class: "panel" }, el("h1", {}, t("Leaderboards")), nav)); return; }
    let b;
    try { b = await brawl.api("GET", `/api/leaderboard/${encodeURIComponent(game)}`); }
    catch (e) { main.replaceChildren(el("section", { class: "panel" }, el("p", { class: "error notice" }, e.message), nav)); return; }
    document.title = `${t("Leaderboard")}: ${brawl.tr(b.title)} · brawl`;
    const rows = b.players.map((p) => el("tr", {}, el("td", {}, String(p.rank)), el("td", {}, el("a", { href: `/@/${encodeURIComponent(p.username)}` }, p.username)),
      el("td", {}, shown(p)), el("td", {}, String(p.games))));
    const table = el("table", { class: "board", id: "leaderboard" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "#"), el("th", { scope: "col" }, t("Player")), el("th", { scope: "col" }, t("Rating")), el("th", { scope: "col" }, t("Games")))),
      el("tbody", {}, ...rows));
    const bots = el("ul", { class: "links" }, ...b.bots.map((x) => el("li", {}, el("span", { class: "who" }, t("{bot} bot", { bot: brawl.botName(x.bot) })), el("span", {}, t("about {r}", { r: x.rating })))));
    main.replaceChildren(
      el("section", { class: "panel" }, el("h1", {}, `${t("Leaderboard")}: ${brawl.tr(b.title)}`), nav),
      el("section", { class: "panel" }, b.players.length ? table : el("p", { class: "hint" }, t("No settled rating in this game yet: a rating is listed once it has settled (no \"?\")."))),
      el("section", { class: "panel" }, el("h2", {}, t("Bots on the same scale")),
        el("p", { class: "hint" }, t("Measured by the bot ladder; a new player starts at 1500 with a wide deviation (\"?\").")), bots));
  }

  const path = decodeURIComponent(window.location.pathname);
  if (path.startsWith("/@/")) profile(path.slice(3));
  else leaderboard(path.split("/")[2] || "");
})();
