#!/usr/bin/env bash
# Set-up on a fresh machine: a virtual environment in .venv with brawl and its test tools.
# Idempotent: a second run only checks what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

# The interpreter: $PYTHON when given; else the system's own Python 3 when it is 3.11 or newer
# and can make a virtual environment; else the python3 on the PATH.  Debian builds its Python
# with profile-guided and link-time optimisation and links it statically: brawl's rules, bots,
# environments and server run 25 to 35% faster on it than on a build without them (such as a
# version manager's default build; the README gives the figures).
usable() {
  [ -x "$1" ] && "$1" -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' 2>/dev/null
}
if [ -n "${PYTHON:-}" ]; then
  PY=$PYTHON
elif usable /usr/bin/python3; then
  PY=/usr/bin/python3
else
  PY=python3
fi
want=$("$PY" -c 'import os, sys; print(os.path.realpath(sys.executable))')
if [ -x .venv/bin/python ]; then
  have=$(.venv/bin/python -c 'import os, sys; print(os.path.realpath(sys._base_executable))' 2>/dev/null || true)
  if [ "$have" != "$want" ]; then
    echo "setup: .venv was made with ${have:-an interpreter that no longer runs}; making it again with $want"
    rm -rf .venv
  fi
fi
# The Debian packages the tests need (a browser, a database server), in the background while the
# Python packages install: each waits on the network and the disk, not on the other.
(
  bash scripts/install-debian.sh chromium /usr/bin/chromium
  bash scripts/install-debian.sh postgresql '/usr/lib/postgresql/*/bin/initdb'
) &
debian=$!
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
# uv installs the same pinned packages as pip, downloading and unpacking them in parallel (on a
# fresh machine about 10 s against pip's 60)
.venv/bin/python -m pip install --quiet uv==0.13.9
.venv/bin/uv pip install --quiet --python .venv/bin/python -e ".[test,rl,ray,postgres]"
# The installed packages and brawl's own modules compiled to bytecode once, on every core (about 15 s
# on two): where Python is told not to write it (PYTHONDONTWRITEBYTECODE), every process the tests
# start (the workers, the CLI, servers) would otherwise compile what it imports again.  (uv, unlike
# pip, leaves this to be asked for; a few packages carry files that are not Python 3, hence || true.)
.venv/bin/python -m compileall -q -j0 .venv/lib/python3*/site-packages brawl >/dev/null 2>&1 || true
wait "$debian"

