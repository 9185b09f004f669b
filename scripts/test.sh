#!/bin/sh
# test.sh - sets up, builds and runs every test: first a normal build, then
# an AddressSanitizer + UndefinedBehaviorSanitizer build.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)

sh "$root/scripts/setup.sh"

echo "== build"
sh "$root/scripts/build.sh" "$root/build"
echo "== tests"
(cd "$root/build" && ctest --output-on-failure -j"$(nproc)")

echo "== build (ASan + UBSan)"
sh "$root/scripts/build.sh" "$root/build-asan" -DAMDSYNC_SANITIZE=ON \
  -DCMAKE_BUILD_TYPE=Debug
echo "== tests (ASan + UBSan)"
(cd "$root/build-asan" &&
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --output-on-failure -j"$(nproc)")
