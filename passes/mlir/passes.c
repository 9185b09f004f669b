/*===- passes.c - amdsync-lds-barriers and amdsync-verify on MLIR -----------===*
 *
 * The pass bodies: find every function under the op the pass runs on,
 * resolve its target (pass option, else the enclosing gpu.module's
 * #rocdl.target), translate it, run the core, and emit or report.
 * Each function gets its own arena; nothing is shared between invocations,
 * so the passes are safe under the multi-threaded pass manager.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"
#include "../shared/pipeline.h"
#include "../shared/spelling.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>

/*===--- Collecting functions -----------------------------------------------===*/

typedef struct {
  MlirOperation *ops;
  int count;
  int capacity;
} OpList;

static MlirWalkResult collectFunction(MlirOperation op, void *user) {
  OpList *list = user;
  if (!amdsyncMlirIsFunction(op))
    return MlirWalkResultAdvance;
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 16;
    list->ops = realloc(list->ops, (size_t)list->capacity * sizeof(MlirOperation));
    if (!list->ops)
      abort();
  }
  list->ops[list->count++] = op;
  return MlirWalkResultAdvance;
}

/*===--- Target resolution -------------------------------------------------===*/

static MlirOperation enclosingGpuModule(MlirOperation op) {
  for (MlirOperation p = op; !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p))
    if (amdsyncOpIs(p, "gpu.module"))
      return p;
  return (MlirOperation){NULL};
}

/* One #rocdl.target of a gpu.module: its chip and whether its features ask
   for wave64 (read from its text: passes/shared/spelling.h). */
typedef struct {
  char chip[64];
  bool wave64;
} ModuleTarget;

/* The #rocdl.targets of a gpu.module (others are ignored), at most `max`;
   returns how many. */
static int moduleTargets(MlirOperation module, ModuleTarget *out, int max) {
  MlirAttribute targets = mlirOperationGetAttributeByName(
      module, mlirStringRefCreateFromCString("targets"));
  if (mlirAttributeIsNull(targets) || !mlirAttributeIsAArray(targets))
    return 0;
  int n = 0;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(targets) && n < max;
       ++i) {
    char *text = amdsyncMlirAttrPrint(mlirArrayAttrGetElement(targets, i));
    bool rocdl = amdsyncSpellRocdlTarget(text, out[n].chip,
                                         sizeof out[n].chip, &out[n].wave64);
    free(text);
    n += rocdl;
  }
  return n;
}

/* The checker can run without a target: it then assumes the smallest wave
   size (32), so a workgroup counts as one wave only if that is certain. */
static const AmdsyncTarget kAnyTarget = {
    "any", AMDSYNC_GEN_GFX9, AMDSYNC_BARRIER_MONOLITHIC, 32, false,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

/* What a function is synchronized for: one chip, or every #rocdl.target of
   its gpu.module merged (same generation required; the smallest wave size
   and the smallest counter maxima, which only wait more). */
typedef struct {
  AmdsyncTarget target;
  char chip[160];
  int wave_size; ///< the lanes of one wave, for the one-wave rule
  bool any;      ///< no target (the checker only): kAnyTarget
} ResolvedTarget;

static int waveOf(const AmdsyncTarget *t, bool wave64) {
  return t->supports_wave64 && wave64 ? 64 : t->default_wave_size;
}

static int minCount(int a, int b) { return a < b ? a : b; }

static void mergeInto(AmdsyncTarget *m, const AmdsyncTarget *t) {
  m->max_vmcnt = minCount(m->max_vmcnt, t->max_vmcnt);
  m->max_expcnt = minCount(m->max_expcnt, t->max_expcnt);
  m->max_lgkmcnt = minCount(m->max_lgkmcnt, t->max_lgkmcnt);
  m->max_vscnt = minCount(m->max_vscnt, t->max_vscnt);
  m->max_loadcnt = minCount(m->max_loadcnt, t->max_loadcnt);
  m->max_storecnt = minCount(m->max_storecnt, t->max_storecnt);
  m->max_dscnt = minCount(m->max_dscnt, t->max_dscnt);
  m->max_kmcnt = minCount(m->max_kmcnt, t->max_kmcnt);
  m->max_asynccnt = minCount(m->max_asynccnt, t->max_asynccnt);
  m->max_tensorcnt = minCount(m->max_tensorcnt, t->max_tensorcnt);
}

static void unknownTarget(MlirOperation func, const char *name) {
  char msg[1024];
  snprintf(msg, sizeof msg, "amdsync: unknown target '%.128s'; known: %s", name,
           amdsyncTargetKnownList());
  mlirEmitError(mlirOperationGetLocation(func), msg);
}

enum { kMaxModuleTargets = 32 };

static bool resolveTarget(MlirOperation func, const AmdsyncMlirOptions *o,
                          const char *pass, bool optional,
                          ResolvedTarget *out) {
  memset(out, 0, sizeof *out);
  ModuleTarget mt[kMaxModuleTargets];
  MlirOperation m = enclosingGpuModule(func);
  int n = mlirOperationIsNull(m) ? 0 : moduleTargets(m, mt, kMaxModuleTargets);
  if (o->target && *o->target) {
    /* The option names the chip; the module's targets say whether it runs
       in wave64 (only if every one of them does). */
    const AmdsyncTarget *t = amdsyncTargetLookup(o->target);
    if (!t) {
      unknownTarget(func, o->target);
      return false;
    }
    bool wave64 = n > 0;
    for (int i = 0; i < n; ++i)
      wave64 &= mt[i].wave64;
    out->target = *t;
    out->wave_size = waveOf(t, wave64);
    snprintf(out->chip, sizeof out->chip, "%s", t->chip);
    out->target.chip = out->chip;
    return true;
  }
  if (n == 0) {
    if (optional) {
      out->target = kAnyTarget;
      out->wave_size = kAnyTarget.default_wave_size;
      out->any = true;
      return true;
    }
    char msg[300];
    snprintf(msg, sizeof msg,
             "amdsync: no target: pass the chip as an option (e.g. "
             "%s{target=gfx942}) or put the function in a gpu.module with a "
             "#rocdl.target",
             pass);
    mlirEmitError(mlirOperationGetLocation(func), msg);
    return false;
  }
  const AmdsyncTarget *first = NULL;
  for (int i = 0; i < n; ++i) {
    const AmdsyncTarget *t = amdsyncTargetLookup(mt[i].chip);
    if (!t) {
      unknownTarget(func, mt[i].chip);
      return false;
    }
    int wave = waveOf(t, mt[i].wave64);
    if (!first) {
      first = t;
      out->target = *t;
      out->wave_size = wave;
      snprintf(out->chip, sizeof out->chip, "%s", t->chip);
      continue;
    }
    if (t->generation != first->generation || t->barrier != first->barrier) {
      char msg[512];
      snprintf(msg, sizeof msg,
               "amdsync: the targets of this gpu.module disagree: %s (%s) and "
               "%s (%s) need different barriers or wait encodings; "
               "synchronize them in separate gpu.modules or pass target=",
               first->chip, amdsyncGenerationName(first->generation), t->chip,
               amdsyncGenerationName(t->generation));
      mlirEmitError(mlirOperationGetLocation(func), msg);
      return false;
    }
    mergeInto(&out->target, t);
    if (wave < out->wave_size)
      out->wave_size = wave;
    if (!strstr(out->chip, t->chip)) {
      size_t len = strlen(out->chip);
      snprintf(out->chip + len, sizeof out->chip - len, "+%s", t->chip);
    }
  }
  out->target.chip = out->chip;
  return true;
}

static bool parseStrategy(MlirOperation root, const AmdsyncMlirOptions *o,
                          const AmdsyncTarget *t, AmdsyncStrategy *out) {
  if (amdsyncStrategyParse(o->strategy, t, out))
    return true;
  char msg[256];
  snprintf(msg, sizeof msg,
           "amdsync: unknown strategy '%.64s'; expected 'minimize' or "
           "'disjoint'",
           o->strategy);
  mlirEmitError(mlirOperationGetLocation(root), msg);
  return false;
}

/*===--- One function through the shared pipeline ----------------------------===*/

static bool hasWaveBarriers(const AmdsyncProgram *p) {
  for (int i = 0; i < p->barriers.count; ++i)
    if (((AmdsyncNode *)p->barriers.items[i])->u.barrier.op ==
        AMDSYNC_BARRIER_WAVE)
      return true;
  return false;
}

/* The MLIR side of the shared pipeline (passes/shared/pipeline.c). */

static int sameBytesCb(void *ctx) {
  return amdsyncMlirCheckSameBytes(ctx);
}

static bool completeFencesCb(void *ctx, AmdsyncStats *stats) {
  return amdsyncMlirCompleteFences(ctx, stats);
}

static bool emitCb(void *ctx, AmdsyncEmitSchedule *s,
                   const AmdsyncPlacementResult *r, AmdsyncStats *stats) {
  return amdsyncMlirEmit(ctx, s, r, stats);
}

static bool emitWaitsCb(void *ctx, AmdsyncWaitResult *r,
                        AmdsyncStats *stats) {
  return amdsyncMlirEmitWaits(ctx, r, stats);
}

static void eraseLoweredCb(void *ctx, const AmdsyncWaitResult *r,
                           AmdsyncStats *stats) {
  (void)ctx;
  amdsyncMlirEraseLowered(r, stats);
}

static void eraseSinceCb(void *ctx, int mark) {
  amdsyncMlirEraseInsertedSince(ctx, mark);
}

static const AmdsyncFrontEnd kMlirFrontEnd = {
    .same_bytes_errors = sameBytesCb,
    .complete_fences = completeFencesCb,
    .emit = emitCb,
    .emit_waits = emitWaitsCb,
    .erase_lowered = eraseLoweredCb,
    .erase_inserted_since = eraseSinceCb,
};

/* RUN_RECHECK: the barrier pass's second look at a function's calls once
   every function has its barriers (amdsyncRunRecheck). */
typedef enum { RUN_PLACE, RUN_WAITS, RUN_VERIFY, RUN_RECHECK } RunMode;

static const char *passName(RunMode mode) {
  return mode == RUN_PLACE || mode == RUN_RECHECK ? "amdsync-lds-barriers"
         : mode == RUN_WAITS                      ? "amdsync-waitcnt"
                                                  : "amdsync-verify";
}

/* Walk callback: stops at the first call of a function (not an
   intrinsic). */
static MlirWalkResult findCall(MlirOperation op, void *user) {
  if (amdsyncOpIs(op, "func.call") || amdsyncOpIs(op, "func.call_indirect") ||
      (amdsyncOpIs(op, "llvm.call") &&
       !(amdsyncMlirCallee(op).length > 5 &&
         memcmp(amdsyncMlirCallee(op).data, "llvm.", 5) == 0))) {
    *(bool *)user = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

static bool hasCalls(MlirOperation func) {
  bool found = false;
  mlirOperationWalk(func, findCall, &found, MlirWalkPreOrder);
  return found;
}

/* Whether the wave-level ordering points of the function suffice depends
   on the wave size (32 or 64 lanes) when no chip is given and the module's
   targets differ in it: say so instead of guessing. */
static bool waveSizeOpen(const ResolvedTarget *resolved, MlirOperation func,
                         const AmdsyncProgram *p) {
  if (!resolved->any || !hasWaveBarriers(p))
    return false;
  int64_t size = amdsyncMlirMaxWorkgroupSize(func);
  return size > 32 && size <= 64;
}

/* The checker on translated `fn`; adds its errors to `stats`. */
static bool verifyTranslated(AmdsyncMlirFunction *fn,
                             const AmdsyncFunctionRun *run,
                             const ResolvedTarget *resolved) {
  if (amdsyncMlirCheckSameBytes(fn) > 0) {
    run->stats->violations += fn->errors;
    return false;
  }
  if (waveSizeOpen(resolved, fn->func, fn->program)) {
    mlirEmitError(mlirOperationGetLocation(fn->func),
                  "amdsync-verify: whether this workgroup fits one wave "
                  "depends on the wave size: pass the chip "
                  "(amdsync-verify{target=...}) or put the function in a "
                  "gpu.module with a #rocdl.target");
    return false;
  }
  int before = fn->errors;
  int bad = amdsyncRunCheck(run);
  /* Those it found (as on the LLVM side): reported, or held by the error
     limit (which adds them to fn->errors). */
  run->stats->violations += fn->errors - before;
  return bad == 0;
}

/* One function's translation, kept from the barrier pass for the wait
   pass in the `amdsync` pipeline (amdsyncMlirRun). */
typedef struct {
  AmdsyncMlirFunction fn;
  ResolvedTarget resolved;
  AmdsyncEmitted *emitted;
} Translation;

static void dropTranslation(Translation *t) {
  if (!t)
    return;
  amdsyncArenaDestroy(t->fn.arena);
  free(t);
}

/* The function's symbol name, in its arena ("?" without one). */
static const char *functionName(AmdsyncMlirFunction *fn) {
  MlirAttribute name = mlirOperationGetAttributeByName(
      fn->func, mlirStringRefCreateFromCString("sym_name"));
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return "?";
  MlirStringRef s = mlirStringAttrGetValue(name);
  return amdsyncArenaStrndup(fn->arena, s.data, s.length);
}

static AmdsyncFunctionRun runOf(Translation *t, AmdsyncStats *stats) {
  AmdsyncFunctionRun run = {&kMlirFrontEnd, &t->fn, t->fn.program,
                            &t->resolved.target,
                            amdsyncMlirDiagnostics(&t->fn), stats,
                            &t->fn.errors, &t->fn.inserted.count,
                            NULL, NULL, NULL, 0};
  /* An error about the picture's file or the errors the limit held: at
     the function. */
  run.origin = t->fn.func.ptr;
  run.error_limit = amdsyncErrorLimitOf(t->fn.options->error_limit);
  const char *picture = t->fn.options->picture;
  if (picture && *picture) {
    run.picture = picture;
    run.name = functionName(&t->fn);
  }
  return run;
}

/* What the passes share over one module run: the escape question, and in
   the `amdsync` pipeline the uniformity the barrier pass solved for each
   function it placed, kept for the checker's translation (the barrier
   pass inserts ops without results or operands only, which change no
   value's uniformity; the checker's own divergence of blocks is still its
   own, check.c). */
typedef struct {
  AmdsyncEscapes escapes;
  AmdsyncArena *kept; /* NULL: keep nothing */
  AmdsyncPtrMap uniformity; /* function -> its kept AmdsyncPtrMap */
} ModuleRun;

static void keepUniformity(ModuleRun *module, const AmdsyncMlirFunction *fn) {
  const AmdsyncPtrMap *m =
      amdsyncMlirKeepUniformity(&fn->uniformity, module->kept);
  if (m) /* NULL: never solved, nothing to keep */
    amdsyncPtrMapPutPointer(module->kept, &module->uniformity, fn->func.ptr,
                            m);
}

/* The answers kept for `func`, or NULL. */
static const AmdsyncPtrMap *keptUniformity(const ModuleRun *module,
                                           MlirOperation func) {
  return amdsyncPtrMapGetPointer(&module->uniformity, func.ptr);
}

/* Runs `mode` on `func`. `keep` (RUN_PLACE only; may be NULL) gets the
   translation when the placement stands, for the wait pass to follow on
   (waitsOnKept); the caller drops it. */
static bool runOnFunction(MlirOperation func, const AmdsyncMlirOptions *o,
                          AmdsyncMlirStats *stats, RunMode mode,
                          ModuleRun *module, int *placed, Translation **keep) {
  if (o->function_begin)
    o->function_begin(o->remark_ctx, func);
  Translation *t = calloc(1, sizeof *t);
  if (!t || !resolveTarget(func, o, passName(mode), mode == RUN_VERIFY,
                           &t->resolved)) {
    free(t);
    return false;
  }
  const AmdsyncTarget *target = &t->resolved.target;
  AmdsyncStrategy strategy = AMDSYNC_STRATEGY_MINIMIZE;
  if (mode == RUN_PLACE && !parseStrategy(func, o, target, &strategy)) {
    free(t);
    return false;
  }
  if (mode == RUN_WAITS && !amdsyncMlirHasAsyncWork(func)) {
    stats->functions++;
    free(t);
    return true; /* no transfer, mark or wait: nothing to wait for */
  }
  AmdsyncMlirFunction *fn = &t->fn;
  fn->arena = amdsyncArenaCreate();
  AmdsyncPtrVec removed = {NULL, 0, 0};
  int nremoved = mode == RUN_PLACE && o->replace_existing
                     ? amdsyncMlirRemoveLdsOnlyBarriers(func, fn->arena,
                                                        &removed)
                     : 0;
  fn->target = target;
  fn->any_target = t->resolved.any;
  fn->options = o;
  fn->func = func;
  fn->escapes = &module->escapes;
  if (mode == RUN_VERIFY)
    fn->uniformity.kept = keptUniformity(module, func);
  fn->purpose = mode == RUN_PLACE     ? "placement"
                : mode == RUN_RECHECK ? "the call recheck"
                : mode == RUN_WAITS   ? "waits"
                                      : "the checker";
  bool ok = amdsyncMlirTranslate(fn);
  if (ok) {
    amdsyncProgramSetSingleWave(
        fn->program, amdsyncMlirIsSingleWave(func, t->resolved.wave_size));
    amdsyncProgramSetWaveSize(fn->program, t->resolved.wave_size);
    int64_t extent[3];
    amdsyncMlirWorkgroupExtent(func, extent);
    /* The user's workgroup-dims, in a kernel only: a helper runs in its
       callers' workgroups, which may state two dimensions. */
    if (amdsyncMlirIsKernel(func))
      amdsyncWorkgroupDimsApply(extent, o->workgroup_dims);
    int64_t lanes = amdsyncMlirMaxWorkgroupSize(func);
    amdsyncProgramSetWorkgroup(fn->program, extent, lanes > 0 ? lanes : 0,
                               extent[0] > 0); /* known_block_size: exact */
    amdsyncProgramFinalize(fn->program);
    AmdsyncFunctionRun run = runOf(t, stats);
    if (mode != RUN_RECHECK)
      stats->functions++;
    switch (mode) {
    case RUN_PLACE:
      ok = amdsyncRunBarriers(&run, strategy, placed,
                              keep ? &t->emitted : NULL);
      break;
    case RUN_WAITS:
      ok = amdsyncRunWaits(&run);
      break;
    case RUN_VERIFY:
      ok = verifyTranslated(fn, &run, &t->resolved);
      break;
    case RUN_RECHECK:
      ok = amdsyncRunRecheck(&run, *placed);
      break;
    }
  }
  ok = ok && fn->errors == 0;
  if (ok) {
    amdsyncMlirDeleteRemoved(&removed);
    stats->barriers_removed += nremoved;
    stats->ops_changed += nremoved;
  } else {
    amdsyncMlirRestoreBarriers(&removed); /* the function is as it was */
  }
  stats->ops_changed += fn->inserted.count;
  bool async = ok && amdsyncProgramHasAsyncWork(fn->program);
  /* Not where the pass deleted the input's barriers or the wait pass will
     erase marks: a destroyed op's memory may then hold a new value. */
  if (ok && mode == RUN_PLACE && module->kept && nremoved == 0 && !async)
    keepUniformity(module, fn);
  /* Kept only with async work to wait for: a module's translations held
     at once would double the pass's peak memory. */
  if (ok && keep && t->emitted && async) {
    *keep = t;
    return true;
  }
  dropTranslation(t);
  return ok;
}

/* The wait pass on a translation the barrier pass kept, counted in
   `stats` as the wait pass alone counts (the caller counts the function). */
static bool waitsOnKept(Translation *t, AmdsyncStats *stats) {
  int before = t->fn.inserted.count;
  AmdsyncFunctionRun run = runOf(t, stats);
  bool ok = amdsyncRunWaitsAsEmitted(&run, t->emitted) && t->fn.errors == 0;
  stats->ops_changed += t->fn.inserted.count - before;
  return ok;
}

/* The op a pass runs on must be a module: a function's synchronization
   depends on the functions it calls (whether they execute a barrier, and
   the barriers the pass puts into them first), and MLIR's pass manager
   runs passes scheduled on functions in parallel, each rewriting its own
   function while another reads it. False after a diagnostic (on stderr
   when there is no op to put it at). */
static bool checkRoot(MlirOperation root, RunMode mode, const char *entry) {
  if (mlirOperationIsNull(root)) {
    fprintf(stderr,
            "error: amdsync: %s: the operation is null; nothing was run\n",
            entry);
    return false;
  }
  if (amdsyncMlirIsModule(root))
    return true;
  char msg[640];
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(root));
  snprintf(msg, sizeof msg,
           "%s: cannot run on '%.*s': schedule it on a builtin.module or "
           "gpu.module, as builtin.module(%s) or "
           "builtin.module(gpu.module(%s)); a function's barriers depend "
           "on the functions it calls, which passes scheduled per function "
           "rewrite in parallel",
           passName(mode), (int)(name.length > 64 ? 64 : name.length),
           name.data, passName(mode), passName(mode));
  mlirEmitError(mlirOperationGetLocation(root), msg);
  return false;
}

static MlirLogicalResult runOnAll(MlirOperation root,
                                  const AmdsyncMlirOptions *o,
                                  AmdsyncMlirStats *stats, RunMode mode,
                                  const char *entry, AmdsyncPipelineStats *pipe,
                                  ModuleRun *shared) {
  /* pipe: the `amdsync` pipeline, whose wait pass follows on the barrier
     pass's translations once every function has its barriers. */
  AmdsyncMlirOptions defaults;
  memset(&defaults, 0, sizeof defaults);
  if (!o)
    o = &defaults;
  AmdsyncMlirStats scratch;
  if (!stats)
    stats = &scratch;
  memset(stats, 0, sizeof *stats);
  if (!checkRoot(root, mode, entry))
    return mlirLogicalResultFailure();
  if (o->target && *o->target && !amdsyncTargetLookup(o->target)) {
    char msg[512];
    snprintf(msg, sizeof msg, "amdsync: unknown target '%s'; known: %s",
             o->target, amdsyncTargetKnownList());
    mlirEmitError(mlirOperationGetLocation(root), msg);
    return mlirLogicalResultFailure();
  }
  OpList list = {NULL, 0, 0};
  mlirOperationWalk(root, collectFunction, &list, MlirWalkPreOrder);
  bool ok = true;
  ModuleRun own = {{-1, root}, NULL, {0}}; /* escapes: on first need */
  ModuleRun *module = shared ? shared : &own;
  /* The barrier pass takes non-kernel functions first: a barrier it puts
     into a helper is then in place when the kernels that call it are
     analyzed, so a call of it in divergent control flow is an error there
     (a hang otherwise). */
  int *placed = calloc((size_t)list.count + 1, sizeof(int));
  bool *done = calloc((size_t)list.count + 1, sizeof(bool));
  Translation **kept =
      pipe ? calloc((size_t)list.count + 1, sizeof(void *)) : NULL;
  if (pipe)
    pipe->passes_run = 1;
  bool gained = false;
  for (int kernels = 0; kernels < 2; ++kernels)
    for (int i = 0; i < list.count; ++i)
      if (mode != RUN_PLACE ? kernels == 0
                            : amdsyncMlirIsKernel(list.ops[i]) == (kernels == 1)) {
        int before = stats->barriers + stats->signals;
        done[i] = runOnFunction(list.ops[i], o, stats, mode, module,
                                &placed[i], kept ? &kept[i] : NULL);
        ok &= done[i];
        gained |= !kernels && stats->barriers + stats->signals > before;
      }
  /* Helpers that got their first barriers in this run may be called from
     functions placed before them (helpers in walk order, recursion). */
  if (mode == RUN_PLACE && gained)
    for (int i = 0; i < list.count; ++i)
      if (done[i] && hasCalls(list.ops[i]))
        ok &= runOnFunction(list.ops[i], o, stats, RUN_RECHECK, module,
                            &placed[i], NULL);
  if (kept) {
    if (ok) {
      pipe->passes_run = 2;
      for (int i = 0; i < list.count; ++i) {
        pipe->waits.functions += done[i];
        if (kept[i])
          ok &= waitsOnKept(kept[i], &pipe->waits);
      }
    }
    for (int i = 0; i < list.count; ++i)
      dropTranslation(kept[i]);
    free(kept);
  }
  free(placed);
  free(done);
  free(list.ops);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

MlirLogicalResult amdsyncMlirRunLdsBarriers(MlirOperation root,
                                            const AmdsyncMlirOptions *options,
                                            AmdsyncMlirStats *stats) {
  return runOnAll(root, options, stats, RUN_PLACE, __func__, NULL, NULL);
}

MlirLogicalResult amdsyncMlirRunWaitcnt(MlirOperation root,
                                        const AmdsyncMlirOptions *options,
                                        AmdsyncMlirStats *stats) {
  return runOnAll(root, options, stats, RUN_WAITS, __func__, NULL, NULL);
}

MlirLogicalResult amdsyncMlirRunVerify(MlirOperation root,
                                       const AmdsyncMlirOptions *options,
                                       AmdsyncMlirStats *stats) {
  return runOnAll(root, options, stats, RUN_VERIFY, __func__, NULL, NULL);
}

MlirLogicalResult amdsyncMlirRun(MlirOperation root,
                                 const AmdsyncMlirOptions *options,
                                 AmdsyncPipelineStats *stats) {
  AmdsyncPipelineStats scratch;
  if (!stats)
    stats = &scratch;
  memset(stats, 0, sizeof *stats);
  /* One escape answer for the three passes: they change no LDS pointer's
     uses (the checker's independence is in its walk, hazard predicate and
     divergence, not in what the shared translation reads). */
  ModuleRun module = {{-1, root}, amdsyncArenaCreate(), {0}};
  MlirLogicalResult r = runOnAll(root, options, &stats->barriers, RUN_PLACE,
                                 __func__, stats, &module);
  if (mlirLogicalResultIsSuccess(r)) {
    stats->passes_run = 3;
    r = runOnAll(root, options, &stats->verify, RUN_VERIFY, __func__, NULL,
                 &module);
  }
  amdsyncArenaDestroy(module.kept);
  return r;
}
