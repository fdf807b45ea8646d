// The game page's end: the result (who won, and why the server ended the game), the links to the
// replay and the record, the rematch, the dice checked in this browser (static/verify.js) and the
// game's review (static/review.js), both loaded once the game is over.
//
// game.js calls brawl.gamePage.end(page) once; page gives roomId, spectator, $, showError and the
// getters view and token.  The part wires the rematch button and returns renderEnd(view) and
// plural(view, winners) (whether "wins" takes a plural verb; the prompt bar asks it too).
"use strict";

brawl.gamePage = brawl.gamePage || {};

brawl.gamePage.end = function (page) {
  const { api } = brawl;
  const t = brawl.t;
  const reveal = brawl.reveal;
  const { $, roomId, spectator } = page;
  const seatName = (s) => brawl.seatName(page.view, s);

  // whether "wins" takes a plural verb: several winners, or one whose name is a plural ("Heroes")
  function plural(v, winners) {
    return winners.length > 1 || !!(v.seats && v.seats[winners[0]] && v.seats[winners[0]].plural);
  }

  // the game's review (static/review.js, loaded once the game is over); a judged decision opens the replay there
  function mountReview() {
    const open = (step) => { window.location.href = `/replay/${encodeURIComponent(roomId)}#step=${step}`; };
    (brawl.mountReview ? Promise.resolve() : brawl.loadScript("/static/review.js"))
      .then(() => brawl.mountReview($("review-box"), roomId, { jump: open })).catch(() => {});
  }

  function renderEnd(v) {
    const end = $("end");
    const wasHidden = end.hidden;
    end.hidden = !v.over;
    if (!v.over) return;
    const winners = v.winners || [];
    const names = winners.map(seatName).join(", ");
    let title;
    if (!winners.length) title = t("Draw");
    else if (v.seat === null) title = t(plural(v, winners) ? "{names} win" : "{names} wins", { names });
    else if (winners.includes(v.seat)) title = t(winners.length > 1 ? "You won (shared)" : "You won!");
    else title = t("You lost");
    $("end-title").textContent = title;
    $("end-text").textContent = winners.length ? t("{names} won.", { names }) : t("No winner.");
    // why the server ended it (a claim, a clock): its own words
    $("end-why").hidden = !v.ended;
    $("end-why").textContent = v.ended ? t("Why it ended: {reason}", { reason: String(v.ended).replace(/_/g, " ") }) : "";
    $("replay-link").href = `/replay/${encodeURIComponent(roomId)}`;
    if (v.dice !== false) mountVerify();
    mountReview();
    $("record-link").href = `/api/rooms/${encodeURIComponent(roomId)}/record`;
    $("record-link").setAttribute("download", `brawl-${v.game}-${roomId}.json`);
    const rematch = $("rematch");
    rematch.hidden = v.seat === null && !v.rematch;
    rematch.textContent = t(v.rematch ? "Go to the rematch" : "Rematch");
    // the result takes the focus; its panel scrolls to it before the next paint (never the window)
    if (wasHidden) {
      requestAnimationFrame(() => {
        if (end.hidden) return;
        $("end-title").focus({ preventScroll: true });
        reveal(end);
      });
    }
  }

  // -- the end: the dice checked in this browser ----------------------------------------------------------
  let verifyMounted = false;

  function mountVerify() {
    if (verifyMounted) return;
    verifyMounted = true;
    const box = $("verify-box");
    box.hidden = false;
    const go = () => brawl.loadScript("/static/verify.js").then(() => {
      const check = brawl.mountVerify(box, roomId);
      check.run();
    }).catch(() => { box.hidden = true; });
    // after the page is drawn: the check reads the record and recomputes every roll
    if (window.requestIdleCallback) requestIdleCallback(go, { timeout: 500 }); else setTimeout(go, 50);
  }

  // -- controls ------------------------------------------------------------------------------------------
  $("rematch").addEventListener("click", async () => {
    try {
      let next = page.view.rematch;
      if (!next) next = (await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/rematch`, { token: page.token })).room;
      // the same seats' tokens play the rematch (a table's page keeps all of them)
      window.location.assign(spectator ? `/watch/${next}` : `/play/${next}${window.location.hash || `#t=${page.token}`}`);
    } catch (e) { page.showError(e.message, $("rematch")); }
  });

  return { renderEnd, plural };
};
