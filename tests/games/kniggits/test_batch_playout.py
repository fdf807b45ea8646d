"""Kniggits playouts on the compiled kernel from any position (issue 39, "use the speed where users
feel it"; issue 38, the review's playouts at compiled speed).

The kernel enters a mid-game engine state (:mod:`brawl.games.kniggits.batch_state`) and plays on
(:mod:`brawl.games.kniggits.batch_playout`); the engine plays on from the same state with its own
bots, the review's share of random decisions, and every draw read from one tape.  They must make
the same decisions, in the same positions, to the same end.
"""

from __future__ import annotations

import numpy as np
import pytest

from brawl.bots import make_bot
from brawl.core.game import Terminal
from brawl.games import make_game
from brawl.games.kniggits.batch_playout import KernelPolicy, kernel_policy, play_kernel_from
from brawl.games.kniggits.batch_state import load, play_engine_from, why_not


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))


def _path(options: dict, bots=("heuristic", "random"), seed: int = 1, armies=(None, None)) -> tuple:
    """A whole engine game's states, each with the seat to decide (``armies``: a seat's ready-made
    army, whatever its bot would choose)."""
    game = make_game("kniggits", options)
    players = [make_bot("kniggits", b, seed=seed + s, game=game) for s, b in enumerate(bots)]
    state, out = game.initial_state(), []
    while not isinstance(game.node(state), Terminal):
        seat = game.node(state).seats[0]
        out.append(state)
        given = armies[seat] if state.phase == "army" else None
        action = "army:" + given if given else players[seat].choose(game, state, seat)
        state = game.apply_action(state, seat, action)
    return game, out


def _where(state) -> str:
    """The kind of position: the phase, and what of the turn or the round is already done."""
    if state.phase == "fight" and any(h is not None for h in state.sealed):
        return "fight, a hand sealed"
    if state.phase == "move" and any(k.moved for k in state.kniggits):
        return "move, some moved"
    if state.phase == "rps" and any(r is not None for r in state.rps_sealed):
        return "rps, a choice sealed"
    return state.phase


def _features(game, state) -> set:
    """What of the things to carry and the advanced rules a position holds: a thing carried, a
    potion drunk, a power lost for good, a guard, a magic sword's second target, an archer's aim,
    a kniggit with two swords, a fight still to come that is not hand to hand."""
    out = set()
    for k in state.kniggits:
        out |= {name for name, on in (("carrying", k.carrying), ("lost", k.lost), ("guarded", k.guarded),
                                      ("second", k.second), ("shot", k.shot), ("two swords", k.two_swords)) if on}
    potions = sum(it.kind == "potion" for it in state.items)
    if potions < sum(it.kind == "potion" for it in game._initial_items()):
        out.add("drunk")
    return out | {"fight " + kind for _, _, kind in state.fights if kind != "melee"}


def _positions(states: list, per_kind: int = 1, game=None) -> list:
    """A few states of each kind of position along a game (the first of each kind, and later ones),
    and with ``game`` the first that holds each feature (:func:`_features`)."""
    seen: dict[str, int] = {}
    out = []
    for state in states:
        kind = _where(state)
        if state.phase == "army":
            continue
        new = {f for f in (_features(game, state) if game is not None else ()) if f not in seen}
        if seen.get(kind, 0) < per_kind or new:
            seen[kind] = seen.get(kind, 0) + 1
            seen.update((f, 1) for f in new)
            out.append(state)
    return out


def _tape(seed: int, n: int = 40_000) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 2**31, n)


OPTION_SETS = [{"points": 60, "turn_limit": 16}, {"terrain": "forest", "points": 80, "table": 36, "turn_limit": 16},
               {"points": 60, "table": 30, "terrain": "open", "disengage": "away", "turn_limit": 16}]
EVERY_KIND = {"rps", "rps, a choice sealed", "move", "move, some moved", "turning", "fight", "fight, a hand sealed"}
SMALL = {"table": 14, "terrain": "open", "turn_limit": 16}  # armies in reach of each other at once
#: (options, the path's bots, seed and armies, the kinds of position and the features its positions show)
PLAYOUT_CASES = [pytest.param(o, (("heuristic", "random"), 1, (None, None)), EVERY_KIND, set(),
                              id=",".join(f"{k}={v}" for k, v in o.items())) for o in OPTION_SETS] + [
    pytest.param({"scenario": "flag", "table": 20, "terrain": "open", "turn_limit": 16}, (("random", "heuristic"), 2, (None, None)),
                 EVERY_KIND, {"carrying"}, id="flag"),
    pytest.param({"scenario": "princess", "potions": True, "table": 24, "terrain": "open", "turn_limit": 16},
                 (("heuristic", "random"), 3, (None, None)), {"rps", "rps, a choice sealed", "move", "move, some moved"},
                 {"carrying", "drunk"},
                 id="princess,potions"),
    pytest.param({"scenario": "grail", "table": 20, "terrain": "open", "turn_limit": 16},
                 (("heuristic", "random"), 1, (None, None)), EVERY_KIND - {"turning"}, {"carrying"}, id="grail"),
    pytest.param(dict(SMALL, horses=True, magic_swords=True, points=120), (("heuristic", "random"), 3, (None, None)),
                 EVERY_KIND, {"lost", "second", "fight again"}, id="horses,magic_swords"),
    pytest.param(dict(SMALL, double_defense=True, two_swords=True), (("random", "heuristic"), 1, (None, "duelists")),
                 EVERY_KIND, {"guarded", "lost", "two swords"}, id="double_defense,two_swords"),
    pytest.param(dict(SMALL, archers=True, points=80, table=24), (("heuristic", "random"), 1, ("archers", "archers")),
                 EVERY_KIND, {"shot", "fight shot"}, id="archers"),
    pytest.param({"scenario": "joust", "points": 20, "table": 14, "terrain": "open"}, (("heuristic", "random"), 1, (None, None)),
                 EVERY_KIND - {"turning"}, set(), id="joust"),
]


@pytest.mark.parametrize("options, path, shown, features", PLAYOUT_CASES)
def test_kernel_plays_on_from_mid_game_as_the_engine_does(options, path, shown, features):
    """Issue 39 (use the speed where users feel it), issue 38 (playouts on the compiled kernels):
    from mid-game positions of every kind (rock-paper-scissors before and after a choice is sealed,
    the moving phase before and after kniggits moved, phase two, a fight before and after a hand is
    sealed), over tables, terrains, armies and disengaging, the kernel's
    playout and the engine's make the same decisions in the same positions on one tape, with the
    review's bots and its share of random decisions, and end alike.  Issue 39, things to carry and
    the advanced rules: so do positions of the flag, the princess with potions, the grail, horses
    with magic swords, double defense with two swords, archers and the joust, among them positions
    where a thing is carried, a potion drunk, a power lost, a guard held, a magic sword's second
    target or an archer's aim declared, or a second attack or a shot still to come."""
    game, states = _path(options, *path)
    kinds, held = set(), set()
    for k, state in enumerate(_positions(states, game=game)):
        kinds.add(_where(state))
        held |= _features(game, state)
        for bots, eps in ((["heuristic", "heuristic"], 0.15), (["random", "heuristic"], 0.0), (["heuristic", "random"], 0.3)):
            values = _tape(100 * k + len(kinds))
            slow = play_engine_from(game, state, bots, eps, values)
            fast = play_kernel_from(game, state, bots, eps, values)
            assert len(fast["decisions"]) == len(slow["decisions"])
            for j, (a, b) in enumerate(zip(fast["decisions"], slow["decisions"])):
                assert a == b, f"{_where(state)}, {bots}, {eps}: decision {j} differs"
            assert (fast["winner"], fast["turns"], fast["used"]) == (slow["winner"], slow["turns"], slow["used"])
    assert shown <= kinds and features <= held


def test_every_kind_of_position_loads():
    """Issue 39: the positions of a game between the phases the kernel plays load, including a turning
    phase (phase two) and the fights still to come; only the choice of armies does not."""
    game, states = _path({"points": 150, "table": 48}, ("heuristic", "heuristic"), 3)
    phases = set()
    for state in states:
        if state.phase == "army":
            assert why_not(state) is not None
            continue
        start = load(state)
        phases.add(state.phase)
        assert start.n == len(state.kniggits) and start.nfights == len(state.fights)
    assert {"rps", "move", "turning", "fight"} <= phases


def test_things_and_the_advanced_rules_load_as_the_kernel_keeps_them():
    """Issue 39, things to carry and the advanced rules: a loaded position holds them as the kernel's
    own games do: each thing of the rules' list in its row (row 0: how many, no winner yet), off the
    table once drunk; a carrier's row and hand; the powers lost as bits, two swords, archers, guards,
    a magic sword's second target and an archer's aim as a column + 1; a fight still to come with
    its kind.  A state with things loads only with its game (the rules' list)."""
    from brawl.games.kniggits import batch_moves as M
    from brawl.games.kniggits.batch_advanced import KIND, KIND_NAMES
    from brawl.games.kniggits.batch_items import ON, X, Y, item_ids

    seen = set()
    for case in PLAYOUT_CASES[3:]:
        options, path, _, _ = case.values
        game, states = _path(options, *path)
        ids = item_ids(game)
        for state in _positions(states, game=game):
            s, col = load(state, game), {k.id: i for i, k in enumerate(state.kniggits)}
            assert (s.things[0, 0], s.things[0, 1]) == (len(ids), 0)
            where = {it.id: it for it in state.items}
            for r, iid in enumerate(ids, 1):
                it = where.get(iid)
                assert s.things[r, ON] == (it is not None) and (it is None or (s.things[r, X], s.things[r, Y]) == it.pos)
            for i, k in enumerate(state.kniggits):
                assert (s.K[M.CARRY, i], s.K[M.HAND, i]) == ((ids.index(k.carrying) + 1, ("", "sword", "shield").index(k.hand))
                                                             if k.carrying else (0, 0))
                assert s.K[M.LOST, i] == (M.LOST_HORSE * ("horse" in k.lost) + M.LOST_MAGIC * ("magic" in k.lost)
                                          + M.LOST_DOUBLE * ("double" in k.lost))
                assert (s.K[M.TWO, i], s.K[M.ARCHER, i], s.K[M.GUARDED, i]) == (k.two_swords, k.archer, k.guarded)
                assert (s.K[M.SECOND, i], s.K[M.SHOT, i]) == (col.get(k.second, -1) + 1, col.get(k.shot, -1) + 1)
            for f, (a, d, kind) in enumerate(state.fights):
                assert tuple(s.fights[f]) == (col[a], col[d] + KIND * KIND_NAMES.index(kind))
            seen |= _features(game, state)
            if state.items:
                with pytest.raises(ValueError):
                    load(state)
    assert {"carrying", "drunk", "lost", "guarded", "second", "shot", "two swords", "fight again", "fight shot"} <= seen


def test_the_review_plays_kniggits_on_the_kernel():
    """Issue 38: a Kniggits review's playouts at defaults (the heuristic, 15% random decisions) run on
    the compiled kernel; options or bots the kernel does not play stay on the engine."""
    from brawl.review.policy import EnginePolicy, make_policy

    game = make_game("kniggits", {})
    assert isinstance(make_policy(game, ["heuristic"], 0.15, 1), KernelPolicy)
    assert kernel_policy(make_game("kniggits", {"measure": "table"}), ["heuristic"], 0.15, 1) is None  # a real table
    assert kernel_policy(game, ["search"], 0.0, 1) is None
    assert isinstance(make_policy(game, ["search"], 0.0, 1), EnginePolicy)


@pytest.mark.parametrize("case", [pytest.param(c.values, id=c.id) for c in PLAYOUT_CASES if c.values[3]])
def test_the_review_plays_things_and_the_advanced_rules_on_the_kernel(case, monkeypatch):
    """Issue 39 (use the speed where users feel it), things to carry and the advanced rules: the
    review's playouts (:func:`kernel_policy`, and so :func:`brawl.review.policy.make_policy`) of the
    flag, the princess with potions, the grail, horses with magic swords, double defense with two
    swords and archers run on the compiled kernel, which enters positions where a thing is carried,
    a potion drunk, a power lost, a guard held or an aim declared (``can_enter``) and plays them
    without the engine's policy; the search bot's compiled rollouts take them too."""
    from brawl.games.kniggits.bots import SearchBot
    from brawl.review.policy import make_policy

    options, path, _, features = case
    game, states = _path(options, *path)
    policy = kernel_policy(game, ["heuristic", "random"], 0.15, 3)
    assert isinstance(policy, KernelPolicy) and isinstance(make_policy(game, ["heuristic"], 0.15, 1), KernelPolicy)
    assert isinstance(SearchBot(seed=4, game=game, rollouts="kernel")._compiled(game), KernelPolicy)
    special = [s for s in _positions(states, game=game) if _features(game, s) & features]
    assert special and all(policy.can_enter(s) for s in special)

    def engine(*args):
        raise AssertionError("the engine's policy played a position the kernel enters")

    monkeypatch.setattr(policy.engine, "results", engine)
    for state in special[:2]:
        out = policy.results(state, range(6))
        assert out.shape == (6, 2) and np.allclose(out.sum(axis=1), 1.0)
        assert np.array_equal(out, policy.results(state, range(6)))


def test_kernel_playouts_mix_bots_and_repeat_by_seed():
    """Issue 38: in playout ``j`` seat ``s`` plays ``bots[(j + s) % len(bots)]`` as in the engine's
    policy; a playout's result depends on its seed alone (the same seeds from one position give the
    same results, in any batch), so the decisions compared at a position meet the same draws; from
    the choice of armies on, the armies are chosen by the same bots."""
    game, states = _path(OPTION_SETS[0])
    policy = kernel_policy(game, ["heuristic", "random"], 0.15, 7)
    assert policy._pols(np.arange(4)).tolist() == [[1, 0], [0, 1], [1, 0], [0, 1]]
    state = next(s for s in states if s.phase == "move" and s.turns == 1)
    whole = policy.results(state, range(24))
    assert whole.shape == (24, 2) and np.allclose(whole.sum(axis=1), 1.0)
    assert np.array_equal(policy.results(state, range(12, 24)), whole[12:])
    assert np.array_equal(policy.results(state, [5, 3]), whole[[5, 3]])
    first = policy.results(states[0], range(12))
    assert np.array_equal(first, policy.results(states[0], range(12))) and np.allclose(first.sum(axis=1), 1.0)
    other = kernel_policy(game, ["heuristic", "random"], 0.15, 8).results(state, range(24))
    assert not np.array_equal(other, whole)  # another review seed, other draws


def test_the_search_bot_scores_its_plans_by_compiled_playouts():
    """Issue 39 (the search bots on the fast path): with ``rollouts="kernel"``, where the kernel plays
    the options, the search bot scores a plan by the share of compiled playouts it wins (every plan
    of a turn on the same seeds, so the same plan scores the same), above the material; elsewhere,
    and by default, by the engine's short rollouts as before."""
    from brawl.games.kniggits.bots import SearchBot
    from brawl.games.kniggits.search import WIN, evaluate

    game, states = _path(OPTION_SETS[0], ("heuristic", "heuristic"))
    bot = SearchBot(seed=4, game=game, rollouts="kernel")
    assert isinstance(bot._compiled(game), KernelPolicy)
    state = next(s for s in states if s.phase == "move" and s.turns == 2)
    seat = state.to_act
    score = bot.rollout(game, state, seat, state.turns)
    won = bot._compiled(game).results(state, range(2 * bot.playouts, 3 * bot.playouts))[:, seat].mean()
    assert score == pytest.approx(WIN * won + evaluate(game, state, seat, bot.worth_tokens))
    assert score == bot.rollout(game, state, seat, state.turns)
    old = SearchBot(seed=4, game=game)
    assert old._compiled(game) is None and old.rollout(game, state, seat, state.turns) == old.engine_rollout(game, state, seat, state.turns)
    archers = make_game("kniggits", {"measure": "table", "archers": True})  # a real table: the engine's
    assert SearchBot(seed=4, game=archers, rollouts="kernel")._compiled(archers) is None


def test_stale_compiled_playouts_are_dropped(monkeypatch, tmp_path):
    """Issue 39 (a compiled cache kept, never stale): the playouts' compiled files, and those of the
    kernel's modules they call, are dropped when a source compiled into them changes (Numba checks a
    function's own file only), and kept while none does."""
    from brawl.games.kniggits import batch_playout as BP

    monkeypatch.setattr(BP._playouts._cache, "_cache_path", str(tmp_path))
    for name in ("batch_playout._playouts-1.py311.nbi", "batch_game.resolve_fights-2.py311.nbc", "vector.step-3.py311.nbi"):
        (tmp_path / name).write_text("old")
    (tmp_path / "kniggits-playout.digest").write_text("a digest of other sources")
    BP._drop_stale_cache()
    assert sorted(p.name for p in tmp_path.glob("*.nb?")) == ["vector.step-3.py311.nbi"]
    (tmp_path / "batch_playout._playouts-4.py311.nbi").write_text("new")
    BP._drop_stale_cache()
    assert (tmp_path / "batch_playout._playouts-4.py311.nbi").exists()
