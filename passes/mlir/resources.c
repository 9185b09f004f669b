/*===- resources.c - Which buffer an LDS access touches ---------------------===*
 *
 * Brief §1, "Resources": an access is traced through view-like ops to its
 * root buffer (memref.alloc/alloca, memref.get_global, llvm.mlir.addressof,
 * gpu.dynamic_shared_memory, a gpu.func workgroup attribution, a function
 * argument). Distinct allocations and globals never alias; arguments may
 * alias each other and globals; views of one buffer at constant, disjoint
 * byte ranges do not alias. Anything untraceable is the UNKNOWN resource,
 * which aliases everything.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>

typedef struct {
  AmdsyncResourceKind kind;
  const void *key;
  const char *label;   /* static text, combined with the location */
  MlirStringRef symbol; /* globals */
  bool base_known;
  int64_t base;         /* byte offset of the traced value's base pointer */
} Root;

/* The one table of view-like ops: ops that access no memory themselves.
   `follows`: the result names (part of) the memory of operand 0, so
   tracing goes through it (memref.view, GEPs and extractvalue have their
   own rules in traceRoot); the others only read metadata. */
typedef struct {
  AmdsyncName name;
  bool follows;
} ViewOp;

static const ViewOp kViewOps[] = {
    {AMDSYNC_NAME("memref.subview"), true},
    {AMDSYNC_NAME("memref.reinterpret_cast"), true},
    {AMDSYNC_NAME("memref.cast"), true},
    {AMDSYNC_NAME("memref.expand_shape"), true},
    {AMDSYNC_NAME("memref.collapse_shape"), true},
    {AMDSYNC_NAME("memref.memory_space_cast"), true},
    {AMDSYNC_NAME("memref.transpose"), true},
    {AMDSYNC_NAME("memref.assume_alignment"), true},
    {AMDSYNC_NAME("llvm.addrspacecast"), true},
    {AMDSYNC_NAME("llvm.bitcast"), true},
    {AMDSYNC_NAME("builtin.unrealized_conversion_cast"), true},
    {AMDSYNC_NAME("memref.view"), false},
    {AMDSYNC_NAME("llvm.getelementptr"), false},
    {AMDSYNC_NAME("llvm.extractvalue"), false},
    {AMDSYNC_NAME("memref.dim"), false},
    {AMDSYNC_NAME("memref.dealloc"), false},
    {AMDSYNC_NAME("memref.extract_strided_metadata"), false},
    {AMDSYNC_NAME("memref.extract_aligned_pointer_as_index"), false},
    {AMDSYNC_NAME("llvm.ptrtoint"), false},
    {AMDSYNC_NAME("llvm.insertvalue"), false},
};

static const ViewOp *viewOpOf(MlirOperation op) {
  MlirStringRef n = amdsyncOpName(op);
  for (size_t i = 0; i < sizeof kViewOps / sizeof kViewOps[0]; ++i)
    if (amdsyncNameIs(n, kViewOps[i].name.text, kViewOps[i].name.length))
      return &kViewOps[i];
  return NULL;
}

bool amdsyncMlirIsViewLike(MlirOperation op) { return viewOpOf(op) != NULL; }

static bool isFollowThrough(MlirOperation op) {
  const ViewOp *v = viewOpOf(op);
  return v && v->follows;
}

static int64_t positionOf(MlirOperation op) {
  MlirAttribute pos = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("position"));
  if (mlirAttributeIsNull(pos) || !mlirAttributeIsADenseI64Array(pos) ||
      mlirDenseArrayGetNumElements(pos) < 1)
    return -1;
  /* Only the leading index matters for memref descriptors (field 0/1 are
     the allocated and aligned pointers). */
  return mlirDenseI64ArrayGetElement(pos, 0);
}

/* llvm.extractvalue of a memref descriptor built by llvm.insertvalue: the
   value inserted at the same position. */
static bool followExtract(MlirOperation extract, MlirValue *out) {
  int64_t want = positionOf(extract);
  MlirValue agg = mlirOperationGetOperand(extract, 0);
  for (int guard = 0; guard < 64 && want >= 0; ++guard) {
    if (!mlirValueIsAOpResult(agg))
      return false;
    MlirOperation def = mlirOpResultGetOwner(agg);
    if (!amdsyncOpIs(def, "llvm.insertvalue"))
      return false;
    if (positionOf(def) == want) {
      *out = mlirOperationGetOperand(def, 1);
      return true;
    }
    agg = mlirOperationGetOperand(def, 0);
  }
  return false;
}


static Root traceRoot(MlirValue v) {
  Root r = {AMDSYNC_RES_UNKNOWN, NULL, "unknown memory", {NULL, 0}, true, 0};
  for (int guard = 0; guard < 1024; ++guard) {
    if (mlirValueIsABlockArgument(v)) {
      MlirBlock block = mlirBlockArgumentGetOwner(v);
      MlirOperation parent = mlirBlockGetParentOperation(block);
      if (mlirOperationIsNull(parent) || !amdsyncMlirIsFunction(parent))
        return r;
      MlirRegion body = mlirOperationGetRegion(parent, 0);
      if (!mlirBlockEqual(mlirRegionGetFirstBlock(body), block))
        return r;
      intptr_t idx = mlirBlockArgumentGetArgNumber(v);
      r.key = v.ptr;
      if (idx >= amdsyncMlirFunctionInputs(parent, block)) {
        r.kind = AMDSYNC_RES_ALLOCATION;
        r.label = "workgroup attribution";
      } else {
        r.kind = AMDSYNC_RES_ARGUMENT;
        r.label = "argument";
        r.base = idx; /* reused as the argument number for the name */
      }
      return r;
    }
    MlirOperation def = mlirOpResultGetOwner(v);
    if (amdsyncOpIs(def, "memref.alloc") || amdsyncOpIs(def, "memref.alloca")) {
      r.kind = AMDSYNC_RES_ALLOCATION;
      r.key = def.ptr;
      r.label = "allocation";
      return r;
    }
    const char *symAttr = amdsyncOpIs(def, "memref.get_global") ? "name"
                          : amdsyncOpIs(def, "llvm.mlir.addressof")
                              ? "global_name"
                              : NULL;
    if (symAttr) {
      MlirAttribute sym = mlirOperationGetAttributeByName(
          def, mlirStringRefCreateFromCString(symAttr));
      if (mlirAttributeIsNull(sym) || !mlirAttributeIsAFlatSymbolRef(sym))
        return r;
      r.kind = AMDSYNC_RES_GLOBAL;
      r.key = sym.ptr; /* uniqued per context: same symbol, same key */
      r.symbol = mlirFlatSymbolRefAttrGetValue(sym);
      r.label = "global";
      return r;
    }
    if (amdsyncOpIs(def, "gpu.dynamic_shared_memory")) {
      r.kind = AMDSYNC_RES_GLOBAL;
      r.key = mlirOperationGetName(def).ptr;
      r.label = "dynamic shared memory";
      return r;
    }
    if (amdsyncOpIs(def, "memref.view")) {
      int64_t shift;
      /* A byte shift that is not a non-negative constant, or a base that
         would overflow, leaves the range unknown. */
      if (!r.base_known ||
          !amdsyncMlirConstantInt(mlirOperationGetOperand(def, 1), &shift) ||
          shift < 0 || __builtin_add_overflow(r.base, shift, &r.base))
        r.base_known = false;
      v = mlirOperationGetOperand(def, 0);
      continue;
    }
    if (amdsyncOpIs(def, "llvm.getelementptr")) {
      r.base_known = false; /* byte offsets of GEPs are not tracked */
      v = mlirOperationGetOperand(def, 0);
      continue;
    }
    if (amdsyncOpIs(def, "llvm.extractvalue")) {
      if (!followExtract(def, &v))
        return r;
      continue;
    }
    if (isFollowThrough(def) && mlirOperationGetNumOperands(def) > 0) {
      v = mlirOperationGetOperand(def, 0);
      continue;
    }
    return r;
  }
  return r;
}

static int64_t elementBytes(MlirType t) {
  if (mlirTypeIsAIndex(t))
    return 8;
  if (mlirTypeIsAInteger(t))
    return (mlirIntegerTypeGetWidth(t) + 7) / 8;
  if (mlirTypeIsAFloat(t))
    return (mlirFloatTypeGetWidth(t) + 7) / 8;
  if (mlirTypeIsAVector(t) && mlirShapedTypeHasStaticShape(t)) {
    int64_t n = elementBytes(mlirShapedTypeGetElementType(t));
    for (intptr_t d = 0; d < mlirShapedTypeGetRank(t) && n > 0; ++d)
      if (__builtin_mul_overflow(n, mlirShapedTypeGetDimSize(t, d), &n))
        return -1;
    return n > 0 ? n : -1;
  }
  return -1;
}

enum { kMaxRank = 16 };

/* The element offset and strides of a memref type, when all static. */
static bool stridedLayout(MlirType t, int64_t *offset, int64_t *strides,
                          intptr_t *rank) {
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t))
    return false;
  *rank = mlirShapedTypeGetRank(t);
  if (*rank > kMaxRank)
    return false;
  if (mlirLogicalResultIsFailure(
          mlirMemRefTypeGetStridesAndOffset(t, strides, offset)))
    return false;
  if (mlirShapedTypeIsDynamicStrideOrOffset(*offset))
    return false;
  for (intptr_t d = 0; d < *rank; ++d)
    if (mlirShapedTypeIsDynamicStrideOrOffset(strides[d]) || strides[d] < 0)
      return false;
  return true;
}

/* Byte range [lo, hi) that a value of memref type `t` spans from its base. */
static bool computeTypeRange(MlirType t, int64_t *lo, int64_t *hi) {
  int64_t offset, strides[kMaxRank];
  intptr_t rank;
  if (!stridedLayout(t, &offset, strides, &rank))
    return false;
  int64_t eb = elementBytes(mlirShapedTypeGetElementType(t));
  if (eb <= 0)
    return false;
  if (offset < 0)
    return false;
  /* Checked: a range that does not fit in int64_t is unknown. */
  int64_t last = offset, step;
  for (intptr_t d = 0; d < rank; ++d) {
    int64_t size = mlirShapedTypeGetDimSize(t, d);
    if (size <= 0)
      return false;
    if (__builtin_mul_overflow(size - 1, strides[d], &step) ||
        __builtin_add_overflow(last, step, &last))
      return false;
  }
  int64_t end;
  if (__builtin_add_overflow(last, 1, &end) ||
      __builtin_mul_overflow(offset, eb, lo) ||
      __builtin_mul_overflow(end, eb, hi))
    return false;
  return true;
}

/* The same, remembered per type in `cache` (may be NULL). */
static bool typeRange(AmdsyncTypeCache *cache, MlirType t, int64_t *lo,
                      int64_t *hi) {
  AmdsyncTypeFacts *f = amdsyncTypeFactsOf(cache, t);
  if (!f)
    return computeTypeRange(t, lo, hi);
  if (f->static_span == AMDSYNC_FACT_UNKNOWN)
    f->static_span = computeTypeRange(t, &f->lo, &f->hi) ? AMDSYNC_FACT_YES
                                                          : AMDSYNC_FACT_NO;
  *lo = f->lo;
  *hi = f->hi;
  return f->static_span == AMDSYNC_FACT_YES;
}

static char *rootName(AmdsyncResourceTable *t, const Root *r) {
  AmdsyncArena *arena = t->program->arena;
  if (r->kind == AMDSYNC_RES_GLOBAL && r->symbol.data)
    return amdsyncArenaPrintf(arena, "@%.*s", (int)r->symbol.length,
                              r->symbol.data);
  if (r->kind == AMDSYNC_RES_ARGUMENT)
    return amdsyncArenaPrintf(arena, "argument #%lld", (long long)r->base);
  return amdsyncArenaPrintf(arena, "%s #%d", r->label, t->program->nresources);
}

int amdsyncMlirUnknownResource(AmdsyncResourceTable *t) {
  if (t->unknown < 0)
    t->unknown = amdsyncProgramAddResource(t->program, AMDSYNC_RES_UNKNOWN,
                                           "unknown memory");
  return t->unknown;
}

int amdsyncMlirResourceOf(AmdsyncResourceTable *t, MlirValue value,
                          int64_t *lo, int64_t *hi) {
  *lo = -1;
  *hi = -1;
  Root r = traceRoot(value);
  if (r.kind == AMDSYNC_RES_UNKNOWN || !r.key)
    return amdsyncMlirUnknownResource(t);
  long idx;
  if (!amdsyncPtrMapGet(&t->by_key, r.key, &idx)) {
    idx = amdsyncProgramAddResource(t->program, r.kind, rootName(t, &r));
    amdsyncPtrMapPut(t->program->arena, &t->by_key, r.key, idx);
  }
  int64_t tlo, thi;
  if (r.kind != AMDSYNC_RES_ARGUMENT && r.base_known &&
      typeRange(t->types, mlirValueGetType(value), &tlo, &thi) &&
      !__builtin_add_overflow(r.base, tlo, &tlo) &&
      !__builtin_add_overflow(r.base, thi, &thi)) {
    *lo = tlo;
    *hi = thi;
  }
  return (int)idx;
}

void amdsyncMlirNarrowToElement(MlirOperation op, int memref_operand,
                                int64_t *lo, int64_t *hi) {
  if (*hi < 0)
    return;
  /* Only constant indices narrow: look at them before the layout. */
  intptr_t nidx = mlirOperationGetNumOperands(op) - memref_operand - 1;
  for (intptr_t d = 0; d < nidx; ++d) {
    int64_t idx;
    if (!amdsyncMlirConstantInt(
            mlirOperationGetOperand(op, memref_operand + 1 + d), &idx))
      return;
  }
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, memref_operand));
  int64_t offset, strides[kMaxRank];
  intptr_t rank;
  if (!stridedLayout(t, &offset, strides, &rank))
    return;
  if (mlirOperationGetNumOperands(op) != memref_operand + 1 + rank)
    return;
  int64_t eb = elementBytes(mlirShapedTypeGetElementType(t));
  if (eb <= 0)
    return;
  /* Only in-bounds constant indices narrow (anything else is undefined
     behaviour or unknown: the view's range stays); checked arithmetic. */
  int64_t elem = 0, term;
  for (intptr_t d = 0; d < rank; ++d) {
    int64_t idx;
    if (!amdsyncMlirConstantInt(
            mlirOperationGetOperand(op, memref_operand + 1 + d), &idx) ||
        idx < 0 || idx >= mlirShapedTypeGetDimSize(t, d) ||
        __builtin_mul_overflow(idx, strides[d], &term) ||
        __builtin_add_overflow(elem, term, &elem))
      return;
  }
  /* *lo is base + offset*eb; the element sits elem strides further. */
  int64_t start, end;
  if (__builtin_mul_overflow(elem, eb, &term) ||
      __builtin_add_overflow(*lo, term, &start) ||
      __builtin_add_overflow(start, eb, &end))
    return;
  *lo = start;
  *hi = end;
}

bool amdsyncMlirIsLdsValue(MlirValue v, AmdsyncTypeCache *cache) {
  for (int guard = 0; guard < 1024; ++guard) {
    if (amdsyncMlirIsLdsType(mlirValueGetType(v), cache))
      return true;
    if (!mlirValueIsAOpResult(v))
      return false;
    MlirOperation def = mlirOpResultGetOwner(v);
    if (amdsyncOpIs(def, "llvm.extractvalue")) {
      if (!followExtract(def, &v))
        return false;
      continue;
    }
    if ((amdsyncOpIs(def, "memref.view") ||
         amdsyncOpIs(def, "llvm.getelementptr") || isFollowThrough(def)) &&
        mlirOperationGetNumOperands(def) > 0) {
      v = mlirOperationGetOperand(def, 0);
      continue;
    }
    return false;
  }
  return true; /* a chain longer than amdsync follows: maybe LDS */
}
