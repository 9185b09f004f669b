/*===- translate.c - An LLVM IR function as an AmdsyncProgram --------------===*
 *
 * Walks one LLVM IR function and builds the core's control-flow graph: a
 * model block per basic block, an edge per successor, a branch uniform
 * when its condition is (uniformity.c). In each block:
 *
 *  - LDS accesses: load, store, atomicrmw and cmpxchg whose pointer is in
 *    address space 3 or traces (through GEPs, casts, addrspacecast, and
 *    phis and selects that agree) to a global or argument in it; atomics
 *    act as reads and writes (brief §1);
 *  - calls of the intrinsics in the shared table (passes/shared/
 *    intrinsics.c): barriers, split signals and waits, wave barriers,
 *    counter waits, asyncmarks, async and DMA transfers; other intrinsics
 *    that take an LDS pointer read and write it; any other call reads and
 *    writes all memory;
 *  - fences decide whether a barrier next to them orders LDS: a release
 *    fence right before it, an acquire fence right after it, at workgroup
 *    scope or wider, with no MMRA or one that includes "local"; what
 *    touches no LDS between them does not matter.
 *
 * Byte ranges: an access at a constant offset into an LDS global (GEPs of
 * constant indices) covers its bytes there; any other covers its whole
 * resource.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

void amdsyncLlvmError(AmdsyncLlvmFunction *fn, LLVMValueRef inst,
                      const char *message) {
  fn->errors++;
  if (fn->options->report)
    fn->options->report(fn->options->ctx, fn->func, inst, message);
}

void amdsyncLlvmReportAt(void *ctx, void *origin, const char *message) {
  amdsyncLlvmError(ctx, origin, message);
}

void amdsyncLlvmDescribe(void *ctx, void *origin, char *buf, int size) {
  (void)ctx;
  char *text = LLVMPrintValueToString(origin);
  const char *t = text;
  while (*t == ' ')
    ++t;
  int n = snprintf(buf, (size_t)size, "'%s'", t);
  LLVMDisposeMessage(text);
  unsigned line = LLVMGetDebugLocLine(origin);
  if (line && n > 0 && n < size)
    snprintf(buf + n, (size_t)(size - n), " at line %u", line);
}

const AmdsyncIntrinsic *amdsyncLlvmCalledIntrinsic(LLVMValueRef call,
                                                    const char **name,
                                                    size_t *length) {
  *name = "";
  *length = 0;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee))
    return NULL;
  *name = LLVMGetValueName2(callee, length);
  return amdsyncIntrinsicLookup(*name, *length);
}

/*===--- Resources -----------------------------------------------------------===*/

static bool isLdsPointerType(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind &&
         LLVMGetPointerAddressSpace(t) == 3;
}

/* The value `extractvalue` `v` reads, when the aggregate is built by a
   chain of `insertvalue`s that sets that field (how lowered memref
   descriptors carry their pointers), or NULL. */
static LLVMValueRef extractedValue(LLVMValueRef v) {
  unsigned n = LLVMGetNumIndices(v);
  const unsigned *idx = LLVMGetIndices(v);
  LLVMValueRef agg = LLVMGetOperand(v, 0);
  for (int guard = 0; guard < 64 && agg && LLVMIsAInsertValueInst(agg);
       ++guard) {
    if (LLVMGetNumIndices(agg) == n &&
        memcmp(LLVMGetIndices(agg), idx, n * sizeof *idx) == 0)
      return LLVMGetOperand(agg, 1);
    agg = LLVMGetOperand(agg, 0);
  }
  return NULL;
}

/* The operand a pointer is computed from, or NULL: GEPs, bitcasts and
   address-space casts, as instructions or constant expressions, and fields
   of aggregates built by insertvalue. */
static LLVMValueRef pointerSource(LLVMValueRef v) {
  LLVMOpcode op;
  if (LLVMIsAInstruction(v))
    op = LLVMGetInstructionOpcode(v);
  else if (LLVMIsAConstantExpr(v))
    op = LLVMGetConstOpcode(v);
  else
    return NULL;
  if (op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast)
    return LLVMGetOperand(v, 0);
  if (op == LLVMExtractValue && LLVMIsAInstruction(v))
    return extractedValue(v);
  return NULL;
}

enum { kMaxTrace = 1024 };

/* The global or argument `p` points into, or NULL when unknown. Phis and
   selects are followed when all their pointer inputs agree (one level). */
static LLVMValueRef traceRoot(LLVMValueRef p) {
  for (int guard = 0; guard < kMaxTrace && p; ++guard) {
    if (LLVMIsAGlobalVariable(p) || LLVMIsAArgument(p))
      return p;
    LLVMValueRef src = pointerSource(p);
    if (src) {
      p = src;
      continue;
    }
    if (LLVMIsAPHINode(p) || LLVMIsASelectInst(p)) {
      unsigned n = LLVMIsAPHINode(p) ? LLVMCountIncoming(p) : 2;
      LLVMValueRef root = NULL;
      for (unsigned i = 0; i < n; ++i) {
        LLVMValueRef in = LLVMIsAPHINode(p) ? LLVMGetIncomingValue(p, i)
                                            : LLVMGetOperand(p, i + 1);
        for (int g2 = 0; g2 < kMaxTrace && in && !LLVMIsAGlobalVariable(in) &&
                         !LLVMIsAArgument(in);
             ++g2)
          in = pointerSource(in);
        if (!in || (root && in != root))
          return NULL;
        root = in;
      }
      return root;
    }
    return NULL;
  }
  return NULL;
}

/* Whether pointer `p` addresses LDS: its own type, or its root's. */
static bool isLdsPointer(LLVMValueRef p) {
  if (isLdsPointerType(LLVMTypeOf(p)))
    return true;
  LLVMValueRef root = traceRoot(p);
  return root && isLdsPointerType(LLVMTypeOf(root));
}

static int unknownResource(AmdsyncLlvmFunction *fn) {
  if (fn->unknown_resource < 0)
    fn->unknown_resource = amdsyncProgramAddResource(
        fn->program, AMDSYNC_RES_UNKNOWN, "unknown memory");
  return fn->unknown_resource;
}

static int resourceOf(AmdsyncLlvmFunction *fn, LLVMValueRef p) {
  LLVMValueRef root = traceRoot(p);
  if (!root || !isLdsPointerType(LLVMTypeOf(root)))
    return unknownResource(fn);
  long idx;
  if (amdsyncPtrMapGet(&fn->resource_of, root, &idx))
    return (int)idx;
  size_t len;
  const char *name = LLVMGetValueName2(root, &len);
  bool global = LLVMIsAGlobalVariable(root) != NULL;
  char *label =
      global ? amdsyncArenaPrintf(fn->arena, "@%.*s", (int)len, name)
             : amdsyncArenaPrintf(fn->arena, "argument %%%.*s", (int)len, name);
  idx = amdsyncProgramAddResource(
      fn->program, global ? AMDSYNC_RES_GLOBAL : AMDSYNC_RES_ARGUMENT, label);
  amdsyncPtrMapPut(fn->arena, &fn->resource_of, root, idx);
  return (int)idx;
}

/*===--- Fences ----------------------------------------------------------------===*/

/* The address spaces a fence's MMRA limits it to: `*tagged` when it has
   amdgpu-synchronize-as tags, `*local` when one of them is "local",
   `*other` when one names something else. False when the MMRA is more than
   this reads (then it is taken to leave LDS out). */
static bool mmraSpaces(LLVMValueRef fence, bool *tagged, bool *local,
                       bool *other) {
  *tagged = *local = *other = false;
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fence));
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "mmra", 4);
  LLVMValueRef md = LLVMGetMetadata(fence, kind);
  if (!md)
    return true;
  /* A tag is !{!"key", !"value"}; an MMRA is a tag or a tuple of tags. */
  enum { kMaxTags = 16 };
  LLVMValueRef tags[kMaxTags];
  unsigned ntags = LLVMGetMDNodeNumOperands(md);
  LLVMValueRef ops[2];
  if (ntags == 2) {
    LLVMGetMDNodeOperands(md, ops);
    if (LLVMIsAMDString(ops[0])) {
      tags[0] = md;
      ntags = 1;
      goto scan;
    }
  }
  if (ntags > kMaxTags)
    return false;
  LLVMGetMDNodeOperands(md, tags);
scan:
  for (unsigned i = 0; i < ntags; ++i) {
    if (!tags[i] || !LLVMIsAMDNode(tags[i]) ||
        LLVMGetMDNodeNumOperands(tags[i]) != 2)
      continue;
    LLVMGetMDNodeOperands(tags[i], ops);
    unsigned klen = 0, vlen = 0;
    const char *key = LLVMIsAMDString(ops[0]) ? LLVMGetMDString(ops[0], &klen) : NULL;
    const char *val = LLVMIsAMDString(ops[1]) ? LLVMGetMDString(ops[1], &vlen) : NULL;
    if (!key || klen != 21 || memcmp(key, "amdgpu-synchronize-as", 21) != 0)
      continue;
    *tagged = true;
    if (val && vlen == 5 && memcmp(val, "local", 5) == 0)
      *local = true;
    else
      *other = true;
  }
  return true;
}

/* Whether the fence's MMRA lets it order LDS: none, or one whose
   amdgpu-synchronize-as tags include "local". */
static bool mmraCoversLds(LLVMValueRef fence) {
  bool tagged, local, other;
  return mmraSpaces(fence, &tagged, &local, &other) && (!tagged || local);
}

/* Whether the fence orders LDS and nothing else. */
static bool mmraLdsOnly(LLVMValueRef fence) {
  bool tagged, local, other;
  return mmraSpaces(fence, &tagged, &local, &other) && tagged && local &&
         !other;
}

/* A fence that makes a barrier next to it order LDS: release (or stronger)
   before it when `release`, acquire (or stronger) after it otherwise, at
   workgroup scope or wider (wavefront for a wave barrier). */
static bool fenceOrdersLds(LLVMValueRef inst, bool release, bool wave) {
  if (!inst || !LLVMIsAFenceInst(inst))
    return false;
  LLVMAtomicOrdering o = LLVMGetOrdering(inst);
  bool kind_ok = o == LLVMAtomicOrderingAcquireRelease ||
                 o == LLVMAtomicOrderingSequentiallyConsistent ||
                 o == (release ? LLVMAtomicOrderingRelease
                               : LLVMAtomicOrderingAcquire);
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(inst));
  unsigned scope = LLVMGetAtomicSyncScopeID(inst);
  bool scope_ok = scope == LLVMGetSyncScopeID(ctx, "", 0) ||
                  scope == LLVMGetSyncScopeID(ctx, "agent", 5) ||
                  scope == LLVMGetSyncScopeID(ctx, "workgroup", 9) ||
                  (wave && scope == LLVMGetSyncScopeID(ctx, "wavefront", 9));
  return kind_ok && scope_ok && mmraCoversLds(inst);
}

/*===--- Instructions ------------------------------------------------------------===*/

/* An instruction that may stand between a barrier and its fence: it
   touches no LDS and synchronizes nothing. */
static bool neutral(LLVMValueRef inst) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMLoad:
  case LLVMStore:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
    return !isLdsPointer(LLVMGetOperand(
        inst, LLVMGetInstructionOpcode(inst) == LLVMStore ? 1 : 0));
  case LLVMFence:
  case LLVMInvoke:
  case LLVMCallBr:
    return false;
  case LLVMCall: {
    const char *name;
    size_t len;
    const AmdsyncIntrinsic *in = amdsyncLlvmCalledIntrinsic(inst, &name, &len);
    if (in)
      return in->kind == AMDSYNC_SYNC_NO_MEMORY ||
             in->kind == AMDSYNC_SYNC_COUNTER_WAIT ||
             in->kind == AMDSYNC_SYNC_WAITCNT;
    return len > 9 && memcmp(name, "llvm.dbg.", 9) == 0;
  }
  default:
    return true;
  }
}

static unsigned missingFences(LLVMValueRef prev, LLVMValueRef inst,
                              AmdsyncBarrierOp op) {
  LLVMValueRef next = LLVMGetNextInstruction(inst);
  while (next && neutral(next))
    next = LLVMGetNextInstruction(next);
  bool wave = op == AMDSYNC_BARRIER_WAVE;
  unsigned missing = 0;
  if (op != AMDSYNC_BARRIER_WAIT && !fenceOrdersLds(prev, true, wave))
    missing |= AMDSYNC_MISSING_RELEASE;
  if (op != AMDSYNC_BARRIER_SIGNAL && !fenceOrdersLds(next, false, wave))
    missing |= AMDSYNC_MISSING_ACQUIRE;
  return missing;
}

/* existing=replace (brief: re-synthesis): the input's barriers that order
   only LDS, `fence release` + `s.barrier` + `fence acquire` with both
   fences limited to "local" by their MMRA, as OpenCL's
   barrier(CLK_LOCAL_MEM_FENCE) is written; barriers that also order other
   memory stay. Removed from their blocks (not deleted) as groups of
   {release fence, barrier, acquire fence, the instruction after them}. */
int amdsyncLlvmRemoveLdsOnlyBarriers(LLVMValueRef func, AmdsyncArena *arena,
                                     AmdsyncPtrVec *removed) {
  int first = removed->count;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(func); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef prev = NULL;
    for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;
         inst = LLVMGetNextInstruction(inst)) {
      const char *name;
      size_t len;
      const AmdsyncIntrinsic *in =
          LLVMIsACallInst(inst) ? amdsyncLlvmCalledIntrinsic(inst, &name, &len)
                                : NULL;
      if (in && in->kind == AMDSYNC_SYNC_BARRIER && prev) {
        LLVMValueRef next = LLVMGetNextInstruction(inst);
        while (next && neutral(next))
          next = LLVMGetNextInstruction(next);
        bool taken = removed->count > first &&
                     removed->items[removed->count - 2] == prev;
        if (next && !taken && fenceOrdersLds(prev, true, false) &&
            fenceOrdersLds(next, false, false) && mmraLdsOnly(prev) &&
            mmraLdsOnly(next)) {
          amdsyncPtrVecPush(arena, removed, prev);
          amdsyncPtrVecPush(arena, removed, inst);
          amdsyncPtrVecPush(arena, removed, next);
          amdsyncPtrVecPush(arena, removed, LLVMGetNextInstruction(next));
        }
      }
      if (!neutral(inst))
        prev = inst;
    }
  }
  for (int i = first; i < removed->count; i += 4)
    for (int k = 0; k < 3; ++k)
      LLVMInstructionRemoveFromParent(removed->items[i + k]);
  return (removed->count - first) / 4;
}

void amdsyncLlvmRestoreBarriers(LLVMValueRef func, AmdsyncPtrVec *removed) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(
      LLVMGetModuleContext(LLVMGetGlobalParent(func)));
  /* Last removed first: a group's anchor may be the fence of a later one. */
  for (int i = removed->count - 4; i >= 0; i -= 4) {
    LLVMPositionBuilderBefore(b, removed->items[i + 3]);
    for (int k = 0; k < 3; ++k)
      LLVMInsertIntoBuilder(b, removed->items[i + k]);
  }
  LLVMDisposeBuilder(b);
  removed->count = 0;
}

void amdsyncLlvmDeleteRemoved(AmdsyncPtrVec *removed) {
  for (int i = 0; i < removed->count; i += 4)
    for (int k = 0; k < 3; ++k)
      LLVMDeleteInstruction(removed->items[i + k]);
  removed->count = 0;
}

static bool constantInt(LLVMValueRef v, long long *out) {
  if (!v || !LLVMIsAConstantInt(v))
    return false;
  *out = LLVMConstIntGetSExtValue(v);
  return true;
}

/* The constant byte offset of pointer `p` from the global it points into:
   through GEPs whose indices are all constants (strides and field offsets
   from the data layout) and casts, with checked arithmetic. False when any
   step is not constant or the root is not a global. */
static bool constantOffset(const AmdsyncLlvmFunction *fn, LLVMValueRef p,
                           int64_t *out) {
  int64_t off = 0;
  for (int guard = 0; guard < kMaxTrace; ++guard) {
    if (LLVMIsAGlobalVariable(p)) {
      *out = off;
      return off >= 0;
    }
    LLVMValueRef src = pointerSource(p);
    if (!src)
      return false;
    bool gep = (LLVMIsAInstruction(p) &&
                LLVMGetInstructionOpcode(p) == LLVMGetElementPtr) ||
               (LLVMIsAConstantExpr(p) &&
                LLVMGetConstOpcode(p) == LLVMGetElementPtr);
    if (gep) {
      LLVMTypeRef ty = LLVMGetGEPSourceElementType(p);
      int n = LLVMGetNumOperands(p);
      for (int i = 1; i < n; ++i) {
        LLVMValueRef idx = LLVMGetOperand(p, (unsigned)i);
        if (!LLVMIsAConstantInt(idx))
          return false;
        long long k = LLVMConstIntGetSExtValue(idx);
        int64_t step;
        if (i == 1) {
          if (__builtin_mul_overflow(k, (int64_t)LLVMABISizeOfType(fn->layout, ty),
                                     &step))
            return false;
        } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
          if (k < 0 || (unsigned long long)k >= LLVMCountStructElementTypes(ty))
            return false;
          step = (int64_t)LLVMOffsetOfElement(fn->layout, ty, (unsigned)k);
          ty = LLVMStructGetTypeAtIndex(ty, (unsigned)k);
        } else if (LLVMGetTypeKind(ty) == LLVMArrayTypeKind ||
                   LLVMGetTypeKind(ty) == LLVMVectorTypeKind) {
          ty = LLVMGetElementType(ty);
          if (__builtin_mul_overflow(
                  k, (int64_t)LLVMABISizeOfType(fn->layout, ty), &step))
            return false;
        } else {
          return false;
        }
        if (__builtin_add_overflow(off, step, &off))
          return false;
      }
    }
    p = src;
  }
  return false;
}

/* An access of `size` bytes (0: unknown) at `ptr` with `flags`, or NULL
   when `ptr` is not LDS. A constant offset into a global narrows it to
   those bytes; anything else covers its whole resource. */
static AmdsyncNode *access(AmdsyncLlvmFunction *fn, LLVMValueRef inst,
                           LLVMValueRef ptr, unsigned flags, LLVMTypeRef type) {
  if (!isLdsPointer(ptr))
    return NULL;
  int64_t lo = -1, hi = -1, off;
  int64_t size = type ? (int64_t)LLVMStoreSizeOfType(fn->layout, type) : 0;
  if (size > 0 && constantOffset(fn, ptr, &off) &&
      !__builtin_add_overflow(off, size, &hi))
    lo = off;
  else
    hi = -1;
  return amdsyncAccessCreate(fn->program, inst, flags, resourceOf(fn, ptr), lo,
                             hi);
}

/* The first LDS pointer among a call's arguments, or NULL. */
static LLVMValueRef firstLdsArgument(LLVMValueRef call) {
  unsigned n = LLVMGetNumArgOperands(call);
  for (unsigned i = 0; i < n; ++i) {
    LLVMValueRef a = LLVMGetOperand(call, i);
    if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind &&
        isLdsPointer(a))
      return a;
  }
  return NULL;
}

/* The wait nodes an existing wait implies on the counters the model
   tracks. */
static void waitNodes(AmdsyncLlvmFunction *fn, AmdsyncBlock *b,
                      LLVMValueRef inst, const AmdsyncIntrinsic *in) {
  long long count;
  if (in->count_operand < 0 ||
      !constantInt(LLVMGetOperand(inst, (unsigned)in->count_operand), &count) ||
      count < 0) {
    amdsyncLlvmError(fn, inst,
                     "amdsync: a wait without a constant non-negative count");
    return;
  }
  if (in->kind == AMDSYNC_SYNC_WAIT_ASYNCMARK) {
    amdsyncBlockAppend(fn->program->cfg, b,
                       amdsyncWaitCreate(fn->program, inst,
                                         AMDSYNC_COUNTER_NONE,
                                         count > 1024 ? 1024 : (int)count));
    return;
  }
  AmdsyncHwCounter hw =
      in->kind == AMDSYNC_SYNC_WAITCNT ? AMDSYNC_HW_WAITCNT : in->counter;
  int model_count;
  AmdsyncCounter c = amdsyncHwWaitModel(
      fn->target, hw, count > 0x7fffffff ? 0x7fffffff : (int)count,
      &model_count);
  if (c != AMDSYNC_COUNTER_NONE)
    amdsyncBlockAppend(fn->program->cfg, b,
                       amdsyncWaitCreate(fn->program, inst, c, model_count));
}

static AmdsyncNode *callNode(AmdsyncLlvmFunction *fn, AmdsyncBlock *b,
                             LLVMValueRef inst, LLVMValueRef prev) {
  const char *name;
  size_t len;
  const AmdsyncIntrinsic *in = amdsyncLlvmCalledIntrinsic(inst, &name, &len);
  if (!in) {
    if (len > 5 && memcmp(name, "llvm.", 5) == 0) {
      /* An intrinsic the table does not know: by its LDS arguments. */
      LLVMValueRef p = firstLdsArgument(inst);
      return p ? access(fn, inst, p,
                        AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE, NULL)
               : NULL;
    }
    return amdsyncAccessCreate(fn->program, inst,
                               AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE |
                                   AMDSYNC_ACCESS_CALL,
                               unknownResource(fn), -1, -1);
  }
  switch (in->kind) {
  case AMDSYNC_SYNC_BARRIER:
  case AMDSYNC_SYNC_FENCED_BARRIER:
  case AMDSYNC_SYNC_SIGNAL:
  case AMDSYNC_SYNC_WAIT:
  case AMDSYNC_SYNC_WAVE_BARRIER: {
    AmdsyncBarrierOp op = in->kind == AMDSYNC_SYNC_SIGNAL ? AMDSYNC_BARRIER_SIGNAL
                          : in->kind == AMDSYNC_SYNC_WAIT ? AMDSYNC_BARRIER_WAIT
                          : in->kind == AMDSYNC_SYNC_WAVE_BARRIER
                              ? AMDSYNC_BARRIER_WAVE
                              : AMDSYNC_BARRIER_FULL;
    long long id;
    if ((op == AMDSYNC_BARRIER_SIGNAL || op == AMDSYNC_BARRIER_WAIT) &&
        (!constantInt(LLVMGetOperand(inst, 0), &id) || id != -1)) {
      amdsyncLlvmError(fn, inst,
                       "amdsync: a split barrier on a barrier id other than "
                       "-1 (the workgroup barrier): named barriers are not "
                       "analyzed");
      return NULL;
    }
    AmdsyncNode *n = amdsyncBarrierCreate(fn->program, inst, op);
    if (in->kind != AMDSYNC_SYNC_FENCED_BARRIER)
      n->u.barrier.unfenced = missingFences(prev, inst, op);
    return n;
  }
  case AMDSYNC_SYNC_COUNTER_WAIT:
  case AMDSYNC_SYNC_WAITCNT:
  case AMDSYNC_SYNC_WAIT_ASYNCMARK:
    waitNodes(fn, b, inst, in);
    return NULL;
  case AMDSYNC_SYNC_ASYNCMARK:
    return amdsyncMarkCreate(fn->program, inst);
  case AMDSYNC_SYNC_TRANSFER: {
    LLVMValueRef p = firstLdsArgument(inst);
    AmdsyncNode *n =
        p ? amdsyncAccessCreate(fn->program, inst, in->flags, resourceOf(fn, p),
                                -1, -1)
          : amdsyncAccessCreate(fn->program, inst, in->flags,
                                unknownResource(fn), -1, -1);
    AmdsyncCounter c = amdsyncCounterFor(fn->target, in->async_kind);
    if (c != AMDSYNC_COUNTER_NONE)
      amdsyncAccessSetAsync(n, c);
    return n;
  }
  case AMDSYNC_SYNC_NO_MEMORY:
  case AMDSYNC_SYNC_NONE:
    return NULL;
  }
  return NULL;
}

static void translateBlock(AmdsyncLlvmFunction *fn, LLVMBasicBlockRef bb,
                           AmdsyncBlock *b) {
  enum {
    R = AMDSYNC_ACCESS_READ,
    W = AMDSYNC_ACCESS_WRITE,
    A = AMDSYNC_ACCESS_ATOMIC,
  };
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  LLVMValueRef prev = NULL;
  for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst && inst != term;
       inst = LLVMGetNextInstruction(inst)) {
    AmdsyncNode *n = NULL;
    switch (LLVMGetInstructionOpcode(inst)) {
    case LLVMLoad:
      n = access(fn, inst, LLVMGetOperand(inst, 0), R, LLVMTypeOf(inst));
      break;
    case LLVMStore:
      n = access(fn, inst, LLVMGetOperand(inst, 1), W,
                 LLVMTypeOf(LLVMGetOperand(inst, 0)));
      break;
    case LLVMAtomicRMW:
    case LLVMAtomicCmpXchg:
      n = access(fn, inst, LLVMGetOperand(inst, 0), A,
                 LLVMTypeOf(LLVMGetOperand(inst, 1)));
      break;
    case LLVMCall:
      n = callNode(fn, b, inst, prev);
      break;
    default:
      break;
    }
    if (n)
      amdsyncBlockAppend(fn->program->cfg, b, n);
    if (!neutral(inst))
      prev = inst;
  }
}

/* Whether the terminator of `bb` chooses its successor the same way in
   every lane. */
static bool terminatorUniform(const AmdsyncLlvmFunction *fn, LLVMValueRef t) {
  switch (LLVMGetInstructionOpcode(t)) {
  case LLVMBr:
    return !LLVMIsConditional(t) || amdsyncLlvmIsUniform(fn, LLVMGetCondition(t));
  case LLVMSwitch:
    return amdsyncLlvmIsUniform(fn, LLVMGetOperand(t, 0));
  default:
    return LLVMGetNumSuccessors(t) < 2;
  }
}

bool amdsyncLlvmTranslate(AmdsyncLlvmFunction *fn) {
  AmdsyncCfg *g = amdsyncCfgCreate(fn->program);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn->func); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    AmdsyncBlock *b = amdsyncCfgAddBlock(g);
    long have;
    if (!amdsyncPtrMapGet(&fn->block_of, bb, &have))
      amdsyncPtrMapPut(fn->arena, &fn->block_of, bb, b->id);
    assert(!amdsyncPtrMapGet(&fn->block_of, bb, &have) || have == b->id);
  }
  int id = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn->func); bb;
       bb = LLVMGetNextBasicBlock(bb), ++id) {
    AmdsyncBlock *b = g->blocks[id];
    translateBlock(fn, bb, b);
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (!t)
      continue;
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned i = 0; i < ns; ++i) {
      long to;
      if (amdsyncPtrMapGet(&fn->block_of, LLVMGetSuccessor(t, i), &to))
        amdsyncCfgAddEdge(g, b, g->blocks[to]);
    }
    if (ns >= 2) {
      b->branch_origin = t;
      b->branch_uniform = terminatorUniform(fn, t);
    }
    /* Gaps: before each op, and before the terminator. */
    b->anchors = amdsyncArenaAlloc(fn->arena, (size_t)(b->nops + 1) *
                                                  sizeof(AmdsyncGapAnchor));
    for (int k = 0; k <= b->nops; ++k) {
      b->anchors[k].block = bb;
      b->anchors[k].before = k < b->nops ? b->ops[k]->origin : t;
      b->anchors[k].after = k > 0 ? b->ops[k - 1]->origin : NULL;
    }
  }
  return fn->errors == 0;
}
