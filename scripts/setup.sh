#!/bin/sh
# setup.sh - installs what amdsync needs on a fresh Debian 12 machine:
# CMake, a C compiler, LLVM/MLIR 22 from the distribution, and rsvg-convert
# (librsvg2-bin: the tests render the pictures of test/picture). Idempotent:
# does nothing when everything is already installed.
set -eu

packages="cmake gcc g++ make pkgconf llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22 librsvg2-bin libxml2-utils"

missing=""
for p in $packages; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done

if [ -z "$missing" ]; then
  echo "setup: all packages present"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  sudo=""
elif command -v sudo >/dev/null 2>&1; then
  sudo="sudo"
else
  echo "setup: need root (or sudo) to install:$missing" >&2
  exit 1
fi

echo "setup: installing:$missing"
$sudo apt-get update -q
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing
