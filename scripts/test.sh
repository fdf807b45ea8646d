#!/usr/bin/env bash
# The whole test suite, set-up included: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# One test worker more than the cores: a worker waiting on a server, a browser or a subprocess leaves
# its core to the others (on two cores, a fifth of each worker's time was such waiting).
workers=$(( $(nproc) + 1 ))
exec .venv/bin/python -m pytest -n "$workers" --dist loadgroup --durations=25 "$@"
