#!/bin/sh
# opencl-corpus.sh <kernel.cl> <chip> [expected-file] - one corpus kernel
# through the LLVM IR side: clang-22 compiles it (the kernel alone: clang's
# non-kernel copy is internalized away, TOOLCHAIN-FACTS.md); the checker
# judges the hand-written barriers; the barrier pass with existing=replace
# removes them and places its own, the checker judges that, and llc
# compiles both. Prints one line:
#   <kernel> <chip> hand=<clean|rejected> amdsync=<clean|refused> \
#     hand_barriers=<n> amdsync_barriers=<n>
# (barriers: s_barrier, or s_barrier_wait on split targets, in the ISA).
# With an expected file, the line must be in it.
set -u
src=$1
chip=$2
expected=${3:-}
: "${AMDSYNC_BUILD:?set AMDSYNC_BUILD to the build directory}"
PATH="${LLVM_TOOLS:-/usr/lib/llvm-22/bin}:$PATH"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-cl.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
preload=""
if [ "${AMDSYNC_SANITIZE:-OFF}" = "ON" ]; then
  preload="env LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0"
fi
name=$(basename "$src" .cl)
plugin="--load-pass-plugin=$AMDSYNC_BUILD/lib/AmdSyncLLVM.so"

clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$chip" \
  -nogpulib -O1 -emit-llvm -S -I"$(dirname "$src")" "$src" -o "$tmp/cl.ll" || exit 1
opt -passes=internalize,globaldce -internalize-public-api-list="$name" \
  "$tmp/cl.ll" -S -o "$tmp/hand.ll" || exit 1

hand=clean
$preload opt "$plugin" -passes="amdsync-verify<target=$chip>" "$tmp/hand.ll" \
  -disable-output 2> "$tmp/hand.err" || hand=rejected
amdsync=clean
$preload opt "$plugin" \
  -passes="amdsync-lds-barriers<target=$chip;existing=replace>,amdsync-verify<target=$chip>" \
  "$tmp/hand.ll" -S -o "$tmp/sync.ll" 2> "$tmp/sync.err" || amdsync=refused

pattern='^[[:space:]]+s_barrier(_wait -1)?$'
llc -march=amdgcn -mcpu="$chip" "$tmp/hand.ll" -o "$tmp/hand.s" || exit 1
nhand=$(grep -cE "$pattern" "$tmp/hand.s")
nsync=-
if [ "$amdsync" = clean ]; then
  llc -march=amdgcn -mcpu="$chip" "$tmp/sync.ll" -o "$tmp/sync.s" || exit 1
  nsync=$(grep -cE "$pattern" "$tmp/sync.s")
fi
line="$name $chip hand=$hand amdsync=$amdsync hand_barriers=$nhand amdsync_barriers=$nsync"
echo "$line"
if [ -n "$expected" ] && ! grep -qxF "$line" "$expected"; then
  echo "opencl-corpus: not as expected ($expected):" >&2
  grep "^$name $chip " "$expected" >&2
  cat "$tmp/hand.err" "$tmp/sync.err" >&2
  exit 1
fi
exit 0
