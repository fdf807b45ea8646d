"""The Kniggits kernel plays a seat with an army given (a report's army of its own, or a
ready-made one), the same games as the engine's heuristic taking that army.

Issue 39 ("the balance reports of both games are run again with ten times the games"): the
Kniggits report's armies of one's own and ready-made armies ran only on the engine; the kernel now
takes them, and the report plays them there.
"""

from __future__ import annotations

import numpy as np
import pytest

from brawl.games.kniggits.batch import play_engine_tape, play_tape

BOTS = ["heuristic", "heuristic"]


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))


def _same(options: dict, given, seed: int) -> dict:
    values = np.random.default_rng(seed).integers(0, 2**31, 60_000)
    fast = play_tape(options, BOTS, values, given)
    slow = play_engine_tape(options, BOTS, values, given)
    assert len(fast["decisions"]) == len(slow["decisions"]) > 2
    for k, (a, b) in enumerate(zip(fast["decisions"][2:], slow["decisions"][2:]), start=2):
        assert a == b, f"decision {k} differs"
    assert (fast["winner"], fast["first"], fast["turns"], fast["used"]) == \
        (slow["winner"], slow["first"], slow["turns"], slow["used"])
    return fast


@pytest.mark.parametrize("given", [
    (((3, 2, 3), (2, 4, 2)), None),  # two kniggits of one's own against the heuristic's army
    ("heavy", ((1, 1, 1), (2, 2, 1), (1, 3, 2))),  # a ready-made army against three of one's own
    (None, "horde"),
])
def test_a_given_army_plays_the_engines_game(given):
    fast = _same({}, given, 11)
    table = fast["decisions"][2][2]  # (x, y, movement, attack, defense, status, facing) of every kniggit
    for seat, army in enumerate(given):
        if isinstance(army, tuple):
            mine = table[:len(army)] if seat == 0 else table[-len(army):]
            assert [tuple(t[2:5]) for t in mine] == list(army)
            assert len({t[1] for t in mine}) == 1  # along the seat's own edge


def test_a_report_plays_its_armies_on_the_kernel(monkeypatch):
    """The report's seat-swapped runs of armies of one's own go to the kernel, not the engine."""
    from brawl.analysis import common
    from brawl.games.kniggits.analysis_runs import Army, Preset

    def engine(*a, **k):
        raise AssertionError("played on the engine")

    monkeypatch.setattr(common, "engine_slice", engine)
    runs = common.run_engine("kniggits", [({}, [Army("duo", ((3, 2, 3), (2, 4, 2))), "heuristic"], 12, 5),
                                          ({}, [Preset("heavy", "heavy"), "random"], 12, 6)], workers=1)
    assert [r.games for r in runs] == [12, 12]
    assert all(sum(r.wins) + r.draws == 12 for r in runs)
    assert runs[0].bots[0] == "duo"
