/*===- translate.c - An MLIR function as an AmdsyncProgram -----------------===*
 *
 * Walks one func.func / gpu.func / llvm.func and builds the core's program
 * model: LDS accesses (ops.c), their resources (resources.c), existing
 * barriers, and the structured control flow around them (scf.for,
 * scf.while, scf.if, scf.index_switch, affine.for, affine.if,
 * scf.execute_region, memref.alloca_scope), with uniformity
 * (uniformity.c) and static trip counts. Records, for every gap, where it
 * lives in the IR so emit.c can insert ops there.
 *
 * Anything it cannot model soundly is an error at the op: an op with
 * regions it does not know that holds LDS accesses or barriers, and
 * multi-block (unstructured) regions around LDS accesses.
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

/*===--- Blocks and anchors -----------------------------------------------------===*/

static MlirBlock singleBlock(MlirRegion r) { return mlirRegionGetFirstBlock(r); }

static bool regionIsMultiBlock(MlirRegion r) {
  MlirBlock b = mlirRegionGetFirstBlock(r);
  return !mlirBlockIsNull(b) && !mlirBlockIsNull(mlirBlockGetNextInRegion(b));
}

static void ensureAnchors(AmdsyncMlirFunction *fn, AmdsyncSeq *seq) {
  if (!seq->anchors)
    seq->anchors = amdsyncArenaAlloc(fn->arena, (size_t)(seq->count + 1) *
                                                    sizeof(AmdsyncGapAnchor));
}

/* Gaps [from, to] of `seq` live in `block`; children from..to-1 are ops of
   it. Gap g sits before child g (the block's end for g == to) and after
   child g-1 (the block's start for g == from). */
static void setAnchors(AmdsyncMlirFunction *fn, AmdsyncSeq *seq, int from,
                       int to, MlirBlock block) {
  ensureAnchors(fn, seq);
  for (int g = from; g <= to; ++g) {
    AmdsyncGapAnchor *a = &seq->anchors[g];
    a->block = block.ptr;
    a->before = g < to ? seq->children[g]->origin : NULL;
    a->after = g > from ? seq->children[g - 1]->origin : NULL;
  }
}

static bool translateBlock(AmdsyncMlirFunction *fn, MlirBlock block,
                           AmdsyncSeq *seq);

/* A fresh sequence for one single-block region, anchors set. */
static AmdsyncSeq *translateRegion(AmdsyncMlirFunction *fn, MlirRegion region,
                                   bool *ok) {
  AmdsyncSeq *seq = amdsyncSeqCreate(fn->program);
  MlirBlock b = singleBlock(region);
  if (mlirBlockIsNull(b)) {
    setAnchors(fn, seq, 0, 0, b);
    return seq;
  }
  *ok &= translateBlock(fn, b, seq);
  setAnchors(fn, seq, 0, seq->count, b);
  return seq;
}

/*===--- Does a subtree matter at all? -----------------------------------------===*/

static bool isViewLike(MlirOperation op) {
  return amdsyncOpIs(op, "memref.subview") || amdsyncOpIs(op, "memref.view") ||
         amdsyncOpIs(op, "memref.reinterpret_cast") ||
         amdsyncOpIs(op, "memref.cast") || amdsyncOpIs(op, "memref.expand_shape") ||
         amdsyncOpIs(op, "memref.collapse_shape") ||
         amdsyncOpIs(op, "memref.memory_space_cast") ||
         amdsyncOpIs(op, "memref.transpose") ||
         amdsyncOpIs(op, "memref.assume_alignment") ||
         amdsyncOpIs(op, "memref.dim") || amdsyncOpIs(op, "memref.dealloc") ||
         amdsyncOpIs(op, "memref.extract_strided_metadata") ||
         amdsyncOpIs(op, "memref.extract_aligned_pointer_as_index") ||
         amdsyncOpIs(op, "llvm.getelementptr") ||
         amdsyncOpIs(op, "llvm.addrspacecast") || amdsyncOpIs(op, "llvm.bitcast") ||
         amdsyncOpIs(op, "llvm.ptrtoint") || amdsyncOpIs(op, "llvm.insertvalue") ||
         amdsyncOpIs(op, "llvm.extractvalue") ||
         amdsyncOpIs(op, "builtin.unrealized_conversion_cast");
}


typedef struct {
  bool found;
} RelevanceScan;

static MlirWalkResult scanRelevant(MlirOperation op, void *user) {
  RelevanceScan *s = user;
  AmdsyncOpInfo info = amdsyncMlirClassifyOp(op);
  if (info.cls == AMDSYNC_OP_ACCESS || info.cls == AMDSYNC_OP_BARRIER ||
      info.cls == AMDSYNC_OP_CALL || info.cls == AMDSYNC_OP_MARK ||
      info.cls == AMDSYNC_OP_WAIT) {
    s->found = true;
    return MlirWalkResultInterrupt;
  }
  if (info.cls != AMDSYNC_OP_OTHER || isViewLike(op))
    return MlirWalkResultAdvance;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i)
    if (amdsyncMlirIsLdsValue(mlirOperationGetOperand(op, i))) {
      s->found = true;
      return MlirWalkResultInterrupt;
    }
  return MlirWalkResultAdvance;
}

/* True when anything inside op's regions touches LDS or synchronizes. */
static bool regionsAreRelevant(MlirOperation op) {
  RelevanceScan s = {false};
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op) && !s.found; ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b);
           !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
        mlirOperationWalk(o, scanRelevant, &s, MlirWalkPreOrder);
  }
  return s.found;
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
    if (!amdsyncMlirIsLdsValue(v))
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
      if (amdsyncMlirIsLdsValue(d)) {
        int64_t lo, hi;
        return amdsyncMlirResourceOf(&fn->resources, d, &lo, &hi);
      }
    }
  }
  return amdsyncMlirUnknownResource(&fn->resources);
}

static AmdsyncNode *accessNode(AmdsyncMlirFunction *fn, MlirOperation op,
                               const AmdsyncOpInfo *info) {
  int64_t lo = -1, hi = -1;
  int r;
  if (info->operand >= 0) {
    MlirValue mem = mlirOperationGetOperand(op, info->operand);
    r = amdsyncMlirResourceOf(&fn->resources, mem, &lo, &hi);
    if (amdsyncOpIs(op, "memref.load") || amdsyncOpIs(op, "memref.store"))
      amdsyncMlirNarrowToElement(op, info->operand, &lo, &hi);
  } else {
    r = descriptorResource(fn, op);
  }
  AmdsyncNode *n =
      amdsyncAccessCreate(fn->program, op.ptr, info->flags, r, lo, hi);
  if (info->async_kind >= 0)
    amdsyncAccessSetAsync(
        n, amdsyncCounterFor(fn->target, (AmdsyncAsyncKind)info->async_kind));
  return n;
}

static bool hasContent(const AmdsyncSeq *s) { return s->count > 0; }

static AmdsyncNode *translateFor(AmdsyncMlirFunction *fn, MlirOperation op,
                                 bool affine, bool *ok) {
  AmdsyncSeq *body = translateRegion(fn, mlirOperationGetRegion(op, 0), ok);
  if (!hasContent(body))
    return NULL;
  MlirBlock b = singleBlock(mlirOperationGetRegion(op, 0));
  bool uniform;
  int64_t trips;
  if (affine) {
    intptr_t bounds = mlirOperationGetNumOperands(op) -
                      (mlirBlockGetNumArguments(b) - 1);
    uniform = affineOperandsUniform(fn, op, bounds);
    trips = affineForTrips(op);
  } else {
    uniform = affineOperandsUniform(fn, op, 3);
    trips = scfForTrips(op);
  }
  return amdsyncLoopCreate(fn->program, op.ptr, body, body->count,
                           trips < 1, uniform, trips);
}

/* scf.while: the body is the `before` region's children then the `after`
   region's; the loop exits right after the `before` part. */
static AmdsyncNode *translateWhile(AmdsyncMlirFunction *fn, MlirOperation op,
                                   bool *ok) {
  AmdsyncSeq *body = amdsyncSeqCreate(fn->program);
  MlirBlock before = singleBlock(mlirOperationGetRegion(op, 0));
  MlirBlock after = singleBlock(mlirOperationGetRegion(op, 1));
  *ok &= translateBlock(fn, before, body);
  int k = body->count;
  /* scf.condition separates the gap ending `before` (on the exit path too)
     from the gap starting `after`. */
  MlirOperation cond = mlirBlockGetTerminator(before);
  amdsyncSeqAppend(fn->program, body, amdsyncPointCreate(fn->program, cond.ptr));
  *ok &= translateBlock(fn, after, body);
  /* Only the condition: nothing to model. Accesses or barriers in either
     region (even with an empty `after`) keep the loop. */
  if (body->count == 1)
    return NULL;
  setAnchors(fn, body, 0, k, before);
  /* Gaps k+1..count are in `after`: gap k+1 at its start. */
  for (int g = k + 1; g <= body->count; ++g) {
    AmdsyncGapAnchor *a = &body->anchors[g];
    a->block = after.ptr;
    a->before = g < body->count ? body->children[g]->origin : NULL;
    a->after = g > k + 1 ? body->children[g - 1]->origin : NULL;
  }
  bool uniform = !mlirOperationIsNull(cond) &&
                 amdsyncMlirIsUniform(&fn->uniformity,
                                      mlirOperationGetOperand(cond, 0));
  return amdsyncLoopCreate(fn->program, op.ptr, body, k, false, uniform, -1);
}

/* scf.if, affine.if, scf.index_switch, and single-region ops that run
   their region exactly once (scf.execute_region, memref.alloca_scope). */
static AmdsyncNode *translateBranch(AmdsyncMlirFunction *fn, MlirOperation op,
                                    bool uniform, bool exhaustive, bool *ok) {
  intptr_t narms = mlirOperationGetNumRegions(op);
  AmdsyncNode *n =
      amdsyncBranchCreate(fn->program, op.ptr, (int)narms, exhaustive, uniform);
  bool any = false;
  for (intptr_t r = 0; r < narms; ++r) {
    AmdsyncSeq *arm = translateRegion(fn, mlirOperationGetRegion(op, r), ok);
    any |= hasContent(arm);
    amdsyncBranchSetArm(n, (int)r, arm);
  }
  return any ? n : NULL;
}

static bool regionHasBlocks(MlirRegion r) {
  return !mlirBlockIsNull(mlirRegionGetFirstBlock(r));
}

static AmdsyncNode *translateStructured(AmdsyncMlirFunction *fn,
                                        MlirOperation op, bool *handled,
                                        bool *ok) {
  *handled = true;
  if (amdsyncOpIs(op, "scf.for"))
    return translateFor(fn, op, false, ok);
  if (amdsyncOpIs(op, "affine.for"))
    return translateFor(fn, op, true, ok);
  if (amdsyncOpIs(op, "scf.while"))
    return translateWhile(fn, op, ok);
  if (amdsyncOpIs(op, "scf.if")) {
    bool uniform =
        amdsyncMlirIsUniform(&fn->uniformity, mlirOperationGetOperand(op, 0));
    bool has_else = regionHasBlocks(mlirOperationGetRegion(op, 1));
    return translateBranch(fn, op, uniform, has_else, ok);
  }
  if (amdsyncOpIs(op, "affine.if")) {
    bool uniform =
        affineOperandsUniform(fn, op, mlirOperationGetNumOperands(op));
    bool has_else = regionHasBlocks(mlirOperationGetRegion(op, 1));
    return translateBranch(fn, op, uniform, has_else, ok);
  }
  if (amdsyncOpIs(op, "scf.index_switch")) {
    bool uniform =
        amdsyncMlirIsUniform(&fn->uniformity, mlirOperationGetOperand(op, 0));
    return translateBranch(fn, op, uniform, true, ok);
  }
  if (amdsyncOpIs(op, "scf.execute_region") ||
      amdsyncOpIs(op, "memref.alloca_scope"))
    return translateBranch(fn, op, true, true, ok);
  *handled = false;
  return NULL;
}

static bool checkSingleBlockRegions(AmdsyncMlirFunction *fn, MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    if (regionIsMultiBlock(mlirOperationGetRegion(op, r))) {
      char msg[256];
      MlirStringRef name = amdsyncOpName(op);
      snprintf(msg, sizeof msg,
               "amdsync: cannot analyze '%.*s': a region with several blocks "
               "(unstructured control flow) around LDS accesses is not "
               "supported by the MLIR front end",
               (int)name.length, name.data);
      errorAt(fn, op, msg);
      return false;
    }
  return true;
}

/* A wait's count must be an integer the model can take: an error at the op
   otherwise (never a truncated or wrapped count, never an allocation sized
   by an arbitrary count). */
static bool waitCountUsable(AmdsyncMlirFunction *fn, MlirOperation op,
                            const AmdsyncOpInfo *info) {
  char msg[256];
  MlirStringRef name = amdsyncOpName(op);
  switch (info->count_status) {
  case AMDSYNC_COUNT_OK:
    return true;
  case AMDSYNC_COUNT_MISSING:
    snprintf(msg, sizeof msg,
             "amdsync: '%.*s' without a constant integer 'count' of at most "
             "64 bits",
             (int)name.length, name.data);
    break;
  case AMDSYNC_COUNT_NEGATIVE:
    snprintf(msg, sizeof msg, "amdsync: '%.*s' count %" PRId64 " is negative",
             (int)name.length, name.data,
             amdsyncMlirIntSigned(info->count_value));
    break;
  case AMDSYNC_COUNT_TOO_LARGE:
    snprintf(msg, sizeof msg,
             "amdsync: '%.*s' count %" PRIu64 " is above the limit of %d "
             "marks amdsync models",
             (int)name.length, name.data, info->count_value.bits,
             (int)AMDSYNC_MLIR_MAX_MARK_WAIT);
    break;
  }
  errorAt(fn, op, msg);
  return false;
}

static bool translateOp(AmdsyncMlirFunction *fn, MlirOperation op,
                        AmdsyncSeq *seq) {
  if (amdsyncMlirIsFunction(op))
    return true; /* nested functions are processed on their own */
  AmdsyncOpInfo info = amdsyncMlirClassifyOp(op);
  AmdsyncNode *node = NULL;
  switch (info.cls) {
  case AMDSYNC_OP_BARRIER:
    node = amdsyncBarrierCreate(fn->program, op.ptr, info.barrier);
    break;
  case AMDSYNC_OP_ACCESS:
    node = accessNode(fn, op, &info);
    break;
  case AMDSYNC_OP_CALL:
    node = amdsyncAccessCreate(fn->program, op.ptr,
                               AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE,
                               amdsyncMlirUnknownResource(&fn->resources), -1,
                               -1);
    break;
  case AMDSYNC_OP_IGNORED:
    return true;
  case AMDSYNC_OP_MARK:
    node = amdsyncMarkCreate(fn->program, op.ptr);
    break;
  case AMDSYNC_OP_WAIT:
    if (!waitCountUsable(fn, op, &info))
      return false;
    node = amdsyncWaitCreate(fn->program, op.ptr, info.wait_counter,
                             info.wait_count);
    break;
  case AMDSYNC_OP_OTHER: {
    if (mlirOperationGetNumRegions(op) > 0) {
      bool relevant = regionsAreRelevant(op);
      if (relevant && !checkSingleBlockRegions(fn, op))
        return false;
      bool handled, ok = true;
      node = translateStructured(fn, op, &handled, &ok);
      if (!ok)
        return false;
      if (!handled && relevant) {
        char msg[256];
        MlirStringRef name = amdsyncOpName(op);
        snprintf(msg, sizeof msg,
                 "amdsync: cannot analyze '%.*s': its regions hold LDS "
                 "accesses or barriers and amdsync does not know how they "
                 "execute",
                 (int)name.length, name.data);
        errorAt(fn, op, msg);
        return false;
      }
      if (handled)
        break;
    }
    if (!isViewLike(op))
      node = conservativeAccess(fn, op);
    break;
  }
  }
  if (node)
    amdsyncSeqAppend(fn->program, seq, node);
  return true;
}

static bool translateBlock(AmdsyncMlirFunction *fn, MlirBlock block,
                           AmdsyncSeq *seq) {
  bool ok = true;
  MlirOperation term = mlirBlockGetTerminator(block);
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!mlirOperationIsNull(term) && mlirOperationEqual(op, term))
      break;
    ok &= translateOp(fn, op, seq);
  }
  return ok;
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

bool amdsyncMlirIsSingleWave(MlirOperation func, int wave_size) {
  int64_t size = amdsyncMlirMaxWorkgroupSize(func);
  return size > 0 && size <= wave_size;
}

bool amdsyncMlirTranslate(AmdsyncMlirFunction *fn) {
  fn->program = amdsyncProgramCreate(fn->arena);
  fn->program->waw_hazards = fn->options->waw_hazards;
  fn->resources.program = fn->program;
  fn->resources.func = fn->func;
  fn->resources.unknown = -1;
  fn->uniformity.arena = fn->arena;
  if (mlirOperationGetNumRegions(fn->func) == 0)
    return true;
  MlirRegion body = mlirOperationGetRegion(fn->func, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(entry))
    return true; /* a declaration */
  if (regionIsMultiBlock(body)) {
    if (!regionsAreRelevant(fn->func))
      return true;
    return checkSingleBlockRegions(fn, fn->func);
  }
  bool ok = translateBlock(fn, entry, fn->program->body);
  setAnchors(fn, fn->program->body, 0, fn->program->body->count, entry);
  return ok;
}
