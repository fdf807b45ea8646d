"""``brawl serve --workers N``: one port, N server processes, and each room served by one of them.

Every process can serve every room: they share the rooms through PostgreSQL, so a load balancer
that spreads connections at random works.  But a room costs less when one process serves all of
it.  A process that shows a room another process is playing must apply each of its decisions a
second time to its own copy, and must load the room first.

So under ``--workers N`` a front process owns the listening socket.  It reads nothing.  For each
new connection it *peeks* at the request line (``MSG_PEEK``: the bytes stay in the socket) and
hands the connection itself to a worker, as a file descriptor over a Unix socket (``SCM_RIGHTS``).
The worker reads the request from its first byte, as if it had accepted the connection.

- A request line that names a room (:func:`room_in`) goes to the room's **owner**
  (:func:`owner`): its WebSocket, its API, its pages.
- Any other request goes to the workers in turn.
- A worker creates rooms whose ids it owns itself (:func:`owned_id`), so a room's creator, its
  seats, its spectators and its bots all meet in one process.

The front does no other work: about 75 µs of CPU per new connection, and nothing per message,
since messages travel on connections already handed over.

A worker that dies is started again.  Until it is back, its rooms go to the next living worker,
which loads them from the database as any process would.  If the front dies, each worker sees
its channel close and shuts down.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .settings import Settings

log = logging.getLogger("brawl.server")

PEEK_BYTES = 2048  # a request line longer than this names no room the front can read
LINE_WAIT = 5.0  # seconds the front waits for a request line before handing the connection on anyway
RESTART_PAUSE = 1.0  # seconds between restarts of a worker that keeps dying

# paths that name a room: its API (/api/rooms/ROOM...), its WebSocket (/api/rooms/ROOM/ws) and its pages
_ROOM_PATH = re.compile(rb"^[A-Z]+ /(?:api/rooms|play|watch|replay)/([A-Za-z0-9_-]+)(?=[/? ])")
_NOT_ROOMS = {b"public", b"dice", b"replay"}  # /api/rooms/public, /api/rooms/dice, /api/rooms/replay


def owner(room_id: str, workers: int) -> int:
    """The worker (0 to ``workers - 1``) that serves ``room_id``: its id's SHA-256, modulo."""
    return int.from_bytes(hashlib.sha256(room_id.encode()).digest()[:8], "big") % workers


def owned_id(make, worker: int, workers: int) -> str:
    """A new room id from ``make()`` (a random id each call) that ``worker`` owns (``workers``
    tries on average)."""
    while True:
        room_id = make()
        if owner(room_id, workers) == worker:
            return room_id


def room_in(head: bytes) -> str | None:
    """The room that a request's first bytes name, or None.

    >>> room_in(b"GET /api/rooms/Ab-9_x/ws HTTP/1.1\\r\\nHost: h\\r\\n")
    'Ab-9_x'
    >>> room_in(b"GET /api/rooms/public HTTP/1.1\\r\\n") is None
    True
    """
    found = _ROOM_PATH.match(head)
    if found is None or found.group(1) in _NOT_ROOMS:
        return None
    return found.group(1).decode()


@dataclass
class Worker:
    """One worker process and the front's end of its channel."""

    index: int
    process: subprocess.Popen | None = None
    channel: socket.socket | None = None
    started: float = 0.0

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None and self.channel is not None


@dataclass
class Front:
    """The front process: the listening socket, the workers, and the routing between them.

    ``settings`` are what every worker serves with, each with its own place in ``worker``."""

    host: str
    port: int
    count: int
    settings: Settings
    workers: list[Worker] = field(default_factory=list)
    turn: int = 0
    stopping: bool = False
    waiting: dict[int, asyncio.TimerHandle] = field(default_factory=dict)  # connections that sent nothing yet

    def listen(self) -> socket.socket:
        """The listening socket (an OSError if the address is taken or not this machine's)."""
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        listener = socket.create_server((self.host, self.port), family=family, backlog=2048)
        listener.setblocking(False)
        return listener

    def run(self, listener: socket.socket) -> None:
        """Start the workers and serve until SIGINT or SIGTERM; then stop the workers."""
        self.workers = [Worker(i) for i in range(self.count)]
        for w in self.workers:
            self._start(w)
        try:
            try:
                import uvloop
            except ImportError:  # uvloop is not built for Windows
                asyncio.run(self._serve(listener))
            else:
                uvloop.run(self._serve(listener))
        finally:
            listener.close()
            self._stop_all()

    async def _serve(self, listener: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        done = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, done.set)
        loop.add_reader(listener.fileno(), self._accept, loop, listener)
        while not done.is_set():
            try:
                await asyncio.wait_for(done.wait(), 0.5)
            except TimeoutError:
                self._supervise()
        loop.remove_reader(listener.fileno())
        self.stopping = True

    # -- connections ---------------------------------------------------------------------------
    def _accept(self, loop: asyncio.AbstractEventLoop, listener: socket.socket) -> None:
        for _ in range(64):
            try:
                conn, _addr = listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # out of file descriptors, say: the next round tries again
                log.warning("accepting a connection failed: %s", exc)
                return
            conn.setblocking(False)
            self._peek(loop, conn, loop.time() + LINE_WAIT, waiting=False)

    def _peek(self, loop: asyncio.AbstractEventLoop, conn: socket.socket, deadline: float, waiting: bool) -> None:
        if waiting:
            loop.remove_reader(conn.fileno())
            self.waiting.pop(conn.fileno()).cancel()
        try:
            head = conn.recv(PEEK_BYTES, socket.MSG_PEEK)
        except (BlockingIOError, InterruptedError):
            head = None
        except OSError:
            conn.close()
            return
        if head == b"":  # closed before asking anything
            conn.close()
        elif head is not None and (b"\n" in head or len(head) >= PEEK_BYTES) or loop.time() >= deadline:
            self._hand(conn, head or b"")
        elif head is None:  # nothing yet: wait until something arrives, or the deadline
            loop.add_reader(conn.fileno(), self._peek, loop, conn, deadline, True)
            self.waiting[conn.fileno()] = loop.call_at(deadline, self._late, loop, conn)
        else:  # part of a line: the rest follows within moments (the bytes stay readable meanwhile)
            loop.call_later(0.002, self._peek, loop, conn, deadline, False)

    def _late(self, loop: asyncio.AbstractEventLoop, conn: socket.socket) -> None:
        """A connection that sent nothing by its deadline goes to a worker anyway (which has its
        own timeouts), so the front holds nothing for long."""
        loop.remove_reader(conn.fileno())
        del self.waiting[conn.fileno()]
        self._hand(conn, b"")

    def _hand(self, conn: socket.socket, head: bytes) -> None:
        room = room_in(head)
        first = owner(room, self.count) if room is not None else self._next_turn()
        try:
            for k in range(self.count):
                w = self.workers[(first + k) % self.count]
                if w.alive and self._send(w, conn):
                    return
            log.warning("no worker is running: a connection was closed")
        finally:
            conn.close()  # the worker holds its own copy of the descriptor

    def _next_turn(self) -> int:
        self.turn = (self.turn + 1) % self.count
        return self.turn

    def _send(self, w: Worker, conn: socket.socket) -> bool:
        try:
            socket.send_fds(w.channel, [b"c"], [conn.fileno()])
        except (BlockingIOError, InterruptedError):  # its queue is full: it is stuck; another serves
            return False
        except OSError:  # it died
            w.channel.close()
            w.channel = None
            return False
        return True

    # -- workers -------------------------------------------------------------------------------
    def _start(self, w: Worker) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)  # one message, one connection
        ours.setblocking(False)
        mine = self.settings.model_copy(update={"worker": (w.index, self.count)})
        env = dict(os.environ, BRAWL_SERVE_SETTINGS=mine.model_dump_json())
        w.process = subprocess.Popen([sys.executable, "-m", "brawl.server.front", str(theirs.fileno())],
                                     pass_fds=[theirs.fileno()], env=env)
        theirs.close()
        if w.channel is not None:
            w.channel.close()
        w.channel = ours
        w.started = time.monotonic()
        log.info("worker %d of %d started [%d]", w.index + 1, self.count, w.process.pid)

    def _supervise(self) -> None:
        for w in self.workers:
            if not w.alive and not self.stopping and time.monotonic() - w.started >= RESTART_PAUSE:
                code = w.process.poll() if w.process is not None else None
                log.warning("worker %d ended (exit code %s): starting it again", w.index + 1, code)
                self._start(w)

    def _stop_all(self) -> None:
        for w in self.workers:
            if w.process is not None and w.process.poll() is None:
                w.process.terminate()
        end = time.monotonic() + 15
        for w in self.workers:
            if w.process is None:
                continue
            try:
                w.process.wait(max(0.1, end - time.monotonic()))
            except subprocess.TimeoutExpired:
                w.process.kill()
                w.process.wait()
            if w.channel is not None:
                w.channel.close()


# -- inside a worker ---------------------------------------------------------------------------
def worker_main(channel_fd: int) -> None:
    """A worker: the app, served on the connections the front hands over on ``channel_fd``."""
    import uvicorn

    class HandedConnections(uvicorn.Server):
        """uvicorn's server, serving connections handed over instead of accepting its own."""

        async def startup(self, sockets=None) -> None:
            await self.lifespan.startup()
            if self.lifespan.should_exit:
                sys.exit(3)
            config, loop = self.config, asyncio.get_running_loop()

            def protocol() -> asyncio.Protocol:
                return config.http_protocol_class(config=config, server_state=self.server_state,
                                                  app_state=self.lifespan.state)

            channel = socket.socket(fileno=channel_fd)
            channel.setblocking(False)
            self.servers = []
            self.handing: set[asyncio.Future] = set()
            loop.add_reader(channel.fileno(), self.take, loop, channel, protocol)
            self.started = True

        def take(self, loop, channel: socket.socket, protocol) -> None:
            for _ in range(64):
                try:
                    message, fds, _flags, _addr = socket.recv_fds(channel, 1, 1)
                except (BlockingIOError, InterruptedError):
                    return
                except OSError:
                    message, fds = b"", []
                if not message and not fds:  # the front is gone: finish what is open and stop
                    loop.remove_reader(channel.fileno())
                    self.should_exit = True
                    return
                for fd in fds:
                    conn = socket.socket(fileno=fd)
                    conn.setblocking(False)
                    if conn.family in (socket.AF_INET, socket.AF_INET6):  # small replies go at once, as uvicorn's own
                        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    task = asyncio.ensure_future(loop.connect_accepted_socket(protocol, conn))
                    self.handing.add(task)
                    task.add_done_callback(self.handed)

        def handed(self, task: asyncio.Future) -> None:
            self.handing.discard(task)
            if not task.cancelled() and task.exception() is not None:  # the client left meanwhile
                log.info("a connection handed over could not be served: %s", task.exception())

    config = uvicorn.Config("brawl.server.app:app_from_environment", factory=True, log_level="info",
                            ws_per_message_deflate=False)
    HandedConnections(config).run()


if __name__ == "__main__":
    worker_main(int(sys.argv[1]))
