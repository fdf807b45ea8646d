// The review of a finished game (GET /api/rooms/ROOM/review), drawn in the game page's end panel
// and in the replay viewer: the win-chance graph (a line per seat; decisions as rings, larger the
// worse; dice as ticks under it), accuracy, luck and skill per seat, and the judged decisions,
// each a button that jumps the replay to its step.  An estimated review is worked out by the
// server in the background: the page shows its progress and asks again, never waiting on it.
"use strict";

(function () {
  const { el, svg } = brawl;
  const t = (key, params) => brawl.t(key, params);
  const POLL_MS = 700;
  const W = 360, H = 170, PAD_L = 34, PAD_R = 8, PAD_T = 8, PAD_B = 22;
  const DASHES = ["", "6 4", "2 3", "10 3 2 3", "1 5", "8 6"];
  const BAD = ["inaccuracy", "mistake", "blunder"];
  const SHOWN = BAD.concat(["uncertain"]);  // listed at first: what lost, and what the playouts could not judge
  const RING = { inaccuracy: 4, mistake: 5.5, blunder: 7, uncertain: 4 };
  const MARK = { inaccuracy: "?!", mistake: "?", blunder: "??", best: "", good: "", uncertain: "" };

  function pct(x) { return brawl.pct(x); }  // "56.6%", "56,6 %" on a Spanish page
  function points(x) { return `${x >= 0 ? "+" : "−"}${Math.abs(100 * x).toFixed(1)}`; }

  function css() {
    if (document.querySelector('link[href="/static/review.css"]')) return;
    document.head.append(el("link", { rel: "stylesheet", href: "/static/review.css" }));
  }

  // -- the graph ---------------------------------------------------------------------------------
  function graph(review, jump) {
    const g = review.graph;
    const n = Math.max(1, g.length - 1);
    const x = (i) => PAD_L + (i * (W - PAD_L - PAD_R)) / n;
    const y = (p) => PAD_T + (1 - p) * (H - PAD_T - PAD_B);
    const box = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-graph", role: "img",
      "aria-label": t("Win chance over the game, one line per player") });
    for (const p of [0, 0.5, 1]) {
      box.append(svg("line", { x1: PAD_L, x2: W - PAD_R, y1: y(p), y2: y(p), class: p === 0.5 ? "mid" : "grid" }));
      const label = svg("text", { x: PAD_L - 4, y: y(p) + 4, class: "axis", "text-anchor": "end" });
      label.textContent = `${100 * p}%`;
      box.append(label);
    }
    const seats = review.players.length;
    // dice: a tick under the graph per roll, as tall as the roll's largest swing
    g.forEach((pt, i) => {
      if (pt.kind !== "roll" || i === 0) return;
      const swing = Math.max(...pt.win.map((w, s) => Math.abs(w - g[i - 1].win[s])));
      const h = Math.max(2, Math.min(PAD_B - 4, swing * 50));
      box.append(svg("rect", { x: x(i) - 1, y: H - 2 - h, width: 2, height: h, class: "die-tick" }));
    });
    for (let s = 0; s < seats; s++) {
      const line = svg("polyline", { points: g.map((pt, i) => `${x(i).toFixed(1)},${y(pt.win[s]).toFixed(1)}`).join(" "),
        class: `seat-line seat-${s % 6}`, "stroke-dasharray": DASHES[s % DASHES.length] });
      box.append(line);
    }
    g.forEach((pt, i) => {
      if (pt.kind !== "decision" || !SHOWN.includes(pt.judgement)) return;
      const ring = svg("circle", { cx: x(i), cy: y(pt.win[pt.seat]), r: RING[pt.judgement],
        class: `ring ${pt.judgement}`, "data-step": pt.step, "data-index": pt.index });
      const title = svg("title", {});
      title.textContent = `${t("Step {step}", { step: pt.step })}: ${review.players[pt.seat]}, ${t(pt.judgement)}`;
      ring.append(title);
      if (jump) ring.addEventListener("click", () => jump(pt.step, pt.index));
      box.append(ring);
    });
    return box;
  }

  function legend(review) {
    return el("ul", { class: "review-legend" }, ...review.players.map((name, s) => {
      const swatch = svg("svg", { class: "swatch", viewBox: "0 0 28 8", "aria-hidden": "true" });
      swatch.append(svg("line", { x1: 0, x2: 28, y1: 4, y2: 4, class: `seat-line seat-${s % 6}`,
        "stroke-dasharray": DASHES[s % DASHES.length] }));
      return el("li", {}, swatch, name);
    }));
  }

  // -- the figures per seat -------------------------------------------------------------------------
  function seatsTable(review) {
    const iv = review.intervals || {};
    // what luck and skill leave of the result (a game ended by a claim): shown when it is more than
    // half a point
    const other = (review.residual || []).some((r) => Math.abs(r) > 0.005);
    const cell = (value, interval) => el("td", {}, value,
      interval ? el("span", { class: "ci", title: t("95% interval") }, `${points(interval[0])}…\u200b${points(interval[1])}`) : null);
    const heads = ["Player", "Accuracy", "Start", "Luck", "Skill", other ? "Other" : null, "Result"].filter(Boolean);
    return el("table", { class: "review-seats", "data-columns": String(heads.length) },
      el("thead", {}, el("tr", {}, ...heads.map((h) => el("th", { scope: "col" }, t(h))))),
      el("tbody", {}, ...review.seats.map((s) => el("tr", {},
        el("th", { scope: "row" }, s.name),
        el("td", { class: "acc" }, s.accuracy === null || s.accuracy === undefined ? "–" : s.accuracy.toFixed(1),
          el("span", { class: "ci" }, t("{n} of {m} judged", { n: s.judged ?? 0, m: s.choices ?? 0 }))),
        el("td", {}, pct(s.start), iv.start && iv.start[s.seat]
          ? el("span", { class: "ci", title: t("95% interval") }, `${pct(iv.start[s.seat][0])}…\u200b${pct(iv.start[s.seat][1])}`) : null),
        cell(points(s.luck), iv.luck && iv.luck[s.seat]),
        cell(points(s.skill), iv.skill && iv.skill[s.seat]),
        other ? el("td", {}, points(review.residual[s.seat])) : null,
        el("td", {}, pct(s.result))))));
  }

  // -- the judged decisions -------------------------------------------------------------------------
  function decisionItem(review, d, jump) {
    const who = review.players[d.seat];
    // the decisions in the game's words ("Moon defends (d8)"), in the page's language
    const said = (label, action) => (label ? brawl.tr(label) : `${who}: ${action}`);
    const best = d.best_action !== d.action ? ` · ${t("best")}: ${said(d.best_label, d.best_action)} (${pct(d.best_win)})` : "";
    const words = `${t("Step {step}", { step: d.step })} · ${said(d.label, d.action)} · ${pct(d.win_before)} → ${pct(d.win_after)}${best}`;
    const range = d.judgement === "uncertain" && d.between ? ` (${t(d.between[0])}–${t(d.between[1])})` : "";
    const loss = d.interval && d.interval.loss && d.judgement === "uncertain"
      ? ` −${(100 * d.interval.loss[0]).toFixed(1)}…${(100 * d.interval.loss[1]).toFixed(1)}` : (d.loss > 0 ? ` ${points(-d.loss)}` : "");
    const tag = el("span", { class: `judgement ${d.judgement}` }, `${t(d.judgement)}${MARK[d.judgement] ? " " + MARK[d.judgement] : ""}${range}`, loss);
    const button = el("button", { type: "button", class: "link jump", "data-step": d.step, "data-index": d.index }, words);
    if (jump) button.addEventListener("click", () => jump(d.step, d.index));
    return el("li", { class: d.judgement, "data-index": d.index }, tag, " ", button);
  }

  function decisionsList(review, jump) {
    const box = el("div", { class: "review-moves-box" });
    const list = el("ol", { class: "review-moves" });
    const toggle = el("button", { type: "button", class: "link" });
    let every = false;
    const lost = review.decisions.filter((d) => BAD.includes(d.judgement)).length;
    const unsure = review.decisions.filter((d) => d.judgement === "uncertain").length;
    const counts = el("p", { class: "hint review-counts" }, t("{lost} lost 2 points or more; {unsure} uncertain; {judged} of {choices} decisions with a choice judged", {
      lost, unsure, judged: (review.judged || {}).decisions ?? 0, choices: (review.judged || {}).choices ?? 0 }));
    const fill = () => {
      const shown = review.decisions.filter((d) => every || SHOWN.includes(d.judgement));
      list.replaceChildren(...shown.map((d) => decisionItem(review, d, jump)));
      if (!shown.length) list.append(el("li", { class: "empty" }, t("No decision lost more than 2 points of win chance.")));
      toggle.textContent = t(every ? "Show only the decisions that lost" : "Show every decision ({n})", { n: review.decisions.length });
    };
    toggle.addEventListener("click", () => { every = !every; fill(); scrolls(); });
    fill();
    box.append(el("h3", {}, t("Judged decisions")), counts, list, toggle);
    // a list taller than its box is framed as one that scrolls (review.css), once it is laid out
    const scrolls = () => requestAnimationFrame(() => { list.dataset.scrolls = String(list.scrollHeight > list.clientHeight + 1); });
    scrolls();
    return box;
  }

  function biggestRolls(review) {
    const rolls = [...review.dice].sort((a, b) => Math.max(...b.swing.map(Math.abs)) - Math.max(...a.swing.map(Math.abs))).slice(0, 3);
    if (!rolls.length) return null;
    return el("p", { class: "hint review-dice" }, t("Rolls that moved the game most:") + " ",
      ...rolls.sort((a, b) => a.index - b.index).flatMap((r, i) => [i ? "; " : "",
        `${t("Step {step}", { step: r.step })} ${r.roll} = ${r.outcome} (${review.players.map((p, s) => `${p} ${points(r.swing[s])}`).join(", ")})`]));
  }

  // -- the whole ------------------------------------------------------------------------------------
  function draw(root, review, opts) {
    // the players' names as the page shows them ("Sun" reads "Sol" on a Spanish page); names
    // people chose stay as they are
    review = Object.assign({}, review, { players: review.players.map((p) => brawl.trName(p)),
      seats: review.seats.map((s) => Object.assign({}, s, { name: brawl.trName(s.name) })) });
    root.replaceChildren();
    root.dataset.state = "done";
    root.dataset.exact = String(review.exact);
    const badge = el("span", { class: `badge ${review.exact ? "exact" : "estimated"}` }, t(review.exact ? "exact" : "estimated"));
    root.append(el("h3", { class: "review-title" }, t("Game review"), " ", badge));
    root.append(el("p", { class: "hint review-note" }, brawl.tr(review.note)));
    const wrap = el("div", { class: "review-graph-wrap" }, graph(review, opts.jump));
    root.append(wrap, legend(review));
    root.append(el("p", { class: "hint" }, t(review.exact ? "Rings mark the decisions that lost (larger: worse); ticks under the graph are the dice."
      : "Rings mark the decisions that lost (larger: worse), dashed ones those the playouts could not judge; ticks under the graph are the dice.")));
    // a table wider than a phone scrolls in its own box, which the keyboard can reach too
    root.append(el("div", { class: "review-seats-wrap", tabindex: "0", role: "region", "aria-label": t("Accuracy") + " · " + t("Luck") + " · " + t("Skill") },
      seatsTable(review)));
    root.append(el("p", { class: "hint review-explain" }, t("Start + luck + skill = result, in points of win chance. Skill: what the decisions did to a player's win chance, each against the best one compared (one's own losses count against, the others' gifts for); luck: what the dice and hidden choices did.")));
    if (!review.exact) {
      root.append(el("p", { class: "hint" }, t("Estimated by playouts: a decision is judged only where its 95% interval decides; \"uncertain\" where the playouts cannot tell. Accuracy counts judged decisions only.")));
    }
    if ((review.residual || []).some((r) => Math.abs(r) > 0.005)) {
      root.append(el("p", { class: "hint" }, t("Other: what luck and skill leave of the result (a game ended by a claim).")));
    }
    const rolls = biggestRolls(review);
    if (rolls) root.append(rolls);
    root.append(decisionsList(review, opts.jump));
    if (review.puzzles && review.puzzles.length && opts.room) {
      root.append(el("p", {}, el("a", { class: "puzzles-link", href: `/puzzles?room=${encodeURIComponent(opts.room)}` },
        t(review.puzzles.length === 1 ? "Practise your mistake (1 puzzle)" : "Practise your mistakes ({n} puzzles)", { n: review.puzzles.length }))));
    }
  }

  // while the server works the review out: what it is doing, and a bar with the share done (the
  // solver's own count of work while it solves a missing solution, then the playouts)
  function progress(root, job) {
    const p = job.progress || { done: 0, total: 0 };
    root.dataset.state = "running";
    const solving = p.phase === "solving" || job.kind === "solve";
    const words = job.waiting ? t("Waiting for other reviews to finish…")
      : p.phase === "solving" ? t("Solving this game exactly first (once; then it is kept)…")
        : t("Working out the review: {done} of {total} playouts", p);
    const given = typeof p.fraction === "number" ? p.fraction : (p.total ? p.done / p.total : 0);
    const share = Math.min(1, Math.max(0, given || 0));
    root.dataset.phase = job.waiting ? "waiting" : (p.phase || "");
    root.replaceChildren(el("h3", { class: "review-title" }, t("Game review"), " ",
      el("span", { class: `badge ${solving ? "exact" : "estimated"}` }, t(solving ? "exact" : "estimated"))),
      el("p", { class: "hint", role: "status" }, words),
      el("div", { class: "review-progress-row" },
        el("progress", { max: "1", value: String(share), class: "review-progress", "data-fraction": String(share),
          "aria-label": t(p.phase === "solving" ? "Solved so far" : "Worked out so far") }),
        el("span", { class: "review-progress-pct" }, t("{pct} done", { pct: brawl.pct(share, 0) }))));
  }

  // a room's review, or (source.record: the record's text) an uploaded record's
  async function fetchReview(source) {
    const res = typeof source === "string"
      ? await fetch(`/api/rooms/${encodeURIComponent(source)}/review`, { headers: { Accept: "application/json" } })
      : await fetch("/api/review", { method: "POST", headers: { Accept: "application/json", "Content-Type": "application/json" }, body: source.record });
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (res.status === 202) return { running: data };
    return { review: brawl.answer(res.status, data) };
  }

  // mount the review of ROOM in ROOT once (or of an uploaded record: opts.record, its text, and
  // ROOM a name for it); opts.jump(step, index) moves the replay there
  brawl.mountReview = async function (root, room, opts) {
    opts = Object.assign({ room }, opts || {});
    if (!root || root.dataset.mounted === room) return;
    root.dataset.mounted = room;
    const source = opts.record ? { record: opts.record } : room;
    if (opts.record) opts.room = null;  // an upload has no puzzles page of its own
    css();
    root.classList.add("review");
    root.hidden = false;
    root.replaceChildren(el("p", { class: "hint", role: "status" }, t("Loading the game review…")));
    for (;;) {
      let got;
      try {
        got = await fetchReview(source);
      } catch (e) {
        root.dataset.state = "error";
        root.replaceChildren(el("p", { class: "hint" }, t("No review: {why}", { why: e.message })));
        return;
      }
      if (root.dataset.mounted !== room) return;
      if (got.review) {
        await brawl.gameWords(got.review.game);  // its labels and note in the page's language
        if (root.dataset.mounted !== room) return;
        draw(root, got.review, opts);
        if (opts.drawn) opts.drawn();
        return;
      }
      progress(root, got.running || {});
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };

  // show which judged decision matches the replay's step (scrolled into the list's own box, never
  // moving the page)
  brawl.markReviewStep = function (root, step) {
    if (!root) return;
    let current = null;
    root.querySelectorAll(".review-moves li").forEach((li) => {
      const b = li.querySelector("button");
      const on = !!b && Number(b.dataset.step) === step;
      li.classList.toggle("current", on);
      if (on && !current) current = li;
    });
    const list = current && current.closest(".review-moves");
    if (!list) return;
    const top = current.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    const bottom = top + current.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  };
})();

// The replay viewer of a room (/replay/ROOM) shows its review beside the log: a judged decision
// jumps the replay by moving the step slider, and the decision on show is marked as the replay moves.
(function () {
  const parts = window.location.pathname.split("/").filter(Boolean);
  const box = document.getElementById("review-panel");
  if (!box || parts[0] !== "replay") return;
  const mark = () => brawl.markReviewStep(box, Number(document.body.dataset.step));
  const jump = (step) => {
    const range = document.getElementById("step");
    if (!range) return;
    range.value = String(step);
    range.dispatchEvent(new Event("input", { bubbles: true }));
    mark();  // the step on show may be this one already (no change to watch for)
  };
  new MutationObserver(mark).observe(document.body, { attributes: true, attributeFilter: ["data-step"] });
  if (parts[1]) {
    brawl.mountReview(box, decodeURIComponent(parts[1]), { jump, drawn: mark });
    return;
  }
  // an uploaded record: its review once the viewer replays it (replay.js says so; each new file, a
  // new review; a file that is no record or does not replay leaves the review on show as it is)
  let uploads = 0;
  document.addEventListener("brawl:replay-record", (e) => {
    uploads += 1;
    brawl.mountReview(box, `upload-${uploads}`, { jump, record: e.detail.text, drawn: mark });
  });
})();
