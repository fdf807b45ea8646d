"""The test suite's quick compile (``BRAWL_QUICK_COMPILE``, set by ``tests/conftest.py``): a compiled
function that others call with constant arguments is compiled once, for the arguments' plain types
(``brawl.sim.kernel._plain_calls``).  The kernels' agreement tests check that the games are the
same; this checks the compile itself."""

from __future__ import annotations

import os

import numpy as np
import pytest
from numba import njit

import brawl.sim.kernel as K


def test_the_suite_compiles_quick():
    assert os.environ.get("BRAWL_QUICK_COMPILE") and K.INLINE == "never" and not K.PARALLEL


def brawls(fn):
    """``fn`` compiled as one of brawl's own functions (the quick compile's plain calls are theirs)."""
    fn.__module__ = "brawl.sim.quick_compile_test"
    return njit(fn)


def test_constants_passed_by_callers_compile_one_plain_form():
    @brawls
    def scale(x, k):
        return x * k

    @brawls
    def callers(x):
        return scale(x, 2) + scale(x, 3) + scale(x, 7)

    assert callers(5) == 60
    assert [str(s) for s in scale.signatures] == ["(int64, int64)"]


def test_numbas_own_implementations_keep_their_constants():
    """A typed dictionary keyed by tuples hashes them through Numba's own compiled functions, which
    need a constant (``hasattr(key, "__hash__")``) to be typed; others' functions are left as they
    are, so it still compiles."""
    from numba.typed import Dict

    @brawls
    def count(pairs):
        seen = Dict()
        for i in range(pairs.shape[0]):
            seen[(pairs[i, 0], pairs[i, 1])] = i
        return len(seen)

    assert count(np.array([[1, 2], [1, 2], [2, 1]])) == 2


def test_patched_once():
    from numba.core.dispatcher import Dispatcher

    before = Dispatcher.get_call_template
    K._plain_calls()
    assert Dispatcher.get_call_template is before


@pytest.fixture(autouse=True)
def _quick_only():
    if not os.environ.get("BRAWL_QUICK_COMPILE"):  # pragma: no cover - conftest sets it
        pytest.skip("the quick compile is the test suite's")
