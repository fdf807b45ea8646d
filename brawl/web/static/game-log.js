// The game page's log and dice: the lines of the events shown (the newest page of the log first,
// older pages on demand, laid out only when scrolled to) and the dice of the last group of rolls in
// the tray (rolled in a short animation unless the person or the system asks for less motion).
//
// game.js calls brawl.gamePage.log(page) once; page gives roomId, $, showError and the getter token
// (the seat's token: a seat's log shows what that seat may see).  The part wires the "Older events"
// button and the "Animate dice" setting and returns addLines(lines), addLog(line), diceFrom(events),
// showDice(rolls, animate), page(before) (a page of the log from the server, the newest without
// before) and startAt(from) (the first event shown: older ones are offered from there).
"use strict";

brawl.gamePage = brawl.gamePage || {};

brawl.gamePage.log = function (page) {
  const { api, el } = brawl;
  const t = brawl.t;
  const { $, roomId } = page;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let animTimer = null;

  // -- log and dice ------------------------------------------------------------------------------
  function logLine(line, far) {
    const li = document.createElement("li");
    li.className = far ? `line ${line.kind} far` : `line ${line.kind}`;
    const body = document.createElement("span");
    if (line.kind === "roll") body.append(el("span", { class: "tag" }, t("roll")));
    if (line.kind === "end") body.append(el("strong", {}, brawl.tr(line.text)));
    else body.append(brawl.tr(line.text));
    li.append(body);
    return li;
  }

  // lines go in one fragment; the log's own panel follows the newest line when it was at its end
  // An empty log is filled without measuring anything, and scrolled to its end just before the next
  // paint, so the first drawing of a long game lays the page out once instead of three times.
  function addLines(lines) {
    if (!lines.length) return;
    const log = $("log");
    const empty = !log.firstChild;
    const atEnd = empty || log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    const frag = document.createDocumentFragment();
    // a first fill lays out only the lines that can be in sight at its end (a line is at least 20 px
    // tall); the ones above wait until they are scrolled to (.far), without moving those in sight
    const near = empty ? Math.ceil(window.innerHeight / 20) : lines.length;
    lines.forEach((line, i) => frag.append(logLine(line, lines.length - i > near)));
    log.append(frag);
    if (empty) requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
    else if (atEnd) log.scrollTop = log.scrollHeight;
  }

  function addLog(line) { addLines([line]); }

  function diceFrom(events) {
    // the dice of the last group of consecutive rolls
    const rolls = [];
    for (let i = events.length - 1; i >= 0; i--) {
      if (events[i].type !== "roll") { if (rolls.length) break; continue; }
      rolls.unshift(events[i]);
    }
    return rolls;
  }

  function die(roll, face) {
    const line = roll.log[0] || {};
    const data = line.data || {};
    const label = line.text ? brawl.tr(line.text).replace(/:[^:]*$/, "") : roll.event;  // the outcome after the last colon
    // a face in words ("hit", "miss") is a game's word: in the page's language
    const text = Array.isArray(face) ? face.join(" ") : brawl.tr(String(face));
    return el("figure", { class: "die", "data-sides": data.sides || "" },
      el("div", { class: "face", "aria-hidden": "true" }, text),
      el("figcaption", {}, `${label}: ${Array.isArray(roll.outcome) ? roll.outcome.join(", ") : brawl.tr(String(roll.outcome))}`));
  }

  function showDice(rolls, animate) {
    const tray = $("dice-tray");
    if (!rolls.length) return;
    $("dice").hidden = false;  // games without dice never show the tray
    clearTimeout(animTimer);
    const finish = () => {
      tray.replaceChildren(...rolls.map((r) => die(r, r.outcome)));
      tray.classList.remove("rolling");
      $("skip-anim").hidden = true;
    };
    if (!animate || reducedMotion.matches || !$("animate").checked) { finish(); return; }
    tray.classList.add("rolling");
    $("skip-anim").hidden = false;
    let ticks = 0;
    const spin = () => {
      tray.replaceChildren(...rolls.map((r) => {
        const sides = (r.log[0] && r.log[0].data && r.log[0].data.sides) || 6;
        const d = die(r, 1 + Math.floor(Math.random() * sides));
        d.querySelector("figcaption").textContent = t("rolling…");
        return d;
      }));
      if (++ticks < 8) animTimer = setTimeout(spin, 60); else finish();
    };
    $("skip-anim").onclick = () => { clearTimeout(animTimer); finish(); };
    spin();
  }

  // -- the log: the newest page first, older pages on demand ----------------------------------------------
  const PAGE = (window.brawlBoot && window.brawlBoot.page) || 40;  // events per page: a long game opens with its newest forty (the server says how many)
  let oldest = 0; // the first event number whose lines are shown

  function logPage(before) {
    const at = before === undefined ? "" : `&before=${before}`;
    return api("GET", `/api/rooms/${encodeURIComponent(roomId)}/log?size=${PAGE}${at}`, undefined, page.token);
  }

  function startAt(from) {
    oldest = from;
    $("log-older").hidden = oldest <= 0;
  }

  async function showOlder() {
    const button = $("log-older");
    button.disabled = true;
    try {
      const older = await logPage(oldest);
      const log = $("log");
      const height = log.scrollHeight;
      const frag = document.createDocumentFragment();
      for (const ev of older.events) for (const line of ev.log) frag.append(logLine(line, true));
      log.prepend(frag);
      log.scrollTop += log.scrollHeight - height;  // the lines in view stay put
      oldest = older.from;
      button.hidden = oldest <= 0;
    } catch (e) {
      page.showError(e.message, button);
    } finally {
      button.disabled = false;
    }
  }

  // -- controls ------------------------------------------------------------------------------------------
  $("log-older").addEventListener("click", showOlder);
  $("animate").checked = !reducedMotion.matches;

  return { addLines, addLog, diceFrom, showDice, page: logPage, startAt };
};
