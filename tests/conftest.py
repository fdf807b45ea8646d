"""Test-run set-up shared by every test directory: how the parallel run (``pytest -n``, two workers
more than the cores: see ``scripts/test.sh``) hands tests to its workers.

Compiling one of KtOG's Numba kernels cold takes a minute or more of CPU, and a fresh clone has no
compiled cache.  The suite compiles them quicker (``BRAWL_QUICK_COMPILE``: the same code, without
inlining; a function called with constants compiled once for their plain types,
``brawl.sim.kernel._plain_calls``; a loop over games on one thread, ``PARALLEL``), in a Numba cache of
its own (``.numba-test-cache``).  The test files in :data:`KERNEL_GROUPS` compile those kernels (the batch
simulator, its tape form, the vectorised environment, the reports, the Ray workers); the files that
build the same compiled form run on one worker one after the other, so each form is built once and
read from Numba's cache after, instead of by two workers at the same time.  ``tests/test_solve_ktog.py`` runs on
one worker too, for another reason: its tests read the same few solved duels, which they keep in a solve cache
(:func:`ktog_solver_duels`), so each is solved once rather than once per worker; the compiled games' tests of
the solved duels (``tests/games/ktog/test_batch_agrees.py``, the only file that builds the tape form) run
with them, after them (:func:`pytest_collection_modifyitems`), and read the same duels.  Every other test
is handed out one by one to whichever worker is free.

The compiled kernels that run in parallel (Numba's OpenMP threads) let their idle threads sleep rather than
spin (``OMP_WAIT_POLICY=passive``): with every core busy with a test worker, a spinning thread only takes
time from the other worker.

(The ``xdist_group`` mark would say the same per file, but pytest-xdist 3.8 cannot rename test ids
under pytest 9, so its ``loadgroup`` mode no longer groups; this scheduler groups by file.)"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import httpx
import pytest

# Before anything imports Numba: the large kernels compiled without inlining (the same code, a few
# times quicker to compile cold; brawl.sim.kernel.INLINE), cached apart from the fast build that
# `brawl sim` and the benchmarks use.  Subprocesses and Ray workers inherit both.
os.environ.setdefault("BRAWL_QUICK_COMPILE", "1")
os.environ.setdefault("NUMBA_CACHE_DIR", str(Path(__file__).resolve().parent.parent / ".numba-test-cache"))
# The solved tables and kept fight equilibria (brawl.solve.cache) of the tests' games, beside the
# repository rather than in the user's cache: a test run does not write there (workers share it,
# as they share Numba's, and the groups below that need one of their own still set theirs).
os.environ.setdefault("BRAWL_CACHE", str(Path(__file__).resolve().parent.parent / ".brawl-test-cache"))
# LLVM's lighter optimisation for the test builds: a fifth less CPU to compile a kernel cold (the
# Kniggits kernel's tape form: 99 s at Numba's default level 3, 78 s at 1), and the same results
# (optimisation changes no integer arithmetic, and the kernels' floating point is strict either way)
os.environ.setdefault("NUMBA_OPT", "1")
# Before Numba loads its OpenMP threading layer: idle threads wait without spinning (see above).
os.environ.setdefault("OMP_WAIT_POLICY", "passive")


def _patient(call):
    """httpx's one-call functions with a minute's read timeout unless a test names one: a test waits
    for a server's answer, not for 5 s (httpx's default), which a loaded machine can pass while a
    server process compiles or starts (a scale-out test failed so, at a load of 12)."""
    @functools.wraps(call)
    def patient(*args, **kwargs):
        kwargs.setdefault("timeout", 60.0)
        return call(*args, **kwargs)
    return patient


for _name in ("request", "get", "post", "put", "patch", "delete", "head", "options", "stream"):
    setattr(httpx, _name, _patient(getattr(httpx, _name)))

#: test files that compile KtOG's kernels, by the compiled forms they build: the files of one group
#: run on one worker in turn (the vectorised step; the batch simulator's fast form, which the reports
#: and the Ray workers then read from the cache); and the solver's tests with the tape form's, which
#: share their solved duels (:func:`ktog_solver_duels`)
KERNEL_GROUPS = {
    "tests/games/ktog/test_batch_agrees.py": "ktog-solve",  # the tape form; the solver's duels
    "tests/rl/test_rl_vector_ktog.py": "ktog-vector",
    "tests/test_analyze_ktog.py": "ktog-batch",
    "tests/test_batch_ktog.py": "ktog-batch",
    "tests/test_ray_backend.py": "ktog-batch",
    "tests/test_solve_ktog.py": "ktog-solve",  # not a compiled form: the solved duels its tests share
    "tests/review/test_review_ktog.py": "ktog-solve",  # solves a small duel (the duel's compiled tables)
    "tests/review/test_review_progress.py": "ktog-solve",  # solves a one-hit-point duel for a review
    "tests/games/ktog/test_solver_precision.py": "ktog-solve",  # solves and saves a one-hit-point duel
    "tests/games/tactics/test_batch_agrees.py": "tactics-batch",  # the Tactics kernel's tape form
    "tests/games/tactics/test_batch_sim.py": "tactics-batch",  # its fast form, the same compiled rules
    "tests/games/tactics/test_batch_playout.py": "tactics-batch",  # playouts from any state: the same rules
    "tests/rl/test_rl_vector_tactics.py": "tactics-batch",  # the vector environment: the same rules, both forms
    "tests/games/tactics/test_search_bot.py": "tactics-batch",  # the search bot's playouts run on the kernel
    "tests/games/kniggits/test_batch_agrees.py": "kniggits-batch",  # Kniggits' kernel: the tape form
    "tests/games/kniggits/test_batch_sim.py": "kniggits-batch",  # and the fast form (brawl sim)
    "tests/games/kniggits/test_batch_armies.py": "kniggits-batch",  # the tape form with armies given
    "tests/games/kniggits/test_batch_playout.py": "kniggits-batch",  # playouts from any state: the same rules
    "tests/rl/test_rl_vector_kniggits.py": "kniggits-batch",  # the vector environment: the same rules
    "tests/games/kniggits/test_search_bot.py": "kniggits-batch",  # the search bot's playouts run on the kernel
    "tests/games/kniggits/test_search_standoff.py": "kniggits-batch",  # the search bot again
    "tests/review/test_review_kniggits.py": "kniggits-batch",  # the review's playouts run on the kernel
    "tests/test_analyze_kniggits.py": "kniggits-batch",  # the report's runs of kernel bots (the fast form)
    "tests/test_analyze_tactics.py": "tactics-batch",  # the same for Tactics
}


@pytest.fixture(scope="session")
def ktog_batch_solves(tmp_path_factory):
    """A solve cache (``BRAWL_CACHE``) that the files of the ``ktog-batch`` group share: they run on one
    worker, so the duel the KtOG report solves (hit points 2) is read, not solved again, by the batch
    simulator's test of the solved duel.  A solution read from the cache is the one solved."""
    return tmp_path_factory.mktemp("ktog-batch-solves")


@pytest.fixture(scope="session")
def ktog_solver_duels(tmp_path_factory):
    """A solve cache (``BRAWL_CACHE``) that the solver's tests (``tests/test_solve_ktog.py``) fill and
    the compiled games' tests of the solved duels (``tests/games/ktog/test_batch_agrees.py``) then
    read: the two run on one worker, the solver's first.  The solver's tests compare values to 1e-9
    (a saved solution reads back in float64, bit for bit); the compiled games read a saved solution
    as the bots do."""
    return tmp_path_factory.mktemp("ktog-solver-duels")


def pytest_collection_modifyitems(session, config, items):
    """The solver's tests (``tests/test_solve_ktog.py``) just before the compiled games' tests of the
    solved duels (``tests/games/ktog/test_batch_agrees.py``), so that these read the duels the solver's
    tests solved (:func:`ktog_solver_duels`), each solved once."""
    solver = [item for item in items if item.nodeid.startswith("tests/test_solve_ktog.py::")]
    rest = [item for item in items if not item.nodeid.startswith("tests/test_solve_ktog.py::")]
    at = next((k for k, item in enumerate(rest) if item.nodeid.startswith("tests/games/ktog/test_batch_agrees.py::")),
              None)
    if solver and at is not None:
        items[:] = rest[:at] + solver + rest[at:]


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: unknown, and unused, under -p no:xdist
def pytest_xdist_make_scheduler(config, log):
    """With ``--dist loadgroup``: each group of :data:`KERNEL_GROUPS` one unit of work, every other
    test a unit of its own (the groups, having the most tests, are handed out first)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class KernelGroupScheduling(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return KERNEL_GROUPS.get(nodeid.split("::", 1)[0], nodeid)

    return KernelGroupScheduling(config, log)


@pytest.fixture(autouse=True)
def _close_pages(request):
    """After each browser test, the pages it opened are closed (their contexts): a page left open
    keeps its clocks ticking and its socket open, which costs CPU until the module's browser goes."""
    yield
    browser = request.node.funcargs.get("browser")
    for context in list(getattr(browser, "contexts", ())):
        try:
            context.close()
        except Exception:  # noqa: BLE001 - the browser went with its test (a test may close it)
            pass
