"""Web Push: the server's VAPID keys and a sender thread with its own queue.

The keys are made at the first start and kept in the database (``server_keys``), so every process
and every restart signs with the same key, and a browser's subscription (made with the public key)
keeps working.  Messages go out from one thread per process: a push service that is slow or down
never holds a request, a decision or a clock.  A service that answers 404 or 410 says the
subscription is gone: it is dropped.  A timeout, a refused connection, a 429 or a 5xx is tried again
after ``backoff`` seconds, doubled each time, up to ``tries`` times."""

from __future__ import annotations

import base64
import heapq
import itertools
import json
import logging
import threading
import time
from typing import Any, Callable

from sqlalchemy import insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ..db import SERVER_KEYS
from .settings import unsubscribe_push

log = logging.getLogger("brawl.server")
VAPID = "vapid"


def vapid_key(engine: Engine):
    """The server's VAPID key (py_vapid), made and stored at the first start."""
    from py_vapid import Vapid02

    with engine.connect() as conn:
        pem = conn.execute(select(SERVER_KEYS.c.value).where(SERVER_KEYS.c.name == VAPID)).scalar()
    if pem is None:
        made = Vapid02()
        made.generate_keys()
        try:
            with engine.begin() as conn:
                conn.execute(insert(SERVER_KEYS).values(name=VAPID, value=made.private_pem().decode()))
        except IntegrityError:  # another process made it first: use theirs
            pass
        with engine.connect() as conn:
            pem = conn.execute(select(SERVER_KEYS.c.value).where(SERVER_KEYS.c.name == VAPID)).scalar()
    return Vapid02.from_pem(pem.encode())


def public_key(key) -> str:
    """The applicationServerKey a page subscribes with (base64url of the uncompressed point)."""
    from cryptography.hazmat.primitives import serialization

    raw = key.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


class Pusher:
    """Sends push messages (and runs other slow notice work) on a thread of its own."""

    def __init__(self, engine: Engine, subject: str = "mailto:operator@localhost", timeout: float = 10.0,
                 tries: int = 6, backoff: float = 30.0) -> None:
        self.engine = engine
        self._key = None
        self._key_lock = threading.Lock()
        self.subject, self.timeout, self.tries, self.backoff = subject, timeout, tries, backoff
        self._jobs: list[tuple[float, int, Callable[[], Any]]] = []
        self._seq = itertools.count()
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None
        self._running = False
        self.sent = 0
        self.dropped = 0
        self.retried = 0

    @property
    def key(self):
        """The VAPID key, read (or made, the very first time) on first use: the crypto libraries
        load off the start's path (``warm`` at start, on a thread)."""
        with self._key_lock:
            if self._key is None:
                self._key = vapid_key(self.engine)
                self._public = public_key(self._key)
            return self._key

    @property
    def public(self) -> str:
        self.key
        return self._public

    def warm(self) -> None:
        """Make or read the key now, on a thread of its own (the first start makes it)."""
        threading.Thread(target=lambda: self.key, name="brawl-vapid", daemon=True).start()

    def later(self, job: Callable[[], Any], delay: float = 0.0) -> None:
        """Run ``job`` on the sender thread (after ``delay`` seconds)."""
        with self._cv:
            heapq.heappush(self._jobs, (time.monotonic() + delay, next(self._seq), job))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="brawl-push", daemon=True)
                self._thread.start()
            self._cv.notify()

    def push(self, subscription: dict, text: str, tag: str = "") -> None:
        """Send ``text`` to one subscription, from the sender thread."""
        self.later(lambda: self._send(subscription, text, tag, 0))

    def _send(self, sub: dict, text: str, tag: str, attempt: int) -> None:
        from pywebpush import WebPushException, webpush
        import requests

        payload = json.dumps({"title": "brawl", "body": text, "tag": tag, "url": "/games"})
        try:
            webpush(sub, payload, vapid_private_key=self.key, vapid_claims={"sub": self.subject},
                    timeout=self.timeout, ttl=86_400)
        except WebPushException as exc:
            status = exc.response.status_code if exc.response is not None else None
            if status in (404, 410):
                self.dropped += unsubscribe_push(self.engine, None, sub["endpoint"])
                return
            if status is not None and status != 429 and status < 500:
                log.warning("a push service refused a message (%s): %s", status, exc)
                return
            self._again(sub, text, tag, attempt)
        except (requests.Timeout, requests.ConnectionError):
            self._again(sub, text, tag, attempt)
        else:
            self.sent += 1

    def _again(self, sub: dict, text: str, tag: str, attempt: int) -> None:
        if attempt + 1 >= self.tries:
            log.warning("a push message was given up after %d tries", attempt + 1)
            return
        self.retried += 1
        self.later(lambda: self._send(sub, text, tag, attempt + 1), self.backoff * 2 ** attempt)

    def _run(self) -> None:
        while True:
            with self._cv:
                while not self._jobs or self._jobs[0][0] > time.monotonic():
                    wait = self._jobs[0][0] - time.monotonic() if self._jobs else 60.0
                    if not self._cv.wait(timeout=max(0.0, min(wait, 60.0))) and not self._jobs:
                        self._thread = None  # idle for a minute: the thread ends (the next job starts another)
                        return
                _, _, job = heapq.heappop(self._jobs)
                self._running = True
            try:
                job()
            except Exception:  # one bad job never stops the others
                log.exception("a notice could not be sent")
            finally:
                with self._cv:
                    self._running = False

    def idle(self) -> bool:
        """Nothing being sent and nothing due within ten seconds (long backoffs aside; tests wait
        for this).  The daily digests' looks are the housekeeping's (``Turns.digest_due``), not a
        job waiting here."""
        with self._cv:
            soon = time.monotonic() + 10.0
            return not self._running and not any(due < soon for due, _, _ in self._jobs)
