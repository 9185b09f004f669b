#!/bin/sh
# hip-corpus.sh <file.hip> <chip> [expected-file] - the HIP kernels of one
# test/hip file under the checker and the execution oracle. clang-22
# compiles the file (-DHIP_LOCAL_FENCES, as test/llvm/hip-kernels.ll does) at
# each level of its `// LEVELS:` line (default O1 O3); for each kernel of an
# `// EXEC: <kernel> <amdsync-exec options>` line, the kernel alone (others
# internalized away) is judged by the checker, resynchronized by the barrier
# pass with existing=replace (then checked), and both the kernel as written
# and amdsync's output run on one workgroup, two schedules. One line each:
#   <file> <kernel> <chip> <level> checker=<clean|rejected> \
#     amdsync=<clean|refused> exec_hand=<verdict>/<barriers> \
#     exec_amdsync=<verdict>/<barriers>|-
# (barriers: those the workgroup executed). The oracle must say clean where
# the checker accepts, and the checker must reject what the oracle finds
# wrong; with an expected file, every line must be in it.
set -u
src=$1
chip=$2
expected=${3:-}
: "${AMDSYNC_BUILD:?set AMDSYNC_BUILD to the build directory}"
PATH="${LLVM_TOOLS:-/usr/lib/llvm-22/bin}:$PATH"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-hip.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
preload=""
if [ "${AMDSYNC_SANITIZE:-OFF}" = "ON" ]; then
  preload="env LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0"
fi
file=$(basename "$src" .hip)
plugin="--load-pass-plugin=$AMDSYNC_BUILD/lib/AmdSyncLLVM.so"
levels=$(sed -n 's|^// LEVELS: ||p' "$src")
[ -n "$levels" ] || levels="O1 O3"

# oracle <ll> <kernel> <options...>: <verdict>/<barriers>; a run it cannot
# finish (unsupported IR, step limit, usage error) fails the test.
oracle() {
  ll=$1 k=$2
  shift 2
  "$AMDSYNC_BUILD/bin/amdsync-exec" "$ll" --kernel="$k" --target="$chip" \
    --schedules=2 "$@" > "$tmp/exec.out" 2>&1
  rc=$?
  if [ $rc -gt 1 ]; then
    echo "hip-corpus: amdsync-exec exit $rc on $ll:" >&2
    cat "$tmp/exec.out" >&2
    exit 1
  fi
  sed -n "s/^amdsync-exec: $k: \([a-z,]*\) barriers=\([0-9-]*\) .*/\1\/\2/p" "$tmp/exec.out"
}

status=0
for level in $levels; do
  clang-22 -x hip --offload-arch="$chip" --offload-device-only -nogpulib \
    -nogpuinc -"$level" -emit-llvm -S -I"$(dirname "$src")" -DHIP_LOCAL_FENCES \
    "$src" -o "$tmp/all.ll" || exit 1
  sed -n 's|^// EXEC: ||p' "$src" > "$tmp/exec.txt"
  while read -r kernel opts; do
    opt -passes=internalize,globaldce -internalize-public-api-list="$kernel" \
      "$tmp/all.ll" -S -o "$tmp/hand.ll" || exit 1
    checker=clean
    $preload opt "$plugin" -passes="amdsync-verify<target=$chip>" "$tmp/hand.ll" \
      -disable-output 2> "$tmp/hand.err" || checker=rejected
    amdsync=clean
    $preload opt "$plugin" \
      -passes="amdsync-lds-barriers<target=$chip;existing=replace>,amdsync-verify<target=$chip>" \
      "$tmp/hand.ll" -S -o "$tmp/sync.ll" 2> "$tmp/sync.err" || amdsync=refused
    # shellcheck disable=SC2086
    ehand=$(oracle "$tmp/hand.ll" "$kernel" $opts) || exit 1
    esync=-
    if [ "$amdsync" = clean ]; then
      # shellcheck disable=SC2086
      esync=$(oracle "$tmp/sync.ll" "$kernel" $opts) || exit 1
    fi
    line="$file $kernel $chip $level checker=$checker amdsync=$amdsync exec_hand=$ehand exec_amdsync=$esync"
    echo "$line"
    bad=""
    if [ "$checker" = clean ] && [ "${ehand%%/*}" != clean ]; then
      bad="the checker accepts the kernel as written but the oracle says ${ehand%%/*}"
    elif [ "$amdsync" = clean ] && [ "${esync%%/*}" != clean ]; then
      bad="the checker accepts amdsync's output but the oracle says ${esync%%/*}"
    elif [ -n "$expected" ] && ! grep -qxF "$line" "$expected"; then
      bad="not as expected ($expected): $(grep "^$file $kernel $chip $level " "$expected")"
    fi
    if [ -n "$bad" ]; then
      echo "hip-corpus: $bad" >&2
      cat "$tmp/hand.err" "$tmp/sync.err" "$tmp/exec.out" >&2
      status=1
    fi
  done < "$tmp/exec.txt"
done
exit $status
