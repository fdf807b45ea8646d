"""The queue of a server's reviews: bounded, shared by content, and retried after a failure.

- **One review per record**: a job is keyed by the record's content (game, options, dice, entries,
  how it ended; never the players' names or the room), so copies of one record, renamed or
  uploaded again, wait for the same job, and a room's review and an upload of its record are one.
  The names of each request are put back into the document it gets (:func:`with_names`).
- **Bounded**: at most :data:`PER_ADDRESS` jobs waiting or running for one address and
  :data:`MOST` in all; past that a request is refused (``429`` for the address, ``503`` for the
  server) with ``Retry-After``, and nothing starts.
- **Retried**: a job whose process failed (killed, out of memory) is not kept as failed: the next
  request for it starts it again, up to :data:`RETRIES` times.  A record the review refuses (not
  finished, not replaying) is an answer, kept like a review.
- Work runs one job at a time, each in a process of its own (playouts hold the interpreter for
  seconds; apart, they never slow the server), its progress followed meanwhile: ``done`` of
  ``total`` (playouts, or the solver's own count of work while a missing solution is solved) and
  the ``fraction`` done, 0 to 1 (:func:`with_fraction`).
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import OrderedDict, deque
from typing import Any, Callable

KEPT = 256
PER_ADDRESS = 2
MOST = 8
RETRIES = 2
RETRY_AFTER = 10


class Busy(Exception):
    """Too many jobs: ``status`` 429 (this address) or 503 (the server), ``retry_after`` seconds."""

    def __init__(self, message: str, status: int, retry_after: int = RETRY_AFTER) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


def content_key(record: dict, method: str) -> str:
    """The job key of a record: its content without names, room or anything that does not change
    the review."""
    body = {k: record.get(k) for k in ("game", "options", "dice", "entries", "ended")}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), default=str)
    return method + ":" + hashlib.sha256(text.encode()).hexdigest()


def with_names(doc: dict, record: dict) -> dict:
    """``doc`` (a review) with the names of ``record``'s players where it names them."""
    players = record.get("players")
    if not isinstance(players, list) or not any(players):
        return doc
    names = [players[s] if s < len(players) and players[s] else name for s, name in enumerate(doc["players"])]
    if names == doc["players"]:
        return doc
    out = dict(doc, players=names)
    out["seats"] = [dict(seat, name=names[seat["seat"]]) for seat in doc.get("seats", [])]
    out["puzzles"] = [dict(p, seat_name=names[p["seat"]]) for p in doc.get("puzzles", [])]
    return out


def with_fraction(progress: dict) -> dict:
    """``progress`` (``done`` of ``total``: playouts, or a solver's own count of work) with the
    ``fraction`` done, 0 to 1 (0 while the total is not known yet)."""
    done, total = progress.get("done") or 0, progress.get("total") or 0
    return dict(progress, fraction=min(1.0, max(0.0, done / total)) if total > 0 else 0.0)


class Jobs:
    """Reviews worked out, waiting and running (one set per server process).  ``work(record,
    method, report)`` does one job (in a process of its own) and returns ``{"ok": doc}``,
    ``{"error": message}`` (an answer) or ``{"failed": message}`` (to retry)."""

    def __init__(self, work: Callable[[dict, str, Callable[[dict], None]], dict], per_address: int = PER_ADDRESS,
                 most: int = MOST, retries: int = RETRIES) -> None:
        self.work = work
        self.per_address = per_address
        self.most = most
        self.retries = retries
        self.done: OrderedDict[str, dict] = OrderedDict()
        self.jobs: dict[str, dict] = {}
        self.failures: dict[str, int] = {}
        self.waiting: deque[str] = deque()
        self.lock = threading.Lock()
        self.wake = threading.Condition(self.lock)
        self.thread: threading.Thread | None = None

    def kept(self, key: str) -> dict | None:
        with self.lock:
            if key in self.done:
                self.done.move_to_end(key)
                return self.done[key]
            return None

    def keep(self, key: str, value: dict) -> None:
        with self.lock:
            self._keep(key, value)

    def _keep(self, key: str, value: dict) -> None:
        self.done[key] = value
        self.done.move_to_end(key)
        while len(self.done) > KEPT:
            self.done.popitem(last=False)

    def job(self, key: str) -> dict | None:
        with self.lock:
            return self.jobs.get(key)

    def submit(self, key: str, record: dict, method: str, address: str, kind: str = "estimate") -> dict:
        """The job for ``key``: the one waiting or running, or a new one (:class:`Busy` past the bounds)."""
        with self.lock:
            job = self.jobs.get(key)
            if job is not None:
                return job
            if key in self.done:
                return {"status": "done"}
            mine = sum(1 for j in self.jobs.values() if j["address"] == address)
            if mine >= self.per_address:
                raise Busy(f"{mine} reviews of yours are waiting or running; ask again when they are done", 429)
            if len(self.jobs) >= self.most:
                raise Busy(f"{len(self.jobs)} reviews are waiting or running; ask again shortly", 503)
            job = {"status": "waiting", "kind": kind, "address": address, "record": record, "method": method,
                   "since": time.time(), "progress": {"done": 0, "total": 0, "fraction": 0.0}}
            self.jobs[key] = job
            self.waiting.append(key)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="review-jobs", daemon=True)
                self.thread.start()
            self.wake.notify()
            return job

    def _run(self) -> None:
        while True:
            with self.lock:
                while not self.waiting:
                    if not self.wake.wait(timeout=60):
                        if not self.waiting:
                            self.thread = None
                            return
                key = self.waiting.popleft()
                job = self.jobs[key]
                job["status"] = "running"

            def report(progress: dict, job=job) -> None:
                job["progress"] = with_fraction(progress)

            try:
                outcome = self.work(job["record"], job["method"], report)
            except Exception as exc:  # the work itself could not run: a failure, retried on the next ask
                outcome = {"failed": f"the review failed: {exc}"}
            with self.lock:
                self.jobs.pop(key, None)
                if "failed" in outcome:
                    self.failures[key] = self.failures.get(key, 0) + 1
                    if self.failures[key] > self.retries:
                        self._keep(key, {"error": outcome["failed"] + f" ({self.failures[key]} tries)"})
                    else:  # not kept: the next request starts it again
                        job["last_failure"] = outcome["failed"]
                else:
                    self.failures.pop(key, None)
                    self._keep(key, outcome)

    def status(self) -> dict:
        with self.lock:
            return {"waiting": len(self.waiting), "running": sum(1 for j in self.jobs.values() if j["status"] == "running"),
                    "kept": len(self.done)}
