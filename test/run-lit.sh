#!/bin/sh
# run-lit.sh - runs the RUN lines of one FileCheck test file (no lit, no Python).
#
#   sh test/run-lit.sh <test-file>
#
# A RUN line is `// RUN: <command>` (`; RUN:` in .ll files); a trailing `\`
# continues it on the next RUN line. Substitutions:
#   %s                the test file         %t   a scratch path for this test
#   %amdsync-opt      build/bin/amdsync-opt
#   %amdsync-exec     build/bin/amdsync-exec (the execution oracle)
#   %mlir-opt-amdsync mlir-opt-22 with build/lib/AmdSyncMLIR.so loaded
#   %opt-amdsync      opt-22 with build/lib/AmdSyncLLVM.so loaded
#   %clang-amdsync    clang-22 -fpass-plugin=build/lib/AmdSyncLLVM.so
#   %unwrap-gpu-module  strips gpu.module wrappers so mlir-translate sees kernels
#   %lower-to-isa <chip> lowers MLIR on stdin to ISA (test/tools/lower-to-isa.sh)
#   %lower-to-llvm <chip> lowers MLIR on stdin to LLVM IR (lower-to-llvm.sh)
#   %amdsync-irdl     dialect/amdsync.irdl.mlir, for mlir-opt --irdl-file
#   %S                the test file's directory
# Tools (mlir-opt, mlir-translate, llc, FileCheck, not) come from $LLVM_TOOLS.
# Each command runs under `bash -o pipefail`, so a failure anywhere in a
# pipeline fails the test. `REQUIRES: <tool>` lines are not supported: every
# test runs everywhere.
set -eu

test_file=$1
: "${AMDSYNC_BUILD:?set AMDSYNC_BUILD to the build directory}"
: "${LLVM_TOOLS:=/usr/lib/llvm-22/bin}"
here=$(cd "$(dirname "$0")" && pwd)
test_dir=$(cd "$(dirname "$test_file")" && pwd)

scratch=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-lit.XXXXXX")
trap 'rm -rf "$scratch"' EXIT INT TERM

plugin="$AMDSYNC_BUILD/lib/AmdSyncMLIR.so"
llvm_plugin="$AMDSYNC_BUILD/lib/AmdSyncLLVM.so"
mlir_opt="$LLVM_TOOLS/mlir-opt"
opt="$LLVM_TOOLS/opt"
clang=clang-22
if [ "${AMDSYNC_SANITIZE:-OFF}" = "ON" ]; then
  # An instrumented plugin needs the ASan runtime first in the uninstrumented
  # mlir-opt and opt (TOOLCHAIN-FACTS.md); leaks inside them are not ours.
  asan=$(gcc -print-file-name=libasan.so)
  mlir_opt="env LD_PRELOAD=$asan ASAN_OPTIONS=detect_leaks=0 $mlir_opt"
  opt="env LD_PRELOAD=$asan ASAN_OPTIONS=detect_leaks=0 $opt"
  clang="env LD_PRELOAD=$asan ASAN_OPTIONS=detect_leaks=0 $clang"
fi

# Collect RUN commands, joining continuation lines.
runs="$scratch/runs"
: > "$runs"
pending=""
sed -n 's/^[[:space:]]*\(\/\/\|;\)[[:space:]]*RUN:[[:space:]]\{0,1\}//p' "$test_file" |
while IFS= read -r line; do
  case $line in
    *\\) pending="$pending${line%\\} " ;;
    *) printf '%s\n' "$pending$line" >> "$runs"; pending="" ;;
  esac
done

if [ ! -s "$runs" ]; then
  echo "run-lit: no RUN lines in $test_file" >&2
  exit 1
fi

n=0
while IFS= read -r cmd; do
  n=$((n + 1))
  cmd=$(printf '%s' "$cmd" | sed \
    -e "s#%mlir-opt-amdsync#$mlir_opt --load-pass-plugin=$plugin#g" \
    -e "s#%opt-amdsync#$opt --load-pass-plugin=$llvm_plugin#g" \
    -e "s#%clang-amdsync#$clang -fpass-plugin=$llvm_plugin#g" \
    -e "s#%amdsync-opt#$AMDSYNC_BUILD/bin/amdsync-opt#g" \
    -e "s#%amdsync-exec#$AMDSYNC_BUILD/bin/amdsync-exec#g" \
    -e "s#%unwrap-gpu-module#sh $here/tools/unwrap-gpu-module.sh#g" \
    -e "s#%lower-to-isa#sh $here/tools/lower-to-isa.sh#g" \
    -e "s#%lower-to-llvm#sh $here/tools/lower-to-llvm.sh#g" \
    -e "s#%amdsync-irdl#$here/../dialect/amdsync.irdl.mlir#g" \
    -e "s#%S#$test_dir#g" \
    -e "s#%s#$test_file#g" \
    -e "s#%t#$scratch/t#g")
  echo "RUN[$n]: $cmd"
  if ! PATH="$LLVM_TOOLS:$PATH" bash -o pipefail -c "$cmd"; then
    echo "run-lit: FAILED at RUN line $n of $test_file" >&2
    exit 1
  fi
done < "$runs"
echo "run-lit: $n RUN line(s) passed: $test_file"
