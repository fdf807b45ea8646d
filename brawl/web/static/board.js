// Board gestures shared by the game boards: one pointer taps, drags a piece or pans the board inside
// its panel; two fingers pinch to zoom; Ctrl+wheel and the zoom buttons zoom too.  Mouse, touch and
// pen alike (Pointer Events).  What a point means (a table point in inches, a grid square) stays with
// the renderer: this file only says which gesture happened and where.
//
//   const b = brawl.board({
//     svg, scroller: () => element that scrolls (the .board-view),
//     zoom: { min, max, step, levelId, fitLabel },     // the zoom bar: b.zoomBar
//     begin(e)        -> extra fields for the gesture; a truthy `on` means the pointer is on a
//                        piece that may be dragged,
//     hover(e)        mouse moving with no button down,
//     dragStart(g)    a drag of the piece g.on begins,
//     dragMove(e, g)  the piece is dragged,
//     drop(e, g)      the drag ends,
//     tap(e, g)       a tap or a click (g.type is the pointer type, g.shift the Shift key),
//     zoomed(z)       the zoom changed, or the board's box changed width (resize the board),
//   });
//   b.zoom, b.setZoom(z), b.busy (a gesture is under way), b.watch(box) (call zoomed when the
//   box's width changes: the page laid out, a scrollbar came, a phone turned)
"use strict";

(function () {
  window.brawl = window.brawl || {};
  const MOVE_PX = 8; // CSS px a pointer travels before a tap becomes a drag or a pan
  const noop = () => {};

  brawl.board = function (o) {
    const t = brawl.t || ((s) => s);
    const svg = o.svg;
    const zo = Object.assign({ min: 1, max: 4, step: 1.5, levelId: null, fitLabel: "Reset zoom" }, o.zoom || {});
    const on = Object.assign({ begin: () => ({}), hover: noop, dragStart: noop, dragMove: noop, drop: noop, tap: noop, zoomed: noop }, o);
    const pointers = new Map(); // pointerId -> {x, y, startX, startY}
    let pinch = null;           // {dist, zoom} while two fingers are down
    let gesture = null;         // the one-pointer gesture: {id, kind: "tap" | "drag" | "pan" | "none", type, shift, ...}
    let zoom = 1;

    const level = brawl.el("span", { id: zo.levelId, class: "zoom-level", "aria-live": "polite" }, brawl.pct ? brawl.pct(1, 0) : "100%");
    function setZoom(z) {
      zoom = Math.max(zo.min, Math.min(zo.max, z));
      level.textContent = brawl.pct ? brawl.pct(zoom, 0) : `${Math.round(zoom * 100)}%`;
      on.zoomed(zoom);
    }

    function onDown(e) {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, startX: e.clientX, startY: e.clientY });
      try { svg.setPointerCapture(e.pointerId); } catch (err) { /* not capturable */ }
      if (pointers.size === 2) {  // a second finger: pinch to zoom, no tap
        const [a, b] = [...pointers.values()];
        pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, zoom };
        gesture = null;
        return;
      }
      if (pointers.size > 2) return;
      gesture = Object.assign({ id: e.pointerId, kind: "tap", type: e.pointerType, shift: e.shiftKey }, on.begin(e) || {});
      e.preventDefault();
    }

    function onMove(e) {
      const ptr = pointers.get(e.pointerId);
      if (!ptr) {  // a mouse moving with no button down
        if (e.pointerType === "mouse") on.hover(e);
        return;
      }
      const dx = e.clientX - ptr.x, dy = e.clientY - ptr.y;
      ptr.x = e.clientX; ptr.y = e.clientY;
      if (pinch && pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        setZoom(pinch.zoom * Math.hypot(a.x - b.x, a.y - b.y) / pinch.dist);
        return;
      }
      const g = gesture;
      if (!g || g.id !== e.pointerId) return;
      if (g.kind === "tap" && Math.hypot(e.clientX - ptr.startX, e.clientY - ptr.startY) > MOVE_PX) {
        if (g.on) { g.kind = "drag"; on.dragStart(g); } else g.kind = g.type === "mouse" ? "none" : "pan";
      }
      if (g.kind === "drag") on.dragMove(e, g);
      else if (g.kind === "pan") {
        const box = o.scroller();
        box.scrollLeft -= dx; box.scrollTop -= dy;
      }
    }

    function onUp(e) {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      const g = gesture;
      if (!g || g.id !== e.pointerId) return;
      gesture = null;
      if (e.type === "pointercancel") return;
      if (g.kind === "drag") on.drop(e, g);
      else if (g.kind === "tap") on.tap(e, g);
    }

    svg.addEventListener("pointerdown", onDown);
    svg.addEventListener("pointermove", onMove);
    svg.addEventListener("pointerup", onUp);
    svg.addEventListener("pointercancel", onUp);
    // a finger's tap is handled above: the browser's own click after it would land on whatever a
    // redraw or a scroll has since put under the finger (a list that came into sight), so none comes
    svg.addEventListener("touchend", (e) => { if (e.cancelable) e.preventDefault(); }, { passive: false });
    svg.addEventListener("wheel", (e) => { if (e.ctrlKey) { e.preventDefault(); setZoom(zoom * (e.deltaY < 0 ? 1.1 : 0.9)); } }, { passive: false });

    const button = (label, text, z) => {
      const b = brawl.el("button", { type: "button", "aria-label": label }, text);
      b.addEventListener("click", () => setZoom(z()));
      return b;
    };
    const zoomBar = brawl.el("div", { class: "zoom-bar", role: "group", "aria-label": t("Zoom") },
      button(t("Zoom out"), "−", () => zoom / zo.step), level, button(t("Zoom in"), "+", () => zoom * zo.step),
      button(null, t(zo.fitLabel), () => 1));

    let width = 0;
    const resized = window.ResizeObserver ? new ResizeObserver((entries) => {
      const w = Math.round(entries[entries.length - 1].contentRect.width);
      if (w > 0 && w !== width) { width = w; on.zoomed(zoom); }
    }) : null;

    return {
      watch(box) { if (resized && box) { width = Math.round(box.clientWidth); resized.observe(box); } },
      get zoom() { return zoom; },
      get busy() { return gesture !== null; },
      setZoom,
      zoomBar,
    };
  };
})();
