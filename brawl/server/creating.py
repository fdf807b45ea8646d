"""The hub's part that makes rooms: a new room from a game, its options, its seats and its time
control (every human seat gets a secret token; the dice seed is committed before any roll), and
the rematch of a finished one.

:class:`Creating` is a base class of :class:`~brawl.server.hub.Hub`; it uses the hub's store,
clocks, notifier and bots, named below, and never imports the hub.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Callable

from pydantic import ValidationError

from ..bots import make_bot
from ..games import game_class, make_game
from .accounts import rated as rated_rules
from .clocks import TimeControl
from .front import owned_id
from .people import clean_text
from .room import Room, RoomError, SeatInfo, token_hash
from .store import event_row

if TYPE_CHECKING:  # pragma: no cover
    from .botrunner import BotRunner
    from .clocks import Clocks
    from .notify import Notifier
    from .people import RateLimit
    from .settings import Settings
    from .store import Store


def parse_seat_spec(game_name: str, spec: str) -> tuple[str, str | None]:
    """``"human"`` or ``"bot:NAME"`` -> (kind, bot name); a bad spec or unknown bot is refused."""
    if spec == "human":
        return "human", None
    if isinstance(spec, str) and spec.startswith("bot:"):
        name = spec[4:]
        make_bot(game_name, name, seed=0)  # raises UnknownBot with the list of bots
        return "bot", name
    raise RoomError(f"bad seat {spec!r}: use 'human' or 'bot:NAME'", 422)


class Creating:
    """New rooms and rematches (the hub's; see :class:`~brawl.server.hub.Hub`)."""

    store: "Store"
    settings: "Settings"
    notifier: "Notifier"
    clocks: "Clocks"
    bots: "BotRunner"
    creations: "RateLimit"
    rooms: dict[str, Room]
    leased: set[str] | None
    get: Callable[[str], Room]  # the hub's
    awake: Callable[[Room], bool]  # the hub's
    lease: Callable[[str], bool]  # the sharing part's
    seen_asking: Callable[[Room, int], None]  # the people part's

    def new_room_id(self) -> str:
        """A fresh random room id; under ``brawl serve --workers N``, one whose connections the
        front hands to this process (:func:`~brawl.server.front.owned_id`)."""
        if self.settings.worker is None:
            return secrets.token_urlsafe(9)
        return owned_id(lambda: secrets.token_urlsafe(9), *self.settings.worker)

    def create(self, game_name: str, options: dict | None, seat_specs: list[str], *, parent: Room | None = None,
               public: bool = False, time_control: dict | None = None, names: dict[int, str] | None = None,
               client: str | None = None, dice: str = "server", rated: bool = False,
               open_seats: set[int] | frozenset[int] = frozenset(),
               also: Callable[..., None] | None = None) -> tuple[Room, dict[int, str]]:
        """A new room; ``dice``: "server" (the server rolls, committed dice) or "table" (dice rolled
        at the table: each face entered by a player, or drawn by the server when asked).

        ``rated``: a rated game under the server's rules (``accounts/rated.py``): server dice, a time
        control of the fixed list (``time_control`` picks one), bots only of a level the ladder
        rated.  ``open_seats``: people's seats that get no token now (each is taken later by an
        account's own join, with a fresh token).  ``also(connection, room, tokens)``: more of the
        transaction that stores the room (pairing fills its seeks there: both are stored, or neither)."""
        if client is not None:
            self.creations.hit(client, "rooms created")
        cls = game_class(game_name)
        game = make_game(game_name, options or {})
        n = game.num_players
        if not (cls.min_players <= n <= cls.max_players):
            raise RoomError(f"{cls.title} takes {cls.min_players} to {cls.max_players} players", 422)
        if len(seat_specs) != n:
            raise RoomError(f"{cls.title} with these options has {n} seats; {len(seat_specs)} given", 422)
        parsed = [parse_seat_spec(game_name, spec) for spec in seat_specs]
        if rated:
            rated_rules.check_dice(dice)
            rated_rules.check_seats(game_name, parsed, game)
            time_control = rated_rules.fixed_time_control(game_name, time_control)
        try:
            control = TimeControl.model_validate(time_control or {})
        except ValidationError as exc:
            raise RoomError("bad time_control: " + "; ".join(f"{'.'.join(map(str, e['loc'])) or 'time_control'}: "
                                                             f"{e['msg']}" for e in exc.errors()), 422) from None
        people_only = getattr(game, "people_only", "")
        if people_only and any(kind == "bot" for kind, _ in parsed):
            raise RoomError(people_only, 422)
        tokens: dict[int, str] = {}
        seats = []
        for i, (kind, bot) in enumerate(parsed):
            h = player = None
            if kind == "human":
                if parent is not None:
                    h, player = parent.seats[i].token_hash, parent.seats[i].player
                elif i not in open_seats:
                    tokens[i] = secrets.token_urlsafe(18)
                    h = token_hash(tokens[i])
                    if names and names.get(i):
                        player = clean_text(names[i], "a player name", self.settings.name_length)
            seats.append(SeatInfo(i, kind, bot, h, player))
        room_id = self.new_room_id()
        seed_hex = secrets.token_hex(32)
        from ..core.sources import CommittedDice, TableDice
        if dice not in ("server", "table", CommittedDice.kind, TableDice.kind):
            raise RoomError(f"bad dice {dice!r}: server or table", 422)
        kind = TableDice.kind if dice in ("table", TableDice.kind) else CommittedDice.kind
        room = Room(room_id, game, seed_hex, seats, parent_id=parent.id if parent else None, public=public,
                    time_control=control.model_dump() if time_control else None, dice=kind, rated=rated)
        row = {"id": room_id, "game": game_name, "options": game.options_json(), "dice_kind": kind,
               "seed_hex": seed_hex, "commitment": room.commitment, "parent_id": room.parent_id,
               "public": public, "time_control": room.time_control, "wake": self.awake(room),
               "finished_at": None, "rated": rated}
        self.store.create(row, [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "token_hash": s.token_hash,
                                 "player": s.player} for s in seats],
                          [event_row(room, k) for k in range(room.last + 1)],
                          parent_id=parent.id if parent else None,
                          also=(lambda db: also(db, room, tokens)) if also is not None else None)  # (pairing's seeks)
        self.rooms[room_id] = room
        room.on_request = self.seen_asking  # a request with a seat's token shows it present (people.py)
        if self.leased is not None and self.awake(room):
            self.lease(room_id)
        self.clocks.arm(room)
        if parent is not None:
            parent.rematch_id = room_id
            self.notifier.changed(parent)
        self.bots.kick(room)
        return room, tokens

    def rematch(self, room: Room, seat: int | None) -> Room:
        if seat is None:
            raise RoomError("only a player can ask for a rematch", 403)
        if not room.over:
            raise RoomError("a rematch can start when the game is over", 409)
        if room.rematch_id:
            return self.get(room.rematch_id)
        specs = ["human" if s.kind == "human" else f"bot:{s.bot}" for s in room.seats]
        new, _ = self.create(room.game.name, room.game.options_json(), specs, parent=room, public=room.public, dice=room.dice,
                             rated=room.rated,
                             time_control={k: v for k, v in (room.time_control or {}).items() if k not in ("banks", "flagged")})
        return new
