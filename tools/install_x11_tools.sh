#!/bin/sh
# Install the X11 tools the Xvfb UI test needs (Xvfb, xdotool, ImageMagick's
# `import`) with apt-get, only when some are missing.  Idempotent and quiet:
# prints nothing when everything is already there or the system is not Linux;
# exits non-zero only when an install was needed and failed (the test then
# skips with a clear message).
set -u

# Xvfb and xdotool are X11 tools for Linux: elsewhere (macOS, Windows) the test skips, nothing to install.
[ "$(uname -s 2>/dev/null)" = "Linux" ] || exit 0

missing=""
command -v Xvfb >/dev/null 2>&1 || missing="$missing xvfb"
command -v xdotool >/dev/null 2>&1 || missing="$missing xdotool"
command -v import >/dev/null 2>&1 || missing="$missing imagemagick"
[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install_x11_tools: apt-get not found; please install:$missing" >&2
    exit 1
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
        SUDO="sudo -n"
    else
        echo "install_x11_tools: need root (or passwordless sudo) to install:$missing" >&2
        exit 1
    fi
fi

export DEBIAN_FRONTEND=noninteractive
log="${TMPDIR:-/tmp}/install_x11_tools.$$.log"
# shellcheck disable=SC2086
if ! $SUDO apt-get install -y -qq --no-install-recommends $missing >"$log" 2>&1; then
    # The package lists may be missing or stale: refresh once and retry.
    $SUDO apt-get update -qq >>"$log" 2>&1
    # shellcheck disable=SC2086
    if ! $SUDO apt-get install -y -qq --no-install-recommends $missing >>"$log" 2>&1; then
        echo "install_x11_tools: apt-get install$missing failed (log: $log)" >&2
        exit 1
    fi
fi
rm -f "$log"
exit 0
