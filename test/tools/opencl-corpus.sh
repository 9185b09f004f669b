#!/bin/sh
# opencl-corpus.sh <kernel.cl> <chip> [expected-file] - one corpus kernel
# through the LLVM IR side: clang-22 compiles it (the kernel alone: clang's
# non-kernel copy is internalized away, TOOLCHAIN-FACTS.md); the checker
# judges the hand-written barriers; the barrier pass with existing=replace
# removes them and places its own, the checker judges that, and llc
# compiles both. The execution oracle (amdsync-exec, one workgroup, two
# schedules, the options in exec.txt next to the kernel) runs the
# hand-written kernel, amdsync's output, and the hand-written kernel
# without its first s_barrier (which the checker judges too). Prints one line:
#   <kernel> <chip> hand=<clean|rejected> amdsync=<clean|refused> \
#     hand_barriers=<n> amdsync_barriers=<n> \
#     exec_hand=<verdict>/<n> exec_amdsync=<verdict>/<n>|- \
#     nobar1=<clean|rejected> exec_nobar1=<verdict>/<n>
# (barriers: s_barrier, or s_barrier_wait on split targets, in the ISA;
# after an oracle verdict, the barriers executed by the workgroup). The
# oracle must say clean wherever the checker accepts; with an expected
# file, the line must be in it.
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

# The hand-written kernel without its first barrier call (its fences stay:
# they order nothing across lanes without it).
awk '!gone && /call void @llvm\.amdgcn\.s\.barrier\(\)/ { gone = 1; next } { print }' \
  "$tmp/hand.ll" > "$tmp/nobar.ll"
nobar=clean
$preload opt "$plugin" -passes="amdsync-verify<target=$chip>" "$tmp/nobar.ll" \
  -disable-output 2> /dev/null || nobar=rejected

# The oracle: <verdict>/<barriers executed>; a run it cannot finish
# (unsupported IR, step limit, usage error) fails the test.
table="$(dirname "$src")/exec.txt"
eopts=$(awk -v k="$name" '$1 == k { $1 = ""; print; exit }' "$table" 2>/dev/null)
oracle() {
  "$AMDSYNC_BUILD/bin/amdsync-exec" "$1" --kernel="$name" --target="$chip" \
    --schedules=2 $eopts > "$tmp/exec.out" 2>&1
  rc=$?
  if [ $rc -gt 1 ]; then
    echo "opencl-corpus: amdsync-exec exit $rc on $2:" >&2
    cat "$tmp/exec.out" >&2
    exit 1
  fi
  sed -n "s/^amdsync-exec: $name: \([a-z,]*\) barriers=\([0-9-]*\) .*/\1\/\2/p" "$tmp/exec.out"
}
ehand=$(oracle "$tmp/hand.ll" hand) || exit 1
esync=-
if [ "$amdsync" = clean ]; then
  esync=$(oracle "$tmp/sync.ll" amdsync) || exit 1
fi
enobar=$(oracle "$tmp/nobar.ll" nobar1) || exit 1

line="$name $chip hand=$hand amdsync=$amdsync hand_barriers=$nhand amdsync_barriers=$nsync exec_hand=$ehand exec_amdsync=$esync nobar1=$nobar exec_nobar1=$enobar"
echo "$line"
# Where the checker accepts, the oracle must find nothing (the converse is
# not required: the checker may reject correct index-disjoint code).
status=0
for pair in "$hand ${ehand%%/*} hand" "$amdsync ${esync%%/*} amdsync" "$nobar ${enobar%%/*} nobar1"; do
  set -- $pair
  if [ "$1" = clean ] && [ "$2" != clean ]; then
    echo "opencl-corpus: the checker accepts $3 but the oracle says $2" >&2
    status=1
  fi
done
if [ -n "$expected" ] && ! grep -qxF "$line" "$expected"; then
  echo "opencl-corpus: not as expected ($expected):" >&2
  grep "^$name $chip " "$expected" >&2
  cat "$tmp/hand.err" "$tmp/sync.err" >&2
  status=1
fi
[ $status -eq 0 ] || cat "$tmp/exec.out" >&2
exit $status
