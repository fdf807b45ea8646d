// brawl's service worker: shows a Web Push message ("Your turn in KtOG with Ann and Bob (2 days
// left)") as a system notification, and opens /games when it is clicked.  The message carries no
// seat token; the list opens the seat.
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { body: event.data ? event.data.text() : "" }; }
  event.waitUntil(self.registration.showNotification(data.title || "brawl",
    { body: data.body || "", tag: data.tag || "brawl", data: { url: data.url || "/games" } }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/games";
  event.waitUntil(self.clients.matchAll({ type: "window" }).then((list) => {
    for (const c of list) if (new URL(c.url).pathname === url && "focus" in c) return c.focus();
    return self.clients.openWindow(url);
  }));
});
