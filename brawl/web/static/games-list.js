// The /games page: your games in progress, those waiting for your decision first, each with the
// time you have left and a button that opens your seat.  Logged in: GET /api/me/games, and "Open"
// asks POST /api/me/games/ROOM/seat for your seat's token (it goes in the address's fragment only).
// A guest: the games of this browser (the lobby's recent games), each room asked with the token
// this browser holds.
"use strict";

(function () {
  const { el } = brawl;
  const t = brawl.t;
  const RECENT = "brawl.recent-rooms";

  brawl.timeLeft = function (seconds) {
    if (seconds === null || seconds === undefined) return t("no clock");
    const s = Math.max(0, seconds);
    if (s + 60 >= 2 * 86400) return t("{n} days left", { n: Math.floor((s + 60) / 86400) });  // a fresh decision reads its whole period
    if (s >= 2 * 3600) return t("{n} hours left", { n: Math.floor(s / 3600) });
    if (s >= 120) return t("{n} minutes left", { n: Math.floor(s / 60) });
    return t("{n} seconds left", { n: Math.floor(s) });
  };

  const list = document.getElementById("games-list");
  const who = document.getElementById("games-who");
  const error = document.getElementById("games-error");
  const fail = (e) => { error.textContent = e.message; error.hidden = false; };

  function row(g, open) {
    const head = g.your_turn ? t("Your decision") : t("Waiting for the others");
    const others = g.others.map(brawl.trName).join(", ");
    const li = el("li", { class: g.your_turn ? "game-row waiting" : "game-row", "data-room": g.room },
      el("strong", {}, `${brawl.tr(g.title)}: ${head}`), " ",
      el("span", { class: "who" }, t("with {names}", { names: others })), " ",
      el("span", { class: "left" }, g.your_turn ? brawl.timeLeft(g.left) : ""), " ", open);
    return li;
  }

  async function account() {
    const data = await brawl.acct("GET", "/api/me/games");
    who.textContent = data.games.length ? t("{n} waiting for your decision", { n: data.waiting }) : t("No games in progress.");
    list.replaceChildren(...data.games.map((g) => row(g, el("button", { type: "button", class: g.your_turn ? "primary" : "", onclick: async (ev) => {
      ev.target.disabled = true;
      try {
        const opened = await brawl.acct("POST", g.open);
        window.location.assign(opened.invite);
      } catch (e) { ev.target.disabled = false; fail(e); }
    } }, t("Open")))));
  }

  async function guest() {
    let rooms = [];
    try { rooms = JSON.parse(localStorage.getItem(RECENT) || "[]"); } catch (e) { rooms = []; }
    const found = [];
    for (const r of rooms) {
      for (const s of r.seats || []) {
        const m = /[#&]t=([^&]+)/.exec(s.invite || "");
        if (!m) continue;
        try {
          const res = await fetch(`/api/rooms/${r.room}`, { headers: { "X-Seat-Token": decodeURIComponent(m[1]), Accept: "application/json" } });
          if (!res.ok) continue;
          const v = await res.json();
          if (v.over) break;
          const clock = v.clocks && v.clocks.seats[String(v.seat)];
          found.push({ room: r.room, title: v.title, your_turn: v.your_turn, left: clock ? clock.left : (v.timer ? v.timer.left : null),
            others: v.seats.filter((x) => x.seat !== v.seat).map((x) => x.player || x.name), invite: s.invite });
        } catch (e) { /* a room that cannot be reached now is left out */ }
      }
    }
    found.sort((a, b) => (b.your_turn - a.your_turn) || ((a.left ?? Infinity) - (b.left ?? Infinity)));
    who.textContent = found.length ? t("The games of this browser (log in to see your account's games anywhere)") : t("No games in progress.");
    list.replaceChildren(...found.map((g) => row(g, el("a", { class: "button-link", href: window.location.origin + g.invite }, t("Open")))));
  }

  async function start() {
    try { if (await brawl.me()) await account(); else await guest(); } catch (e) { fail(e); }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
