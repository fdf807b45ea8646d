"""``brawl serve`` (the web app) and ``brawl verify`` (check a whole record against its revealed seed and commitment)."""

from __future__ import annotations

from typing import Optional

import typer

from ..core.record import Record, RecordError
from ..core.replay import verify as verify_record
from ..games import make_game
from .app import app, console, fail


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on (0.0.0.0: every interface)"),
    port: int = typer.Option(8000, help="port to listen on"),
    db: Optional[str] = typer.Option(None, help="SQLAlchemy database URL (default: sqlite file ./brawl.sqlite3)"),
    bot_delay: float = typer.Option(0.6, help="seconds a bot waits before moving, so people can follow"),
    workers: int = typer.Option(1, help="server processes on this machine; a front process hands each room's "
                         "connections to one of them (more than 1 needs --db postgresql://...)"),
    max_body: int = typer.Option(64 * 1024, help="largest request body in bytes (413 above)"),
    rooms_per_minute: int = typer.Option(30, help="rooms one client address may create per minute (429 above)"),
    decisions_per_second: int = typer.Option(20, help="decisions one seat may send per second (429 above)"),
    sockets_per_room: int = typer.Option(200, help="live connections on one room (refused above)"),
    sockets_per_client: int = typer.Option(50, help="live connections from one client address (refused above)"),
    max_headers: int = typer.Option(16 * 1024, help="largest set of request headers in bytes (431 above)"),
    takebacks_per_minute: int = typer.Option(6, help="takeback requests one seat may send per minute (429 above)"),
    allow_origin: list[str] = typer.Option([], help="another origin whose pages may open live connections (repeatable)"),
    hashes_at_once: int = typer.Option(2, help="password hashes (Argon2id) computed at the same time at most"),
    login_failures_per_account: int = typer.Option(5, help="failed log-ins of one username per 5 minutes (429 above)"),
    login_failures_per_address: int = typer.Option(20, help="failed log-ins from one address per 5 minutes (429 above)"),
    login_failures_per_account_total: int = typer.Option(30, help="failed log-ins of one username from anywhere per 5 "
                                                         "minutes; above, only browsers and addresses that logged in "
                                                         "to it before may (429 for others)"),
    signups_per_hour: int = typer.Option(10, help="accounts one address may make per hour (429 above)"),
    hash_queue: int = typer.Option(16, help="password hashes that may wait for a thread (503 with Retry-After above)"),
    hash_priority: str = typer.Option("idle", help="password hash threads' scheduling: idle (only what the rest "
                                      "leaves: games first), low (nice 19) or normal"),
    qr_per_minute: int = typer.Option(30, help="QR codes one address may ask per minute (429 above)"),
    metrics_port: int = typer.Option(9464, help="port of the Prometheus metrics (/metrics), apart from the site's; "
                                     "--workers N: worker i on this port + i; 0: no metrics"),
    metrics_host: str = typer.Option("127.0.0.1", help="address the metrics port listens on"),
    smtp: Optional[str] = typer.Option(None, help="SMTP server for the mails of correspondence turns: "
                                       "smtp://[user:password@]host[:port]/?from=ADDRESS&site=https://your.site"),
    background_reviews: bool = typer.Option(True, help="work out estimated reviews, and exact ones whose solution "
                                            "must be solved first, each in a process of its own, one at a time "
                                            "(off: only reviews quick to work out are given)"),
) -> None:
    """Run the web app: lobby, rooms with invite links, bots, fair dice (open http://HOST:PORT/).

    Live updates go uncompressed: they are small, and compressing each for every spectator costs
    more server time than the bytes it saves."""
    import logging
    import socket

    import uvicorn
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from ..server.app import create_app, default_db_url
    from ..server.db import shown_url
    from ..server.settings import Settings

    if not 0 < port < 65536:
        fail(f"bad port {port}: use 1 to 65535")
    if bot_delay < 0:
        fail("--bot-delay cannot be negative")
    if workers < 1:
        fail("--workers must be at least 1")
    if metrics_port and not 0 < metrics_port + workers - 1 < 65536:
        fail(f"bad --metrics-port {metrics_port}: use 1 to {65536 - workers} (0: no metrics)")
    url = db or default_db_url()
    shown = shown_url(url)
    if workers > 1 and not hasattr(socket, "send_fds"):
        fail("--workers hands connections between processes, which this system cannot do: run one process per port")
    if workers > 1 and not url.startswith(("postgresql", "postgres")):
        fail("several --workers share their games through PostgreSQL: add --db postgresql://USER@HOST/DB "
             "(SQLite serves one process)")
    try:
        settings = Settings(db_url=url, bot_delay=bot_delay, max_body_bytes=max_body, rooms_per_minute=rooms_per_minute,
                            decisions_per_second=decisions_per_second, sockets_per_room=sockets_per_room,
                            sockets_per_client=sockets_per_client, allowed_origins=allow_origin,
                            hashes_at_once=hashes_at_once, login_failures_per_account=login_failures_per_account,
                            login_failures_per_address=login_failures_per_address,
                            max_header_bytes=max_headers, takebacks_per_minute=takebacks_per_minute,
                            login_failures_per_account_total=login_failures_per_account_total,
                            signups_per_hour=signups_per_hour, hash_queue=hash_queue, hash_priority=hash_priority,
                            qr_per_minute=qr_per_minute,
                            metrics_port=metrics_port or None, metrics_host=metrics_host, smtp=smtp,
                            background_reviews=background_reviews)
    except ValueError as exc:
        fail(f"bad setting: {exc}")
    try:
        web = create_app(settings=settings)
    except ArgumentError as exc:
        fail(f"bad --db URL {shown!r}: {exc}")
    except ImportError as exc:
        fail(f"no driver for the database {shown!r}: {exc.name or exc} is not installed "
             "(PostgreSQL: pip install -e '.[postgres]', which bash scripts/setup.sh does)")
    except SQLAlchemyError as exc:
        fail(f"cannot open the database {shown!r}: {getattr(exc, 'orig', None) or exc}")
    console.print(f"brawl serving on http://{host}:{port}/  (API docs: /docs, database: {shown}"
                  + (f", {workers} processes" if workers > 1 else "") + ")", markup=False)
    if host in ("0.0.0.0", "::", ""):
        found = lan_addresses()
        where = ", ".join(f"http://{a}:{port}/" for a in found) if found else f"http://THIS-MACHINE'S-ADDRESS:{port}/"
        console.print(f"Phones and computers on this network open: {where}", markup=False, soft_wrap=True)
    if workers == 1:
        uvicorn.run(web, host=host, port=port, log_level="info", ws_per_message_deflate=False)
        return
    del web  # each worker process builds its own app from these settings
    from ..server.front import Front

    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(message)s")
    front = Front(host, port, workers, settings)
    try:
        listener = front.listen()
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    front.run(listener)


@app.command()
def verify(record: str = typer.Argument(..., help="a game record (from a room's record link or brawl play --save)")) -> None:
    """Check a whole record: its commitment, then every decision played again with the dice drawn
    from its revealed seed; print OK, or MISMATCH and the first step where it disagrees."""
    try:
        rec = Record.load(record)
    except RecordError as exc:
        fail(str(exc))
    if "seed" not in rec.dice:
        fail("the record holds no revealed seed: the dice cannot be checked (the seed is revealed when the game ends)", 1)
    verdict = verify_record(rec, make_game)
    console.print(verdict.words(), markup=False, soft_wrap=True)
    if not verdict.ok:
        raise typer.Exit(1)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that others on its network can reach (no loopback): those of
    its host name, and the one its routing table would use to leave the machine (found without
    sending anything)."""
    import socket

    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(info[4][0])
    except OSError:
        pass
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))  # a datagram socket's connect sends nothing: it picks a route
                found.append(s.getsockname()[0])
        except OSError:
            continue
    return sorted({a for a in found if not a.startswith("127.") and a != "0.0.0.0"})
