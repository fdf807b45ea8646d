// Friends at one table, in the lobby.  brawl.qrButton(url, label): a button that shows the link as
// a QR code (drawn by the server from the link sent in a request body, never in an address), so a
// phone at the table joins by scanning the screen.  A link to this machine by its loopback name
// (127.0.0.1, localhost) is one no phone can open: the code says so.  brawl.tableDiceField(info):
// the choice of who rolls (the server, or real dice at the table: sent as `dice` when the room is
// made, read by brawl.tableDiceChoice()).  brawl.playAllItem(room): the link that plays every human
// seat of a room on one device (pass-and-play; the tokens in the link's fragment only).
"use strict";

(function () {
  const { el } = brawl;
  const t = brawl.t;
  const LOOPBACK = /^(localhost|127\.|\[::1\])/;

  brawl.qrButton = function (url, label) {
    const box = el("div", { class: "qr", hidden: true });
    const button = el("button", { type: "button", class: "qr-button", "aria-expanded": "false", onclick: async () => {
      const open = box.hidden;
      box.hidden = !open;
      button.setAttribute("aria-expanded", String(open));
      button.textContent = open ? t("Hide QR code") : t("QR code");
      if (!open || box.childElementCount) return;
      try {
        const res = await fetch("/api/qr", { method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ text: url, title: label }) });
        if (!res.ok) throw new Error(`${res.status}`);
        const svg = new DOMParser().parseFromString(await res.text(), "image/svg+xml").documentElement;
        svg.setAttribute("role", "img");
        svg.setAttribute("aria-label", label);
        box.append(svg);
        if (LOOPBACK.test(new URL(url).host)) {
          box.append(el("p", { class: "hint" }, t("This link names this computer as 127.0.0.1, which phones cannot open: start the server with --host 0.0.0.0 and open the lobby at the address it prints.")));
        }
      } catch (e) {
        box.append(el("p", { class: "error notice" }, t("The QR code could not be made: {why}", { why: e.message })));
      }
    } }, t("QR code"));
    return el("span", { class: "qr-wrap" }, button, box);
  };

  const DICE = "brawl.dice";

  // "Dice: the server rolls / we roll real dice at the table", before the clock; only for games with dice
  brawl.tableDiceField = function (info) {
    let field = document.getElementById("dice-field");
    if (!field) {
      const select = el("select", { id: "dice-mode", name: "dice", "aria-describedby": "dice-help" },
        el("option", { value: "server" }, t("The server rolls (committed dice)")),
        el("option", { value: "table" }, t("We roll real dice at the table")));
      try { if (localStorage.getItem(DICE) === "table") select.value = "table"; } catch (e) { /* not kept */ }
      select.addEventListener("change", () => { try { localStorage.setItem(DICE, select.value); } catch (e) { /* not kept */ } });
      field = el("div", { class: "field", id: "dice-field" }, el("label", { for: "dice-mode" }, t("Dice")), select,
        el("p", { class: "hint", id: "dice-help" }, t("With real dice the game names each roll and you tap the face your die shows.")));
      const before = document.getElementById("time");
      before.parentNode.insertBefore(field, before);
    }
    field.hidden = !!info && info.dice === false;
  };

  brawl.tableDiceChoice = function () {
    const field = document.getElementById("dice-field");
    return field && !field.hidden && document.getElementById("dice-mode").value === "table" ? "table" : null;
  };

  // every human seat's token, in seat order (a bot's place empty), in the fragment of one link
  brawl.tableLink = function (room) {
    const tokens = room.seats.map((s) => (s.kind === "human" && s.token) || "");
    const first = tokens.find(Boolean);
    return first ? `/play/${encodeURIComponent(room.room)}#t=${first}&table=${tokens.join(",")}` : null;
  };

  // the same link for a room in the list of games made in this browser (each seat's invite holds its token)
  brawl.recentPlayAll = function (r) {
    const seats = r.seats.map((s) => ({ kind: s.kind, token: s.kind === "human" && s.invite ? new URLSearchParams(s.invite.split("#")[1] || "").get("t") : null }));
    if (seats.filter((s) => s.token).length < 2) return null;
    return el("a", { href: window.location.origin + brawl.tableLink({ room: r.room, seats }), class: "play-all-link" }, t("Play every seat on this device"));
  };

  brawl.playAllItem = function (room) {
    if (room.seats.filter((s) => s.kind === "human" && s.token).length < 2) return null;
    const url = window.location.origin + brawl.tableLink(room);
    return el("li", { class: "play-all" }, el("span", { class: "who" }, t("At one table:")),
      el("a", { href: url, class: "play-all-link" }, t("Play every seat on this device")),
      el("span", { class: "hint" }, t("Pass it round: the page plays whoever decides now and hides secret choices.")));
  };
})();
