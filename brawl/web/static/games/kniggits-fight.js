// Kniggits: the form of a fight (the seed's "Fighting"): sword and shield hands chosen in secret
// and shown together, with the server's clock (view.timer) as a bar and seconds left.  A hand
// picked but not sent goes out just before the clock ends; a hand not chosen counts as none (the
// seed's fumble).  games/kniggits.js makes it with brawl.kniggitsFight(page) and calls draw()
// after each update; page gives view(), root(), ctx() and byId(id).
"use strict";

(function () {
  const SEND_BEFORE_END = 0.75; // seconds: a picked but unsent hand goes out this long before the clock ends
  const HAND_WORDS = { high: "high", middle: "middle", low: "low", none: "nothing",
    "guard-high": "guard high", "guard-middle": "guard middle", "guard-low": "guard low" };  // keys of the catalogue
  const el = (...a) => brawl.el(...a);
  const T = (key, params) => brawl.t(key, params);  // the interface's catalogue (i18n.js)

  // whether the seat sees the fight form now: its hands to choose, or sealed and waiting
  function shown(v) {
    return v.state.phase === "fight" && v.seat !== null && (v.your_turn || !!v.state.sealed[v.seat]);
  }

  brawl.kniggitsFight = function (page) {
    let view = null;
    let root = null;
    let timer = null;
    let timerKey = "";
    let timerEnd = 0;
    let timerEndsAt = null; // the server's end of the clock shown (Unix seconds)
    let touched = false; // the player picked a hand in the open fight form
    let sentKey = "";
    const byId = (id) => page.byId(id);

    function fightOptions() {
      const h1 = new Set(), h2 = new Set();
      let pair = null;
      for (const d of view.legal) {
        const parts = d.action.split(":");
        if (parts[0] !== "fight") continue;
        pair = parts[1]; h1.add(parts[2]); h2.add(parts[3]);
      }
      return { pair, h1: [...h1], h2: [...h2] };
    }

    function drawFight() {
      const box = root.querySelector("#kn-fight");
      const st = view.state;
      const last = st.revealed && st.revealed.length ? st.revealed[3] : "";
      root.querySelector("#kn-revealed").textContent = last ? T("Last fight: {text}", { text: brawl.tr(last) }) : "";
      const fightKey = st.phase === "fight" && st.fights.length ? `${st.turns}:${st.fights.length}:${st.fights[0][0]}-${st.fights[0][1]}` : "";
      if (st.phase !== "fight" || !view.your_turn) {
        box.hidden = true;
        box.replaceChildren();
        if (st.phase === "fight" && view.seat !== null && st.sealed[view.seat]) {
          box.hidden = false;
          box.replaceChildren(el("p", {}, T("Your hands are sealed ({hands}); waiting for the other side.", { hands: st.sealed[view.seat] })), clockLine());
          startTimer(`sealed:${fightKey}`, null);
        } else {
          stopTimer();
        }
        return;
      }
      const { pair, h1, h2 } = fightOptions();
      if (!pair) { box.hidden = true; return; }
      const key = fightKey;
      box.hidden = false;
      if (timerKey === key && box.querySelector("form")) { startTimer(key, pair); return; }  // keep the choices made so far
      const [a, d] = pair.split("-");
      const me = view.seat;
      const mine = byId(a).seat === me ? byId(a) : byId(d);
      const foe = mine.id === a ? byId(d) : byId(a);
      touched = false;
      const group = (name, legend, values) => {
        const fs = el("fieldset", { class: "kn-hand" }, el("legend", {}, legend));
        for (const v of values) {
          const id = `kn-${name}-${v}`;
          fs.append(el("label", { for: id }, el("input", { type: "radio", name, id, value: v, checked: values.length === 1 ? true : null }),
            ` ${HAND_WORDS[v] ? T(HAND_WORDS[v]) : v}`));
        }
        return fs;
      };
      const form = el("form", { class: "kn-fight-form", "aria-label": T("Fight {pair}", { pair }) },
        el("p", {}, T("{mine} against {foe}: choose both hands in secret; they are shown together.", { mine: mine.id, foe: foe.id })),
        group("kn-sword", T(mine.two_swords ? "First sword" : "Sword hand"), h1),
        group("kn-shield", T(mine.two_swords ? "Second sword" : "Shield hand"), h2),
        el("div", { class: "kn-send" }, el("button", { type: "submit", class: "primary" }, T("Show hands")), clockLine()));
      form.addEventListener("change", () => { touched = true; });
      form.addEventListener("submit", (e) => { e.preventDefault(); sendHands(pair); });
      box.replaceChildren(el("h3", {}, T("Fight {pair}", { pair })), form);
      startTimer(key, pair);
    }

    // The server keeps the fight's clock (view.timer): when it runs out the server shows "none" for
    // every hand not sent (the seed's fumble).  A hand picked but not sent goes out just before.
    function clockLine() {
      const t = view.timer;
      if (!t) {
        // one device for the table: nobody's clock runs until its person takes the phone
        const phone = view.one_device;
        const waits = phone && phone.seconds && phone.holder === null;
        const words = !waits ? T("No time limit.") : !view.your_turn ? ""
          : T("{s} s from when you take the phone.", { s: Math.round(phone.seconds * 10) / 10 });
        return el("p", { class: "kn-timer" }, el("span", { id: "kn-time-left" }, words));
      }
      return el("p", { class: "kn-timer", role: "timer", "aria-live": "off" },
        el("progress", { id: "kn-time", max: t.seconds, value: t.left, "aria-label": T("time left") }), " ",
        el("span", { id: "kn-time-left" }, ""));
    }

    function sendHands(pair) {
      const form = root.querySelector(".kn-fight-form");
      // sent once per fight and seat (one device may play both seats of a fight, in turn)
      const key = `${view.seat}|${timerKey}`;
      if (!form || sentKey === key) return;
      const pick = (name) => { const c = form.querySelector(`input[name=${name}]:checked`); return c ? c.value : "none"; };
      sentKey = key;
      // a hand not chosen in time has no effect (the seed's fumble)
      page.ctx().decide(`fight:${pair}:${pick("kn-sword")}:${pick("kn-shield")}`, { anchor: form }).catch(() => { sentKey = ""; });
    }

    function startTimer(key, pair) {
      const t = view.timer;
      const endsAt = t ? t.ends_at : null;
      if (timerKey === key && timerEndsAt === endsAt) return;
      stopTimer();
      timerKey = key;
      timerEndsAt = endsAt;
      const line = root.querySelector(".kn-timer");
      if (line) line.replaceWith(clockLine());  // a clock that started or stopped since the line was drawn
      if (!t) return;
      timerEnd = Date.now() + t.left * 1000;  // the server's time left, so the two clocks need not agree
      const tick = () => {
        const left = Math.max(0, (timerEnd - Date.now()) / 1000);
        const bar = root.querySelector("#kn-time");
        const words = root.querySelector("#kn-time-left");
        if (bar) bar.value = left;
        if (words) words.textContent = left > 0 ? T("{s} s left", { s: Math.ceil(left) }) : T("Time is up: hands not shown count as none.");
        if (pair && touched && left <= SEND_BEFORE_END) sendHands(pair);
        if (left <= 0) return;
        timer = setTimeout(tick, 250);
      };
      tick();
    }

    function stopTimer() { clearTimeout(timer); timer = null; timerKey = ""; timerEndsAt = null; }

    return {
      draw() { view = page.view(); root = page.root(); drawFight(); },
    };
  };
  brawl.kniggitsFight.shown = shown;
})();
