// Friends at one table, on the game page.
//
// Dice rolled at the table: while the room awaits a roll (view.roll), the decision panel names the
// die in large type ("Moon rolls d10 for agility") and offers one big button per face the die can
// show, and "Roll for me" (the server draws it from the room's committed seed).  A tap posts to
// POST /api/rooms/ID/rolls; a refusal shows the server's words.
//
// One device for the table (pass-and-play): a page opened with every human seat's token in its
// fragment (/play/ID#t=TOKEN&table=TOKEN0,TOKEN1,...; a bot's place is empty) plays as whichever seat
// must decide now, says whose decision it is in large type, and before a sealed simultaneous
// choice hides everything behind a "Pass the phone to Moon" screen until that person taps "I am
// Moon"; it hides again after each sealed choice, so nobody sees another's choice.  Such a page
// tells the server that the room is played from one device (POST /api/rooms/ID/one-device with every
// token it holds) and who takes the phone ("I am Moon": POST /api/rooms/ID/phone): a sealed choice's
// clock (a Kniggits fight's timer) then runs for one person at a time, from that tap until they
// have chosen, so nobody's time runs while the phone goes round.  The server keeps who holds the
// phone in memory: should it forget (a restart), the page tells it again for the person choosing.
//
// game.js calls brawl.tableDice.update(view, ctx) after each drawing; ctx.token is the seat's token
// and ctx.useToken(token) makes the page that seat's (its view, its log, its socket).
"use strict";

(function () {
  const { el } = brawl;
  const t = brawl.t;
  const $ = (id) => document.getElementById(id);
  const roomId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");
  const hash = new URLSearchParams(window.location.hash.slice(1));
  // seat i's token (empty for a bot's seat); null when this page plays one seat only
  const table = hash.has("table") ? hash.get("table").split(",") : null;

  let rollShown = "";     // the roll last brought into sight
  let sending = false;    // a roll is on its way to the server
  let uncovered = null;   // the seat whose person tapped "I am ..." for the sealed choice open now
  let covered = false;
  let marked = null;      // the server was asked to mark the room as played from this device (a promise)
  let phoneSending = false;
  let phoneTold = "";     // the decision and seat whose phone the page last told the server of again

  // -- dice rolled at the table ------------------------------------------------------------------
  // The die in words, in the page's language, from the roll's parts (the seat as the page names it)
  function rollText(v, roll) {
    const label = roll.label ? brawl.tr(roll.label) : "";
    if (roll.seat === null || roll.seat === undefined) {
      return label ? t("Roll {die} for {label}", { die: roll.roll, label }) : t("Roll {die}", { die: roll.roll });
    }
    const name = brawl.seatName(v, roll.seat);
    return label ? t("{name} rolls {die} for {label}", { name, die: roll.roll, label }) : t("{name} rolls {die}", { name, die: roll.roll });
  }

  const faceText = (face) => (Array.isArray(face) ? face.join(", ") : String(face));

  // as many columns as fit a row of big buttons: a d6 in one row, a d10 in two, a d20 as a grid
  function columns(n) {
    if (n <= 6) return n;
    if (n <= 12) return Math.ceil(n / 2);
    return 0;  // auto-fill, each at least 44 px
  }

  function rollPanel(v, ctx, roll) {
    const faces = roll.faces || [];
    const cols = columns(faces.length);
    const grid = el("div", { class: "table-faces" + (cols ? "" : " many"), role: "group", id: "table-faces",
      "aria-label": t("The faces of the {die}: tap the one the die shows", { die: roll.roll }) });
    if (cols) grid.style.gridTemplateColumns = `repeat(${cols}, minmax(44px, 1fr))`;
    const error = el("p", { class: "error", role: "alert", id: "table-roll-error", hidden: true });
    const send = (body) => enter(ctx, body, error);
    faces.forEach((face) => {
      grid.append(el("button", { type: "button", class: "table-face", "data-face": JSON.stringify(face),
        "aria-label": t("The die shows {face}", { face: faceText(face) }), onclick: () => send({ outcome: face }) }, faceText(face)));
    });
    const forMe = el("button", { type: "button", class: "table-for-me", id: "table-for-me", onclick: () => send({ for_me: true }) },
      t("Roll for me"));
    if (!cols) grid.append(forMe);  // many faces: "Roll for me" fills the grid's last row
    return el("div", { class: "table-roll", id: "table-roll", "data-roll": roll.roll }, grid, error, cols ? forMe : null,
      el("p", { class: "hint" }, t("Roll a real die and tap the face it shows; anyone at the table may enter it. \"Roll for me\" lets the server roll this one from its committed dice.")));
  }

  async function enter(ctx, body, error) {
    if (sending) return;
    sending = true;
    const buttons = [...document.querySelectorAll("#table-roll button")];
    buttons.forEach((b) => { b.disabled = true; });
    error.hidden = true;
    try {
      await brawl.api("POST", `/api/rooms/${encodeURIComponent(roomId)}/rolls`, Object.assign({ token: ctx.token }, body));
      // the live connection brings the roll and the next view; should it not, the buttons come back
      setTimeout(() => buttons.forEach((b) => { if (document.contains(b)) b.disabled = false; }), 5000);
    } catch (e) {
      error.textContent = e.message;
      error.hidden = false;
      buttons.forEach((b) => { b.disabled = false; });
      brawl.reveal(error);
    } finally {
      sending = false;
    }
  }

  function showRoll(v, ctx) {
    const roll = v.roll;
    const title = $("actions-title");
    title.classList.toggle("table-roll-title", !!roll && !v.over);
    document.body.classList.toggle("table-rolling", !!roll && !v.over);
    if (!roll || v.over) { rollShown = ""; return; }
    const text = rollText(v, roll);
    const turn = $("turn");
    turn.replaceChildren(text);
    turn.className = "turn yours table-turn";
    turn.setAttribute("data-state", "roll");
    if (v.seat === null) return;  // a spectator reads whose roll it is; the seated enter it
    title.textContent = text;
    $("action-buttons").replaceChildren(rollPanel(v, ctx, roll));
    const key = `${v.last}|${text}`;
    if (key !== rollShown) {
      rollShown = key;
      brawl.revealAnswer($("table-faces"), title);
    }
  }

  // the digit keys enter a face of a die numbered from 1 (0 is a d10's 10)
  document.addEventListener("keydown", (e) => {
    if (!document.body.classList.contains("table-rolling") || covered) return;
    if (e.altKey || e.ctrlKey || e.metaKey || !/^[0-9]$/.test(e.key)) return;
    if (e.target && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
    const face = e.key === "0" ? "10" : e.key;
    const b = document.querySelector(`#table-faces button[data-face="${face}"]`);
    if (b && !b.disabled) { e.preventDefault(); b.click(); }
  });

  // -- one device for the table -------------------------------------------------------------------
  const tokenOf = (seat) => (table && table[seat]) || null;

  function coverScreen() {
    let screen = $("pass-screen");
    if (screen) return screen;
    screen = el("div", { id: "pass-screen", class: "pass-screen", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "pass-title", "aria-describedby": "pass-help", hidden: true },
    el("h2", { id: "pass-title", tabindex: "-1" }),
    el("p", { id: "pass-help" }),
    el("p", { id: "pass-clock", hidden: true }),
    el("button", { type: "button", id: "pass-ready", class: "primary" }));
    document.body.append(screen);
    return screen;
  }

  const roomPath = (what) => `/api/rooms/${encodeURIComponent(roomId)}/${what}`;

  // the room is played from this one device: every token it holds proves it (asked once a page)
  function markOneDevice(v) {
    if (!marked && !v.over) {
      marked = brawl.api("POST", roomPath("one-device"), { tokens: table.filter(Boolean) })
        .catch((e) => { console.warn("one device for the table:", e.message); });
    }
    return marked;
  }

  // seat's person has the phone: its clock for the sealed choice starts now (the server's answer
  // and the live connection bring the view with it)
  async function takePhone(seat) {
    phoneSending = true;
    try {
      await marked;
      await brawl.api("POST", roomPath("phone"), { token: tokenOf(seat) });
    } catch (e) {
      console.warn("taking the phone:", e.message);  // the choice stays open to make; the server's clock decides
    } finally {
      phoneSending = false;
    }
  }

  // everything behind the screen is out of reach (and of screen readers) while it is up
  function cover(v, seat) {
    const screen = coverScreen();
    const name = brawl.seatName(v, seat);
    $("pass-title").textContent = t("Pass the phone to {name}", { name });
    $("pass-help").textContent = t("{name}'s choice is secret: nobody else looks until it is made.", { name });
    const clock = $("pass-clock");
    const seconds = v.one_device && v.one_device.holder === null ? v.one_device.seconds : null;
    clock.hidden = !seconds;
    clock.textContent = seconds ? t("The clock ({s} s) starts when {name} taps the button: nobody's time runs while the phone goes round.",
      { s: Math.round(seconds * 10) / 10, name }) : "";
    const ready = $("pass-ready");
    ready.textContent = t("I am {name}", { name });
    ready.onclick = async () => {
      if (ready.disabled) return;
      ready.disabled = true;
      uncovered = seat;
      await takePhone(seat);
      ready.disabled = false;
      uncover();
    };
    const was = covered;
    covered = true;
    screen.hidden = false;
    document.body.classList.add("passing");
    for (const part of document.querySelectorAll("body > header, body > main, body > .skip")) part.inert = true;
    if (!was) ready.focus({ preventScroll: true });
  }

  function uncover() {
    if (!covered) return;
    covered = false;
    $("pass-screen").hidden = true;
    document.body.classList.remove("passing");
    for (const part of document.querySelectorAll("body > header, body > main, body > .skip")) part.inert = false;
    const first = document.querySelector("#action-buttons button:not(:disabled), #board button, #board [tabindex]");
    if (first) first.focus({ preventScroll: true });
  }

  // whose decision it is, in large type in the prompt bar
  function whose(v) {
    if (v.over || !v.node || !v.node.seats.includes(v.seat) || v.roll) return;
    const line = el("span", { class: "table-whose" }, t("{name}'s decision", { name: brawl.seatName(v, v.seat) }));
    $("turn").prepend(line);
    $("turn").classList.add("has-whose");
  }

  function useSeat(ctx, seat) {
    const token = tokenOf(seat);
    hash.set("t", token);
    history.replaceState(null, "", `#${hash.toString()}`);
    ctx.useToken(token);
  }

  function passAndPlay(v, ctx) {
    if (!table || v.seat === null) return;
    if (!document.body.classList.contains("pass-and-play") && !$("name-dialog").hidden) $("name-skip").click();  // one device: no one name to ask
    document.body.classList.add("pass-and-play");
    $("takeback-row").hidden = true;  // a takeback asks the others on their own pages: there are none here
    markOneDevice(v);
    const deciding = v.over || v.roll || !v.node ? [] : v.node.seats.filter((s) => tokenOf(s));
    const sealed = !!v.node && v.node.kind === "simultaneous";
    if (!deciding.includes(v.seat)) {
      uncovered = null;
      if (deciding.length) {
        // another person's decision: the page becomes theirs; a sealed one behind the screen at once
        // (this seat's own sealed choice may be on the board until then)
        if (sealed) cover(v, deciding[0]);
        useSeat(ctx, deciding[0]);
        return;
      }
    }
    if (sealed && deciding.includes(v.seat) && uncovered !== v.seat) cover(v, v.seat);
    else uncover();
    // the person choosing has the phone, but the server knows of no one holding it (it restarted):
    // tell it again, and their clock starts a full period, as an open clock does after a restart
    const phone = v.one_device;
    if (sealed && uncovered === v.seat && deciding.includes(v.seat) && phone && phone.seconds && phone.holder === null
        && !phoneSending && phoneTold !== `${v.last}|${v.seat}`) {
      phoneTold = `${v.last}|${v.seat}`;
      takePhone(v.seat);
    }
    whose(v);
  }

  brawl.tableDice = {
    update(v, ctx) {
      showRoll(v, ctx);
      passAndPlay(v, ctx);
      if (brawl.tableSheet) brawl.tableSheet.update(v, !!v.table_dice || !!table);  // the game sheet (table-sheet.js)
    },
  };

  const style = document.createElement("style");
  style.textContent = `
#actions-title.table-roll-title { font-size: 1.45em; line-height: 1.25; }
.table-roll { flex: 1 1 100%; display: flex; flex-direction: column; gap: 0.5em; }
.table-faces { display: grid; gap: 0.4em; }
.table-faces.many { grid-template-columns: repeat(auto-fill, minmax(52px, 1fr)); }
.table-face { min-height: 52px; min-width: 44px; padding: 0.2em; font-size: 1.45em; font-weight: 700; font-variant-numeric: tabular-nums; }
.table-faces.many .table-face { min-height: 46px; font-size: 1.2em; }
.table-for-me { align-self: flex-start; }
.table-whose { display: block; font-size: 1.45em; line-height: 1.2; }
.turn.has-whose::before { content: none; }
.table-faces.many .table-for-me { grid-column: span 3 / -1; align-self: stretch; }
.pass-screen { position: fixed; inset: 0; z-index: 1000; background: var(--bg); color: var(--fg); display: flex;
  flex-direction: column; align-items: center; justify-content: center; gap: 1em; padding: 1.5em; text-align: center; }
.pass-screen h2 { font-size: 2em; line-height: 1.2; margin: 0; outline: none; }
.pass-screen p { font-size: 1.1em; max-width: 28em; margin: 0; }
.pass-screen button { font-size: 1.4em; min-height: 60px; padding: 0.4em 1.6em; }
`;
  document.head.append(style);
})();
