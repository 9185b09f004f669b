#!/bin/sh
# unwrap-gpu-module.sh - prints MLIR (as mlir-opt prints it) with every
# top-level `gpu.module` wrapper removed, so that mlir-translate sees the
# lowered llvm.func kernels. Reads stdin, writes stdout.
exec awk '
  /^  gpu.module / { inside = 1; next }
  inside && /^  }$/ { inside = 0; next }
  { print }
'
