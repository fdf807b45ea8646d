#!/usr/bin/env bash
# A Debian package the tests need, installed only when what it provides is missing:
#     bash scripts/install-debian.sh PACKAGE 'PATH-GLOB'
# e.g. chromium for the browser tests (Playwright drives /usr/bin/chromium; its own browser
# download is not used) and postgresql for the database tests (they start a throwaway cluster of
# their own).  As root it runs apt-get, otherwise sudo when that exists; without either it says so
# and the tests that need the package are skipped.
set -euo pipefail
package=$1
provides=$2
if compgen -G "$provides" >/dev/null; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: apt-get not found; install $package ($provides) for the tests that need it" >&2
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "setup: not root and no sudo; install $package ($provides) for the tests that need it" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -qq "$package" >/dev/null 2>&1 || {
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "$package" >/dev/null
}
echo "setup: installed $package"
