"""Who is told what when a decision opens in a correspondence game.

The clocks call :meth:`Turns.opened` whenever they look at a room (after every change, at its
creation, when it is loaded).  For each person whose decision is open and who was not told of it
yet, and whose page of the game is not open (a connection of its seat open: nothing is sent), the words are
made here on the event loop (they carry no token: the game, the others and the time left) and the
rest (the account's choices, the database's mark that this decision was told, the push services) is
done on the sender thread.  The ``notices`` table lets each decision be told once per way, whatever
process or restart asks again."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from sqlalchemy import insert
from sqlalchemy.exc import IntegrityError

from ..correspondence import DAY, is_correspondence
from ..db import NOTICES, SEATS
from .settings import read, subscriptions

if TYPE_CHECKING:  # pragma: no cover
    from ..room import Room
    from .mail import Mailer
    from .push import Pusher

MAIL_EVERY = 3_600.0  # seconds: at most one mail per game this often
DIGEST_EVERY = 3_600.0  # seconds of the turns' clock between two looks for daily digests
log = logging.getLogger("brawl.server")
DIGEST = "*digest*"  # the notices' room of a daily digest (its "opened" is the day number)


def short_title(title: str) -> str:
    """"KtOG (Kill the Other Guy)" -> "KtOG"."""
    return title.split(" (")[0]


def time_words(left: float | None) -> str:
    if left is None:
        return ""
    if left + 60 >= DAY:  # a decision just opened reads its whole period
        days = int((left + 60) // DAY)
        return f"{days} day{'s' if days != 1 else ''} left"
    hours = int(left // 3600)
    if hours >= 1:
        return f"{hours} hour{'s' if hours != 1 else ''} left"
    return "less than an hour left"


def words(room: "Room", seat: int, left: float | None) -> str:
    """"Your turn in KtOG with Ann, Bob and 3 others (2 days left)"."""
    others = [room.seats[s.seat].player or room.game.seat_name(s.seat) for s in room.seats if s.seat != seat]
    if len(others) <= 3:
        names = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1]
    else:
        names = f"{others[0]}, {others[1]} and {len(others) - 2} others"
    said = f"Your turn in {short_title(room.game.title)} with {names}"
    when = time_words(left)
    return f"{said} ({when})" if when else said


class Turns:
    def __init__(self, hub, engine, pusher: "Pusher", mailer: "Mailer | None" = None) -> None:
        self.hub, self.engine, self.pusher, self.mailer = hub, engine, pusher, mailer
        self.now = time.time  # the wall clock of the mail limits (tests hold it)
        self.told: dict[tuple[str, int], int] = {}  # (room, seat) -> the decision (its opening event) told
        self.digest_at: float | None = None  # the turns' clock's time of the next look for digests (None: none)
        self.digest_rounds = 0  # digest rounds run so far (tests wait for one)

    def opened(self, room: "Room") -> None:
        if not is_correspondence(room) or room.over or room.waiting_for_players or not self.hub.runs(room):
            return
        fresh = [s for s in room.waiting() if room.seats[s].kind == "human"
                 and self.told.get((room.id, s)) != room.opened]
        if not fresh:
            return
        for seat in fresh:
            self.told[(room.id, seat)] = room.opened
        tell = [(seat, words(room, seat, self.hub.clocks.left(room, seat))) for seat in fresh
                if not self.in_front(room.id, seat)]
        if tell:
            room_id, opened = room.id, room.opened
            self.pusher.later(lambda: self._tell(room_id, opened, tell))

    def in_front(self, room_id: str, seat: int) -> bool:
        """Whether the seat's game page is open now (a connection of it open in this process)."""
        p = self.hub.notifier.presence.get((room_id, seat))
        return p is not None and p.open > 0

    def _tell(self, room_id: str, opened: int, tell: list[tuple[int, str]]) -> None:
        from sqlalchemy import select

        with self.engine.connect() as conn:
            owners = dict(conn.execute(select(SEATS.c.seat, SEATS.c.account_id).where(SEATS.c.room_id == room_id)).all())
        for seat, text in tell:
            account = owners.get(seat)
            if account is None:
                continue
            settings, secret = read(self.engine, account)
            if settings.push and self._first(account, room_id, opened, "push"):
                for sub in subscriptions(self.engine, account):
                    self.pusher.push(sub, text, tag=room_id)
            if self.mailer is not None and settings.mail and not settings.digest and settings.email \
                    and not self._mailed_within(account, room_id, MAIL_EVERY) and self._first(account, room_id, opened, "mail"):
                msg = self.mailer.message(settings.email, text, text, secret)
                self.mailer.deliver(self.pusher.later, msg)

    def _mailed_within(self, account: int, room_id: str, seconds: float) -> bool:
        """Whether a mail about this game went to the account in the last ``seconds``."""
        from sqlalchemy import func, select

        with self.engine.connect() as conn:
            last = conn.execute(select(func.max(NOTICES.c.at)).where(
                NOTICES.c.account_id == account, NOTICES.c.room_id == room_id, NOTICES.c.channel == "mail")).scalar()
        return last is not None and self.now() - last < seconds

    def digest_round(self) -> int:
        """The daily digest: each account that chose it and has games waiting gets one mail a day
        listing them.  The number of mails sent."""
        if self.mailer is None:
            return 0
        from sqlalchemy import select

        from ..db import NOTIFY_SETTINGS
        from ..routes.mygames import games_of

        day = int(self.now() // DAY)
        sent = 0
        with self.engine.connect() as conn:
            rows = conn.execute(select(NOTIFY_SETTINGS.c.account_id, NOTIFY_SETTINGS.c.settings,
                                       NOTIFY_SETTINGS.c.unsubscribe)).all()
        for account, chosen, secret in rows:
            if not (chosen.get("digest") and chosen.get("email")):
                continue
            waiting = [g for g in games_of(self.hub, self.engine, account)["games"] if g["your_turn"]]
            if not waiting or not self._first(account, DIGEST, day, "digest"):
                continue
            lines = [f"{short_title(g['title'])} with {', '.join(g['others'])}: {time_words(g['left']) or 'no clock'}"
                     for g in waiting]
            subject = f"{len(waiting)} game{'s' if len(waiting) != 1 else ''} waiting for your decision"
            self.mailer.deliver(self.pusher.later, self.mailer.message(chosen["email"], subject, "\n".join(lines), secret))
            sent += 1
        self.digest_rounds += 1
        return sent

    def digest_due(self, every: float = DIGEST_EVERY) -> bool:
        """Asked by the housekeeping every few seconds: once the turns' clock (:attr:`now`, which
        tests hold) reaches :attr:`digest_at`, a digest round runs on the sender thread and the next
        look is ``every`` seconds on.  Whether a round was started."""
        if self.mailer is None or self.digest_at is None or self.now() < self.digest_at:
            return False
        self.digest_at = self.now() + every

        def round_() -> None:
            try:
                self.digest_round()
            except Exception:  # a database or mail fault: the next look tries again
                log.exception("the daily digest round failed")
        self.pusher.later(round_)
        return True

    def _first(self, account: int, room_id: str, opened: int, channel: str) -> bool:
        """Mark this decision told by ``channel``; False when it was told already."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(NOTICES).values(account_id=account, room_id=room_id, opened=opened,
                                                    channel=channel, at=self.now()))
        except IntegrityError:
            return False
        return True


def mailer(url: str | None, pusher: "Pusher") -> "Mailer | None":
    """The mailer of ``--smtp URL`` (None without one); a bad URL stops the start with its reason."""
    if not url:
        return None
    from .mail import Mailer

    return Mailer(url)


def digest_every(turns: Turns, first: float = 60.0) -> None:
    """Look for digests to send a minute after the start, then every hour, by the turns' clock: the
    housekeeping asks :meth:`Turns.digest_due` (through the correspondence sweep)."""
    turns.digest_at = turns.now() + first
