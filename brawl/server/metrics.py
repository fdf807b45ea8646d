"""What an operator watches: Prometheus metrics (prometheus-client), served on a port of their own.

``brawl serve`` serves them on ``--metrics-port`` (9464 unless told; 0: none), on
``--metrics-host`` (127.0.0.1 unless told), apart from the site: the site's port never shows them,
and a metrics port reached from outside is the operator's choice.  Under ``--workers N`` each
process serves its own on ``metrics-port + i`` (worker ``i``, from 0): a scrape job lists the N
ports, and each process's series are its own (the sum over the ports is the server's).  A port
already taken is logged, and the server runs without its metrics.

The series (each a module-level object any part of the server may import and count):

- ``brawl_decisions_total{result}`` and ``brawl_decision_seconds``: decisions asked of the hub
  (``accepted`` or ``refused``) and the time each took, stored included;
- ``brawl_rooms`` (rooms in this process's memory) and ``brawl_sockets`` (open WebSockets);
- ``brawl_logins_total{result}``: log-ins ``ok``, ``wrong``, ``limited`` (429), ``busy`` (503:
  the hash queue was full); ``brawl_signups_total{result}`` likewise;
  ``brawl_hash_queue`` (hashes waiting or running) and ``brawl_hash_seconds``;
- ``brawl_review_jobs_total{result}``: review jobs started, done or failed;
- ``brawl_pairing_rounds_total`` and ``brawl_pairing_round_seconds``: the background rounds that pair
  seeks and settle ratings;
- ``brawl_qr_total{result}``: QR codes drawn, served from the cache, or refused.
"""

from __future__ import annotations

import functools
import logging
import time
from typing import Any, Callable

from prometheus_client import REGISTRY, Counter, Gauge, Histogram

log = logging.getLogger("brawl.server")
LATENCY = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

DECISIONS = Counter("brawl_decisions", "decisions asked of the hub", ["result"])
DECISION_SECONDS = Histogram("brawl_decision_seconds", "seconds a decision took, stored included", buckets=LATENCY)
ROOMS = Gauge("brawl_rooms", "rooms in this process's memory")
SOCKETS = Gauge("brawl_sockets", "WebSockets open on this process")
LOGINS = Counter("brawl_logins", "log-ins by their answer", ["result"])
SIGNUPS = Counter("brawl_signups", "sign-ups by their answer", ["result"])
HASH_QUEUE = Gauge("brawl_hash_queue", "password hashes waiting or running")
HASH_SECONDS = Histogram("brawl_hash_seconds", "seconds a password hash took", buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5))
REVIEW_JOBS = Counter("brawl_review_jobs", "review jobs", ["result"])
PAIRING_ROUNDS = Counter("brawl_pairing_rounds", "rounds of pairing and rating")
PAIRING_SECONDS = Histogram("brawl_pairing_round_seconds", "seconds a pairing round took", buckets=LATENCY)
QR = Counter("brawl_qr", "QR codes asked", ["result"])


def watch(hub: Any, accounts: Any) -> None:
    """Count what the hub and the accounts do without touching their code: the hub's decisions
    (accepted or refused, and their time), its rooms and sockets, and the accounts' rounds."""
    decide = hub.decide

    @functools.wraps(decide)
    async def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            entries = await decide(*args, **kwargs)
        except Exception:
            DECISIONS.labels("refused").inc()
            raise
        DECISIONS.labels("accepted").inc()
        DECISION_SECONDS.observe(time.perf_counter() - start)
        return entries

    hub.decide = timed
    ROOMS.set_function(lambda: len(hub.rooms))
    SOCKETS.set_function(lambda: sum(len(c) for c in list(hub.notifier.connections.values())))
    for name in ("round", "round_async"):  # the background round, whichever form it takes
        if callable(getattr(accounts, name, None)):
            setattr(accounts, name, _counted_round(getattr(accounts, name)))


def _counted_round(round_: Callable) -> Callable:
    """``round_`` (plain or async) counted in ``brawl_pairing_rounds`` with its time."""
    import inspect

    def count(start: float) -> None:
        PAIRING_ROUNDS.inc()
        PAIRING_SECONDS.observe(time.perf_counter() - start)

    if inspect.iscoroutinefunction(round_):
        @functools.wraps(round_)
        async def counted_async(*args, **kwargs) -> Any:
            start = time.perf_counter()
            try:
                return await round_(*args, **kwargs)
            finally:
                count(start)
        return counted_async

    @functools.wraps(round_)
    def counted(*args, **kwargs) -> Any:
        start = time.perf_counter()
        try:
            return round_(*args, **kwargs)
        finally:
            count(start)
    return counted

def serve(host: str, port: int) -> Callable[[], None] | None:
    """Serve the metrics on ``host:port`` in a thread: what stops it, or None (the port is taken)."""
    from prometheus_client import start_http_server

    try:
        server, thread = start_http_server(port, addr=host, registry=REGISTRY)
    except OSError as exc:
        log.warning("metrics not served: cannot listen on %s:%s (%s)", host, port, exc.strerror or exc)
        return None
    log.info("metrics on http://%s:%s/metrics", host, port)

    def stop() -> None:
        server.shutdown()
        server.server_close()
    return stop
