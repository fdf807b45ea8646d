// The lobby: choose a game, its options (defaults from the game's Options model), the seats; create.
"use strict";

(function () {
  const { api, el } = brawl;
  const t = brawl.t;
  const tr = (text) => brawl.tr(text);  // a game's own words (titles, options), from its catalogue
  const $ = (id) => document.getElementById(id);
  const NAME = "brawl.name";
  const gameSelect = document.getElementById("game");
  const optionsBox = document.getElementById("options");
  const seatsBox = document.getElementById("seats");
  const errorBox = document.getElementById("error");
  let games = {};

  function showError(message) {
    errorBox.textContent = message;
    errorBox.hidden = !message;
  }

  function fieldFor(name, prop, value, values) {
    const id = `opt-${name}`;
    const desc = tr(prop.description || "");
    const label = el("label", { for: id }, tr(prop.title || name));
    const help = desc ? el("p", { class: "hint", id: `${id}-help` }, desc) : null;
    let input;
    const choices = prop.enum || (prop.anyOf && prop.anyOf.every((a) => "const" in a) ? prop.anyOf.map((a) => a.const) : null);
    if (choices) {
      input = el("select", { id, name, "aria-describedby": help ? help.id : null });
      // each value under its label for people ("again every round"), in the page's language
      for (const c of choices) input.append(el("option", { value: JSON.stringify(c), selected: c === value }, tr((values || {})[c] || String(c))));
    } else if (prop.type === "boolean") {
      input = el("input", { id, name, type: "checkbox", checked: !!value, "aria-describedby": help ? help.id : null });
      return el("div", { class: "field check" }, input, label, help);
    } else if (prop.type === "integer" || prop.type === "number") {
      input = el("input", { id, name, type: "number", value, step: prop.type === "integer" ? 1 : "any",
        min: prop.minimum ?? prop.exclusiveMinimum, max: prop.maximum ?? prop.exclusiveMaximum,
        inputmode: "numeric", "aria-describedby": help ? help.id : null });
    } else {
      input = el("input", { id, name, type: "text", value: value ?? "", "aria-describedby": help ? help.id : null });
    }
    return el("div", { class: "field" }, label, input, help);
  }

  function readOptions() {
    const info = games[gameSelect.value];
    const props = info.options_schema.properties || {};
    const out = {};
    for (const name of Object.keys(props)) {
      const input = document.getElementById(`opt-${name}`);
      if (!input) continue;
      const prop = props[name];
      let value;
      if (input.type === "checkbox") value = input.checked;
      else if (input.tagName === "SELECT") value = JSON.parse(input.value);
      else if (prop.type === "integer" || prop.type === "number") value = input.value === "" ? null : Number(input.value);
      else value = input.value;
      if (JSON.stringify(value) !== JSON.stringify(info.defaults[name])) out[name] = value;
    }
    return out;
  }

  function seatCount() {
    const info = games[gameSelect.value];
    const players = document.getElementById("opt-players");
    const n = players ? Number(players.value) : info.seats;
    return Math.max(info.min_players, Math.min(info.max_players, n || info.seats));
  }

  function renderSeats() {
    const info = games[gameSelect.value];
    const previous = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.querySelectorAll(".field").forEach((f) => f.remove());
    // Players choose a level; the server plays the bot behind it for the chosen options.  The bots
    // themselves stay on offer, in their own group, for designers who compare them.
    const levels = info.levels || ["easy", "normal", "hard"];
    const preferred = levels.includes("normal") ? "bot:normal" : `bot:${levels[0]}`;
    for (let i = 0; i < seatCount(); i++) {
      const id = `seat-${i}`;
      const select = el("select", { id, name: id });
      select.append(el("option", { value: "human" }, t("Human (invite link)")));
      // with its rating on the players' scale where the ladder measured it ("Computer: hard (about 1560)")
      const rated = (name) => (info.ratings && info.ratings[name] ? " " + t("(about {r})", { r: info.ratings[name] }) : "");
      for (const level of levels) select.append(el("option", { value: `bot:${level}` }, t(`Computer: ${level}`) + rated(level)));
      const named = el("optgroup", { label: t("Bots by name") });
      for (const b of info.bots) named.append(el("option", { value: `bot:${b}` }, t("Bot: {bot}", { bot: brawl.botName(b) }) + rated(b)));
      select.append(named);
      select.value = previous[i] || (i === 0 ? "human" : preferred);
      seatsBox.append(el("div", { class: "field" }, el("label", { for: id }, t("Seat {n}", { n: i + 1 })), select));
      if (i === 0) select.addEventListener("change", nameField);
    }
    nameField();
  }

  function renderGame() {
    const info = games[gameSelect.value];
    const players = info.min_players === info.max_players
      ? t("{n} players", { n: info.min_players }) : t("{min} to {max} players", { min: info.min_players, max: info.max_players });
    document.getElementById("game-title").textContent = info.description ? `${tr(info.description)} (${players})` : players;
    optionsBox.querySelectorAll(".field").forEach((f) => f.remove());
    const props = info.options_schema.properties || {};
    for (const [name, prop] of Object.entries(props)) optionsBox.append(fieldFor(name, prop, info.defaults[name], (info.values || {})[name]));
    optionsBox.hidden = Object.keys(props).length === 0;
    const count = document.getElementById("opt-players");
    if (count) count.addEventListener("input", renderSeats);
    seatsBox.querySelectorAll(".field").forEach((f) => f.remove());
    renderSeats();
    if (brawl.tableDiceField) brawl.tableDiceField(info);  // who rolls: the server or the table (table.js)
    ratedField(info);
    const rules = document.getElementById("rules-link");
    const lang = brawl.lang !== "en" ? `?lang=${brawl.lang}` : "";  // the Spanish page where the game has one
    rules.replaceChildren(el("a", { href: `/rules/${info.name}${lang}`, target: "_blank" }, t("Rules of {title}", { title: tr(info.title) })));
  }

  async function create(event) {
    event.preventDefault();
    showError("");
    const button = document.getElementById("create-button");
    button.disabled = true;
    try {
      const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
      if (isRated()) { showLinks(await brawl.acct("POST", "/api/rooms", ratedBody(seats))); return; }
      const body = { game: gameSelect.value, options: readOptions(), seats, time_control: timeControl(), public: $("public").checked };
      if (brawl.tableDiceChoice && brawl.tableDiceChoice()) body.dice = brawl.tableDiceChoice();
      const name = $("my-name").value.trim();
      if (name && seats[0] === "human") {
        body.names = { "0": name };
        try { localStorage.setItem(NAME, name); } catch (e) { /* not kept */ }
      }
      const room = await api("POST", "/api/rooms", body);
      try { localStorage.setItem("brawl.last-game", gameSelect.value); } catch (e) { /* not kept */ }
      showLinks(room);
    } catch (e) {
      showError(e.message);
    } finally {
      button.disabled = false;
    }
  }

  const RECENT = "brawl.recent-rooms";

  function recentRooms() {
    try { return JSON.parse(localStorage.getItem(RECENT) || "[]"); } catch (e) { return []; }
  }

  function remember(room) {
    const entry = { room: room.room, game: room.game, title: games[room.game] ? games[room.game].title : room.game,
      at: new Date().toISOString(), spectate: room.spectate,
      seats: room.seats.map((s) => ({ name: s.name, kind: s.kind, bot: s.bot, invite: s.invite })) };
    const list = [entry, ...recentRooms().filter((r) => r.room !== room.room)].slice(0, 10);
    try { localStorage.setItem(RECENT, JSON.stringify(list)); } catch (e) { /* private mode: nothing kept */ }
    renderRecent();
  }

  function renderRecent() {
    const rooms = recentRooms();
    const section = document.getElementById("recent");
    section.hidden = rooms.length === 0;
    const list = document.getElementById("recent-list");
    list.replaceChildren();
    const origin = window.location.origin;
    for (const r of rooms) {
      const li = el("li", {}, el("span", { class: "who" }, `${tr(r.title)}, ${new Date(r.at).toLocaleString()}`));
      for (const s of r.seats) {
        if (s.kind !== "human") continue;
        const name = brawl.trName(s.name);
        li.append(el("a", { href: origin + s.invite }, t("Play as {name}", { name })), brawl.copyButton(origin + s.invite, t("Copy {name}'s invite link", { name })));
      }
      li.append(el("a", { href: origin + r.spectate }, t("Watch")));
      const playAll = brawl.recentPlayAll ? brawl.recentPlayAll(r) : null;  // one device for every seat (table.js)
      if (playAll) li.append(playAll);
      list.append(li);
    }
  }

  function showLinks(room) {
    remember(room);
    const list = document.getElementById("link-list");
    list.replaceChildren();
    const origin = window.location.origin;
    for (const raw of room.seats) {
      const seat = Object.assign({}, raw, { name: brawl.trName(raw.name) });  // "Player 2" reads "Jugador 2" in Spanish
      if (seat.kind !== "human") {
        list.append(el("li", {}, el("span", { class: "who" }, t("{seat}: bot {bot}", { seat: seat.name, bot: brawl.botName(seat.bot) }))));
        continue;
      }
      const url = origin + seat.invite;
      if (room.rated && !seat.token) {  // a rated seat: taken by an account's own join on the room's page
        list.append(el("li", {}, el("span", { class: "who" }, `${seat.name}: `),
          el("a", { href: url, class: "rated-invite" }, t("Rated seat: an account takes it on the game's page")), " ",
          brawl.copyButton(url, t("Copy {name}'s invite link", { name: seat.name }))));
        continue;
      }
      list.append(el("li", {},
        el("span", { class: "who" }, seat.player ? `${seat.player} (${seat.name}): ` : `${seat.name}: `),
        el("a", { href: url, class: "play-link" }, t("Play as {name}", { name: seat.name })), " ",
        brawl.copyButton(url, t("Copy {name}'s invite link", { name: seat.name })), " ",
        brawl.qrButton ? brawl.qrButton(url, t("{name}'s invite link", { name: seat.name })) : ""));
    }
    const watch = origin + room.spectate;
    list.append(el("li", {}, el("span", { class: "who" }, t("Spectators: ")),
      el("a", { href: watch, class: "watch-link" }, t("Watch")), " ", brawl.copyButton(watch, t("Copy the spectator link"))));
    const playAll = brawl.playAllItem ? brawl.playAllItem(room) : null;  // one device for every seat (table.js)
    if (playAll) list.append(playAll);
    document.getElementById("commitment").textContent = room.commitment;
    const info = games[room.game];
    document.getElementById("commitment-line").hidden = !!info && info.dice === false;  // no dice, nothing to check
    const section = document.getElementById("links");
    section.hidden = false;
    document.getElementById("links-title").focus();
  }

  async function start() {
    try {
      const list = await brawl.games();  // with the games' own words in this language
      for (const g of list) {
        games[g.name] = g;
        gameSelect.append(el("option", { value: g.name }, tr(g.title)));
      }
      let lastUsed = null;
      try { lastUsed = localStorage.getItem("brawl.last-game"); } catch (e) { lastUsed = null; }
      // first visit: Krig, the quickest game to learn; later, the game last played
      const wanted = new URLSearchParams(window.location.search).get("game") || lastUsed || "krig";
      if (wanted && games[wanted]) gameSelect.value = wanted;
      renderGame();
      renderRecent();
    } catch (e) {
      showError(t("cannot load the games: {message}", { message: e.message }));
    }
  }

  // -- the time control -------------------------------------------------------------------------
  function timeMode() {
    const mode = $("time-mode").value;
    $("move-field").hidden = mode !== "move";
    $("game-field").hidden = mode !== "game";
    $("increment-field").hidden = mode !== "game";
  }

  function timeControl() {
    const mode = $("time-mode").value;
    const num = (id, fallback) => { const n = Number($(id).value); return Number.isFinite(n) && $(id).value !== "" ? n : fallback; };
    const out = { mode, away_limit: num("away-limit", 120) };
    if (mode === "move") out.seconds = num("time-seconds", 60);
    if (mode === "game") { out.seconds = num("time-minutes", 10) * 60; out.increment = num("time-increment", 0); }
    return out;
  }

  // -- a rated game (logged in): the server's rules, a clock of its fixed list for the game ------------
  const isRated = () => !!$("rated") && $("rated").checked && !$("rated-field").hidden;

  async function ratedField(info) {
    let field = $("rated-field");
    if (!field) {
      const box = el("input", { type: "checkbox", id: "rated", onchange: ratedMode });
      const clock = el("select", { id: "rated-clock" });
      field = el("div", { id: "rated-field", hidden: true },
        el("div", { class: "field check" }, box,
          el("label", { for: "rated" }, t("Rated: the server's rules (its dice, no hints, no takebacks, a fixed clock); each other seat is taken by an account"))),
        el("div", { class: "field", id: "rated-clock-field", hidden: true }, el("label", { for: "rated-clock" }, t("Rated clock")), clock));
      $("public").closest(".field").before(field);
    }
    const me = brawl.me ? await brawl.me() : null;
    field.hidden = !me;
    try {
      const rules = await api("GET", `/api/rated/${encodeURIComponent(info.name)}`);
      $("rated-clock").replaceChildren(...rules.time_controls.map((c, i) => el("option", { value: String(i) }, t(c.name))));
      $("rated-clock").dataset.list = JSON.stringify(rules.time_controls);
    } catch (e) { field.hidden = true; }
    ratedMode();
  }

  function ratedMode() {
    const on = isRated();
    $("rated-clock-field").hidden = !on;
    $("time").hidden = on;  // a rated game's clock is the server's
    if ($("dice-field")) $("dice-field").hidden = on || (games[gameSelect.value] || {}).dice === false;
    $("my-name-field").hidden = on || ($("seat-0") && $("seat-0").value !== "human");
  }

  function ratedBody(seats) {
    const chosen = JSON.parse($("rated-clock").dataset.list || "[]")[Number($("rated-clock").value) || 0];
    const body = { game: gameSelect.value, options: readOptions(), seats, public: $("public").checked, rated: true };
    if (chosen) body.time_control = { mode: chosen.mode, seconds: chosen.seconds, increment: chosen.increment };
    return body;
  }

  // the creator's own name, for seat 1 when a person sits there
  function nameField() {
    const first = $("seat-0");
    $("my-name-field").hidden = !!first && first.value !== "human";
  }

  // -- open games: public rooms with a free seat ---------------------------------------------------
  async function loadOpen() {
    const box = $("open-error");
    box.hidden = true;
    try {
      const data = await api("GET", "/api/rooms/public");
      renderOpen(data.rooms || []);
    } catch (e) {
      box.textContent = t("cannot load the open games: {message}", { message: e.message });
      box.hidden = false;
    }
  }

  function renderOpen(rooms) {
    const list = $("open-list");
    if (list.querySelector(".join-form")) return;  // someone is typing a name: leave the list alone
    list.replaceChildren();
    $("open-empty").hidden = rooms.length > 0;
    for (const r of rooms) {
      const players = r.players.map((p, i) => p || (r.free.includes(i) ? t("free seat") : "–"));
      const seats = el("div", { class: "open-seats" });
      const li = el("li", { "data-room": r.room },
        el("div", { class: "open-head" }, el("span", { class: "who" }, tr(r.title)),
          el("span", { class: "hint" }, t("Players: {names}", { names: players.join(", ") }))), seats);
      for (const seat of r.free) {
        const seatName = seatLabel(r, seat);
        seats.append(el("button", { type: "button", class: "join", "data-seat": String(seat),
          onclick: () => joinForm(li, r, seat) }, t("Join as {seat}", { seat: seatName })));
      }
      list.append(li);
    }
  }

  // the seat's name in its game (Sun, Moon), as the open-games list gives it, else "Seat N"
  function seatLabel(r, seat) {
    return r.seat_names && r.seat_names[seat] ? brawl.trName(r.seat_names[seat]) : t("Seat {n}", { n: seat + 1 });
  }

  function joinForm(li, r, seat) {
    li.querySelectorAll(".join-form").forEach((f) => f.remove());
    const id = `join-name-${r.room}-${seat}`;
    let stored = "";
    try { stored = localStorage.getItem(NAME) || ""; } catch (e) { stored = ""; }
    const input = el("input", { id, type: "text", maxlength: "24", autocomplete: "nickname", value: stored, required: true });
    const error = el("p", { class: "error", role: "alert", hidden: true });
    const cancel = el("button", { type: "button" }, t("Cancel"));
    const form = el("form", { class: "join-form", novalidate: true, "aria-label": t("Join {title} as {seat}", { title: r.title, seat: seatLabel(r, seat) }) },
      el("div", { class: "field" }, el("label", { for: id }, t("Your name")), input),
      el("button", { type: "submit", class: "primary" }, t("Join")), cancel, error);
    cancel.addEventListener("click", () => { form.remove(); loadOpen(); });
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const name = input.value.trim();
      error.hidden = true;
      if (!name) { error.textContent = t("a name is needed to join"); error.hidden = false; return; }
      try {
        const joined = await api("POST", `/api/rooms/${encodeURIComponent(r.room)}/join`, { seat, name });
        try { localStorage.setItem(NAME, name); } catch (err) { /* not kept */ }
        remember({ room: joined.room, game: r.game, spectate: `/watch/${joined.room}`,
          seats: [{ name: seatLabel(r, seat), kind: "human", invite: joined.invite }] });
        window.location.assign(joined.invite);
      } catch (err) {
        error.textContent = err.message;
        error.hidden = false;
      }
    });
    li.append(form);
    input.focus();
  }

  $("time-mode").addEventListener("change", timeMode);
  timeMode();
  try { $("my-name").value = localStorage.getItem(NAME) || ""; } catch (e) { /* not kept */ }
  $("open-refresh").addEventListener("click", loadOpen);
  loadOpen();
  setInterval(() => { if (!document.hidden) loadOpen(); }, 15000);
  document.getElementById("forget").addEventListener("click", () => {
    try { localStorage.removeItem(RECENT); } catch (e) { /* nothing kept anyway */ }
    renderRecent();
  });
  gameSelect.addEventListener("change", renderGame);
  document.getElementById("create").addEventListener("submit", create);
  start();
})();
