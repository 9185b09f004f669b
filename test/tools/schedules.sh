#!/bin/sh
# schedules.sh <mode> [runs] - the passes give byte-identical results under
# every schedule docs/usage.md allows, with MLIR's threaded pass manager and
# without. The input is test/tools/gen-helper-calls.sh's 128 functions in 8
# gpu.modules (kernels calling racy helpers; in mode `mixed` some under a
# divergent branch, which must be an error once the helper holds its
# barrier; in mode `uniform` none, so the synchronized IR is printed). Each
# schedule runs once single-threaded and `runs` times (default 20) threaded;
# stdout, stderr and the exit status of every run must equal the first
# schedule's single-threaded run. Needs AMDSYNC_BUILD and LLVM_TOOLS like
# run-lit.sh.
set -eu
mode=${1:?usage: schedules.sh mixed|uniform [runs]}
runs=${2:-20}
: "${AMDSYNC_BUILD:?set AMDSYNC_BUILD to the build directory}"
: "${LLVM_TOOLS:=/usr/lib/llvm-22/bin}"
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-sched.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

mlir_opt="$LLVM_TOOLS/mlir-opt"
if [ "${AMDSYNC_SANITIZE:-OFF}" = "ON" ]; then
  asan=$(gcc -print-file-name=libasan.so)
  mlir_opt="env LD_PRELOAD=$asan ASAN_OPTIONS=detect_leaks=0 $mlir_opt"
fi
plugin="$AMDSYNC_BUILD/lib/AmdSyncMLIR.so"
input="$tmp/input.mlir"
sh "$here/gen-helper-calls.sh" 8 "$mode" > "$input"

# The allowed schedules (docs/usage.md, "Schedules"): on the builtin.module,
# on each gpu.module (in parallel when threaded), through `any` resolving to
# modules, the `amdsync` pipeline on either, and mixtures.
schedules="builtin.module(amdsync-lds-barriers,amdsync-verify)
builtin.module(gpu.module(amdsync-lds-barriers,amdsync-verify))
builtin.module(gpu.module(amdsync-lds-barriers),amdsync-verify)
builtin.module(amdsync-lds-barriers,gpu.module(amdsync-verify))
builtin.module(any(amdsync-lds-barriers,amdsync-verify))
any(amdsync-lds-barriers,amdsync-verify)
builtin.module(amdsync)
builtin.module(gpu.module(amdsync))
builtin.module(gpu.module(amdsync-lds-barriers,amdsync-waitcnt),gpu.module(amdsync-verify))"

# run <schedule> <threading: true|false> <out-prefix>: one result file.
run() {
  set +e
  $mlir_opt --load-pass-plugin="$plugin" --mlir-disable-threading="$2" \
    --pass-pipeline="$1" "$input" > "$3.out" 2> "$3.err"
  echo "exit $?" > "$3.rc"
  set -e
  cat "$3.out" "$3.err" "$3.rc" > "$3.all"
}

ref="$tmp/ref"
run "builtin.module(amdsync-lds-barriers,amdsync-verify)" true "$ref"
case $mode in
  mixed)
    # Every divergent call of a helper the pass gave a barrier: 2 kernels in
    # each of 8 modules.
    n=$(grep -c "error: amdsync: call of a function that executes a workgroup barrier, in control flow that may diverge" "$ref.err" || true)
    if [ "$n" -ne 16 ] || ! grep -q "exit 1" "$ref.rc"; then
      echo "schedules: expected 16 divergent-call errors and exit 1, got $n:" >&2
      cat "$ref.err" "$ref.rc" >&2
      exit 1
    fi ;;
  uniform)
    if ! grep -q "exit 0" "$ref.rc" || [ -s "$ref.err" ]; then
      echo "schedules: the uniform input failed:" >&2
      cat "$ref.err" >&2
      exit 1
    fi ;;
esac

bad=0
total=0
printf '%s\n' "$schedules" > "$tmp/list"
while IFS= read -r s; do
  i=0
  while [ "$i" -le "$runs" ]; do
    # run 0 single-threaded, 1..runs threaded
    if [ "$i" -eq 0 ]; then disable=true; else disable=false; fi
    run "$s" "$disable" "$tmp/r"
    total=$((total + 1))
    if ! cmp -s "$tmp/r.all" "$ref.all"; then
      bad=$((bad + 1))
      echo "schedules: '$s' (--mlir-disable-threading=$disable, run $i) differs:" >&2
      diff "$ref.all" "$tmp/r.all" | head -20 >&2 || true
    fi
    i=$((i + 1))
  done
done < "$tmp/list"

# The schedules on functions are refused, every time, each function with
# the same error at it (test/mlir/schedule-on-functions.mlir checks its
# text), and nothing is printed or changed.
refused="builtin.module(gpu.module(any(amdsync-lds-barriers,amdsync-verify)))
builtin.module(gpu.module(func.func(amdsync-lds-barriers,amdsync-verify),gpu.func(amdsync-lds-barriers,amdsync-verify)))
builtin.module(gpu.module(func.func(amdsync),gpu.func(amdsync)))
builtin.module(gpu.module(gpu.func(amdsync-verify)))
builtin.module(gpu.module(func.func(amdsync-waitcnt)))"
printf '%s\n' "$refused" > "$tmp/list"
while IFS= read -r s; do
  i=0
  while [ "$i" -le "$runs" ]; do
    if [ "$i" -eq 0 ]; then disable=true; else disable=false; fi
    run "$s" "$disable" "$tmp/r"
    total=$((total + 1))
    # Threads report their functions' errors in any order: compared as a
    # sorted list (each function's error is the same every run).
    sort "$tmp/r.all" > "$tmp/r.sorted"
    if [ "$i" -eq 0 ]; then
      cp "$tmp/r.sorted" "$tmp/first.all"
      if ! grep -q "exit 1" "$tmp/r.rc" || [ -s "$tmp/r.out" ] ||
         ! grep -q "cannot run on '.*func': schedule it on a builtin.module or gpu.module" "$tmp/r.err" ||
         grep -v "^ \|cannot run on" "$tmp/r.err" | grep -q .; then
        bad=$((bad + 1))
        echo "schedules: '$s' was not refused with the scheduling error:" >&2
        head -20 "$tmp/r.all" >&2
      fi
    elif ! cmp -s "$tmp/r.sorted" "$tmp/first.all"; then
      bad=$((bad + 1))
      echo "schedules: '$s' (threaded, run $i) differs from its first run:" >&2
      diff "$tmp/first.all" "$tmp/r.sorted" | head -20 >&2 || true
    fi
    i=$((i + 1))
  done
done < "$tmp/list"

echo "schedules ($mode): $total run(s), $bad wrong"
[ "$bad" -eq 0 ]
