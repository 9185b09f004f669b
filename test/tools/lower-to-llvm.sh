#!/bin/sh
# lower-to-llvm.sh <chip> - lowers amdsync output (MLIR on stdin) through the
# upstream pipeline to LLVM IR on stdout: scf to cf, gpu/amdgpu/memref to
# ROCDL and LLVM (convert-gpu-to-rocdl includes the amdgpu-to-rocdl patterns
# for the chipset), mlir-translate. The input of the LLVM IR checker's
# cross-check and of lower-to-isa.sh. Fails if any stage fails.
# A gpu.module whose #rocdl.target features ask for wave64 runs its kernels
# in wave64 (gpu-module-to-binary compiles with those features, and the
# MLIR passes count waves of 64 there): its kernels get
# "target-features"="+wavefrontsize64", which mlir-translate of the
# unwrapped module would otherwise drop.
set -eu
chip=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-ll.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cat > "$tmp/in.mlir"
mlir-opt --pass-pipeline="builtin.module(gpu.module(convert-scf-to-cf,lower-affine,expand-strided-metadata,convert-vector-to-llvm,convert-gpu-to-rocdl{chipset=$chip}),reconcile-unrealized-casts)" \
  "$tmp/in.mlir" -o "$tmp/llvm.mlir"
sh "$(dirname "$0")/unwrap-gpu-module.sh" < "$tmp/llvm.mlir" > "$tmp/kernel.mlir"
mlir-translate --mlir-to-llvmir "$tmp/kernel.mlir" -o "$tmp/kernel.ll"
if grep -q '#rocdl\.target<[^>]*features = "[^"]*+wavefrontsize64' "$tmp/in.mlir"; then
  # Function attributes come before the metadata attachments and the body.
  awk '/^define amdgpu_kernel / {
         i = index($0, " !"); if (i == 0) i = index($0, " {")
         $0 = substr($0, 1, i - 1) " \"target-features\"=\"+wavefrontsize64\"" substr($0, i)
       }
       { print }' "$tmp/kernel.ll"
else
  cat "$tmp/kernel.ll"
fi
