#!/usr/bin/env bash
# Debian's PostgreSQL server for the database tests (tests/server/test_postgres.py starts a
# throwaway cluster of its own; the package's default cluster is not used).  Does nothing when the
# server binaries are already there; as root it runs apt-get, otherwise it uses sudo when that
# exists; without either it says so and the PostgreSQL tests are skipped.
set -euo pipefail
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: apt-get not found; install PostgreSQL (initdb under /usr/lib/postgresql/*/bin) for the database tests" >&2
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "setup: not root and no sudo; install PostgreSQL for the database tests" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -qq postgresql >/dev/null 2>&1 || {
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq postgresql >/dev/null
}
echo "setup: installed PostgreSQL $(ls /usr/lib/postgresql | sort -V | tail -1)"
