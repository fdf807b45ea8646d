#!/usr/bin/env bash
# The main job, set-up included: bash scripts/serve.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/brawl serve "$@"
