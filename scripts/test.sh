#!/usr/bin/env bash
# The whole test suite, set-up included: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m pytest -n auto --dist loadgroup --durations=25 "$@"
