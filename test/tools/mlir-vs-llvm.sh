#!/bin/sh
# mlir-vs-llvm.sh <file.mlir> <chip> - synchronizes an llvm.func kernel
# (llvm dialect) twice: with the MLIR plugin, then lowered to ISA; and
# translated to LLVM IR first (mlir-translate), then with the opt plugin,
# checked by the LLVM IR checker, then lowered to ISA. The two front ends
# must agree: both fail, or both succeed with the same number of barriers
# (s_barrier, or s_barrier_wait on split targets) in each function's ISA.
set -u
file=$1
chip=$2
: "${AMDSYNC_BUILD:?set AMDSYNC_BUILD to the build directory}"
PATH="${LLVM_TOOLS:-/usr/lib/llvm-22/bin}:$PATH"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-mvl.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
preload=""
if [ "${AMDSYNC_SANITIZE:-OFF}" = "ON" ]; then
  preload="env LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0"
fi

mlir_ok=1
$preload mlir-opt --load-pass-plugin="$AMDSYNC_BUILD/lib/AmdSyncMLIR.so" \
  --pass-pipeline="builtin.module(amdsync-lds-barriers{target=$chip},amdsync-verify{target=$chip})" \
  "$file" -o "$tmp/m.mlir" 2> "$tmp/m.err" || mlir_ok=0
llvm_ok=1
mlir-translate --mlir-to-llvmir "$file" -o "$tmp/in.ll" || exit 1
$preload opt --load-pass-plugin="$AMDSYNC_BUILD/lib/AmdSyncLLVM.so" \
  -passes="amdsync-lds-barriers<target=$chip>,amdsync-verify<target=$chip>" \
  "$tmp/in.ll" -S -o "$tmp/l.ll" 2> "$tmp/l.err" || llvm_ok=0

if [ "$mlir_ok" != "$llvm_ok" ]; then
  echo "mlir-vs-llvm: $file ($chip): MLIR plugin ok=$mlir_ok, opt plugin ok=$llvm_ok" >&2
  cat "$tmp/m.err" "$tmp/l.err" >&2
  exit 1
fi
if [ "$mlir_ok" = 0 ]; then
  echo "mlir-vs-llvm: $file ($chip): both front ends refuse it"
  exit 0
fi
pattern='^[[:space:]]+s_barrier(_wait -1)?$'
mlir-opt --convert-amdgpu-to-rocdl=chipset="$chip" "$tmp/m.mlir" |
  mlir-translate --mlir-to-llvmir | llc -march=amdgcn -mcpu="$chip" -o "$tmp/m.s" || exit 1
llc -march=amdgcn -mcpu="$chip" "$tmp/l.ll" -o "$tmp/l.s" || exit 1
# Barriers per function, in ISA order: "name count" lines.
count() {
  awk -v pat="$pattern" '/^[A-Za-z_][A-Za-z0-9_]*:/ { if (f != "") print f, n; f = $1; n = 0 }
    $0 ~ pat { n++ } END { if (f != "") print f, n }' "$1" | grep -v '^\.' 
}
count "$tmp/m.s" > "$tmp/m.count"
count "$tmp/l.s" > "$tmp/l.count"
if ! diff "$tmp/m.count" "$tmp/l.count" > "$tmp/diff"; then
  echo "mlir-vs-llvm: $file ($chip): barriers per function differ (< MLIR, > LLVM IR)" >&2
  cat "$tmp/diff" >&2
  exit 1
fi
echo "mlir-vs-llvm: $file ($chip): same barriers: $(tr '\n' ' ' < "$tmp/m.count")"
