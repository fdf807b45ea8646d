"""Dice sources: seeded, committed (fair dice), replayed (DEVELOPERS.md: rules never roll)."""

import hashlib

import pytest

from brawl.core.dice import die
from brawl.core.sources import CommittedDice, ReplayDice, ReplayMismatch, SeededDice


def test_seeded_dice_repeat_for_the_same_seed():
    a, b = SeededDice(7), SeededDice(7)
    d20 = die(20)
    assert [a.roll(d20) for _ in range(50)] == [b.roll(d20) for _ in range(50)]
    assert [SeededDice(8).roll(d20) for _ in range(5)] != [SeededDice(7).roll(d20) for _ in range(5)]


def test_seeded_dice_are_roughly_uniform():
    src = SeededDice(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[src.roll(die(6)) - 1] += 1
    assert all(850 < c < 1150 for c in counts)


def test_committed_dice_recompute_from_the_revealed_seed():
    live = CommittedDice()
    rolls = [live.roll(die(20)) for _ in range(30)]
    assert live.commitment == hashlib.sha256(bytes.fromhex(live.seed_hex)).hexdigest()
    again = CommittedDice(live.seed_hex)
    assert [again.roll(die(20)) for _ in range(30)] == rolls


def test_replay_dice_refuse_impossible_or_missing_outcomes():
    src = ReplayDice([3, 9])
    assert src.roll(die(6)) == 3
    with pytest.raises(ReplayMismatch):
        src.roll(die(6))  # 9 is not a d6 face
    with pytest.raises(ReplayMismatch):
        src.roll(die(6))  # nothing left
