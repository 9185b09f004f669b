/*===- translate.c - An LLVM IR function as an AmdsyncProgram --------------===*
 *
 * Walks one LLVM IR function and builds the core's control-flow graph: a
 * model block per basic block, an edge per successor, a branch uniform
 * when its condition is (uniformity.c); loops with a static trip count
 * (constant bounds and step) state it, and lose the edges the count proves
 * are never taken (loops.c). In each block:
 *
 *  - LDS accesses: load, store, atomicrmw and cmpxchg whose pointer may
 *    address LDS, on the resource pointers.c finds; atomics act as reads
 *    and writes (brief §1);
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
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

void amdsyncLlvmErrorWithNotes(void *ctx, void *origin, const char *message,
                               int n, void *const *others,
                               const char *const *notes) {
  AmdsyncLlvmFunction *fn = ctx;
  if (fn->options->note) {
    amdsyncLlvmError(fn, origin, message);
    for (int i = 0; i < n; ++i)
      fn->options->note(fn->options->ctx, fn->func, others[i], notes[i]);
    return;
  }
  /* No note callback: the notes' text appended to the one error. */
  size_t size = strlen(message) + 1;
  for (int i = 0; i < n; ++i)
    size += strlen(notes[i]) + 8;
  char *all = amdsyncArenaAlloc(fn->arena, size);
  size_t len = (size_t)snprintf(all, size, "%s", message);
  for (int i = 0; i < n && len < size; ++i)
    len += (size_t)snprintf(all + len, size - len, "; note: %s", notes[i]);
  amdsyncLlvmError(fn, origin, all);
}

void amdsyncLlvmDivergentAt(void *ctx, void *origin, const char *message,
                            void *branch) {
  AmdsyncLlvmFunction *fn = ctx;
  if (!branch) {
    amdsyncLlvmError(fn, origin, message);
    return;
  }
  LLVMValueRef br = branch;
  LLVMValueRef cond = NULL;
  for (int i = 0, n = LLVMGetNumOperands(br); i < n && !cond; ++i) {
    LLVMValueRef o = LLVMGetOperand(br, (unsigned)i);
    if (!LLVMValueIsBasicBlock(o) && !amdsyncLlvmIsUniform(fn, o))
      cond = o;
  }
  char why[700], note[1100];
  if (cond)
    amdsyncLlvmWhyDivergent(fn, cond, why, sizeof why);
  else
    snprintf(why, sizeof why, "a condition that may differ between lanes");
  char where[300];
  amdsyncLlvmDescribe(fn, br, where, sizeof where);
  snprintf(note, sizeof note,
           "lanes may go different ways at %s: it decides by %s", where, why);
  const char *notes[1] = {note};
  void *at[1] = {br};
  amdsyncLlvmErrorWithNotes(fn, origin, message, 1, at, notes);
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
  if (callee && LLVMIsAInlineAsm(callee)) {
    size_t n;
    const char *text = LLVMGetInlineAsmAsmString(callee, &n);
    const AmdsyncIntrinsic *in = amdsyncAsmLookup(text, n);
    if (in) {
      *name = in->name;
      *length = in->length;
    }
    return in;
  }
  if (!callee || !LLVMIsAFunction(callee))
    return NULL;
  *name = LLVMGetValueName2(callee, length);
  if (!amdsyncTrustedCallee(*name, *length, LLVMIsDeclaration(callee)))
    return NULL; /* the module's own function of a built-in's name */
  return amdsyncIntrinsicLookup(*name, *length);
}

/*===--- Fences ----------------------------------------------------------------===*/

/* The address spaces a fence's MMRA limits it to: `*tagged` when it has
   amdgpu-synchronize-as tags, `*local` when one of them is "local",
   `*other` when one names something else. False when the MMRA is more than
   this reads (then it is taken to leave LDS out). */
static bool mmraSpaces(LLVMValueRef fence, const AmdsyncLlvmFenceIds *ids,
                       bool *tagged, bool *local, bool *other) {
  *tagged = *local = *other = false;
  LLVMValueRef md = LLVMGetMetadata(fence, ids->mmra);
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
static bool mmraCoversLds(LLVMValueRef fence, const AmdsyncLlvmFenceIds *ids) {
  bool tagged, local, other;
  return mmraSpaces(fence, ids, &tagged, &local, &other) && (!tagged || local);
}

/* Whether the fence orders LDS and nothing else. */
static bool mmraLdsOnly(LLVMValueRef fence, const AmdsyncLlvmFenceIds *ids) {
  bool tagged, local, other;
  return mmraSpaces(fence, ids, &tagged, &local, &other) && tagged && local &&
         !other;
}

/* The context's fence vocabulary, looked up once per pass run
   (AmdsyncLlvmFenceIds). */
static const AmdsyncLlvmFenceIds *fenceIds(AmdsyncLlvmEscapes *escapes,
                                           LLVMValueRef inst) {
  AmdsyncLlvmFenceIds *ids = &escapes->fences;
  if (!ids->known) {
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(inst));
    ids->system = LLVMGetSyncScopeID(ctx, "", 0);
    ids->agent = LLVMGetSyncScopeID(ctx, "agent", 5);
    ids->workgroup = LLVMGetSyncScopeID(ctx, "workgroup", 9);
    ids->wavefront = LLVMGetSyncScopeID(ctx, "wavefront", 9);
    ids->mmra = LLVMGetMDKindIDInContext(ctx, "mmra", 4);
    ids->known = true;
  }
  assert(LLVMGetTypeContext(LLVMTypeOf(inst)) ==
         LLVMGetModuleContext(escapes->module));
  return ids;
}

/* A fence that makes a barrier next to it order LDS: release (or stronger)
   before it when `release`, acquire (or stronger) after it otherwise, at
   workgroup scope or wider (wavefront for a wave barrier). */
static bool fenceOrdersLds(LLVMValueRef inst, bool release, bool wave,
                           AmdsyncLlvmEscapes *escapes) {
  if (!inst || !LLVMIsAFenceInst(inst))
    return false;
  LLVMAtomicOrdering o = LLVMGetOrdering(inst);
  bool kind_ok = o == LLVMAtomicOrderingAcquireRelease ||
                 o == LLVMAtomicOrderingSequentiallyConsistent ||
                 o == (release ? LLVMAtomicOrderingRelease
                               : LLVMAtomicOrderingAcquire);
  if (!kind_ok)
    return false;
  const AmdsyncLlvmFenceIds *ids = fenceIds(escapes, inst);
  unsigned scope = LLVMGetAtomicSyncScopeID(inst);
  bool scope_ok = scope == ids->system || scope == ids->agent ||
                  scope == ids->workgroup ||
                  (wave && scope == ids->wavefront);
  return scope_ok && mmraCoversLds(inst, ids);
}

/*===--- Instructions ------------------------------------------------------------===*/

/* An instruction that may stand between a barrier and its fence: it
   touches no LDS and synchronizes nothing. */
static bool neutral(LLVMValueRef inst, AmdsyncLlvmEscapes *escapes) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMLoad:
  case LLVMStore:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
    return !amdsyncLlvmMayBeLds(
        LLVMGetOperand(inst,
                       LLVMGetInstructionOpcode(inst) == LLVMStore ? 1 : 0),
        escapes);
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

/* A counter wait completes transfers where it stands: after a release
   fence it completes them after the release, which then does not publish
   them to other waves (spec/amdgpu-async-operations.txt: an async write is
   ordered before another thread's access only when it completes before the
   release). So on the release side of a barrier a wait is not neutral
   (AmdsyncNode.u.barrier.waits_after_release). */
static bool neutralBeforeBarrier(LLVMValueRef inst,
                                 AmdsyncLlvmEscapes *escapes) {
  if (!neutral(inst, escapes))
    return false;
  const char *name;
  size_t len;
  const AmdsyncIntrinsic *in =
      LLVMIsACallInst(inst) ? amdsyncLlvmCalledIntrinsic(inst, &name, &len)
                            : NULL;
  return !in || (in->kind != AMDSYNC_SYNC_COUNTER_WAIT &&
                 in->kind != AMDSYNC_SYNC_WAITCNT);
}

LLVMValueRef amdsyncLlvmReleaseFenceOf(LLVMValueRef barrier, bool wave,
                                       AmdsyncLlvmEscapes *escapes) {
  LLVMValueRef p = LLVMGetPreviousInstruction(barrier);
  while (p && neutralBeforeBarrier(p, escapes))
    p = LLVMGetPreviousInstruction(p);
  return fenceOrdersLds(p, true, wave, escapes) ? p : NULL;
}

/* The fences around barrier `inst` of kind `op`, `prev` the last
   instruction before it in its block that is not neutral (NULL: none):
   what it lacks (AMDSYNC_MISSING_RELEASE, _ACQUIRE), and in
   `*waits_after_release` whether a counter wait stands between its
   release fence and it (AmdsyncNode.u.barrier.waits_after_release: the
   fence is `prev`, but amdsyncLlvmReleaseFenceOf, stopping at the wait,
   does not reach it). Each fence is read once (a metadata lookup each). */
static unsigned barrierFences(LLVMValueRef prev, LLVMValueRef inst,
                              AmdsyncBarrierOp op, AmdsyncLlvmEscapes *escapes,
                              bool *waits_after_release) {
  LLVMValueRef next = LLVMGetNextInstruction(inst);
  while (next && neutral(next, escapes))
    next = LLVMGetNextInstruction(next);
  bool wave = op == AMDSYNC_BARRIER_WAVE;
  unsigned missing = 0;
  bool release = op != AMDSYNC_BARRIER_WAIT &&
                 fenceOrdersLds(prev, true, wave, escapes);
  if (op != AMDSYNC_BARRIER_WAIT && !release)
    missing |= AMDSYNC_MISSING_RELEASE;
  if (op != AMDSYNC_BARRIER_SIGNAL &&
      !fenceOrdersLds(next, false, wave, escapes))
    missing |= AMDSYNC_MISSING_ACQUIRE;
  /* neutral() holds for every instruction between `prev` and the barrier,
     so the walk back over those neutral before a barrier stops at `prev`
     at the latest. */
  LLVMValueRef p = LLVMGetPreviousInstruction(inst);
  while (p && p != prev && neutralBeforeBarrier(p, escapes))
    p = LLVMGetPreviousInstruction(p);
  *waits_after_release = release && p != prev;
  assert(*waits_after_release ==
         (release && !amdsyncLlvmReleaseFenceOf(inst, wave, escapes)));
  return missing;
}

/* Gives barrier `n` at `inst` its fences (barrierFences). */
static void setBarrierFences(AmdsyncNode *n, LLVMValueRef prev,
                             LLVMValueRef inst, AmdsyncBarrierOp op,
                             AmdsyncLlvmEscapes *escapes) {
  bool waits_after_release;
  unsigned missing =
      barrierFences(prev, inst, op, escapes, &waits_after_release);
  amdsyncBarrierSetFences(n, missing, waits_after_release);
}

/* existing=replace (brief: re-synthesis): the input's barriers that order
   only LDS, `fence release` + `s.barrier` + `fence acquire` with both
   fences limited to "local" by their MMRA, as OpenCL's
   barrier(CLK_LOCAL_MEM_FENCE) is written; barriers that also order other
   memory stay. Removed from their blocks (not deleted) as groups of
   {release fence, barrier, acquire fence, the instruction after them}. */
int amdsyncLlvmRemoveLdsOnlyBarriers(LLVMValueRef func, AmdsyncArena *arena,
                                     AmdsyncPtrVec *removed,
                                     AmdsyncLlvmEscapes *escapes) {
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
        while (next && neutral(next, escapes))
          next = LLVMGetNextInstruction(next);
        bool taken = removed->count > first &&
                     removed->items[removed->count - 2] == prev;
        if (next && !taken && fenceOrdersLds(prev, true, false, escapes) &&
            fenceOrdersLds(next, false, false, escapes) &&
            mmraLdsOnly(prev, &escapes->fences) &&
            mmraLdsOnly(next, &escapes->fences)) {
          amdsyncPtrVecPush(arena, removed, prev);
          amdsyncPtrVecPush(arena, removed, inst);
          amdsyncPtrVecPush(arena, removed, next);
          amdsyncPtrVecPush(arena, removed, LLVMGetNextInstruction(next));
        }
      }
      if (!neutral(inst, escapes))
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

/* The name of the resource object `base` (a global, a group of globals,
   an argument) is in. */
static const char *resourceName(AmdsyncLlvmFunction *fn, LLVMValueRef base) {
  return fn->program->resources[amdsyncLlvmResourceOf(fn, base)].name;
}

/* AMDSYNC_TRACE=index: the access's offset as an index expression (issue
   21: the same form the analysis is given, amdsyncAccessSetAddress). */
static void traceIndex(AmdsyncLlvmFunction *fn, LLVMValueRef inst,
                       LLVMValueRef ptr, int64_t size) {
  LLVMValueRef global;
  AmdsyncLinear form;
  char text[400] = "unknown";
  size_t plen = 0;
  AmdsyncLinear cases[AMDSYNC_LLVM_MAX_CASES];
  int ncases, case_var;
  if (amdsyncLlvmIndexForm(fn, ptr, size, &global, &form)) {
    char f[120];
    amdsyncLinearPrint(&form, f, sizeof f);
    snprintf(text, sizeof text, "%s + %s", resourceName(fn, global), f);
  } else if (amdsyncLlvmIndexCases(fn, ptr, LLVMGetInstructionParent(inst),
                                   size, &global, cases, &ncases,
                                   &case_var)) {
    char f0[120], fl[120];
    amdsyncLinearPrint(&cases[0], f0, sizeof f0);
    amdsyncLinearPrint(&cases[ncases - 1], fl, sizeof fl);
    snprintf(text, sizeof text, "%s + %s, ..., %s (%d iterations, s%d)",
             resourceName(fn, global), f0, fl, ncases,
             case_var - AMDSYNC_VAR_SYMBOL);
  }
  const char *pname = LLVMGetValueName2(ptr, &plen);
  amdsyncTrace(fn->program->trace, AMDSYNC_TRACE_INDEX,
               "%s%.*s: %lld byte(s) at %s", plen ? "%" : "<unnamed>",
               (int)plen, pname, (long long)size, text);
}

/* The offset of access `n` (`size` > 0 bytes at `ptr`, instruction
   `inst`, on `resource`) as a form over thread ids, for the index proofs:
   counted from the global the resource is (finalize keeps it only for
   plain accesses of an allocation or a global). None where the address is
   read outside a loop that lanes left in different iterations: the loop's
   symbols in a form are not what each lane holds (uniformity rule 4; the
   chain's own steps are checked by the forms). */
static void setIndex(AmdsyncLlvmFunction *fn, AmdsyncNode *n,
                     LLVMValueRef inst, LLVMValueRef ptr, int64_t size,
                     int resource) {
  LLVMValueRef global;
  AmdsyncLinear form, cases[AMDSYNC_LLVM_MAX_CASES];
  int ncases, case_var;
  if (amdsyncLlvmTemporalOperand(fn, inst, ptr))
    return;
  if (amdsyncLlvmIndexForm(fn, ptr, size, &global, &form)) {
    if (amdsyncLlvmResourceOf(fn, global) == resource)
      amdsyncAccessSetAddress(fn->program, n, &form, size);
  } else if (amdsyncLlvmIndexCases(fn, ptr, LLVMGetInstructionParent(inst),
                                   size, &global, cases, &ncases,
                                   &case_var) &&
             amdsyncLlvmResourceOf(fn, global) == resource) {
    /* Linear in each iteration of a loop whose counters are known. */
    amdsyncAccessSetCases(fn->program, n, case_var, cases, ncases, size);
  }
}

/* An access of `size` bytes (0: unknown) at `ptr` with `flags`, or NULL
   when `ptr` is not LDS. A constant offset into a global narrows it to
   those bytes, one past the global (LDS offsets wrap at 32 bits) is
   unknown memory; anything else covers its whole resource. */
static AmdsyncNode *access(AmdsyncLlvmFunction *fn, LLVMValueRef inst,
                           LLVMValueRef ptr, unsigned flags, LLVMTypeRef type) {
  if (!amdsyncLlvmMayBeLds(ptr, fn->escapes))
    return NULL;
  int64_t lo = -1, hi = -1;
  int64_t size = type ? (int64_t)LLVMStoreSizeOfType(fn->layout, type) : 0;
  AmdsyncLlvmRange range = amdsyncLlvmConstantRange(fn, ptr, size, &lo, &hi);
  int resource = range == AMDSYNC_LLVM_RANGE_OUTSIDE
                     ? amdsyncLlvmUnknownResource(fn)
                     : amdsyncLlvmResourceOf(fn, ptr);
  if (range != AMDSYNC_LLVM_RANGE_KNOWN)
    lo = hi = -1;
  fn->form_at = inst; /* xorForm reads the tests on the way to it */
  if (amdsyncTracing(fn->program->trace, AMDSYNC_TRACE_INDEX))
    traceIndex(fn, inst, ptr, size);
  AmdsyncNode *n =
      amdsyncAccessCreate(fn->program, inst, flags, resource, lo, hi);
  if (size > 0 && range != AMDSYNC_LLVM_RANGE_OUTSIDE &&
      fn->program->resources[resource].kind != AMDSYNC_RES_UNKNOWN)
    setIndex(fn, n, inst, ptr, size, resource);
  fn->form_at = NULL;
  return n;
}

/* The LDS a call's pointer arguments (and vectors of pointers) may
   address: NULL when none may; else one of them, and in `*resource` the
   resource they share, or unknown memory when they differ. */
static LLVMValueRef ldsArguments(AmdsyncLlvmFunction *fn, LLVMValueRef call,
                                 int *resource) {
  unsigned n = LLVMGetNumArgOperands(call);
  LLVMValueRef first = NULL;
  for (unsigned i = 0; i < n; ++i) {
    LLVMValueRef a = LLVMGetOperand(call, i);
    if (!amdsyncLlvmIsPointerLike(LLVMTypeOf(a)) || !amdsyncLlvmMayBeLds(a, fn->escapes))
      continue;
    int r = amdsyncLlvmResourceOf(fn, a);
    if (!first)
      *resource = r;
    else if (r != *resource)
      *resource = amdsyncLlvmUnknownResource(fn);
    first = first ? first : a;
  }
  return first;
}

/* The wait nodes an existing wait implies on the counters the model
   tracks. A count is an unsigned immediate of its width, as on the MLIR
   side (LLVM integers are signless: `i16 -1` is 65535); a count above
   INT_MAX waits for nothing the model tracks. A wait.asyncmark count above
   1024 is an error at the call, as `amdsync.wait_asyncmark`'s is: the
   model keeps that many marks per state. */
static void waitNodes(AmdsyncLlvmFunction *fn, AmdsyncBlock *b,
                      LLVMValueRef inst, const AmdsyncIntrinsic *in) {
  enum { kMaxMarkWait = 1024 };
  size_t len = 0;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
  char msg[320];
  LLVMValueRef v = in->count_operand < 0
                       ? NULL
                       : LLVMGetOperand(inst, (unsigned)in->count_operand);
  unsigned width = v && LLVMIsAConstantInt(v)
                       ? LLVMGetIntTypeWidth(LLVMTypeOf(v))
                       : 0;
  if (width == 0 || width > 64) {
    snprintf(msg, sizeof msg,
             "amdsync: '%.*s' without a constant integer count of at most 64 "
             "bits",
             (int)(len > 96 ? 96 : len), name);
    amdsyncLlvmError(fn, inst, msg);
    return;
  }
  unsigned long long count = LLVMConstIntGetZExtValue(v);
  if (in->kind == AMDSYNC_SYNC_WAIT_ASYNCMARK) {
    if (count > kMaxMarkWait) {
      long long as_signed = LLVMConstIntGetSExtValue(v);
      char written[48] = "";
      if (as_signed < 0)
        snprintf(written, sizeof written, " (i%u %lld)", width, as_signed);
      snprintf(msg, sizeof msg,
               "amdsync: '%.*s' count %llu%s is above the limit of %d marks "
               "amdsync models",
               (int)(len > 96 ? 96 : len), name, count, written, kMaxMarkWait);
      amdsyncLlvmError(fn, inst, msg);
      return;
    }
    amdsyncBlockAppend(fn->program->cfg, b,
                       amdsyncWaitCreate(fn->program, inst,
                                         AMDSYNC_COUNTER_NONE, (int)count));
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

/* Whether call `inst` is `memory(none)` (its callee's attribute, fixed by
   LLVM for intrinsics, or its own): it reads and writes no memory. */
static bool touchesNoMemory(LLVMValueRef inst) {
  static const char kMemory[] = "memory";
  unsigned kind = LLVMGetEnumAttributeKindForName(kMemory, sizeof kMemory - 1);
  if (!kind)
    return false;
  LLVMAttributeRef a =
      LLVMGetCallSiteEnumAttribute(inst, LLVMAttributeFunctionIndex, kind);
  if (a && LLVMGetEnumAttributeValue(a) == 0)
    return true;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  if (!callee || !LLVMIsAFunction(callee))
    return false;
  a = LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, kind);
  return a && LLVMGetEnumAttributeValue(a) == 0;
}

/* Whether load `ld` only seeds a compare-exchange loop on its own address
   (how memref.generic_atomic_rmw and C11 read-modify-write loops lower:
   the loaded value enters a phi that is the expected value of a cmpxchg of
   the same pointer): a stale value makes the cmpxchg fail and retry, so
   the load is part of an atomic update and races no other atomic. */
static bool seedsCompareExchange(LLVMValueRef ld) {
  LLVMValueRef ptr = LLVMGetOperand(ld, 0);
  bool any = false;
  for (LLVMUseRef u = LLVMGetFirstUse(ld); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef phi = LLVMGetUser(u);
    if (!LLVMIsAPHINode(phi))
      return false;
    bool expected = false;
    for (LLVMUseRef w = LLVMGetFirstUse(phi); w && !expected;
         w = LLVMGetNextUse(w)) {
      LLVMValueRef x = LLVMGetUser(w);
      expected = LLVMIsAAtomicCmpXchgInst(x) && LLVMGetOperand(x, 0) == ptr &&
                 LLVMGetOperand(x, 1) == phi;
    }
    if (!expected)
      return false;
    any = true;
  }
  return any;
}

/* Whether the address of function `f` is taken: a use other than as the
   callee of a direct call (stored, passed, in a table, cast). */
static bool addressTaken(LLVMValueRef f) {
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != f)
      return true;
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(user);
    for (unsigned i = 0; i < nargs; ++i)
      if (LLVMGetOperand(user, i) == f)
        return true;
  }
  return false;
}

/* Whether `call` calls through a pointer (not a function, not inline
   assembly). */
static bool isIndirectCall(LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  return callee && !LLVMIsAFunction(callee) && !LLVMIsAInlineAsm(callee);
}

/* The functions an indirect call may reach: the non-kernel functions of
   the module whose address is taken, and those visible outside it (their
   address may come from elsewhere). Pushed onto the call-graph worklist. */
static void pushIndirectCallees(AmdsyncLlvmFunction *fn, AmdsyncPtrMap *seen,
                                AmdsyncPtrVec *work) {
  LLVMModuleRef m = LLVMGetGlobalParent(fn->func);
  for (LLVMValueRef g = LLVMGetFirstFunction(m); g;
       g = LLVMGetNextFunction(g)) {
    long v;
    if (LLVMIsDeclaration(g) || amdsyncPtrMapGet(seen, g, &v) ||
        LLVMGetFunctionCallConv(g) == LLVMAMDGPUKERNELCallConv)
      continue; /* kernels are launched, not called */
    LLVMLinkage l = LLVMGetLinkage(g);
    bool local = l == LLVMInternalLinkage || l == LLVMPrivateLinkage;
    if (!local || addressTaken(g)) {
      amdsyncPtrMapPut(fn->arena, seen, g, 1);
      amdsyncPtrVecPush(fn->arena, work, g);
    }
  }
}

/* Whether function `f` (NULL: the callee of an indirect call, any of
   pushIndirectCallees), if defined in the module, may execute a workgroup
   barrier (an s_barrier, a split signal or wait: not a wave barrier), in
   its body or in a function it calls, directly or through a pointer, found
   by a worklist over the call graph. Declarations (code outside the
   module) are taken not to: a known limit (docs/design.md). */
static bool mayExecuteBarrier(AmdsyncLlvmFunction *fn, LLVMValueRef f) {
  long memo;
  if (!f && fn->indirect_barrier)
    return fn->indirect_barrier == AMDSYNC_MEMO_YES;
  if (f && amdsyncPtrMapGet(&fn->barrier_callee, f, &memo))
    return memo != 0;
  AmdsyncPtrMap seen = {0};
  AmdsyncPtrVec work = {NULL, 0, 0};
  if (f) {
    amdsyncPtrVecPush(fn->arena, &work, f);
    amdsyncPtrMapPut(fn->arena, &seen, f, 1);
  } else {
    pushIndirectCallees(fn, &seen, &work);
  }
  bool indirect_seen = !f;
  bool found = false;
  while (work.count > 0 && !found) {
    LLVMValueRef g = work.items[--work.count];
    if (LLVMIsDeclaration(g))
      continue;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(g); bb && !found;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !found;
           i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i))
          continue;
        const char *name;
        size_t len;
        const AmdsyncIntrinsic *in = amdsyncLlvmCalledIntrinsic(i, &name, &len);
        if (in) {
          found = in->kind == AMDSYNC_SYNC_BARRIER ||
                  in->kind == AMDSYNC_SYNC_FENCED_BARRIER ||
                  in->kind == AMDSYNC_SYNC_CL_BARRIER ||
                  in->kind == AMDSYNC_SYNC_SIGNAL ||
                  in->kind == AMDSYNC_SYNC_WAIT;
          continue;
        }
        LLVMValueRef h = LLVMGetCalledValue(i);
        long v;
        if (h && LLVMIsAFunction(h) && !amdsyncPtrMapGet(&seen, h, &v)) {
          amdsyncPtrMapPut(fn->arena, &seen, h, 1);
          amdsyncPtrVecPush(fn->arena, &work, h);
        } else if (isIndirectCall(i) && !indirect_seen) {
          indirect_seen = true;
          pushIndirectCallees(fn, &seen, &work);
        }
      }
  }
  if (f)
    amdsyncPtrMapPut(fn->arena, &fn->barrier_callee, f, found ? 1 : 0);
  else
    fn->indirect_barrier = found ? AMDSYNC_MEMO_YES : AMDSYNC_MEMO_NO;
  return found;
}


/* Whether `p` is (through GEPs and address-space casts) an alloca of
   function `g`: one lane's private memory. */
static bool ownAlloca(LLVMValueRef p, LLVMValueRef g) {
  for (int depth = 0; depth < 8 && p; ++depth) {
    if (LLVMIsAAllocaInst(p))
      return LLVMGetBasicBlockParent(LLVMGetInstructionParent(p)) == g;
    if (!LLVMIsAInstruction(p))
      return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(p);
    if (op != LLVMGetElementPtr && op != LLVMAddrSpaceCast &&
        op != LLVMBitCast)
      return false;
    p = LLVMGetOperand(p, 0);
  }
  return false;
}

/* Whether `p` addresses, through GEPs alone, the constant memory no lane
   writes: what llvm.amdgcn.implicitarg.ptr, dispatch.ptr or
   kernarg.segment.ptr return (the dispatch packet, the kernel's
   arguments), a kernel's own address space 4 argument (a byref kernel
   argument), or a constant global of address space 4. Not any address
   space 4 pointer: one cast from an LDS or global address is written by
   lanes (reviewers' kernels: a helper's read of LDS lost, a value taken
   for uniform and a barrier under it hanging). */
bool amdsyncLlvmDispatchConstant(LLVMValueRef p) {
  for (int depth = 0; depth < 8 && p; ++depth) {
    if (LLVMIsAGlobalVariable(p))
      return LLVMGetPointerAddressSpace(LLVMTypeOf(p)) == 4 &&
             LLVMIsGlobalConstant(p);
    if (LLVMIsAArgument(p))
      return LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMPointerTypeKind &&
             LLVMGetPointerAddressSpace(LLVMTypeOf(p)) == 4 &&
             LLVMGetFunctionCallConv(LLVMGetParamParent(p)) ==
                 LLVMAMDGPUKERNELCallConv;
    if (LLVMIsACallInst(p)) {
      LLVMValueRef callee = LLVMGetCalledValue(p);
      size_t len = 0;
      const char *name =
          callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len)
                                            : "";
      static const char *const kDispatch[] = {
          "llvm.amdgcn.implicitarg.ptr", "llvm.amdgcn.dispatch.ptr",
          "llvm.amdgcn.kernarg.segment.ptr"};
      for (size_t k = 0; k < sizeof kDispatch / sizeof kDispatch[0]; ++k)
        if (strlen(kDispatch[k]) == len && memcmp(kDispatch[k], name, len) == 0)
          return true;
      return false;
    }
    if (!LLVMIsAGetElementPtrInst(p) &&
        !(LLVMIsAConstantExpr(p) &&
          LLVMGetConstOpcode(p) == LLVMGetElementPtr))
      return false;
    p = LLVMGetOperand(p, 0);
  }
  return false;
}

/* Whether defined function `f` is memory-free: every instruction of its
   body (and of the defined functions it calls, transitively) is a load or
   store of its own allocas (clang -O0's locals) or touches no memory, and
   every call is of an intrinsic of no memory (the table's, or `memory(none)`)
   or of another memory-free function: a call of it is no LDS access and no
   barrier (HIP's threadIdx getters, which clang -O0 leaves as calls).
   Memoized; a cycle of calls is taken as not free. */
static bool memoryFreeCallee(AmdsyncLlvmFunction *fn, LLVMValueRef f,
                             int depth) {
  long memo;
  if (amdsyncPtrMapGet(&fn->memfree_callee, f, &memo))
    return memo == 1;
  if (LLVMIsDeclaration(f) || depth > 8)
    return false;
  amdsyncPtrMapPut(fn->arena, &fn->memfree_callee, f, 0); /* until shown */
  bool free_ = true;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && free_;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && free_;
         i = LLVMGetNextInstruction(i)) {
      switch (LLVMGetInstructionOpcode(i)) {
      case LLVMLoad:
        /* Its own locals, or the dispatch packet and kernel arguments the
           device library's queries read (amdsyncLlvmDispatchConstant). */
        free_ = ownAlloca(LLVMGetOperand(i, 0), f) ||
                amdsyncLlvmDispatchConstant(LLVMGetOperand(i, 0));
        break;
      case LLVMStore:
        free_ = ownAlloca(LLVMGetOperand(i, 1), f) &&
                !ownAlloca(LLVMGetOperand(i, 0), f);
        break;
      case LLVMAtomicRMW:
      case LLVMAtomicCmpXchg:
      case LLVMFence:
      case LLVMVAArg:
      case LLVMInvoke:
      case LLVMCallBr:
        free_ = false;
        break;
      case LLVMCall: {
        LLVMValueRef callee = LLVMGetCalledValue(i);
        const char *name;
        size_t len;
        const AmdsyncIntrinsic *in = amdsyncLlvmCalledIntrinsic(i, &name, &len);
        if (in)
          free_ = in->kind == AMDSYNC_SYNC_NO_MEMORY;
        else if (callee && LLVMIsAFunction(callee) && !LLVMIsDeclaration(callee))
          free_ = memoryFreeCallee(fn, callee, depth + 1);
        else
          free_ = callee && LLVMIsAFunction(callee) && len > 5 &&
                  memcmp(name, "llvm.", 5) == 0 && touchesNoMemory(i);
        break;
      }
      default:
        break;
      }
    }
  amdsyncPtrMapPut(fn->arena, &fn->memfree_callee, f, free_ ? 1 : 0);
  return free_;
}

bool amdsyncLlvmMemoryFree(AmdsyncLlvmFunction *fn, LLVMValueRef f) {
  return memoryFreeCallee(fn, f, 0);
}

/* Whether barrier call `inst` (table entry `in`) brings its own LDS fences:
   a fenced barrier always; OpenCL's barrier where its constant flags (and
   scope) ask for them. Otherwise it orders LDS only between LDS fences
   next to it, as s_barrier. */
static bool ownsLdsFences(const AmdsyncIntrinsic *in, LLVMValueRef inst) {
  if (in->kind == AMDSYNC_SYNC_FENCED_BARRIER)
    return true;
  if (in->kind != AMDSYNC_SYNC_CL_BARRIER)
    return false;
  long long flags, scope = 0;
  unsigned nargs = (unsigned)LLVMGetNumArgOperands(inst);
  return nargs >= 1 && constantInt(LLVMGetOperand(inst, 0), &flags) &&
         (nargs < 2 || constantInt(LLVMGetOperand(inst, 1), &scope)) &&
         amdsyncClBarrierOrdersLds(flags, nargs >= 2, scope);
}

/*===--- Barrier helpers ---------------------------------------------------===*/

/* What a call of a defined function is as a barrier: clang -O0 leaves
   HIP's __syncthreads() (fence release, s_barrier, fence acquire, as
   ROCm's headers write it) and any such wrapper a call. */
typedef enum {
  AMDSYNC_HELPER_NO = 0, ///< not a barrier (maybe none, maybe more, maybe
                         ///< other memory)
  AMDSYNC_HELPER_BARE,   ///< one barrier; some path lacks an LDS fence
  AMDSYNC_HELPER_FENCED, ///< one barrier between LDS fences on every path
} AmdsyncBarrierHelper;

enum { kHelperPaths = 64, kHelperBlocks = 32, kHelperDepth = 8 };

static AmdsyncBarrierHelper barrierHelperOf(AmdsyncLlvmFunction *fn,
                                            LLVMValueRef f, int depth);

/* One path's state in barrierHelperPaths: the barriers it ran, whether a
   release fence ordering LDS came before the first, an acquire after. */
typedef struct {
  int barriers;
  bool release, acquire;
} HelperPath;

/* Steps through block `bb` of helper `f` on a path in state `st`; false
   when an instruction is neither memory-free, a fence, nor a barrier (or a
   barrier helper). */
static bool helperBlock(AmdsyncLlvmFunction *fn, LLVMValueRef f,
                        LLVMBasicBlockRef bb, HelperPath *st, int depth) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
       i = LLVMGetNextInstruction(i)) {
    switch (LLVMGetInstructionOpcode(i)) {
    case LLVMLoad:
      if (!ownAlloca(LLVMGetOperand(i, 0), f))
        return false;
      break;
    case LLVMStore:
      if (!ownAlloca(LLVMGetOperand(i, 1), f) ||
          ownAlloca(LLVMGetOperand(i, 0), f))
        return false;
      break;
    case LLVMFence:
      /* A fence before the barrier releases, after it acquires. */
      if (st->barriers == 0)
        st->release |= fenceOrdersLds(i, true, false, fn->escapes);
      else
        st->acquire |= fenceOrdersLds(i, false, false, fn->escapes);
      break;
    case LLVMAtomicRMW:
    case LLVMAtomicCmpXchg:
    case LLVMVAArg:
    case LLVMInvoke:
    case LLVMCallBr:
      return false;
    case LLVMCall: {
      const char *name;
      size_t len;
      const AmdsyncIntrinsic *in = amdsyncLlvmCalledIntrinsic(i, &name, &len);
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (in && (in->kind == AMDSYNC_SYNC_BARRIER ||
                 in->kind == AMDSYNC_SYNC_FENCED_BARRIER ||
                 in->kind == AMDSYNC_SYNC_CL_BARRIER)) {
        bool own = ownsLdsFences(in, i);
        st->release |= own;
        st->acquire = own; /* fences after it are still to come */
        st->barriers++;
      } else if (in) {
        if (in->kind != AMDSYNC_SYNC_NO_MEMORY)
          return false;
      } else if (callee && LLVMIsAFunction(callee) &&
                 !LLVMIsDeclaration(callee)) {
        if (memoryFreeCallee(fn, callee, 0))
          break;
        AmdsyncBarrierHelper h = barrierHelperOf(fn, callee, depth + 1);
        if (h == AMDSYNC_HELPER_NO)
          return false;
        st->release |= h == AMDSYNC_HELPER_FENCED;
        st->acquire = h == AMDSYNC_HELPER_FENCED;
        st->barriers++;
      } else if (!(callee && LLVMIsAFunction(callee) && len > 5 &&
                   memcmp(name, "llvm.", 5) == 0 && touchesNoMemory(i))) {
        return false;
      }
      break;
    }
    default:
      break;
    }
    if (st->barriers > 1)
      return false;
  }
  return true;
}

/* Walks every path of helper `f` from `bb` in state `st` (depth first,
   at most kHelperPaths paths of at most kHelperBlocks blocks: a loop, which
   would exceed them, is no helper); folds each finished path into `all`
   (fenced while every path is). False when a path runs other than one
   barrier. */
static bool helperPaths(AmdsyncLlvmFunction *fn, LLVMValueRef f,
                        LLVMBasicBlockRef bb, HelperPath st, int length,
                        int *paths, bool *fenced, int depth) {
  if (length > kHelperBlocks || !helperBlock(fn, f, bb, &st, depth))
    return false;
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  LLVMOpcode op = LLVMGetInstructionOpcode(term);
  if (op == LLVMRet) {
    if (++*paths > kHelperPaths || st.barriers != 1)
      return false;
    *fenced = *fenced && st.release && st.acquire;
    return true;
  }
  if (op != LLVMBr && op != LLVMSwitch)
    return false; /* unreachable: a path that ends without returning */
  unsigned n = LLVMGetNumSuccessors(term);
  for (unsigned k = 0; k < n; ++k)
    if (!helperPaths(fn, f, LLVMGetSuccessor(term, k), st, length + 1, paths,
                     fenced, depth))
      return false;
  return true;
}

/* Whether a call of defined function `f` is one workgroup barrier: on
   every path from its entry to a return it runs exactly one barrier
   (s_barrier, a fenced barrier, OpenCL's barrier, or a call of another
   such function), and otherwise touches no memory but its own allocas,
   calls only memory-free functions, and has no loop. FENCED when on every
   path an LDS release fence comes before the barrier and an LDS acquire
   fence after it, as a barrier with its own fences; BARE otherwise, as a
   bare s_barrier (fences around the call complete it). Memoized. */
static AmdsyncBarrierHelper barrierHelperOf(AmdsyncLlvmFunction *fn,
                                            LLVMValueRef f, int depth) {
  long memo;
  if (amdsyncPtrMapGet(&fn->barrier_helper, f, &memo))
    return (AmdsyncBarrierHelper)memo;
  if (LLVMIsDeclaration(f) || depth > kHelperDepth)
    return AMDSYNC_HELPER_NO;
  amdsyncPtrMapPut(fn->arena, &fn->barrier_helper, f, AMDSYNC_HELPER_NO);
  HelperPath start = {0, false, false};
  int paths = 0;
  bool fenced = true;
  AmdsyncBarrierHelper h =
      !helperPaths(fn, f, LLVMGetEntryBasicBlock(f), start, 0, &paths,
                   &fenced, depth)
          ? AMDSYNC_HELPER_NO
      : fenced ? AMDSYNC_HELPER_FENCED
               : AMDSYNC_HELPER_BARE;
  amdsyncPtrMapPut(fn->arena, &fn->barrier_helper, f, h);
  return h;
}

/* llvm.memset/memcpy/memmove into LDS with a destination that is the same
   in every lane, and a fill value (memset) or source (memcpy, memmove)
   that may differ between lanes: every lane writes the same bytes in one
   call, with different values. Recorded for amdsyncLlvmCheckSameBytes. */
bool amdsyncLlvmIsBulkWrite(const char *name, size_t len) {
  static const char *const kBulk[] = {"llvm.memset.", "llvm.memcpy.",
                                      "llvm.memmove.",
                                      "llvm.memset.inline.",
                                      "llvm.memcpy.inline."};
  for (size_t k = 0; k < sizeof kBulk / sizeof kBulk[0]; ++k)
    if (len > strlen(kBulk[k]) && memcmp(name, kBulk[k], strlen(kBulk[k])) == 0)
      return true;
  return false;
}

static void noteSameBytes(AmdsyncLlvmFunction *fn, LLVMValueRef inst,
                          AmdsyncNode *node, const char *name, size_t len) {
  if (!amdsyncLlvmIsBulkWrite(name, len) || LLVMGetNumArgOperands(inst) < 3)
    return;
  LLVMValueRef dst = LLVMGetOperand(inst, 0), src = LLVMGetOperand(inst, 1),
               n = LLVMGetOperand(inst, 2);
  if (!amdsyncLlvmMayBeLds(dst, fn->escapes) || !amdsyncLlvmIsUniform(fn, dst))
    return;
  if (LLVMIsAConstantInt(n) && LLVMConstIntGetZExtValue(n) == 0)
    return; /* writes nothing */
  if (amdsyncLlvmIsUniform(fn, src))
    return; /* the same values in every lane */
  amdsyncPtrVecPush(fn->arena, &fn->same_bytes_other_values, node);
}

int amdsyncLlvmCheckSameBytes(AmdsyncLlvmFunction *fn) {
  /* Only a kernel (or an OpenCL kernel's body) is known to run in every
     lane: a helper may be called from one lane (under a thread id test). */
  if (!fn->launch)
    return 0;
  int n = 0;
  for (int i = 0; i < fn->same_bytes_other_values.count; ++i) {
    AmdsyncNode *node = fn->same_bytes_other_values.items[i];
    if (node->block->divergent)
      continue; /* maybe one lane, as under a thread id test */
    LLVMValueRef inst = node->origin;
    size_t len = 0;
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
    char msg[512];
    snprintf(msg, sizeof msg,
             "amdsync: every lane of the workgroup writes the same LDS bytes "
             "with this '%.*s' (its destination is the same in every lane) "
             "and the lanes' values may differ: a write/write race inside "
             "one call, which no barrier can order; write from one lane "
             "(e.g. under a thread id test), then a barrier",
             (int)(len > 64 ? 64 : len), name);
    amdsyncLlvmError(fn, inst, msg);
    n++;
  }
  return n;
}
static AmdsyncNode *callNode(AmdsyncLlvmFunction *fn, AmdsyncBlock *b,
                             LLVMValueRef inst, LLVMValueRef prev) {
  const char *name;
  size_t len;
  const AmdsyncIntrinsic *in = amdsyncLlvmCalledIntrinsic(inst, &name, &len);
  if (!in) {
    if (len > 5 && memcmp(name, "llvm.", 5) == 0) {
      /* An intrinsic the table does not know: it may read and write what
         any of its LDS arguments point to (llvm.memcpy's source and
         destination, a masked scatter's vector of pointers), unless it
         touches no memory (`memory(none)`: llvm.ptrmask, lane reads). */
      int res;
      if (touchesNoMemory(inst) || !ldsArguments(fn, inst, &res))
        return NULL;
      AmdsyncNode *node = amdsyncAccessCreate(
          fn->program, inst, AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE, res,
          -1, -1);
      noteSameBytes(fn, inst, node, name, len);
      return node;
    }
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    if (callee && LLVMIsAFunction(callee) && !LLVMIsDeclaration(callee) &&
        memoryFreeCallee(fn, callee, 0))
      return NULL; /* touches no memory a lane shares, runs no barrier */
    AmdsyncBarrierHelper h =
        callee && LLVMIsAFunction(callee) && !LLVMIsDeclaration(callee)
            ? barrierHelperOf(fn, callee, 0)
            : AMDSYNC_HELPER_NO;
    if (h != AMDSYNC_HELPER_NO) {
      /* The call is the barrier (__syncthreads at -O0). */
      AmdsyncNode *n = amdsyncBarrierCreate(fn->program, inst,
                                            AMDSYNC_BARRIER_FULL);
      if (h == AMDSYNC_HELPER_BARE)
        setBarrierFences(n, prev, inst, AMDSYNC_BARRIER_FULL, fn->escapes);
      return n;
    }
    unsigned flags = AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE |
                     AMDSYNC_ACCESS_CALL;
    if ((callee && LLVMIsAFunction(callee) && mayExecuteBarrier(fn, callee)) ||
        (isIndirectCall(inst) && mayExecuteBarrier(fn, NULL)))
      flags |= AMDSYNC_ACCESS_BARRIER_CALL;
    return amdsyncAccessCreate(fn->program, inst, flags, amdsyncLlvmUnknownResource(fn),
                               -1, -1);
  }
  switch (in->kind) {
  case AMDSYNC_SYNC_CL_BARRIER:
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
    if (!ownsLdsFences(in, inst))
      setBarrierFences(n, prev, inst, op, fn->escapes);
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
    int res;
    if (!ldsArguments(fn, inst, &res))
      res = amdsyncLlvmUnknownResource(fn); /* e.g. a tensor descriptor */
    AmdsyncNode *n =
        amdsyncAccessCreate(fn->program, inst, in->flags, res, -1, -1);
    amdsyncAccessSetAsyncKind(n, fn->target, in->async_kind);
    return n;
  }
  case AMDSYNC_SYNC_LDS_ACCESS: {
    int res;
    return ldsArguments(fn, inst, &res)
               ? amdsyncAccessCreate(fn->program, inst, in->flags, res, -1, -1)
               : NULL;
  }
  case AMDSYNC_SYNC_NO_MEMORY:
  case AMDSYNC_SYNC_NONE:
    return NULL;
  }
  return NULL;
}

/* Whether `inst`, which the model holds no op for, is work a split
   signal before it would overlap (amdsyncBlockNoteWork): a load or store
   of other memory, or a floating-point or vector value. Integer
   arithmetic (addresses, loop counters), phis and casts are not counted,
   as in the MLIR front end. */
static bool isWork(LLVMValueRef inst) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMLoad:
  case LLVMStore:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
    return true;
  case LLVMPHI:
    return false;
  default:
    break;
  }
  LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(inst));
  return k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind ||
         k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind ||
         k == LLVMVectorTypeKind || k == LLVMScalableVectorTypeKind;
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
      n = access(fn, inst, LLVMGetOperand(inst, 0),
                 seedsCompareExchange(inst) ? R | AMDSYNC_ACCESS_ATOMIC : R,
                 LLVMTypeOf(inst));
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
    else if (isWork(inst))
      amdsyncBlockNoteWork(fn->program->cfg, b);
    /* An LDS access is not neutral: no second trace of its pointer. */
    bool lds_access = n && n->kind == AMDSYNC_NODE_ACCESS &&
                      LLVMGetInstructionOpcode(inst) != LLVMCall;
    assert(!lds_access || !neutral(inst, fn->escapes));
    if (lds_access || !neutral(inst, fn->escapes))
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

/* Whether `x` is a successor of `b` in the graph (no edit dropped or
   redirected the edge to it). */
static bool hasSuccessor(const AmdsyncBlock *b, const AmdsyncBlock *x) {
  for (int k = 0; k < b->nsucc; ++k)
    if (b->succ[k] == x)
      return true;
  return false;
}

/* The guards of `switch` `t` ending `b`: a case whose block no other case
   (nor the default) enters holds v == value there. The default's v != ...
   bounds no thread id. */
static void addCaseGuards(AmdsyncLlvmFunction *fn, AmdsyncBlock *b,
                          LLVMValueRef t) {
  AmdsyncCfg *g = fn->program->cfg;
  unsigned ns = LLVMGetNumSuccessors(t);
  for (unsigned i = 1; i < ns; ++i) {
    LLVMBasicBlockRef dest = LLVMGetSuccessor(t, i);
    bool alone = true;
    for (unsigned j = 0; j < ns && alone; ++j)
      alone = j == i || LLVMGetSuccessor(t, j) != dest;
    long to;
    if (!alone || !amdsyncPtrMapGet(&fn->block_of, dest, &to) ||
        !hasSuccessor(b, g->blocks[to]))
      continue;
    /* The value is operand 0; case values are no operands (LLVM 22). */
    AmdsyncGuard guard;
    if (amdsyncLlvmCaseGuard(fn, LLVMGetOperand(t, 0),
                             LLVMGetSwitchCaseValue(t, i), &guard)) {
      guard.to = g->blocks[to];
      amdsyncBlockAddGuards(g, b, &guard, 1);
    }
  }
}

/* The guards of conditional branch `t` ending `b` on its two edges, where
   each leads to a block of its own (no edit redirected it), or of a
   `switch` on its cases. */
static void addGuards(AmdsyncLlvmFunction *fn, AmdsyncBlock *b,
                      LLVMValueRef t) {
  if (LLVMGetInstructionOpcode(t) == LLVMSwitch) {
    addCaseGuards(fn, b, t);
    return;
  }
  if (LLVMGetInstructionOpcode(t) != LLVMBr || !LLVMIsConditional(t) ||
      b->nsucc != 2)
    return;
  AmdsyncCfg *g = fn->program->cfg;
  for (unsigned i = 0; i < 2; ++i) {
    long to;
    if (!amdsyncPtrMapGet(&fn->block_of, LLVMGetSuccessor(t, i), &to))
      return;
    AmdsyncBlock *x = g->blocks[to];
    if (b->succ[0] == b->succ[1] || (b->succ[0] != x && b->succ[1] != x))
      return;
  }
  /* Both edges' guards, given to the block in one amdsyncBlockAddGuards:
     it keeps them at their exact count, and a call per edge would leave
     a copy of the first edge's behind in the arena (a guard is some 250
     bytes; a tree reduction's step has a guard per iteration on each
     edge). On the heap: 2 x 136 guards. */
  enum { kPlain = 8, kPerEdge = kPlain + AMDSYNC_LLVM_MAX_CASE_GUARDS };
  AmdsyncGuard *guards = malloc(2 * kPerEdge * sizeof *guards);
  if (!guards)
    abort();
  int count = 0;
  for (unsigned i = 0; i < 2; ++i) {
    long to;
    amdsyncPtrMapGet(&fn->block_of, LLVMGetSuccessor(t, i), &to);
    /* The plain guards, then those of each iteration of a loop whose
       counters the condition reads (`tid % (2 * s) == 0`), where the
       plain ones say less (amdsyncCaseGuardWanted). */
    AmdsyncGuard *edge = guards + count;
    int plain = amdsyncLlvmGuards(fn, LLVMGetCondition(t), i == 0, edge,
                                  kPlain);
    int n = amdsyncLlvmCaseGuards(fn, LLVMGetCondition(t), i == 0,
                                  edge + plain,
                                  AMDSYNC_LLVM_MAX_CASE_GUARDS);
    int kept = plain;
    for (int k = plain; k < plain + n; ++k)
      if (amdsyncCaseGuardWanted(&edge[k], plain))
        edge[kept++] = edge[k];
    for (int k = 0; k < kept; ++k)
      edge[k].to = g->blocks[to];
    count += kept;
  }
  amdsyncBlockAddGuards(g, b, guards, count);
  free(guards);
}

bool amdsyncLlvmTranslate(AmdsyncLlvmFunction *fn) {
  AmdsyncCfg *g = amdsyncCfgCreate(fn->program);
  amdsyncLlvmGroupLds(fn);
  int n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn->func); bb;
       bb = LLVMGetNextBasicBlock(bb), ++n) {
    AmdsyncBlock *b = amdsyncCfgAddBlock(g);
    long have;
    if (!amdsyncPtrMapGet(&fn->block_of, bb, &have))
      amdsyncPtrMapPut(fn->arena, &fn->block_of, bb, b->id);
    assert(!amdsyncPtrMapGet(&fn->block_of, bb, &have) || have == b->id);
  }
  LLVMBasicBlockRef *bbs =
      amdsyncArenaAlloc(fn->arena, (size_t)(n + 1) * sizeof *bbs);
  int id = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn->func); bb;
       bb = LLVMGetNextBasicBlock(bb), ++id) {
    bbs[id] = bb;
    translateBlock(fn, bb, g->blocks[id]);
  }
  EdgeEdits edits = {
      fn, amdsyncArenaAlloc(fn->arena, (size_t)(n + 1) * sizeof(int)), NULL, 0,
      0};
  for (int i = 0; i < n; ++i)
    edits.first[i] = -1;
  amdsyncLlvmCountLoops(fn, bbs, &edits);
  for (id = 0; id < n; ++id) {
    LLVMBasicBlockRef bb = bbs[id];
    AmdsyncBlock *b = g->blocks[id];
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (!t)
      continue;
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned i = 0; i < ns; ++i) {
      long to;
      if (!amdsyncPtrMapGet(&fn->block_of, LLVMGetSuccessor(t, i), &to))
        continue;
      int target = amdsyncLlvmEditedTarget(&edits, id, (int)to);
      if (target >= 0)
        amdsyncCfgAddEdge(g, b, g->blocks[target]);
    }
    if (b->nsucc >= 2) {
      bool uniform = terminatorUniform(fn, t);
      amdsyncBlockSetBranch(g, b, t, uniform);
      /* A guard bounds thread ids; a condition the same in every lane
         reads none (uniformity.c: a thread id is a divergent source). */
      if (!uniform)
        addGuards(fn, b, t);
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
