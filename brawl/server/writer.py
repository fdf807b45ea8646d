"""The writer: a thread that stores decisions for the event loop, many rooms' in one transaction.

A decision is acknowledged only once its events are committed, but the event loop does not wait
on the database: the hub applies a decision in memory, hands its rows to the writer
(:meth:`Writer.submit`) and goes on serving other rooms.  The writer takes everything queued at
that moment and commits it in one transaction (a group commit: one commit for many rooms'
decisions), then tells the event loop, which finishes each decision (tell the seats, arm the
clocks, move the bots) and answers its sender.  Under load a commit thus carries more decisions,
not more commits.

If a group fails on a conflict (another process stored the same event number of some room), its
writes are stored again one by one, so only the refused room's decision fails.  A room whose write
failed is marked ``broken``: a later write of it still queued fails too (it builds on the refused
events), and the hub rebuilds the room from the store.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from .room import RoomError
from .store import Conflict, Unavailable

if TYPE_CHECKING:  # pragma: no cover
    from .room import Room
    from .store import Store

log = logging.getLogger("brawl.server")


@dataclass(eq=False)
class Write:
    """One decision's rows for :meth:`Store.append`, and what to call once it is stored or refused."""

    room: "Room"
    rows: list[dict]
    finished: bool
    wake: bool
    time_control: dict | None = None
    news: str | None = None
    done: Callable[[BaseException | None], None] | None = None  # called on the event loop
    loop: asyncio.AbstractEventLoop | None = field(default=None, repr=False)
    future: asyncio.Future | None = field(default=None, repr=False)


class Writer:
    """The thread that commits queued :class:`Write` objects, at most ``batch`` per transaction."""

    def __init__(self, store: "Store", batch: int = 256) -> None:
        self.store = store
        self.batch = batch
        self.queue: deque[Write] = deque()
        self.ready = threading.Condition()
        self.thread: threading.Thread | None = None
        self.users = 0  # starts not yet stopped
        self.stopping = False
        self.commits = 0  # transactions, and the writes they carried (for benchmarks and tests)
        self.written = 0
        self._kick_loop: asyncio.AbstractEventLoop | None = None  # the loop where a wake-up of the thread is due

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive() and not self.stopping

    def start(self) -> None:
        """Start the thread.  Starts and stops are counted: a second start (the app's lifespan run
        again, say by a test client on an app a server already runs) shares the running thread, and
        only the last stop ends it."""
        self.users += 1
        if self.running:
            return
        self.stopping = False
        self.thread = threading.Thread(target=self._run, name="brawl-writer", daemon=True)
        self.thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        """Store what is queued, then end the thread (at the last of the starts' stops)."""
        self.users = max(0, self.users - 1)
        if self.users:
            return
        with self.ready:
            self.stopping = True
            self.ready.notify_all()
        if self.thread is not None:
            self.thread.join(timeout)
            self.thread = None

    def submit(self, write: Write) -> asyncio.Future:
        """Queue ``write``: a future of the running loop, done once it is committed (or refused).

        The thread is woken once the loop has run what is ready now, not at every write: the
        decisions that arrived together then wake it once and go in one commit (each wake-up of a
        thread and each commit costs far more than a queued write)."""
        loop = asyncio.get_running_loop()
        write.loop, write.future = loop, loop.create_future()
        with self.ready:
            self.queue.append(write)
        if self._kick_loop is not loop:  # no wake-up is due on this loop yet
            self._kick_loop = loop
            loop.call_soon(self._kick)
        return write.future

    def _kick(self) -> None:
        """On the event loop, after what was ready: wake the thread for everything queued since."""
        self._kick_loop = None
        with self.ready:
            self.ready.notify()

    # -- the thread ----------------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self.ready:
                while not self.queue and not self.stopping:
                    self.ready.wait()
                if not self.queue:
                    self.store.release()  # the connection the store kept for this thread
                    return
                group = [self.queue.popleft() for _ in range(min(self.batch, len(self.queue)))]
            try:
                results = self.write(group)
            except BaseException as exc:  # never leave a sender waiting
                log.exception("the writer failed")
                results = [exc] * len(group)
            by_loop: dict[Any, list[tuple[Write, BaseException | None]]] = {}
            for w, result in zip(group, results):
                by_loop.setdefault(w.loop, []).append((w, result))
            for loop, done in by_loop.items():
                try:
                    loop.call_soon_threadsafe(_resolve, done)
                except RuntimeError:  # that loop is closed: nobody waits any more
                    pass

    def write(self, group: list[Write]) -> list[BaseException | None]:
        """Commit ``group`` in one transaction (one by one after a conflict); each write's outcome."""
        results: dict[int, BaseException | None] = {}
        live = []
        for i, w in enumerate(group):
            if getattr(w.room, "broken", False):
                results[i] = Unavailable("an earlier decision in this room could not be stored; nothing changed, try again")
            else:
                live.append(i)
        if live:
            try:
                self.store.append_many([group[i] for i in live])
                results.update((i, None) for i in live)
                self.commits += 1
                self.written += len(live)
            except Conflict:
                for i in live:
                    w = group[i]
                    if getattr(w.room, "broken", False):
                        results[i] = Unavailable("an earlier decision in this room could not be stored; nothing changed, try again")
                        continue
                    try:
                        self.store.append_many([w])
                        results[i] = None
                        self.commits += 1
                        self.written += 1
                    except RoomError as exc:
                        w.room.broken = True
                        results[i] = exc
            except RoomError as exc:
                for i in live:
                    group[i].room.broken = True
                    results[i] = exc
        return [results[i] for i in range(len(group))]


@dataclass
class Staged:
    """A decision applied in memory, waiting to be stored: what the store and the finish need."""

    start: int  # its first event number
    entries: list[dict]
    rows: list[dict]
    banks: dict | None  # time-control banks to store with it
    news: str | None  # what other processes hear when it commits
    capped: bool  # it reached the event limit: the server ends the room


def refusal(failure: BaseException) -> RoomError:
    """What a sender hears when its decision could not be stored (nothing changed)."""
    if isinstance(failure, Conflict):
        return failure
    return RoomError("the decision could not be stored; nothing changed, try again", 503)


def _resolve(done: list[tuple[Write, BaseException | None]]) -> None:
    """On the event loop: finish each write (its ``done``: tell the room's connections, move its
    bots) and answer whoever awaits it.  The answer is given first: whoever awaits it only resumes
    after this function, when ``done`` has run, but then ahead of the room's connections, so that the
    sender's acknowledgement waits in its connection's outbox when the connection wakes for the
    update and both go out in one turn of its writing task, not two."""
    for w, result in done:
        if w.future is not None and not w.future.done():
            if result is None:
                w.future.set_result(None)
            else:
                w.future.set_exception(result)
        if w.done is not None:
            try:
                w.done(result)
            except Exception:
                log.exception("finishing a stored decision failed")
