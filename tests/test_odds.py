"""Exact odds of single actions, checked against icepool as an independent oracle."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

icepool = pytest.importorskip("icepool")

from brawl.games.krig.odds import krig_attack
from brawl.games.ktog.odds import ktog_attack  # noqa: E402

BRAWL = [sys.executable, "-c", "from brawl.cli import main; main()"]


def dist(die) -> dict:
    return {k: Fraction(p) for k, p in zip(die.outcomes(), die.probabilities()) if p}


def nonzero(d: dict) -> dict:
    return {k: v for k, v in d.items() if v}


@pytest.mark.parametrize("defense", [0, 3, 5, 8])
def test_krig_attack_without_parry(defense):
    """Rules page, Krig, Attack: d10 = 1 misses, 10 goes past the defense, otherwise the defense soaks first."""
    def loss(a, b):
        return 0 if a == 1 else b if a == 10 else max(0, b - defense)

    def left(a, b):
        return defense if a in (1, 10) else max(0, defense - b)

    got = krig_attack(defense)
    assert nonzero(got["hp_damage"]) == dist(icepool.map(loss, icepool.d10, icepool.d6))
    assert nonzero(got["defense_after"]) == dist(icepool.map(left, icepool.d10, icepool.d6))
    assert sum(got["hp_damage"].values()) == 1 and got["parried"] == 0


@pytest.mark.parametrize("defense", [0, 5])
def test_krig_attack_with_parry(defense):
    """Rules page, Krig, Parry: d4 >= d6 parries; a failed parry takes the blow and the attacker goes again;
    criticals cannot be parried."""
    def loss(a, b, r):
        if a == 1:
            return 0
        if a == 10:
            return b
        return 0 if r >= b else max(0, b - defense)

    def again(a, b, r):
        return int(1 < a < 10 and r < b)

    got = krig_attack(defense, parry=True)
    assert nonzero(got["hp_damage"]) == dist(icepool.map(loss, icepool.d10, icepool.d6, icepool.d4))
    assert got["attacker_again"] == dist(icepool.map(again, icepool.d10, icepool.d6, icepool.d4))[1]
    assert got["parried"] + got["attacker_again"] + got["miss"] + got["critical"] == 1


def test_krig_charge_attack():
    """Rules page, Krig, Charge attack: d6 + d8 damage, 10 critical past the defense, never parried."""
    def loss(a, b, c):
        return 0 if a == 1 else b + c if a == 10 else max(0, b + c - 5)

    got = krig_attack(5, charge=True)
    assert nonzero(got["hp_damage"]) == dist(icepool.map(loss, icepool.d10, icepool.d6, icepool.d8))
    with pytest.raises(Exception):
        krig_attack(5, parry=True, charge=True)


@pytest.mark.parametrize("mighty", [False, True])
@pytest.mark.parametrize("bless,disarmed,bare", [(True, True, False), (False, False, False), (True, False, True)])
def test_ktog_attack(mighty, bless, disarmed, bare):
    """Rules page, KtOG, Attack and After a hit: natural 20 critical (2d6), natural 1 critical miss;
    threshold to_hit -2 Bless, -2 disarmed target, +1 bare-handed; bare-handed -2 (not below 0);
    Mighty Blow doubles."""
    threshold = 14 - 2 * bless - 2 * disarmed + bare

    def dmg(roll, d, dd):
        if roll == 1 or (roll < 20 and roll < threshold):
            return 0
        base = dd if roll == 20 else d
        base = max(0, base - 2) if bare else base
        return 2 * base if mighty else base

    def hits(roll):
        return int(roll == 20 or (roll != 1 and roll >= threshold))

    got = ktog_attack(14, bless, disarmed, bare, mighty)
    assert got["hit"] == dist(icepool.d20.map(hits))[1]
    assert nonzero(got["damage"]) == dist(icepool.map(dmg, icepool.d20, icepool.d6, 2 @ icepool.d6))
    assert got["critical"] == Fraction(1, 20) and got["critical_miss"] == Fraction(1, 20)


def test_ktog_bless_against_disarmed_target_doubles_with_mighty_blow():
    """The issue's example: Bless against a disarmed target hits 11 in 20; Mighty Blow doubles the mean."""
    plain, mighty = ktog_attack(bless=True, target_disarmed=True), ktog_attack(bless=True, target_disarmed=True, mighty_blow=True)
    assert plain["hit"] == Fraction(11, 20)
    assert mighty["mean_damage"] == 2 * plain["mean_damage"]


def test_cli_odds():
    out = subprocess.run([*BRAWL, "odds", "ktog", "--bless", "--disarmed", "--json"], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert [c["mighty_blow"] for c in data["cases"]] == [False, True]
    assert data["cases"][0]["hit_exact"] == "11/20"
    out = subprocess.run([*BRAWL, "odds", "krig", "--defense", "5", "--json"], capture_output=True, text=True, check=True)
    assert [c["parry"] for c in json.loads(out.stdout)["cases"]] == [False, True]
    for bad in (["odds", "krig", "--defense", "9"], ["odds", "krig", "--bless"], ["odds", "rps"], ["odds", "ktog", "--to-hit", "40"]):
        res = subprocess.run([*BRAWL, *bad], capture_output=True, text=True)
        assert res.returncode == 2 and "error" in res.stderr, bad
