#!/usr/bin/env bash
# The whole test suite, set-up included: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Two test workers more than the cores: a worker waiting on a server, a browser or a subprocess leaves
# its core to the others (on two cores, with one worker more, the cores were still idle a sixth of
# the run; a fourth worker made a cold run 7% shorter: 652 s against 698 s).
workers=$(( $(nproc) + 2 ))
exec .venv/bin/python -m pytest -n "$workers" --dist loadgroup --durations=25 "$@"
