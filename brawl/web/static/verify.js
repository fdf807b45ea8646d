// Fair dice, checked in the browser.  A finished room publishes its record (every roll's outcome
// and the revealed seed) and its dice tables (each roll's outcomes and weights).  This file checks
// that the seed, followed by what the commitment covers (game, options, seats), hashes to the
// commitment shown at the start, and recomputes every roll from the seed:
//   roll k = HMAC-SHA256(key = seed bytes, message = "k:j") read as a 256-bit big-endian integer,
//   for the first j = 0, 1, ... below the largest multiple of the denominator under 2^256, taken
//   modulo the denominator; that number r picks the first outcome whose running total of weights
//   exceeds r.
// The rules themselves run on the server only, so the decisions are checked there: the whole record
// goes to POST /api/rooms/verify, which plays every decision again with the dice drawn from the seed
// (the check `brawl verify` makes) and names the first step that disagrees.  A record is called
// verified only when the commitment, every roll and that replay all agree.
// Public: brawl.verifyDice(roomId), brawl.verifyRecord(recordText), brawl.describeDice(result),
// brawl.mountVerify(root, source, onResult) (a "Verify the dice" button with an aria-live result).
"use strict";

(function () {
  window.brawl = window.brawl || {};
  const brawl = window.brawl;
  const t = (key, params) => (brawl.t ? brawl.t(key, params)
    : key.replace(/\{(\w+)\}/g, (m, k) => (params && k in params ? String(params[k]) : m)));
  const TWO256 = 1n << 256n;
  const utf8 = new TextEncoder();

  // -- JSON read exactly: numbers keep the text they were written with ---------------------------
  class Num { constructor(text) { this.text = text; } }

  function parseExact(text) {
    let i = 0;
    const ws = () => { while (i < text.length && " \t\n\r".includes(text[i])) i++; };
    const fail = (what) => { throw new Error(`not JSON: ${what} at character ${i}`); };
    function value() {
      ws();
      const c = text[i];
      if (c === "{") {
        i++;
        const obj = Object.create(null);
        ws();
        if (text[i] === "}") { i++; return obj; }
        for (;;) {
          ws();
          if (text[i] !== '"') fail("a key was expected");
          const k = string();
          ws();
          if (text[i] !== ":") fail("':' was expected");
          i++;
          obj[k] = value();
          ws();
          if (text[i] === ",") { i++; continue; }
          if (text[i] === "}") { i++; return obj; }
          fail("',' or '}' was expected");
        }
      }
      if (c === "[") {
        i++;
        const arr = [];
        ws();
        if (text[i] === "]") { i++; return arr; }
        for (;;) {
          arr.push(value());
          ws();
          if (text[i] === ",") { i++; continue; }
          if (text[i] === "]") { i++; return arr; }
          fail("',' or ']' was expected");
        }
      }
      if (c === '"') return string();
      for (const [word, v] of [["true", true], ["false", false], ["null", null]]) {
        if (text.startsWith(word, i)) { i += word.length; return v; }
      }
      const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      if (!m) fail("a value was expected");
      i += m[0].length;
      return new Num(m[0]);
    }
    function string() {
      const m = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(text.slice(i));
      if (!m) fail("a string was expected");
      i += m[0].length;
      return JSON.parse(m[0]);
    }
    const out = value();
    ws();
    if (i !== text.length) fail("text after the end");
    return out;
  }

  // A float as Python's repr writes it: the shortest digits that read back, exponent below -4 or
  // from 16 on, ".0" after a whole number.
  function pyFloat(x) {
    if (!Number.isFinite(x)) throw new Error("not a finite number");
    if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
    const [mant, expText] = Math.abs(x).toExponential().split("e");
    const digits = mant.replace(".", "");
    const exp = Number(expText);
    const sign = x < 0 ? "-" : "";
    if (exp < -4 || exp >= 16) {
      const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
      const e = Math.abs(exp) < 10 ? `0${Math.abs(exp)}` : String(Math.abs(exp));
      return `${sign}${m}e${exp < 0 ? "-" : "+"}${e}`;
    }
    if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
    if (digits.length <= exp + 1) return `${sign}${digits}${"0".repeat(exp + 1 - digits.length)}.0`;
    return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  }

  function canonNumber(text) {
    if (/^-?\d+$/.test(text)) return BigInt(text).toString();
    return pyFloat(Number(text));
  }

  // strings as Python writes them with ensure_ascii: only printable ASCII stays
  function canonString(s) {
    const short = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };
    let out = '"';
    for (let k = 0; k < s.length; k++) {
      const ch = s[k];
      const code = s.charCodeAt(k);
      if (short[ch]) out += short[ch];
      else if (code < 0x20 || code > 0x7e) out += "\\u" + code.toString(16).padStart(4, "0");
      else out += ch;
    }
    return out + '"';
  }

  // keys in code-point order, as Python sorts strings
  function byCodePoint(a, b) {
    const x = Array.from(a), y = Array.from(b);
    for (let k = 0; k < Math.min(x.length, y.length); k++) {
      const d = x[k].codePointAt(0) - y[k].codePointAt(0);
      if (d) return d;
    }
    return x.length - y.length;
  }

  // canonical JSON: sorted keys, no spaces, ASCII (works on exact trees and on plain values)
  function canonical(v) {
    if (v === null || v === undefined) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    if (v instanceof Num) return canonNumber(v.text);
    if (typeof v === "number") return Number.isInteger(v) && Math.abs(v) < 2 ** 53 ? String(v) : pyFloat(v);
    if (typeof v === "bigint") return v.toString();
    if (typeof v === "string") return canonString(v);
    if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
    return `{${Object.keys(v).sort(byCodePoint).map((k) => `${canonString(k)}:${canonical(v[k])}`).join(",")}}`;
  }

  const toBig = (v) => {
    if (v instanceof Num) return /^-?\d+$/.test(v.text) ? BigInt(v.text) : BigInt(Math.round(Number(v.text)));
    return BigInt(v);
  };
  // an exact tree back to plain values (numbers as JavaScript numbers)
  const plain = (v) => (v instanceof Num ? Number(v.text) : Array.isArray(v) ? v.map(plain)
    : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).map((k) => [k, plain(v[k])])) : v);

  // -- hashing: the browser's own cryptography; a small SHA-256 where a page without HTTPS lacks it ---
  const hasSubtle = () => !!(globalThis.crypto && globalThis.crypto.subtle);

  const K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);

  function sha256Plain(bytes) {
    const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
    const len = bytes.length;
    const padded = new Uint8Array(((len + 9 + 63) >> 6) << 6);
    padded.set(bytes);
    padded[len] = 0x80;
    const view = new DataView(padded.buffer);
    view.setUint32(padded.length - 8, Math.floor(len / 0x20000000));
    view.setUint32(padded.length - 4, (len * 8) >>> 0);
    const w = new Uint32Array(64);
    const rotr = (x, n) => (x >>> n) | (x << (32 - n));
    for (let off = 0; off < padded.length; off += 64) {
      for (let t = 0; t < 16; t++) w[t] = view.getUint32(off + t * 4);
      for (let t = 16; t < 64; t++) {
        const s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
        const s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
        w[t] = (w[t - 16] + s0 + w[t - 7] + s1) >>> 0;
      }
      let [a, b, c, d, e, f, g, hh] = h;
      for (let t = 0; t < 64; t++) {
        const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) >>> 0;
        const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    }
    const out = new Uint8Array(32);
    const ov = new DataView(out.buffer);
    for (let t = 0; t < 8; t++) ov.setUint32(t * 4, h[t]);
    return out;
  }

  function concat(a, b) {
    const out = new Uint8Array(a.length + b.length);
    out.set(a);
    out.set(b, a.length);
    return out;
  }

  async function sha256(bytes) {
    if (hasSubtle()) return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return sha256Plain(bytes);
  }

  // a signer for HMAC-SHA256 under one key
  async function hmacSigner(keyBytes) {
    if (hasSubtle()) {
      const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      return async (msg) => new Uint8Array(await crypto.subtle.sign("HMAC", key, msg));
    }
    let k = keyBytes.length > 64 ? sha256Plain(keyBytes) : keyBytes;
    const block = new Uint8Array(64);
    block.set(k);
    const ipad = block.map((x) => x ^ 0x36), opad = block.map((x) => x ^ 0x5c);
    return async (msg) => sha256Plain(concat(opad, sha256Plain(concat(ipad, msg))));
  }

  const hex = (bytes) => Array.from(bytes, (x) => x.toString(16).padStart(2, "0")).join("");
  function fromHex(text) {
    if (typeof text !== "string" || !/^([0-9a-fA-F]{2})*$/.test(text)) throw new Error("the seed is not hexadecimal");
    const out = new Uint8Array(text.length / 2);
    for (let k = 0; k < out.length; k++) out[k] = parseInt(text.substr(k * 2, 2), 16);
    return out;
  }

  // -- the checks ----------------------------------------------------------------------------------
  async function commitmentOf(seedHex, coversExact) {
    const seed = fromHex(seedHex);
    const data = coversExact === undefined || coversExact === null ? seed : concat(seed, utf8.encode(canonical(coversExact)));
    return hex(await sha256(data));
  }

  // the uniform number below n that draw k of the seed gives
  async function draw(sign, k, n) {
    const limit = TWO256 - (TWO256 % n);
    for (let j = 0; ; j++) {
      const value = BigInt("0x" + hex(await sign(utf8.encode(`${k}:${j}`))));
      if (value < limit) return value % n;
    }
  }

  function pick(table, r) {
    let total = 0n;
    for (let k = 0; k < table.outcomes.length; k++) {
      total += toBig(table.weights[k]);
      if (r < total) return plain(table.outcomes[k]);
    }
    throw new Error("the weights do not add up to the denominator");
  }

  // record: the exact tree of a record; tables: the exact tree of a room's dice (or null);
  // commitment: the commitment to check against (the room's; else the record's own)
  async function check(record, tables, commitment) {
    const dice = record.dice || {};
    // a roll entered at the table ("table": true) is taken as given; every other roll is draw k of the seed
    const recorded = (record.entries || []).filter((e) => e && e.roll !== undefined)
      .map((e) => ({ event: e.roll, outcome: plain(e.outcome), table: e.table === true }));
    const result = { ok: false, rolls: recorded.length, entered: recorded.filter((e) => e.table).length, differs: [],
      commitment_ok: false, commitment_checked: false, recomputed: false, message: "" };
    const kind = dice.kind;
    if (kind !== "hmac-sha256" && kind !== "table") {
      result.message = kind === "seeded" ? "These dice came from a plain numbered seed, not a committed one: there is no commitment to check."
        : "This record's dice were not committed (no seed was kept), so they cannot be recomputed.";
      return result;
    }
    if (typeof dice.seed !== "string") {
      result.message = "The seed is revealed only when the game is over; this record does not have it yet.";
      return result;
    }
    const expectCommit = commitment || dice.commitment;
    const covers = dice.covers;
    const coversMatch = covers === undefined || covers === null
      || (covers.game === record.game && canonical(covers.options) === canonical(record.options));
    result.commitment_ok = typeof expectCommit === "string" && coversMatch
      && (await commitmentOf(dice.seed, covers)) === expectCommit.toLowerCase()
      && (dice.commitment === undefined || String(dice.commitment).toLowerCase() === expectCommit.toLowerCase());
    result.commitment_checked = true;
    if (!tables) return result;
    const rolls = tables.rolls || [];
    const sign = await hmacSigner(fromHex(dice.seed));
    for (let k = 0; k < Math.max(rolls.length, recorded.length); k++) {
      const table = rolls[k];
      const mine = recorded[k];
      if (!table || !mine) {
        result.differs.push({ n: k, expected: table ? null : undefined, recorded: mine ? mine.outcome : null, event: (table && table.event) || (mine && mine.event) });
        continue;
      }
      if (mine.table) {  // entered at the table: given, but it must be a roll the game asked for
        if (table.event !== mine.event) result.differs.push({ n: k, expected: table.outcome, recorded: mine.outcome, event: table.event });
        continue;
      }
      const r = await draw(sign, k, toBig(table.denominator));
      const expected = pick(table, r);
      if (canonical(expected) !== canonical(mine.outcome) || table.event !== mine.event) {
        result.differs.push({ n: k, expected, recorded: mine.outcome, event: table.event });
      }
    }
    result.recomputed = true;
    result.ok = result.commitment_ok && result.differs.length === 0;
    return result;
  }

  async function answer(res) {
    const text = await res.text();
    if (!res.ok) {
      let message = `request failed (${res.status})`;
      try { message = JSON.parse(text).error || message; } catch (e) { /* keep the status */ }
      const err = new Error(message);
      err.status = res.status;
      throw err;
    }
    return text;
  }
  const getText = async (path) => answer(await fetch(path, { headers: { Accept: "application/json" } }));
  const postText = async (path, body) => answer(await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body }));

  // The server's verdict on the whole record: {ok, problem, step, entry, rolls, decisions, over}.
  // ok is true only when every decision and roll replays from the seed.  ask: a function giving the
  // verdict's text (a room's GET /api/rooms/ROOM/verify, or an uploaded record's POST /api/rooms/verify).
  async function wholeRecord(ask) {
    try {
      return JSON.parse(await ask());
    } catch (e) {
      return { ok: false, unavailable: true, problem: e.message };
    }
  }

  // which record a verdict is about: SHA-256 of the canonical JSON of its format, game, options,
  // dice and entries (the server's digest of the record it checked is made the same way)
  async function digestOf(record) {
    const core = { format: record.format, game: record.game, options: record.options, dice: record.dice, entries: record.entries };
    return hex(await sha256(utf8.encode(canonical(core))));
  }

  // the browser's own checks (commitment and rolls) joined with the server's replay of the decisions.
  // A verdict on another copy than the record held here (a room's record changed on its way, say) is
  // not this record's: the record is then sent for a verdict of its own, and failing that, refused.
  async function withVerdict(result, record, recordText, ask) {
    if (!result.commitment_checked) return result;
    let verdict = await wholeRecord(ask);
    const mine = await digestOf(record);
    if (!verdict.unavailable && verdict.digest !== mine) {
      const own = await wholeRecord(() => postText("/api/rooms/verify", recordText));
      verdict = !own.unavailable && own.digest === mine && !own.ok ? own
        : { ok: false, step: null, problem: t("it is not the record the server checked") };
    }
    result.verdict = verdict;
    result.ok = result.ok && verdict.ok === true;
    return result;
  }

  // A finished room: its record checked against its own dice tables and the commitment it showed,
  // and played again whole.
  brawl.verifyDice = async function (roomId) {
    const base = `/api/rooms/${encodeURIComponent(roomId)}`;
    const [tablesText, recordText] = await Promise.all([getText(`${base}/dice`), getText(`${base}/record`)]);
    const tables = parseExact(tablesText);
    const record = parseExact(recordText);
    return withVerdict(await check(record, tables, tables.commitment), record, recordText, () => getText(`${base}/verify`));
  };

  // An uploaded record (its text): the commitment is checked from the record alone, every roll is
  // recomputed from the seed with the tables of the record's own events (POST /api/rooms/dice), and
  // the whole record is played again on the server.  This server need not have the record's room.
  brawl.verifyRecord = async function (recordText) {
    const record = parseExact(recordText);
    let tables = null;
    let note = "";
    if (record.dice && (record.dice.kind === "hmac-sha256" || record.dice.kind === "table") && typeof record.dice.seed === "string") {
      try {
        tables = parseExact(await postText("/api/rooms/dice", recordText));
      } catch (e) {
        note = t("The rolls were not recomputed here: {message}.", { message: e.message });
      }
    }
    const result = await check(record, tables, null);
    if (!result.message && note) result.message = note;
    return withVerdict(result, record, recordText, () => postText("/api/rooms/verify", recordText));
  };

  const show = (v) => (v === undefined || v === null ? "nothing" : Array.isArray(v) || typeof v === "object" ? JSON.stringify(v) : String(v));
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  // the result in words; nothing is called verified unless the whole record is
  brawl.describeDice = function (r) {
    if (!r.commitment_checked) return r.message;
    const lines = [];
    const v = r.verdict;
    const refused = !!v && v.ok === false && !v.unavailable;
    if (refused) {
      lines.push(typeof v.step === "number"
        ? t("This record does NOT verify: replayed from its seed it disagrees at step {step}: {problem}.", { step: v.step, problem: v.problem })
        : t("This record does NOT verify: {problem}.", { problem: v.problem }));
    }
    if (r.recomputed && !r.differs.length) {
      if (r.rolls === 0) lines.push(t("No dice were rolled in this game."));
      else if (!r.commitment_ok) lines.push(`All ${plural(r.rolls, "roll")} follow from the seed, but the seed is not the committed one.`);
      else if (r.ok && r.entered) lines.push(t("{drawn} rolls drawn by the server verified; {entered} entered at the table, taken as given.",
        { drawn: r.rolls - r.entered, entered: r.entered }));
      else if (r.ok) lines.push(r.rolls === 1 ? t("All 1 roll verified.") : t("All {n} rolls verified.", { n: r.rolls }));
      else lines.push(t("Each recorded roll follows from the seed, but that is not enough: the whole record must replay."));
    } else if (r.recomputed) {
      lines.push(`${plural(r.differs.length, "roll")} of ${r.rolls} ${r.differs.length === 1 ? "differs" : "differ"} from what the seed gives:`);
      for (const d of r.differs.slice(0, 20)) {
        lines.push(d.expected === undefined ? `Roll ${d.n + 1}: the record has an extra roll (${show(d.recorded)}) the game never made.`
          : d.recorded === null ? `Roll ${d.n + 1} (${d.event}): missing from the record; the seed gives ${show(d.expected)}.`
            : `Roll ${d.n + 1} (${d.event}): the seed gives ${show(d.expected)}, the record says ${show(d.recorded)}.`);
      }
      if (r.differs.length > 20) lines.push(`… and ${r.differs.length - 20} more.`);
    }
    if (v && v.ok === true) lines.push(t("Every decision replays exactly from the seed."));
    if (v && v.unavailable) {
      lines.push(t("The decisions could not be played again here ({problem}), so the record is not verified.", { problem: v.problem }));
    }
    lines.push(r.commitment_ok ? t("The revealed seed matches the commitment shown at the start.")
      : t("The revealed seed (with the game, options and seats) does NOT match the commitment shown at the start."));
    if (r.message) lines.push(r.message);
    return lines.join("\n");
  };

  // A button "Verify the dice" and its aria-live result inside root.  source: a room id, or a
  // function giving the record's text (uploaded records); onResult(result, output), when given, is
  // called after each check.  Returns {button, output, run}.
  brawl.mountVerify = function (root, source, onResult) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = "verify-dice";
    button.textContent = t("Verify the dice");
    const output = document.createElement("p");
    output.id = "verify-result";
    output.className = "verify-result";
    output.setAttribute("role", "status");
    output.setAttribute("aria-live", "polite");
    output.style.whiteSpace = "pre-line";
    async function run() {
      button.disabled = true;
      output.dataset.state = "working";
      output.textContent = t("Checking the commitment and recomputing every roll…");
      try {
        const result = typeof source === "function" ? await brawl.verifyRecord(await source()) : await brawl.verifyDice(source);
        const refused = result.verdict && result.verdict.ok === false && !result.verdict.unavailable;
        output.dataset.state = result.ok ? "ok" : !result.commitment_checked ? "partial"
          : result.differs.length || !result.commitment_ok || refused ? "bad" : "partial";
        output.textContent = brawl.describeDice(result);
        if (onResult) onResult(result, output);
        return result;
      } catch (e) {
        output.dataset.state = "error";
        output.textContent = t("The dice could not be checked: {message}", { message: e.message });
        return null;
      } finally {
        button.disabled = false;
      }
    }
    button.addEventListener("click", run);
    root.append(button, output);
    return { button, output, run };
  };

  brawl.dice = { parseExact, canonical, pyFloat, commitmentOf, sha256Plain, hmacSigner, hex, check, digestOf };
})();
