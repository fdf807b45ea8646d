// The interface's one text catalogue: brawl.t(key, params) gives a fixed interface string in the
// chosen language (the Spanish entries are in i18n-es.js, which comes first).  The key is the English text ("Waiting for {names}…"); {name} placeholders take
// params.  A missing translation falls back to the English key.  Game content sent by the server
// (rules' labels, prompts, log lines) goes through brawl.tr, which matches it against the game's
// catalogue of templates (served with the page) and fills in the translated parts.
// Static page text: an element with data-i18n has its own text as key (replaced at load);
// data-i18n-attr="aria-label title" translates those attributes the same way.
// The language: localStorage "brawl.lang", else the browser's language; a switch (a <select>) goes
// into #lang-slot, or at the end of the page header.
"use strict";

(function () {
  window.brawl = window.brawl || {};
  const brawl = window.brawl;
  const KEY = "brawl.lang";
  const NAMES = { en: "English", es: "Español" };

  // the interface's own words in each language but English (static/i18n-es.js, loaded first)
  const es = (brawl.interfaceWords && brawl.interfaceWords.es) || {};

  const DICTS = { en: {}, es };

  function pick() {
    let chosen = null;
    try { chosen = localStorage.getItem(KEY); } catch (e) { chosen = null; }
    if (chosen && DICTS[chosen]) return chosen;
    const langs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
    for (const l of langs) {
      const base = String(l).toLowerCase().split("-")[0];
      if (DICTS[base]) return base;
    }
    return "en";
  }

  brawl.lang = pick();
  document.documentElement.lang = brawl.lang;

  // The games' text, from the server's catalogue of the page's game (brawl/core/i18n.py: English
  // templates with blanks, compiled to patterns; a page gets it in <script id="words"> or from
  // GET /api/games/GAME/words).  brawl.t looks here too, after the interface's own entries.
  const GAME = { exact: {}, names: {}, templates: [] };
  const memo = new Map();

  brawl.addWords = function (words) {
    if (!words || brawl.lang === "en") return;
    Object.assign(GAME.exact, words.exact || {});
    Object.assign(GAME.names, words.names || {});
    for (const [pattern, other, blanks, kinds, weight] of words.templates || []) {
      GAME.templates.push({ regex: new RegExp(pattern, "s"), other, blanks, kinds, weight });
    }
    GAME.templates.sort((a, b) => b.weight - a.weight);  // stable: as the server ordered them
    memo.clear();
  };

  // a name and its number: "Player 2", or "Duo (2)" (two parties of one name)
  const NUMBERED = /^(.*?)(\s*\d+|\s\(\d+\))$/s;

  // a name: translated only when the catalogue's names have it ("Player 2" -> "Jugador 2")
  brawl.trName = function (text) {
    if (brawl.lang === "en" || typeof text !== "string") return text;
    if (text in GAME.names) return GAME.names[text];
    if (text.includes(", ")) return text.split(", ").map(brawl.trName).join(", ");  // a list of names
    const m = NUMBERED.exec(text);  // "Player 2", "Duo (2)": the table's name and the number
    if (m && m[1] in GAME.names) return GAME.names[m[1]] + m[2];
    return text;
  };

  // one of the names table's names, or a list of them
  function isName(text) {
    return text.split(", ").every((part) => {
      const m = NUMBERED.exec(part);
      return part in GAME.names || !!(m && m[1] in GAME.names);
    });
  }

  const NUMBER = /^[-+]?\d+(?:\.\d+)?$/;
  // the translation by the first template that makes it, with that template's weight (an exact
  // entry weighs most), or null
  function match(text, depth) {
    if (text in GAME.exact) return [GAME.exact[text], Infinity];
    for (const tp of GAME.templates) {
      const m = tp.regex.exec(text);
      if (!m) continue;
      const filled = {};
      let ok = true;
      for (let i = 0; i < tp.blanks.length && ok; i++) {
        const value = m[i + 1];
        if (tp.kinds[i] === "number") filled[tp.blanks[i]] = value;
        else if (tp.kinds[i] === "name") filled[tp.blanks[i]] = brawl.trName(value);
        else {
          const inner = translate(value, depth + 1);
          if (inner === null) ok = false;
          else filled[tp.blanks[i]] = inner;
        }
      }
      if (ok) return [tp.other.replace(/\{(\w+)\}/g, (x, name) => filled[name]), tp.weight];
    }
    return null;
  }

  function translate(text, depth) {
    if (text in GAME.exact) return GAME.exact[text];
    if (text === "") return "";
    if (depth > 12) return null;
    if (NUMBER.test(text)) return text;
    if (isName(text)) return brawl.trName(text);  // a name and nothing else ("Player 2", "Ada", "Player 1, Player 3")
    let found = match(text, depth);
    const first = text.charAt(0);
    if (first !== first.toLowerCase()) {
      // a log line capitalised from a small-letter template: that template, unless the capitalised
      // text has one as specific ("Turn 1: A1 moves ..." is "turn {n}: {text}", not "{a} ({b})")
      const lower = match(first.toLowerCase() + text.slice(1), depth);
      if (lower !== null && (found === null || lower[1] > found[1])) found = [lower[0].charAt(0).toUpperCase() + lower[0].slice(1), lower[1]];
    }
    return found === null ? null : found[0];
  }

  // a game's text (a prompt, a label, a log line) in the page's language; as it is when the
  // catalogue does not make it
  brawl.tr = function (text) {
    if (brawl.lang === "en" || typeof text !== "string" || !text) return text;
    if (memo.has(text)) return memo.get(text);
    let out = DICTS[brawl.lang][text];
    if (out === undefined) out = translate(text, 0);
    if (out === null) out = text;
    if (memo.size > 5000) memo.clear();
    memo.set(text, out);
    return out;
  };

  // a view (GET /api/rooms/ID) with its texts in the page's language: the same object in English
  brawl.localView = function (v) {
    if (brawl.lang === "en" || !v) return v;
    const tr = brawl.tr;
    const out = Object.assign({}, v);
    out.title = tr(v.title);
    if (v.node) out.node = Object.assign({}, v.node, { prompt: tr(v.node.prompt) });
    if (v.legal) out.legal = v.legal.map((d) => Object.assign({}, d, { label: tr(d.label), odds: d.odds ? tr(d.odds) : d.odds }));
    if (v.status_rows) {
      out.status_rows = v.status_rows.map((row) => {
        const r = {};
        for (const [k, val] of Object.entries(row)) {
          // a value read with its heading where the catalogue says so ("Defense d8: none" is "ninguna")
          const both = typeof val === "string" ? GAME.exact[`${k}: ${val}`] : undefined;
          r[tr(k)] = both !== undefined ? both.slice(both.indexOf(": ") + 2) : typeof val === "string" ? tr(val) : val;
        }
        return r;
      });
    }
    out.summary = tr(v.summary);
    if (v.seats) out.seats = v.seats.map((s) => Object.assign({}, s, { name: brawl.trName(s.name) }));
    return out;
  };

  // A refusal of the server ({"error": message}) in the page's language: an entry of the refusals'
  // catalogue (i18n-es-errors.js), one with blanks whose values are translated in turn (the longest
  // fixed text first), a game's text (a rule's refusal), or as it came when none makes it.
  const ERRORS = (brawl.errorWords && brawl.errorWords[brawl.lang]) || {};
  let refusals = null;
  brawl.trError = function (text, depth = 0) {
    if (brawl.lang === "en" || typeof text !== "string" || !text) return text;
    if (text in ERRORS) return ERRORS[text];
    if (!refusals) {
      refusals = Object.entries(ERRORS).filter(([k]) => /\{\w+\}/.test(k)).map(([k, v]) => {
        const names = [];
        const pattern = k.split(/(\{\w+\})/).map((part) => {
          const blank = /^\{(\w+)\}$/.exec(part);
          if (blank) { names.push(blank[1]); return "(.+?)"; }
          return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        }).join("");
        return { regex: new RegExp(`^${pattern}$`, "s"), names, other: v, fixed: k.replace(/\{\w+\}/g, "").length };
      }).sort((a, b) => b.fixed - a.fixed);
    }
    if (depth > 6) return text;
    let game = null;  // a game's text (a rule's refusal) comes before the catalogue's loosest entries ("{a}; {b}")
    for (const tp of refusals) {
      if (game === null && tp.fixed < 6) {
        game = brawl.tr(text);
        if (game !== text) return game;
      }
      const m = tp.regex.exec(text);
      if (!m) continue;
      const filled = {};
      tp.names.forEach((name, i) => { filled[name] = brawl.trError(m[i + 1], depth + 1); });
      return tp.other.replace(/\{(\w+)\}/g, (x, name) => (name in filled ? filled[name] : x));
    }
    return game === null ? brawl.tr(text) : text;
  };

  // A share (0.566) as a percentage in the page's language: "56.6%" in English, "56,6 %" in Spanish
  brawl.pct = function (share, digits = 1) {
    if (share === null || share === undefined || Number.isNaN(share)) return "–";
    const options = { style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits };
    try {
      return new Intl.NumberFormat(brawl.lang === "es" ? "es-ES" : "en-US", options).format(share);
    } catch (e) {
      return `${(100 * share).toFixed(digits)}%`;
    }
  };

  brawl.t = function (key, params) {
    let text = DICTS[brawl.lang][key];
    if (text === undefined && brawl.lang !== "en" && key in GAME.exact) text = GAME.exact[key];
    if (text === undefined) text = key;
    if (params) text = text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
    return text;
  };

  // a bot's or a level's name ("hard", "heuristic") in the page's language: the catalogue's entry
  // "bot:<name>", else the name as the server gives it
  brawl.botName = function (name) {
    const words = DICTS[brawl.lang][`bot:${name}`];
    return words === undefined ? name : words;
  };

  brawl.setLang = function (lang) {
    if (!DICTS[lang]) return;
    try { localStorage.setItem(KEY, lang); } catch (e) { /* not kept */ }
    window.location.reload();  // every page redraws itself from the server in the new language
  };

  const squash = (s) => s.replace(/\s+/g, " ").trim();

  // the page's own fixed text, in the chosen language
  brawl.translatePage = function (root) {
    if (brawl.lang === "en") return;  // the pages are written in English: nothing to do (and no layout touched)
    (root || document).querySelectorAll("[data-i18n]").forEach((node) => {
      const key = node.dataset.i18nKey || squash(node.textContent);
      node.dataset.i18nKey = key;
      const text = brawl.t(key);
      if (node.textContent !== text) node.textContent = text;  // English pages stay as they are
    });
    (root || document).querySelectorAll("[data-i18n-attr]").forEach((node) => {
      for (const attr of node.dataset.i18nAttr.split(/\s+/).filter(Boolean)) {
        const stored = `i18n${attr.replace(/-(\w)/g, (m, c) => c.toUpperCase())}`;
        const key = node.dataset[stored] || node.getAttribute(attr);
        if (key === null) continue;
        node.dataset[stored] = key;
        const text = brawl.t(key);
        if (node.getAttribute(attr) !== text) node.setAttribute(attr, text);
      }
    });
    const title = document.querySelector("title");
    if (title && !title.dataset.i18nKey) { title.dataset.i18nKey = title.textContent; title.textContent = brawl.t(title.textContent); }
  };

  function mountSwitch() {
    const slot = document.getElementById("lang-slot") || document.querySelector("header.top");
    if (!slot || document.getElementById("lang")) return;
    const wrap = document.createElement("span");
    wrap.className = "lang";
    const label = document.createElement("label");
    label.htmlFor = "lang";
    label.className = slot.closest("header") ? "sr-only" : "lang-label";
    label.textContent = brawl.t("Language");
    const select = document.createElement("select");
    select.id = "lang";
    for (const [code, name] of Object.entries(NAMES)) {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = name;
      option.selected = code === brawl.lang;
      select.append(option);
    }
    select.addEventListener("change", () => brawl.setLang(select.value));
    wrap.append(label, select);
    slot.append(wrap);
  }

  // the game page carries its game's words inline (brawl.gameWords then asks for nothing)
  const inline = document.getElementById("words");
  brawl.wordsInline = !!inline;
  if (inline) { try { brawl.addWords(JSON.parse(inline.textContent)); } catch (e) { /* stays English */ } }
  brawl.translatePage();
  mountSwitch();
})();
