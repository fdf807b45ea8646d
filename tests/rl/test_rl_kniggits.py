"""Kniggits through the research interfaces: the move menu, sealed choices, fights in the
parallel environment."""

from __future__ import annotations

import numpy as np
import pytest

from brawl.rl import encoding_for, pettingzoo_env, pettingzoo_parallel_env
from brawl.games import make_game

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def _to_phase(env, phase, rng, limit=400):
    for _ in range(limit):
        if env.state_.phase == phase:
            return True
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return False


def test_army_choice_is_sealed_from_the_other_seat():
    """Kniggits rules page, "Set-up" (both armies at once, sealed): Blue's observation is the same
    whatever Red chose."""
    env = pettingzoo_env("kniggits")
    seen = []
    for preset in range(3):
        env.reset(seed=0)
        assert env.agent_selection == "player_0" and env.state_.phase == "army"
        env.step(preset)  # army:balanced / heavy / horde
        assert env.agent_selection == "player_1"
        seen.append(env.observe("player_1")["observation"])
    assert all(np.array_equal(seen[0], s) for s in seen[1:])


def test_move_menu_moves_the_kniggit_by_its_allowance():
    """Kniggits rules page, "Phase one: moving": a straight move of at most the movement allowance; the menu's
    full move goes the whole allowance unless the table edge or an enemy stops it."""
    env = pettingzoo_env("kniggits")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    assert _to_phase(env, "move", rng)
    agent = env.agent_selection
    seat = env.agent_seat[agent]
    enc = env.encoding
    mask = env.observe(agent)["action_mask"]
    moves = [i for i in np.flatnonzero(mask) if enc.actions[i].startswith("move:")]
    assert moves, "no move offered at the start of a turn"
    i = moves[0]
    slot = int(enc.actions[i].split(":")[1])
    kid = enc.kid(seat, slot)
    before = env.game.kniggit(env.state_, kid)
    env.step(int(i))
    after = env.game.kniggit(env.state_, kid)
    travelled = float(np.hypot(after.x - before.x, after.y - before.y))
    assert after.moved and 0 < travelled <= env.game.move_allowance(before) + 1e-6
    assert not env.observe(agent)["action_mask"][i]  # once per kniggit per turn


def test_fights_are_simultaneous_in_the_parallel_env():
    """Kniggits rules page, "Phase three: fighting": each side chooses its hands at once and in secret."""
    env = pettingzoo_parallel_env("kniggits", turn_limit=40)
    rng = np.random.default_rng(5)
    both = 0
    for seed in range(6):
        if both:
            break
        obs, _ = env.reset(seed=seed)
        while env.agents:
            deciding = [a for a, o in obs.items() if o["action_mask"].any()]
            if env.state_.phase == "fight" and len(deciding) == 2:
                both += 1
                names = {a: env.encoding.actions[int(np.flatnonzero(obs[a]["action_mask"])[0])] for a in deciding}
                assert all(n.startswith("fight:") for n in names.values())
            actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) if o["action_mask"].any() else 0
                       for a, o in obs.items()}
            obs, *_ = env.step(actions)
    assert both > 0


def test_slots_follow_the_largest_preset_army():
    enc = encoding_for(make_game("kniggits"))
    assert enc.slots == 6  # the horde at 50 points
    assert encoding_for(make_game("kniggits", points=100)).slots > enc.slots


def test_the_menu_grows_with_the_army_not_its_square():
    """Issue 15: a 500-point army is still usable.  Targets are named by nearness (the nearest
    three), so the action list grows linearly with the largest army: 62 kniggits a side at 500
    points and about two thousand actions, where one action per pair of kniggits made 16,466."""
    from brawl.games.kniggits.encoding import MENU_MOVES, TARGETS

    small, large = (encoding_for(make_game("kniggits", points=p)) for p in (50, 500))
    assert large.slots == 62
    per_slot = MENU_MOVES + len(("face", "second", "shoot")) * TARGETS + 1  # + drop; no items in battle
    fixed = len(large.presets) + 5 + 7 * 4
    assert large.num_actions == fixed + per_slot * large.slots < 2_500
    assert small.num_actions == fixed + per_slot * small.slots


def _positions(options, seeds, rng_seed):
    """States of random games where the seat on turn is moving, with that seat."""
    from brawl.rl import gym_env

    env = gym_env("kniggits", **options)
    rng = np.random.default_rng(rng_seed)
    for seed in seeds:
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            if env.state_.phase == "move" and env.state_.to_act == env.seat:
                yield env.encoding, env.state_, env.seat
            obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            done = term or trunc


@pytest.mark.parametrize("options", [{"turn_limit": 8}, {"turn_limit": 8, "terrain": "forest", "disengage": "direct"},
                                     {"turn_limit": 6, "archers": True, "magic_swords": True, "scenario": "flag"}],
                         ids=["village", "forest-direct", "archers-swords-flag"])
def test_mask_agrees_with_the_whole_rules(options):
    """Every action number the mask offers is a decision the whole transition accepts, and every
    menu move it leaves out is one the transition refuses: the batch path check
    (``fast_moves.judge_menu``, ``Movement.settle_straight_moves`` and ``fast_moves.menu_rows``) against ``check_action`` move for move, on positions of random games
    (seed, Phase one; rulings 4, 13 and 14)."""
    compared = refused = 0
    for enc, state, seat in _positions(options, range(3), 2):
        mask = enc.action_mask(state, seat)
        for idx in range(enc.num_actions):
            verb = enc.actions[idx].split(":")[0]
            if verb in ("move", "step", "charge") or mask[idx]:
                assert bool(mask[idx]) == enc._legal_by_transition(state, seat, idx), enc.actions[idx]
                compared += 1
                refused += not mask[idx]
    assert compared > 500 and refused > 20


def test_targets_are_the_nearest_first():
    """``face:i:1`` is the nearest enemy kniggit ``i`` may face now, ``face:i:2`` the next, and so
    on for a magic sword's second attack and an archer's shot (seed, Phase one; Magic Swords;
    Archers); an enemy beyond the third is not offered."""
    from tests.games.kniggits.helpers import battle, game, kn

    g = game(magic_swords=True, archers=True)
    enc = encoding_for(g)
    state = battle(g, kn("A1", 18, 18, a=6), kn("A2", 5, 2, d=9, archer=True),
                   kn("B1", 18, 19.8), kn("B2", 19.0, 18.5), kn("B3", 16.5, 18.6), kn("B4", 18.9, 17.1),
                   kn("B5", 5, 14))
    mask = enc.action_mask(state, 0)
    offered = {enc.actions[i]: enc.decode(state, 0, int(i)) for i in np.flatnonzero(mask)}
    # A1's enemies within 2 in, nearest first: B2 (1.12 in), B4 (1.27), B3 (1.62), B1 (1.8)
    for verb in ("face", "second"):
        assert [offered.get(f"{verb}:1:{n}") for n in (1, 2, 3)] == [f"{verb}:A1:B2", f"{verb}:A1:B4", f"{verb}:A1:B3"]
    # A2 shoots 18 in: B5 (12 in) is in range and in sight, the others further off or hidden
    assert [a for a in g.legal_actions(state, 0) if a.startswith("shoot:A2:")] == ["shoot:A2:B5"]
    assert offered["shoot:2:1"] == "shoot:A2:B5" and "shoot:2:2" not in offered
    # the fourth enemy within reach of A1's sword has no number: three are offered
    assert "face:1:4" not in enc.actions and len([a for a in offered if a.startswith("face:1:")]) == 3


def test_kniggit_blocks_say_what_the_table_shows():
    """The observation's kniggit blocks (compiled) against their definition in the encoding's
    docstring, on positions of random games: position as a share of the table, tokens as a share
    of 20, and "engaged" when an enemy on the table stands within 2 inches (seed, Phase one)."""
    checked = 0
    for enc, state, seat in _positions({"turn_limit": 10, "points": 100}, range(2), 4):
        vec = enc.observe(state, seat)
        size, ring = enc.game.table.size, enc.game.table.ring
        for k in state.kniggits:
            slot = int(k.id[1:])
            b = 16 * ((0 if k.seat == seat else enc.slots) + slot - 1)
            engaged = k.on_table and any(e.seat != k.seat and e.on_table and np.hypot(e.x - k.x, e.y - k.y) <= ring + 1e-9
                                         for e in state.kniggits)
            want = [1.0, k.status == "fighting", k.status == "fleeing", k.x / size, k.y / size, min(1.0, k.move / 20),
                    min(1.0, k.attack / 20), min(1.0, k.defense / 20), k.archer, k.two_swords, bool(k.carrying),
                    k.moved, bool(k.shot), engaged, False, False]
            assert np.allclose(vec[b:b + 16], np.array(want, dtype=float), atol=1e-6), k.id
            checked += 1
    assert checked > 100


def test_the_mask_compiles_on_a_fresh_machine(tmp_path):
    """The mask's compiled helpers (:mod:`brawl.games.kniggits.fast_moves`) compile in a process whose
    Numba cache is empty, before anything else of Kniggits is compiled: their distance is the rules'
    ``geometry.dist`` as the compiled games build it, whose ``norm`` is compiled too.  (Compiled
    alone, ``dist`` could not be typed: the first Kniggits environment of a fresh install failed,
    unseen where another test had filled the cache first.)"""
    import os
    import subprocess
    import sys

    script = """
import numpy as np
from brawl.rl import gym_env
env = gym_env("kniggits")
obs, info = env.reset(seed=1)
rng = np.random.default_rng(1)
for _ in range(40):
    obs, reward, done, cut, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    if done or cut:
        obs, info = env.reset()
print("played")
"""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"))
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0 and "played" in out.stdout, out.stderr[-2000:]
