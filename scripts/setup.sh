#!/usr/bin/env bash
# Set-up on a fresh machine: a virtual environment in .venv with brawl and its test tools.
# Idempotent: a second run only checks what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[test,rl,ray,postgres]"
bash scripts/install-debian.sh chromium /usr/bin/chromium
bash scripts/install-debian.sh postgresql '/usr/lib/postgresql/*/bin/initdb'

