"""How fast the game page of a long finished game opens in a browser.

Builds a finished rock-paper-scissors game between two people with many ties (four log lines a
round: at least ``--lines`` lines in all) through the HTTP API, then opens its page ``--runs``
times in headless Chromium, each in a fresh browser context (nothing cached but the browser's own
start-up), and prints the time from the start of the navigation until the page is ready: the end
panel shown and the log filled (a mutation observer notes the first moment both hold, so the figure
does not depend on how often the test driver polls), and until the frame that shows it has been painted.

    .venv/bin/python benchmarks/page_open.py                # starts its own ``brawl serve``
    .venv/bin/python benchmarks/page_open.py --url http://127.0.0.1:8125 --runs 20
    .venv/bin/python benchmarks/page_open.py --script old-game.js   # the page with another game.js

``--script FILE`` serves FILE instead of /static/game.js (to compare a change with what came before).
The target is a median under 300 ms on a desktop machine.
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

# the first moment the end panel is shown and the log has lines, in ms since the navigation began
WATCH = """
(() => {
  const check = () => {
    const end = document.getElementById("end"), log = document.getElementById("log");
    if (window.__ready === undefined && end && log && !end.hidden && log.children.length > 0) {
      window.__ready = performance.now();
      window.__lines = log.children.length;
      // the frame that shows it: a task queued from the next animation frame runs after its paint
      requestAnimationFrame(() => setTimeout(() => { window.__painted = performance.now(); }, 0));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();
"""


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


def measure(url: str, room: dict, runs: int, script: str | None, seat: int | None) -> list[dict]:
    from playwright.sync_api import sync_playwright
    out = []
    path = room["seats"][seat]["invite"] if seat is not None else room["spectate"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        for _ in range(runs + 1):  # the first run warms the server and the browser up; not counted
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(WATCH)
            if script:
                body = Path(script).read_text()
                context.route("**/static/game.js", lambda route: route.fulfill(body=body, content_type="text/javascript"))
            page = context.new_page()
            page.goto(url + path)
            page.wait_for_function("() => window.__painted !== undefined", timeout=60000)
            out.append({"ms": page.evaluate("window.__ready"), "painted": page.evaluate("window.__painted"),
                        "lines": page.evaluate("window.__lines")})
            context.close()
        browser.close()
    return out[1:]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", help="a running brawl server (default: start one)")
    ap.add_argument("--lines", type=int, default=1200, help="at least this many log lines (default 1200)")
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--script", help="serve this file as /static/game.js")
    ap.add_argument("--seat", type=int, default=0, help="open this seat's invite (-1: the spectator link)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    proc = tmp = None
    url = args.url
    if not url:
        url, proc, tmp = start_server()
    try:
        room, lines = long_game(url, args.lines)
        times = measure(url, room, args.runs, args.script, None if args.seat < 0 else args.seat)
    finally:
        if proc:
            proc.terminate()
            proc.wait(timeout=10)
            tmp.cleanup()
    ms = sorted(t["ms"] for t in times)
    painted = sorted(t["painted"] for t in times)
    p90 = ms[min(len(ms) - 1, int(round(0.9 * (len(ms) - 1))))]
    result = {"room": room["room"], "log_lines": lines, "lines_shown_at_ready": times[0]["lines"], "runs": len(ms),
              "median_ms": round(statistics.median(ms), 1), "p90_ms": round(p90, 1),
              "min_ms": round(ms[0], 1), "max_ms": round(ms[-1], 1),
              "painted_median_ms": round(statistics.median(painted), 1), "cpus": os.cpu_count()}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"game page of a finished game with {lines} log lines ({result['lines_shown_at_ready']} shown when ready), "
              f"{len(ms)} opens: median {result['median_ms']} ms, p90 {result['p90_ms']} ms "
              f"(min {result['min_ms']}, max {result['max_ms']}); on screen (the frame after): median {result['painted_median_ms']} ms")


if __name__ == "__main__":
    main()
