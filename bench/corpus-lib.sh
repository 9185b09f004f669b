# corpus-lib.sh - what bench/corpus-table and bench/barrier-ablation share:
# compiling a kernel of bench/kernels to LLVM IR as its authors wrote it,
# and running the execution oracle on a module. Sourced, not run; the
# caller sets `build` (the build directory) and `schedules` first.
#
#   corpusSetup                       PATH, plugin, exec_bin, tmp (removed
#                                     at exit)
#   corpusOptions SRC                 the kernel's `EXEC: <options>` line
#   corpusCompile SRC CHIP OUT.ll     clang-22 -O1 (no device library:
#                                     shim.h maps the builtins), the kernel
#                                     alone (internalize, globaldce); false
#                                     when clang fails
#   corpusOracle OPTS FILE            "<barriers> <verdict>": the workgroup
#                                     barriers executed and clean, race,
#                                     hang, async, ub (a comma list),
#                                     unsupported, step-limit or error

corpusSetup() {
  PATH="${LLVM_TOOLS:-/usr/lib/llvm-22/bin}:$PATH"
  plugin="--load-pass-plugin=$build/lib/AmdSyncLLVM.so"
  exec_bin=$build/bin/amdsync-exec
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-corpus.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT INT TERM
}

corpusOptions() {
  sed -n 's/^[[:space:]]*EXEC:[[:space:]]*//p' "$1" | head -1 |
    sed 's/[[:space:]]*\*\/.*$//'
}

corpusCompile() {
  clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$2" \
    -nogpulib -O1 -emit-llvm -S -I"$(dirname "$1")" "$1" \
    -o "$tmp/cl.ll" 2> "$tmp/clang.err" || return 1
  kernel=$(sed -n 's/^define .*amdgpu_kernel void @\([A-Za-z0-9_.]*\)(.*/\1/p' \
    "$tmp/cl.ll" | head -1)
  opt -passes=internalize,globaldce -internalize-public-api-list="$kernel" \
    "$tmp/cl.ll" -S -o "$3"
}

corpusOracle() {
  # $1 is a list of options: split on purpose.
  # shellcheck disable=SC2086
  "$exec_bin" $1 --schedules="$schedules" "$2" > "$tmp/exec.out" 2>&1
  rc=$?
  line=$(grep '^amdsync-exec: .* barriers=' "$tmp/exec.out" | tail -1)
  case $rc in
    0|1) verdict=$(echo "$line" | sed 's/^amdsync-exec: [^ ]*: \([^ ]*\) .*/\1/') ;;
    3) verdict=unsupported ;;
    4) verdict=step-limit ;;
    *) verdict=error ;;
  esac
  n=-
  case $rc in
    0|1) n=$(echo "$line" | sed 's/.* barriers=\([^ ]*\) .*/\1/') ;;
  esac
  echo "$n $verdict"
}
