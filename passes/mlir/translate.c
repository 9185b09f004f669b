/*===- translate.c - An MLIR function as an AmdsyncProgram -----------------===*
 *
 * Walks one func.func / gpu.func / llvm.func and builds the core's
 * control-flow graph (passes/core/include/amdsync/cfg.h): LDS accesses (ops.c), their
 * resources (resources.c), existing barriers, marks and waits, in blocks.
 * The function body's blocks (cf, llvm branches) are taken as they are;
 * structured control flow (scf.for, scf.while, scf.if, scf.index_switch,
 * affine.for, affine.if, scf.execute_region, memref.alloca_scope) is
 * lowered to blocks, with uniformity (uniformity.c) and static trip counts.
 * Records, for every gap, where it lives in the IR (a range of one MLIR
 * block) so emit.c can insert ops there; blocks that exist only in the
 * model (a loop's test) hold nothing.
 *
 * Anything it cannot model soundly is an error at the op: an op with
 * regions it does not know that holds LDS accesses or barriers, and
 * multi-block regions inside ops other than scf.execute_region.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static void errorAt(AmdsyncMlirFunction *fn, MlirOperation op,
                    const char *msg) {
  mlirEmitError(mlirOperationGetLocation(op), msg);
  fn->errors++;
}

/*===--- Static facts about ops -----------------------------------------------===*/

/* Trip count of `for (iv = lb; iv < ub; iv += step)` on `width`-bit
   integers compared signed or unsigned (the loop's own signedness), or -1
   when unknown: a step that is not positive, or a last increment
   lb + n*step past the type's maximum (the lowered loop wraps and does
   not stop there). Checked arithmetic only: never a wrapped count. */
static int64_t tripCountAt(uint64_t lb, uint64_t ub, uint64_t step,
                           unsigned width, bool is_unsigned) {
  uint64_t mask = width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
  AmdsyncMlirInt l = {lb & mask, width, false}, u = {ub & mask, width, false},
                 s = {step & mask, width, false};
  uint64_t diff, stride, room;
  if (is_unsigned) {
    if (s.bits == 0)
      return -1;
    if (u.bits <= l.bits)
      return 0;
    diff = u.bits - l.bits;
    stride = s.bits;
    room = mask - l.bits;
  } else {
    int64_t sl = amdsyncMlirIntSigned(l), su = amdsyncMlirIntSigned(u),
            ss = amdsyncMlirIntSigned(s);
    if (ss <= 0)
      return -1;
    if (su <= sl)
      return 0;
    /* Differences of two's-complement values: exact in uint64_t, since
       the true difference is positive and below 2^64. */
    diff = (uint64_t)su - (uint64_t)sl;
    stride = (uint64_t)ss;
    room = (mask >> 1) - (uint64_t)sl;
  }
  uint64_t n = diff / stride + (diff % stride != 0), span;
  if (__builtin_mul_overflow(n, stride, &span) || span > room ||
      n > (uint64_t)INT64_MAX)
    return -1;
  return (int64_t)n;
}

/* An index loop is lowered with a 32- or 64-bit index: the count is known
   only when both agree. */
static int64_t tripCount(AmdsyncMlirInt lb, AmdsyncMlirInt ub,
                         AmdsyncMlirInt step, bool is_unsigned) {
  if (lb.width != 0)
    return tripCountAt(lb.bits, ub.bits, step.bits, lb.width, is_unsigned);
  int64_t n64 = tripCountAt(lb.bits, ub.bits, step.bits, 64, is_unsigned);
  int64_t n32 = tripCountAt(lb.bits, ub.bits, step.bits, 32, is_unsigned);
  return n64 == n32 ? n64 : -1;
}

static int64_t scfForTrips(MlirOperation op) {
  AmdsyncMlirInt lb, ub, step;
  if (!amdsyncMlirConstantIntBits(mlirOperationGetOperand(op, 0), &lb) ||
      !amdsyncMlirConstantIntBits(mlirOperationGetOperand(op, 1), &ub) ||
      !amdsyncMlirConstantIntBits(mlirOperationGetOperand(op, 2), &step) ||
      lb.width != ub.width || lb.width != step.width)
    return -1;
  bool is_unsigned = !mlirAttributeIsNull(mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("unsignedCmp")));
  return tripCount(lb, ub, step, is_unsigned);
}

static bool constantMap(MlirOperation op, const char *attr, int64_t *out) {
  MlirAttribute a =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(attr));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a))
    return false;
  MlirAffineMap m = mlirAffineMapAttrGetValue(a);
  if (!mlirAffineMapIsSingleConstant(m))
    return false;
  *out = mlirAffineMapGetSingleConstantResult(m);
  return true;
}

static int64_t affineForTrips(MlirOperation op) {
  int64_t lb, ub;
  AmdsyncMlirInt step;
  if (!amdsyncMlirIntAttr(mlirOperationGetAttributeByName(
                              op, mlirStringRefCreateFromCString("step")),
                          &step))
    return -1;
  if (!constantMap(op, "lowerBoundMap", &lb) ||
      !constantMap(op, "upperBoundMap", &ub))
    return -1;
  /* affine.for: index bounds and step, compared signed. */
  AmdsyncMlirInt l = {(uint64_t)lb, 0, false}, u = {(uint64_t)ub, 0, false};
  step.width = 0;
  return tripCount(l, u, step, false);
}

/* Operands feeding an affine.for's bounds or an affine.if's condition. */
static bool affineOperandsUniform(AmdsyncMlirFunction *fn, MlirOperation op,
                                  intptr_t count) {
  for (intptr_t i = 0; i < count; ++i)
    if (!amdsyncMlirIsUniform(&fn->uniformity, mlirOperationGetOperand(op, i)))
      return false;
  return true;
}

/*===--- The graph builder ----------------------------------------------------===*/

/* Where a model block's gaps live: a range of one MLIR block, after
   `start_after` (NULL: its start) and before `end_before` (NULL: its
   terminator). Model-only blocks have no span and are not placeable. */
typedef struct {
  MlirBlock block;
  MlirOperation start_after;
  MlirOperation end_before;
} Span;

typedef struct {
  AmdsyncMlirFunction *fn;
  AmdsyncCfg *g;
  Span *spans; /* by model block id */
  int nspans, capspans;
  AmdsyncPtrMap relevant; /* ops whose regions hold LDS accesses or sync */
  int depth;              /* structured ops being translated, nested */
  /* A counter wait stood since the last op that is not neutral between
     fences (a barrier's waits_after_release). */
  bool wait_since_prev;
} Builder;

/* Deepest nesting of structured ops translated (each level costs a few
   stack frames; mlir-opt itself stops parsing well before). */
enum { kMaxNesting = 4096 };

static AmdsyncBlock *newBlock(Builder *bd, MlirBlock block,
                              MlirOperation start_after) {
  AmdsyncBlock *b = amdsyncCfgAddBlock(bd->g);
  while (bd->nspans <= b->id) {
    bd->spans = amdsyncArenaGrow(bd->fn->arena, bd->spans, bd->nspans,
                                 &bd->capspans, sizeof(Span));
    memset(&bd->spans[bd->nspans++], 0, sizeof(Span));
  }
  bd->spans[b->id].block = block;
  bd->spans[b->id].start_after = start_after;
  amdsyncBlockSetPlaceable(bd->g, b, !mlirBlockIsNull(block));
  return b;
}

/* A block that exists only in the model (a loop's test or latch). */
static AmdsyncBlock *newModelBlock(Builder *bd) {
  return newBlock(bd, (MlirBlock){NULL}, (MlirOperation){NULL});
}

static void endBlockBefore(Builder *bd, AmdsyncBlock *b, MlirOperation op) {
  bd->spans[b->id].end_before = op;
}

static void setBranch(Builder *bd, AmdsyncBlock *b, MlirOperation op,
                      bool uniform) {
  amdsyncBlockSetBranch(bd->g, b, op.ptr, uniform);
}

static void fillAnchors(Builder *bd) {
  for (int i = 0; i < bd->g->nblocks; ++i) {
    AmdsyncBlock *b = bd->g->blocks[i];
    const Span *sp = &bd->spans[i];
    b->anchors = amdsyncArenaAlloc(
        bd->fn->arena, (size_t)(b->nops + 1) * sizeof(AmdsyncGapAnchor));
    if (mlirBlockIsNull(sp->block))
      continue;
    for (int k = 0; k <= b->nops; ++k) {
      AmdsyncGapAnchor *a = &b->anchors[k];
      a->block = sp->block.ptr;
      a->before = k < b->nops ? b->ops[k]->origin : sp->end_before.ptr;
      a->after = k > 0 ? b->ops[k - 1]->origin : sp->start_after.ptr;
    }
  }
}

/*===--- Does a region matter at all? --------------------------------------------===*/

/* An op that is an access, barrier, call, mark or wait, or takes an LDS
   operand: what makes the regions around it matter. */
static bool touchesLds(AmdsyncMlirFunction *fn, MlirOperation op) {
  AmdsyncOpInfo info = amdsyncMlirClassifyOp(op, &fn->types);
  if (info.cls == AMDSYNC_OP_ACCESS || info.cls == AMDSYNC_OP_BARRIER ||
      info.cls == AMDSYNC_OP_CALL || info.cls == AMDSYNC_OP_MARK ||
      info.cls == AMDSYNC_OP_WAIT)
    return true;
  if (info.cls != AMDSYNC_OP_OTHER || amdsyncMlirIsViewLike(op))
    return false;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i)
    if (amdsyncMlirIsLdsValue(mlirOperationGetOperand(op, i), &fn->types))
      return true;
  return false;
}

typedef struct {
  Builder *bd;
  MlirOperation func;
} RelevanceWalk;

/* Post-order: an op that touches LDS, or whose regions hold one, makes its
   parent relevant (one walk for the whole function). */
static MlirWalkResult markRelevant(MlirOperation op, void *user) {
  RelevanceWalk *rw = user;
  if (mlirOperationEqual(op, rw->func))
    return MlirWalkResultAdvance;
  long v;
  bool inner = amdsyncPtrMapGet(&rw->bd->relevant, op.ptr, &v);
  if (inner || touchesLds(rw->bd->fn, op)) {
    MlirOperation parent = mlirOperationGetParentOperation(op);
    if (!mlirOperationIsNull(parent))
      amdsyncPtrMapPut(rw->bd->fn->arena, &rw->bd->relevant, parent.ptr, 1);
  }
  return MlirWalkResultAdvance;
}

static bool regionsRelevant(Builder *bd, MlirOperation op) {
  long v;
  return amdsyncPtrMapGet(&bd->relevant, op.ptr, &v);
}

/*===--- Bulk writes of the same bytes in every lane ------------------------------===*/

/* A bulk LDS write (memref.copy, llvm.intr.memset/memcpy/memmove) whose
   destination is the same in every lane: every lane that runs it writes
   the same bytes in one instruction, a write/write race between lanes no
   barrier can order. Recorded here; amdsyncMlirCheckSameBytes reports the
   ones every lane runs, once divergence is known. The lanes write the same
   values when the source (memcpy, copy) or the fill value (memset) is
   uniform too. */
/* Whether `op` is a bulk write the same-bytes checks look for, with the
   positions of its destination and of its source or fill value. */
static bool bulkWrite(MlirOperation op, int *dst, int *src) {
  if (amdsyncOpIs(op, "memref.copy")) {
    *dst = 1, *src = 0;
    return true;
  }
  if (amdsyncOpIs(op, "llvm.intr.memset") ||
      amdsyncOpIs(op, "llvm.intr.memset.inline") ||
      amdsyncOpIs(op, "llvm.intr.memcpy") ||
      amdsyncOpIs(op, "llvm.intr.memcpy.inline") ||
      amdsyncOpIs(op, "llvm.intr.memmove")) {
    *dst = 0, *src = 1;
    return true;
  }
  return false;
}

static void noteSameBytes(AmdsyncMlirFunction *fn, MlirOperation op,
                          AmdsyncNode *node) {
  if (!(node->u.access.flags & AMDSYNC_ACCESS_WRITE))
    return;
  int dst, src;
  if (!bulkWrite(op, &dst, &src))
    return;
  if (mlirOperationGetNumOperands(op) <= (dst > src ? dst : src))
    return;
  MlirValue d = mlirOperationGetOperand(op, dst);
  if (!amdsyncMlirIsLdsValue(d, &fn->types) ||
      !amdsyncMlirIsUniform(&fn->uniformity, d))
    return;
  /* A constant length of 0 writes nothing. */
  if (!amdsyncOpIs(op, "memref.copy") && mlirOperationGetNumOperands(op) > 2) {
    AmdsyncMlirInt len;
    if (amdsyncMlirConstantIntBits(mlirOperationGetOperand(op, 2), &len) &&
        len.bits == 0)
      return;
  }
  bool same = amdsyncMlirIsUniform(&fn->uniformity,
                                   mlirOperationGetOperand(op, src));
  amdsyncPtrVecPush(fn->arena,
                    same ? &fn->same_bytes_same_values
                         : &fn->same_bytes_other_values,
                    node);
}

static MlirOperation calledFunction(AmdsyncMlirFunction *fn,
                                    MlirOperation call);

/* Whether `f` may hold a bulk write (bulkWrite) itself or in a function
   it calls, `depth` calls deep:
   the cheap question first, so that a kernel whose helpers copy nothing
   translates none of them. */
typedef struct {
  AmdsyncMlirFunction *fn;
  int depth;
  bool found;
} BulkLook;

static MlirWalkResult lookForBulk(MlirOperation op, void *user) {
  BulkLook *look = user;
  int dst, src;
  if (bulkWrite(op, &dst, &src)) {
    look->found = true;
    return MlirWalkResultInterrupt;
  }
  if (look->depth > 0 && (amdsyncOpIs(op, "func.call") || amdsyncOpIs(op, "llvm.call"))) {
    MlirOperation g = calledFunction(look->fn, op);
    if (!mlirOperationIsNull(g) && mlirOperationGetNumRegions(g) > 0) {
      BulkLook inner = {look->fn, look->depth - 1, false};
      mlirOperationWalk(g, lookForBulk, &inner, MlirWalkPreOrder);
      if (inner.found) {
        look->found = true;
        return MlirWalkResultInterrupt;
      }
    }
  }
  return MlirWalkResultAdvance;
}

/* Bit i set when operand i of `call` is the same in every lane of `fn`. */
static uint64_t uniformOperands(AmdsyncMlirFunction *fn, MlirOperation call) {
  uint64_t mask = 0;
  intptr_t n = mlirOperationGetNumOperands(call);
  for (intptr_t i = 0; i < n && i < 64; ++i)
    if (amdsyncMlirIsUniform(&fn->uniformity, mlirOperationGetOperand(call, i)))
      mask |= (uint64_t)1 << i;
  return mask;
}

/* Swallows the diagnostics of a helper's quiet translation (its errors
   are its own pass's to report). */
static MlirLogicalResult swallowDiagnostic(MlirDiagnostic d, void *user) {
  (void)d;
  ++*(int *)user;
  return mlirLogicalResultSuccess();
}

/* Whether every lane that enters function `f`, called from `caller`,
   writes in one op the same LDS bytes with values that may differ between
   lanes (or at all, with waw-hazards=true): one of its own bulk writes of
   that kind, or a call of such a function, in a block of `f` that no
   divergent branch of `f` guards, `depth` calls below the kernel
   (AMDSYNC_CALL_DEPTH at most). `f` is translated on its own, quietly, for
   the caller's chip, with the inputs `uniform` names the same in every
   lane (the call's operands that are) and the others lane-dependent.
   Memoized in `memo` per function and mask (AmdsyncCallMemo); a function
   asked again while being asked (a recursion) answers no and sets
   `*unsure`, and an answer that rests on it is not kept. */
static bool helperWritesSameBytes(AmdsyncMlirFunction *caller, MlirOperation f,
                                  uint64_t uniform, AmdsyncCallMemo *memo,
                                  int depth, bool *unsure) {
  MlirRegion body = mlirOperationGetRegion(f, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(entry))
    return false;
  intptr_t inputs = amdsyncMlirFunctionInputs(f, entry);
  uniform = amdsyncCallMask(uniform, inputs);
  int known = amdsyncCallMemoLookup(memo, f.ptr, uniform, depth, unsure);
  if (known >= 0)
    return known == 1;
  BulkLook look = {caller, AMDSYNC_CALL_DEPTH - depth, false};
  mlirOperationWalk(f, lookForBulk, &look, MlirWalkPreOrder);
  if (!look.found) {
    amdsyncCallMemoPut(caller->arena, memo, f.ptr, uniform, depth,
                       AMDSYNC_CALL_NO);
    return false;
  }
  amdsyncCallMemoPut(caller->arena, memo, f.ptr, uniform, depth,
                     AMDSYNC_CALL_ASKING);
  AmdsyncMlirFunction hf;
  memset(&hf, 0, sizeof hf);
  hf.arena = amdsyncArenaCreate();
  hf.target = caller->target;
  hf.any_target = caller->any_target;
  hf.options = caller->options;
  hf.func = f;
  hf.escapes = caller->escapes;
  hf.purpose = "a helper's bulk writes";
  hf.uniformity.uniform_params = uniform;
  int swallowed = 0;
  MlirContext ctx = mlirOperationGetContext(f);
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      ctx, swallowDiagnostic, &swallowed, NULL);
  bool writes = false, below_unsure = false;
  if (amdsyncMlirTranslate(&hf) && hf.errors == 0) {
    amdsyncProgramFinalize(hf.program);
    writes = amdsyncAnyRunByEveryLane(&hf.same_bytes_other_values) ||
             (caller->options->waw_hazards &&
              amdsyncAnyRunByEveryLane(&hf.same_bytes_same_values));
    const AmdsyncNode *n;
    for (int i = 0; !writes &&
                    (n = amdsyncProgramNextEveryLaneCall(hf.program, &i));) {
      MlirOperation call = {n->origin};
      MlirOperation g = calledFunction(&hf, call);
      if (!mlirOperationIsNull(g) && mlirOperationGetNumRegions(g) > 0)
        writes = helperWritesSameBytes(caller, g, uniformOperands(&hf, call),
                                       memo, depth + 1, &below_unsure);
    }
  }
  mlirContextDetachDiagnosticHandler(ctx, id);
  amdsyncArenaDestroy(hf.arena);
  amdsyncCallMemoSettle(caller->arena, memo, f.ptr, uniform, depth, writes,
                        below_unsure, unsure);
  return writes;
}

/* The calls of kernel `fn` that every lane makes (in no divergent branch)
   of a function that writes the same LDS bytes in every lane
   (helperWritesSameBytes): an error at each call. */
static int helperSameBytesErrors(AmdsyncMlirFunction *fn) {
  AmdsyncCallMemo memo;
  memset(&memo, 0, sizeof memo);
  int n = 0;
  const AmdsyncNode *a;
  for (int i = 0; (a = amdsyncProgramNextEveryLaneCall(fn->program, &i));) {
    MlirOperation call = {a->origin};
    MlirOperation g = calledFunction(fn, call);
    bool unsure = false;
    if (mlirOperationIsNull(g) || mlirOperationGetNumRegions(g) == 0 ||
        !helperWritesSameBytes(fn, g, uniformOperands(fn, call), &memo, 0,
                               &unsure))
      continue;
    MlirStringRef callee = amdsyncMlirCallee(call);
    char msg[640];
    snprintf(msg, sizeof msg,
             "amdsync: every lane of the workgroup calls '%.*s', which writes "
             "the same LDS bytes in every lane in one bulk write (memref.copy, "
             "llvm.intr.memset, memcpy or memmove; its destination is the "
             "same in every lane)%s: a write/write race inside one op, which "
             "no barrier can order; call it from one lane (e.g. under "
             "thread_id == 0), then a barrier",
             (int)(callee.length > 64 ? 64 : callee.length), callee.data,
             fn->options->waw_hazards ? ""
                                      : " with values that may differ "
                                        "between lanes");
    errorAt(fn, call, msg);
    n++;
  }
  return n;
}

int amdsyncMlirCheckSameBytes(AmdsyncMlirFunction *fn) {
  /* Only a kernel is known to run in every lane: a helper may be called
     from one lane (under thread_id == 0); its writes are checked at the
     kernel's calls (helperSameBytesErrors). A workgroup of one lane has no
     other lane. */
  if (!amdsyncMlirIsKernel(fn->func) ||
      amdsyncMlirMaxWorkgroupSize(fn->func) == 1)
    return 0;
  int n = helperSameBytesErrors(fn);
  for (int pass = 0; pass < 2; ++pass) {
    AmdsyncPtrVec *v = pass == 0 ? &fn->same_bytes_other_values
                                 : &fn->same_bytes_same_values;
    if (pass == 1 && !fn->options->waw_hazards)
      break;
    for (int i = 0; i < v->count; ++i) {
      AmdsyncNode *node = v->items[i];
      if (node->block->divergent)
        continue; /* maybe one lane, as under thread_id == 0 */
      MlirOperation op = {node->origin};
      MlirStringRef name = amdsyncOpName(op);
      char msg[640];
      snprintf(msg, sizeof msg,
               "amdsync: every lane of the workgroup writes the same LDS "
               "bytes with this '%.*s' (its destination is the same in every "
               "lane)%s: a write/write race inside one op, which no barrier "
               "can order%s; write from one lane (e.g. under thread_id == 0), "
               "then a barrier",
               (int)(name.length > 64 ? 64 : name.length), name.data,
               pass == 0 ? " and the lanes' values may differ"
                         : ", the same values in every lane",
               pass == 0 ? "" : " (waw-hazards=true)");
      errorAt(fn, op, msg);
      n++;
    }
  }
  return n;
}

/*===--- Op translation -----------------------------------------------------------===*/

/* An op that is not a known access but takes LDS operands: reads and
   writes what they reach (brief §1: unknown is never "no access"). */
static AmdsyncNode *conservativeAccess(AmdsyncMlirFunction *fn,
                                       MlirOperation op) {
  int resource = -1;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!amdsyncMlirIsLdsValue(v, &fn->types))
      continue;
    int64_t lo, hi;
    int r = amdsyncMlirResourceOf(&fn->resources, v, &lo, &hi);
    resource = (resource < 0 || resource == r)
                   ? r
                   : amdsyncMlirUnknownResource(&fn->resources);
  }
  if (resource < 0)
    return NULL;
  return amdsyncAccessCreate(fn->program, op.ptr,
                             AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE,
                             resource, -1, -1);
}

/* Tensor DMA names LDS through a descriptor: the resource of an LDS
   operand of the op defining one of its operands, else unknown memory. */
static int descriptorResource(AmdsyncMlirFunction *fn, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!mlirValueIsAOpResult(v))
      continue;
    MlirOperation def = mlirOpResultGetOwner(v);
    for (intptr_t j = 0; j < mlirOperationGetNumOperands(def); ++j) {
      MlirValue d = mlirOperationGetOperand(def, j);
      if (amdsyncMlirIsLdsValue(d, &fn->types)) {
        int64_t lo, hi;
        return amdsyncMlirResourceOf(&fn->resources, d, &lo, &hi);
      }
    }
  }
  return amdsyncMlirUnknownResource(&fn->resources);
}

/* Registers the iteration table of a uniform scf.for loop entered at
   `head` whose induction variable `iv` runs lb, lb + step, ... over
   `trips` iterations (AmdsyncTypeCache.tables). */
static void addTable(AmdsyncMlirFunction *fn, MlirValue iv, int64_t lb,
                     int64_t step, int trips, AmdsyncBlock *head) {
  AmdsyncTypeCache *c = &fn->types;
  c->tables = amdsyncArenaGrow(fn->arena, c->tables, c->ntables,
                               &c->captables, sizeof(AmdsyncMlirTable));
  c->tables[c->ntables] = (AmdsyncMlirTable){iv.ptr, lb, step, trips, head, -1};
  amdsyncPtrMapPut(fn->arena, &c->iv_table, iv.ptr, ++c->ntables);
}

/* The row symbol of table `t`: the iteration's number, 0 to trips - 1,
   defined where every iteration enters; each entry of the loop starts at
   row 0. It leaves from the last, but that row is not stated: lowered
   (convert-scf-to-cf) the loop is tested at the top, where a path from
   the last iteration's body passes the header again, and the LLVM IR
   side's check of the output could not follow a placement that used it.
   Made on first use: a symbol no form reads would still count against
   the proofs' limit on symbols. -1 after finalize. */
static int tableSymbol(AmdsyncMlirFunction *fn, AmdsyncMlirTable *t) {
  if (t->var >= 0 || fn->program->finalized)
    return t->var;
  t->var = amdsyncProgramAddSymbol(
      fn->program, t->head, (AmdsyncRange){true, true, 0, t->trips - 1, 0, 0, 0});
  amdsyncProgramSetSymbolRows(fn->program, t->var, 1, 0);
  return t->var;
}

/* Binds table `t`'s induction variable to row `k`'s value for the forms
   read until tableUnbind. */
static void tableBind(AmdsyncMlirFunction *fn, const AmdsyncMlirTable *t,
                      int k) {
  fn->types.bind_iv = t->iv;
  fn->types.bind_value = t->lb + t->step * k;
}

static void tableUnbind(AmdsyncMlirFunction *fn) { fn->types.bind_iv = NULL; }

/* The table that memref.load/store `op`'s indices read (one, the same for
   all), or NULL. */
static AmdsyncMlirTable *indexTable(AmdsyncMlirFunction *fn, MlirOperation op,
                                    int memref_operand) {
  int found = -1;
  for (intptr_t i = memref_operand + 1; i < mlirOperationGetNumOperands(op);
       ++i) {
    int t = amdsyncMlirTableRead(&fn->types, mlirOperationGetOperand(op, i));
    if (t >= 0 && found >= 0 && t != found)
      return NULL;
    if (t >= 0)
      found = t;
  }
  return found >= 0 ? &fn->types.tables[found] : NULL;
}

/* The offset of memref.load/store `op` per iteration of the table its
   indices read, where no one form holds it (`128 >> i`, `1 << i`): cases
   (amdsyncAccessSetCases) on the table's row symbol `*var`. */
static bool indexCases(AmdsyncMlirFunction *fn, MlirOperation op,
                       int memref_operand, int64_t lo, AmdsyncLinear *cases,
                       int *ncases, int *var, int64_t *width) {
  AmdsyncMlirTable *t = indexTable(fn, op, memref_operand);
  if (!t)
    return false;
  bool ok = true;
  for (int k = 0; k < t->trips && ok; ++k) {
    tableBind(fn, t, k);
    ok = amdsyncMlirIndexForm(&fn->types, op, memref_operand, lo, &cases[k],
                              width);
    tableUnbind(fn);
  }
  *ncases = t->trips;
  *var = ok ? tableSymbol(fn, t) : -1;
  return ok && *var >= 0;
}

/* AMDSYNC_TRACE=index: the access's offset as an index expression (issue
   21: the form the analysis is given). `lo`: its view's first byte. */
static void traceIndex(AmdsyncMlirFunction *fn, MlirOperation op, int operand,
                       int resource, int64_t lo) {
  AmdsyncLinear form;
  int64_t width = 0;
  char text[200] = "unknown", where[256];
  if (amdsyncMlirIndexForm(&fn->types, op, operand, lo, &form, &width)) {
    char f[120];
    amdsyncLinearPrint(&form, f, sizeof f);
    const char *name = fn->program->resources[resource].name;
    snprintf(text, sizeof text, "%s + %s", name ? name : "?", f);
  }
  amdsyncMlirDiagnostics(fn).describe(fn, op.ptr, where, sizeof where);
  if (width > 0)
    amdsyncTrace(fn->program->trace, AMDSYNC_TRACE_INDEX,
                 "%s: %lld byte(s) at %s", where, (long long)width, text);
  else
    amdsyncTrace(fn->program->trace, AMDSYNC_TRACE_INDEX, "%s: at unknown",
                 where);
}

static AmdsyncNode *accessNode(AmdsyncMlirFunction *fn, MlirOperation op,
                               const AmdsyncOpInfo *info) {
  int64_t lo = -1, hi = -1, width = 0;
  int r, ncases = 0, case_var = -1;
  bool has_form = false;
  AmdsyncLinear form, cases[AMDSYNC_MLIR_MAX_ROWS];
  if (info->operand >= 0) {
    MlirValue mem = mlirOperationGetOperand(op, info->operand);
    r = amdsyncMlirResourceOf(&fn->resources, mem, &lo, &hi);
    if (amdsyncOpIs(op, "memref.load") || amdsyncOpIs(op, "memref.store")) {
      if (amdsyncTracing(fn->program->trace, AMDSYNC_TRACE_INDEX))
        traceIndex(fn, op, info->operand, r, lo);
      /* The form counts from the resource's start: `lo`, the view's first
         byte there, before narrowing to the element. */
      has_form =
          amdsyncMlirIndexForm(&fn->types, op, info->operand, lo, &form, &width);
      if (!has_form &&
          !indexCases(fn, op, info->operand, lo, cases, &ncases, &case_var,
                      &width))
        case_var = -1;
      amdsyncMlirNarrowToElement(&fn->types, op, info->operand, &lo, &hi);
    }
  } else {
    r = descriptorResource(fn, op);
  }
  AmdsyncNode *n =
      amdsyncAccessCreate(fn->program, op.ptr, info->flags, r, lo, hi);
  AmdsyncResourceKind kind = fn->program->resources[r].kind;
  bool indexed = kind == AMDSYNC_RES_ALLOCATION || kind == AMDSYNC_RES_GLOBAL;
  if (has_form && indexed)
    amdsyncAccessSetAddress(fn->program, n, &form, width);
  else if (case_var >= 0 && indexed)
    amdsyncAccessSetCases(fn->program, n, case_var, cases, ncases, width);
  if (info->async_kind >= 0)
    amdsyncAccessSetAsyncKind(n, fn->target,
                              (AmdsyncAsyncKind)info->async_kind);
  return n;
}

/* A wait's count must be an integer the model can take: an error at the op
   otherwise (never a truncated or wrapped count, never an allocation sized
   by an arbitrary count). A call is named by its callee; a signless count
   read as a large unsigned immediate also shows how it is written
   (`-1 : i16` is 65535). */
static bool waitCountUsable(AmdsyncMlirFunction *fn, MlirOperation op,
                            const AmdsyncOpWait *info) {
  char msg[320];
  MlirStringRef name = amdsyncMlirCallee(op);
  if (name.length == 0)
    name = amdsyncOpName(op);
  int nlen = (int)(name.length > 96 ? 96 : name.length);
  switch (info->status) {
  case AMDSYNC_COUNT_OK:
    return true;
  case AMDSYNC_COUNT_MISSING:
    snprintf(msg, sizeof msg,
             "amdsync: '%.*s' without a constant integer 'count' of at most "
             "64 bits",
             nlen, name.data);
    break;
  case AMDSYNC_COUNT_NEGATIVE:
    snprintf(msg, sizeof msg, "amdsync: '%.*s' count %" PRId64 " is negative",
             nlen, name.data, amdsyncMlirIntSigned(info->value));
    break;
  case AMDSYNC_COUNT_TOO_LARGE: {
    char written[48] = "";
    int64_t as_signed = amdsyncMlirIntSigned(info->value);
    if (as_signed < 0)
      snprintf(written, sizeof written, " (i%u %" PRId64 ")",
               info->value.width ? info->value.width : 64, as_signed);
    snprintf(msg, sizeof msg,
             "amdsync: '%.*s' count %" PRIu64 "%s is above the limit of %d "
             "marks amdsync models",
             nlen, name.data, info->value.bits, written,
             (int)AMDSYNC_MLIR_MAX_MARK_WAIT);
    break;
  }
  }
  errorAt(fn, op, msg);
  return false;
}

static AmdsyncBlock *translateOps(Builder *bd, MlirBlock mb, AmdsyncBlock *cur,
                                  bool *ok);

/* The ops of a single-block region, from a new model block entered from
   `pred`; returns the model block at the region's end. */
static AmdsyncBlock *translateBody(Builder *bd, MlirRegion r,
                                   AmdsyncBlock **first, bool *ok) {
  MlirBlock mb = mlirRegionGetFirstBlock(r);
  *first = newBlock(bd, mb, (MlirOperation){NULL});
  return translateOps(bd, mb, *first, ok);
}

/* The induction variable of scf.for `op`, whose bounds and step are the
   same in every lane: a symbol of index forms (amdsyncProgramAddSymbol)
   defined at `head`, the block control enters at every iteration. Its
   range: from a constant, non-negative lower bound, to the last value of
   a constant positive step over `trips` (unknown: no upper bound). */
static void forSymbol(Builder *bd, MlirOperation op, AmdsyncBlock *head,
                      int64_t trips) {
  if (!amdsyncOpIs(op, "scf.for") || bd->fn->program->finalized)
    return;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockGetNumArguments(body) < 1)
    return;
  /* A narrow integer counter holds its values only below its sign bit:
     an unsigned loop (`scf.for unsigned`) may count past it, where the
     value read signed (index_cast, extsi) wraps negative. */
  MlirType ty = mlirValueGetType(mlirBlockGetArgument(body, 0));
  int width = mlirTypeIsAIndex(ty) ? 64
              : mlirTypeIsAInteger(ty) ? (int)mlirIntegerTypeGetWidth(ty)
                                       : 0;
  bool is_unsigned = !mlirAttributeIsNull(mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("unsignedCmp")));
  if (width < 2 || (width < 64 && is_unsigned && trips < 0))
    return;
  AmdsyncRange r = {false, false, 0, 0, 0, 0, 0};
  int64_t lb, step, span, last;
  long outer;
  bool has_step =
      amdsyncMlirConstantInt(mlirOperationGetOperand(op, 2), &step) && step > 0;
  if (amdsyncMlirConstantInt(mlirOperationGetOperand(op, 0), &lb) && lb >= 0) {
    r.has_lo = true;
    r.lo = lb;
    /* The values are lb + step * m. */
    if (has_step && step > 1)
      r.step = step;
    if (trips >= 1 && has_step &&
        !__builtin_mul_overflow(step, trips - 1, &span) &&
        !__builtin_add_overflow(lb, span, &last) && last <= INT32_MAX) {
      r.has_hi = true;
      r.hi = last;
    } else if (trips >= 1 && width < 64) {
      return; /* the last value may pass the sign bit: no symbol */
    } else if (has_step &&
               amdsyncPtrMapGet(&bd->fn->types.iv_symbol,
                                mlirOperationGetOperand(op, 1).ptr, &outer) &&
               outer >= AMDSYNC_VAR_SYMBOL) {
      /* Up to an outer loop's induction variable (`scf.for %j = 0 to %i`):
         j <= i - 1 where it runs, at most the outer one's last value less
         one (docs/design.md 2b, AmdsyncRange.rel). */
      const AmdsyncRange *o =
          &bd->fn->program->symbol_range[outer - AMDSYNC_VAR_SYMBOL];
      r.rel = (int)(outer - AMDSYNC_VAR_SYMBOL) + 1;
      r.rel_c = -1;
      if (o->has_hi && o->hi - 1 >= lb) {
        r.has_hi = true;
        r.hi = o->hi - 1;
      } else if (o->has_hi) {
        r.has_hi = true; /* the loop never runs: any bound is right */
        r.hi = lb;
      }
    }
  }
  int var = amdsyncProgramAddSymbol(bd->fn->program, head, r);
  amdsyncPtrMapPut(bd->fn->arena, &bd->fn->types.iv_symbol,
                   mlirBlockGetArgument(body, 0).ptr, var);
  bd->fn->types.symbols = bd->fn->program;
  if (r.has_lo && r.has_hi && trips >= 2 && trips <= AMDSYNC_MLIR_MAX_TRIPS &&
      has_step)
    addTable(bd->fn, mlirBlockGetArgument(body, 0), lb, step, (int)trips,
             head);
}

/* scf.for, affine.for: a loop of known trips >= 2 is rotated (the body,
   then a latch that tests), one of one trip is its body once, one of zero
   trips is dead code; any other tests at the top. */
static AmdsyncBlock *translateFor(Builder *bd, MlirOperation op,
                                  AmdsyncBlock *cur, bool affine, bool *ok) {
  AmdsyncMlirFunction *fn = bd->fn;
  MlirRegion region = mlirOperationGetRegion(op, 0);
  MlirBlock mb = mlirRegionGetFirstBlock(region);
  bool uniform;
  int64_t trips;
  if (affine) {
    intptr_t bounds = mlirOperationGetNumOperands(op) -
                      (mlirBlockGetNumArguments(mb) - 1);
    uniform = affineOperandsUniform(fn, op, bounds);
    trips = affineForTrips(op);
  } else {
    uniform = affineOperandsUniform(fn, op, 3);
    trips = scfForTrips(op);
  }
  MlirBlock parent = mlirOperationGetBlock(op);
  AmdsyncBlock *first, *end, *exit;
  if (trips == 0 || trips == 1) {
    end = translateBody(bd, region, &first, ok);
    exit = newBlock(bd, parent, op);
    if (trips == 1) {
      amdsyncCfgAddEdge(bd->g, cur, first);
      amdsyncCfgAddEdge(bd->g, end, exit);
    } else {
      amdsyncCfgAddEdge(bd->g, cur, exit); /* the body never runs */
    }
    return exit;
  }
  if (trips >= 2) {
    first = newBlock(bd, mb, (MlirOperation){NULL});
    if (uniform)
      forSymbol(bd, op, first, trips); /* set at each entry of the body */
    end = translateOps(bd, mb, first, ok);
    amdsyncBlockSetTrips(bd->g, first, trips);
    AmdsyncBlock *latch = newModelBlock(bd);
    exit = newBlock(bd, parent, op);
    amdsyncCfgAddEdge(bd->g, cur, first);
    amdsyncCfgAddEdge(bd->g, end, latch);
    amdsyncCfgAddEdge(bd->g, latch, first);
    amdsyncCfgAddEdge(bd->g, latch, exit);
    setBranch(bd, latch, op, uniform);
    return exit;
  }
  AmdsyncBlock *test = newModelBlock(bd);
  amdsyncBlockSetTrips(bd->g, test, trips);
  amdsyncCfgAddEdge(bd->g, cur, test);
  if (uniform)
    forSymbol(bd, op, test, trips); /* set at each entry of the test */
  end = translateBody(bd, region, &first, ok);
  exit = newBlock(bd, parent, op);
  amdsyncCfgAddEdge(bd->g, test, first);
  amdsyncCfgAddEdge(bd->g, test, exit);
  amdsyncCfgAddEdge(bd->g, end, test);
  setBranch(bd, test, op, uniform);
  return exit;
}

/* scf.while: the `before` region heads the loop and branches at its
   scf.condition to the `after` region or out; `after` goes back. */
static AmdsyncBlock *translateWhile(Builder *bd, MlirOperation op,
                                    AmdsyncBlock *cur, bool *ok) {
  AmdsyncBlock *head, *after;
  AmdsyncBlock *cond = translateBody(bd, mlirOperationGetRegion(op, 0), &head, ok);
  amdsyncBlockSetTrips(bd->g, head, -1);
  amdsyncCfgAddEdge(bd->g, cur, head);
  AmdsyncBlock *end = translateBody(bd, mlirOperationGetRegion(op, 1), &after, ok);
  AmdsyncBlock *exit = newBlock(bd, mlirOperationGetBlock(op), op);
  amdsyncCfgAddEdge(bd->g, cond, after);
  amdsyncCfgAddEdge(bd->g, cond, exit);
  amdsyncCfgAddEdge(bd->g, end, head);
  MlirOperation c =
      mlirBlockGetTerminator(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
  bool uniform = !mlirOperationIsNull(c) &&
                 amdsyncMlirIsUniform(&bd->fn->uniformity,
                                      mlirOperationGetOperand(c, 0));
  setBranch(bd, cond, mlirOperationIsNull(c) ? op : c, uniform);
  return exit;
}

static AmdsyncBlock *translateRegionCfg(Builder *bd, MlirRegion region,
                                        AmdsyncBlock *entry,
                                        AmdsyncBlock *continuation, bool *ok);

/* A branch's guards on all its edges, gathered on the heap and given to
   its block in one amdsyncBlockAddGuards: the block keeps them at their
   exact count, and one call per edge would leave a copy of the earlier
   edges' guards behind in the arena at each (a guard is some 250 bytes,
   and a tree reduction has a branch with a guard per step on each edge). */
typedef struct {
  AmdsyncGuard *items;
  int count, cap;
} GuardList;

static AmdsyncGuard *guardSlots(GuardList *l, int n) {
  if (l->count + n > l->cap) {
    int cap = l->cap ? l->cap : 16;
    while (cap < l->count + n)
      cap *= 2;
    l->items = realloc(l->items, (size_t)cap * sizeof *l->items);
    if (!l->items)
      abort();
    l->cap = cap;
  }
  return l->items + l->count;
}

/* Gives block `b` the guards of `l` and frees the list. */
static void flushGuards(Builder *bd, AmdsyncBlock *b, GuardList *l) {
  amdsyncBlockAddGuards(bd->g, b, l->items, l->count);
  free(l->items);
  memset(l, 0, sizeof *l);
}

/* The guards of each iteration of the table a divergent condition reads
   (`tid < 128 >> i`), beside the `plain` guards the condition gives
   without it (amdsyncCaseGuardWanted), onto `l`. All rows or none. */
static void addTableGuards(Builder *bd, GuardList *l, AmdsyncBlock *to,
                           MlirValue cond, bool holds, int plain) {
  AmdsyncMlirFunction *fn = bd->fn;
  int ti = amdsyncMlirTableRead(&fn->types, cond);
  if (ti < 0 || amdsyncMlirIsUniform(&fn->uniformity, cond))
    return;
  AmdsyncMlirTable *t = &fn->types.tables[ti];
  AmdsyncGuard *rows = guardSlots(l, (int)t->trips * 8);
  int n = 0;
  for (int k = 0; k < t->trips; ++k) {
    tableBind(fn, t, k);
    int m = amdsyncMlirGuards(&fn->types, cond, holds, &rows[n], 8);
    tableUnbind(fn);
    if (m == 0)
      return;
    for (int i = n; i < n + m; ++i)
      rows[i].case_k = k;
    n += m;
  }
  int kept = 0;
  for (int i = 0; i < n; ++i)
    if (amdsyncCaseGuardWanted(&rows[i], plain))
      rows[kept++] = rows[i];
  int var = kept ? tableSymbol(fn, t) : -1;
  if (var < 0)
    return;
  for (int i = 0; i < kept; ++i) {
    rows[i].case_var = var;
    rows[i].to = to;
  }
  l->count += kept;
}

/* The guards condition `cond` puts on the edge into `to` where it is
   `holds` (amdsyncMlirGuards), onto `l`. */
static void addGuards(Builder *bd, GuardList *l, AmdsyncBlock *to,
                      MlirValue cond, bool holds) {
  AmdsyncGuard *guards = guardSlots(l, 8);
  int n = amdsyncMlirGuards(&bd->fn->types, cond, holds, guards, 8);
  for (int k = 0; k < n; ++k)
    guards[k].to = to;
  l->count += n;
  addTableGuards(bd, l, to, cond, holds, n);
}

/* scf.if, affine.if, scf.index_switch, and ops that run their region once
   (scf.execute_region, memref.alloca_scope): each arm from `cur` to the
   join, and `cur` to the join when no arm may run. */
static AmdsyncBlock *translateBranch(Builder *bd, MlirOperation op,
                                     AmdsyncBlock *cur, bool uniform,
                                     bool exhaustive, bool *ok) {
  intptr_t nregions = mlirOperationGetNumRegions(op);
  AmdsyncBlock *join = NULL;
  AmdsyncBlock **ends = amdsyncArenaAlloc(
      bd->fn->arena, (size_t)(nregions + 1) * sizeof(AmdsyncBlock *));
  int nends = 0;
  GuardList guards = {NULL, 0, 0};
  for (intptr_t r = 0; r < nregions; ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    MlirBlock mb = mlirRegionGetFirstBlock(region);
    if (mlirBlockIsNull(mb)) {
      exhaustive = false;
      continue;
    }
    AmdsyncBlock *arm = newBlock(bd, mb, (MlirOperation){NULL});
    amdsyncCfgAddEdge(bd->g, cur, arm);
    if (amdsyncOpIs(op, "scf.if") && r < 2)
      addGuards(bd, &guards, arm, mlirOperationGetOperand(op, 0), r == 0);
    if (mlirBlockIsNull(mlirBlockGetNextInRegion(mb))) {
      ends[nends++] = translateOps(bd, mb, arm, ok);
    } else {
      /* Several blocks (scf.execute_region): their yields go to the join. */
      if (!join)
        join = newBlock(bd, mlirOperationGetBlock(op), op);
      translateRegionCfg(bd, region, arm, join, ok);
    }
  }
  flushGuards(bd, cur, &guards);
  if (!join)
    join = newBlock(bd, mlirOperationGetBlock(op), op);
  for (int i = 0; i < nends; ++i)
    amdsyncCfgAddEdge(bd->g, ends[i], join);
  if (!exhaustive || nregions == 0)
    amdsyncCfgAddEdge(bd->g, cur, join);
  if (cur->nsucc >= 2)
    setBranch(bd, cur, op, uniform);
  return join;
}

static bool regionHasBlocks(MlirRegion r) {
  return !mlirBlockIsNull(mlirRegionGetFirstBlock(r));
}

bool amdsyncMlirIsStructuredControlFlow(MlirOperation op) {
  static const AmdsyncName kStructured[] = {
      AMDSYNC_NAME("scf.for"),          AMDSYNC_NAME("affine.for"),
      AMDSYNC_NAME("scf.while"),        AMDSYNC_NAME("scf.if"),
      AMDSYNC_NAME("affine.if"),        AMDSYNC_NAME("scf.index_switch"),
      AMDSYNC_NAME("scf.execute_region"), AMDSYNC_NAME("memref.alloca_scope"),
  };
  return amdsyncNameFind(amdsyncOpName(op), kStructured,
                         sizeof kStructured / sizeof kStructured[0]) >= 0;
}

/* Structured control flow from `cur`; returns the block after the op, or
   NULL when the op is not one amdsync knows. */
static AmdsyncBlock *translateStructured(Builder *bd, MlirOperation op,
                                         AmdsyncBlock *cur, bool *ok) {
  AmdsyncMlirFunction *fn = bd->fn;
  if (amdsyncOpIs(op, "scf.for"))
    return translateFor(bd, op, cur, false, ok);
  if (amdsyncOpIs(op, "affine.for"))
    return translateFor(bd, op, cur, true, ok);
  if (amdsyncOpIs(op, "scf.while"))
    return translateWhile(bd, op, cur, ok);
  if (amdsyncOpIs(op, "scf.if")) {
    bool uniform =
        amdsyncMlirIsUniform(&fn->uniformity, mlirOperationGetOperand(op, 0));
    bool has_else = regionHasBlocks(mlirOperationGetRegion(op, 1));
    return translateBranch(bd, op, cur, uniform, has_else, ok);
  }
  if (amdsyncOpIs(op, "affine.if")) {
    bool uniform =
        affineOperandsUniform(fn, op, mlirOperationGetNumOperands(op));
    bool has_else = regionHasBlocks(mlirOperationGetRegion(op, 1));
    return translateBranch(bd, op, cur, uniform, has_else, ok);
  }
  if (amdsyncOpIs(op, "scf.index_switch")) {
    bool uniform =
        amdsyncMlirIsUniform(&fn->uniformity, mlirOperationGetOperand(op, 0));
    return translateBranch(bd, op, cur, uniform, true, ok);
  }
  if (amdsyncOpIs(op, "scf.execute_region") ||
      amdsyncOpIs(op, "memref.alloca_scope"))
    return translateBranch(bd, op, cur, true, true, ok);
  return NULL;
}

/* Regions whose ops may have several blocks: only those amdsync walks as
   graphs (a function's body, scf.execute_region). */
static bool multiBlockRegionAllowed(MlirOperation op) {
  return amdsyncOpIs(op, "scf.execute_region");
}

static bool checkRegionShapes(AmdsyncMlirFunction *fn, MlirOperation op) {
  if (multiBlockRegionAllowed(op))
    return true;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r) {
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    if (!mlirBlockIsNull(b) && !mlirBlockIsNull(mlirBlockGetNextInRegion(b))) {
      char msg[256];
      MlirStringRef name = amdsyncOpName(op);
      snprintf(msg, sizeof msg,
               "amdsync: cannot analyze '%.*s': a region with several blocks "
               "around LDS accesses inside this op is not supported",
               (int)name.length, name.data);
      errorAt(fn, op, msg);
      return false;
    }
  }
  return true;
}

/* One op of an MLIR block: appended to `cur`, or, for structured control
   flow, translated into blocks; returns the block that continues. */
/* An op that may stand between a barrier and its fence: a counter wait
   (it only waits more), or an op without regions that touches no LDS and
   synchronizes nothing (index arithmetic, global memory). An LDS access
   there would not be ordered by the fence. */
static bool neutralBetweenFences(AmdsyncMlirFunction *fn, MlirOperation op) {
  if (mlirOperationGetNumRegions(op) > 0)
    return false;
  AmdsyncOpClass cls = amdsyncMlirClassifyOp(op, &fn->types).cls;
  if (cls == AMDSYNC_OP_WAIT || cls == AMDSYNC_OP_IGNORED)
    return true;
  if (cls != AMDSYNC_OP_OTHER || amdsyncOpIs(op, "llvm.fence"))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (amdsyncMlirIsLdsValue(mlirOperationGetOperand(op, i), &fn->types))
      return false;
  return true;
}

/* An op that may stand between a release fence and the barrier it
   releases for: neutral between fences, but not a counter wait. A wait
   there completes transfers after the release, which then does not publish
   them to other waves (spec/amdgpu-async-operations.txt: an async write is
   ordered before another thread's access only when it completes before the
   release), so a barrier after `fence release; wait` lacks its release
   fence. */
static bool neutralBeforeBarrier(AmdsyncMlirFunction *fn, MlirOperation op) {
  return neutralBetweenFences(fn, op) &&
         amdsyncMlirClassifyOp(op, &fn->types).cls != AMDSYNC_OP_WAIT;
}

MlirOperation amdsyncMlirReleaseFenceOf(AmdsyncMlirFunction *fn,
                                        MlirOperation barrier, bool wave) {
  /* The C API has no previous-op accessor: walk the block from its start
     (only waits at barriers ask, after placement). */
  MlirOperation p = {NULL};
  for (MlirOperation op =
           mlirBlockGetFirstOperation(mlirOperationGetBlock(barrier));
       !mlirOperationIsNull(op) && !mlirOperationEqual(op, barrier);
       op = mlirOperationGetNextInBlock(op))
    if (!neutralBeforeBarrier(fn, op))
      p = op;
  return !mlirOperationIsNull(p) && amdsyncMlirFenceOrdersLds(p, true, wave)
             ? p
             : (MlirOperation){NULL};
}

/* An existing barrier; `prev` is the op before it in its block, neutral
   ops skipped (null at the start): a barrier written alone orders memory
   only with the fences next to it. */
static AmdsyncNode *barrierNode(AmdsyncMlirFunction *fn, MlirOperation op,
                                MlirOperation prev, bool wait_since_prev,
                                const AmdsyncOpInfo *info, bool *ok) {
  if (info->named_barrier) {
    errorAt(fn, op,
            "amdsync: a split barrier on a barrier id other than -1 (the "
            "workgroup barrier): named barriers are not analyzed");
    *ok = false;
    return NULL;
  }
  AmdsyncNode *n = amdsyncBarrierCreate(fn->program, op.ptr, info->barrier);
  if (info->needs_fences) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    while (!mlirOperationIsNull(next) && neutralBetweenFences(fn, next))
      next = mlirOperationGetNextInBlock(next);
    unsigned missing = amdsyncMlirMissingFences(prev, next, info->barrier);
    amdsyncBarrierSetFences(n, missing,
                            wait_since_prev &&
                                info->barrier != AMDSYNC_BARRIER_WAIT &&
                                !(missing & AMDSYNC_MISSING_RELEASE));
  }
  return n;
}

/* The waits an existing wait op implies on the counters the model tracks
   (counters the backend tracks itself are its business). */
/* amdgpu.memory_counter_wait before GFX12 (GFX9, GFX10, GFX11): upstream
   lowers `load` and `store` into one vmcnt, their sum, and a sum of 63 or
   more into no vmcnt wait at all (measured with convert-amdgpu-to-rocdl on
   gfx942, gfx1030 and gfx1100: load(0) store(5) is vmcnt(5), load(70) and
   load(40) store(40) wait for nothing). The wait node it implies, if any;
   false after an error. */
static bool summedVmemWait(AmdsyncMlirFunction *fn, AmdsyncBlock *cur,
                         MlirOperation op, const AmdsyncOpInfo *info,
                         AmdsyncCfg *g) {
  int64_t sum = 0;
  bool any = false;
  for (int i = 0; i < info->nwaits; ++i) {
    const AmdsyncOpWait *w = &info->waits[i];
    if (w->counter != AMDSYNC_HW_LOADCNT && w->counter != AMDSYNC_HW_STORECNT)
      continue;
    if (!waitCountUsable(fn, op, w))
      return false;
    any = true;
    sum += w->count; /* each at most INT_MAX: no overflow in 64 bits */
  }
  if (any && sum < fn->target->max_vmcnt)
    amdsyncBlockAppend(g, cur,
                       amdsyncWaitCreate(fn->program, op.ptr,
                                         AMDSYNC_COUNTER_VM, (int)sum));
  return true;
}

static bool waitNodes(AmdsyncMlirFunction *fn, AmdsyncBlock *cur,
                      MlirOperation op, const AmdsyncOpInfo *info,
                      AmdsyncCfg *g) {
  bool vmem_sum = !fn->any_target &&
                  fn->target->generation < AMDSYNC_GEN_GFX12 &&
                  amdsyncOpIs(op, "amdgpu.memory_counter_wait");
  if (vmem_sum && !summedVmemWait(fn, cur, op, info, g))
    return false;
  for (int i = 0; i < info->nwaits; ++i) {
    const AmdsyncOpWait *w = &info->waits[i];
    if (vmem_sum && (w->counter == AMDSYNC_HW_LOADCNT ||
                     w->counter == AMDSYNC_HW_STORECNT))
      continue; /* done above */
    bool marks = w->counter == AMDSYNC_HW_MARKS;
    int count = w->count;
    if (fn->any_target &&
        (w->counter == AMDSYNC_HW_WAITCNT || w->counter == AMDSYNC_HW_LOADCNT)) {
      errorAt(fn, op,
              "amdsync-verify: what this wait waits for depends on the chip "
              "(the s_waitcnt encoding, or whether loads count on vmcnt): "
              "pass the chip (amdsync-verify{target=...}) or put the "
              "function in a gpu.module with a #rocdl.target");
      return false;
    }
    /* A count the model cannot read is an error only on a counter it
       tracks (probed with a count of 0). */
    AmdsyncCounter counter = amdsyncHwWaitModel(
        fn->target, w->counter, w->status == AMDSYNC_COUNT_OK ? w->count : 0,
        &count);
    if (!marks && counter == AMDSYNC_COUNTER_NONE)
      continue; /* nothing the model tracks */
    if (!waitCountUsable(fn, op, w))
      return false;
    if (marks)
      count = w->count;
    amdsyncBlockAppend(g, cur,
                       amdsyncWaitCreate(fn->program, op.ptr, counter, count));
  }
  return true;
}

/*===--- Calls of functions with barriers ------------------------------------===*/

/* The function a func.call / llvm.call names, defined in the module, or a
   null op (indirect, or not found). */
static MlirOperation calledFunction(AmdsyncMlirFunction *fn, MlirOperation call) {
  MlirStringRef callee = amdsyncMlirCallee(call);
  if (callee.length == 0)
    return (MlirOperation){NULL};
  MlirOperation f = amdsyncMlirLookupSymbol(fn->func, callee);
  return !mlirOperationIsNull(f) && amdsyncMlirIsFunction(f)
             ? f
             : (MlirOperation){NULL};
}

/* Whether `op` calls through a value (func.call_indirect, an llvm.call
   without a callee symbol). */
static bool isIndirectCall(MlirOperation op) {
  return amdsyncOpIs(op, "func.call_indirect") ||
         (amdsyncOpIs(op, "llvm.call") && amdsyncMlirCallee(op).length == 0);
}

typedef struct {
  AmdsyncMlirFunction *fn;
  AmdsyncPtrVec *work;
  AmdsyncPtrMap *seen;
  bool found;
  bool indirect_seen; /* the indirect callees are on the worklist */
} BarrierScan;

static void pushFunction(BarrierScan *bs, MlirOperation g) {
  long v;
  if (mlirOperationIsNull(g) || !amdsyncMlirIsFunction(g) ||
      amdsyncPtrMapGet(bs->seen, g.ptr, &v))
    return;
  amdsyncPtrMapPut(bs->fn->arena, bs->seen, g.ptr, 1);
  amdsyncPtrVecPush(bs->fn->arena, bs->work, g.ptr);
}

/* A function named by attribute `a` (a symbol reference, or an array of
   them) outside the callee of a direct call: its address is taken. */
static void pushReferenced(BarrierScan *bs, MlirAttribute a, int depth) {
  if (mlirAttributeIsAFlatSymbolRef(a)) {
    pushFunction(bs, amdsyncMlirLookupSymbol(
                         bs->fn->func, mlirFlatSymbolRefAttrGetValue(a)));
  } else if (mlirAttributeIsAArray(a) && depth < 2) {
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(a); ++i)
      pushReferenced(bs, mlirArrayAttrGetElement(a, i), depth + 1);
  }
}

static MlirWalkResult scanAddressTaken(MlirOperation op, void *user) {
  BarrierScan *bs = user;
  bool direct = amdsyncOpIs(op, "func.call") || amdsyncOpIs(op, "llvm.call");
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i) {
    MlirNamedAttribute na = mlirOperationGetAttribute(op, i);
    MlirStringRef name = mlirIdentifierStr(na.name);
    if (direct && amdsyncNameIs(name, "callee", 6))
      continue;
    pushReferenced(bs, na.attribute, 0);
  }
  return MlirWalkResultAdvance;
}

/* The functions an indirect call may reach: every function of the scope
   whose address is taken (func.constant, llvm.mlir.addressof, any symbol
   reference but a direct call's callee). Kernels are launched, not called:
   a reference to one (gpu.launch_func) does not count. */
static void pushIndirectCallees(BarrierScan *bs) {
  if (bs->indirect_seen)
    return;
  bs->indirect_seen = true;
  MlirOperation scope = mlirOperationGetParentOperation(bs->fn->func);
  if (mlirOperationIsNull(scope))
    return;
  int before = bs->work->count;
  mlirOperationWalk(scope, scanAddressTaken, bs, MlirWalkPreOrder);
  int kept = before;
  for (int i = before; i < bs->work->count; ++i)
    if (!amdsyncMlirIsKernel((MlirOperation){bs->work->items[i]}))
      bs->work->items[kept++] = bs->work->items[i];
  bs->work->count = kept;
}

static MlirWalkResult scanForBarrier(MlirOperation op, void *user) {
  BarrierScan *bs = user;
  AmdsyncOpInfo info = amdsyncMlirClassifyOp(op, &bs->fn->types);
  if (info.cls == AMDSYNC_OP_BARRIER && info.barrier != AMDSYNC_BARRIER_WAVE) {
    bs->found = true;
    return MlirWalkResultInterrupt;
  }
  if (info.cls == AMDSYNC_OP_CALL) {
    if (isIndirectCall(op))
      pushIndirectCallees(bs);
    else
      pushFunction(bs, calledFunction(bs->fn, op));
  }
  return MlirWalkResultAdvance;
}

/* Whether call `op` may execute a workgroup barrier: its callee (for a
   call through a value, any function whose address is taken), defined in
   the module, or a function that one calls, holds a barrier, split signal
   or wait (not a wave barrier). A worklist over the call graph, remembered
   per callee. Functions outside the module are taken not to (a known
   limit, docs/design.md). */
static bool callMayExecuteBarrier(AmdsyncMlirFunction *fn, MlirOperation op) {
  bool indirect = isIndirectCall(op);
  MlirOperation f = indirect ? fn->func : calledFunction(fn, op);
  if (mlirOperationIsNull(f))
    return false;
  long memo;
  if (indirect && fn->indirect_barrier)
    return fn->indirect_barrier == AMDSYNC_MEMO_YES;
  if (!indirect && amdsyncPtrMapGet(&fn->barrier_callee, f.ptr, &memo))
    return memo != 0;
  AmdsyncPtrMap seen = {0};
  AmdsyncPtrVec work = {NULL, 0, 0};
  BarrierScan bs = {fn, &work, &seen, false, false};
  if (indirect)
    pushIndirectCallees(&bs);
  else
    pushFunction(&bs, f);
  while (work.count > 0 && !bs.found) {
    MlirOperation g = {work.items[--work.count]};
    mlirOperationWalk(g, scanForBarrier, &bs, MlirWalkPreOrder);
  }
  if (indirect)
    fn->indirect_barrier = bs.found ? AMDSYNC_MEMO_YES : AMDSYNC_MEMO_NO;
  else
    amdsyncPtrMapPut(fn->arena, &fn->barrier_callee, f.ptr, bs.found ? 1 : 0);
  return bs.found;
}

/* Whether `op` is work a split signal before it would overlap
   (amdsyncBlockNoteWork): it yields a floating-point or vector value.
   Integer and index arithmetic (addresses, loop counters), constants and
   casts of them are not counted. */
static bool computesValues(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    if (mlirTypeIsAFloat(t) || mlirTypeIsAVector(t))
      return !amdsyncOpIs(op, "arith.constant");
  }
  return false;
}

/* Translates `op`; `prev` is the op before it, neutral ops skipped
   (neutralBetweenFences). Sets `*neutral` when `op` is one, which the
   classification here decides without classifying it again. */
static AmdsyncBlock *translateOp(Builder *bd, MlirOperation op,
                                 MlirOperation prev, AmdsyncBlock *cur,
                                 bool *ok, bool *neutral) {
  AmdsyncMlirFunction *fn = bd->fn;
  *neutral = false;
  if (amdsyncMlirIsFunction(op))
    return cur; /* nested functions are processed on their own */
  AmdsyncOpInfo info = amdsyncMlirClassifyOp(op, &fn->types);
  AmdsyncNode *node = NULL;
  switch (info.cls) {
  case AMDSYNC_OP_BARRIER:
    node = barrierNode(fn, op, prev, bd->wait_since_prev, &info, ok);
    break;
  case AMDSYNC_OP_ACCESS:
    node = accessNode(fn, op, &info);
    if (node)
      noteSameBytes(fn, op, node);
    break;
  case AMDSYNC_OP_CALL:
    node = amdsyncAccessCreate(
        fn->program, op.ptr,
        AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE | AMDSYNC_ACCESS_CALL |
            (callMayExecuteBarrier(fn, op) ? AMDSYNC_ACCESS_BARRIER_CALL : 0),
        amdsyncMlirUnknownResource(&fn->resources), -1, -1);
    break;
  case AMDSYNC_OP_IGNORED:
    *neutral = mlirOperationGetNumRegions(op) == 0;
    if (info.other_memory || computesValues(op))
      amdsyncBlockNoteWork(bd->g, cur);
    return cur;
  case AMDSYNC_OP_MARK:
    node = amdsyncMarkCreate(fn->program, op.ptr);
    break;
  case AMDSYNC_OP_WAIT:
    *neutral = true; /* it only waits more */
    bd->wait_since_prev = true;
    if (!waitNodes(fn, cur, op, &info, bd->g))
      *ok = false;
    return cur;
  case AMDSYNC_OP_OTHER:
    if (mlirOperationGetNumRegions(op) > 0 && regionsRelevant(bd, op)) {
      if (!checkRegionShapes(fn, op)) {
        *ok = false;
        return cur;
      }
      if (bd->depth >= kMaxNesting) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 "amdsync: control flow nested deeper than %d levels here is "
                 "more than amdsync analyzes",
                 kMaxNesting);
        errorAt(fn, op, msg);
        *ok = false;
        return cur;
      }
      endBlockBefore(bd, cur, op);
      bd->depth++;
      AmdsyncBlock *next = translateStructured(bd, op, cur, ok);
      bd->depth--;
      if (next)
        return next;
      char msg[256];
      MlirStringRef name = amdsyncOpName(op);
      snprintf(msg, sizeof msg,
               "amdsync: cannot analyze '%.*s': its regions hold LDS "
               "accesses or barriers and amdsync does not know how they "
               "execute",
               (int)name.length, name.data);
      errorAt(fn, op, msg);
      *ok = false;
      return cur;
    }
    /* A structured op around nothing that matters is skipped; any other
       op that takes an LDS operand reads and writes it. */
    if (!amdsyncMlirIsViewLike(op) && !amdsyncMlirIsStructuredControlFlow(op))
      node = conservativeAccess(fn, op);
    if (node)
      noteSameBytes(fn, op, node);
    *neutral = !node && mlirOperationGetNumRegions(op) == 0 &&
               !amdsyncOpIs(op, "llvm.fence");
    break;
  }
  if (node)
    amdsyncBlockAppend(bd->g, cur, node);
  else if (mlirOperationGetNumRegions(op) == 0 && computesValues(op))
    amdsyncBlockNoteWork(bd->g, cur); /* arithmetic */
  return cur;
}

/* The ops of MLIR block `mb` before its terminator, from model block `cur`;
   returns the model block at the terminator. */
static AmdsyncBlock *translateOps(Builder *bd, MlirBlock mb, AmdsyncBlock *cur,
                                  bool *ok) {
  MlirOperation term = mlirBlockGetTerminator(mb);
  MlirOperation prev = {NULL};
  bd->wait_since_prev = false;
  for (MlirOperation op = mlirBlockGetFirstOperation(mb);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!mlirOperationIsNull(term) && mlirOperationEqual(op, term))
      break;
    bool neutral;
    cur = translateOp(bd, op, prev, cur, ok, &neutral);
    if (!neutral) {
      prev = op;
      bd->wait_since_prev = false;
    }
  }
  return cur;
}

/* Whether the terminator's choice among its successors is uniform: the
   condition or selector of the known branches, every operand otherwise. */
static bool terminatorUniform(AmdsyncMlirFunction *fn, MlirOperation term) {
  intptr_t n = mlirOperationGetNumOperands(term);
  if (n == 0)
    return true;
  if (amdsyncOpIs(term, "cf.cond_br") || amdsyncOpIs(term, "llvm.cond_br") ||
      amdsyncOpIs(term, "cf.switch") || amdsyncOpIs(term, "llvm.switch"))
    return amdsyncMlirIsUniform(&fn->uniformity,
                                mlirOperationGetOperand(term, 0));
  for (intptr_t i = 0; i < n; ++i)
    if (!amdsyncMlirIsUniform(&fn->uniformity, mlirOperationGetOperand(term, i)))
      return false;
  return true;
}

/* A region as a graph: one model block (at least) per MLIR block, edges
   from each terminator to its successors; a terminator without successors
   returns (function body: the function's exit) or yields to
   `continuation`. The first MLIR block starts in `entry`. */
/*===--- Counted loops written with blocks ----------------------------------===*/

/* `v` is `iv + c` (arith.addi or llvm.add) with a constant c: *step = c. */
static bool isStepOf(MlirValue v, MlirValue iv, AmdsyncMlirInt *step) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation add = mlirOpResultGetOwner(v);
  if (!amdsyncOpIs(add, "arith.addi") && !amdsyncOpIs(add, "llvm.add"))
    return false;
  for (int k = 0; k < 2; ++k)
    if (mlirValueEqual(mlirOperationGetOperand(add, k), iv) &&
        amdsyncMlirConstantIntBits(mlirOperationGetOperand(add, 1 - k), step))
      return true;
  return false;
}

/*===--- Regions of several blocks -----------------------------------------===*/

typedef struct {
  AmdsyncBlock *from, *to;
  MlirBlock from_mb, to_mb;
  bool dropped;
} PendingEdge;

/* The edges of a region by MLIR block (its index in the region): for
   block b, pred[first[b] .. first[b+1]) are the indices of the edges into
   it. Marks with an epoch walk loops. */
typedef struct {
  const PendingEdge *edges;
  int nedges;
  AmdsyncPtrMap index; /* MLIR block -> its index in the region */
  int nblocks;
  int *first, *pred;
  int *mark, epoch;
  MlirBlock *stack;
} RegionEdges;

static int blockIndex(const RegionEdges *re, MlirBlock mb) {
  long i;
  return amdsyncPtrMapGet(&re->index, mb.ptr, &i) ? (int)i : -1;
}

static void indexEdges(Builder *bd, MlirRegion region, RegionEdges *re) {
  AmdsyncArena *arena = bd->fn->arena;
  int n = 0;
  for (MlirBlock mb = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(mb);
       mb = mlirBlockGetNextInRegion(mb))
    amdsyncPtrMapPut(arena, &re->index, mb.ptr, n++);
  re->nblocks = n;
  re->first = amdsyncArenaAlloc(arena, (size_t)(n + 2) * sizeof(int));
  re->pred = amdsyncArenaAlloc(arena, (size_t)(re->nedges + 1) * sizeof(int));
  re->mark = amdsyncArenaAlloc(arena, (size_t)(n + 1) * sizeof(int));
  re->stack = amdsyncArenaAlloc(arena, (size_t)(n + 1) * sizeof(MlirBlock));
  re->epoch = 0;
  for (int i = 0; i < re->nedges; ++i)
    re->first[blockIndex(re, re->edges[i].to_mb) + 2]++;
  for (int b = 0; b < n; ++b)
    re->first[b + 2] += re->first[b + 1];
  for (int i = 0; i < re->nedges; ++i)
    re->pred[re->first[blockIndex(re, re->edges[i].to_mb) + 1]++] = i;
}

/* Marks (with a new epoch) the blocks that reach `latch` without passing
   through `h`: the loop of h and that back edge, h aside. */
static void markLoop(RegionEdges *re, MlirBlock h, MlirBlock latch) {
  re->epoch++;
  if (mlirBlockEqual(latch, h))
    return;
  int sp = 0;
  re->mark[blockIndex(re, latch)] = re->epoch;
  re->stack[sp++] = latch;
  while (sp > 0) {
    int b = blockIndex(re, re->stack[--sp]);
    for (int k = re->first[b]; k < re->first[b + 1]; ++k) {
      MlirBlock p = re->edges[re->pred[k]].from_mb;
      int pi = blockIndex(re, p);
      if (mlirBlockEqual(p, h) || re->mark[pi] == re->epoch)
        continue;
      re->mark[pi] = re->epoch;
      re->stack[sp++] = p;
    }
  }
}

static bool inLoop(const RegionEdges *re, MlirBlock h, MlirBlock b) {
  return mlirBlockEqual(b, h) || re->mark[blockIndex(re, b)] == re->epoch;
}

/* A loop written with blocks the way convert-scf-to-cf writes scf.for:
   header `h` takes the induction variable as an argument, compares it with
   a constant (slt/ult/sle/ule) and branches on that to the body (true,
   within the loop) or out (false, outside it); of its two predecessors one
   (outside the loop) passes a constant, the other (the latch) the variable
   plus a constant step. */
typedef struct {
  MlirBlock header, body, pre;
  int64_t trips; /* -1: unknown, or not such a loop */
} CfLoop;

static CfLoop cfLoopTrips(RegionEdges *re, MlirBlock h) {
  CfLoop l = {h, {NULL}, {NULL}, -1};
  MlirBlock preds[2];
  int npreds = 0;
  int hi = blockIndex(re, h);
  for (int k = re->first[hi]; k < re->first[hi + 1]; ++k) {
    if (npreds == 2)
      return l;
    preds[npreds++] = re->edges[re->pred[k]].from_mb;
  }
  MlirOperation term = mlirBlockGetTerminator(h);
  if (npreds != 2 || mlirBlockEqual(preds[0], preds[1]) ||
      mlirOperationIsNull(term) ||
      !(amdsyncOpIs(term, "cf.cond_br") || amdsyncOpIs(term, "llvm.cond_br")) ||
      mlirOperationGetNumSuccessors(term) != 2 ||
      mlirBlockEqual(mlirOperationGetSuccessor(term, 0),
                     mlirOperationGetSuccessor(term, 1)))
    return l;
  MlirValue cond = mlirOperationGetOperand(term, 0);
  if (!mlirValueIsAOpResult(cond))
    return l;
  MlirOperation cmp = mlirOpResultGetOwner(cond);
  if (!amdsyncOpIs(cmp, "arith.cmpi") && !amdsyncOpIs(cmp, "llvm.icmp"))
    return l;
  MlirAttribute pa = mlirOperationGetAttributeByName(
      cmp, mlirStringRefCreateFromCString("predicate"));
  if (mlirAttributeIsNull(pa) || !mlirAttributeIsAInteger(pa))
    return l;
  int64_t pred = mlirIntegerAttrGetValueInt(pa);
  /* arith.cmpi and llvm.icmp number slt 2, sle 3, ult 6, ule 7. */
  bool is_unsigned = pred == 6 || pred == 7, inclusive = pred == 3 || pred == 7;
  if (pred != 2 && pred != 3 && pred != 6 && pred != 7)
    return l;
  MlirValue iv = mlirOperationGetOperand(cmp, 0);
  AmdsyncMlirInt ub, lb, step;
  if (!mlirValueIsABlockArgument(iv) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(iv), h) ||
      !amdsyncMlirConstantIntBits(mlirOperationGetOperand(cmp, 1), &ub))
    return l;
  intptr_t arg = mlirBlockArgumentGetArgNumber(iv);
  int pre = -1, latch = -1;
  for (int i = 0; i < 2; ++i) {
    MlirOperation pt = mlirBlockGetTerminator(preds[i]);
    MlirValue in;
    bool found = false;
    for (intptr_t k = 0; k < mlirOperationGetNumSuccessors(pt) && !found; ++k)
      found = mlirBlockEqual(mlirOperationGetSuccessor(pt, k), h) &&
              amdsyncMlirForwardedOperand(pt, k, arg, &in);
    if (!found)
      return l;
    if (amdsyncMlirConstantIntBits(in, &lb))
      pre = i;
    else if (isStepOf(in, iv, &step))
      latch = i;
  }
  if (pre < 0 || latch < 0 || lb.width != ub.width || lb.width != step.width)
    return l;
  /* The test's direction: the true successor stays in the loop (reaches
     the latch), the false one leaves it, and the preheader is outside. */
  MlirBlock body = mlirOperationGetSuccessor(term, 0);
  markLoop(re, h, preds[latch]);
  if (!inLoop(re, h, body) ||
      inLoop(re, h, mlirOperationGetSuccessor(term, 1)) ||
      inLoop(re, h, preds[pre]))
    return l;
  if (inclusive) { /* iv <= ub: iv < ub + 1, unless ub + 1 wraps */
    AmdsyncMlirInt one = {1, ub.width, false};
    uint64_t mask =
        ub.width == 0 || ub.width >= 64 ? UINT64_MAX : (UINT64_C(1) << ub.width) - 1;
    if ((ub.bits & mask) == (is_unsigned ? mask : mask >> 1))
      return l;
    ub.bits = (ub.bits + one.bits) & mask;
  }
  l.body = body;
  l.pre = preds[pre];
  l.trips = tripCount(lb, ub, step, is_unsigned);
  return l;
}

/* The model block an MLIR block of the region starts in. */
static AmdsyncBlock *startBlock(Builder *bd, const AmdsyncPtrMap *starts,
                                MlirBlock mb) {
  long id = -1;
  amdsyncPtrMapGet(starts, mb.ptr, &id);
  return bd->g->blocks[id];
}

/* Whether the body of counted loop `l` is entered from its header alone
   (no other entry loses its way in when the preheader enters the body
   directly), heads no counted loop of its own (whose entries and edits
   assume its entries stay), and the header's ops are one model block:
   amdsyncCfgCountLoop's `body_alone`. */
static bool bodyEnteredAlone(const RegionEdges *re, const CfLoop *l,
                             const AmdsyncBlock *hb, const char *is_header) {
  int bi = blockIndex(re, l->body);
  if (is_header[bi] || re->first[bi + 1] - re->first[bi] != 1 ||
      !mlirBlockEqual(re->edges[re->pred[re->first[bi]]].from_mb, l->header))
    return false;
  for (int i = 0; i < re->nedges; ++i)
    if (mlirBlockEqual(re->edges[i].from_mb, l->header) &&
        re->edges[i].from != hb)
      return false; /* the header's ops span several model blocks */
  return true;
}

/* Counted loops with a known trip count (amdsyncCfgCountLoop decides what
   the count does to the edges). Edits match edges by their MLIR blocks,
   which redirections leave alone, and a dropped edge stays dropped
   whatever redirects it: it is never taken. */
static void refineCountedLoops(Builder *bd, MlirRegion region,
                               PendingEdge *edges, int nedges,
                               const AmdsyncPtrMap *starts) {
  RegionEdges re;
  memset(&re, 0, sizeof re);
  re.edges = edges;
  re.nedges = nedges;
  indexEdges(bd, region, &re);
  int nloops = 0;
  CfLoop *loops = amdsyncArenaAlloc(bd->fn->arena,
                                    (size_t)(re.nblocks + 1) * sizeof(CfLoop));
  char *is_header = amdsyncArenaAlloc(bd->fn->arena, (size_t)re.nblocks + 1);
  for (MlirBlock h = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(h);
       h = mlirBlockGetNextInRegion(h)) {
    if (mlirBlockGetNumArguments(h) == 0)
      continue;
    CfLoop l = cfLoopTrips(&re, h);
    if (l.trips < 0)
      continue;
    loops[nloops++] = l;
    is_header[blockIndex(&re, h)] = 1;
  }
  for (int i = 0; i < nloops; ++i) {
    const CfLoop *l = &loops[i];
    AmdsyncBlock *hb = startBlock(bd, starts, l->header);
    AmdsyncBlock *bb = startBlock(bd, starts, l->body);
    AmdsyncLoopEdits ed = amdsyncCfgCountLoop(
        bd->g, hb, bb, l->trips, AMDSYNC_LOOP_HEADER_TESTED,
        bodyEnteredAlone(&re, l, hb, is_header));
    for (int k = 0; k < nedges; ++k) {
      PendingEdge *e = &edges[k];
      if (ed.enter_body && mlirBlockEqual(e->from_mb, l->pre) &&
          mlirBlockEqual(e->to_mb, l->header))
        e->to = bb;
      if (ed.drop_body_entry && mlirBlockEqual(e->from_mb, l->header) &&
          mlirBlockEqual(e->to_mb, l->body))
        e->dropped = true;
    }
  }
}

/* The guards of each two-way conditional branch (cf.cond_br,
   llvm.cond_br) on its edges, where its two edges stand as written: both
   kept, to two different blocks. Edge i and i + 1 of `edges` are such a
   branch's true and false successors. */
static void condBranchGuards(Builder *bd, const PendingEdge *edges,
                             int nedges) {
  for (int i = 0; i + 1 < nedges; ++i) {
    const PendingEdge *t = &edges[i], *f = &edges[i + 1];
    if (t->from != f->from || !mlirBlockEqual(t->from_mb, f->from_mb) ||
        t->dropped || f->dropped || t->to == f->to)
      continue;
    MlirOperation term = mlirBlockGetTerminator(t->from_mb);
    if (!(amdsyncOpIs(term, "cf.cond_br") || amdsyncOpIs(term, "llvm.cond_br")) ||
        mlirOperationGetNumSuccessors(term) != 2 ||
        !mlirBlockEqual(mlirOperationGetSuccessor(term, 0), t->to_mb) ||
        !mlirBlockEqual(mlirOperationGetSuccessor(term, 1), f->to_mb))
      continue;
    MlirValue cond = mlirOperationGetOperand(term, 0);
    GuardList guards = {NULL, 0, 0};
    addGuards(bd, &guards, t->to, cond, true);
    addGuards(bd, &guards, f->to, cond, false);
    flushGuards(bd, t->from, &guards);
    ++i;
  }
}

static AmdsyncBlock *translateRegionCfg(Builder *bd, MlirRegion region,
                                        AmdsyncBlock *entry,
                                        AmdsyncBlock *continuation, bool *ok) {
  AmdsyncPtrMap starts = {0};
  for (MlirBlock mb = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(mb);
       mb = mlirBlockGetNextInRegion(mb)) {
    AmdsyncBlock *b = entry;
    if (starts.count > 0 || !entry)
      b = newBlock(bd, mb, (MlirOperation){NULL});
    amdsyncPtrMapPut(bd->fn->arena, &starts, mb.ptr, b->id);
  }
  PendingEdge *edges = NULL;
  int nedges = 0, capedges = 0;
  for (MlirBlock mb = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(mb);
       mb = mlirBlockGetNextInRegion(mb)) {
    long id;
    amdsyncPtrMapGet(&starts, mb.ptr, &id);
    AmdsyncBlock *end = translateOps(bd, mb, bd->g->blocks[id], ok);
    MlirOperation term = mlirBlockGetTerminator(mb);
    if (mlirOperationIsNull(term))
      continue;
    intptr_t nsucc = mlirOperationGetNumSuccessors(term);
    for (intptr_t k = 0; k < nsucc; ++k) {
      long to;
      MlirBlock dest = mlirOperationGetSuccessor(term, k);
      if (!amdsyncPtrMapGet(&starts, dest.ptr, &to))
        continue;
      edges = amdsyncArenaGrow(bd->fn->arena, edges, nedges, &capedges,
                               sizeof(PendingEdge));
      PendingEdge e = {end, bd->g->blocks[to], mb, dest, false};
      edges[nedges++] = e;
    }
    if (nsucc >= 2)
      setBranch(bd, end, term, terminatorUniform(bd->fn, term));
    if (nsucc == 0 && continuation)
      amdsyncCfgAddEdge(bd->g, end, continuation);
  }
  refineCountedLoops(bd, region, edges, nedges, &starts);
  for (int i = 0; i < nedges; ++i)
    if (!edges[i].dropped)
      amdsyncCfgAddEdge(bd->g, edges[i].from, edges[i].to);
  condBranchGuards(bd, edges, nedges);
  return entry;
}

/*===--- Workgroup size ----------------------------------------------------------===*/

/* The product of a workgroup-size array; -1 when an element is not
   positive or the product overflows (unknown, never wrapped). */
static int64_t arrayProduct(MlirAttribute a) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI32Array(a))
    return -1;
  int64_t p = 1;
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(a); ++i)
    if (mlirDenseI32ArrayGetElement(a, i) <= 0 ||
        __builtin_mul_overflow(p, (int64_t)mlirDenseI32ArrayGetElement(a, i),
                               &p))
      return -1;
  return p;
}

static MlirAttribute attrNamed(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

/* Largest workgroup size the function can run with, or -1 if unknown. */
int64_t amdsyncMlirMaxWorkgroupSize(MlirOperation func) {
  static const char *const kArrays[] = {
      "known_block_size", "gpu.known_block_size", "rocdl.reqd_work_group_size"};
  for (size_t i = 0; i < sizeof(kArrays) / sizeof(kArrays[0]); ++i) {
    int64_t p = arrayProduct(attrNamed(func, kArrays[i]));
    if (p > 0)
      return p;
  }
  MlirAttribute flat = attrNamed(func, "rocdl.flat_work_group_size");
  if (!mlirAttributeIsNull(flat) && mlirAttributeIsAString(flat)) {
    MlirStringRef s = mlirStringAttrGetValue(flat);
    char buf[64];
    if (s.length >= sizeof buf)
      return -1;
    memcpy(buf, s.data, s.length);
    buf[s.length] = '\0';
    const char *comma = strchr(buf, ',');
    if (!comma)
      return -1;
    /* "min,max": max must be a positive decimal that fits. */
    char *end;
    errno = 0;
    long long max = strtoll(comma + 1, &end, 10);
    if (errno != 0 || end == comma + 1 || *end != '\0' || max <= 0)
      return -1;
    return max;
  }
  return -1;
}

void amdsyncMlirWorkgroupExtent(MlirOperation func, int64_t size[3]) {
  static const char *const kArrays[] = {
      "known_block_size", "gpu.known_block_size", "rocdl.reqd_work_group_size"};
  for (int d = 0; d < 3; ++d)
    size[d] = 0;
  for (size_t i = 0; i < sizeof(kArrays) / sizeof(kArrays[0]); ++i) {
    MlirAttribute a = attrNamed(func, kArrays[i]);
    if (arrayProduct(a) <= 0 || mlirDenseArrayGetNumElements(a) != 3)
      continue;
    for (int d = 0; d < 3; ++d)
      size[d] = mlirDenseI32ArrayGetElement(a, d);
    return;
  }
}

bool amdsyncMlirIsSingleWave(MlirOperation func, int wave_size) {
  int64_t size = amdsyncMlirMaxWorkgroupSize(func);
  return size > 0 && size <= wave_size;
}

/* The pipeline trace's line for one translation. */
static void tracePipeline(const AmdsyncMlirFunction *fn) {
  if (!amdsyncTracing(fn->program->trace, AMDSYNC_TRACE_PIPELINE))
    return;
  MlirAttribute name = mlirOperationGetAttributeByName(
      fn->func, mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef s = !mlirAttributeIsNull(name) && mlirAttributeIsAString(name)
                        ? mlirStringAttrGetValue(name)
                        : mlirStringRefCreateFromCString("?");
  amdsyncTrace(fn->program->trace, AMDSYNC_TRACE_PIPELINE,
               "translate @%.*s for %s (mlir): %d blocks%s", (int)s.length,
               s.data, fn->purpose ? fn->purpose : "?",
               fn->program->cfg ? fn->program->cfg->nblocks : 0,
               fn->uniformity.kept && fn->uniformity.solved
                   ? ", the values' uniformity from placement"
                   : "");
}

bool amdsyncMlirTranslate(AmdsyncMlirFunction *fn) {
  fn->program = amdsyncProgramCreate(fn->arena);
  amdsyncProgramSetOptions(fn->program, fn->options->waw_hazards,
                           amdsyncTraceFromEnv());
  fn->resources.program = fn->program;
  fn->resources.func = fn->func;
  fn->resources.unknown = -1;
  fn->resources.types = &fn->types;
  fn->types.arena = fn->arena;
  fn->types.escapes = fn->escapes;
  fn->uniformity.arena = fn->arena;
  fn->uniformity.func = fn->func;
  Builder bd;
  memset(&bd, 0, sizeof bd);
  bd.fn = fn;
  bd.g = amdsyncCfgCreate(fn->program);
  MlirRegion body = mlirOperationGetNumRegions(fn->func) > 0
                        ? mlirOperationGetRegion(fn->func, 0)
                        : (MlirRegion){NULL};
  MlirBlock first =
      mlirRegionIsNull(body) ? (MlirBlock){NULL} : mlirRegionGetFirstBlock(body);
  AmdsyncBlock *entry = newBlock(&bd, first, (MlirOperation){NULL});
  bool ok = true;
  if (!mlirBlockIsNull(first)) {
    RelevanceWalk rw = {&bd, fn->func};
    mlirOperationWalk(fn->func, markRelevant, &rw, MlirWalkPostOrder);
    translateRegionCfg(&bd, body, entry, NULL, &ok);
  }
  fillAnchors(&bd);
  tracePipeline(fn);
  return ok;
}
