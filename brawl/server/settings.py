"""Server settings: every limit in one place, each with a sane default.

``brawl serve`` builds a :class:`Settings` from its flags; tests build their own.  Each limit has
the refusal it causes: a body over ``max_body_bytes`` gets 413, too many rooms or decisions 429,
too many WebSockets a close with code 4429, a name or chat line over its length 422.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class Settings(BaseModel):
    db_url: str | None = Field(None, description="SQLAlchemy URL; None: ./brawl.sqlite3")
    bot_delay: float = Field(0.6, ge=0, description="seconds a bot waits before moving, so people can follow")
    max_body_bytes: int = Field(64 * 1024, ge=1024, description="largest request body (413 above)")
    rooms_per_minute: int = Field(30, ge=1, description="rooms one client address may create per minute (429 above)")
    decisions_per_second: int = Field(20, ge=1, description="decisions one seat may send per second (429 above)")
    sockets_per_room: int = Field(200, ge=1, description="WebSockets open on one room (close 4429 above)")
    sockets_per_client: int = Field(50, ge=1, description="WebSockets one client address may hold open (close 4429 above)")
    max_message_bytes: int = Field(16 * 1024, ge=256, description="largest WebSocket message (close 1009 above)")
    max_header_bytes: int = Field(16 * 1024, ge=1024, description="largest set of request headers (431 above)")
    takebacks_per_minute: int = Field(6, ge=1, description="takeback requests one seat may send per minute (429 above)")
    max_json_depth: int = Field(32, ge=4, description="deepest nesting of a JSON body or message (400 above)")
    name_length: int = Field(24, ge=1, le=200, description="longest player name (422 above)")
    chat_length: int = Field(300, ge=1, le=5000, description="longest chat line (422 above)")
    chat_per_minute: int = Field(20, ge=1, description="chat lines one seat may send per minute (429 above)")
    max_events: int = Field(20_000, ge=100, description="events a room may hold; the server ends a room that reaches it")
    snapshot_every: int = Field(500, ge=10, description="events between a room's snapshots (loading replays only what came after)")
    away_after: float = Field(20.0, gt=0, description="seconds after a seat's last connection closes before it shows as away")
    idle_evict: float = Field(300.0, gt=0, description="seconds a room nobody watches stays in memory")
    worker: tuple[int, int] | None = Field(None, description="(index, count) under brawl serve --workers N: "
                                           "the rooms this process creates are ones the front hands to it")
    argon2_profile: str = Field("RFC_9106_LOW_MEMORY", description="Argon2id parameters (argon2-cffi's profiles; "
                                "CHEAPEST only for tests)")
    hashes_at_once: int = Field(2, ge=1, description="password hashes computed at the same time at most")
    hash_queue: int = Field(16, ge=0, description="password hashes waiting for a thread at most (503 above)")
    hash_priority: Literal["idle", "low", "normal"] = Field("idle", description="the hash threads' scheduling "
                                                            "(Linux): idle (only what the rest leaves), low (nice "
                                                            "19) or normal")
    session_days: float = Field(30, gt=0, description="days a log-in lasts")
    login_window: float = Field(300, gt=0, description="seconds over which failed log-ins are counted")
    login_failures_per_account: int = Field(5, ge=1, description="failed log-ins of one username from one address "
                                            "per window (429 above)")
    login_failures_per_address: int = Field(20, ge=1, description="failed log-ins from one address per window (429 above)")
    login_failures_per_account_total: int = Field(30, ge=1, description="failed log-ins of one username from anywhere "
                                                  "per window; above, only a browser or address it logged in from "
                                                  "before may log in (429 for others)")
    signups_per_hour: int = Field(10, ge=1, description="accounts one address may make per hour (429 above)")
    qr_per_minute: int = Field(30, ge=1, description="QR codes one address may ask per minute (429 above)")
    qr_at_once: int = Field(2, ge=1, description="QR codes drawn at the same time at most (503 above)")
    metrics_port: int | None = Field(None, ge=0, le=65535, description="port of the Prometheus metrics (None or 0: "
                                     "none); worker i of --workers N serves on this port + i")
    metrics_host: str = Field("127.0.0.1", description="address the metrics port listens on")
    smtp: str | None = Field(None, description="SMTP server for notification mails: smtp://[user:password@]host[:port]/"
                                               "?from=ADDRESS&site=URL (None: no mail)")
    background_reviews: bool = Field(True, description="work out the reviews that need a process of their own (estimated "
                                     "ones, and exact ones whose solution must be solved first), one at a time; off: "
                                     "those are refused (503) and only reviews quick to work out are given")
    allowed_origins: list[str] = Field(default_factory=list, description="WebSocket origins accepted besides the server's own host")
