#!/bin/sh
# lower-to-isa.sh <chip> - lowers amdsync output (MLIR on stdin) through the
# upstream pipeline to AMDGPU ISA on stdout: to LLVM IR by lower-to-llvm.sh
# (scf to cf, gpu/amdgpu/memref to ROCDL and LLVM, mlir-translate), then llc
# for the chip. Fails if any stage fails.
set -eu
chip=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-isa.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
sh "$(dirname "$0")/lower-to-llvm.sh" "$chip" > "$tmp/kernel.ll"
llc -march=amdgcn -mcpu="$chip" "$tmp/kernel.ll" -o -
