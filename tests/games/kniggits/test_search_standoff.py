"""The search bot against itself does not stand off until the turn limit (rule 33, the turn limit:
the army with more tokens on kniggits still fighting wins; equal is a draw).  Waiting out of reach
only pays for the army that is ahead on that count; the other advances and fights."""

from __future__ import annotations

from brawl.bots import make_bot
from brawl.core.game import Terminal
from brawl.games.kniggits.geometry import dist

from .helpers import battle, game, get, kn

CHAMPION = (6, 20, 19)  # the search bot's own battle army at 50 points


def _moving_phase(g, state, bot):
    """The bot's whole moving phase: its decisions until the turn passes."""
    seat = state.to_act
    while state.phase == "move" and state.to_act == seat:
        state = g.apply_action(state, seat, bot.choose(g, state, seat))
    return state


def test_equal_champions_out_of_reach_close_in():
    """Rule 33 with Phase one: two equal double-defense champions 14.5 inches apart, just beyond
    the other's charge; waiting can give no better than a draw at the limit, so the mover advances
    into the other's reach instead of ending its moving phase where it stands."""
    g = game(double_defense=True, terrain="open")
    s = battle(g, kn("A1", 15.07, 5.8, *CHAMPION), kn("B1", 15.07, 20.3, *CHAMPION), to_act=0)
    bot = make_bot("kniggits", "search", seed=3, game=g)
    after = _moving_phase(g, s, bot)
    reach = g.move_allowance(get(g, s, "B1")) + g.table.ring
    assert dist(get(g, after, "A1").pos, get(g, after, "B1").pos) < reach


def test_hard_bots_fight_long_before_the_turn_limit():
    """Rule 33: hard against hard with double defense (the game that used to end in a drawn
    standoff: 60 ends of the moving phase, no fight) sees its first fight within a few turns."""
    g = game(double_defense=True)
    bots = [make_bot("kniggits", "hard", seed=3, game=g), make_bot("kniggits", "hard", seed=103, game=g)]
    state = g.initial_state()
    first_fight = None
    while not isinstance(g.node(state), Terminal) and state.turns <= 20:
        if state.phase == "fight" and first_fight is None:
            first_fight = state.turns
        seat = g.node(state).seats[0]
        state = g.apply_action(state, seat, bots[seat].choose(g, state, seat))
    assert first_fight is not None and first_fight <= 10
