"""Test-run set-up shared by every test directory: how the parallel run (``pytest -n auto``, see
``scripts/test.sh``) hands tests to its workers.

Compiling one of KtOG's Numba kernels cold takes a minute or more of CPU, and a fresh clone has no
compiled cache.  The test files in :data:`KERNEL_GROUP` all compile those kernels (the batch
simulator, its tape form, the vectorised environment, the reports, the Ray workers), so one worker
runs them one after the other: each compiled form is built once and read from Numba's cache after,
instead of being built by two workers at the same time.  Every other test is handed out one by one
to whichever worker is free.

(The ``xdist_group`` mark would say the same per file, but pytest-xdist 3.8 cannot rename test ids
under pytest 9, so its ``loadgroup`` mode no longer groups; this scheduler groups by file.)"""

from __future__ import annotations

#: test files that compile KtOG's kernels, run by one worker in this order
KERNEL_GROUP = (
    "tests/games/ktog/test_batch_agrees.py",
    "tests/rl/test_rl_vector_ktog.py",
    "tests/test_analyze_ktog.py",
    "tests/test_batch_ktog.py",
    "tests/test_ray_backend.py",
)


def pytest_xdist_make_scheduler(config, log):
    """With ``--dist loadgroup``: the files of :data:`KERNEL_GROUP` as one unit of work, every other
    test a unit of its own."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class KernelGroupScheduling(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "ktog-kernel" if nodeid.split("::", 1)[0] in KERNEL_GROUP else nodeid

    return KernelGroupScheduling(config, log)
