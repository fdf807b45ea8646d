#!/usr/bin/env bash
# Debian's chromium for the browser tests (Playwright drives /usr/bin/chromium; its own browser
# download is not used).  Does nothing when it is already there; as root it runs apt-get, otherwise
# it uses sudo when that exists; without either it says so and the browser tests are skipped.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: apt-get not found; install chromium at /usr/bin/chromium for the browser tests" >&2
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "setup: not root and no sudo; install chromium at /usr/bin/chromium for the browser tests" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y chromium >/dev/null 2>&1 || {
  $SUDO apt-get update -qq
  $SUDO apt-get install -y chromium >/dev/null
}
echo "setup: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
