// Shared helpers for the lobby and the game page: the HTTP API and small DOM builders.
"use strict";

window.brawl = window.brawl || {};
brawl.t = brawl.t || ((key, params) => key.replace(/\{(\w+)\}/g, (m, k) => (params && k in params ? String(params[k]) : m)));

brawl.api = async function (method, path, body, token) {
  const headers = { "Accept": "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    // no answer at all (the server is down, the network gone): nothing was refused, nothing arrived
    const err = new Error(brawl.t("the server cannot be reached"));
    err.unreachable = true;
    throw err;
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  return brawl.answer(res.status, data);
};

// GET /api/games, asked once a page: on a page not in English each game's own words (titles,
// descriptions, options) are added to the catalogue first (brawl.addWords), so brawl.tr(g.title)
// reads in the page's language wherever a game is named.
let gamesAsked = null;
brawl.games = function () {
  if (!gamesAsked) {
    gamesAsked = brawl.api("GET", "/api/games").then(async (list) => {
      await Promise.all(list.map((g) => brawl.gameWords(g.name)));
      return list;
    });
    gamesAsked.catch(() => { gamesAsked = null; });  // a failed answer is asked again next time
  }
  return gamesAsked;
};

// A game's own words (its labels, prompts, log lines, titles) in the page's language, added to the
// catalogue once a page (brawl.addWords); a promise, settled when they are in (at once in English,
// or where the page came with its game's words inline).  Whatever shows a game's text waits for it.
const wordsAsked = {};
brawl.gameWords = function (game) {
  if (!brawl.lang || brawl.lang === "en" || !brawl.addWords || brawl.wordsInline) return Promise.resolve();
  if (!wordsAsked[game]) {
    wordsAsked[game] = brawl.api("GET", `/api/games/${encodeURIComponent(game)}/words?lang=${brawl.lang}`)
      .then((w) => brawl.addWords(w)).catch(() => null);  // stays English
  }
  return wordsAsked[game];
};

// What an answer of the API brings: its data, or an error with the server's message (and status).
brawl.answer = function (status, data) {
  if (status >= 200 && status < 300) return data;
  // the server's refusal in the page's language (i18n-es-errors.js)
  const said = (data && data.error) || brawl.t("request failed ({status})", { status });
  const err = new Error(brawl.trError ? brawl.trError(said) : said);
  err.english = said;
  err.status = status;
  throw err;
};

// el("button", {class: "x", onclick: f}, "text", child, ...)
brawl.el = function (tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
};

brawl.svg = function (tag, attrs) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
};

brawl.copyButton = function (text, label) {
  const button = brawl.el("button", { type: "button", class: "copy", "aria-label": label }, brawl.t("Copy link"));
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = brawl.t("Copied ✓");
    } catch (e) {
      // no clipboard permission: select the text so the user can copy it
      window.prompt(brawl.t("Copy this link:"), text);
    }
    setTimeout(() => { button.textContent = brawl.t("Copy link"); }, 2000);
  });
  return button;
};

// -- shared by the game page and the replay viewer ---------------------------------------------------

// a script added to the page; resolves once it has run
brawl.loadScript = function (src) {
  return new Promise((resolve, reject) => {
    const s = brawl.el("script", { src });
    s.onload = resolve; s.onerror = reject;
    document.body.append(s);
  });
};

// Game renderers register themselves (static/games/<game>.js, see DEVELOPERS.md).
brawl.renderers = brawl.renderers || {};
brawl.registerRenderer = function (game, r) { brawl.renderers[game] = r; };

// The game's own renderer, or null (the status table draws every game).  info: the game's entry of
// GET /api/games (or a promise of it), which says whether it ships a renderer.
brawl.loadRenderer = async function (game, info) {
  if (brawl.renderers[game]) return brawl.renderers[game];
  try {
    const found = await info;
    if (!found || !found.renderer) return null;
    if (!brawl.board) await brawl.loadScript("/static/board.js");  // the boards' gestures, before the board
    for (const part of found.renderer_parts || []) await brawl.loadScript(`/static/games/${encodeURIComponent(part)}`);
    await brawl.loadScript(`/static/games/${encodeURIComponent(game)}.js`);
    return brawl.renderers[game] || null;
  } catch (e) {
    return null;
  }
};

// "Ana (Sun)" when a person chose a name, else the game's name for the seat
brawl.seatName = function (v, s) {
  const seat = v && v.seats && v.seats[s];
  if (!seat) return brawl.t("Player {n}", { n: s + 1 });
  const name = brawl.trName ? brawl.trName(seat.name) : seat.name;  // "Player 2" reads "Jugador 2" in Spanish
  return seat.player ? `${seat.player} (${name})` : name;
};

// a dot and a word for whether a person is here (bots and replays have none)
brawl.presence = function (v, s) {
  const seat = v && v.seats && v.seats[s];
  if (!seat || !seat.presence) return null;
  const word = String(seat.presence);
  return brawl.el("span", { class: `presence ${word.replace(/[^a-z]/g, "")}`,
    title: brawl.t("{name} is {state}", { name: brawl.seatName(v, s), state: brawl.t(word) }) }, brawl.t(word));
};

// The height the panel box keeps covered above node: its sticky prompt bar, and the decision pinned
// under it (style.css) when node comes after the decision.
brawl.stuckAbove = function (box, node) {
  let height = 0;
  for (const bar of box.querySelectorAll(":scope > .turn, :scope > .actions")) {
    if (bar === node || bar.contains(node) || bar.hidden || getComputedStyle(bar).position !== "sticky") continue;
    if (bar.classList.contains("turn") || bar.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) height += bar.offsetHeight;
  }
  return height;
};

// scroll the panels holding node (never the window) so that node is in sight, below a sticky turn line
brawl.reveal = function (node) {
  let box = node && node.parentElement;
  while (box && box !== document.body && box !== document.documentElement) {
    const style = getComputedStyle(box);
    if (/(auto|scroll)/.test(style.overflowY) && box.scrollHeight > box.clientHeight) {
      const r = node.getBoundingClientRect(), b = box.getBoundingClientRect();
      const top = b.top + brawl.stuckAbove(box, node);
      if (r.top < top) box.scrollTop -= top - r.top + 8;
      else if (r.bottom > b.bottom) box.scrollTop += Math.min(r.bottom - b.bottom + 8, r.top - top - 8);
    }
    box = box.parentElement;
  }
};

// Bring pieces of a board (SVG shapes, a token) into sight together inside the panels that scroll
// them (the zoomed table, the stage), never the window: each panel moves as little as that takes,
// and when they do not all fit, the first of them is what shows.  A board calls it when a decision
// about its pieces comes ("move your kniggits": one's own kniggits, not the other army's edge), with
// a function giving the pieces (a board redraws them): while the page settles (the decision sheet
// grows, the board fits its panel) they are kept in sight, until the person touches, wheels or types.
let piecesWanted = null;
brawl.revealPieces = function (pieces) {
  piecesWanted = pieces;
  showPieces(pieces());
};
const keepPieces = () => { if (piecesWanted) showPieces(piecesWanted()); };
for (const kind of ["pointerdown", "wheel", "keydown", "touchstart"]) {
  document.addEventListener(kind, () => { piecesWanted = null; }, { capture: true, passive: true });
}
window.addEventListener("resize", keepPieces);
if (window.ResizeObserver) {
  const watched = new ResizeObserver(() => requestAnimationFrame(keepPieces));
  const watch = () => { for (const id of ["stage", "side"]) if (document.getElementById(id)) watched.observe(document.getElementById(id)); };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch); else watch();
}

function showPieces(nodes) {
  nodes = (nodes || []).filter((n) => n && n.isConnected);
  if (!nodes.length) return;
  const union = () => {
    const rs = nodes.map((n) => n.getBoundingClientRect()).filter((r) => r.width || r.height);
    if (!rs.length) return null;
    return { top: Math.min(...rs.map((r) => r.top)), bottom: Math.max(...rs.map((r) => r.bottom)),
      left: Math.min(...rs.map((r) => r.left)), right: Math.max(...rs.map((r) => r.right)), first: rs[0] };
  };
  // one axis of one panel: [a, b] (the pieces) inside [lo, hi] (what the panel shows); the shift
  const shift = (a, b, firstA, firstB, lo, hi) => {
    if (b - a > hi - lo) { a = firstA; b = firstB; }
    if (a < lo) return a - lo - 8;
    if (b > hi) return Math.min(b - hi + 8, a - lo);
    return 0;
  };
  let box = nodes[0].parentElement;
  while (box && box !== document.body && box !== document.documentElement) {
    const style = getComputedStyle(box);
    const u = union();
    if (!u) return;
    const b = box.getBoundingClientRect();
    const top = b.top + box.clientTop, left = b.left + box.clientLeft;
    if (/(auto|scroll)/.test(style.overflowY) && box.scrollHeight > box.clientHeight) {
      box.scrollTop += shift(u.top, u.bottom, u.first.top, u.first.bottom, top, Math.min(top + box.clientHeight, innerHeight));
    }
    if (/(auto|scroll)/.test(style.overflowX) && box.scrollWidth > box.clientWidth) {
      box.scrollLeft += shift(u.left, u.right, u.first.left, u.first.right, left, Math.min(left + box.clientWidth, innerWidth));
    }
    box = box.parentElement;
  }
}

// Bring a decision's answer into sight inside the panel that scrolls it (never the window), below
// the panel's sticky prompt bar: with the heading `head` above it when both fit, else the answer at
// the top.  The panel moves as little as that takes, and not at all when it is in sight already.
brawl.revealAnswer = function (answer, head) {
  let box = answer && answer.parentElement;
  while (box && box !== document.body && box !== document.documentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(box).overflowY) && box.scrollHeight > box.clientHeight) break;
    box = box.parentElement;
  }
  if (!box || box === document.body || box === document.documentElement) return;
  const b = box.getBoundingClientRect();
  const top = b.top + box.clientTop + brawl.stuckAbove(box, answer) + 4;
  const bottom = b.top + box.clientTop + box.clientHeight - 4;
  const a = answer.getBoundingClientRect();
  const h = head && head !== answer ? head.getBoundingClientRect() : a;
  const from = h.top < a.top && a.bottom - h.top <= bottom - top ? h.top : a.top;
  const end = Math.min(a.bottom, from + bottom - top);  // from..end must be seen
  if (from < top) box.scrollTop -= top - from;
  else if (end > bottom) box.scrollTop += end - bottom;
  brawl.reveal(answer);  // a panel scrolling inside another (the pinned decision in the side): both
};

// The status rows as a table (a card per player on a phone), or null when the game has none.
brawl.statusTable = function (v) {
  const { el, t } = brawl;
  const rows = v.status_rows;
  if (!rows || !rows.length) return null;
  const keys = Object.keys(rows[0]);
  // three players or more: on a phone each card is one line (its name and its first value), the
  // other values behind the card's "more" (style.css), so the table leaves the board room
  const many = rows.length > 2;
  const table = el("table", { class: "status cards" + (many ? " many" : "") });
  table.append(el("caption", { class: "sr-only" }, t("Each player's state")));
  const head = el("tr", {});
  for (const k of keys) head.append(el("th", { scope: "col" }, k || t("status")));
  table.append(el("thead", {}, head));
  const body = el("tbody", {});
  const seatRows = rows.length === v.seats.length;
  const deciding = (v.node && v.node.seats) || [];
  rows.forEach((row, i) => {
    const tr = el("tr", { class: [i === v.seat ? "mine" : "", deciding.includes(i) ? "to-move" : ""].join(" ").trim() || null });
    keys.forEach((k, j) => {
      let text = row[k] === null || row[k] === undefined ? "–" : String(row[k]);
      // the server names people in its rows ("Ana"); the page adds the seat ("Ana (Sun)")
      const who = seatRows && v.seats[i];
      if (j === 0 && who && who.player && (text === who.player || text === who.name)) text = `${who.player} (${who.name})`;
      if (j === 0 && v.seat !== null && i === v.seat) text += " " + t("(you)");
      else if (j === 0 && who && who.kind === "bot" && who.bot) text += " " + t("(bot: {bot})", { bot: brawl.botName(who.bot) });
      tr.append(j === 0 ? el("th", { scope: "row" }, text, seatRows ? brawl.presence(v, i) : null)
        : el("td", { "data-label": k || t("status"), class: many && j > 1 ? "more" : null }, brawl.longText(text)));
    });
    if (many && tr.querySelector("td.more")) {
      const more = el("button", { type: "button", class: "link card-more", "aria-expanded": "false" }, t("more"));
      more.addEventListener("click", () => {
        const open = tr.classList.toggle("open");
        more.setAttribute("aria-expanded", String(open));
        more.textContent = t(open ? "less" : "more");
      });
      tr.append(el("td", { class: "card-more-cell" }, more));
    }
    body.append(tr);
  });
  table.append(body);
  return table;
};

// A long text (a history: "rock, paper, rock, …") shows its newest end; the whole of it opens below.
brawl.longText = function (text, most = 120) {
  if (text.length <= most) return text;
  const { el, t } = brawl;
  const from = text.indexOf(" ", text.length - most + 10);
  const end = text.slice(from < 0 ? text.length - most + 10 : from + 1);
  return el("details", { class: "long-text" },
    el("summary", {}, el("span", { class: "long-end" }, `… ${end}`), " ", el("span", { class: "hint" }, t("(all of it)"))),
    el("p", { class: "long-all" }, text));
};

// The renderer of games that draw no board of their own: the status table, or empty(view) without one.
brawl.genericRenderer = function (empty) {
  const { el, t } = brawl;
  return {
    mount(root) {
      root.replaceChildren(el("h2", {}, t("Players")), el("div", { id: "status", class: "status-wrap" }),
        el("p", { id: "summary", class: "summary" }));
    },
    update(v) {
      document.getElementById("status").replaceChildren(brawl.statusTable(v) || empty(v));
      document.getElementById("summary").textContent = v.summary || "";
    },
  };
};
