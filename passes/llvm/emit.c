/*===- emit.c - Placements back into LLVM IR --------------------------------===*
 *
 * Turns the core's placements into instructions at the recorded gap
 * anchors, the same sequences the MLIR side's ops lower to
 * (TOOLCHAIN-FACTS.md):
 *
 *  - monolithic targets: `fence syncscope("workgroup") release`,
 *    `llvm.amdgcn.s.barrier`, `fence syncscope("workgroup") acquire`, the
 *    fences with the `amdgpu-synchronize-as: local` MMRA;
 *  - split targets: the release fence and `llvm.amdgcn.s.barrier.signal(-1)`
 *    after the producer, `llvm.amdgcn.s.barrier.wait(-1)` and the acquire
 *    fence before the consumer;
 *  - one-wave workgroups: `llvm.amdgcn.wave.barrier` between wavefront
 *    fences (no instruction, but llc keeps the order);
 *  - counter waits: the intrinsic of each wait instruction
 *    amdsyncLowerWaitCounts chooses.
 *
 * Every instruction inserted is recorded, so that an emission that fails
 * is undone (fn->inserted).
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

static void recordInserted(AmdsyncLlvmFunction *fn, LLVMValueRef inst) {
  amdsyncPtrVecPush(fn->arena, &fn->inserted, inst);
}

void amdsyncLlvmEraseInsertedSince(AmdsyncLlvmFunction *fn, int mark) {
  assert(mark >= 0 && mark <= fn->inserted.count);
  for (int i = fn->inserted.count - 1; i >= mark; --i)
    LLVMInstructionEraseFromParent(fn->inserted.items[i]);
  fn->inserted.count = mark;
}

/* The builder positioned where a gap's op goes: before `before` (an
   instruction), or after `after` (before the next instruction, past any
   phis at a block's start). */
static void positionBefore(LLVMBuilderRef b, LLVMValueRef inst) {
  LLVMPositionBuilderBefore(b, inst);
}

static LLVMValueRef firstInsertionPoint(LLVMBasicBlockRef bb) {
  LLVMValueRef i = LLVMGetFirstInstruction(bb);
  while (i && (LLVMIsAPHINode(i) || LLVMIsALandingPadInst(i)))
    i = LLVMGetNextInstruction(i);
  return i;
}

/* A fence of the barrier sequences amdsync writes: workgroup (wavefront
   for a wave barrier) scope, limited to LDS by the `amdgpu-synchronize-as:
   local` MMRA unless `all_memory`. */
static LLVMValueRef fenceFor(AmdsyncLlvmFunction *fn, LLVMBuilderRef b,
                             bool release, bool wave, bool all_memory) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn->func));
  const char *scope = wave ? "wavefront" : "workgroup";
  LLVMValueRef f = LLVMBuildFenceSyncScope(
      b, release ? LLVMAtomicOrderingRelease : LLVMAtomicOrderingAcquire,
      LLVMGetSyncScopeID(ctx, scope, strlen(scope)), "");
  recordInserted(fn, f);
  if (all_memory)
    return f;
  LLVMMetadataRef tag[2] = {
      LLVMMDStringInContext2(ctx, "amdgpu-synchronize-as", 21),
      LLVMMDStringInContext2(ctx, "local", 5)};
  LLVMSetMetadata(f, LLVMGetMDKindIDInContext(ctx, "mmra", 4),
                  LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, tag, 2)));
  return f;
}

static LLVMValueRef fence(AmdsyncLlvmFunction *fn, LLVMBuilderRef b,
                          bool release, bool wave) {
  return fenceFor(fn, b, release, wave, false);
}

/* A call of intrinsic `name` with at most one integer immediate of `bits`
   bits (`bits` 0: no argument). NULL when LLVM does not know it. */
static LLVMValueRef callIntrinsic(AmdsyncLlvmFunction *fn, LLVMBuilderRef b,
                                  const char *name, unsigned bits,
                                  long long imm) {
  LLVMModuleRef m = LLVMGetGlobalParent(fn->func);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  if (!id)
    return NULL;
  LLVMValueRef decl = LLVMGetIntrinsicDeclaration(m, id, NULL, 0);
  LLVMTypeRef ty = LLVMIntrinsicGetType(ctx, id, NULL, 0);
  LLVMValueRef arg =
      bits ? LLVMConstInt(LLVMIntTypeInContext(ctx, bits),
                          (unsigned long long)imm, true)
           : NULL;
  LLVMValueRef c = LLVMBuildCall2(b, ty, decl, bits ? &arg : NULL,
                                  bits ? 1 : 0, "");
  recordInserted(fn, c);
  return c;
}

static bool couldNotCreate(AmdsyncLlvmFunction *fn, const char *name) {
  char msg[200];
  snprintf(msg, sizeof msg,
           "amdsync: LLVM does not know the intrinsic '%s': the function is "
           "left as it was",
           name);
  amdsyncLlvmError(fn, NULL, msg);
  return false;
}

/* A remark at inserted call `inst` naming the hazard `pc` orders. */
/* The windows `pc` orders (amdsyncPlacementOrderedWindows), as
   remark_hazards takes them. */
static void remarkHazards(AmdsyncLlvmFunction *fn, LLVMValueRef inst,
                          const AmdsyncPlacement *pc, const char *what) {
  const AmdsyncWindow **w;
  bool complete;
  int n = amdsyncPlacementOrderedWindows(fn->program, pc, &w, &complete);
  const char **kinds = amdsyncArenaAlloc(fn->arena, sizeof(char *) * (size_t)n);
  const char **res = amdsyncArenaAlloc(fn->arena, sizeof(char *) * (size_t)n);
  LLVMValueRef *from = amdsyncArenaAlloc(fn->arena, sizeof(LLVMValueRef) * (size_t)n);
  LLVMValueRef *to = amdsyncArenaAlloc(fn->arena, sizeof(LLVMValueRef) * (size_t)n);
  for (int i = 0; i < n; ++i) {
    kinds[i] = amdsyncArenaPrintf(fn->arena, "%s%s",
                                  w[i]->carrier >= 0 ? "loop-carried " : "",
                                  amdsyncHazardName(w[i]->kind));
    res[i] = fn->program->resources[w[i]->producer->u.access.resource].name;
    from[i] = w[i]->producer->origin;
    to[i] = w[i]->consumer->origin;
  }
  fn->options->remark_hazards(fn->options->ctx, fn->func, inst, what, n, kinds,
                              res, from, to);
}

static void remarkAt(AmdsyncLlvmFunction *fn, LLVMValueRef inst,
                     const AmdsyncPlacement *pc, const char *what) {
  if (!pc || !pc->reason)
    return;
  if (fn->options->remark_hazards) {
    remarkHazards(fn, inst, pc, what);
    return;
  }
  if (!fn->options->remark)
    return;
  AmdsyncDiagnostics d = {fn, NULL, NULL, amdsyncLlvmDescribe, NULL, NULL, NULL};
  char msg[2400]; /* every window it orders (amdsyncPlacementReason) */
  amdsyncPlacementReason(fn->program, pc, what, &d, msg, sizeof msg);
  fn->options->remark(fn->options->ctx, fn->func, inst, msg);
}

/* The emitters below return the call that synchronizes (between its
   fences), or NULL after an error. */

static LLVMValueRef emitBarrier(AmdsyncLlvmFunction *fn, LLVMBuilderRef b,
                                bool wave, const AmdsyncPlacement *pc) {
  const char *name = wave ? "llvm.amdgcn.wave.barrier" : "llvm.amdgcn.s.barrier";
  fence(fn, b, true, wave);
  LLVMValueRef call = callIntrinsic(fn, b, name, 0, 0);
  if (!call) {
    couldNotCreate(fn, name);
    return NULL;
  }
  fence(fn, b, false, wave);
  remarkAt(fn, call, pc, wave ? "wave-level ordering point" : "barrier");
  return call;
}

static LLVMValueRef emitSignal(AmdsyncLlvmFunction *fn, LLVMBuilderRef b) {
  fence(fn, b, true, false);
  LLVMValueRef call =
      callIntrinsic(fn, b, "llvm.amdgcn.s.barrier.signal", 32, -1);
  if (!call)
    couldNotCreate(fn, "llvm.amdgcn.s.barrier.signal");
  return call;
}

static LLVMValueRef emitWait(AmdsyncLlvmFunction *fn, LLVMBuilderRef b,
                             const AmdsyncPlacement *pc) {
  LLVMValueRef call =
      callIntrinsic(fn, b, "llvm.amdgcn.s.barrier.wait", 16, -1);
  if (!call) {
    couldNotCreate(fn, "llvm.amdgcn.s.barrier.wait");
    return NULL;
  }
  fence(fn, b, false, false);
  if (pc && (fn->options->remark_hazards || fn->options->remark)) {
    AmdsyncDiagnostics d = {fn, NULL, NULL, amdsyncLlvmDescribe, NULL, NULL,
                            NULL};
    char what[1200];
    amdsyncSplitWaitWhat(fn->program, pc, &d, what, sizeof what);
    remarkAt(fn, call, pc, what);
  }
  return call;
}

bool amdsyncLlvmCompleteFences(AmdsyncLlvmFunction *fn,
                               AmdsyncLlvmStats *stats) {
  AmdsyncProgram *p = fn->program;
  LLVMBuilderRef b =
      LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn->func)));
  for (int i = 0; i < p->barriers.count; ++i) {
    AmdsyncNode *n = p->barriers.items[i];
    unsigned missing = n->u.barrier.unfenced;
    if (!missing)
      continue;
    bool wave = n->u.barrier.op == AMDSYNC_BARRIER_WAVE;
    /* existing=replace removes the input's LDS-only barriers and writes
       its own; one it keeps (not in that shape) it completes with fences
       that order all memory, so that it is not in that shape on the next
       run either (the pass stays idempotent). */
    bool all = fn->options->replace_existing;
    if (missing & AMDSYNC_MISSING_RELEASE) {
      positionBefore(b, n->origin);
      fenceFor(fn, b, true, wave, all);
    }
    if (missing & AMDSYNC_MISSING_ACQUIRE) {
      positionBefore(b, LLVMGetNextInstruction(n->origin));
      fenceFor(fn, b, false, wave, all);
    }
    amdsyncBarrierSetUnfenced(n, 0);
    stats->barriers_completed++;
  }
  LLVMDisposeBuilder(b);
  return true;
}

static const AmdsyncGapAnchor *anchorOf(const AmdsyncProgram *p, int gap) {
  const AmdsyncBlock *b = amdsyncCfgGapBlock(p->cfg, gap);
  return &b->anchors[gap - b->first_gap];
}

bool amdsyncLlvmEmit(AmdsyncLlvmFunction *fn, AmdsyncEmitSchedule *s,
                     const AmdsyncPlacementResult *r, AmdsyncLlvmStats *stats) {
  AmdsyncProgram *p = fn->program;
  AmdsyncEmitSchedule sched = *s;
  LLVMBuilderRef b =
      LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn->func)));
  bool ok = true;
  int i = 0;
  while (i < sched.count && ok) {
    int gap = sched.items[i].gap;
    bool after = sched.items[i].after_previous;
    const AmdsyncGapAnchor *a = anchorOf(p, gap);
    /* One side of a gap: its ops in order, before one instruction. */
    LLVMValueRef at =
        after ? (a->after ? LLVMGetNextInstruction(a->after)
                          : firstInsertionPoint(a->block))
              : a->before;
    positionBefore(b, at);
    for (; i < sched.count && ok && sched.items[i].gap == gap &&
           sched.items[i].after_previous == after;
         ++i) {
      AmdsyncEmitOp *op = &sched.items[i];
      LLVMValueRef core = NULL;
      switch (op->kind) {
      case AMDSYNC_EMIT_BARRIER:
        core = emitBarrier(fn, b, op->placement->wave, op->placement);
        if (op->placement->wave)
          stats->ordering_points++;
        else
          stats->barriers++;
        break;
      case AMDSYNC_EMIT_SIGNAL:
        core = emitSignal(fn, b);
        stats->signals++;
        break;
      case AMDSYNC_EMIT_WAIT:
        core = emitWait(fn, b, op->placement);
        stats->waits++;
        break;
      }
      op->origin = core;
      ok = core != NULL;
    }
  }
  LLVMDisposeBuilder(b);
  stats->fallbacks += r->fallbacks;
  return ok;
}

/* Where a wait before op `n` goes: before a barrier's release fence, since
   an async transfer completed after the release is not published by it
   (spec/amdgpu-async-operations.txt); right before any other op. */
static LLVMValueRef waitPosition(AmdsyncLlvmFunction *fn,
                                 const AmdsyncNode *n) {
  if (n->kind == AMDSYNC_NODE_BARRIER) {
    LLVMValueRef f = amdsyncLlvmReleaseFenceOf(
        n->origin, n->u.barrier.op == AMDSYNC_BARRIER_WAVE, fn->escapes);
    if (f)
      return f;
  }
  return n->origin;
}

bool amdsyncLlvmEmitWaits(AmdsyncLlvmFunction *fn, AmdsyncWaitResult *r,
                          AmdsyncLlvmStats *stats) {
  LLVMBuilderRef b =
      LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn->func)));
  bool ok = true;
  for (int i = 0; i < r->count && ok; ++i) {
    AmdsyncWaitPlacement *w = &r->items[i];
    AmdsyncWaitCounts counts = amdsyncWaitCountsOn(w->counter, w->count);
    AmdsyncWaitInstr instrs[AMDSYNC_MAX_WAIT_INSTRS];
    int n = amdsyncLowerWaitCounts(fn->target, &counts, instrs);
    if (n != 1) {
      char msg[200];
      snprintf(msg, sizeof msg,
               "amdsync: this access needs a wait on %s, which %s does not "
               "have",
               amdsyncCounterName(w->counter), fn->target->chip);
      amdsyncLlvmError(fn, w->before->origin, msg);
      ok = false;
      break;
    }
    /* The wait instruction as its intrinsic: rocdl.X is llvm.amdgcn.X. */
    char name[96];
    snprintf(name, sizeof name, "llvm.amdgcn.%s", instrs[0].op + 6);
    unsigned bits = strcmp(instrs[0].type, "i16") == 0 ? 16 : 32;
    positionBefore(b, waitPosition(fn, w->before));
    w->origin = callIntrinsic(fn, b, name, bits, instrs[0].value);
    if (!w->origin)
      ok = couldNotCreate(fn, name);
    else
      stats->counter_waits++;
  }
  LLVMDisposeBuilder(b);
  return ok;
}

void amdsyncLlvmEraseLowered(const AmdsyncWaitResult *r,
                             AmdsyncLlvmStats *stats) {
  for (int i = 0; i < r->nlowered; ++i) {
    LLVMValueRef call = r->lowered[i]->origin;
    assert(call && LLVMIsACallInst(call) && !LLVMGetFirstUse(call));
    LLVMInstructionEraseFromParent(call);
    stats->asyncmarks_lowered++;
  }
}
