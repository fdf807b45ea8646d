// The game page's first request, made from the top of the page while its stylesheet and scripts
// load: a seat's first frame (its view and the newest page of its log; a spectator's comes in the
// page).  game.js takes it from window.brawlBoot; the server puts this script inline (allowed by its hash).
(() => {
  const boot = (window.brawlBoot = { page: LOG_PAGE });
  const parts = location.pathname.split("/").filter(Boolean);
  const token = new URLSearchParams(location.hash.slice(1)).get("t");
  if (document.getElementById("first-frame") || parts[0] !== "play" || !token) return;
  const room = encodeURIComponent(decodeURIComponent(parts[1] || ""));
  // the slot says when the answer is in (done), so the page can draw at once when it already is
  const slot = (boot.first = { done: false });
  slot.promise = fetch(`/play/${room}/first`, { headers: { Accept: "application/json", "X-Seat-Token": token } }).then(
    (res) => res.json().catch(() => null).then((data) => Object.assign(slot, { done: true, status: res.status, data })),
    (error) => Object.assign(slot, { done: true, status: 0, error }));
})();
