#!/bin/sh
# gen-helper-calls.sh [modules] [mode] - prints an MLIR module of `modules`
# gpu.modules (default 8), each with 8 helpers and 8 kernels (16 functions:
# 8 modules make 128). Helper j of a module races (each lane stores its
# slot of an LDS buffer, then loads its neighbour's) and has no barrier, so
# the barrier pass puts one into it; kernel j calls helper j
#   j % 4 == 0: under `thread_id x < 1`, a branch that diverges (mode
#               `mixed`, the default) or under `block_id x < 1` (mode
#               `uniform`),
#   j % 4 == 1: under `block_id x < 1` (uniform),
#   j % 4 == 2: unconditionally,
#   j % 4 == 3: unconditionally, and helper j also calls helper j-1.
# In mode `mixed` every kernel with j % 4 == 0 is an error once its helper
# holds a barrier (a hang); a schedule that analyzes a kernel before, or
# while, its helper gets its barrier accepts some of them. Kernels alternate
# between gpu.func and func.func with gpu.kernel; odd modules define their
# kernels before their helpers.
set -eu
modules=${1:-8}
mode=${2:-mixed}

helpers() {
  j=0
  while [ "$j" -lt 8 ]; do
    printf '  func.func @h%d(%%v: f32) -> f32 {\n' "$j"
    printf '    %%c1 = arith.constant 1 : index\n'
    printf '    %%c255 = arith.constant 255 : index\n'
    printf '    %%tid = gpu.thread_id x\n'
    printf '    %%m = memref.get_global @buf : memref<256xf32, #gpu.address_space<workgroup>>\n'
    if [ $((j % 4)) -eq 3 ]; then
      printf '    %%u = func.call @h%d(%%v) : (f32) -> f32\n' $((j - 1))
      printf '    memref.store %%u, %%m[%%tid] : memref<256xf32, #gpu.address_space<workgroup>>\n'
    else
      printf '    memref.store %%v, %%m[%%tid] : memref<256xf32, #gpu.address_space<workgroup>>\n'
    fi
    printf '    %%n0 = arith.addi %%tid, %%c1 : index\n'
    printf '    %%n = arith.andi %%n0, %%c255 : index\n'
    printf '    %%w = memref.load %%m[%%n] : memref<256xf32, #gpu.address_space<workgroup>>\n'
    printf '    return %%w : f32\n'
    printf '  }\n'
    j=$((j + 1))
  done
}

kernels() {
  j=0
  while [ "$j" -lt 8 ]; do
    if [ $((j % 2)) -eq 0 ]; then
      printf '  gpu.func @k%d(%%in: memref<?xf32>, %%out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {\n' "$j"
      ret=gpu.return
    else
      printf '  func.func @k%d(%%in: memref<?xf32>, %%out: memref<?xf32>) attributes {gpu.kernel, known_block_size = array<i32: 256, 1, 1>} {\n' "$j"
      ret=return
    fi
    printf '    %%c1 = arith.constant 1 : index\n'
    printf '    %%tid = gpu.thread_id x\n'
    printf '    %%bid = gpu.block_id x\n'
    printf '    %%v = memref.load %%in[%%tid] : memref<?xf32>\n'
    case $((j % 4)) in
      0|1)
        if [ $((j % 4)) -eq 0 ] && [ "$mode" = mixed ]; then
          printf '    %%c = arith.cmpi ult, %%tid, %%c1 : index\n'
        else
          printf '    %%c = arith.cmpi ult, %%bid, %%c1 : index\n'
        fi
        printf '    %%r = scf.if %%c -> f32 {\n'
        printf '      %%w = func.call @h%d(%%v) : (f32) -> f32\n' "$j"
        printf '      scf.yield %%w : f32\n'
        printf '    } else {\n'
        printf '      scf.yield %%v : f32\n'
        printf '    }\n' ;;
      *)
        printf '    %%r = func.call @h%d(%%v) : (f32) -> f32\n' "$j" ;;
    esac
    printf '    memref.store %%r, %%out[%%tid] : memref<?xf32>\n'
    printf '    %s\n' "$ret"
    printf '  }\n'
    j=$((j + 1))
  done
}

m=0
while [ "$m" -lt "$modules" ]; do
  printf 'gpu.module @m%d [#rocdl.target<chip = "gfx942">] {\n' "$m"
  printf '  memref.global "private" @buf : memref<256xf32, #gpu.address_space<workgroup>>\n'
  if [ $((m % 2)) -eq 0 ]; then
    helpers
    kernels
  else
    kernels
    helpers
  fi
  printf '}\n'
  m=$((m + 1))
done
