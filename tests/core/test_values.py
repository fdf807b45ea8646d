"""``brawl.core.values.replace``: the rules' copy of a state with a few fields changed is the same
value :func:`dataclasses.replace` makes, only quicker (design: states are values)."""

from __future__ import annotations

import dataclasses
import doctest

import pytest

from brawl.core import values
from brawl.core.values import replace
from brawl.games import make_game


@pytest.mark.parametrize("game", ["krig", "ktog", "rps", "kniggits"])
def test_the_copy_is_the_value_dataclasses_make(game):
    state = make_game(game).initial_state()
    field = next(f for f in dataclasses.fields(state) if f.init)
    for changes in ({}, {field.name: getattr(state, field.name)}):
        fast, slow = replace(state, **changes), dataclasses.replace(state, **changes)
        assert fast == slow and hash(fast) == hash(slow) and type(fast) is type(slow)
        assert fast is not state


def test_a_changed_field_and_nothing_else():
    from brawl.games.kniggits.model import Kniggit

    k = Kniggit("A1", 0, 1.0, 2.0, 3, 3, 3)
    moved = replace(k, x=5.0, moved=True)
    assert (moved.x, moved.moved, k.x, k.moved) == (5.0, True, 1.0, False)
    assert moved == dataclasses.replace(k, x=5.0, moved=True)
    with pytest.raises(TypeError, match="no field 'speed'"):
        replace(k, speed=3)


def test_a_class_that_checks_itself_is_built_again():
    @dataclasses.dataclass(frozen=True)
    class Checked:
        hp: int

        def __post_init__(self):
            if self.hp < 0:
                raise ValueError("hit points are not negative")

    with pytest.raises(ValueError):
        replace(Checked(3), hp=-1)


def test_the_module_docstring_example_runs():
    assert doctest.testmod(values).failed == 0


def test_only_fields_are_copied():
    """A memo kept on a state beside its fields belongs to that state: the copy starts without it."""
    from brawl.games.kniggits.model import Kniggit

    k = Kniggit("A1", 0, 1.0, 2.0, 3, 3, 3)
    object.__setattr__(k, "_memo", {"engaged": ["B1"]})
    moved = replace(k, x=9.0)
    assert not hasattr(moved, "_memo") and moved == dataclasses.replace(k, x=9.0)
