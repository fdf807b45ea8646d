// Accounts on every page that loads this file: brawl.me() (who is logged in, or null), brawl.acct
// (API calls made as the account: the CSRF token goes in X-CSRF-Token).  On the lobby it draws the
// account panel (sign up, log in, log out, profile link) and quick pairing (find an opponent of
// your strength, the number waiting, cancel); on a game page it plays your seat as your account.
"use strict";

(function () {
  const { el } = brawl;
  const t = brawl.t;
  let me;  // undefined: not asked yet; null: a guest

  brawl.me = async function () {
    if (me !== undefined) return me;
    try {
      // a guest is answered 200 with no name (no 401 in the page's console)
      // never the browser's copy: a page brought back by Back asks again (logged out since)
      const res = await fetch("/api/me?guest_ok=true", { headers: { Accept: "application/json" }, cache: "no-store" });
      me = res.ok ? await res.json() : null;
      if (me && !me.username) me = null;
    } catch (e) { me = null; }
    return me;
  };

  // a page brought back by Back from the browser's cache shows who was logged in then (a profile's
  // Challenge button after logging out): it is drawn again, asking the server afresh
  window.addEventListener("pageshow", (e) => { if (e.persisted) window.location.reload(); });

  brawl.acct = async function (method, path, body) {
    const headers = { Accept: "application/json" };
    if (me && me.csrf) headers["X-CSRF-Token"] = me.csrf;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    return brawl.answer(res.status, data);
  };

  const profileLink = (name) => el("a", { href: `/@/${encodeURIComponent(name)}` }, name);

  // --- the lobby's account panel ----------------------------------------------------------
  function accountPanel(box) {
    const error = el("div", { role: "alert", class: "error", hidden: true });
    const fail = (e) => { error.textContent = e.message; error.hidden = false; };
    const draw = () => {
      box.replaceChildren(el("h2", { id: "account-title" }, t("Your account")));
      error.hidden = true;
      if (me) {
        box.append(el("p", {}, t("Signed in as"), " ", profileLink(me.username)),
          el("div", { class: "row-buttons" },
            el("a", { class: "button-link", href: `/@/${encodeURIComponent(me.username)}` }, t("Profile and ratings")),
            el("a", { class: "button-link", href: "/leaderboard" }, t("Leaderboards")),
            el("button", { type: "button", id: "log-out", onclick: async () => {
              try { await brawl.acct("DELETE", "/api/session"); me = null; draw(); quick(); } catch (e) { fail(e); }
            } }, t("Log out"))), error);
        return;
      }
      const user = el("input", { id: "acct-name", type: "text", autocomplete: "username", maxlength: 20, required: true });
      const pass = el("input", { id: "acct-pass", type: "password", autocomplete: "current-password", minlength: 8, required: true });
      const submit = async (path) => {
        try {
          me = await brawl.acct("POST", path, { username: user.value.trim(), password: pass.value });
          draw(); quick();
          const challengeBox = document.getElementById("challenge");
          const asked = new URLSearchParams(window.location.search);
          if (challengeBox && asked.get("challenge")) acceptPanel(challengeBox, asked.get("challenge"), asked.get("game") || "krig", asked.get("rated") === "1");
        } catch (e) { fail(e); }
      };
      const form = el("form", { id: "account-form", novalidate: true, onsubmit: (ev) => { ev.preventDefault(); submit("/api/session"); } },
        el("div", { class: "field" }, el("label", { for: "acct-name" }, t("Username")), user),
        el("div", { class: "field" }, el("label", { for: "acct-pass" }, t("Password (8 characters or more)")), pass),
        el("div", { class: "row-buttons" },
          el("button", { type: "submit", class: "primary", id: "log-in" }, t("Log in")),
          el("button", { type: "button", id: "sign-up", onclick: () => submit("/api/accounts") }, t("Sign up"))));
      box.append(el("p", { class: "hint" }, t("Optional: guests play as before. An account keeps your games and a rating per game, and finds you opponents of your strength.")),
        form, error, el("p", {}, el("a", { href: "/leaderboard" }, t("Leaderboards"))));
    };
    draw();
  }

  // --- quick pairing ----------------------------------------------------------------------
  let quickBox = null;
  let stopWaiting = () => {};  // stops polling the seek now waited for
  async function quick() {
    if (!quickBox) return;
    quickBox.hidden = !me;
    if (!me) return;
    const games = await brawl.games();
    const chosen = (document.getElementById("game") || {}).value;  // the game chosen for a new game, if any
    const select = el("select", { id: "seek-game" }, ...games.map((g) => el("option", { value: g.name, selected: g.name === chosen }, brawl.tr(g.title))));
    const rated = el("input", { type: "checkbox", id: "seek-rated", checked: true });
    // a game for more than two (KtOG: 2 to 8) asks how many play: the table waits for as many seekers
    const count = el("select", { id: "seek-players" });
    const countField = el("div", { class: "field", id: "seek-players-field" }, el("label", { for: "seek-players" }, t("Players")), count);
    const clock = el("p", { class: "hint", id: "seek-clock" });
    const byName = Object.fromEntries(games.map((g) => [g.name, g]));
    const seekOptions = () => (countField.hidden ? {} : { players: Number(count.value) });
    const drawCount = async () => {
      const g = byName[select.value];
      countField.hidden = !g || g.defaults.players === undefined || g.min_players === g.max_players;
      if (!countField.hidden) {
        const range = Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i);
        count.replaceChildren(...range.map((n) => el("option", { value: String(n), selected: n === g.defaults.players }, String(n))));
      }
      clock.textContent = "";
      try {
        const rules = await brawl.api("GET", `/api/rated/${encodeURIComponent(select.value)}`);
        clock.textContent = t("A rated game: the server's dice, no hints or takebacks, clock {name}.", { name: t(rules.time_controls[0].name) });
      } catch (e) { /* no rated rules shown */ }
      clock.hidden = !rated.checked;
    };
    select.addEventListener("change", drawCount);
    rated.addEventListener("change", () => { clock.hidden = !rated.checked; });
    const status = el("p", { id: "seek-status", role: "status", "aria-live": "polite" });
    const error = el("div", { role: "alert", class: "error", hidden: true });
    const go = el("button", { type: "button", class: "primary", id: "seek-go" }, t("Find an opponent"));
    const stop = el("button", { type: "button", id: "seek-cancel", hidden: true }, t("Cancel"));
    const idle = () => { stopWaiting(); stopWaiting = () => {}; go.disabled = false; stop.hidden = true; };
    go.onclick = async () => {
      error.hidden = true;
      try {
        const seek = await brawl.acct("POST", "/api/seeks", { game: select.value, rated: rated.checked, client_id: seekId(), options: seekOptions() });
        go.disabled = true; stop.hidden = false;
        stopWaiting = brawl.waitForSeek(seek, status, (e) => { idle(); error.textContent = e.message; error.hidden = false; });
      } catch (e) { error.textContent = e.message; error.hidden = false; }
    };
    stop.onclick = async () => { idle(); status.textContent = ""; try { await brawl.acct("DELETE", "/api/seeks"); } catch (e) { /* gone */ } };
    quickBox.replaceChildren(el("h2", {}, t("Quick pairing")),
      el("p", { class: "hint" }, t("Paired with the waiting player closest to your rating; the range widens while you wait.")),
      el("div", { class: "field" }, el("label", { for: "seek-game" }, t("Game")), select),
      countField,
      el("div", { class: "field check" }, rated, el("label", { for: "seek-rated" }, t("Rated (changes both players' ratings)"))),
      clock,
      el("div", { class: "row-buttons" }, go, stop), status, error);
    drawCount();
  }

  // --- challenges: a seek naming one opponent, who accepts from a link --------------------------
  // brawl.challenge(box, name): on NAME's profile, challenge them (a link to send them, then wait)
  // a seek's id of this page: sent again (an answer lost), the server keeps one seek
  const seekId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  // opponent: a challenge's other player (then the rating window says nothing: only they can take it)
  brawl.waitForSeek = function (seek, status, onError, opponent) {
    const show = (s) => {
      if (s.paired && s.ready) { clearInterval(timer); status.textContent = t("Paired: opening your game…"); window.location.href = s.invite; return; }
      if (s.paired) { status.textContent = t("Opponent found: waiting for every player to arrive…"); return; }
      const others = Math.max(0, (s.waiting || 0) - 1);  // the count holds this seek too
      status.textContent = opponent ? t("Waiting for {name} to accept the challenge…", { name: opponent })
        : t("Waiting for an opponent: {n} others waiting for this game; ratings within {w} points of yours.", { n: others, w: s.window });
    };
    let timer = null;
    show(seek);
    if (!(seek.paired && seek.ready)) timer = setInterval(async () => {  // asking keeps the seek alive
      try { show(await brawl.acct("GET", `/api/seeks/${seek.seek}`)); } catch (e) { clearInterval(timer); onError(e); }
    }, 1000);
    return () => clearInterval(timer);
  };

  brawl.challenge = async function (box, name) {
    if (!(await brawl.me()) || me.username.toLowerCase() === name.toLowerCase()) return;
    const games = (await brawl.games()).filter((g) => g.max_players >= 2 && (g.defaults.players ?? 2) === 2);
    const select = el("select", { id: "challenge-game" }, ...games.map((g) => el("option", { value: g.name }, brawl.tr(g.title))));
    const rated = el("input", { type: "checkbox", id: "challenge-rated", checked: true });
    const status = el("p", { id: "challenge-status", role: "status" });
    const error = el("div", { role: "alert", class: "error", hidden: true });
    const go = el("button", { type: "button", class: "primary", id: "challenge-go", onclick: async () => {
      error.hidden = true;
      try {
        const seek = await brawl.acct("POST", "/api/seeks", { game: select.value, rated: rated.checked, opponent: name, client_id: seekId() });
        go.disabled = true;
        const link = `${window.location.origin}/?challenge=${encodeURIComponent(me.username)}&game=${encodeURIComponent(select.value)}&rated=${rated.checked ? 1 : 0}`;
        box.append(el("p", {}, t("Send {name} this link to accept:", { name }), " ", el("code", { id: "challenge-link", class: "hash" }, link),
          " ", brawl.copyButton(link, t("Copy the challenge link"))));
        brawl.waitForSeek(seek, status, (e) => { error.textContent = e.message; error.hidden = false; }, name);
      } catch (e) { error.textContent = e.message; error.hidden = false; }
    } }, t("Challenge {name}", { name }));
    box.replaceChildren(el("h2", {}, t("Challenge {name}", { name })),
      el("div", { class: "field" }, el("label", { for: "challenge-game" }, t("Game")), select),
      el("div", { class: "field check" }, rated, el("label", { for: "challenge-rated" }, t("Rated (changes both players' ratings)"))),
      go, status, error);
    box.hidden = false;
  };

  function acceptPanel(box, from, game, rated) {
    const error = el("div", { role: "alert", class: "error", hidden: true });
    const status = el("p", { id: "accept-status", role: "status" });
    const accept = el("button", { type: "button", class: "primary", id: "accept-go", disabled: !me, onclick: async () => {
      error.hidden = true;
      try {
        const seek = await brawl.acct("POST", "/api/seeks", { game, rated, opponent: from, client_id: seekId() });
        accept.disabled = true;
        brawl.waitForSeek(seek, status, (e) => { error.textContent = e.message; error.hidden = false; }, from);
      } catch (e) { error.textContent = e.message; error.hidden = false; }
    } }, t("Accept"));
    box.replaceChildren(el("h2", {}, t("A challenge")),
      el("p", { id: "challenge-words" }, t(rated ? "{name} challenges you to a rated game of {game}." : "{name} challenges you to a game of {game}.", { name: from, game })),
      me ? accept : el("p", { class: "hint" }, t("Log in or sign up below to accept.")), status, error);
    box.hidden = false;
    // the game by its title, in the page's language (the link names it by its id: "krig")
    brawl.games().then((list) => {
      const found = list.find((g) => g.name === game);
      const words = document.getElementById("challenge-words");
      if (found && words) words.textContent = t(rated ? "{name} challenges you to a rated game of {game}." : "{name} challenges you to a game of {game}.", { name: from, game: brawl.tr(found.title) });
    }).catch(() => {});
  }

  // --- a game page: your seat as your account ---------------------------------------------
  // a rated room's seat is never bound this way: the server refuses a rated seat no account took by
  // its own join (the page offers "Play this rated game as NAME" for that; see game-people.js)
  async function claimSeat() {
    const m = /[#&]t=([^&]+)/.exec(window.location.hash);
    const room = /^\/play\/([^/]+)/.exec(window.location.pathname);
    if (!m || !room || !(await brawl.me())) return;
    try { await brawl.acct("POST", `/api/rooms/${room[1]}/account`, { token: decodeURIComponent(m[1]) }); } catch (e) { /* a guest's seat stays a guest's */ }
  }

  // the header's link to /games, with how many games wait for a decision of yours
  async function headerGames() {
    const nav = document.querySelector("header.top nav");
    if (nav && nav.querySelector("#my-games")) return;
    const link = nav ? el("a", { id: "my-games", href: "/games" }, t("Your games")) : null;  // a game page has no nav
    if (link) nav.append(" ", link);
    if (!me) return;
    // while any page is open (a game page too): the count kept fresh, and a system notification for
    // a game newly waiting when the account chose it (the Notification API; push messages come
    // without a page), never for the game open in front of the player: this page's own, or one whose
    // game page is open elsewhere (the server's page_open)
    const settings = await brawl.acct("GET", "/api/me/notifications").catch(() => null);
    const here = (/^\/(?:play|watch)\/([^/]+)/.exec(window.location.pathname) || [])[1];
    let seen = null;
    const look = async () => {
      try {
        const data = await brawl.acct("GET", "/api/me/games");
        const old = document.getElementById("my-games-waiting");
        if (old) old.remove();
        if (data.waiting && link) link.append(el("span", { class: "badge", id: "my-games-waiting", "aria-label": t("{n} waiting for your decision", { n: data.waiting }) }, `\u00a0(${data.waiting})`));
        const now = new Set(data.games.filter((g) => g.your_turn).map((g) => g.room));
        if (seen && settings && settings.system && "Notification" in window && Notification.permission === "granted") {
          for (const g of data.games) {
            if (g.your_turn && !seen.has(g.room) && g.room !== here && !g.page_open) {
              const others = (g.others || []).map(brawl.trName).join(", ");
              new Notification("brawl", { body: t(others ? "Your turn in {game} with {others}" : "Your turn in {game}", { game: brawl.tr(g.title), others }), tag: g.room });
            }
          }
        }
        seen = now;
      } catch (e) { /* the link stays without its count */ }
      setTimeout(look, 60000);
    };
    look();
  }

  // a game page asks nothing of its own before the game is drawn (its first frame comes first); a
  // page that never draws still gets its account after a few seconds
  const drawn = () => new Promise((resolve) => {
    if (!document.querySelector("main.game") || document.body.dataset.ready) { resolve(); return; }
    document.addEventListener("brawl:drawn", resolve, { once: true });
    setTimeout(resolve, 5000);
  });

  async function start() {
    await drawn();
    await brawl.me();
    headerGames();
    const box = document.getElementById("account");
    if (box) { accountPanel(box); quickBox = document.getElementById("quick"); quick(); }
    const asked = new URLSearchParams(window.location.search);
    const challengeBox = document.getElementById("challenge");
    if (challengeBox && asked.get("challenge")) acceptPanel(challengeBox, asked.get("challenge"), asked.get("game") || "krig", asked.get("rated") === "1");
    if (document.querySelector("main.game")) claimSeat();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
