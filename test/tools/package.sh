#!/bin/sh
# package.sh - amdsync as a generator gets it (issue 22, 3 and 4): installs
# the build into a temporary prefix, checks what is there, and builds
# test/package/consumer.c against it twice, with find_package(AmdSync) and
# with pkg-config, and runs both (an MLIR kernel through the pipeline
# parser and through a created pass, an LLVM IR kernel, a bad option that
# reaches the consumer's diagnostic handler). Then a project that adds the
# source tree with add_subdirectory links AmdSync::amdsync from it.
#
#   package.sh <build dir> <scratch dir>
set -eu
build=$1
scratch=$2
src=$(cd "$(dirname "$0")/../.." && pwd)
llvm=${LLVM_ROOT:-/usr/lib/llvm-22}
fail() { echo "package: $*" >&2; exit 1; }

rm -rf "$scratch"
mkdir -p "$scratch"
prefix=$scratch/prefix
cmake --install "$build" --prefix "$prefix" >"$scratch/install.log"

version=$(sed -n 's/^#define AMDSYNC_VERSION_STRING "\(.*\)"$/\1/p' \
  "$prefix/include/amdsync/version.h")
[ -n "$version" ] || fail "no version in the installed version.h"
major_minor=${version%.*}

# What is installed.
for f in include/amdsync/mlir.h include/amdsync/llvm.h include/amdsync/stats.h \
    include/amdsync/version.h lib/libamdsync.so "lib/libamdsync.so.$major_minor" \
    "lib/libamdsync.so.$version" lib/amdsync/AmdSyncMLIR.so \
    lib/amdsync/AmdSyncLLVM.so bin/amdsync-opt bin/amdsync-exec \
    share/amdsync/amdsync.irdl.mlir lib/cmake/AmdSync/AmdSyncConfig.cmake \
    lib/cmake/AmdSync/AmdSyncConfigVersion.cmake \
    lib/cmake/AmdSync/AmdSyncTargets.cmake lib/pkgconfig/amdsync.pc \
    share/doc/amdsync/LICENSE.txt share/doc/amdsync/CHANGELOG.md; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
objdump -p "$prefix/lib/libamdsync.so" | grep -q "SONAME *libamdsync.so.$major_minor\$" ||
  fail "libamdsync.so has no SONAME libamdsync.so.$major_minor"

# Each library exports amdsync's API and the plugin entry point only: no
# MLIR or LLVM definitions.
for lib in lib/libamdsync.so lib/amdsync/AmdSyncMLIR.so lib/amdsync/AmdSyncLLVM.so; do
  nm -D --defined-only "$prefix/$lib" | awk '{print $NF}' > "$scratch/exports"
  grep -q '^amdsync' "$scratch/exports" || fail "$lib exports no amdsync API"
  if grep -E '^(mlir|LLVM|_ZN4mlir|_ZN4llvm)' "$scratch/exports" |
      grep -v -E '^(mlirGetPassPluginInfo|llvmGetPassPluginInfo)$' > "$scratch/foreign"; then
    fail "$lib exports $(wc -l < "$scratch/foreign") MLIR/LLVM symbol(s), first $(head -1 "$scratch/foreign")"
  fi
done
nm -D --defined-only "$prefix/lib/amdsync/AmdSyncMLIR.so" | grep -q ' mlirGetPassPluginInfo$' ||
  fail "the MLIR plugin has no entry point"

"$prefix/bin/amdsync-opt" --version | grep -q "^amdsync $version " ||
  fail "amdsync-opt --version does not say $version"

# The installed plugins work from the prefix.
"$llvm/bin/mlir-opt" --load-pass-plugin="$prefix/lib/amdsync/AmdSyncMLIR.so" \
  --irdl-file="$prefix/share/amdsync/amdsync.irdl.mlir" \
  --pass-pipeline='builtin.module(amdsync{target=gfx942})' \
  "$src/examples/gemm.mlir" | grep -q 'amdgpu.lds_barrier' ||
  fail "the installed MLIR plugin placed no barrier in examples/gemm.mlir"

# 1. find_package(AmdSync).
cmake -S "$src/test/package" -B "$scratch/cmake" -DCMAKE_PREFIX_PATH="$prefix" \
  >"$scratch/cmake.log" 2>&1 || { cat "$scratch/cmake.log"; fail "configure"; }
cmake --build "$scratch/cmake" >"$scratch/cmake-build.log" 2>&1 ||
  { cat "$scratch/cmake-build.log"; fail "find_package build"; }
"$scratch/cmake/consumer" > "$scratch/cmake.out"
"$scratch/cmake/consumer" bad > "$scratch/cmake-bad.out"

# 2. pkg-config, from a copy of the prefix elsewhere (the .pc file finds
# its prefix from its own place).
cp -a "$prefix" "$scratch/moved"
export PKG_CONFIG_PATH="$scratch/moved/lib/pkgconfig"
[ "$(pkg-config --modversion amdsync)" = "$version" ] || fail "pkg-config --modversion"
# shellcheck disable=SC2046
cc -o "$scratch/pc-consumer" "$src/test/package/consumer.c" \
  $(pkg-config --cflags amdsync) "$llvm/lib/libMLIRCAPIRegisterEverything.a" \
  $(pkg-config --libs amdsync) \
  -Wl,-rpath,"$(pkg-config --variable=libdir amdsync)" -Wl,-rpath,"$llvm/lib"
"$scratch/pc-consumer" > "$scratch/pc.out"
loaded=$(ldd "$scratch/pc-consumer" | sed -n 's/^.*libamdsync[^ ]* => \([^ ]*\) .*$/\1/p')
[ "$(readlink -f "$loaded")" = "$(readlink -f "$scratch/moved/lib/libamdsync.so.$version")" ] ||
  fail "the pkg-config consumer loads '$loaded', not the moved prefix's libamdsync"
cmp -s "$scratch/cmake.out" "$scratch/pc.out" ||
  fail "the two consumers print different results"

# Neither consumer reaches into the build tree.
for exe in "$scratch/cmake/consumer" "$scratch/pc-consumer"; do
  if ldd "$exe" | grep -q "$build/lib/"; then fail "$exe loads from the build tree"; fi
done

# 3. add_subdirectory: configure and build a parent project's target.
mkdir -p "$scratch/parent"
cat > "$scratch/parent/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(parent LANGUAGES C CXX)
add_subdirectory("$src" amdsync)
add_executable(consumer "$src/test/package/consumer.c")
target_link_libraries(consumer PRIVATE
  "$llvm/lib/libMLIRCAPIRegisterEverything.a" AmdSync::amdsync)
CMAKE
cmake -S "$scratch/parent" -B "$scratch/parent/build" >"$scratch/parent.log" 2>&1 ||
  { cat "$scratch/parent.log"; fail "add_subdirectory configure"; }
cmake --build "$scratch/parent/build" --target consumer -j2 \
  >"$scratch/parent-build.log" 2>&1 ||
  { tail -30 "$scratch/parent-build.log"; fail "add_subdirectory build"; }
"$scratch/parent/build/consumer" > "$scratch/parent.out"
cmp -s "$scratch/cmake.out" "$scratch/parent.out" ||
  fail "the add_subdirectory consumer prints a different result"

cat "$scratch/cmake.out" "$scratch/cmake-bad.out" |
  "$llvm/bin/FileCheck" "$src/test/package/consumer.c"
echo "package: installed, found by CMake and pkg-config, added as a subdirectory: $version"
