#!/bin/sh
# fuzz.sh - mutation fuzzer of both plugins (docs/usage.md, "Fuzzing").
#
#   scripts/fuzz.sh [options] SECONDS [SEED]
#   scripts/fuzz.sh [options] --runs N [--seed S]
#
# Mutates the project's test inputs (tools/amdsync-mutate.c), runs each
# mutant through the MLIR plugin (the amdsync{...} pipeline, and the barrier
# and wait passes followed by a separate amdsync-verify) and LLVM IR mutants
# (and MLIR mutants the upstream pipeline lowers) through the opt plugin,
# and judges every run:
#   crash      exit status >= 128 or other than 0/1, an assertion, a stack dump
#   sanitizer  an AddressSanitizer / UndefinedBehaviorSanitizer report
#   hang       no answer within the per-run timeout
#   nonidem    the pipeline on its own output fails or changes it
#   checker    amdsync-verify rejects what the barrier and wait passes made
#   split      the pipeline and the passes run one by one disagree
#   broken     the passes fail without an amdsync error (e.g. IR that the
#              verifier rejects after them)
#   cross      the LLVM IR checker rejects the lowered output the MLIR
#              checker accepted
#   exec       build/bin/amdsync-exec (when built) finds a race in the
#              lowered output the checker accepted
# Each finding is saved under the findings directory with the mutant, the
# commands and their output; exit status 1 if there is any.
#
# Options:
#   --build DIR     build directory (default: build-asan if built, else build);
#                   a sanitizer build (AMDSYNC_SANITIZE=ON) is loaded into
#                   mlir-opt/opt with the ASan runtime preloaded
#   --out DIR       findings directory (default: fuzz-findings)
#   --runs N        stop after N mutants (deterministic for a seed); SECONDS
#                   may then be omitted (no time bound)
#   --timeout S     per-run timeout (default 20)
#   --no-clang      do not compile test/opencl and test/hip into seeds
#   --no-lower      do not lower MLIR mutants for the opt plugin
#   --quiet         no per-finding lines
#   --known FILE    findings already recorded as FAILING reproducers, counted
#                   as known, not as findings (default test/fuzz-known.txt)
#   --no-known      every finding counts
set -u

root=$(cd "$(dirname "$0")/.." && pwd)
build=""
out=""
runs=0
tmo=20
use_clang=1
use_lower=1
quiet=0
known=$root/test/fuzz-known.txt
seconds=""
seed=""
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --timeout) tmo=$2; shift 2 ;;
    --no-clang) use_clang=0; shift ;;
    --no-lower) use_lower=0; shift ;;
    --quiet) quiet=1; shift ;;
    --known) known=$2; shift 2 ;;
    --no-known) known=""; shift ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed 's/^# \{0,1\}//;$d'; exit 0 ;;
    -*) echo "fuzz: unknown option $1" >&2; exit 2 ;;
    *)
      if [ -z "$seconds" ]; then seconds=$1
      elif [ -z "$seed" ]; then seed=$1
      else echo "fuzz: too many arguments" >&2; exit 2
      fi
      shift ;;
  esac
done
: "${seconds:=0}"
: "${seed:=1}"
if [ "$seconds" -le 0 ] && [ "$runs" -le 0 ]; then
  echo "usage: scripts/fuzz.sh [options] SECONDS [SEED] | --runs N [--seed S]" >&2
  exit 2
fi

if [ -z "$build" ]; then
  if [ -f "$root/build-asan/lib/AmdSyncMLIR.so" ]; then build=$root/build-asan; else build=$root/build; fi
fi
build=$(cd "$build" && pwd) || exit 2
: "${out:=$root/fuzz-findings}"
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
LLVM_TOOLS=${LLVM_TOOLS:-/usr/lib/llvm-22/bin}
PATH="$LLVM_TOOLS:$PATH"
export PATH

mutate=$build/bin/amdsync-mutate
mlir_plugin=$build/lib/AmdSyncMLIR.so
llvm_plugin=$build/lib/AmdSyncLLVM.so
exec_oracle=$build/bin/amdsync-exec
irdl=$root/dialect/amdsync.irdl.mlir
lower=$root/test/tools/lower-to-llvm.sh
for f in "$mutate" "$mlir_plugin" "$llvm_plugin"; do
  [ -e "$f" ] || { echo "fuzz: $f missing: build $build first" >&2; exit 2; }
done
san=""
if grep -q '^AMDSYNC_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  # An instrumented plugin needs the ASan runtime first in the
  # uninstrumented mlir-opt and opt (test/run-lit.sh).
  san="env LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1"
fi
mlir_opt="$san $LLVM_TOOLS/mlir-opt --load-pass-plugin=$mlir_plugin --irdl-file=$irdl"
opt="$san $LLVM_TOOLS/opt --load-pass-plugin=$llvm_plugin"

work=$(mktemp -d "${TMPDIR:-/tmp}/amdsync-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'rm -rf "$work"; exit 130' INT TERM

# ---- The corpus ---------------------------------------------------------------
corpus=$work/corpus.txt
for f in "$root"/test/mlir/*.mlir "$root"/test/mlir/Inputs/*.mlir \
         "$root"/test/cf/*.mlir "$root"/test/e2e/*.mlir \
         "$root"/test/llvm/*.ll "$root"/test/llvm/Inputs/*.ll; do
  [ -f "$f" ] && echo "$f"
done | LC_ALL=C sort > "$corpus"
if [ "$use_clang" = 1 ] && command -v clang-22 >/dev/null 2>&1; then
  # OpenCL and HIP kernels as clang writes them (-O1, gfx942), their values
  # and blocks named (instnamer) so that text mutations can copy them.
  cache=$out/.corpus
  mkdir -p "$cache"
  for src in "$root"/test/opencl/*.cl "$root"/test/llvm/Inputs/*.cl "$root"/test/hip/*.hip; do
    [ -f "$src" ] || continue
    name=$(basename "$src" | tr . -).ll
    dst=$cache/$name
    if [ ! -s "$dst" ] || [ "$src" -nt "$dst" ]; then
      case $src in
        *.cl) clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 \
                -nogpulib -O1 -emit-llvm -S -I"$(dirname "$src")" "$src" -o "$work/cl.ll" 2>/dev/null ;;
        *.hip) clang-22 -x hip --offload-arch=gfx942 --offload-device-only -nogpulib \
                -nogpuinc -O1 -emit-llvm -S -I"$root/test/hip" -DHIP_LOCAL_FENCES "$src" \
                -o "$work/cl.ll" 2>/dev/null ;;
      esac && opt -passes=instnamer "$work/cl.ll" -S -o "$dst" 2>/dev/null || rm -f "$dst"
    fi
    [ -s "$dst" ] && echo "$dst"
  done | LC_ALL=C sort >> "$corpus"
fi
ncorpus=$(wc -l < "$corpus")

# ---- Counters -------------------------------------------------------------------
n_runs=0 n_skipped=0 n_invalid=0 n_ok=0 n_refused=0 n_mlir=0 n_llvm=0 n_lowered=0 n_known=0
j_crash=0 j_sanitizer=0 j_hang=0 j_nonidem=0 j_checker=0 j_split=0 j_broken=0
j_cross=0 j_exec=0
x_ok=0 x_unsupported=0 x_steplimit=0 x_other=0 x_ub=0 x_nollc=0 x_usage=0 x_cross_known=0
findings=0

# One step of one mutant: runs "$@" with the timeout, output in
# $w/$step.out and $w/$step.err, the command in $w/$step.cmd; sets rc.
step() {
  s=$1
  shift
  printf '%s\n' "$*" > "$w/$s.cmd"
  timeout -k 5 "$tmo" "$@" > "$w/$s.out" 2> "$w/$s.err"
  rc=$?
}
# Stdin variant: step_in NAME INPUT cmd...
step_in() {
  s=$1
  in=$2
  shift 2
  printf '%s < %s\n' "$*" "$in" > "$w/$s.cmd"
  timeout -k 5 "$tmo" "$@" < "$in" > "$w/$s.out" 2> "$w/$s.err"
  rc=$?
}

# Whether a finding is one test/fuzz-known.txt records (a FAILING-* file):
# sets known_file. Each line: judge, an ERE over the mutation line and the
# step's stderr, an ERE over the mutant, the reproducer; tab-separated.
is_known() {
  known_file=""
  [ -n "$known" ] && [ -f "$known" ] || return 1
  { echo "step=$2 kind=$ext $info"; cat "$w/$2.err" 2>/dev/null; } > "$w/known.ctx"
  while IFS='	' read -r kj kctx kmut kfile; do
    case $kj in ''|\#*) continue ;; esac
    [ "$kj" = "$1" ] || continue
    grep -q -E -e "$kctx" "$w/known.ctx" || continue
    grep -q -E -e "$kmut" "$m" || continue
    known_file=$kfile
    return 0
  done < "$known"
  return 1
}

# Saves a finding: judge, step, one line on what went wrong. At most 3 are
# kept per signature (judge and the first telling line of the output).
finding() {
  fj=$1 fs=$2 fwhy=$3
  if is_known "$fj" "$fs"; then
    n_known=$((n_known + 1))
    [ "$quiet" = 1 ] || echo "fuzz: known [$fj] $fwhy: $(basename "$src") iter $iter ($known_file)" >&2
    return
  fi
  eval "j_$fj=\$((j_$fj + 1))"
  findings=$((findings + 1))
  key=$(grep -m1 -E 'SUMMARY: |runtime error:|Assertion|error:|ERROR:' "$w/$fs.err" 2>/dev/null |
        sed -e 's/0x[0-9a-f]*/0x/g' -e 's/[0-9][0-9]*/N/g' -e 's#/[^ :]*/##g' | cut -c1-160)
  sig=$(printf '%s|%s|%s' "$fj" "$fs" "$key" | cksum | cut -d' ' -f1)
  seen=$(grep -c "^$sig\$" "$work/signatures" 2>/dev/null)
  echo "$sig" >> "$work/signatures"
  dir=$out/$fj-s$seed-i$iter-$fs
  if [ "${seen:-0}" -lt 3 ]; then
    rm -rf "$dir"
    mkdir -p "$dir"
    cp "$w"/* "$dir"/ 2>/dev/null
    {
      echo "judge:    $fj"
      echo "step:     $fs"
      echo "why:      $fwhy"
      echo "source:   $src"
      echo "seed:     $seed iteration $iter"
      echo "mutation: $info"
      echo "command:  $(cat "$w/$fs.cmd")"
      echo "exit:     $rc"
    } > "$dir/FINDING.txt"
  else
    dir="$dir (not saved: signature seen 3 times)"
  fi
  [ "$quiet" = 1 ] || echo "fuzz: finding [$fj] $fwhy: $(basename "$src") iter $iter -> $dir" >&2
}

# Judges (a) (b) (c) on the step just run. Returns 0 when the tool ran to
# its end (rc 0 or 1 without a finding), 1 after a finding.
judge_proc() {
  jp=$1
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    finding hang "$jp" "no answer in ${tmo}s"; return 1
  fi
  if grep -q -E 'AddressSanitizer|UndefinedBehaviorSanitizer|LeakSanitizer|runtime error:' "$w/$jp.err"; then
    finding sanitizer "$jp" "$(grep -m1 -E 'SUMMARY:|runtime error:' "$w/$jp.err" | cut -c1-120)"; return 1
  fi
  if [ "$rc" -ge 128 ] || { [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; } ||
     grep -q -E 'PLEASE submit a bug report|Assertion .* failed|^Stack dump:' "$w/$jp.err"; then
    finding crash "$jp" "exit $rc"; return 1
  fi
  return 0
}

# A failure with exit 1: an amdsync error (refused) or something else.
clean_refusal() {
  grep -q 'amdsync' "$w/$1.err"
}

# The same text after the first line (opt prints the module id there).
same_ll() {
  sed 1d "$1" > "$w/cmp.a"
  sed 1d "$2" > "$w/cmp.b"
  cmp -s "$w/cmp.a" "$w/cmp.b"
}

# The execution oracle (judge f) on lowered LLVM IR the checker accepted.
oracle() {
  [ -x "$exec_oracle" ] || return 0
  chip=$target
  [ "$chip" = none ] && chip=gfx942
  # Write/write pairs stay out of this judge: the passes order those of
  # distinct stores only with waw-hazards=true (the MLIR plugin alone), and
  # never a store's lanes against each other (one instruction: index
  # reasoning, not a barrier), which the oracle would report.
  xwaw=off
  # The chip of the pass: the target option when the mutant has one (the
  # passes used it), else each function's own target-cpu (gfx942 for
  # lowered MLIR, which has none); 64 lanes when a kernel declares no size
  # (test kernels index views of 64 elements and more with the lane id).
  xt="--target=$chip"
  [ "$target" = none ] && grep -q '"target-cpu"' "$2" && xt=""
  # Lowered MLIR carries only a generic "amdgpu-flat-work-group-size" bound
  # where the kernel has no known_block_size, and the lane ids of its test
  # kernels stay inside views of 64 elements: run it on 64 lanes.
  xb=--default-block=64
  [ "$ext" = mlir ] && ! grep -q 'reqd_work_group_size' "$2" && xb=--block=64
  step "$1" "$exec_oracle" --schedules=4 $xb --waw=$xwaw \
    --max-steps=200000 $xt "$2"
  # Out-of-bounds and other undefined behaviour of a mutant is the
  # mutant's, not a disagreement with the checker, and so is whatever else
  # a run with undefined behaviour shows: a race next to an `ub` may come
  # from it (an `inbounds` GEP a mutation moved past its global reads the
  # next one, which the oracle lays out behind it, seed 1 iteration 41 of
  # trace-index.ll). So is IR llc cannot compile for the chip (an LDS DMA
  # where the chip has none).
  if [ "$rc" -eq 1 ] && { ! grep -Eq ': (race|hang|async)' "$w/$1.out" ||
                          grep -Eq ': ([a-z]+,)*ub[ ,]' "$w/$1.out"; }; then
    rc=5
  elif [ "$rc" -eq 1 ] && [ -n "$xt" ] &&
       ! sed 's/"target-cpu"="[^"]*"//g' "$2" |
         timeout -k 5 "$tmo" llc -march=amdgcn -mcpu="$chip" -o /dev/null \
           > /dev/null 2>&1; then
    rc=6 # (the chip the oracle ran, not the functions' own target-cpu)
  fi
  case $rc in
    0) x_ok=$((x_ok + 1)) ;;
    1) finding exec "$1" "the oracle finds a race, hang or early async use in checker-accepted IR" ;;
    5) x_ub=$((x_ub + 1)) ;;
    6) x_nollc=$((x_nollc + 1)) ;;
    2) x_usage=$((x_usage + 1)) ;;
    3) x_unsupported=$((x_unsupported + 1)) ;;
    4) x_steplimit=$((x_steplimit + 1)) ;;
    *) judge_proc "$1" && x_other=$((x_other + 1)) ;;
  esac
}

# ---- LLVM IR through the opt plugin -------------------------------------------------
# fuzz_ll PREFIX FILE: sets ll_verdict to invalid, ok, refused or finding.
fuzz_ll() {
  p=$1 f=$2
  ll_verdict=finding
  step "${p}valid" opt -disable-output "$f"
  if [ "$rc" -ne 0 ]; then ll_verdict=invalid; return; fi
  tgt=""
  [ "$target" = none ] || tgt="target=$target"
  bopts=$tgt
  [ "$strategy" = default ] || bopts="${bopts:+$bopts;}strategy=$strategy"
  [ "$existing" = replace ] && bopts="${bopts:+$bopts;}existing=replace"
  # the pipeline, then again on its own output
  step_in "${p}pipeline" "$f" $opt -passes="amdsync<$bopts>" -S
  judge_proc "${p}pipeline" || return
  prc=$rc
  if [ "$prc" -eq 0 ]; then
    cp "$w/${p}pipeline.out" "$w/${p}pipeline.ll"
    step_in "${p}again" "$w/${p}pipeline.ll" $opt -passes="amdsync<$bopts>" -S
    judge_proc "${p}again" || return
    if [ "$rc" -ne 0 ]; then
      finding nonidem "${p}again" "the pipeline fails on its own output"; return
    elif ! same_ll "$w/${p}again.out" "$w/${p}pipeline.ll"; then
      diff "$w/${p}pipeline.ll" "$w/${p}again.out" > "$w/${p}again.diff"
      finding nonidem "${p}again" "the pipeline changes its own output"; return
    fi
  elif ! clean_refusal "${p}pipeline"; then
    finding broken "${p}pipeline" "exit 1 without an amdsync error"; return
  fi
  # the passes one by one, the checker on their output
  step_in "${p}passes" "$f" $opt -passes="amdsync-lds-barriers<$bopts>,amdsync-waitcnt<$tgt>" -S
  judge_proc "${p}passes" || return
  if [ "$rc" -eq 0 ]; then
    cp "$w/${p}passes.out" "$w/${p}passes.ll"
    step "${p}verify" $opt -passes="amdsync-verify<$tgt>" -disable-output "$w/${p}passes.ll"
    judge_proc "${p}verify" || return
    if [ "$rc" -ne 0 ]; then
      finding checker "${p}verify" "amdsync-verify rejects the passes' output"; return
    fi
    if [ "$prc" -eq 0 ] && ! same_ll "$w/${p}passes.ll" "$w/${p}pipeline.ll"; then
      diff "$w/${p}pipeline.ll" "$w/${p}passes.ll" > "$w/${p}passes.diff"
      finding split "${p}passes" "amdsync<> and the passes one by one differ"; return
    fi
    oracle "${p}exec" "$w/${p}passes.ll"
  elif ! clean_refusal "${p}passes"; then
    finding broken "${p}passes" "exit 1 without an amdsync error"; return
  fi
  if [ "$prc" -eq 0 ]; then ll_verdict=ok; else ll_verdict=refused; fi
}

# The chip for lowering: the target, else the mutant's first gfx name.
chip_of() {
  if [ "$target" != none ]; then echo "$target"; return; fi
  c=$(grep -o -m1 'gfx[0-9a-f]*' "$1" | head -1)
  echo "${c:-gfx942}"
}

# Whether the unmutated input disagrees the same way: the passes' output of
# the baseline, lowered, rejected by the LLVM IR checker (a precision gap of
# the LLVM IR side the tests already have, e.g. disjoint memref views whose
# lowered addresses it cannot tell apart): then the mutant adds nothing.
cross_known() {
  step base-passes $mlir_opt --pass-pipeline="builtin.module(amdsync-lds-barriers{$bopts},amdsync-waitcnt{$tgt})" "$w/baseline.mlir" -o "$w/base-passes.mlir"
  [ "$rc" -eq 0 ] || return 1
  step_in base-lower "$w/base-passes.mlir" sh "$lower" "$1"
  [ "$rc" -eq 0 ] || return 1
  cp "$w/base-lower.out" "$w/base-lowered.ll"
  step base-cross $opt -passes="amdsync-verify<target=$1>" -disable-output "$w/base-lowered.ll"
  [ "$rc" -eq 1 ]
}

# ---- MLIR through the mlir-opt plugin ------------------------------------------------
fuzz_mlir() {
  f=$1
  verdict=finding
  step valid "$LLVM_TOOLS/mlir-opt" --irdl-file="$irdl" "$f" -o /dev/null
  if [ "$rc" -ne 0 ]; then verdict=invalid; return; fi
  tgt=""
  [ "$target" = none ] || tgt="target=$target"
  bopts=$tgt
  [ "$strategy" = default ] || bopts="${bopts:+$bopts }strategy=$strategy"
  vopts=$tgt
  if [ "$waw" = 1 ]; then
    bopts="${bopts:+$bopts }waw-hazards=true"
    vopts="${vopts:+$vopts }waw-hazards=true"
  fi
  step pipeline $mlir_opt --pass-pipeline="builtin.module(amdsync{$bopts})" "$f" -o "$w/pipeline.mlir"
  judge_proc pipeline || return
  prc=$rc
  if [ "$prc" -eq 0 ]; then
    step again $mlir_opt --pass-pipeline="builtin.module(amdsync{$bopts})" "$w/pipeline.mlir" -o "$w/again.mlir"
    judge_proc again || return
    if [ "$rc" -ne 0 ]; then
      finding nonidem again "the pipeline fails on its own output"; return
    elif ! cmp -s "$w/pipeline.mlir" "$w/again.mlir"; then
      diff "$w/pipeline.mlir" "$w/again.mlir" > "$w/again.diff"
      finding nonidem again "the pipeline changes its own output"; return
    fi
  elif ! clean_refusal pipeline; then
    finding broken pipeline "exit 1 without an amdsync error"; return
  fi
  step passes $mlir_opt --pass-pipeline="builtin.module(amdsync-lds-barriers{$bopts},amdsync-waitcnt{$tgt})" "$f" -o "$w/passes.mlir"
  judge_proc passes || return
  if [ "$rc" -eq 0 ]; then
    step verify $mlir_opt --pass-pipeline="builtin.module(amdsync-verify{$vopts})" "$w/passes.mlir" -o /dev/null
    judge_proc verify || return
    if [ "$rc" -ne 0 ]; then
      finding checker verify "amdsync-verify rejects the passes' output"; return
    fi
    if [ "$prc" -eq 0 ] && ! cmp -s "$w/passes.mlir" "$w/pipeline.mlir"; then
      diff "$w/pipeline.mlir" "$w/passes.mlir" > "$w/passes.diff"
      finding split passes "amdsync{} and the passes one by one differ"; return
    fi
    if [ "$use_lower" = 1 ]; then
      # the output lowered: the LLVM IR checker must agree, the oracle too
      chip=$(chip_of "$f")
      step_in lower-out "$w/passes.mlir" sh "$lower" "$chip"
      if [ "$rc" -eq 0 ]; then
        cp "$w/lower-out.out" "$w/passes-lowered.ll"
        step cross $opt -passes="amdsync-verify<target=$chip>" -disable-output "$w/passes-lowered.ll"
        judge_proc cross || return
        if [ "$rc" -ne 0 ]; then
          if cross_known "$chip"; then
            x_cross_known=$((x_cross_known + 1))
          else
            finding cross cross "the LLVM IR checker rejects the lowered output the MLIR checker accepted"; return
          fi
        fi
        oracle exec "$w/passes-lowered.ll"
      fi
    fi
  elif ! clean_refusal passes; then
    finding broken passes "exit 1 without an amdsync error"; return
  fi
  if [ "$prc" -eq 0 ]; then verdict=ok; else verdict=refused; fi
  if [ "$use_lower" = 1 ]; then
    # the mutant itself lowered, through the opt plugin
    chip=$(chip_of "$f")
    step_in lower "$f" sh "$lower" "$chip"
    if [ "$rc" -eq 0 ]; then
      n_lowered=$((n_lowered + 1))
      cp "$w/lower.out" "$w/lowered.ll"
      fuzz_ll ll- "$w/lowered.ll"
      [ "$ll_verdict" = finding ] && verdict=finding
    fi
  fi
}

# ---- The loop -------------------------------------------------------------------
start=$(date +%s)
iter=0
echo "fuzz: seed $seed, $ncorpus seed files, build $build${san:+ (sanitizers)}, findings in $out" >&2
while :; do
  if [ "$runs" -gt 0 ] && [ "$n_runs" -ge "$runs" ]; then break; fi
  if [ "$seconds" -gt 0 ] && [ $(($(date +%s) - start)) -ge "$seconds" ]; then break; fi
  iter=$((iter + 1))
  idx=$("$mutate" --seed "$seed" --iter "$iter" --pick "$ncorpus")
  src=$(sed -n "$((idx + 1))p" "$corpus")
  w=$work/run
  rm -rf "$w"
  mkdir -p "$w"
  case $src in *.mlir) ext=mlir ;; *) ext=ll ;; esac
  m=$w/mutant.$ext
  if ! info=$("$mutate" --seed "$seed" --iter "$iter" --baseline "$w/baseline.$ext" -o "$m" "$src" 2>/dev/null); then
    n_skipped=$((n_skipped + 1))
    continue
  fi
  target=gfx942 strategy=default waw=0 existing=keep muts=none
  eval "$info"
  printf '%s\n%s\n' "$src" "$info" > "$w/source.txt"
  n_runs=$((n_runs + 1))
  if [ "$quiet" = 0 ] && [ $((n_runs % 100)) -eq 0 ]; then
    echo "fuzz: $n_runs runs, $findings finding(s), $(($(date +%s) - start))s" >&2
  fi
  if [ "$ext" = mlir ]; then
    n_mlir=$((n_mlir + 1))
    fuzz_mlir "$m"
  else
    n_llvm=$((n_llvm + 1))
    fuzz_ll "" "$m"
    verdict=$ll_verdict
  fi
  case $verdict in
    invalid) n_invalid=$((n_invalid + 1)) ;;
    ok) n_ok=$((n_ok + 1)) ;;
    refused) n_refused=$((n_refused + 1)) ;;
  esac
done
elapsed=$(($(date +%s) - start))

exec_line="not built ($exec_oracle)"
[ -x "$exec_oracle" ] && exec_line="ok $x_ok, unsupported $x_unsupported, step-limit $x_steplimit, mutant's undefined behaviour $x_ub, not compilable for the chip $x_nollc, not runnable (exit 2: no size, no chip) $x_usage, other $x_other"
cat <<EOF
fuzz: seed $seed: $n_runs runs in ${elapsed}s ($n_mlir MLIR, $n_llvm LLVM IR, $n_lowered MLIR lowered to LLVM IR; $n_skipped skipped)
  invalid   $n_invalid
  ok        $n_ok
  refused   $n_refused
  crash     $j_crash
  sanitizer $j_sanitizer
  hang      $j_hang
  nonidem   $j_nonidem
  checker   $j_checker
  split     $j_split
  broken    $j_broken
  cross     $j_cross   (and $x_cross_known where the unmutated input disagrees too: not counted)
  exec      $j_exec   (oracle: $exec_line)
  known     $n_known   (recorded in $known: not findings)
  findings  $findings (under $out)
EOF
[ "$findings" -eq 0 ]
