#!/usr/bin/env bash
# The whole test suite, set-up included: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Python writes each module's bytecode at its first import (the installed packages carry none: see
# scripts/setup.sh) and pytest its rewritten test modules, for every later process of the run to read:
# where the environment says not to (PYTHONDONTWRITEBYTECODE), each worker, server and command the
# tests start would compile the same modules again.
unset PYTHONDONTWRITEBYTECODE
# One test worker more than the cores: a worker waiting on a server, a browser or a subprocess leaves
# its core to the others (on two cores, a fifth of each worker's time was such waiting).
workers=$(( $(nproc) + 1 ))
exec .venv/bin/python -m pytest -n "$workers" --dist loadgroup --durations=25 "$@"
