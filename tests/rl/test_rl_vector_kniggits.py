"""The vectorised Kniggits environment (brawl/games/kniggits/vector.py) plays the rules' game and shows
the encoding's view of it: on a tape of draws it agrees with the engine (brawl/games/kniggits/rules.py)
and the research encoding (encoding.py) question by question, observation, mask, draws used, reward
and game end included; Gymnasium's checks hold for its spaces and data.

Issue 39 (Kniggits vector environment)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_space_limit, data_equivalence
from gymnasium.utils.passive_env_checker import check_obs, data_shares_objects

from brawl.bots import make_bot
from brawl.core.game import Terminal
from brawl.games import make_game
from brawl.games.kniggits import vector as V
from brawl.games.kniggits import vector_game as G
from brawl.games.kniggits import vector_view as W
from brawl.games.kniggits.batch import POLICIES, TapeRandom, _known, _record, new_work
from brawl.games.kniggits.batch_game import HEAD, PER
from brawl.games.kniggits.batch_moves import NROWS
from brawl.games.kniggits.encoding import MENU_MOVES, PER_ITEM, PER_KNIGGIT
from brawl.rl import encoding_for, vector_env
from brawl.sim.kernel import new_tape


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))


class Kernel:
    """One game of the vectorised environment's compiled walk, its bots drawing from a tape."""

    def __init__(self, game, enc, opponent: str, values) -> None:
        self.o, self.g, _ = _record(game)
        self.t = W.tables(enc, game.options.scenario, self.g)
        n = max(1, 2 * int(self.o.army_size.max(initial=1)))
        bots = [opponent if opponent != "self" else "random"] * 2
        self.w = new_work(n, HEAD + PER * n, POLICIES[bots[0]], POLICIES[bots[1]], *_known(bots))
        self.sc = (np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros((n, 3)), np.zeros((n, 4)))
        R = self.t.slots * MENU_MOVES
        self.J = (np.zeros(R, np.bool_), np.zeros((R, 2)), np.zeros((R, 2)), np.zeros(self.t.slots, np.int64))
        self.rows = np.zeros((n, 19))
        self.agent = np.array([True, opponent == "self"])
        self.tape = new_tape(values, HEAD + PER * n, rows=4000)
        self.S = np.zeros(W.NS, np.int64)
        self.F = np.zeros((n, 2), np.int64)
        self.K = np.zeros((NROWS, n), np.int64)
        self.XY = np.zeros((2, n))
        self.mask = np.zeros(enc.num_actions, np.int8)
        self.obs = np.zeros(enc.observation_size, np.float32)
        G.start_game(self.S, self.K, self.o, self.w.things)
        self._on(G.play_on)

    def _on(self, fn, *extra):
        self.tape[3][0] = 0  # the bots' log is not read here: keep its rows
        fn(self.tape, self.S, self.F, self.K, self.XY, self.o, self.g, self.w, self.t, self.sc, self.J, self.agent,
           self.mask, *extra)

    @property
    def over(self) -> bool:
        return self.S[W.PHASE] == W.OVER_PHASE

    @property
    def used(self) -> int:
        return int(self.tape[1][0])

    def seen_by(self, seat: int) -> np.ndarray:
        W.observe(self.K, self.XY, self.S, self.F, seat, self.o, self.t, self.w.things, self.rows, self.obs)
        return self.obs.copy()

    def answer(self, action: int) -> None:
        self._on(G.answer, action)


def _expected_reward(game, enc, state, seat: int) -> float:
    """``gym_env``'s reward (``margin``) at the end: +1, -1, or half the margin for a draw."""
    winners = game.winners(state)
    if len(winners) == 1:
        return 1.0 if winners[0] == seat else -1.0
    return 0.5 * enc.margin(state, seat)


#: what the engine's events say of the things (``_agree``'s ``happened``)
EVENTS = ("drinks", "brings", "puts down", "returns", "flees", "unhorsed", "loses")


def _homeward(enc, seat: int, legal: list[int]) -> list[int]:
    """Of ``legal``, the picks, else the full moves towards ``seat``'s own edge of the kniggits that
    carry a thing (those offered a drop): an agent that fetches things and brings them home."""
    names = [enc.actions[a] for a in legal]
    picks = [a for a, name in zip(legal, names) if name.startswith("pick:")]
    carriers = {name.split(":")[1] for name in names if name.startswith("drop:")}
    home = f"{270 if seat == 0 else 90}"
    return picks or [a for a, name in zip(legal, names)
                     if name.startswith("move:") and name.split(":")[1] in carriers and name.split(":")[2] == home]


def _fought(game, state, offered: list[str]) -> set[str]:
    """What a fight's question shows of the advanced rules: ``guard`` (a guard offered), ``two
    swords`` and ``horse`` (a fighter with two swords, on horseback), ``second attack`` (a magic
    sword's); with things to carry (issue 39: the advanced rules beside rulings 30 and 35),
    ``carrier`` (a fighter that carries a thing) and ``carrier on horseback``, ``carrier with two
    swords``, ``carrier with a magic sword``."""
    from brawl.games.kniggits.combat import magic_sword, mounted

    out = {"guard"} if any("guard" in name for name in offered) else set()
    if state.fights[0][2:3] in (("second",), ("again",)):
        out.add("second attack")
    if state.fights[0][2:3] == ("shot",):
        out.add("shot")
    for kid in state.fights[0][:2]:
        k = game.kniggit(state, kid)
        out |= {"two swords"} if k.two_swords else set()
        out |= {"horse"} if mounted(k, game.options) else set()
        if k.carrying:
            out |= {"carrier"} | {"carrier " + tag for tag, on in (
                ("on horseback", mounted(k, game.options)), ("with two swords", k.two_swords),
                ("with a magic sword", magic_sword(k, game.options))) if on}
    return out


def _agree(options: dict, opponent: str, games: int, seed: int, happened: set | None = None,
           fetch: bool = False) -> set:
    """Play ``games`` games on tapes in the kernel and the engine, a random agent answering (it ends
    its moving phase one time in five); every question must be the same (seat, observation, mask,
    draws used), then the end (winner, reward, last observation).  Returns the phases asked;
    ``happened`` gains the verbs of the agent's decisions and the words of the engine's events
    (``drinks``, ``brings``, ``puts down``...) and ``won by N`` where seat N brought a thing home.
    ``fetch``: the agent takes a pick or a move home with what it carries when it has one (:func:`_homeward`)."""
    game = make_game("kniggits", options)
    enc = encoding_for(game)
    rng = np.random.default_rng(seed)
    asked, answers = set(), 0
    for _ in range(games):
        values = rng.integers(0, 2**31, 40_000)
        kernel = Kernel(game, enc, opponent, values)
        tape = TapeRandom(values)
        bot = None if opponent == "self" else make_bot("kniggits", opponent, seed=0, game=game)
        if bot is not None:
            bot.rng = tape
        state, last = game.initial_state(), 0
        while not isinstance(game.node(state), Terminal):
            if happened is not None:
                happened.update(w for line in state.events for w in EVENTS if w in line)
            seat = game.node(state).seats[0]
            if seat == 1 and bot is not None:
                state = game.apply_action(state, seat, bot.choose(game, state, seat))
                continue
            legal = enc.legal_indices(state, seat)
            if len(legal) == 1:  # forced: the kernel plays it for the agent
                state = game.apply_action(state, seat, enc.decode(state, seat, legal[0]))
                continue
            assert not kernel.over and kernel.S[W.ASKED] == seat and kernel.used == tape.used
            assert state.phase == W.PHASES[kernel.S[W.PHASE]]
            assert np.array_equal(kernel.mask, enc.action_mask(state, seat))
            assert np.array_equal(kernel.seen_by(seat), enc.observe(state, seat))
            asked.add(state.phase)
            if happened is not None and state.phase == "fight":  # the advanced rules' hands offered
                happened.update(_fought(game, state, [enc.actions[a] for a in legal]))
            ends = [a for a in legal if enc.actions[a] in ("end_move", "end_turning")]
            others = [a for a in legal if a not in ends]
            fetching = _homeward(enc, seat, legal) if fetch else []
            choice = int(rng.choice(fetching or (ends if ends and (not others or rng.random() < 0.2) else others)))
            kernel.answer(choice)
            state = game.apply_action(state, seat, enc.decode(state, seat, choice))
            answers += 1
            if happened is not None:
                happened.add(enc.actions[choice].split(":")[0])
                happened |= {"guarded"} if "guard" in enc.actions[choice] else set()
            last = seat
        assert kernel.over and kernel.used == tape.used
        if happened is not None:
            happened.update(w for line in state.events + (state.end,) for w in EVENTS if w in line)
            if "brings" in state.end:
                happened.add(f"won by {game.winners(state)[0]}")
        winners = game.winners(state)
        assert kernel.S[W.WINNER] == (winners[0] if len(winners) == 1 else -1)
        assert np.array_equal(kernel.seen_by(last), enc.observe(state, last))  # final_obs
        assert V._end_reward(kernel.K, kernel.S, last) == pytest.approx(_expected_reward(game, enc, state, last))
    assert answers > 10 * games
    return asked


OPTION_SETS = [
    ({}, "random"),
    ({}, "heuristic"),
    ({"terrain": "forest", "disengage": "away"}, "random"),
    ({"points": 120, "table": 48, "turn_limit": 14}, "heuristic"),
    ({"scale": 0.5, "table": 24}, "random"),
    ({"table": 14, "terrain": "open", "turn_limit": 30}, "random"),
]


@pytest.mark.parametrize("options,opponent", OPTION_SETS,
                         ids=lambda v: v if isinstance(v, str) else ",".join(f"{k}={x}" for k, x in v.items()) or "default")
def test_vector_env_agrees_with_the_engine_on_a_tape(options, opponent):
    """Issue 39 (vector environments, Kniggits): rules page, Kniggits (armies, rock-paper-scissors,
    moving, combat rings, facing, turning, fights, fleeing, winning, the turn limit) and the research
    encoding (menu moves, targets by nearness, hands, the observation): the same draws and the same
    agent decisions give the same questions, observations, masks, rewards and game ends in the
    compiled walk and the engine, against the random and the heuristic bots."""
    asked = _agree(options, opponent, games=2, seed=len(options) + 7 * len(opponent))
    assert {"army", "rps", "move", "fight"} <= asked


#: Issue 39, rulings 30 (potions) and 35 (the flag, the princess, the grail): option sets with things
#: to carry or drink, the opponent, the tapes' seed, whether the agent fetches things (``_agree``), and
#: what the agent's decisions and the games' events show between the two games
OPEN = {"terrain": "open", "turn_limit": 0}
ITEM_SETS = [
    pytest.param({"scenario": "flag", "table": 20, **OPEN}, "random", 0, True,
                 {"pick", "drop", "puts down", "returns"}, id="flag-random"),
    pytest.param({"scenario": "flag", "table": 20, **OPEN}, "random", 1, True, {"pick", "brings", "won by 0"},
                 id="flag-random-home"),
    pytest.param({"scenario": "princess", "table": 14, **OPEN}, "random", 2, True,
                 {"pick", "drop", "puts down", "won by 0"}, id="princess-random"),
    pytest.param({"scenario": "grail", "table": 20, **OPEN}, "random", 0, True, {"pick", "won by 0"}, id="grail-random"),
    pytest.param({"potions": True, "table": 14, **OPEN}, "random", 17, False, {"drinks"}, id="potions-random"),
    pytest.param({"potions": True, "scenario": "princess", "table": 24, **OPEN}, "random", 1, True,
                 {"drinks", "pick", "won by 0"}, id="potions-princess-random"),
    pytest.param({"scenario": "princess", "points": 120, "table": 24, "terrain": "open"}, "heuristic", 0, False,
                 {"won by 1"}, id="princess-heuristic"),
    pytest.param({"scenario": "grail", "points": 120, "table": 48}, "heuristic", 0, True, set(), id="grail-heuristic"),
    pytest.param({"scenario": "flag", "table": 16, **OPEN}, "self", 0, True, {"pick", "won by 0"}, id="flag-self"),
    # Issue 39: the things beside every advanced rule (rulings 30 and 35 with the seed's Optional/Advanced
    # Rules): carriers fight on horseback and with a magic sword, the hand that carries out of the fight
    pytest.param({"scenario": "princess", "potions": True, "horses": True, "magic_swords": True, "double_defense": True,
                  "two_swords": True, "archers": True, "table": 14, **OPEN}, "heuristic", 0, True,
                 {"carrier on horseback", "carrier with a magic sword", "guard", "drinks", "brings"},
                 id="princess-potions-every-rule-heuristic"),
]


@pytest.mark.parametrize("options,opponent,seed,fetch,shown", ITEM_SETS)
def test_vector_env_plays_the_things_to_carry_as_the_engine(options, opponent, seed, fetch, shown):
    """Issue 39 (vector environments, Kniggits, every scenario with things to carry): rulings 30 and
    35 (seed, Magic Potions; Scenarios) and the research encoding's ``pick:<slot>:<thing>:<hand>``,
    ``drop:<slot>`` and its block of each thing in the observation: the agent is offered the picks
    and drops the rules list, the things stand, are carried, put down (by a carrier that flees too),
    drunk, returned to their base and brought home as in the engine, a hand that carries is out of
    the fight, and a thing brought home ends the game, by the agent or its opponent: the same
    questions, observations, masks, rewards and game ends in the compiled walk and the engine."""
    from brawl.games.kniggits.batch import vector_unsupported

    assert vector_unsupported(options) == []
    happened = set()
    asked = _agree(options, opponent, games=2, seed=seed, happened=happened, fetch=fetch)
    assert "move" in asked and shown <= happened, happened


#: Issue 39, the advanced rules (rules page, rules 25, 28, 29 and 39): option sets, the opponent, the
#: tapes' seed, and what the fights' questions and the games' events show between the two games
ADVANCED_SETS = [
    pytest.param({"horses": True, "table": 24, "terrain": "open"}, "random", 0, {"horse"}, id="horses-random"),
    pytest.param({"horses": True, "points": 120, "table": 48}, "heuristic", 0, {"horse", "flees"},
                 id="horses-heuristic"),
    pytest.param({"double_defense": True, "table": 24, "terrain": "open"}, "random", 1, {"guard", "guarded"},
                 id="double_defense-random"),
    pytest.param({"double_defense": True, "points": 120, "table": 48}, "heuristic", 0, {"flees"},
                 id="double_defense-heuristic"),
    pytest.param({"two_swords": True, "table": 24, "terrain": "open"}, "random", 0, {"two swords"},
                 id="two_swords-random"),
    pytest.param({"two_swords": True, "points": 120, "table": 48}, "heuristic", 0, {"two swords"},
                 id="two_swords-heuristic"),
    pytest.param({"scenario": "joust"}, "random", 0, {"horse"}, id="joust-random"),
    pytest.param({"scenario": "joust"}, "heuristic", 3, {"horse", "unhorsed"}, id="joust-heuristic"),
    pytest.param({"horses": True, "double_defense": True, "two_swords": True, "table": 16, "terrain": "open"}, "self",
                 0, {"guard", "guarded", "horse", "two swords"}, id="three-rules-self"),
    pytest.param({"magic_swords": True, "table": 24, "terrain": "open"}, "random", 0, {"second", "second attack"},
                 id="magic_swords-random"),
    pytest.param({"magic_swords": True, "points": 120, "table": 48}, "heuristic", 0, {"second", "second attack"},
                 id="magic_swords-heuristic"),
    pytest.param({"magic_swords": True, "table": 16, "terrain": "open"}, "self", 1, {"second", "second attack"},
                 id="magic_swords-self"),
    pytest.param({"magic_swords": True, "horses": True, "double_defense": True, "table": 20, "terrain": "open"}, "random",
                 0, {"guard", "guarded", "horse", "second", "second attack"}, id="three-rules-magic-random"),
    pytest.param({"archers": True, "table": 24, "terrain": "open"}, "random", 0, {"shoot", "shot"}, id="archers-random"),
    pytest.param({"archers": True, "points": 120, "table": 48}, "heuristic", 0, {"shoot", "shot"},
                 id="archers-heuristic"),
    pytest.param({"archers": True, "table": 20}, "self", 0, {"shoot", "shot"}, id="archers-self"),
    pytest.param({"archers": True, "archer_defense": "never", "table": 20}, "self", 1, {"shoot", "shot"},
                 id="archers-never-defend-self"),
    pytest.param({"archers": True, "magic_swords": True, "horses": True, "double_defense": True, "two_swords": True,
                  "table": 24, "terrain": "open"}, "random", 2, {"shoot", "shot"}, id="five-rules-random"),
]


@pytest.mark.parametrize("options,opponent,seed,shown", ADVANCED_SETS)
def test_vector_env_plays_the_advanced_rules_as_the_engine(options, opponent, seed, shown):
    """Issue 39 (vector environments, Kniggits, the advanced rules): seed, Optional/Advanced Rules
    (Horses, Magic Swords, Double Defense, Two Swords, Archers; Scenarios: Jousting) and the research
    encoding's hands, ``second:<slot>:<n>`` and ``shoot:<slot>:<n>``: the agent is offered the hands
    the rules list (the heights a kniggit on foot reaches a horseman at, a double defense's guards, a
    second sword), a magic sword's second targets and an archer's by nearness (an archer that aims
    does not move), the second attack and the shot come, the blows land, powers are
    lost for good, a guard keeps the sword hand from attacking again that turn, and a joust is won
    by unhorsing: the same
    questions, observations (two swords among them), masks, rewards and game ends in the compiled
    walk and the engine."""
    from brawl.games.kniggits.batch import unsupported, vector_unsupported

    assert unsupported(options) == [] and vector_unsupported(options) == []
    happened = set()
    asked = _agree(options, opponent, games=2, seed=seed, happened=happened)
    assert {"move", "fight"} <= asked and shown <= happened, happened


@pytest.mark.parametrize("options,things", [
    ({"scenario": "flag", "potions": True, "table": 16, "terrain": "open", "turn_limit": 30}, True),
    ({"horses": True, "magic_swords": True, "double_defense": True, "two_swords": True, "archers": True, "table": 16,
      "terrain": "open", "turn_limit": 30}, False),
    ({"scenario": "flag", "potions": True, "horses": True, "magic_swords": True, "double_defense": True, "two_swords": True,
      "archers": True, "table": 16, "terrain": "open", "turn_limit": 30}, None),
], ids=("flag-potions", "five-rules", "flag-potions-five-rules"))
def test_each_game_keeps_its_own_things(options, things):
    """Issue 39 (vector environments, Kniggits, scenarios with things to carry and the advanced rules):
    the games of one environment step in one call, each with its own things and fights: the first
    game of four plays exactly as the same game alone (same seed, same actions: observations, masks,
    rewards, ends), while the others pick things up, carry, drink and bring them home, or fight with
    guards offered and two swords, or (``things`` None: issue 39, the things beside every advanced
    rule) both; the observations stay in the space."""
    many = vector_env("kniggits", num_envs=4, opponent="random", **options)
    alone = vector_env("kniggits", num_envs=1, opponent="random", **options)
    obs, info = many.reset(seed=3)
    obs1, info1 = alone.reset(seed=3)
    rng = np.random.default_rng(5)
    b = PER_KNIGGIT * 2 * many._t.slots  # the things' blocks: on the table, x, y, carried by mine, by theirs
    items = slice(b, b + PER_ITEM * len(many.encoding.items))
    guards = np.array(["guard" in a for a in many.encoding.actions])
    carried = drunk = ended = guarded = two = 0
    for _ in range(300):
        assert np.array_equal(obs[0], obs1[0]) and np.array_equal(info["action_mask"][0], info1["action_mask"][0])
        check_obs(obs, many.observation_space, "step")
        blocks = obs[:, items].reshape(4, -1, PER_ITEM)
        carried += int(blocks[:, :, 3:].sum())
        drunk += int((blocks.sum(axis=2) == 0).sum())
        m = info["action_mask"]
        guarded += int(m[:, guards].sum())
        two += int(obs[:, 9:b:PER_KNIGGIT].sum())  # the kniggits' "two swords" entries
        action = np.argmax(m * rng.random(m.shape), axis=1)
        obs, reward, term, trunc, info = many.step(action)
        obs1, reward1, term1, trunc1, info1 = alone.step(action[:1])
        assert (reward[0], term[0], trunc[0]) == (reward1[0], term1[0], trunc1[0])
        ended += int(term.sum())
    assert ended > 4
    if things is not False:
        assert carried > 0 and drunk > 0
    if not things:
        assert guarded > 0 and two > 0


def test_every_phase_is_asked_and_self_play_agrees():
    """Issue 39: on a small open table every kind of question comes (turning included), and in
    self-play both seats are asked in the engine's order, each seen from its own side."""
    asked = _agree({"table": 14, "terrain": "open", "turn_limit": 24}, "self", games=2, seed=3)
    assert asked == {"army", "rps", "move", "turning", "fight"}


def test_gymnasium_checks_hold():
    """Issue 39: Gymnasium's checks, where they apply to a vector env: spaces (limits, observations
    inside them, no warnings), reset and step deterministic for a seed (actions given as a strided
    view too: the compiled step is called directly), returned data never shared; the spaces are the
    encoding's (``gym_env("kniggits", seat=0)``)."""
    from brawl.rl import gym_env

    env = vector_env("kniggits", num_envs=16, opponent="random", table=24, terrain="open")
    single = gym_env("kniggits", seat=0, table=24, terrain="open")
    assert env.single_observation_space == single.observation_space
    assert env.single_action_space.n == single.action_space.n and env.action_space.shape == (16,)
    check_space_limit(env.single_observation_space, "observation")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        obs, info = env.reset(seed=4)
        check_obs(obs, env.observation_space, "reset")
        assert info["action_mask"].shape == (16, env.actions) and info["action_mask"].dtype == np.int8
        action = np.argmax(info["action_mask"], axis=1)
        step1 = env.step(action)
        check_obs(step1[0], env.observation_space, "step")
    obs2, info2 = env.reset(seed=4)
    assert data_equivalence(obs, obs2, exact=True) and data_equivalence(info, info2, exact=True)
    step2 = env.step(action)
    assert all(data_equivalence(a, b, exact=True) for a, b in zip(step1, step2))
    env.reset(seed=4)
    spaced = np.full(32, env.actions - 1)
    spaced[::2] = action
    step3 = env.step(spaced[::2])  # a strided view: the step reads the actions it shows
    assert all(data_equivalence(a, b, exact=True) for a, b in zip(step1, step3))
    assert not data_shares_objects(step1[0], step2[0]) and not data_shares_objects(step1[4], step2[4])
    assert not data_shares_objects(obs2, step2[0])


def test_games_end_and_reset_in_the_same_step_with_final_observations():
    """Issue 39: same-step autoreset with Gymnasium's ``SyncVectorEnv`` infos: each game that ended
    or was cut off (``max_decisions=14``; the turn limit at 4 ends the others) has its last observation in ``final_obs`` (None elsewhere)
    and its last mask in ``final_info``; a cut-off game's question is still open, an ended game shows
    no phase; an illegal action loses and the next game's first question comes in the same step."""
    env = vector_env("kniggits", num_envs=32, opponent="random", table=14, terrain="open", turn_limit=4,
                     max_decisions=14)
    _, info = env.reset(seed=6)
    rng = np.random.default_rng(2)
    cut = ended = 0
    phase = slice(env.obs_size - 17, env.obs_size - 12)  # the phase's one-hot entries
    for _ in range(40):
        m = info["action_mask"]
        obs, reward, term, trunc, info = env.step(np.argmax(m * rng.random(m.shape), axis=1))
        done = term | trunc
        if not done.any():
            continue
        assert np.array_equal(info["_final_obs"], done) and np.array_equal(info["final_info"]["_action_mask"], done)
        for g in range(env.num_envs):
            last, last_mask = info["final_obs"][g], info["final_info"]["action_mask"][g]
            if not done[g]:
                assert last is None
            elif trunc[g]:
                cut += 1
                assert last_mask.sum() >= 2 and last[phase].sum() == 1 and abs(reward[g]) <= 0.5
            else:
                ended += 1
                assert not last_mask.any() and last[phase].sum() == 0
                assert abs(reward[g]) == 1 or abs(reward[g]) <= 0.5
    assert cut > 10 and ended > 10
    _, info = env.reset(seed=1)
    illegal = np.argmin(info["action_mask"], axis=1)
    obs, reward, term, trunc, info = env.step(illegal)
    assert term.all() and (reward == -1).all() and info["action_mask"].sum(axis=1).min() >= 2
    with pytest.raises(ValueError):
        env.step(np.full(32, env.actions))
    with pytest.raises(ValueError, match="opponent"):
        vector_env("kniggits", num_envs=2, opponent="genius")
    with pytest.raises(ValueError, match="a real table"):  # the kernel does not play it (batch.unsupported)
        vector_env("kniggits", num_envs=2, measure="table")


def test_self_play_reports_seats_and_winners():
    """Issue 39, self-play: both seats are asked, each ended game names its winner (-1 a draw), and
    the reward is +1 exactly when the seat that answered won."""
    env = vector_env("kniggits", num_envs=16, opponent="self", table=14, terrain="open", turn_limit=20)
    _, info = env.reset(seed=9)
    rng = np.random.default_rng(1)
    seen, ended = set(), 0
    for _ in range(120):
        seats = info["seat"].copy()
        seen.update(seats.tolist())
        m = info["action_mask"]
        _, reward, term, _, info = env.step(np.argmax(m * rng.random(m.shape), axis=1))
        w = info["winner"]
        assert ((w != V.NOT_ENDED) == term).all()
        won = term & (w >= 0)
        assert (reward[won] == np.where(w[won] == seats[won], 1.0, -1.0)).all()
        assert (reward[~term] == 0).all()
        ended += int(term.sum())
    assert seen == {0, 1} and ended > 5


def test_make_vec_and_render():
    """Issue 39: ``gym.make_vec("brawl/Kniggits-v0", vectorization_mode="vector_entry_point")`` makes it;
    ``render_mode="ansi"`` gives a line per game."""
    import gymnasium as gym

    import brawl.rl  # noqa: F401

    env = gym.make_vec("brawl/Kniggits-v0", num_envs=3, vectorization_mode="vector_entry_point", table=24,
                       render_mode="ansi")
    assert isinstance(env.unwrapped, V.KniggitsVectorEnv)
    env.reset(seed=0)
    frames = env.render()
    assert len(frames) == 3 and all(f.startswith(f"game {g}: ") and "asks Red: army" in f for g, f in enumerate(frames))


def test_stale_compiled_vector_env_is_dropped(monkeypatch, tmp_path):
    """Issue 39 (a compiled cache kept, never stale): the vector environment's compiled files are
    dropped when a source compiled into its step changes (its own modules, the kernel's, the
    encoding's compiled helpers: Numba checks a function's own file only), and kept while none does;
    the kernel's own files are left to their guards."""
    monkeypatch.setattr(V._step_all._cache, "_cache_path", str(tmp_path))
    for name in ("vector._step_all-1.py311.nbi", "vector_view.judge-2.py311.nbc", "vector_game.play_on-3.py311.nbi",
                 "batch_game.play_game-4.py311.nbi"):
        (tmp_path / name).write_text("old")
    (tmp_path / "kniggits-vector.digest").write_text("a digest of other sources")
    V._drop_stale_cache()
    assert sorted(p.name for p in tmp_path.glob("*.nb?")) == ["batch_game.play_game-4.py311.nbi"]
    (tmp_path / "vector._step_all-5.py311.nbi").write_text("new")
    V._drop_stale_cache()
    assert (tmp_path / "vector._step_all-5.py311.nbi").exists()
