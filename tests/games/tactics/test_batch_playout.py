"""Issue 39 ("use the speed where users feel it") and issue 38 (playouts on the compiled kernels):
Tactics battles played on from any mid-battle engine state by the compiled kernel are the engine's
battles, decision for decision, and the review's playouts and the ``search`` bot run on them.

Positions are taken from engine battles stopped after a number of steps, at decisions and at
pending dice alike (an attack waiting for its damage, a fireball's saves half made, initiative half
rolled, a move waiting on an attack of opportunity, a spell waiting on its Concentration check).
From each, the kernel (:func:`brawl.games.tactics.batch_playout.play_tape`) and the engine walk
below read one tape of values and must play the same battle.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from brawl.bots import make_bot
from brawl.core.game import Chance, Terminal
from brawl.core.sources import SeededDice
from brawl.games import make_game
from brawl.games.tactics import batch_playout as BP
from brawl.games.tactics.batch_state import Unsupported, load
from brawl.games.tactics.batch_tape import _outcome, places

OPTION_SETS = [
    {},
    {"map": "pillars", "level": 9},
    {"party1": "duo", "party2": "wardens", "map": "bridge", "level": 9},
    {"custom1": "wizard,cleric,jeff", "custom2": "vex,ada,hild", "level": 7, "shooting_into_melee": True},
    {"custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter", "map": "pillars", "level": 3},
    {"party1": "raiders", "party2": "wardens", "level": 20, "max_rounds": 8},
    {"custom1": "brok,nim,tam,mara", "custom2": "rogue,rogue,fighter,steve", "level": 12, "flat_footed": False,
     "two_weapon_penalty": "both_attacks", "prone_damage": "melee"},
    # Issue 39, the d20 options (rules.md, "Rules from the SRD"): Iterative attacks, Unarmed strikes,
    # Cover, Surprise round
    {"iterative_attacks": True, "unarmed_strikes": True, "custom1": "steve,mara", "custom2": "tam,nim", "level": 12},
    {"cover": True, "surprise_round": "first", "custom1": "orla,jeff", "custom2": "vex,orla", "map": "pillars",
     "level": 9},
]


def _tape(seed: int, n: int = 20_000) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 2**31, n)


def positions(options: dict, seed: int, every: int = 7, bots=("random", "heuristic")):
    """(game, states) of one engine battle: the state every ``every`` steps (decisions and dice)."""
    game = make_game("tactics", options)
    players = [make_bot("tactics", b, seed=seed + s, game=game) for s, b in enumerate(bots)]
    dice = SeededDice(seed)
    state = game.initial_state()
    out = []
    for step in range(2000):
        node = game.node(state)
        if isinstance(node, Terminal):
            break
        if step % every == every - 1:
            out.append(state)
        if isinstance(node, Chance):
            state = game.apply_chance(state, dice.roll(node.event))
        else:
            seat = node.seats[0]
            state = game.apply_action(state, seat, players[seat].choose(game, state, seat))
    return game, out


def engine_walk(game, state, bots, values, epsilon: float = 0.0, limit: int = -1) -> dict:
    """The engine's side of the tape from ``state``: dice as :mod:`.batch_tape` reads them, a
    ``random`` seat's (or an ``epsilon`` draw's) decision ``legal[v % len(legal)]``; the heuristic
    as the engine's bot."""
    heur = make_bot("tactics", "heuristic", seed=0, game=game)
    eps = BP.epsilon_units(epsilon)
    pos = 0

    def take() -> int:
        nonlocal pos
        pos += 1
        return int(values[pos - 1])

    decisions = []
    while True:
        node = game.node(state)
        if isinstance(node, Terminal):
            w = node.winners
            return {"winner": w[0] if len(w) == 1 else None, "turns": state.turns, "used": pos, "decisions": decisions}
        if isinstance(node, Chance):
            state = game.apply_chance(state, _outcome(node.event, take))
            continue
        if limit >= 0 and node.kind == "turn" and state.turns >= limit and not state.moved and not state.acted_std:
            return {"winner": "horizon", "turns": state.turns, "used": pos, "decisions": decisions}
        seat = node.seats[0]
        legal = game.legal_actions(state, seat)
        bot = bots[seat]
        if eps and take() % (1 << BP.EPS_BITS) < eps:
            bot = "random"
        if bot == "random":
            action = legal[take() % len(legal)] if len(legal) > 1 else legal[0]
        else:
            action = heur.choose(game, state, seat)
        decisions.append((seat, action, places(state)))
        state = game.apply_action(state, seat, action)


def _same(game, state, bots, values, epsilon=0.0, limit=-1):
    fast = BP.play_tape(game, state, list(bots), values, epsilon, limit)
    slow = engine_walk(game, state, bots, values, epsilon, limit)
    assert fast["decisions"] == slow["decisions"]
    assert (fast["winner"], fast["turns"], fast["used"]) == (slow["winner"], slow["turns"], slow["used"])
    return fast


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
def test_playouts_from_mid_battle_are_the_engines(options):
    """Issue 39, point "use the speed where users feel it" / issue 38: from positions all through
    engine battles (decisions and pending dice), the kernel's playout is the engine's on the same
    tape, random and heuristic seats, with and without the review's share of random decisions."""
    pairs = [("random", "random"), ("heuristic", "heuristic"), ("heuristic", "random")]
    for seed in range(2):
        game, states = positions(options, seed, every=5 + seed)
        assert states
        for n, state in enumerate(states[seed::5]):
            bots = pairs[n % 3]
            limit = -1 if n % 4 == 0 else state.turns + 6  # to the end, or six turns on
            _same(game, state, bots, _tape(1000 * seed + n), epsilon=0.15 if n % 2 else 0.0, limit=limit)


def test_every_kind_of_pending_step_is_loaded():
    """Issue 39: the loader holds every pending step the kernel plays (offers, moves half walked,
    waiting standard actions, attacks at each stage, trips' and Will saves, Concentration, Hide
    and Heal checks, cures, magic missiles, fireballs with saves half made, bleeding) and the
    initiative before, during and after its ties; each is played on as the engine does."""
    seen = set()
    sets = [{"custom1": "mara,nim,rogue", "custom2": "nim,rogue,mara", "map": "pillars", "level": 9},
            {"custom1": "wizard,cleric,jeff", "custom2": "vex,ada,hild", "level": 9},
            {"party1": "steve", "party2": "steve"}, {"level": 9, "map": "pillars"}]
    for seed in range(8):
        game, states = positions(sets[seed % 4], 40 + seed, every=1)
        for n, state in enumerate(states):
            kinds = {f"attack{s.stage}" if s.kind == "attack" else s.kind for s in state.stack}
            kinds.add("ties" if state.pos < 0 and state.groups else "init" if state.pos < 0 else "turn")
            if kinds <= seen and n % 17:
                continue
            seen |= kinds
            _same(game, state, ("heuristic", "random"), _tape(n), limit=state.turns + 2)
    want = {"offer", "move", "do", "attack0", "attack2", "save", "conc", "hidecheck", "cure",
            "spelldmg", "fireball", "init", "turn", "ties", "bleed"}
    assert want <= seen, sorted(want - seen)


def test_positions_of_the_d20_options_are_loaded():
    """Issue 39, the d20 options (rules.md: Iterative attacks rule 68, a full attack's choice to go on
    with the attacks below it, each at its own bonus; Unarmed strikes rule 64, nonlethal damage;
    Surprise round rule 69, round 0; Cover rules 59-61): positions holding them load, and the kernel
    plays on from them as the engine does."""
    seen = set()
    sets = [{"iterative_attacks": True, "unarmed_strikes": True, "custom1": "steve,mara", "custom2": "tam,nim",
             "level": 16},
            {"surprise_round": "second", "cover": True, "unarmed_strikes": True, "custom1": "orla,mara",
             "custom2": "steve,jeff", "map": "pillars", "level": 3}]
    for seed in range(4):
        game, states = positions(sets[seed % 2], 60 + seed, every=1)
        for n, state in enumerate(states):
            kinds = {s.kind for s in state.stack if s.kind == "goon"}
            kinds |= {"iterative" for s in state.stack if getattr(s, "iterative", 0)}
            kinds |= {"round0"} if state.round == 0 else set()
            kinds |= {"nonlethal"} if any(u.nonlethal for u in state.units) else set()
            if not kinds or (kinds <= seen and n % 13):
                continue
            seen |= kinds
            _same(game, state, ("heuristic", "random"), _tape(n), limit=state.turns + 2)
    assert {"goon", "iterative", "round0", "nonlethal"} <= seen, seen


def test_no_attack_of_opportunity_across_a_wall_corner():
    """Issue 39, rules.md Cover, rule 61 (the battles above seldom meet it): a wall's corner between
    adjacent enemies gives cover, so a spell cast beside one provokes no attack of opportunity from
    it.  The kernel plays it as the engine does."""
    from brawl.games.tactics.grid import MAPS

    from .helpers import scene

    game, state = scene(["jeff"], ["steve", "brok"], [(5, 2), (6, 1), (12, 6)], game_map=MAPS["pillars"], cover=True)
    assert game.in_combat(state, 0) and not game.strikes_back(state, 1, 0)
    legal = game.legal_actions(state, 0)
    got = _same(game, state, ("random", "random"), [legal.index("cast:magic_missile:steve")] + list(_tape(6)),
                limit=state.turns + 2)
    assert got["decisions"][0][1] == "cast:magic_missile:steve" and got["decisions"][1][1] not in ("aoo", "pass")


def test_cover_from_a_burst():
    """Issue 39, rules.md Cover, rule 59 (the battles above seldom meet it): a fireball's lines from its
    centre cut by a wall give +2 on the Reflex save, here the roll that saves only with it.  The
    kernel plays it as the engine does."""
    from brawl.games.tactics.data import SPELLS
    from brawl.games.tactics.grid import MAPS

    from .helpers import scene

    game, state = scene(["jeff"], ["steve", "brok"], [(0, 2), (4, 2), (6, 1)], game_map=MAPS["pillars"], cover=True)
    cover = game.reflex_cover((4, 2), 2, state)
    saved = game.sheets[0].spell_dc("fireball") - game.save_bonus(state, 2, "ref") - cover  # Brok's d20 that saves
    assert cover > 0 and 2 <= saved <= 19
    dice = int(SPELLS["fireball"].dice.split("d")[0])
    values = [0] * dice + [0, saved - 1] + list(_tape(7))  # Steve rolls a natural 1, Brok ``saved``
    got = _same(game, state, ("heuristic", "heuristic"), values, limit=state.turns + 2)
    assert got["decisions"][0][1] == "cast:fireball:4,2"
    after = got["decisions"][1][2]
    assert after[1][2] < game.sheets[1].max_hp and after[2][2] == game.sheets[2].max_hp


def test_horizon_stops_where_the_engine_playouts_stop():
    """Issue 39: the search bot's playouts stop at the start of a turn once ``limit`` turns have
    begun, as :func:`brawl.games.tactics.playouts.playout` does, in the same position."""
    game, states = positions({"map": "pillars", "level": 9}, 3, every=9)
    for n, state in enumerate(states[:6]):
        got = _same(game, state, ("heuristic", "heuristic"), _tape(n), limit=state.turns + 4)
        assert got["winner"] == "horizon" or got["turns"] <= state.turns + 4


def test_positions_the_kernel_cannot_hold_are_refused(monkeypatch):
    """Issue 38/39: options the kernel does not play (and so their positions) are refused by the
    loader, and the entry's playouts answer None for them or for a bot the kernel does not play
    (the kernel plays every option now: one is marked unplayed here)."""
    from brawl.games.tactics import batch_tables as T

    monkeypatch.setattr(T, "_PLAYED", {"cover": False})
    game = make_game("tactics", {"cover": True})
    with pytest.raises(Unsupported):
        load(game, game.initial_state())
    assert BP.kernel_policy(game, ["heuristic"], 0.15, 1) is None
    plain = make_game("tactics", {})
    assert BP.kernel_policy(plain, ["search"], 0.15, 1) is None
    assert BP.kernel_policy(plain, ["heuristic", "random"], 0.15, 1) is not None


def test_review_policy_plays_on_the_kernel_and_is_deterministic():
    """Issue 38, point 4 (the same review wherever it runs) and issue 39: ``make_policy`` gives
    Tactics' review the kernel's playouts; a seed gives the same results every time, each playout
    mixes the bots as the engine policy does, and a battle over gives its result."""
    from brawl.review.policy import make_policy

    game, states = positions({"level": 5}, 11, every=13)
    policy = make_policy(game, ["heuristic", "random"], 0.15, 7)
    assert isinstance(policy, BP.KernelPolicy)
    state = states[len(states) // 2]
    a = policy.results(state, range(40))
    b = policy.results(state, range(40))
    assert a.shape == (40, 2) and (a == b).all()
    assert np.allclose(a.sum(axis=1), 1.0)
    assert (policy.results(state, range(20, 40)) == a[20:]).all()  # playout j is seed j's alone
    other = make_policy(game, ["heuristic", "random"], 0.15, 8).results(state, range(40))
    assert not (other == a).all()
    assert policy.suggestions(state, game.sides[state.actor] if state.pos >= 0 else 0) is not None


def test_kernel_standing_is_the_playouts_judgement():
    """Issue 39: the search bot's judgement of where a battle stands at the horizon
    (:func:`brawl.games.tactics.playouts.standing`) is the same in the kernel, position by position."""
    from brawl.games.tactics import batch_tables as T
    from brawl.games.tactics.playouts import standing

    game, states = positions({"map": "pillars", "level": 9}, 5, every=4)
    worth = {j: 1.0 + 0.5 * j for j in range(len(game.sheets))}
    w = np.array([worth[j] for j in range(len(game.sheets))])
    P, O = T.sheets(game), T.options(game)
    for state in states:
        U = load(game, state)[0]
        for side in (0, 1):
            assert BP.standing(U, P, O, BP.HORIZON, side, w) == pytest.approx(standing(game, state, side, worth))


def test_search_bot_plays_out_on_the_kernel(monkeypatch):
    """Issue 39, "the search bots ... run on the fast path": the search bot's playouts run on the
    compiled kernel (and only with ``engine=True`` on the engine), its choice a legal decision."""
    from brawl.games.tactics import playouts as engine_playouts
    from brawl.games.tactics import search_bot
    from brawl.games.tactics.search_bot import SearchBot

    from .helpers import scene, with_unit

    # Steve beside a fighter in full plate, a hurt wizard a few squares away: a searched decision
    game, state = scene(["steve"], [("Plate", "fighter", {"armor": "full_plate", "main": "sword", "off": "shield"}),
                                    "jeff"], [(5, 5), (6, 5), (3, 7)])
    state = with_unit(game, state, "jeff", hp=6)
    bot = SearchBot(3)
    seat = 0
    calls = {"kernel": 0, "engine": 0}
    real = BP.horizon_values

    def counted(*a, **k):
        calls["kernel"] += 1
        return real(*a, **k)

    def engine(*a, **k):
        calls["engine"] += 1
        return 0.0

    monkeypatch.setattr(BP, "horizon_values", counted)
    monkeypatch.setattr(search_bot, "playout", engine)
    assert bot.choose(game, state, seat) in game.legal_actions(state, seat)
    assert calls["kernel"] >= 1 and calls["engine"] == 0
    SearchBot(3, engine=True).choose(game, state, seat)
    assert calls["engine"] >= 1
    assert engine_playouts.playout is not engine


def test_search_bot_falls_back_to_the_engines_counts(monkeypatch):
    """Issue 39: where the kernel does not play the options (cover here, marked unplayed: the kernel
    plays every option now), the search bot plays out on the engine with the engine's counts (6 a
    candidate, 10 more), not the kernel's hundreds."""
    from brawl.games.tactics import batch_tables as T
    from brawl.games.tactics import search_bot
    from brawl.games.tactics.search_bot import ENGINE_MORE, ENGINE_PLAYOUTS, SearchBot

    from .helpers import scene, with_unit

    monkeypatch.setattr(T, "_PLAYED", {"cover": False})
    game, state = scene(["steve"], [("Plate", "fighter", {"armor": "full_plate", "main": "sword", "off": "shield"}),
                                    "jeff"], [(5, 5), (6, 5), (3, 7)], cover=True)
    state = with_unit(game, state, "jeff", hp=6)
    seen = []

    def engine(game, state, policy, key, side, horizon, worth):
        seen.append(key)
        return 0.0

    monkeypatch.setattr(search_bot, "playout", engine)
    bot = SearchBot(3)
    bot.choose(game, state, 0)
    assert seen and max(seen) - min(seen) < ENGINE_PLAYOUTS + ENGINE_MORE


def test_stale_compiled_playouts_are_dropped(monkeypatch, tmp_path):
    """Issue 39 (a compiled cache kept, never stale): the playouts' compiled files are dropped when a
    source compiled into them changes (a digest of the kernel's sources and this module), and kept
    while it does not."""
    monkeypatch.setattr(BP.playouts._cache, "_cache_path", str(tmp_path))
    (tmp_path / "batch_playout.play_from-1.py311.nbi").write_text("old")
    (tmp_path / "tactics-playout.digest").write_text("a digest of other sources")
    BP._drop_stale_cache()
    assert not (tmp_path / "batch_playout.play_from-1.py311.nbi").exists()
    (tmp_path / "batch_playout.playouts-2.py311.nbi").write_text("new")
    BP._drop_stale_cache()
    assert (tmp_path / "batch_playout.playouts-2.py311.nbi").exists()
