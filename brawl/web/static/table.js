// Friends at one table.  brawl.qrButton(url, label): a button that shows the link as a QR code
// (drawn by the server from the link sent in a request body, never in an address), so a phone at
// the table joins by scanning the screen.  A link to this machine by its loopback name
// (127.0.0.1, localhost) is one no phone can open: the code says so.
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
})();
