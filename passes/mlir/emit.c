/*===- emit.c - Placements back into MLIR -----------------------------------===*
 *
 * Turns the core's placements into ops at the recorded gap anchors:
 *
 *  - monolithic targets: `amdgpu.lds_barrier` right before the consumer
 *    (it lowers to release fence, s_barrier, acquire fence, all with the
 *    `amdgpu-synchronize-as = local` MMRA: TOOLCHAIN-FACTS.md);
 *  - split targets: a workgroup release fence and `rocdl.s.barrier.signal
 *    id = -1` right after the producer, `rocdl.s.barrier.wait id = -1` and
 *    a workgroup acquire fence right before the consumer: the same ordering
 *    `amdgpu.lds_barrier` gives on gfx1201, with the window opened
 *    (spec/amdgpu-usage.txt, GFX12 memory model: LDS writes complete,
 *    s_wait_dscnt 0, before the signal);
 *  - single-wave workgroups: a free wave-level ordering point, a
 *    wavefront-scope release fence, `llvm.amdgcn.wave.barrier` and an
 *    acquire fence, which keep llc from reordering the LDS accesses and
 *    emit no instruction (brief §1).
 *
 * Also owns the diagnostics callbacks the core reports through.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"
#include "../shared/spelling.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static const char kLdsBarrier[] = "\"amdgpu.lds_barrier\"() : () -> ()";
static const char kSignal[] =
    "\"rocdl.s.barrier.signal\"() <{id = -1 : i32}> : () -> ()";
static const char kWait[] =
    "\"rocdl.s.barrier.wait\"() <{id = -1 : i16}> : () -> ()";
static const char kReleaseWG[] =
    "\"llvm.fence\"() <{ordering = 5 : i64, syncscope = \"workgroup\"}> "
    "{llvm.mmra = #llvm.mmra_tag<\"amdgpu-synchronize-as\":\"local\">} : "
    "() -> ()";
static const char kAcquireWG[] =
    "\"llvm.fence\"() <{ordering = 4 : i64, syncscope = \"workgroup\"}> "
    "{llvm.mmra = #llvm.mmra_tag<\"amdgpu-synchronize-as\":\"local\">} : "
    "() -> ()";
static const char kReleaseWave[] =
    "\"llvm.fence\"() <{ordering = 5 : i64, syncscope = \"wavefront\"}> "
    "{llvm.mmra = #llvm.mmra_tag<\"amdgpu-synchronize-as\":\"local\">} : "
    "() -> ()";
static const char kAcquireWave[] =
    "\"llvm.fence\"() <{ordering = 4 : i64, syncscope = \"wavefront\"}> "
    "{llvm.mmra = #llvm.mmra_tag<\"amdgpu-synchronize-as\":\"local\">} : "
    "() -> ()";
static const char kWaveBarrier[] =
    "\"llvm.call_intrinsic\"() <{fastmathFlags = #llvm.fastmath<none>, "
    "intrin = \"llvm.amdgcn.wave.barrier\", op_bundle_sizes = array<i32>, "
    "operandSegmentSizes = array<i32: 0, 0>}> : () -> ()";

/* Where consecutive ops of one placement go: before `before` (or at the end
   of the block, before its terminator), or after `after` (or at the start
   of the block), keeping their textual order. */
typedef struct {
  MlirBlock block;
  MlirOperation before; /* insert before this op, or */
  MlirOperation after;  /* after this op, moving forward */
  bool at_start;
} Cursor;

static Cursor cursorBefore(const AmdsyncGapAnchor *a) {
  Cursor c = {{a->block}, {a->before}, {NULL}, false};
  if (!c.before.ptr)
    c.before = mlirBlockGetTerminator(c.block);
  return c;
}

static Cursor cursorAfter(const AmdsyncGapAnchor *a) {
  Cursor c = {{a->block}, {NULL}, {a->after}, !a->after};
  return c;
}

static void insertAt(Cursor *c, MlirOperation op) {
  if (c->before.ptr) {
    mlirBlockInsertOwnedOperationBefore(c->block, c->before, op);
    return;
  }
  if (c->at_start) {
    MlirOperation first = mlirBlockGetFirstOperation(c->block);
    if (mlirOperationIsNull(first))
      mlirBlockAppendOwnedOperation(c->block, op);
    else
      mlirBlockInsertOwnedOperationBefore(c->block, first, op);
    c->at_start = false;
  } else if (c->after.ptr) {
    mlirBlockInsertOwnedOperationAfter(c->block, c->after, op);
  } else {
    mlirBlockAppendOwnedOperation(c->block, op);
  }
  c->after = op;
}

/* The ops one emission creates, each parsed once from its text and then
   cloned (parsing builds a module per op); the emission destroys them. */
enum { kMaxTemplates = 16 };
typedef struct {
  MlirContext ctx;
  char text[kMaxTemplates][160];
  MlirOperation op[kMaxTemplates];
  int count;
} Templates;

static MlirOperation createOp(Templates *t, const char *text,
                              MlirLocation loc) {
  int i = 0;
  while (i < t->count && strcmp(t->text[i], text) != 0)
    ++i;
  if (i == t->count) {
    MlirOperation parsed = mlirOperationCreateParse(
        t->ctx, mlirStringRefCreateFromCString(text),
        mlirStringRefCreateFromCString("amdsync"));
    if (mlirOperationIsNull(parsed) || t->count == kMaxTemplates ||
        strlen(text) >= sizeof t->text[0]) {
      if (!mlirOperationIsNull(parsed))
        mlirOperationSetLocation(parsed, loc);
      return parsed; /* not kept as a template */
    }
    snprintf(t->text[i], sizeof t->text[i], "%s", text);
    t->op[i] = parsed;
    t->count++;
  }
  MlirOperation op = mlirOperationClone(t->op[i]);
  mlirOperationSetLocation(op, loc);
  return op;
}

static void destroyTemplates(Templates *t) {
  for (int i = 0; i < t->count; ++i)
    mlirOperationDestroy(t->op[i]);
  t->count = 0;
}

/* Reports an op amdsync could not build (its dialect is not loaded in the
   context, typically) at the function; the caller undoes the insertions. */
static void reportCreateFailure(AmdsyncMlirFunction *fn, const char *text) {
  char msg[400];
  const char *end = strchr(text + 1, '"');
  int len = end ? (int)(end - text - 1) : 40;
  snprintf(msg, sizeof msg,
           "amdsync: could not create '%.*s' (is its dialect loaded in the "
           "context?): the function is left as it was",
           len, text + 1);
  mlirEmitError(mlirOperationGetLocation(fn->func), msg);
  fn->errors++;
}

static bool insertOps(AmdsyncMlirFunction *fn, Templates *t, Cursor *c,
                      MlirLocation loc, const char *const *texts, int n) {
  for (int i = 0; i < n; ++i) {
    MlirOperation op = createOp(t, texts[i], loc);
    if (mlirOperationIsNull(op)) {
      reportCreateFailure(fn, texts[i]);
      return false;
    }
    insertAt(c, op);
    amdsyncPtrVecPush(fn->arena, &fn->inserted, op.ptr);
  }
  return true;
}

void amdsyncMlirEraseInsertedSince(AmdsyncMlirFunction *fn, int mark) {
  assert(mark >= 0 && mark <= fn->inserted.count);
  for (int i = mark; i < fn->inserted.count; ++i)
    mlirOperationDestroy((MlirOperation){fn->inserted.items[i]});
  fn->inserted.count = mark;
}

void amdsyncMlirEraseInserted(AmdsyncMlirFunction *fn) {
  amdsyncMlirEraseInsertedSince(fn, 0);
}

static MlirLocation locationNear(const AmdsyncMlirFunction *fn, void *op_a,
                                 void *op_b) {
  if (op_a)
    return mlirOperationGetLocation((MlirOperation){op_a});
  if (op_b)
    return mlirOperationGetLocation((MlirOperation){op_b});
  return mlirOperationGetLocation(fn->func);
}

/* Where an inserted op says it comes from (issue 23): a name location,
   "amdsync <what>" and, where a hazard needs it, "orders <kind> hazard on
   <resource>", on the location of the op beside it; so a reader of the
   output (--mlir-print-debuginfo) tells inserted ops from the input's. */
static MlirLocation insertedLoc(const AmdsyncMlirFunction *fn,
                                const AmdsyncPlacement *pc, const char *what,
                                MlirLocation near) {
  char name[256];
  const AmdsyncWindow *w = pc ? pc->reason : NULL;
  if (w)
    snprintf(name, sizeof name, "amdsync %s: orders %s%s hazard on %s", what,
             w->carrier >= 0 ? "loop-carried " : "",
             amdsyncHazardName(w->kind),
             fn->program->resources[w->producer->u.access.resource].name);
  else
    snprintf(name, sizeof name, "amdsync %s", what);
  return mlirLocationNameGet(mlirLocationGetContext(near),
                             mlirStringRefCreateFromCString(name), near);
}

/*===--- Diagnostics ------------------------------------------------------------===*/

typedef struct {
  char *buf;
  int size;
  int len;
} TextSink;

static void appendSink(MlirStringRef s, void *user) {
  TextSink *t = user;
  for (size_t i = 0; i < s.length && t->len < t->size - 1; ++i)
    if (s.data[i] != '"')
      t->buf[t->len++] = s.data[i];
  t->buf[t->len] = '\0';
}

void amdsyncMlirDescribeOp(MlirOperation op, char *buf, int size) {
  MlirStringRef name = amdsyncOpName(op);
  int n = snprintf(buf, (size_t)size, "'%.*s' at ", (int)name.length, name.data);
  if (n < 0 || n >= size)
    return;
  TextSink t = {buf, size, n};
  mlirLocationPrint(mlirOperationGetLocation(op), appendSink, &t);
}

static void describeOp(void *ctx, void *origin, char *buf, int size) {
  (void)ctx;
  amdsyncMlirDescribeOp((MlirOperation){origin}, buf, size);
}

static void errorAtOrigin(void *ctx, void *origin, const char *message) {
  AmdsyncMlirFunction *fn = ctx;
  mlirEmitError(mlirOperationGetLocation((MlirOperation){origin}), message);
  fn->errors++;
}

/* An error in divergent control flow, with a note at the branch that
   makes it divergent saying why its condition may differ between lanes
   (issue 23). */
static void divergentAtOrigin(void *ctx, void *origin, const char *message,
                              void *branch) {
  AmdsyncMlirFunction *fn = ctx;
  MlirLocation at = mlirOperationGetLocation((MlirOperation){origin});
  fn->errors++;
  if (!branch) {
    mlirEmitError(at, message);
    return;
  }
  MlirOperation br = {branch};
  MlirValue cond = {NULL};
  intptr_t n = mlirOperationGetNumOperands(br);
  for (intptr_t i = 0; i < n && !cond.ptr; ++i) {
    MlirValue o = mlirOperationGetOperand(br, i);
    if (!amdsyncMlirIsUniform(&fn->uniformity, o))
      cond = o;
  }
  char why[700], note[800];
  if (cond.ptr)
    amdsyncMlirWhyDivergent(&fn->uniformity, cond, why, sizeof why);
  else
    snprintf(why, sizeof why, "a condition that may differ between lanes");
  snprintf(note, sizeof note,
           "lanes may go different ways here: this branch decides by %s",
           why);
  const char *notes[1] = {note};
  MlirLocation note_at[1] = {mlirOperationGetLocation(br)};
  amdsyncMlirEmitErrorWithNotes(at, message, 1, note_at, notes);
}

/* One error about a pair or group of ops, with a note at each other op
   (issue 23: the error at one access, a note at the other). */
static void errorWithNotes(void *ctx, void *origin, const char *message,
                           int n, void *const *others,
                           const char *const *notes) {
  AmdsyncMlirFunction *fn = ctx;
  MlirLocation *at = amdsyncArenaAlloc(fn->arena,
                                       sizeof(MlirLocation) * (size_t)(n + 1));
  for (int i = 0; i < n; ++i)
    at[i] = mlirOperationGetLocation((MlirOperation){others[i]});
  amdsyncMlirEmitErrorWithNotes(
      mlirOperationGetLocation((MlirOperation){origin}), message, n, at,
      notes);
  fn->errors++;
}

/* An explanation (core explain.c) to the options' `explain`. */
static void explainAtOrigin(void *ctx, AmdsyncExplainKind kind,
                            const char *name, void *origin,
                            const char *message) {
  AmdsyncMlirFunction *fn = ctx;
  const AmdsyncMlirOptions *o = fn->options;
  o->explain(o->remark_ctx,
             kind == AMDSYNC_EXPLAIN_MISSED ? "missed" : "analysis", name,
             mlirOperationGetLocation((MlirOperation){origin}), message);
}

AmdsyncDiagnostics amdsyncMlirDiagnostics(AmdsyncMlirFunction *fn) {
  AmdsyncDiagnostics d = {fn,
                          errorAtOrigin,
                          NULL,
                          describeOp,
                          divergentAtOrigin,
                          errorWithNotes,
                          fn->options->explain ? explainAtOrigin : NULL};
  return d;
}

static void remarkFor(AmdsyncMlirFunction *fn, const AmdsyncPlacement *pc,
                      MlirLocation loc, const char *what) {
  const AmdsyncMlirOptions *o = fn->options;
  if (!o->remarks || !o->remark || !pc->reason)
    return;
  AmdsyncDiagnostics d = amdsyncMlirDiagnostics(fn);
  char msg[2400]; /* every window it orders (amdsyncPlacementReason) */
  amdsyncPlacementReason(fn->program, pc, what, &d, msg, sizeof msg);
  o->remark(o->remark_ctx, loc, msg);
}

/*===--- Emission ---------------------------------------------------------------===*/

static const AmdsyncGapAnchor *anchorOf(const AmdsyncProgram *p, int gap) {
  const AmdsyncBlock *b = amdsyncCfgGapBlock(p->cfg, gap);
  return &b->anchors[gap - b->first_gap];
}

/* Inserts the schedule's ops; returns false, after an error, if an op
   could not be built (the caller then undoes every insertion). */
bool amdsyncMlirEmit(AmdsyncMlirFunction *fn, AmdsyncEmitSchedule *s,
                     const AmdsyncPlacementResult *result,
                     AmdsyncMlirStats *stats) {
  Templates t = {.ctx = mlirOperationGetContext(fn->func)};
  AmdsyncProgram *p = fn->program;
  AmdsyncEmitSchedule sched = *s;
  static const char *const kPoint[] = {kReleaseWave, kWaveBarrier,
                                       kAcquireWave};
  static const char *const kBarrier[] = {kLdsBarrier};
  static const char *const kSig[] = {kReleaseWG, kSignal};
  static const char *const kWt[] = {kWait, kAcquireWG};
  int i = 0;
  bool ok = true;
  while (i < sched.count && ok) {
    /* One side of one gap: a run of ops sharing a cursor. */
    int gap = sched.items[i].gap;
    bool after = sched.items[i].after_previous;
    const AmdsyncGapAnchor *a = anchorOf(p, gap);
    Cursor c = after ? cursorAfter(a) : cursorBefore(a);
    MlirLocation loc = after ? locationNear(fn, a->after, a->before)
                             : locationNear(fn, a->before, a->after);
    for (; i < sched.count && sched.items[i].gap == gap &&
           sched.items[i].after_previous == after;
         ++i) {
      AmdsyncEmitOp *op = &sched.items[i];
      int first = fn->inserted.count, core = 0; /* the op that synchronizes */
      switch (op->kind) {
      case AMDSYNC_EMIT_BARRIER:
        if (op->placement->wave) {
          ok &= insertOps(fn, &t, &c,
                          insertedLoc(fn, op->placement,
                                      "wave-level ordering point", loc),
                          kPoint, 3);
          core = 1;
          stats->ordering_points++;
          remarkFor(fn, op->placement, loc, "wave-level ordering point");
        } else {
          ok &= insertOps(fn, &t, &c,
                          insertedLoc(fn, op->placement, "barrier", loc),
                          kBarrier, 1);
          stats->barriers++;
          remarkFor(fn, op->placement, loc, "barrier");
        }
        break;
      case AMDSYNC_EMIT_SIGNAL:
        ok &= insertOps(fn, &t, &c,
                        insertedLoc(fn, op->placement, "barrier signal", loc),
                        kSig, 2);
        core = 1;
        stats->signals++;
        break;
      case AMDSYNC_EMIT_WAIT:
        ok &= insertOps(fn, &t, &c,
                        insertedLoc(fn, op->placement, "barrier wait", loc),
                        kWt, 2);
        stats->waits++;
        if (fn->options->remarks && op->placement) {
          AmdsyncDiagnostics d = amdsyncMlirDiagnostics(fn);
          char what[1200];
          amdsyncSplitWaitWhat(fn->program, op->placement, &d, what,
                               sizeof what);
          remarkFor(fn, op->placement, loc, what);
        }
        break;
      }
      if (ok)
        op->origin = fn->inserted.items[first + core];
    }
  }
  destroyTemplates(&t);
  stats->fallbacks += result->fallbacks;
  return ok;
}

/*===--- Completing barriers written without fences -----------------------===*/

bool amdsyncMlirCompleteFences(AmdsyncMlirFunction *fn,
                               AmdsyncMlirStats *stats) {
  Templates t = {.ctx = mlirOperationGetContext(fn->func)};
  AmdsyncProgram *p = fn->program;
  bool ok = true;
  for (int i = 0; i < p->barriers.count && ok; ++i) {
    AmdsyncNode *n = p->barriers.items[i];
    unsigned missing = n->u.barrier.unfenced;
    if (!missing)
      continue;
    MlirOperation op = {n->origin};
    MlirLocation loc = insertedLoc(fn, NULL, "fence completing a barrier",
                                   mlirOperationGetLocation(op));
    bool wave = n->u.barrier.op == AMDSYNC_BARRIER_WAVE;
    const char *release = wave ? kReleaseWave : kReleaseWG;
    const char *acquire = wave ? kAcquireWave : kAcquireWG;
    AmdsyncGapAnchor before = {mlirOperationGetBlock(op).ptr, op.ptr, NULL};
    AmdsyncGapAnchor after = {mlirOperationGetBlock(op).ptr, NULL, op.ptr};
    if (missing & AMDSYNC_MISSING_RELEASE) {
      Cursor c = cursorBefore(&before);
      ok &= insertOps(fn, &t, &c, loc, &release, 1);
    }
    if (ok && (missing & AMDSYNC_MISSING_ACQUIRE)) {
      Cursor c = cursorAfter(&after);
      ok &= insertOps(fn, &t, &c, loc, &acquire, 1);
    }
    if (ok) {
      amdsyncBarrierSetUnfenced(n, 0);
      stats->barriers_completed++;
    }
  }
  destroyTemplates(&t);
  return ok;
}

/*===--- Counter waits ------------------------------------------------------===*/

static const char *reasonText(AmdsyncWaitReason r) {
  switch (r) {
  case AMDSYNC_WAIT_SAME_WAVE:
    return "an access in this wave conflicts with";
  case AMDSYNC_WAIT_PUBLISH:
    return "the barrier publishes to other waves the LDS written by";
  case AMDSYNC_WAIT_ASYNCMARK:
    return "wait.asyncmark needs";
  }
  return "";
}

/* Where a wait before op `n` goes: before a barrier's release fence, since
   an async transfer completed after the release is not published by it
   (spec/amdgpu-async-operations.txt); right before any other op. */
static MlirOperation waitPosition(AmdsyncMlirFunction *fn,
                                  const AmdsyncNode *n) {
  MlirOperation op = {n->origin};
  if (n->kind == AMDSYNC_NODE_BARRIER) {
    MlirOperation f = amdsyncMlirReleaseFenceOf(
        fn, op, n->u.barrier.op == AMDSYNC_BARRIER_WAVE);
    if (!mlirOperationIsNull(f))
      return f;
  }
  return op;
}

bool amdsyncMlirEmitWaits(AmdsyncMlirFunction *fn, AmdsyncWaitResult *result,
                          AmdsyncMlirStats *stats) {
  Templates t = {.ctx = mlirOperationGetContext(fn->func)};
  bool ok = true;
  for (int i = 0; i < result->count && ok; ++i) {
    AmdsyncWaitPlacement *w = &result->items[i];
    AmdsyncWaitCounts counts = amdsyncWaitCountsOn(w->counter, w->count);
    AmdsyncWaitInstr instrs[AMDSYNC_MAX_WAIT_INSTRS];
    int ninstrs = amdsyncLowerWaitCounts(fn->target, &counts, instrs);
    if (ninstrs != 1) {
      char msg[200];
      snprintf(msg, sizeof msg,
               "amdsync-waitcnt: this op needs a wait on %s, which %s does "
               "not have",
               amdsyncCounterName(w->counter), fn->target->chip);
      mlirEmitError(mlirOperationGetLocation((MlirOperation){w->before->origin}),
                    msg);
      fn->errors++;
      continue;
    }
    char text[160];
    snprintf(text, sizeof text, "\"%s\"() <{%s = %d : %s}> : () -> ()",
             instrs[0].op, instrs[0].attr, instrs[0].value, instrs[0].type);
    MlirOperation before = waitPosition(fn, w->before);
    MlirLocation loc =
        insertedLoc(fn, NULL, "counter wait", mlirOperationGetLocation(before));
    MlirOperation op = createOp(&t, text, loc);
    if (mlirOperationIsNull(op)) {
      reportCreateFailure(fn, text);
      ok = false;
      break;
    }
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before,
                                        op);
    amdsyncPtrVecPush(fn->arena, &fn->inserted, op.ptr);
    w->origin = op.ptr;
    stats->counter_waits++;
    if (fn->options->remarks && fn->options->remark && w->oldest) {
      char od[256], msg[600];
      describeOp(NULL, w->oldest->origin, od, sizeof od);
      snprintf(msg, sizeof msg,
               "amdsync: s_wait_%s %d: %s %s (a wait for everything would "
               "use 0)",
               amdsyncCounterName(w->counter), w->count, reasonText(w->reason),
               od);
      fn->options->remark(fn->options->remark_ctx, loc, msg);
    }
  }
  destroyTemplates(&t);
  return ok;
}

void amdsyncMlirEraseLowered(const AmdsyncWaitResult *result,
                             AmdsyncMlirStats *stats) {
  for (int i = 0; i < result->nlowered; ++i) {
    mlirOperationDestroy((MlirOperation){result->lowered[i]->origin});
    stats->asyncmarks_lowered++;
    stats->ops_changed++;
  }
}

/*===--- existing=replace ---------------------------------------------------===*/

/* A fence limited to LDS by its MMRA (`amdgpu-synchronize-as = local` and
   nothing else), ordering at workgroup scope. */
static bool ldsOnlyFence(MlirOperation op, bool release) {
  if (!amdsyncMlirFenceOrdersLds(op, release, false))
    return false;
  char *text = amdsyncMlirMmraText(op);
  if (!text)
    return false;
  bool only = amdsyncSpellMmraLdsOnly(text);
  free(text);
  return only;
}

static void pushGroup(AmdsyncArena *arena, AmdsyncPtrVec *removed,
                      MlirOperation a, MlirOperation b, MlirOperation c,
                      MlirOperation anchor) {
  amdsyncPtrVecPush(arena, removed, a.ptr);
  amdsyncPtrVecPush(arena, removed, b.ptr);
  amdsyncPtrVecPush(arena, removed, c.ptr);
  amdsyncPtrVecPush(arena, removed, anchor.ptr);
}

/* The LDS-only barriers in the regions of `op`, as groups of {ops (NULL
   where fewer), the op after them}. */
static void collectLdsOnly(MlirOperation op, AmdsyncArena *arena,
                           AmdsyncPtrVec *removed) {
  MlirOperation none = {NULL};
  intptr_t nregions = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < nregions; ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
      MlirOperation prev = none;
      for (MlirOperation o = mlirBlockGetFirstOperation(b);
           !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        MlirOperation next = mlirOperationGetNextInBlock(o);
        if (amdsyncOpIs(o, "amdgpu.lds_barrier") && !mlirOperationIsNull(next)) {
          pushGroup(arena, removed, o, none, none, next);
        } else if (amdsyncOpIs(o, "rocdl.s.barrier") &&
                   !mlirOperationIsNull(prev) && !mlirOperationIsNull(next) &&
                   !(removed->count > 0 &&
                     removed->items[removed->count - 2] == prev.ptr) &&
                   ldsOnlyFence(prev, true) && ldsOnlyFence(next, false)) {
          MlirOperation after = mlirOperationGetNextInBlock(next);
          if (!mlirOperationIsNull(after))
            pushGroup(arena, removed, prev, o, next, after);
        }
        collectLdsOnly(o, arena, removed);
        prev = o;
      }
    }
}

int amdsyncMlirRemoveLdsOnlyBarriers(MlirOperation func, AmdsyncArena *arena,
                                     AmdsyncPtrVec *removed) {
  int first = removed->count;
  collectLdsOnly(func, arena, removed);
  for (int i = first; i < removed->count; i += 4)
    for (int k = 0; k < 3; ++k)
      if (removed->items[i + k])
        mlirOperationRemoveFromParent((MlirOperation){removed->items[i + k]});
  return (removed->count - first) / 4;
}

void amdsyncMlirRestoreBarriers(AmdsyncPtrVec *removed) {
  /* Last removed first: a group's anchor may be an op of a later one. */
  for (int i = removed->count - 4; i >= 0; i -= 4) {
    MlirOperation anchor = {removed->items[i + 3]};
    for (int k = 0; k < 3; ++k)
      if (removed->items[i + k])
        mlirBlockInsertOwnedOperationBefore(
            mlirOperationGetBlock(anchor), anchor,
            (MlirOperation){removed->items[i + k]});
  }
  removed->count = 0;
}

void amdsyncMlirDeleteRemoved(AmdsyncPtrVec *removed) {
  for (int i = 0; i < removed->count; i += 4)
    for (int k = 0; k < 3; ++k)
      if (removed->items[i + k])
        mlirOperationDestroy((MlirOperation){removed->items[i + k]});
  removed->count = 0;
}
