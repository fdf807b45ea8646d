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


def test_mask_by_path_check_agrees_with_the_full_rules():
    """The mask asks the rules' path check (``check_path``) instead of playing every candidate move
    through the whole transition: on positions of random games the two agree move for move."""
    from brawl.rl import gym_env

    env = gym_env("kniggits", turn_limit=6)
    rng = np.random.default_rng(2)
    enc = env.encoding
    compared = 0
    for seed in range(2):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            state, seat = env.state_, env.seat
            if state.phase == "move" and state.to_act == seat:
                for k in state.kniggits:
                    if k.seat != seat or not k.active or k.moved or k.shot:
                        continue
                    i = enc.slot_of(k.id)
                    for name in [f"move:{i}:{d}" for d in (0, 90, 180, 270)] + [f"charge:{i}:{j}" for j in (1, 2)]:
                        idx = enc.action_index(name)
                        assert enc._move_is_legal(state, seat, k, idx) == enc._legal_by_transition(state, seat, idx), name
                        compared += 1
            obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            done = term or trunc
    assert compared > 20
