// The lobby: choose a game, its options (defaults from the game's Options model), the seats; create.
"use strict";

(function () {
  const { api, el } = brawl;
  const gameSelect = document.getElementById("game");
  const optionsBox = document.getElementById("options");
  const seatsBox = document.getElementById("seats");
  const errorBox = document.getElementById("error");
  let games = {};

  function showError(message) {
    errorBox.textContent = message;
    errorBox.hidden = !message;
  }

  function fieldFor(name, prop, value) {
    const id = `opt-${name}`;
    const desc = prop.description || "";
    const label = el("label", { for: id }, prop.title || name);
    const help = desc ? el("p", { class: "hint", id: `${id}-help` }, desc) : null;
    let input;
    const choices = prop.enum || (prop.anyOf && prop.anyOf.every((a) => "const" in a) ? prop.anyOf.map((a) => a.const) : null);
    if (choices) {
      input = el("select", { id, name, "aria-describedby": help ? help.id : null });
      for (const c of choices) input.append(el("option", { value: JSON.stringify(c), selected: c === value }, String(c)));
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
    const preferred = info.bots.includes("heuristic") ? "bot:heuristic" : `bot:${info.bots[0]}`;
    for (let i = 0; i < seatCount(); i++) {
      const id = `seat-${i}`;
      const select = el("select", { id, name: id });
      select.append(el("option", { value: "human" }, "Human (invite link)"));
      for (const b of info.bots) select.append(el("option", { value: `bot:${b}` }, `Bot: ${b}`));
      select.value = previous[i] || (i === 0 ? "human" : preferred);
      seatsBox.append(el("div", { class: "field" }, el("label", { for: id }, `Seat ${i + 1}`), select));
    }
  }

  function renderGame() {
    const info = games[gameSelect.value];
    const players = info.min_players === info.max_players
      ? `${info.min_players} players` : `${info.min_players} to ${info.max_players} players`;
    document.getElementById("game-title").textContent = info.description ? `${info.description} (${players})` : players;
    optionsBox.querySelectorAll(".field").forEach((f) => f.remove());
    const props = info.options_schema.properties || {};
    for (const [name, prop] of Object.entries(props)) optionsBox.append(fieldFor(name, prop, info.defaults[name]));
    optionsBox.hidden = Object.keys(props).length === 0;
    const count = document.getElementById("opt-players");
    if (count) count.addEventListener("input", renderSeats);
    seatsBox.querySelectorAll(".field").forEach((f) => f.remove());
    renderSeats();
    const rules = document.getElementById("rules-link");
    rules.replaceChildren(el("a", { href: `/rules/${info.name}`, target: "_blank" }, `Rules of ${info.title}`));
  }

  async function create(event) {
    event.preventDefault();
    showError("");
    const button = document.getElementById("create-button");
    button.disabled = true;
    try {
      const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
      const room = await api("POST", "/api/rooms", { game: gameSelect.value, options: readOptions(), seats });
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
      const li = el("li", {}, el("span", { class: "who" }, `${r.title}, ${new Date(r.at).toLocaleString()}`));
      for (const s of r.seats) {
        if (s.kind !== "human") continue;
        li.append(el("a", { href: origin + s.invite }, `Play as ${s.name}`), brawl.copyButton(origin + s.invite, `Copy ${s.name}'s invite link`));
      }
      li.append(el("a", { href: origin + r.spectate }, "Watch"));
      list.append(li);
    }
  }

  function showLinks(room) {
    remember(room);
    const list = document.getElementById("link-list");
    list.replaceChildren();
    const origin = window.location.origin;
    for (const seat of room.seats) {
      if (seat.kind !== "human") {
        list.append(el("li", {}, el("span", { class: "who" }, `${seat.name}: bot ${seat.bot}`)));
        continue;
      }
      const url = origin + seat.invite;
      list.append(el("li", {},
        el("span", { class: "who" }, `${seat.name}: `),
        el("a", { href: url, class: "play-link" }, `Play as ${seat.name}`), " ",
        brawl.copyButton(url, `Copy ${seat.name}'s invite link`)));
    }
    const watch = origin + room.spectate;
    list.append(el("li", {}, el("span", { class: "who" }, "Spectators: "),
      el("a", { href: watch, class: "watch-link" }, "Watch"), " ", brawl.copyButton(watch, "Copy the spectator link")));
    document.getElementById("commitment").textContent = room.commitment;
    const info = games[room.game];
    document.getElementById("commitment-line").hidden = !!info && info.dice === false;  // no dice, nothing to check
    const section = document.getElementById("links");
    section.hidden = false;
    document.getElementById("links-title").focus();
  }

  async function start() {
    try {
      const list = await api("GET", "/api/games");
      for (const g of list) {
        games[g.name] = g;
        gameSelect.append(el("option", { value: g.name }, g.title));
      }
      let lastUsed = null;
      try { lastUsed = localStorage.getItem("brawl.last-game"); } catch (e) { lastUsed = null; }
      // first visit: Krig, the quickest game to learn; later, the game last played
      const wanted = new URLSearchParams(window.location.search).get("game") || lastUsed || "krig";
      if (wanted && games[wanted]) gameSelect.value = wanted;
      renderGame();
      renderRecent();
    } catch (e) {
      showError(`cannot load the games: ${e.message}`);
    }
  }

  document.getElementById("forget").addEventListener("click", () => {
    try { localStorage.removeItem(RECENT); } catch (e) { /* nothing kept anyway */ }
    renderRecent();
  });
  gameSelect.addEventListener("change", renderGame);
  document.getElementById("create").addEventListener("submit", create);
  start();
})();
