"""How fast the game page of a long finished game opens in a browser.

Builds a finished rock-paper-scissors game between two people with many ties (four log lines a
round: at least ``--lines`` lines in all) through the HTTP API, then opens its page ``--runs``
times in headless Chromium, each in a fresh browser context (nothing cached but the browser's own
start-up), and prints, in ms from the start of the navigation:

- ready: the page holds its result, the end panel shown and the log filled (a mutation observer
  notes the first moment both hold, so the figure does not depend on how often the driver polls);
- on screen: the frame that shows it has been painted (a task queued from the next animation frame);
- result painted: when the browser painted the result's heading (its element timing: the paint of
  the game's content itself, not of an empty page);
- first contentful paint: the first paint with any text (the page's frame may come before its content).

    .venv/bin/python benchmarks/page_open.py                # starts its own ``brawl serve``
    .venv/bin/python benchmarks/page_open.py --url http://127.0.0.1:8125 --runs 20
    .venv/bin/python benchmarks/page_open.py --seat -1      # the spectator's page

To compare with what came before, run an older checkout's server and pass its ``--url``.  The target
is a median under 300 ms for the result on screen.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"

PAINTED = "page-open: painted"  # the console line the watcher writes when the result is on screen
# the first moment the end panel is shown and the log has lines, in ms since the navigation began
WATCH = """
(() => {
  const check = () => {
    const end = document.getElementById("end"), log = document.getElementById("log");
    // the result's heading is timed when painted (a page that does not mark it is marked here)
    const title = document.getElementById("end-title");
    if (title && !title.hasAttribute("elementtiming")) title.setAttribute("elementtiming", "result");
    if (window.__ready === undefined && end && log && !end.hidden && log.children.length > 0) {
      window.__ready = performance.now();
      window.__lines = log.children.length;
      // the frame that shows it: a task queued from the next animation frame runs after its paint
      requestAnimationFrame(() => setTimeout(() => { window.__painted = performance.now(); console.log("%s"); }, 0));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  // the paint of the result's heading (elementtiming="result") and the first contentful paint
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.identifier === "result" && window.__result === undefined) window.__result = e.renderTime || e.loadTime;
      }
    }).observe({ type: "element", buffered: true });
  } catch (e) { /* no element timing in this browser */ }
})();
""" % PAINTED
FCP = "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server() -> tuple[str, subprocess.Popen, tempfile.TemporaryDirectory]:
    tmp = tempfile.TemporaryDirectory()
    port = free_port()
    brawl = ROOT / ".venv" / "bin" / "brawl"
    proc = subprocess.Popen([str(brawl) if brawl.exists() else "brawl", "serve", "--port", str(port),
                             "--db", f"sqlite:///{tmp.name}/page_open.sqlite3"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(url + "/api/games", timeout=1)
            return url, proc, tmp
        except httpx.HTTPError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                sys.exit("the server did not start")
            time.sleep(0.2)


def long_game(url: str, lines: int) -> tuple[dict, int]:
    """A finished game of two people with at least ``lines`` log lines: ties, then a win."""
    ties = lines // 4 + 1
    room = httpx.post(url + "/api/rooms", json={"game": "rps", "seats": ["human", "human"],
                                                 "options": {"wins_needed": 1, "max_rounds": min(1000, ties + 1)}}).json()
    with httpx.Client(base_url=url, timeout=30) as client:
        def play(seat: int, action: str) -> None:
            while True:  # the server allows a seat 20 decisions a second: wait when it says so
                r = client.post(f"/api/rooms/{room['room']}/decisions", json={"token": room["seats"][seat]["token"], "action": action})
                if r.status_code != 429:
                    break
                time.sleep(0.2)
            r.raise_for_status()
        for _ in range(ties):
            play(0, "rock")
            play(1, "rock")
        play(0, "rock")
        play(1, "scissors")
        view = client.get(f"/api/rooms/{room['room']}").json()
        assert view["over"], "the game did not end"
        events = client.get(f"/api/rooms/{room['room']}/events?since=-1").json()["events"]
    return room, sum(len(e["log"]) for e in events)


def open_page(browser, url: str, path: str) -> dict:
    """Open ``path`` once in a fresh context of ``browser``: its figures (ms since the navigation began)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(WATCH)
    page = context.new_page()
    # the driver runs nothing in the page until it is on screen (its scripts would take the page's
    # time): it waits for the console line the watcher writes then
    with page.expect_console_message(lambda m: m.text == PAINTED, timeout=60000):
        page.goto(url + path, wait_until="commit")
    try:  # the element timing entry comes with the frame's presentation, a moment later
        page.wait_for_function("() => window.__result !== undefined", timeout=2000)
    except Exception:
        pass
    out = page.evaluate(f"({{ms: window.__ready, painted: window.__painted, result: window.__result, fcp: {FCP}, lines: window.__lines}})")
    context.close()
    return out


def measure(url: str, room: dict, runs: int, seat: int | None) -> list[dict]:
    from playwright.sync_api import sync_playwright
    out = []
    path = room["seats"][seat]["invite"] if seat is not None else room["spectate"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        for _ in range(runs + 1):  # the first run warms the server and the browser up; not counted
            out.append(open_page(browser, url, path))
        browser.close()
    return out[1:]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", help="a running brawl server (default: start one)")
    ap.add_argument("--lines", type=int, default=1200, help="at least this many log lines (default 1200)")
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--seat", type=int, default=0, help="open this seat's invite (-1: the spectator link)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    proc = tmp = None
    url = args.url
    if not url:
        url, proc, tmp = start_server()
    try:
        room, lines = long_game(url, args.lines)
        times = measure(url, room, args.runs, None if args.seat < 0 else args.seat)
    finally:
        if proc:
            proc.terminate()
            proc.wait(timeout=10)
            tmp.cleanup()

    def stats(key: str) -> dict | None:
        values = sorted(t[key] for t in times if t.get(key) is not None)
        if not values:
            return None
        p90 = values[min(len(values) - 1, int(round(0.9 * (len(values) - 1))))]
        return {"median": round(statistics.median(values), 1), "p90": round(p90, 1),
                "min": round(values[0], 1), "max": round(values[-1], 1)}

    figures = {key: stats(key) for key in ("ms", "painted", "result", "fcp")}
    ready, painted = figures["ms"], figures["painted"]
    result = {"room": room["room"], "log_lines": lines, "lines_shown_at_ready": times[0]["lines"], "runs": len(times),
              "median_ms": ready["median"], "p90_ms": ready["p90"], "min_ms": ready["min"], "max_ms": ready["max"],
              "painted_median_ms": painted["median"], "painted_p90_ms": painted["p90"],
              "result_painted": figures["result"], "first_contentful_paint": figures["fcp"], "cpus": os.cpu_count(),
              "load_average": round(os.getloadavg()[0], 1)}
    if args.json:
        print(json.dumps(result))
        return
    print(f"game page of a finished game with {lines} log lines ({result['lines_shown_at_ready']} shown when ready), "
          f"{len(times)} opens on {os.cpu_count()} cores (load average {result['load_average']}), ms from the start of the navigation:")
    names = {"ms": "ready", "painted": "on screen (the frame after)", "result": "result painted (element timing)",
             "fcp": "first contentful paint"}
    for key, name in names.items():
        f = figures[key]
        if f:
            print(f"  {name:34s} median {f['median']:6.1f}  p90 {f['p90']:6.1f}  (min {f['min']}, max {f['max']})")


if __name__ == "__main__":
    main()
