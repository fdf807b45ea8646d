"""What the hub's parts may ask of the hub: :class:`Host`, the hub as its clocks and bots see it.

The hub makes its :class:`~brawl.server.clocks.Clocks` and :class:`~brawl.server.botrunner.BotRunner`
and passes itself to them as this interface; they name the interface, never the hub, so no part
imports the module that imports it (``tests/structure/test_layout.py`` fails on any import circle,
those read only by type checkers included, among the server's modules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from .notify import Notifier
    from .room import Room


class Host(Protocol):
    """The hub's rooms in memory, its notifier, and the few doings its parts start."""

    rooms: dict[str, "Room"]
    notifier: "Notifier"

    def runs(self, room: "Room") -> bool:
        """Whether this process runs the room's bots and clocks."""

    async def decide(self, room: "Room", seat: int | None, action: Any, expect: int | None = None,
                     client_id: str | None = None) -> tuple[int, int]:
        """A decision through the one path every decision takes (a bot's)."""

    def apply(self, room: "Room", seat: int, action: Any, client_id: str | None = None) -> list[dict]:
        """Apply and store a decision at once (a clock's stand-in)."""

    def time_ran_out(self, room: "Room", seats: list[int]) -> None:
        """A person's time control ran out."""

    def out_of_time(self, room: "Room", seats: list[int]) -> None:
        """Seats whose time ran out lose now (KtOG: they fall and the others play on)."""
