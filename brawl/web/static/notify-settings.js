// The notification settings on /games (logged in): the page's title and sound, a system
// notification while a brawl page is open, Web Push to this browser (the service worker /sw.js,
// subscribed with the server's VAPID key), and e-mail with a daily digest.  Each change is PUT to
// /api/me/notifications at once.
"use strict";

(function () {
  const { el } = brawl;
  const t = brawl.t;
  const box = document.getElementById("notify");
  if (!box) return;

  const b64 = (s) => {
    const raw = atob((s + "=".repeat((4 - (s.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  };

  async function pushOn(key) {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) throw new Error(t("This browser cannot receive push messages."));
    if ((await Notification.requestPermission()) !== "granted") throw new Error(t("Notifications are blocked for this site in the browser."));
    const reg = await navigator.serviceWorker.register("/sw.js");
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64(key) });
    await brawl.acct("POST", "/api/me/push", sub.toJSON());
  }

  async function pushOff() {
    const reg = "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistration("/") : null;
    const sub = reg ? await reg.pushManager.getSubscription() : null;
    if (sub) { await brawl.acct("DELETE", "/api/me/push", { endpoint: sub.endpoint }); await sub.unsubscribe(); }
  }

  async function draw() {
    const s = await brawl.acct("GET", "/api/me/notifications");
    const error = el("div", { role: "alert", class: "error", hidden: true });
    const status = el("p", { role: "status", class: "hint", id: "notify-status" });
    const boxes = {};
    const save = async (changed) => {
      error.hidden = true;
      const body = { in_page: boxes.in_page.checked, sound: boxes.sound.checked, system: boxes.system.checked,
        push: boxes.push.checked, mail: boxes.mail.checked, digest: boxes.digest.checked, email: email.value.trim() || null };
      try {
        if (changed === "push") await (body.push ? pushOn(s.vapid_public_key) : pushOff());
        if (changed === "system" && body.system && "Notification" in window) await Notification.requestPermission();
        await brawl.acct("PUT", "/api/me/notifications", body);
        status.textContent = t("Saved.");
      } catch (e) {
        if (changed && boxes[changed]) boxes[changed].checked = !boxes[changed].checked;
        error.textContent = e.message; error.hidden = false;
      }
    };
    const check = (name, label) => {
      boxes[name] = el("input", { type: "checkbox", id: `notify-${name}`, checked: !!s[name], onchange: () => save(name) });
      return el("div", { class: "field check" }, boxes[name], " ", el("label", { for: `notify-${name}` }, t(label)));
    };
    const email = el("input", { type: "email", id: "notify-email", autocomplete: "email", value: s.email || "", onchange: () => save("email") });
    box.replaceChildren(el("h2", { id: "notify-title" }, t("Notifications")),
      el("p", { class: "hint" }, t("How you are told that a game waits for your decision. Nothing is sent for a game you have open.")),
      check("in_page", "The page's tab title"), check("sound", "A sound on the page"),
      check("system", "A system notification while a brawl page is open"),
      check("push", "Push messages to this browser, even with no page open"),
      el("div", { class: "field" }, el("label", { for: "notify-email" }, t("E-mail address")), email),
      check("mail", "An e-mail when it is your turn (at most one per game an hour)"),
      check("digest", "One e-mail a day instead, listing the games waiting"), status, error);
    box.hidden = false;
  }

  brawl.me().then((me) => { if (me) draw().catch(() => {}); });
})();
