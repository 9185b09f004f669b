#!/bin/sh
# cross-check.sh <chip> <file.mlir> - checks an MLIR kernel twice, by two
# independent translations (brief §5): amdsync-verify on the MLIR as it is,
# and amdsync-verify of the opt plugin on the LLVM IR the upstream pipeline
# lowers it to (test/tools/lower-to-llvm.sh). Prints both verdicts; exits 0
# when they agree, 1 when they disagree, 2 when the file does not lower.
# Uses build/ (scripts/build.sh) and the LLVM 22 tools.
set -u
[ $# -eq 2 ] || { echo "usage: $0 <chip> <file.mlir>" >&2; exit 2; }
chip=$1
file=$2
root=$(cd "$(dirname "$0")/.." && pwd)
tools=${LLVM_TOOLS:-/usr/lib/llvm-22/bin}
build=${AMDSYNC_BUILD:-$root/build}
PATH="$tools:$PATH"
export PATH
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-xc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

if mlir-opt --load-pass-plugin="$build/lib/AmdSyncMLIR.so" \
  --pass-pipeline="builtin.module(amdsync-verify{target=$chip})" "$file" \
  -o /dev/null 2> "$tmp/mlir.err"; then
  mlir=clean
else
  mlir=rejected
fi
if ! sh "$root/test/tools/lower-to-llvm.sh" "$chip" < "$file" > "$tmp/k.ll" \
  2> "$tmp/lower.err"; then
  echo "cross-check: $file does not lower to LLVM IR for $chip:" >&2
  cat "$tmp/lower.err" >&2
  exit 2
fi
if opt --load-pass-plugin="$build/lib/AmdSyncLLVM.so" \
  -passes="amdsync-verify<target=$chip>" "$tmp/k.ll" -disable-output \
  2> "$tmp/llvm.err"; then
  llvm=clean
else
  llvm=rejected
fi
echo "MLIR checker: $mlir; LLVM IR checker: $llvm"
if [ "$mlir" != "$llvm" ]; then
  echo "cross-check: the checkers disagree on $file" >&2
  cat "$tmp/mlir.err" "$tmp/llvm.err" >&2
  exit 1
fi
exit 0
