"""Issue 38: double precision (1e-9) for the KtOG duel's saved tables.  A solution saved and read
back is the solution as solved (float64, bit for bit), where float32 tables were off by up to 3e-8;
a file saved by an older brawl in float32 is not read, so that duel is solved again (once)."""

from __future__ import annotations

import numpy as np
import pytest

from brawl.core.match import Match
from brawl.games import make_game


@pytest.fixture(scope="module")
def duel(tmp_path_factory):
    """A one-hit-point duel solved once into a cache of this module's own (on disk and in memory):
    the solution as solved, and the options."""
    import brawl.solve as S

    mp = pytest.MonkeyPatch()
    mp.setenv("BRAWL_CACHE", str(tmp_path_factory.mktemp("ktog-precision")))
    saved = dict(S._MEMORY)
    S._MEMORY.clear()
    opts = make_game("ktog", {"hp": 1}).options_json()
    yield S.solve("ktog", opts), opts
    S._MEMORY.clear()
    S._MEMORY.update(saved)
    mp.undo()


def states_of(game, seed: int, limit: int = 40) -> list:
    """The states of one random game of ``game``, each with who decides there."""
    import random

    rng = random.Random(seed)
    match = Match(game, seed=seed)
    out = []
    while not match.over and len(out) < limit:
        node = match.node()
        for seat in node.seats:
            out.append((match.state, seat))
        seat = node.seats[0]
        match.decide(seat, rng.choice(game.legal_actions(match.state, seat)))
    return out


def test_a_saved_solution_reads_back_to_1e_9(duel):
    """Issue 38 (double precision, 1e-9, for KtOG's saved tables): a duel solved and saved, then read
    back from its file, agrees with the solution in memory to 1e-9 in every value of both tables,
    and so in every decision's value the bots, hints and reviews read; float32 tables could not (some
    value's float32 rounding alone is more than 1e-9)."""
    import brawl.solve as S

    solved, opts = duel
    S._MEMORY.clear()
    read = S.solve("ktog", opts)
    assert read.cached and not solved.cached
    for name in ("V", "W"):
        mine, theirs = getattr(solved, name), getattr(read, name)
        assert theirs.dtype == np.float64 and theirs.shape == mine.shape
        assert np.max(np.abs(theirs - mine)) <= 1e-9, name
        # the check can fail: float32 would move some value by more than the 1e-9 allowed
        assert np.max(np.abs(mine.astype(np.float32).astype(np.float64) - mine)) > 1e-9, name
    assert read.first_mover_win == solved.first_mover_win
    game = make_game("ktog", opts)
    seen = 0
    for state, seat in states_of(game, seed=3) + states_of(game, seed=4):
        a, b = solved.action_values(state, seat), read.action_values(state, seat)
        assert a.keys() == b.keys()
        assert all(abs(a[k] - b[k]) <= 1e-9 for k in a)
        seen += len(a)
    assert seen > 0


def test_a_float32_file_is_solved_again_in_float64(duel, monkeypatch):
    """Issue 38: a solution file holding float32 tables at the solution's own name is not read as
    the solution: the duel is solved again and saved in float64."""
    import brawl.solve as S
    from brawl.games.ktog import solver as K
    from brawl.solve.cache import load_tables, save_tables

    solved, opts = duel
    path = S.cache_path("ktog", opts)
    save_tables(path, {"V": solved.V.astype(np.float32), "W": solved.W.astype(np.float32),
                       "seconds": np.float64(1.0), "first_mover_win": np.float64(solved.first_mover_win),
                       "sweeps": np.int64(solved.sweeps)}, compressed=False)
    solves = []
    # the solve itself is the one already done (this test is about which file is read)
    monkeypatch.setattr(K, "solve_tables", lambda R, progress=None: solves.append(R) or (
        solved.V.copy(), solved.W.copy(), solved.sweeps))
    S._MEMORY.clear()
    again = S.solve("ktog", opts)
    assert len(solves) == 1 and not again.cached and np.array_equal(again.V, solved.V)
    assert load_tables(path, ("V", "W"))["V"].dtype == np.float64
    S._MEMORY.clear()
    assert S.solve("ktog", opts).cached and len(solves) == 1


def test_an_older_float32_file_does_not_count_as_saved(duel):
    """Issue 38: the file an older brawl saved (float32, at the version-1 name) is not taken for a
    saved solution, so a full-size duel is solved again in the background for a review (``solve``),
    not read at float32 precision as one saved (``quick``)."""
    import brawl.solve as S
    from brawl.review import exact_kind
    from brawl.solve.cache import cache_path, save_tables

    opts = make_game("ktog", {"hp": 21}).options_json()
    old = cache_path("ktog", opts, 1)
    save_tables(old, {"V": np.zeros((1, 1, 1), np.float32), "W": np.zeros((1, 1, 1), np.float32)})
    assert old.exists() and S.cache_path("ktog", opts) != old
    assert S.cache_path("ktog", opts).name.startswith("ktog-v2-")
    assert exact_kind("ktog", opts) == "solve"
