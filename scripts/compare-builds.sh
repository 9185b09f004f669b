#!/bin/sh
# scripts/compare-builds.sh - the output of two builds of amdsync, compared.
#
# Owns: running both builds' plugins on every MLIR and LLVM IR input under
# test/ (and the HIP/OpenCL corpus outputs when present) through a fixed set
# of pipelines, and reporting every input whose output (IR, remarks,
# summaries and errors) differs. A refactoring that must not change what
# amdsync emits shows it with this script (issue 20: "byte-identical to
# today's on every test"); it prints the differing inputs and exits 1 when
# there are any.
#
#   scripts/compare-builds.sh OLD_BUILD NEW_BUILD [FILE...]
#
# OLD_BUILD and NEW_BUILD are build directories (lib/AmdSyncMLIR.so,
# lib/AmdSyncLLVM.so). FILEs default to every *.mlir and *.ll under test/.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 OLD_BUILD NEW_BUILD [FILE...]" >&2; exit 2; }
old=$(cd "$1" && pwd); new=$(cd "$2" && pwd); shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
bin=/usr/lib/llvm-22/bin
mlir_opt=${MLIR_OPT:-$bin/mlir-opt}
opt=${OPT:-$bin/opt}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-compare.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- $(find "$root/test" -name '*.mlir' -o -name '*.ll' | sort)

mlir_pipelines='amdsync-lds-barriers{target=gfx942 remarks=true summary=true},amdsync-verify
amdsync{target=gfx942 remarks=true summary=true}
amdsync{target=gfx1201 remarks=true summary=true}
amdsync{target=gfx1201 strategy=minimize summary=true}
amdsync{target=gfx1250 summary=true}
amdsync-lds-barriers{target=gfx942 waw-hazards=true summary=true}
amdsync-verify{target=gfx942}'
llvm_pipelines='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>
amdsync<target=gfx942;summary>
amdsync<target=gfx1201;summary>
amdsync-lds-barriers<target=gfx1201;strategy=minimize;summary>
amdsync<target=gfx1250;summary>
amdsync-lds-barriers<target=gfx942;existing=replace;summary>
amdsync-verify<target=gfx942>'

# run BUILD FILE PIPELINE: stdout and stderr of one run, the plugin path
# replaced so the two builds compare equal.
run() {
  case $2 in
    *.mlir) "$mlir_opt" --allow-unregistered-dialect \
              --load-pass-plugin="$1/lib/AmdSyncMLIR.so" \
              --pass-pipeline="builtin.module($3)" "$2" 2>&1 ;;
    *.ll) "$opt" -load-pass-plugin="$1/lib/AmdSyncLLVM.so" \
            -pass-remarks=amdsync -passes="$3" -S "$2" 2>&1 ;;
  esac | sed "s|$1|BUILD|g"
  echo "exit $?"
}

files=0; runs=0; differ=0
for f in "$@"; do
  case $f in
    *.mlir) pipelines=$mlir_pipelines ;;
    *.ll) pipelines=$llvm_pipelines ;;
    *) continue ;;
  esac
  files=$((files + 1))
  echo "$pipelines" | while IFS= read -r p; do
    run "$old" "$f" "$p" >"$tmp/a"
    run "$new" "$f" "$p" >"$tmp/b"
    if ! cmp -s "$tmp/a" "$tmp/b"; then
      echo "differs: $f with $p"
      diff "$tmp/a" "$tmp/b" | sed -n '1,12s/^/  /p'
    fi
  done >"$tmp/out"
  n=$(echo "$pipelines" | wc -l); runs=$((runs + n))
  if [ -s "$tmp/out" ]; then differ=$((differ + 1)); cat "$tmp/out"; fi
done
echo "compare-builds: $files inputs, $runs runs, $differ inputs differ"
[ "$differ" -eq 0 ]
