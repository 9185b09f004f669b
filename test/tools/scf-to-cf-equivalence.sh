#!/bin/sh
# scf-to-cf-equivalence.sh <test.mlir> [target] - runs the barrier pass and
# the checker on a kernel file as it is and after convert-scf-to-cf (and
# lower-affine), and requires, per split and per function, the same number
# of inserted synchronization ops of each kind in both forms, with the
# checker clean on both. Inputs whose structured form is an expected error
# must fail in the cf form too. Needs AMDSYNC_BUILD and LLVM_TOOLS like
# run-lit.sh.
set -eu
file=$1
target=${2:-gfx942}
: "${AMDSYNC_BUILD:?set AMDSYNC_BUILD to the build directory}"
: "${LLVM_TOOLS:=/usr/lib/llvm-22/bin}"
here=$(cd "$(dirname "$0")" && pwd)
irdl="$here/../../dialect/amdsync.irdl.mlir"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-cf.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

mlir_opt="$LLVM_TOOLS/mlir-opt"
if [ "${AMDSYNC_SANITIZE:-OFF}" = "ON" ]; then
  asan=$(gcc -print-file-name=libasan.so)
  mlir_opt="env LD_PRELOAD=$asan ASAN_OPTIONS=detect_leaks=0 $mlir_opt"
fi
plugin="$AMDSYNC_BUILD/lib/AmdSyncMLIR.so"
pipeline="builtin.module(amdsync-lds-barriers{target=$target},amdsync-verify{target=$target})"

# Counts inserted ops per function: "@name kind count".
count() {
  awk '
    /(func\.func|gpu\.func|llvm\.func) (private )?@/ {
      match($0, /@[A-Za-z0-9_$.]+/); fn = substr($0, RSTART, RLENGTH)
    }
    /amdgpu\.lds_barrier/ { n[fn " barrier"]++ }
    /rocdl\.s\.barrier\.signal/ { n[fn " signal"]++ }
    /rocdl\.s\.barrier\.wait/ { n[fn " wait"]++ }
    /llvm\.amdgcn\.wave\.barrier/ { n[fn " wave-point"]++ }
    END { for (k in n) print k, n[k] }' "$1" | sort
}

# One split of the input: its verdict and counts in both forms.
compare() {
  chunk=$1
  tag=$2
  if ! $mlir_opt --irdl-file="$irdl" \
       --pass-pipeline='builtin.module(lower-affine,convert-scf-to-cf)' \
       "$chunk" -o "$chunk.cf" 2> "$chunk.conv"; then
    echo "scf-to-cf: $file split $tag: the conversion failed" >&2
    cat "$chunk.conv" >&2
    return 1
  fi
  for form in structured cf; do
    src=$chunk
    [ "$form" = cf ] && src=$chunk.cf
    if $mlir_opt --load-pass-plugin="$plugin" --irdl-file="$irdl" \
         --pass-pipeline="$pipeline" "$src" -o "$chunk.$form.out" \
         2> "$chunk.$form.err"; then
      echo ok > "$chunk.$form.status"
    else
      echo failed > "$chunk.$form.status"
      : > "$chunk.$form.out"
    fi
    count "$chunk.$form.out" > "$chunk.$form.counts"
  done
  bad=0
  if ! cmp -s "$chunk.structured.status" "$chunk.cf.status"; then
    echo "scf-to-cf: $file split $tag: structured form $(cat "$chunk.structured.status"), cf form $(cat "$chunk.cf.status")" >&2
    cat "$chunk.cf.err" >&2
    bad=1
  fi
  if ! diff "$chunk.structured.counts" "$chunk.cf.counts" > "$chunk.diff"; then
    echo "scf-to-cf: $file split $tag: inserted ops differ (< structured, > cf):" >&2
    cat "$chunk.diff" >&2
    bad=1
  fi
  compared=$((compared + $(wc -l < "$chunk.structured.counts")))
  return $bad
}

awk -v dir="$tmp" '
  BEGIN { n = 0; out = dir "/split0.mlir" }
  /^\/\/ -----/ { n++; out = dir "/split" n ".mlir"; next }
  { print > out }' "$file"

status=0
compared=0
for chunk in "$tmp"/split*.mlir; do
  tag=$(basename "$chunk" .mlir)
  compare "$chunk" "$tag" || status=1
done
echo "scf-to-cf: $file: $compared function/kind count(s) compared"
exit $status
