"""``brawl play`` and ``brawl sim`` refuse, before any game starts, what the game cannot play:
a computer seat at a real Kniggits table, and a scale the table's obstacles do not allow (issue 40,
points 6 and 7)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from brawl.cli import app
from brawl.games import make_game
from brawl.games.kniggits.spacing import largest_scale, smallest_table


def invoke(*args: str, stdin: str = ""):
    result = CliRunner().invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


@pytest.mark.parametrize("args", [
    ["sim", "kniggits", "--measure", "table", "--bots", "heuristic,heuristic", "--games", "2"],
    ["sim", "kniggits", "--measure", "table", "--bots", "random,random", "--games", "2", "--engine"],
    ["play", "kniggits", "--measure", "table", "--seat", "human", "--seat", "bot:heuristic"],
    ["play", "kniggits", "--measure", "table", "--seat", "bot:random", "--seat", "bot:random"],
])
def test_a_computer_seat_at_a_real_table_is_refused_at_the_start_with_the_reason(args):
    """Issue 40, point 6 (Kniggits rules page, ruling 40: every seat at a real table is a person):
    a bot seat is refused before the game starts (nothing is played, no options line), with the
    server's reason, never a crash mid-game."""
    code, out = invoke(*args)
    assert code == 2, out
    assert "every seat is a person" in out
    assert "options:" not in out and "Traceback" not in out and "ValueError" not in out


def test_a_real_table_in_the_terminal_seats_only_people_by_default():
    """Issue 40, point 6: with no --seat, every seat of a real table is a person (the terminal's
    default second seat is a bot elsewhere), so the game starts and waits for the players."""
    code, out = invoke("play", "kniggits", "--measure", "table", "--seed", "3")
    assert "Red: human" in out and "Blue: human" in out and "bot" not in out.split("Blue: human")[0]
    assert "every seat is a person" not in out
    assert "Game abandoned" in out and code == 1  # the empty input ends it at the first question


def test_scale_refusal_says_what_to_change_and_each_suggestion_works():
    """Issue 40, point 7 (Setup 1 with Equipment 2: obstacles 2 inches apart, times the scale):
    ``--scale 2`` on the default table and terrain is refused with a table, a scale and a terrain
    that would do, and each of them is accepted."""
    code, out = invoke("play", "kniggits", "--scale", "2")
    assert code == 2, out
    text = " ".join(out.split())
    assert "a table of 37 in or more (option table)" in text
    assert "a scale of 1.98 or less (option scale)" in text
    assert "the terrain open (option terrain)" in text
    make_game("kniggits", {"scale": 2, "table": 37})
    make_game("kniggits", {"scale": 1.98})
    make_game("kniggits", {"scale": 2, "terrain": "open"})
    with pytest.raises(Exception, match="obstacles"):
        make_game("kniggits", {"scale": 2, "table": 36})
    with pytest.raises(Exception, match="obstacles"):
        make_game("kniggits", {"scale": 1.99})


@pytest.mark.parametrize("terrain", ["village", "forest"])
def test_the_smallest_table_and_largest_scale_are_the_edges_of_what_is_accepted(terrain):
    """Issue 40, point 7: the table and scale the refusal suggests are the limits of what the rules
    accept (one inch less, one hundredth more, is refused)."""
    def fits(**o):
        try:
            make_game("kniggits", dict(terrain=terrain, **o))
            return True
        except Exception:
            return False

    for scale in (1.5, 2):
        side = smallest_table(terrain, scale)
        assert fits(scale=scale, table=side) and not fits(scale=scale, table=side - 1)
    most = largest_scale(36, terrain)
    assert fits(scale=most) and not fits(scale=round(most + 0.01, 2))


def test_the_scale_help_names_the_tables_it_needs():
    """Issue 40, point 7: the help of --scale (``brawl games kniggits``, the lobby) says that a
    larger scale needs a larger table, with the numbers the rules accept at scale 2."""
    code, out = invoke("games", "kniggits")
    assert code == 0
    text = " ".join(out.split())
    assert "a larger scale needs a larger table: at scale 2 a village needs 37 inches, a forest 69" in text
    assert smallest_table("village", 2) == 37 and smallest_table("forest", 2) == 69
    assert smallest_table("open", 2) == 12
