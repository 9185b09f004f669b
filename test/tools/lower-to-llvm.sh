#!/bin/sh
# lower-to-llvm.sh <chip> - lowers amdsync output (MLIR on stdin) through the
# upstream pipeline to LLVM IR on stdout: scf to cf, gpu/amdgpu/memref to
# ROCDL and LLVM (convert-gpu-to-rocdl includes the amdgpu-to-rocdl patterns
# for the chipset), mlir-translate. The input of the LLVM IR checker's
# cross-check and of lower-to-isa.sh. Fails if any stage fails.
set -eu
chip=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-ll.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
mlir-opt --pass-pipeline="builtin.module(gpu.module(convert-scf-to-cf,lower-affine,expand-strided-metadata,convert-vector-to-llvm,convert-gpu-to-rocdl{chipset=$chip}),reconcile-unrealized-casts)" \
  -o "$tmp/llvm.mlir"
sh "$(dirname "$0")/unwrap-gpu-module.sh" < "$tmp/llvm.mlir" > "$tmp/kernel.mlir"
mlir-translate --mlir-to-llvmir "$tmp/kernel.mlir" -o "$tmp/kernel.ll"
cat "$tmp/kernel.ll"
