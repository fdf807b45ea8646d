// The game page's people: each seat's name, presence and clock (kept by the server; a running one
// counts down here), a claim against an opponent out of time or away while the decision is theirs,
// and takebacks (asking to take back one's last decision, and answering another's request).
//
// game.js calls brawl.gamePage.people(page) once; page gives roomId, $, showError, the getters view
// and token, onUpdate(events, view) (a claim's answer is drawn like an update) and resync() (a
// takeback rewrote the history: read it again).  The part wires the claim and takeback buttons and
// returns renderPeople(view), renderClaim(view), renderTakeback(view) and rewritten() (events were
// taken back since the last drawing: a closed request was allowed).
"use strict";

brawl.gamePage = brawl.gamePage || {};

brawl.gamePage.people = function (page) {
  const { api, el } = brawl;
  const t = brawl.t;
  const reveal = brawl.reveal;
  const { $, roomId } = page;
  const seatName = (s) => brawl.seatName(page.view, s);
  const presence = (s) => brawl.presence(page.view, s);

  // -- people: names, presence and clocks ----------------------------------------------------------
  // view.clocks.seats[s].left is what the server counted at view.clocks.now; a running clock counts
  // down here from when the update arrived, so the browser's clock need not agree with the server's.
  let clockBase = null;
  let peopleTimer = null;

  function clockOf(v, s) {
    const c = v.clocks;
    if (!c || c.mode === "none" || !c.seats) return null;
    return c.seats[String(s)] || null;
  }

  function timeText(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    if (s >= 86400) return t("{d} d {h} h", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });  // correspondence: days
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return h ? `${h}:${String(m).padStart(2, "0")}:${String(r).padStart(2, "0")}` : `${m}:${String(r).padStart(2, "0")}`;
  }

  // correspondence: a seat whose account is on leave (its clock paused) says until when
  function leaveDate(at) {
    try { return new Date(at * 1000).toLocaleString(brawl.lang, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }); } catch (e) { return ""; }
  }

  function tickClocks() {
    if (!clockBase) return;
    const gone = (performance.now() - clockBase.at) / 1000;
    document.querySelectorAll("#people .pclock").forEach((span) => {
      const c = clockBase.seats[span.dataset.seat];
      if (!c) return;
      const left = c.running && !c.on_leave && !clockBase.over ? c.left - gone : c.left;  // on leave: paused
      const text = c.out ? t("out") : c.flagged || left <= 0 ? t("out of time") : timeText(left);  // out: fell
      if (span.firstChild === null || span.lastChild.textContent !== text) span.lastChild.textContent = text;
      span.classList.toggle("low", !!c.running && !c.flagged && left > 0 && left < 10);
      span.classList.toggle("flagged", !c.out && (!!c.flagged || left <= 0));
    });
  }

  function renderPeople(v) {
    clearInterval(peopleTimer);
    const list = $("people");
    const hasClocks = !!(v.clocks && v.clocks.mode !== "none" && v.clocks.seats);
    clockBase = hasClocks ? { at: performance.now(), seats: v.clocks.seats, over: v.over } : null;
    list.replaceChildren(...v.seats.map((seat, i) => {
      const c = clockOf(v, i);
      const li = el("li", { class: ["person", i === v.seat ? "mine" : "", v.node.seats.includes(i) && !v.over ? "to-move" : ""].join(" ").trim() },
        el("span", { class: "pname" }, seatName(i)),
        i === v.seat ? el("span", { class: "you" }, t("(you)")) : seat.kind === "bot" ? el("span", { class: "bot" }, t("(bot: {bot})", { bot: brawl.botName(seat.bot) })) : null,
        presence(i),
        c ? el("span", { class: `pclock${c.running && !v.over ? " running" : ""}`, "data-seat": String(i), title: t("Clocks") },
          el("span", {}, "")) : null,
        c && c.on_leave && !v.over ? el("span", { class: "on-leave", "data-seat": String(i) }, t("on leave until {date}", { date: leaveDate(c.on_leave) })) : null);
      return li;
    }));
    tickClocks();
    if (clockBase && Object.values(clockBase.seats).some((c) => c.running) && !v.over) peopleTimer = setInterval(tickClocks, 250);
    renderRated(v);
  }

  // -- a rated game: its mark (with the server's fixed rules), and its free seats taken only by an
  // account's explicit join ("Play this rated game as NAME"), never by a token or without asking
  function renderRated(v) {
    let mark = $("rated-mark");
    if (!mark) {
      mark = el("p", { id: "rated-mark", class: "rated-mark", hidden: true });
      $("people").before(mark);
    }
    mark.hidden = !v.rated;
    if (v.rated) {
      const parts = [t("Rated game")];
      if (v.rated.time_control) parts.push(t("clock {name}", { name: t(v.rated.time_control) }));
      const days = !!(v.clocks && v.clocks.mode === "correspondence");  // days a decision: no away limit, no abort
      if (!days) parts.push(t("away limit {n} s", { n: v.rated.away_limit }));
      mark.textContent = parts.join(" · ");
      mark.title = days ? t("Server dice, no hints and no takebacks.")
        : t("Server dice, no hints and no takebacks; a game whose player makes no first decision in {n} s is aborted, unrated.", { n: v.rated.abort_after });
    }
    let box = $("rated-join");
    const free = v.rated && !v.over && v.seat === null
      ? v.seats.map((s, i) => i).filter((i) => v.seats[i].kind === "human" && !v.seats[i].player) : [];
    if (!free.length) { if (box) box.hidden = true; return; }
    if (!box) {
      box = el("section", { id: "rated-join", class: "panel rated-join", "aria-live": "polite" });
      $("actions").before(box);
    }
    if (box.dataset.free === free.join(",") && !box.hidden) return;
    box.dataset.free = free.join(",");
    box.hidden = false;
    drawJoin(box, free);
  }

  async function drawJoin(box, free) {
    const me = brawl.me ? await brawl.me() : null;
    if (!me) {
      box.replaceChildren(el("p", {}, t("This is a rated game with a free seat.")),
        el("p", {}, el("a", { href: "/" }, t("Log in on the lobby to play it."))));
      return;
    }
    const error = el("p", { class: "error", role: "alert", hidden: true });
    const buttons = free.map((i) => el("button", { type: "button", class: "primary rated-join-go", "data-seat": String(i), onclick: async (ev) => {
      ev.target.disabled = true;
      error.hidden = true;
      try {
        const joined = await brawl.acct("POST", `/api/rooms/${encodeURIComponent(roomId)}/join`, { seat: i });
        window.location.replace(joined.invite);
        window.location.reload();
      } catch (e) { error.textContent = e.message; error.hidden = false; ev.target.disabled = false; }
    } }, free.length > 1 ? t("Play this rated game as {name} ({seat})", { name: me.username, seat: seatName(i) })
      : t("Play this rated game as {name}", { name: me.username })));
    box.replaceChildren(el("p", {}, t("This is a rated game: your rating changes with its result.")), ...buttons, error);
  }

  // -- claims: an opponent out of time, or away while the decision is theirs ---------------------------
  // whom a claim may be made against comes from the server (view.claim: its grace is the server's
  // one number), so the page never offers a claim the server would refuse
  function claimAgainst(v) {
    const flagged = [], away = [];
    if (v.seat === null || v.over || !v.claim) return { flagged, away };
    v.claim.against.forEach((i) => {
      const c = clockOf(v, i);
      if (c && c.flagged) flagged.push(i);
      else away.push(i);
    });
    return { flagged, away };
  }

  function renderClaim(v) {
    const { flagged, away } = claimAgainst(v);
    const box = $("claim-box");
    const was = box.hidden;
    box.hidden = !flagged.length && !away.length;
    if (box.hidden) return;
    $("claim-text").textContent = flagged.length
      ? t("{names} ran out of time: you may claim the game.", { names: flagged.map(seatName).join(t(" and ")) })
      : t("{names} is away while it is their decision: you may claim the game once the away limit has passed.", { names: away.map(seatName).join(t(" and ")) });
    if (was) reveal(box);
  }

  async function claim() {
    const button = $("claim");
    button.disabled = true;
    page.showError("");
    try {
      const v = await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/claim`, { token: page.token });
      page.onUpdate([], v);
    } catch (e) {
      page.showError(e.message, $("claim-box"));
    } finally {
      button.disabled = false;
    }
  }

  // -- takebacks ----------------------------------------------------------------------------------------
  let takebackOpen = false;    // a takeback request was open at the last drawing
  let rewritten = false;       // events were taken back since the last drawing

  function renderTakeback(v) {
    const request = v.takeback;
    const ask = $("takeback-ask");
    const wasHidden = ask.hidden;
    ask.hidden = !(request && request.yours) || v.over;
    if (!ask.hidden) {
      $("takeback-question").textContent = t("{name} wants to take back their last decision: allow?", { name: seatName(request.by) });
      if (wasHidden) reveal(ask);
    }
    const mine = request && request.by === v.seat;
    // offered only while the server would grant it (its view says so: no roll since, nothing sealed)
    $("takeback-row").hidden = v.seat === null || v.over || !(v.can_take_back || mine);
    $("takeback").disabled = !!mine;
    const status = $("takeback-status");
    if (mine) status.textContent = t("Waiting for the others to allow your takeback…");
    else if (status.dataset.waiting) {
      // the request closed: the history rewritten means allowed, else someone refused it
      status.textContent = t(rewritten ? "Your last decision was taken back." : "Your takeback was refused.");
      status.dataset.at = String(v.last);
    } else if (status.dataset.at && status.dataset.at !== String(v.last)) {
      status.textContent = "";
      status.dataset.at = "";
    }
    status.dataset.waiting = mine ? "1" : "";
    rewritten = false;
    // a request that closed may have rewritten the history: read it again
    if (takebackOpen && !request) page.resync();
    takebackOpen = !!request;
  }

  async function askTakeback() {
    page.showError("");
    try {
      const r = await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/takeback`, { token: page.token });
      if (r.done) { $("takeback-status").textContent = t("Your last decision was taken back."); page.resync(); }
      else { $("takeback-status").textContent = t("Waiting for the others to allow your takeback…"); }
    } catch (e) {
      page.showError(e.message, $("takeback-row"));
    }
  }

  async function answerTakeback(accept) {
    page.showError("");
    try {
      const r = await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/takeback/answer`, { token: page.token, accept });
      $("takeback-ask").hidden = true;
      if (r.done) page.resync();
    } catch (e) {
      page.showError(e.message, $("takeback-ask"));
    }
  }

  // -- controls ------------------------------------------------------------------------------------------
  $("claim").addEventListener("click", claim);
  $("takeback").addEventListener("click", askTakeback);
  $("takeback-allow").addEventListener("click", () => answerTakeback(true));
  $("takeback-refuse").addEventListener("click", () => answerTakeback(false));

  return { renderPeople, renderClaim, renderTakeback, rewritten: () => { rewritten = true; } };
};
