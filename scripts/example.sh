#!/bin/sh
# example.sh - synchronizes the bundled example kernel and prints the
# result and a one-line summary (hazards found, barriers placed).
#   scripts/example.sh [kernel.mlir] [--target=<chip>]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
kernel=${1:-"$root/examples/gemm.mlir"}
[ $# -gt 0 ] && shift
target=${1:---target=gfx942}

sh "$root/scripts/setup.sh" >/dev/null
if [ ! -x "$root/build/bin/amdsync-opt" ]; then
  sh "$root/scripts/build.sh" "$root/build" >/dev/null
fi
"$root/build/bin/amdsync-opt" "$target" --summary "$kernel"
