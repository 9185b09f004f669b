/*===- resources.c - Which buffer an LDS access touches ---------------------===*
 *
 * Brief §1, "Resources": an access is traced through view-like ops, and
 * through every input of merges (selects, block arguments, structured-op
 * results, loop-carried values), to its root buffers (memref.alloc/alloca,
 * memref.get_global, llvm.mlir.addressof, gpu.dynamic_shared_memory, a
 * gpu.func workgroup attribution, a function argument). A value may touch
 * LDS when some path passes a value of an LDS type, whatever the address
 * space it is finally used in. Distinct allocations and globals never
 * alias; arguments may alias each other and globals; all dynamic LDS is
 * one resource; views of one buffer at constant, disjoint byte ranges do
 * not alias. Anything untraceable, or several roots, is the UNKNOWN
 * resource, which aliases everything.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  AmdsyncResourceKind kind;
  const void *key;
  const char *label;   /* static text, combined with the location */
  MlirStringRef symbol; /* globals */
  bool base_known;
  int64_t base;         /* byte offset of the traced value's base pointer */
  int64_t bytes;        /* the root's size when static, else -1 */
  bool outside;         /* a constant GEP index leaves the root (llvm
                           dialect GEP offsets are not added up) */
} Root;

/* More bytes than any chip's LDS (64 KiB on GFX9, 160 KiB on gfx950,
   320 KiB on gfx1250): no LDS object is larger, dynamic LDS included. */
enum { kMaxLdsBytes = 1 << 20 };

static bool typeRange(AmdsyncTypeCache *cache, MlirType t, int64_t *lo,
                      int64_t *hi);

/* The byte size of root value `v` (a memref of static shape), or -1. */
static int64_t rootBytes(MlirValue v, AmdsyncTypeCache *cache) {
  int64_t lo, hi;
  return typeRange(cache, mlirValueGetType(v), &lo, &hi) && lo == 0 ? hi : -1;
}

/* Whether a constant index of llvm.getelementptr `gep` proves its address
   leaves the object it starts in: a negative one (before it, on its own)
   or one of kMaxLdsBytes or more (past any LDS object, whatever the
   element size). The address of an LDS GEP wraps at 32 bits, so such an
   address is another object's, or none. */
static bool gepLeavesObject(MlirOperation gep) {
  MlirAttribute raw = mlirOperationGetAttributeByName(
      gep, mlirStringRefCreateFromCString("rawConstantIndices"));
  if (mlirAttributeIsNull(raw) || !mlirAttributeIsADenseI32Array(raw))
    return true; /* not a GEP amdsync can read: take the worst */
  intptr_t dyn = 1; /* operand 0 is the base */
  for (intptr_t i = 0, n = mlirDenseArrayGetNumElements(raw); i < n; ++i) {
    int64_t k = mlirDenseI32ArrayGetElement(raw, i);
    if (k == INT32_MIN) { /* GEPOp::kDynamicIndex: the next operand */
      if (dyn >= mlirOperationGetNumOperands(gep) ||
          !amdsyncMlirConstantInt(mlirOperationGetOperand(gep, dyn++), &k))
        continue; /* not a constant: taken to stay inside */
    }
    if (k < 0 || k >= kMaxLdsBytes)
      return true;
  }
  return false;
}

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
    /* Pointer arithmetic, comparisons and merges: they read no memory
       (merges are traced as such: mergeSources). */
    {AMDSYNC_NAME("arith.select"), false},
    {AMDSYNC_NAME("llvm.select"), false},
    {AMDSYNC_NAME("llvm.icmp"), false},
    {AMDSYNC_NAME("llvm.insertelement"), false},
    {AMDSYNC_NAME("llvm.extractelement"), false},
    {AMDSYNC_NAME("llvm.shufflevector"), false},
    {AMDSYNC_NAME("llvm.intr.ptrmask"), false},
    {AMDSYNC_NAME("llvm.freeze"), false},
    {AMDSYNC_NAME("llvm.inttoptr"), false},
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


bool amdsyncMlirForwardedOperand(MlirOperation term, intptr_t succ,
                                 intptr_t arg, MlirValue *out) {
  intptr_t nsucc = mlirOperationGetNumSuccessors(term);
  intptr_t nops = mlirOperationGetNumOperands(term);
  MlirBlock dest = mlirOperationGetSuccessor(term, succ);
  if (arg >= mlirBlockGetNumArguments(dest))
    return false;
  if (nsucc == 1 && nops == mlirBlockGetNumArguments(dest)) {
    *out = mlirOperationGetOperand(term, arg);
    return true;
  }
  MlirAttribute seg = mlirOperationGetAttributeByName(
      term, mlirStringRefCreateFromCString("operandSegmentSizes"));
  if (nsucc != 2 || mlirAttributeIsNull(seg) ||
      !mlirAttributeIsADenseI32Array(seg) ||
      mlirDenseArrayGetNumElements(seg) != 3)
    return false;
  intptr_t first = 1 + (succ == 1 ? mlirDenseI32ArrayGetElement(seg, 1) : 0);
  if (arg >= mlirDenseI32ArrayGetElement(seg, 1 + succ))
    return false;
  *out = mlirOperationGetOperand(term, first + arg);
  return true;
}

/*===--- Merges: values that may be one of several ------------------------===*/

enum { kMaxSources = 16 };

typedef struct {
  MlirValue v[kMaxSources];
  int n;
  bool complete; /* every source was found */
  /* An integer a pointer is made of (inttoptr) comes from memory, a call
     or a helper's parameter: an LDS address that escaped as an integer may
     come back there. */
  bool reloaded;
} Sources;

static void addSource(Sources *s, MlirValue v) {
  if (s->n == kMaxSources)
    s->complete = false;
  else
    s->v[s->n++] = v;
}

static MlirOperation regionTerminator(MlirRegion r) {
  MlirBlock b = mlirRegionGetFirstBlock(r);
  return mlirBlockIsNull(b) ? (MlirOperation){NULL} : mlirBlockGetTerminator(b);
}

/* Operand `i` of the terminator of each region of `op` (scf.if and
   scf.index_switch results: what each arm yields). */
static void yieldedByRegions(MlirOperation op, intptr_t i, Sources *s) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r) {
    MlirOperation t = regionTerminator(mlirOperationGetRegion(op, r));
    if (mlirOperationIsNull(t) || i >= mlirOperationGetNumOperands(t)) {
      s->complete = false;
      continue;
    }
    addSource(s, mlirOperationGetOperand(t, i));
  }
}

/* A loop's carried value `i`: its init operand (the last operands of the
   op) and what the body yields for it. */
static void carriedByLoop(MlirOperation loop, intptr_t i, Sources *s) {
  intptr_t ninit = mlirOperationGetNumResults(loop);
  intptr_t nops = mlirOperationGetNumOperands(loop);
  MlirOperation y = regionTerminator(mlirOperationGetRegion(loop, 0));
  if (i >= ninit || ninit > nops || mlirOperationIsNull(y) ||
      i >= mlirOperationGetNumOperands(y)) {
    s->complete = false;
    return;
  }
  addSource(s, mlirOperationGetOperand(loop, nops - ninit + i));
  addSource(s, mlirOperationGetOperand(y, i));
}

static bool mergeSources(MlirValue v, AmdsyncTypeCache *cache, Sources *s);
static bool isFunctionArgument(MlirValue v);
static bool isHelperArgument(MlirValue arg);
static bool comesFromMemoryOrCall(MlirValue v);

/* Integer `x` (pointer arithmetic in integers) back to the pointers it was
   made of by llvm.ptrtoint: `inttoptr(ptrtoint(p) + c)` may address p.
   Through integer arithmetic and every input of merges (selects, block
   arguments, results of structured ops), each merge once; an integer
   loaded, returned by a call or received by a helper sets `reloaded`. */
static void pointersOfInteger(MlirValue x, AmdsyncTypeCache *cache,
                              Sources *s) {
  MlirValue stack[kMaxSources];
  const void *merges[kMaxSources];
  int sp = 0, steps = 0, nmerges = 0;
  stack[sp++] = x;
  while (sp > 0) {
    MlirValue v = stack[--sp];
    if (++steps > 4 * kMaxSources) {
      s->complete = false;
      break;
    }
    if (mlirValueIsABlockArgument(v) && isFunctionArgument(v)) {
      s->reloaded |= isHelperArgument(v);
      continue;
    }
    MlirOperation def = mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v)
                                                : (MlirOperation){NULL};
    if (!mlirOperationIsNull(def) &&
        (amdsyncOpIs(def, "llvm.ptrtoint") ||
         amdsyncOpIs(def, "memref.extract_aligned_pointer_as_index"))) {
      addSource(s, mlirOperationGetOperand(def, 0));
      continue;
    }
    static const AmdsyncName kIntOps[] = {
        AMDSYNC_NAME("llvm.add"),         AMDSYNC_NAME("llvm.sub"),
        AMDSYNC_NAME("llvm.and"),         AMDSYNC_NAME("llvm.or"),
        AMDSYNC_NAME("llvm.xor"),         AMDSYNC_NAME("llvm.zext"),
        AMDSYNC_NAME("llvm.sext"),        AMDSYNC_NAME("llvm.trunc"),
        AMDSYNC_NAME("arith.addi"),       AMDSYNC_NAME("arith.subi"),
        AMDSYNC_NAME("arith.andi"),       AMDSYNC_NAME("arith.ori"),
        AMDSYNC_NAME("arith.xori"),       AMDSYNC_NAME("arith.index_cast"),
        AMDSYNC_NAME("arith.index_castui"), AMDSYNC_NAME("arith.extui"),
        AMDSYNC_NAME("arith.extsi"),      AMDSYNC_NAME("arith.trunci")};
    Sources m;
    if (!mlirOperationIsNull(def) &&
        amdsyncNameFind(amdsyncOpName(def), kIntOps,
                        sizeof kIntOps / sizeof kIntOps[0]) >= 0) {
      m.n = 0;
      m.complete = true;
      m.reloaded = false;
      for (intptr_t k = 0; k < mlirOperationGetNumOperands(def); ++k)
        addSource(&m, mlirOperationGetOperand(def, k));
    } else if (comesFromMemoryOrCall(v)) {
      s->reloaded = true;
      continue;
    } else if (!mergeSources(v, cache, &m)) {
      continue; /* a constant or an opaque integer: no pointer */
    } else {
      bool seen = false;
      for (int j = 0; j < nmerges; ++j)
        seen |= merges[j] == v.ptr;
      if (seen)
        continue;
      if (nmerges == kMaxSources) {
        s->complete = false;
        break;
      }
      merges[nmerges++] = v.ptr;
    }
    s->complete &= m.complete;
    s->reloaded |= m.reloaded;
    for (int j = 0; j < m.n; ++j) {
      if (sp == kMaxSources) {
        s->complete = false;
        break;
      }
      stack[sp++] = m.v[j];
    }
  }
}

/* The branches into `block` of `region`, from `cache` (listing the
   region's blocks the first time), or NULL without a cache arena. */
static const AmdsyncPredList *predecessorsOf(AmdsyncTypeCache *cache,
                                             MlirRegion region,
                                             MlirBlock block) {
  if (!cache || !cache->arena)
    return NULL;
  static const AmdsyncPredList kNone = {NULL, NULL, 0, 0};
  long v;
  if (!amdsyncPtrMapGet(&cache->listed, region.ptr, &v)) {
    amdsyncPtrMapPut(cache->arena, &cache->listed, region.ptr, 1);
    for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      MlirOperation t = mlirBlockGetTerminator(b);
      if (mlirOperationIsNull(t))
        continue;
      for (intptr_t k = 0; k < mlirOperationGetNumSuccessors(t); ++k) {
        MlirBlock dest = mlirOperationGetSuccessor(t, k);
        long li;
        if (!amdsyncPtrMapGet(&cache->pred_list, dest.ptr, &li)) {
          cache->preds = amdsyncArenaGrow(cache->arena, cache->preds,
                                          cache->npreds, &cache->cappreds,
                                          sizeof(AmdsyncPredList));
          cache->preds[cache->npreds] = kNone;
          li = ++cache->npreds;
          amdsyncPtrMapPut(cache->arena, &cache->pred_list, dest.ptr, li);
        }
        AmdsyncPredList *l = &cache->preds[li - 1];
        int cap = l->capacity;
        l->terms = amdsyncArenaGrow(cache->arena, l->terms, l->count, &cap,
                                    sizeof(MlirOperation));
        l->succ = amdsyncArenaGrow(cache->arena, l->succ, l->count,
                                   &l->capacity, sizeof(intptr_t));
        assert(cap == l->capacity);
        l->terms[l->count] = t;
        l->succ[l->count] = k;
        l->count++;
      }
    }
  }
  if (!amdsyncPtrMapGet(&cache->pred_list, block.ptr, &v))
    return &kNone; /* no branch enters it */
  return &cache->preds[v - 1];
}

/* What branch `term` forwards to argument `idx` of its successor `succ`,
   as a source (or the sources are incomplete). */
static void addForwarded(Sources *s, MlirOperation term, intptr_t succ,
                         intptr_t idx) {
  MlirValue in;
  if (amdsyncMlirForwardedOperand(term, succ, idx, &in))
    addSource(s, in);
  else
    s->complete = false;
}

/* The values a block argument may take: what each predecessor's branch
   forwards (blocks of a function body), or what a structured loop carries
   into its region (scf.for iter_args, scf.while arguments). */
static void blockArgumentSources(MlirValue v, AmdsyncTypeCache *cache,
                                 Sources *s) {
  MlirBlock block = mlirBlockArgumentGetOwner(v);
  intptr_t idx = mlirBlockArgumentGetArgNumber(v);
  MlirRegion region = mlirBlockGetParentRegion(block);
  MlirOperation parent = mlirBlockGetParentOperation(block);
  MlirBlock first = mlirRegionGetFirstBlock(region);
  if (!mlirBlockEqual(first, block)) {
    /* A block of a region with several: its predecessors' branches. */
    const AmdsyncPredList *preds = predecessorsOf(cache, region, block);
    if (preds) {
      for (int i = 0; i < preds->count; ++i)
        addForwarded(s, preds->terms[i], preds->succ[i], idx);
      return;
    }
    /* No cache to list them in: the region's branches, each time. */
    for (MlirBlock b = first; !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
      MlirOperation t = mlirBlockGetTerminator(b);
      for (intptr_t k = 0;
           !mlirOperationIsNull(t) && k < mlirOperationGetNumSuccessors(t); ++k)
        if (mlirBlockEqual(mlirOperationGetSuccessor(t, k), block))
          addForwarded(s, t, k, idx);
    }
    return;
  }
  if (amdsyncOpIs(parent, "scf.for") || amdsyncOpIs(parent, "affine.for")) {
    if (idx == 0) /* the induction variable: an integer */
      s->complete = false;
    else
      carriedByLoop(parent, idx - 1, s);
    return;
  }
  if (amdsyncOpIs(parent, "scf.while")) {
    MlirRegion before = mlirOperationGetRegion(parent, 0);
    bool in_before = mlirRegionEqual(region, before);
    if (in_before) { /* the inits, and what `after` yields back */
      MlirOperation y = regionTerminator(mlirOperationGetRegion(parent, 1));
      if (idx < mlirOperationGetNumOperands(parent))
        addSource(s, mlirOperationGetOperand(parent, idx));
      if (!mlirOperationIsNull(y) && idx < mlirOperationGetNumOperands(y))
        addSource(s, mlirOperationGetOperand(y, idx));
      else
        s->complete = false;
    } else { /* what scf.condition forwards */
      MlirOperation c = regionTerminator(before);
      if (!mlirOperationIsNull(c) && idx + 1 < mlirOperationGetNumOperands(c))
        addSource(s, mlirOperationGetOperand(c, idx + 1));
      else
        s->complete = false;
    }
    return;
  }
  s->complete = false; /* a region amdsync does not know how is entered */
}

/* An argument of a function's entry block (its inputs and workgroup
   attributions): a root, not a merge. */
static bool isFunctionArgument(MlirValue v) {
  MlirBlock block = mlirBlockArgumentGetOwner(v);
  MlirOperation parent = mlirBlockGetParentOperation(block);
  return !mlirOperationIsNull(parent) && amdsyncMlirIsFunction(parent) &&
         mlirBlockEqual(mlirRegionGetFirstBlock(mlirOperationGetRegion(parent, 0)),
                        block);
}

/* When `v` may be one of several values (a select, a block argument
   other than a function's, the result of a structured op, a vector built
   of pointers, a pointer made from an integer), its sources; false when it
   is not such a merge. `s->complete` says whether all were found. */
static bool mergeSources(MlirValue v, AmdsyncTypeCache *cache, Sources *s) {
  s->n = 0;
  s->complete = true;
  s->reloaded = false;
  if (mlirValueIsABlockArgument(v)) {
    if (isFunctionArgument(v))
      return false; /* a root */
    blockArgumentSources(v, cache, s);
    return true;
  }
  MlirOperation def = mlirOpResultGetOwner(v);
  intptr_t i = mlirOpResultGetResultNumber(v);
  if (amdsyncOpIs(def, "arith.select") || amdsyncOpIs(def, "llvm.select")) {
    addSource(s, mlirOperationGetOperand(def, 1));
    addSource(s, mlirOperationGetOperand(def, 2));
  } else if (amdsyncOpIs(def, "llvm.intr.ptrmask") ||
             amdsyncOpIs(def, "llvm.freeze")) {
    addSource(s, mlirOperationGetOperand(def, 0));
  } else if (amdsyncOpIs(def, "llvm.insertelement") ||
             amdsyncOpIs(def, "llvm.shufflevector") ||
             amdsyncOpIs(def, "vector.insert") ||
             amdsyncOpIs(def, "vector.insertelement") ||
             amdsyncOpIs(def, "vector.shuffle") ||
             amdsyncOpIs(def, "vector.broadcast") ||
             amdsyncOpIs(def, "vector.splat") ||
             amdsyncOpIs(def, "vector.from_elements")) {
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(def); ++k)
      addSource(s, mlirOperationGetOperand(def, k));
  } else if (amdsyncOpIs(def, "llvm.inttoptr")) {
    pointersOfInteger(mlirOperationGetOperand(def, 0), cache, s);
  } else if (amdsyncOpIs(def, "scf.if") || amdsyncOpIs(def, "scf.index_switch") ||
             amdsyncOpIs(def, "affine.if") ||
             amdsyncOpIs(def, "scf.execute_region")) {
    yieldedByRegions(def, i, s);
  } else if (amdsyncOpIs(def, "scf.for") || amdsyncOpIs(def, "affine.for")) {
    carriedByLoop(def, i, s);
  } else if (amdsyncOpIs(def, "scf.while")) {
    MlirOperation c = regionTerminator(mlirOperationGetRegion(def, 0));
    if (!mlirOperationIsNull(c) && i + 1 < mlirOperationGetNumOperands(c))
      addSource(s, mlirOperationGetOperand(c, i + 1));
    else
      s->complete = false;
  } else {
    return false;
  }
  return true;
}

/*===--- The trace ----------------------------------------------------------===*/

/* The one key of all dynamic LDS (gpu.dynamic_shared_memory and
   zero-sized workgroup globals): it is all placed at one address. */
static const char kDynamicLds = 0;

/* Follows `v` along the chain that has no merges (views, casts, GEPs,
   descriptor fields) to its root, or-ing into `*in_lds` whether a value on
   the way has an LDS type. At a merge (a select, a block argument other
   than a function's, a structured op's result, a field of a merged
   descriptor) stops with `*at` = that value, `*merge` set and its sources
   in `s`; at an opaque value, with neither a key nor `*merge`. */
static Root rootOf(MlirValue v, AmdsyncTypeCache *cache, bool *in_lds,
                   bool *merge, MlirValue *at, Sources *s) {
  Root r = {AMDSYNC_RES_UNKNOWN, NULL, "unknown memory", {NULL, 0}, true, 0,
            -1, false};
  *merge = false;
  for (int guard = 0; guard < 1024; ++guard) {
    *at = v;
    *in_lds |= amdsyncMlirIsLdsType(mlirValueGetType(v), cache);
    if (mlirValueIsABlockArgument(v)) {
      if (!isFunctionArgument(v)) {
        *merge = mergeSources(v, cache, s);
        return r;
      }
      MlirBlock block = mlirBlockArgumentGetOwner(v);
      MlirOperation parent = mlirBlockGetParentOperation(block);
      intptr_t idx = mlirBlockArgumentGetArgNumber(v);
      r.key = v.ptr;
      r.bytes = rootBytes(v, cache);
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
      r.bytes = rootBytes(v, cache);
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
      r.bytes = rootBytes(v, cache);
      r.label = "global";
      return r;
    }
    if (amdsyncOpIs(def, "gpu.dynamic_shared_memory")) {
      r.kind = AMDSYNC_RES_GLOBAL;
      r.key = &kDynamicLds;
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
      r.outside |= gepLeavesObject(def);
      v = mlirOperationGetOperand(def, 0);
      continue;
    }
    if (amdsyncOpIs(def, "llvm.extractvalue")) {
      if (followExtract(def, &v))
        continue;
      *merge = true; /* a field of a descriptor built elsewhere */
      s->n = 0;
      s->complete = true;
      s->reloaded = false;
      return r;
    }
    if (isFollowThrough(def) && mlirOperationGetNumOperands(def) > 0) {
      v = mlirOperationGetOperand(def, 0);
      continue;
    }
    *merge = mergeSources(v, cache, s);
    return r;
  }
  *merge = true; /* a chain longer than amdsync follows */
  s->n = 0;
  s->complete = false;
  s->reloaded = false;
  return r;
}

/* Whether a value of type `t` can address memory at all. */
static bool isPointerLike(MlirType t) {
  if (mlirTypeIsAVector(t))
    t = mlirShapedTypeGetElementType(t);
  return mlirTypeIsALLVMPointerType(t) || mlirTypeIsAMemRef(t) ||
         mlirTypeIsAUnrankedMemRef(t);
}

/* A flat (generic) pointer or memref, or a vector of such pointers: it may
   address LDS. */
static bool isFlatType(MlirType t) {
  if (mlirTypeIsAVector(t))
    t = mlirShapedTypeGetElementType(t);
  if (mlirTypeIsALLVMPointerType(t))
    return mlirLLVMPointerTypeGetAddressSpace(t) == 0;
  if (!mlirTypeIsAMemRef(t) && !mlirTypeIsAUnrankedMemRef(t))
    return false;
  MlirAttribute space = mlirTypeIsAMemRef(t) ? mlirMemRefTypeGetMemorySpace(t)
                                             : mlirUnrankedMemrefGetMemorySpace(t);
  return mlirAttributeIsNull(space) ||
         (mlirAttributeIsAInteger(space) && mlirIntegerAttrGetValueInt(space) == 0);
}

/* A value loaded from memory or returned by a call: where a pointer that
   escaped SSA values comes back. */
static bool comesFromMemoryOrCall(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  return amdsyncOpIs(d, "llvm.load") || amdsyncOpIs(d, "memref.load") ||
         amdsyncOpIs(d, "func.call") || amdsyncOpIs(d, "func.call_indirect") ||
         amdsyncOpIs(d, "llvm.call") || amdsyncOpIs(d, "affine.load");
}

/* An argument of a function that is not a kernel entry: its caller may
   pass anything, LDS included. */
static bool isHelperArgument(MlirValue arg) {
  MlirOperation f = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(arg));
  return !mlirOperationIsNull(f) && !amdsyncMlirIsKernel(f);
}

/* The pass run's escape question, asked now if not yet. */
static bool ldsEscapes(AmdsyncTypeCache *cache) {
  if (!cache || !cache->escapes)
    return false;
  if (cache->escapes->state < 0)
    cache->escapes->state = amdsyncMlirLdsEscapes(cache->escapes->root);
  return cache->escapes->state != 0;
}

/* What a full trace of a value found: whether some path reaches LDS (passes
   a value of an LDS type), and the one LDS root all such paths end at. */
typedef struct {
  bool lds;
  bool unknown; /* an LDS path ends at no root, or the trace gave up */
  int nroots;   /* distinct LDS roots (2: several) */
  bool merged;  /* the trace went through a merge (byte range unknown) */
  Root root;
} Trace;

enum { kMaxTraceStack = 64, kMaxMerges = 64 };

/* The field `pos` of aggregate `agg` when an insertvalue chain sets it
   (*ok), else the aggregate the chain starts from. */
static MlirValue fieldOf(MlirValue agg, int64_t pos, bool *ok) {
  for (int guard = 0; guard < 64; ++guard) {
    if (!mlirValueIsAOpResult(agg))
      break;
    MlirOperation def = mlirOpResultGetOwner(agg);
    if (!amdsyncOpIs(def, "llvm.insertvalue"))
      break;
    if (positionOf(def) == pos) {
      *ok = true;
      return mlirOperationGetOperand(def, 1);
    }
    agg = mlirOperationGetOperand(def, 0);
  }
  *ok = false;
  return agg;
}

typedef struct {
  MlirValue v;
  bool in_lds;   /* a value on the path here has an LDS type */
  int64_t field; /* >= 0: v is an aggregate, the path wants this field */
} TraceStep;

typedef struct {
  TraceStep stack[kMaxTraceStack];
  int sp;
  struct {
    const void *v;
    int64_t field;
    bool in_lds;
  } seen[kMaxMerges]; /* merges entered (loop-carried values: once) */
  int nseen;
  Trace t;
} Tracer;

/* Pushes the sources of merge `m` (once per merge, field and LDS-ness);
   false when the trace must give up (conservatively: maybe LDS). */
static bool pushSources(Tracer *tr, MlirValue m, const Sources *s,
                        bool in_lds, int64_t field) {
  for (int j = 0; j < tr->nseen; ++j)
    if (tr->seen[j].v == m.ptr && tr->seen[j].field == field &&
        tr->seen[j].in_lds == in_lds)
      return true;
  if (tr->nseen == kMaxMerges || tr->sp + s->n > kMaxTraceStack)
    return false;
  tr->seen[tr->nseen].v = m.ptr;
  tr->seen[tr->nseen].field = field;
  tr->seen[tr->nseen].in_lds = in_lds;
  tr->nseen++;
  tr->t.merged = true;
  tr->t.unknown |= in_lds && !s->complete;
  for (int j = 0; j < s->n; ++j)
    tr->stack[tr->sp++] = (TraceStep){s->v[j], in_lds, field};
  return true;
}

/* Every path from `start` back through views, casts, GEPs, descriptor
   fields and merges (bounded: past the bounds, maybe LDS, unknown). */
static Trace trace(MlirValue start, AmdsyncTypeCache *cache) {
  Tracer tr;
  tr.sp = 0;
  tr.nseen = 0;
  memset(&tr.t, 0, sizeof tr.t);
  tr.stack[tr.sp++] = (TraceStep){start, false, -1};
  while (tr.sp > 0) {
    TraceStep st = tr.stack[--tr.sp];
    MlirValue v = st.v;
    bool in_lds = st.in_lds;
    Sources s;
    if (st.field >= 0) {
      bool ok;
      MlirValue agg = fieldOf(v, st.field, &ok);
      if (!ok) {
        /* A merge of aggregates: each source's field. */
        if (!mergeSources(agg, cache, &s)) {
          tr.t.unknown |= in_lds;
          /* An aggregate loaded, returned by a call or received by a
             helper may hold an LDS address that escaped. */
          tr.t.unknown |=
              (comesFromMemoryOrCall(agg) ||
               (mlirValueIsABlockArgument(agg) && isFunctionArgument(agg) &&
                isHelperArgument(agg))) &&
              ldsEscapes(cache);
          continue;
        }
        if (!pushSources(&tr, agg, &s, in_lds, st.field)) {
          tr.t.unknown = tr.t.lds = true;
          break;
        }
        continue;
      }
      v = agg;
    }
    bool merge;
    MlirValue at;
    Root r = rootOf(v, cache, &in_lds, &merge, &at, &s);
    tr.t.lds |= in_lds;
    if (r.key) {
      if (!in_lds && r.kind == AMDSYNC_RES_ARGUMENT &&
          isFlatType(mlirValueGetType(at)) && isHelperArgument(at) &&
          ldsEscapes(cache)) {
        tr.t.unknown = true; /* a helper's flat parameter: maybe LDS */
        continue;
      }
      if (!in_lds)
        continue; /* a path to memory other than LDS */
      if (r.outside) {
        tr.t.unknown = true; /* LDS before or past its root: unknown */
        continue;
      }
      if (tr.t.nroots == 0) {
        tr.t.root = r;
        tr.t.nroots = 1;
      } else if (tr.t.root.key != r.key) {
        tr.t.nroots = 2;
      }
      continue;
    }
    if (!merge) {
      tr.t.unknown |= in_lds; /* an opaque value: LDS of unknown place */
      /* A flat pointer loaded or returned, once LDS pointers escape. */
      tr.t.unknown |= isFlatType(mlirValueGetType(at)) &&
                      comesFromMemoryOrCall(at) && ldsEscapes(cache);
      continue;
    }
    MlirValue m = at;
    int64_t field = -1;
    if (mlirValueIsAOpResult(at) &&
        amdsyncOpIs(mlirOpResultGetOwner(at), "llvm.extractvalue")) {
      /* A field of a descriptor built elsewhere: trace the aggregate. */
      MlirOperation x = mlirOpResultGetOwner(at);
      field = positionOf(x);
      if (field < 0 || tr.sp == kMaxTraceStack) {
        tr.t.unknown |= in_lds;
        continue;
      }
      tr.stack[tr.sp++] =
          (TraceStep){mlirOperationGetOperand(x, 0), in_lds, field};
      continue;
    }
    if (s.reloaded && isFlatType(mlirValueGetType(m)) && ldsEscapes(cache))
      tr.t.unknown = true; /* made of an integer that came back: maybe LDS */
    if (!s.complete && mlirValueIsAOpResult(m) &&
        amdsyncOpIs(mlirOpResultGetOwner(m), "llvm.inttoptr"))
      tr.t.unknown = true; /* integers too long to follow: maybe LDS */
    if (!pushSources(&tr, m, &s, in_lds, field)) {
      tr.t.unknown = tr.t.lds = true;
      break;
    }
  }
  tr.t.lds |= tr.t.nroots > 0 || tr.t.unknown;
  return tr.t;
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

enum { kMaxRank = AMDSYNC_MAX_RANK };

/* The element offset and strides of memref type `t`, when its shape and
   layout are static (MLIR's own answer, uncached). */
static bool computeStridedLayout(MlirType t, int64_t *offset, int64_t *strides,
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

/* The same, remembered per type in `cache` (may be NULL). */
static bool stridedLayout(AmdsyncTypeCache *cache, MlirType t, int64_t *offset,
                          int64_t *strides, intptr_t *rank) {
  AmdsyncTypeFacts *f = amdsyncTypeFactsOf(cache, t);
  if (!f)
    return computeStridedLayout(t, offset, strides, rank);
  if (f->strided == AMDSYNC_FACT_UNKNOWN) {
    intptr_t r = 0;
    f->strided = computeStridedLayout(t, &f->offset, f->strides, &r)
                     ? AMDSYNC_FACT_YES
                     : AMDSYNC_FACT_NO;
    f->rank = (int)r;
  }
  if (f->strided != AMDSYNC_FACT_YES)
    return false;
  *offset = f->offset;
  *rank = f->rank;
  memcpy(strides, f->strides, (size_t)f->rank * sizeof(int64_t));
  return true;
}

/* Byte range [lo, hi) that a value of memref type `t` spans from its base. */
static bool computeTypeRange(MlirType t, int64_t *lo, int64_t *hi) {
  int64_t offset, strides[kMaxRank];
  intptr_t rank;
  if (!computeStridedLayout(t, &offset, strides, &rank))
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

MlirOperation amdsyncMlirLookupSymbol(MlirOperation from, MlirStringRef name) {
  /* A flat symbol resolves in the nearest symbol table: the search stops at
     the first builtin.module or gpu.module, never reading past it (the
     passes run on a module, and sibling modules may be rewritten by other
     threads meanwhile). */
  for (MlirOperation scope = mlirOperationGetParentOperation(from);
       !mlirOperationIsNull(scope);
       scope = amdsyncMlirIsModule(scope)
                   ? (MlirOperation){NULL}
                   : mlirOperationGetParentOperation(scope)) {
    if (mlirOperationGetNumRegions(scope) == 0)
      continue;
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(scope, 0));
    for (MlirOperation g = mlirBlockIsNull(body)
                               ? (MlirOperation){NULL}
                               : mlirBlockGetFirstOperation(body);
         !mlirOperationIsNull(g); g = mlirOperationGetNextInBlock(g)) {
      MlirAttribute sym = mlirOperationGetAttributeByName(
          g, mlirStringRefCreateFromCString("sym_name"));
      if (!mlirAttributeIsNull(sym) && mlirAttributeIsAString(sym) &&
          mlirStringRefEqual(mlirStringAttrGetValue(sym), name))
        return g;
    }
  }
  return (MlirOperation){NULL};
}

/* Whether the global named by root `r` is a zero-sized workgroup global
   (`memref.global ... : memref<0xi8, 3>`, `llvm.mlir.global ... :
   !llvm.array<0 x i8>` in address space 3): dynamic LDS. */
static bool isDynamicGlobal(const AmdsyncResourceTable *t, const Root *r) {
  if (r->kind != AMDSYNC_RES_GLOBAL || !r->symbol.data)
    return false;
  MlirOperation g = amdsyncMlirLookupSymbol(t->func, r->symbol);
  if (mlirOperationIsNull(g))
    return false;
  bool mem = amdsyncOpIs(g, "memref.global");
  if (!mem && !amdsyncOpIs(g, "llvm.mlir.global"))
    return false;
  MlirAttribute ty = mlirOperationGetAttributeByName(
      g, mlirStringRefCreateFromCString(mem ? "type" : "global_type"));
  if (mlirAttributeIsNull(ty) || !mlirAttributeIsAType(ty))
    return false;
  MlirType gt = mlirTypeAttrGetValue(ty);
  if (mem) {
    if (!mlirTypeIsAMemRef(gt) || mlirShapedTypeGetRank(gt) < 1)
      return false;
    return mlirShapedTypeGetDimSize(gt, 0) == 0;
  }
  /* !llvm.array<0 x T>: no C accessor for the size, but types are
     uniqued: it is the array of T with 0 elements, if it is an array. */
  MlirType probe =
      mlirLLVMArrayTypeGet(mlirIntegerTypeGet(mlirTypeGetContext(gt), 8), 0);
  if (!mlirTypeIDEqual(mlirTypeGetTypeID(gt), mlirTypeGetTypeID(probe)))
    return false;
  return mlirTypeEqual(
      gt, mlirLLVMArrayTypeGet(mlirLLVMArrayTypeGetElementType(gt), 0));
}

int amdsyncMlirResourceOf(AmdsyncResourceTable *t, MlirValue value,
                          int64_t *lo, int64_t *hi) {
  *lo = -1;
  *hi = -1;
  Trace tr = trace(value, t->types);
  Root r = tr.root;
  if (tr.unknown || tr.nroots != 1 || r.kind == AMDSYNC_RES_UNKNOWN || !r.key)
    return amdsyncMlirUnknownResource(t);
  long idx;
  if (!amdsyncPtrMapGet(&t->by_key, r.key, &idx)) {
    /* Zero-sized workgroup globals are dynamic LDS: one resource. */
    bool dynamic = r.key == &kDynamicLds || isDynamicGlobal(t, &r);
    if (!dynamic || !amdsyncPtrMapGet(&t->by_key, &kDynamicLds, &idx)) {
      idx = amdsyncProgramAddResource(
          t->program, r.kind,
          dynamic ? amdsyncArenaPrintf(t->program->arena,
                                       "dynamic shared memory")
                  : rootName(t, &r));
      if (dynamic)
        amdsyncPtrMapPut(t->program->arena, &t->by_key, &kDynamicLds, idx);
    }
    amdsyncPtrMapPut(t->program->arena, &t->by_key, r.key, idx);
  }
  int64_t tlo, thi;
  if (!tr.merged && r.kind != AMDSYNC_RES_ARGUMENT && r.base_known &&
      typeRange(t->types, mlirValueGetType(value), &tlo, &thi) &&
      !__builtin_add_overflow(r.base, tlo, &tlo) &&
      !__builtin_add_overflow(r.base, thi, &thi)) {
    /* An LDS address wraps at 32 bits (the lowered GEP on ptr<3> adds in
       32 bits): a view 4 GiB past its buffer is at its start. Through a
       flat view the address does not wrap. */
    if (amdsyncMlirIsLdsType(mlirValueGetType(value), t->types)) {
      int64_t wrapped = tlo & INT64_C(0xffffffff);
      thi -= tlo - wrapped;
      tlo = wrapped;
    }
    /* A range past its buffer (the buffer's static size; dynamic LDS and
       dynamic shapes: any chip's LDS size), or straddling the 32-bit wrap,
       is another buffer's or none: unknown memory. */
    if (thi > (r.bytes >= 0 ? r.bytes : kMaxLdsBytes))
      return amdsyncMlirUnknownResource(t);
    *lo = tlo;
    *hi = thi;
  }
  return (int)idx;
}

void amdsyncMlirNarrowToElement(AmdsyncTypeCache *cache, MlirOperation op,
                                int memref_operand,
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
  if (!stridedLayout(cache, t, &offset, strides, &rank))
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
  MlirType type = mlirValueGetType(v);
  if (amdsyncMlirIsLdsType(type, cache))
    return true;
  if (!isPointerLike(type))
    return false; /* it addresses no memory */
  return trace(v, cache).lds;
}

/*===--- Escapes ------------------------------------------------------------===*

   The same rule as the LLVM IR front end (passes/llvm/pointers.c,
   docs/design.md): every value that holds an LDS address (a value of an
   LDS type, and whatever is computed from it, in any type: integers,
   floats, vectors, memref descriptors) is followed through all of its
   uses, and a use that is not known to keep the address lets it escape.

   Kept: the memref or pointer operands and indices of the accesses below
   (a store's value operand escapes), compares, branch conditions and loop
   bounds, the operands of the table's intrinsics in every spelling and of
   amdgpu's LDS transfers, the address operands of llvm.intr.memcpy,
   memmove, memset and of the masked intrinsics. Followed: views, casts,
   GEPs, extract_aligned_pointer_as_index, ptrtoint/inttoptr, arith, index
   and math ops, llvm integer and float arithmetic and casts, vector
   building and extraction, selects, freeze, ptrmask, insertvalue and
   extractvalue (by field), values forwarded to block arguments and loop
   iter_args, yielded to results, and the pass-through of masked reads.
   Anything else escapes (calls, returns, a store's value, an op amdsync
   does not know). */

enum { kMaxEscapeSteps = 1 << 20, kMaxFieldPath = 8 };

typedef struct {
  MlirValue v;
  int depth;
  int64_t path[kMaxFieldPath];
} Holder;

typedef struct {
  AmdsyncArena *arena;
  AmdsyncPtrMap whole;
  Holder *fields;
  int nfields, cap_fields;
  Holder *work;
  int nwork, cap_work;
  long steps;
  bool escaped;
  AmdsyncTypeCache types; /* whether a type is LDS, once per type */
} EscapeWalk;

static bool pathHasPrefix(const int64_t *path, int depth, const int64_t *pre,
                          int n) {
  return n <= depth && memcmp(path, pre, (size_t)n * sizeof *pre) == 0;
}

static void holderPush(EscapeWalk *w, MlirValue v, const int64_t *pre,
                       int npre, const int64_t *path, int depth) {
  long seen;
  if (amdsyncPtrMapGet(&w->whole, v.ptr, &seen))
    return;
  Holder h;
  h.v = v;
  int n = npre + depth > kMaxFieldPath ? kMaxFieldPath : npre + depth;
  for (int i = 0; i < n; ++i)
    h.path[i] = i < npre ? pre[i] : path[i - npre];
  h.depth = n;
  if (n == 0) {
    amdsyncPtrMapPut(w->arena, &w->whole, v.ptr, 1);
  } else {
    for (int i = 0; i < w->nfields; ++i)
      if (w->fields[i].v.ptr == v.ptr &&
          pathHasPrefix(h.path, n, w->fields[i].path, w->fields[i].depth))
        return;
    w->fields = amdsyncArenaGrow(w->arena, w->fields, w->nfields,
                                 &w->cap_fields, sizeof *w->fields);
    w->fields[w->nfields++] = h;
  }
  w->work = amdsyncArenaGrow(w->arena, w->work, w->nwork, &w->cap_work,
                             sizeof *w->work);
  w->work[w->nwork++] = h;
}

static void pushResults(EscapeWalk *w, MlirOperation op, const Holder *h,
                        bool keep_path) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    holderPush(w, mlirOperationGetResult(op, i), NULL, 0,
               keep_path ? h->path : NULL, keep_path ? h->depth : 0);
}

/* The `position` of llvm.insertvalue/extractvalue `op`; false if unread. */
static bool fieldPosition(MlirOperation op, int64_t *pos, int *n) {
  MlirAttribute a = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("position"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a))
    return false;
  intptr_t k = mlirDenseArrayGetNumElements(a);
  if (k > kMaxFieldPath)
    k = kMaxFieldPath; /* a prefix: more of the value */
  for (intptr_t i = 0; i < k; ++i)
    pos[i] = mlirDenseI64ArrayGetElement(a, i);
  *n = (int)k;
  return true;
}

/* Accesses whose operand `value` (-1: the last; -2: none) is stored data;
   their other operands (memrefs, pointers, indices, masks) are addresses.
   `value2`: a second stored operand (cmpxchg's new value), or -2. */
typedef struct {
  AmdsyncName name;
  int value, value2;
} StoreRule;

static const StoreRule kStoreRules[] = {
    {AMDSYNC_NAME("memref.store"), 0, -2},
    {AMDSYNC_NAME("affine.store"), 0, -2},
    {AMDSYNC_NAME("affine.vector_store"), 0, -2},
    {AMDSYNC_NAME("vector.store"), 0, -2},
    {AMDSYNC_NAME("vector.transfer_write"), 0, -2},
    {AMDSYNC_NAME("vector.maskedstore"), -1, -2},
    {AMDSYNC_NAME("vector.scatter"), -1, -2},
    {AMDSYNC_NAME("vector.compressstore"), -1, -2},
    {AMDSYNC_NAME("memref.atomic_rmw"), 0, -2},
    {AMDSYNC_NAME("llvm.store"), 0, -2},
    {AMDSYNC_NAME("llvm.atomicrmw"), 1, -2},
    {AMDSYNC_NAME("llvm.cmpxchg"), 1, 2},
    {AMDSYNC_NAME("llvm.intr.masked.store"), 0, -2},
    {AMDSYNC_NAME("llvm.intr.masked.scatter"), 0, -2},
    {AMDSYNC_NAME("llvm.intr.masked.compressstore"), 0, -2},
    /* Reads, and ops on a memref that store none of their operands. */
    {AMDSYNC_NAME("memref.load"), -2, -2},
    {AMDSYNC_NAME("affine.load"), -2, -2},
    {AMDSYNC_NAME("affine.vector_load"), -2, -2},
    {AMDSYNC_NAME("vector.load"), -2, -2},
    {AMDSYNC_NAME("llvm.load"), -2, -2},
    {AMDSYNC_NAME("memref.dim"), -2, -2},
    {AMDSYNC_NAME("memref.dealloc"), -2, -2},
    {AMDSYNC_NAME("memref.copy"), -2, -2},
    {AMDSYNC_NAME("memref.generic_atomic_rmw"), -2, -2},
    {AMDSYNC_NAME("amdgpu.gather_to_lds"), -2, -2},
    {AMDSYNC_NAME("amdgpu.transpose_load"), -2, -2},
    {AMDSYNC_NAME("amdgpu.tensor_load_to_lds"), -2, -2},
    {AMDSYNC_NAME("amdgpu.tensor_store_from_lds"), -2, -2},
    /* Compares: a flag is no address. */
    {AMDSYNC_NAME("arith.cmpi"), -2, -2},
    {AMDSYNC_NAME("arith.cmpf"), -2, -2},
    {AMDSYNC_NAME("llvm.icmp"), -2, -2},
    {AMDSYNC_NAME("llvm.fcmp"), -2, -2},
    {AMDSYNC_NAME("index.cmp"), -2, -2},
};

/* Reads with a pass-through or padding operand, which their result
   carries: an operand that is not a memref, pointer or index goes into
   the result. */
static const AmdsyncName kPassThroughReads[] = {
    AMDSYNC_NAME("vector.transfer_read"), AMDSYNC_NAME("vector.maskedload"),
    AMDSYNC_NAME("vector.gather"),        AMDSYNC_NAME("vector.expandload"),
    AMDSYNC_NAME("llvm.intr.masked.load"),
    AMDSYNC_NAME("llvm.intr.masked.gather"),
    AMDSYNC_NAME("llvm.intr.masked.expandload"),
};

/* Ops whose results are computed from their operands (and keep nothing). */
static const AmdsyncName kDerivations[] = {
    AMDSYNC_NAME("memref.view"),
    AMDSYNC_NAME("memref.extract_aligned_pointer_as_index"),
    AMDSYNC_NAME("llvm.getelementptr"),
    AMDSYNC_NAME("llvm.ptrtoint"),
    AMDSYNC_NAME("llvm.inttoptr"),
    AMDSYNC_NAME("llvm.select"),
    AMDSYNC_NAME("llvm.freeze"),
    AMDSYNC_NAME("llvm.intr.ptrmask"),
    AMDSYNC_NAME("llvm.insertelement"),
    AMDSYNC_NAME("llvm.extractelement"),
    AMDSYNC_NAME("llvm.shufflevector"),
    AMDSYNC_NAME("llvm.add"),     AMDSYNC_NAME("llvm.sub"),
    AMDSYNC_NAME("llvm.mul"),     AMDSYNC_NAME("llvm.udiv"),
    AMDSYNC_NAME("llvm.sdiv"),    AMDSYNC_NAME("llvm.urem"),
    AMDSYNC_NAME("llvm.srem"),    AMDSYNC_NAME("llvm.and"),
    AMDSYNC_NAME("llvm.or"),      AMDSYNC_NAME("llvm.xor"),
    AMDSYNC_NAME("llvm.shl"),     AMDSYNC_NAME("llvm.lshr"),
    AMDSYNC_NAME("llvm.ashr"),    AMDSYNC_NAME("llvm.zext"),
    AMDSYNC_NAME("llvm.sext"),    AMDSYNC_NAME("llvm.trunc"),
    AMDSYNC_NAME("llvm.sitofp"),  AMDSYNC_NAME("llvm.uitofp"),
    AMDSYNC_NAME("llvm.fptosi"),  AMDSYNC_NAME("llvm.fptoui"),
    AMDSYNC_NAME("llvm.fpext"),   AMDSYNC_NAME("llvm.fptrunc"),
    AMDSYNC_NAME("llvm.fadd"),    AMDSYNC_NAME("llvm.fsub"),
    AMDSYNC_NAME("llvm.fmul"),    AMDSYNC_NAME("llvm.fdiv"),
    AMDSYNC_NAME("llvm.frem"),    AMDSYNC_NAME("llvm.fneg"),
    AMDSYNC_NAME("vector.broadcast"),
    AMDSYNC_NAME("vector.splat"),
    AMDSYNC_NAME("vector.from_elements"),
    AMDSYNC_NAME("vector.insert"),
    AMDSYNC_NAME("vector.extract"),
    AMDSYNC_NAME("vector.insertelement"),
    AMDSYNC_NAME("vector.extractelement"),
    AMDSYNC_NAME("vector.shuffle"),
    AMDSYNC_NAME("vector.bitcast"),
    AMDSYNC_NAME("vector.shape_cast"),
};

/* Whether an operand of type `t` is an address part of an access: a
   memref, a pointer (or vector of them), an index. */
static bool isAddressType(MlirType t) {
  return isPointerLike(t) || mlirTypeIsAIndex(t);
}

/* Whether `n` starts with a name of `table`. */
static bool prefixIn(MlirStringRef n, const AmdsyncName *table, size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (n.length >= table[i].length &&
        memcmp(n.data, table[i].text, table[i].length) == 0)
      return true;
  return false;
}

/* Intrinsic calls by name (llvm.call @llvm.x, llvm.call_intrinsic "llvm.x",
   llvm.intr.x): 0 keep, 1 into the result, -1 escape. */
static int namedIntrinsicUse(MlirStringRef n, intptr_t k) {
  static const AmdsyncName kTwoAddresses[] = {
      AMDSYNC_NAME("llvm.memcpy"), AMDSYNC_NAME("llvm.memmove"),
      AMDSYNC_NAME("llvm.intr.memcpy"), AMDSYNC_NAME("llvm.intr.memmove")};
  static const AmdsyncName kOneAddress[] = {
      AMDSYNC_NAME("llvm.memset"), AMDSYNC_NAME("llvm.intr.memset"),
      AMDSYNC_NAME("llvm.prefetch"), AMDSYNC_NAME("llvm.intr.prefetch"),
      AMDSYNC_NAME("llvm.lifetime."), AMDSYNC_NAME("llvm.intr.lifetime.")};
  static const AmdsyncName kStoreAt1[] = {
      AMDSYNC_NAME("llvm.masked.store"), AMDSYNC_NAME("llvm.masked.scatter"),
      AMDSYNC_NAME("llvm.masked.compressstore")};
  static const AmdsyncName kLoadAt0[] = {
      AMDSYNC_NAME("llvm.masked.load"), AMDSYNC_NAME("llvm.masked.gather"),
      AMDSYNC_NAME("llvm.masked.expandload")};
#define HAS_PREFIX(table)                                                      \
  (prefixIn(n, table, sizeof table / sizeof table[0]))
  if (HAS_PREFIX(kTwoAddresses))
    return k <= 1 ? 0 : -1;
  if (HAS_PREFIX(kOneAddress))
    return k == 0 ? 0 : -1;
  if (HAS_PREFIX(kStoreAt1))
    return k == 1 ? 0 : -1;
  if (HAS_PREFIX(kLoadAt0))
    return k == 0 ? 0 : k == 2 ? 1 : -1;
#undef HAS_PREFIX
  return -1;
}

/* Follows the value a terminator forwards (operand `k`, holder `h`) to the
   block arguments of its successors; false when it forwards it nowhere. */
static bool forwardToSuccessors(EscapeWalk *w, MlirOperation term,
                                const Holder *h) {
  bool any = false;
  for (intptr_t s = 0; s < mlirOperationGetNumSuccessors(term); ++s) {
    MlirBlock dest = mlirOperationGetSuccessor(term, s);
    for (intptr_t j = 0; j < mlirBlockGetNumArguments(dest); ++j) {
      MlirValue fwd;
      if (amdsyncMlirForwardedOperand(term, s, j, &fwd) &&
          mlirValueEqual(fwd, h->v)) {
        holderPush(w, mlirBlockGetArgument(dest, j), NULL, 0, h->path,
                   h->depth);
        any = true;
      }
    }
  }
  return any;
}

static MlirValue regionArgument(MlirOperation op, intptr_t region,
                                intptr_t arg, bool *ok) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
  *ok = !mlirBlockIsNull(b) && arg >= 0 && arg < mlirBlockGetNumArguments(b);
  return *ok ? mlirBlockGetArgument(b, arg) : (MlirValue){NULL};
}

static void pushAt(EscapeWalk *w, MlirValue v, bool ok, const Holder *h) {
  if (ok)
    holderPush(w, v, NULL, 0, h->path, h->depth);
  else
    w->escaped = true;
}

static void pushRegionArgument(EscapeWalk *w, MlirOperation op,
                               intptr_t region, intptr_t arg,
                               const Holder *h) {
  bool ok;
  MlirValue a = regionArgument(op, region, arg, &ok);
  pushAt(w, a, ok, h);
}

static void pushResult(EscapeWalk *w, MlirOperation op, intptr_t i,
                       const Holder *h) {
  pushAt(w, i >= 0 && i < mlirOperationGetNumResults(op)
                ? mlirOperationGetResult(op, i)
                : (MlirValue){NULL},
         i >= 0 && i < mlirOperationGetNumResults(op), h);
}

/* Operand `k` of region terminator `term` (scf.yield, affine.yield,
   scf.condition): to the results and loop-carried arguments it becomes. */
static void escapeYield(EscapeWalk *w, MlirOperation term, intptr_t k,
                        const Holder *h) {
  MlirOperation parent = mlirOperationGetParentOperation(term);
  if (mlirOperationIsNull(parent)) {
    w->escaped = true;
    return;
  }
  if (amdsyncOpIs(term, "scf.condition")) {
    if (k == 0)
      return; /* the condition */
    pushResult(w, parent, k - 1, h);
    pushRegionArgument(w, parent, 1, k - 1, h);
    return;
  }
  if (amdsyncOpIs(parent, "scf.while")) {
    pushRegionArgument(w, parent, 0, k, h);
    return;
  }
  if (amdsyncOpIs(parent, "scf.for") || amdsyncOpIs(parent, "affine.for")) {
    pushResult(w, parent, k, h);
    pushRegionArgument(w, parent, 0, k + 1, h);
    return;
  }
  if (amdsyncOpIs(parent, "scf.if") || amdsyncOpIs(parent, "scf.index_switch") ||
      amdsyncOpIs(parent, "scf.execute_region") ||
      amdsyncOpIs(parent, "affine.if")) {
    pushResult(w, parent, k, h);
    return;
  }
  w->escaped = true;
}

/* Follows use `k` of holder `h` by `op`. */
static void escapeUse(EscapeWalk *w, const Holder *h, MlirOperation op,
                      intptr_t k) {
  MlirStringRef n = amdsyncOpName(op);
  intptr_t nops = mlirOperationGetNumOperands(op);
  if (amdsyncNameIs(n, "llvm.extractvalue", 17)) {
    int64_t pos[kMaxFieldPath];
    int np;
    if (!fieldPosition(op, pos, &np)) {
      w->escaped = true;
    } else if (pathHasPrefix(h->path, h->depth, pos, np)) {
      holderPush(w, mlirOperationGetResult(op, 0), NULL, 0, h->path + np,
                 h->depth - np);
    } else if (pathHasPrefix(pos, np, h->path, h->depth)) {
      holderPush(w, mlirOperationGetResult(op, 0), NULL, 0, NULL, 0);
    }
    return; /* another field */
  }
  if (amdsyncNameIs(n, "llvm.insertvalue", 16)) {
    int64_t pos[kMaxFieldPath];
    int np;
    if (!fieldPosition(op, pos, &np))
      w->escaped = true;
    else if (k == 1)
      holderPush(w, mlirOperationGetResult(op, 0), pos, np, h->path, h->depth);
    else if (h->depth == 0 || !pathHasPrefix(h->path, h->depth, pos, np))
      holderPush(w, mlirOperationGetResult(op, 0), NULL, 0, h->path,
                 h->depth); /* not overwritten (all of it: kept whole) */
    return;
  }
  if (amdsyncNameIs(n, "arith.select", 12) ||
      amdsyncNameIs(n, "llvm.select", 11) ||
      amdsyncNameIs(n, "llvm.freeze", 11)) {
    if (k > 0 || amdsyncNameIs(n, "llvm.freeze", 11))
      pushResults(w, op, h, true);
    return; /* a select's condition: a flag */
  }
  if (mlirOperationGetNumSuccessors(op) > 0) {
    if (!forwardToSuccessors(w, op, h))
      w->escaped |= k != 0; /* operand 0: a condition or selector */
    return;
  }
  if (amdsyncOpIs(op, "scf.yield") || amdsyncOpIs(op, "affine.yield") ||
      amdsyncOpIs(op, "scf.condition")) {
    escapeYield(w, op, k, h);
    return;
  }
  if (amdsyncOpIs(op, "scf.for")) {
    if (k >= 3) { /* an init: the iter_arg and the result */
      pushResult(w, op, k - 3, h);
      pushRegionArgument(w, op, 0, k - 2, h);
    }
    return; /* bounds and step */
  }
  if (amdsyncOpIs(op, "affine.for")) {
    intptr_t inits = mlirOperationGetNumResults(op), first = nops - inits;
    if (k >= first) {
      pushResult(w, op, k - first, h);
      pushRegionArgument(w, op, 0, k - first + 1, h);
    }
    return;
  }
  if (amdsyncOpIs(op, "scf.while")) {
    pushRegionArgument(w, op, 0, k, h);
    return;
  }
  if (amdsyncOpIs(op, "scf.if") || amdsyncOpIs(op, "scf.index_switch"))
    return; /* the condition or selector */
  /* From here on, the value is used whole. */
  for (size_t i = 0; i < sizeof kStoreRules / sizeof kStoreRules[0]; ++i) {
    const StoreRule *r = &kStoreRules[i];
    if (!amdsyncNameIs(n, r->name.text, r->name.length))
      continue;
    intptr_t value = r->value == -1 ? nops - 1 : r->value;
    w->escaped |= (r->value != -2 && k == value) || (r->value2 == k);
    return;
  }
  if (amdsyncNameFind(n, kPassThroughReads,
                      sizeof kPassThroughReads / sizeof kPassThroughReads[0]) >=
      0) {
    if (!isAddressType(mlirValueGetType(mlirOperationGetOperand(op, k))))
      pushResults(w, op, h, false);
    return;
  }
  if (amdsyncNameFind(n, kDerivations,
                      sizeof kDerivations / sizeof kDerivations[0]) >= 0 ||
      isFollowThrough(op) || amdsyncOpHasPrefix(op, "arith.") ||
      amdsyncOpHasPrefix(op, "index.") || amdsyncOpHasPrefix(op, "math.")) {
    pushResults(w, op, h, false);
    return;
  }
  if (amdsyncOpIs(op, "memref.extract_strided_metadata")) {
    holderPush(w, mlirOperationGetResult(op, 0), NULL, 0, NULL, 0);
    return; /* the base buffer; offset, sizes and strides are numbers */
  }
  /* The table's intrinsics, in every spelling, access LDS and keep none of
     their operands (LDS DMA descriptors included). */
  if (amdsyncMlirOpIntrinsic(op))
    return;
  MlirStringRef callee = amdsyncOpIs(op, "llvm.call") ||
                                 amdsyncOpIs(op, "llvm.call_intrinsic")
                             ? amdsyncMlirCallee(op)
                             : n;
  int how = callee.length > 5 && memcmp(callee.data, "llvm.", 5) == 0
                ? namedIntrinsicUse(callee, k)
                : -1;
  if (how > 0)
    pushResults(w, op, h, false);
  w->escaped |= how < 0; /* calls, returns, ops amdsync does not know */
}

static void escapeUses(EscapeWalk *w, const Holder *h) {
  for (MlirOpOperand u = mlirValueGetFirstUse(h->v);
       !mlirOpOperandIsNull(u) && !w->escaped; u = mlirOpOperandGetNextUse(u)) {
    if (++w->steps > kMaxEscapeSteps) {
      w->escaped = true; /* too much to follow: taken to escape */
      return;
    }
    escapeUse(w, h, mlirOpOperandGetOwner(u), mlirOpOperandGetOperandNumber(u));
  }
}

/* Seeds: every result and block argument of an LDS type. */
static MlirWalkResult seedLds(MlirOperation op, void *user) {
  EscapeWalk *w = user;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue r = mlirOperationGetResult(op, i);
    if (amdsyncMlirIsLdsType(mlirValueGetType(r), &w->types))
      holderPush(w, r, NULL, 0, NULL, 0);
  }
  for (intptr_t g = 0; g < mlirOperationGetNumRegions(op); ++g)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, g));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (intptr_t j = 0; j < mlirBlockGetNumArguments(b); ++j) {
        MlirValue a = mlirBlockGetArgument(b, j);
        if (amdsyncMlirIsLdsType(mlirValueGetType(a), &w->types))
          holderPush(w, a, NULL, 0, NULL, 0);
      }
  return MlirWalkResultAdvance;
}

bool amdsyncMlirLdsEscapes(MlirOperation root) {
  EscapeWalk w;
  memset(&w, 0, sizeof w);
  w.arena = amdsyncArenaCreate();
  mlirOperationWalk(root, seedLds, &w, MlirWalkPreOrder);
  while (w.nwork > 0 && !w.escaped) {
    Holder h = w.work[--w.nwork];
    escapeUses(&w, &h);
  }
  bool escaped = w.escaped;
  amdsyncArenaDestroy(w.arena);
  return escaped;
}

/*===--- Index expressions (issue 21) --------------------------------------===*/

enum {
  kFormDepth = 16, /* operations followed from an index to thread ids */
};


/* Which thread id `gpu.thread_id` (or `gpu.block_dim`) op `op` reads, or
   -1 (the three dimension attributes parsed once into `cache`). */
static int threadIdDim(AmdsyncTypeCache *cache, MlirOperation op) {
  static const char *const kDims[] = {"#gpu<dim x>", "#gpu<dim y>",
                                      "#gpu<dim z>"};
  MlirAttribute d = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("dimension"));
  if (mlirAttributeIsNull(d))
    return -1;
  if (!cache->gpu_dims_parsed) {
    for (int k = 0; k < 3; ++k)
      cache->gpu_dims[k] = mlirAttributeParseGet(
          mlirAttributeGetContext(d), mlirStringRefCreateFromCString(kDims[k]));
    cache->gpu_dims_parsed = true;
  }
  for (int k = 0; k < 3; ++k)
    if (!mlirAttributeIsNull(cache->gpu_dims[k]) &&
        mlirAttributeEqual(d, cache->gpu_dims[k]))
      return k;
  return -1;
}

/* The value of `gpu.block_dim` op `op` where its function states the
   workgroup's extent (known_block_size and its spellings). */
static bool blockDimConstant(AmdsyncTypeCache *cache, MlirOperation op,
                             int64_t *out) {
  int d = threadIdDim(cache, op);
  MlirOperation f = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(f) && !amdsyncOpIs(f, "gpu.func") &&
         !amdsyncOpIs(f, "func.func") && !amdsyncOpIs(f, "llvm.func"))
    f = mlirOperationGetParentOperation(f);
  if (d < 0 || mlirOperationIsNull(f))
    return false;
  if (cache->extent_func != f.ptr) {
    amdsyncMlirWorkgroupExtent(f, cache->extent);
    cache->extent_func = f.ptr;
  }
  *out = cache->extent[d];
  return *out > 0;
}

/* Integer or index value `v` as a linear form over the thread ids: the
   constants, `gpu.thread_id`, `gpu.block_dim` where the workgroup is known,
   and arith's add, sub, and mul and shl by constants of them (division,
   remainder and bit-and of constants folded), and casts to wider integers or index, all of index
   type or 32 bits and more and fitting 32 signed bits for every thread
   (no width they have can wrap them).
   False for anything else. */
static bool indexForm(AmdsyncTypeCache *cache, MlirValue v, int depth,
                      AmdsyncLinear *out) {
  int64_t k;
  if (depth > kFormDepth)
    return false;
  /* Index or integers of 32 bits or more: a narrower op could wrap. */
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsAIndex(t) &&
      !(mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) >= 32))
    return false;
  if (amdsyncMlirConstantInt(v, &k)) {
    *out = amdsyncLinearConst(k);
    return true;
  }
  if (cache->bind_iv && v.ptr == cache->bind_iv) {
    *out = amdsyncLinearConst(cache->bind_value); /* one iteration's value */
    return true;
  }
  long var;
  if (amdsyncPtrMapGet(&cache->iv_symbol, v.ptr, &var)) {
    *out = amdsyncLinearVar((int)var, 1); /* a loop's induction variable */
    return true;
  }
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation op = mlirOpResultGetOwner(v);
  AmdsyncLinear a, b, zero = amdsyncLinearConst(0);
  int64_t lo, hi;
  if (amdsyncOpIs(op, "gpu.thread_id")) {
    int d = threadIdDim(cache, op);
    if (d < 0)
      return false;
    /* A dimension of one thread: its id is 0 in every lane. */
    *out = blockDimConstant(cache, op, &k) && k == 1
               ? amdsyncLinearConst(0)
               : amdsyncLinearVar(AMDSYNC_VAR_TID_X + d, 1);
    return true;
  }
  if (amdsyncOpIs(op, "gpu.block_dim") && blockDimConstant(cache, op, &k)) {
    *out = amdsyncLinearConst(k);
    return true;
  }
  /* Division, remainder and bit-and of constants (as the upstream
     lowering of gpu.all_reduce computes its wave count). */
  bool shr = amdsyncOpIs(op, "arith.shrui") || amdsyncOpIs(op, "arith.shrsi");
  if (mlirOperationGetNumOperands(op) == 2 &&
      (amdsyncOpIs(op, "arith.divsi") || amdsyncOpIs(op, "arith.divui") ||
       amdsyncOpIs(op, "arith.remsi") || amdsyncOpIs(op, "arith.remui") ||
       amdsyncOpIs(op, "arith.andi") || shr)) {
    if (!indexForm(cache, mlirOperationGetOperand(op, 0), depth + 1, &a) ||
        !indexForm(cache, mlirOperationGetOperand(op, 1), depth + 1, &b) ||
        a.nterms != 0 || b.nterms != 0 || a.c < 0 ||
        (shr ? b.c < 0 || b.c >= (mlirTypeIsAIndex(t) ? 63
                                  : (int64_t)mlirIntegerTypeGetWidth(t))
             : b.c <= 0))
      return false; /* non-negative constants only: signed and unsigned agree */
    int64_t r = amdsyncOpIs(op, "arith.andi")
                    ? (a.c & b.c)
                : shr ? a.c >> b.c
                    : (amdsyncOpIs(op, "arith.divsi") || amdsyncOpIs(op, "arith.divui"))
                          ? a.c / b.c
                          : a.c % b.c;
    *out = amdsyncLinearConst(r);
    return true;
  }
  if (mlirOperationGetNumOperands(op) == 2 &&
      (amdsyncOpIs(op, "arith.addi") || amdsyncOpIs(op, "arith.subi") ||
       amdsyncOpIs(op, "arith.muli") || amdsyncOpIs(op, "arith.shli"))) {
    if (!indexForm(cache, mlirOperationGetOperand(op, 0), depth + 1, &a) ||
        !indexForm(cache, mlirOperationGetOperand(op, 1), depth + 1, &b))
      return false;
    bool ok;
    if (amdsyncOpIs(op, "arith.addi") || amdsyncOpIs(op, "arith.subi"))
      ok = amdsyncLinearAddScaled(&a, &b, amdsyncOpIs(op, "arith.addi") ? 1 : -1,
                                  out);
    else if (amdsyncOpIs(op, "arith.muli"))
      ok = a.nterms == 0 ? amdsyncLinearAddScaled(&zero, &b, a.c, out)
                         : b.nterms == 0 &&
                               amdsyncLinearAddScaled(&zero, &a, b.c, out);
    else
      ok = b.nterms == 0 && b.c >= 0 && b.c < 31 &&
           amdsyncLinearAddScaled(&zero, &a, (int64_t)1 << b.c, out);
    /* Exact: no width the op may have (32 bits and up) wraps it. */
    return ok && amdsyncProgramFormRange(cache->symbols, out, &lo, &hi) && lo >= INT32_MIN &&
           hi <= INT32_MAX;
  }
  if (mlirOperationGetNumOperands(op) == 1 &&
      (amdsyncOpIs(op, "arith.index_cast") || amdsyncOpIs(op, "arith.extsi"))) {
    if (!indexForm(cache, mlirOperationGetOperand(op, 0), depth + 1, &a) ||
        !amdsyncProgramFormRange(cache->symbols, &a, &lo, &hi) || lo < INT32_MIN || hi > INT32_MAX)
      return false; /* the source, 32 bits or more, held it exactly */
    *out = a;
    return true;
  }
  return false;
}

/* amdsyncMlirTableRead within `*budget` ops: -1 none, -2 more than one
   table (or out of budget), else the table. */
static int tableRead(AmdsyncTypeCache *cache, MlirValue v, int *budget) {
  long t;
  if (amdsyncPtrMapGet(&cache->iv_table, v.ptr, &t))
    return (int)t - 1;
  if (!mlirValueIsAOpResult(v))
    return -1;
  MlirOperation op = mlirOpResultGetOwner(v);
  MlirStringRef name = amdsyncOpName(op);
  if (name.length < 6 || memcmp(name.data, "arith.", 6) != 0)
    return -1;
  if (--*budget < 0)
    return -2;
  int found = -1;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    int r = tableRead(cache, mlirOperationGetOperand(op, i), budget);
    if (r == -2 || (r >= 0 && found >= 0 && r != found))
      return -2;
    if (r >= 0)
      found = r;
  }
  return found;
}

int amdsyncMlirTableRead(AmdsyncTypeCache *cache, MlirValue v) {
  if (cache->ntables == 0)
    return -1;
  int budget = 64;
  int t = tableRead(cache, v, &budget);
  return t >= 0 ? t : -1;
}

bool amdsyncMlirIndexForm(AmdsyncTypeCache *cache, MlirOperation op,
                          int memref_operand, int64_t lo, AmdsyncLinear *out,
                          int64_t *width) {
  if (lo < 0)
    return false; /* the view's start is not static */
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, memref_operand));
  int64_t offset, strides[kMaxRank];
  intptr_t rank;
  if (!stridedLayout(cache, t, &offset, strides, &rank) ||
      mlirOperationGetNumOperands(op) != memref_operand + 1 + rank)
    return false;
  int64_t eb = elementBytes(mlirShapedTypeGetElementType(t));
  if (eb <= 0)
    return false;
  /* `lo` is the view's first byte (its base plus offset * eb); the element
     lies sum(index * stride) elements further. */
  AmdsyncLinear f = amdsyncLinearConst(lo), idx;
  for (intptr_t d = 0; d < rank; ++d) {
    int64_t scale;
    if (!indexForm(cache, mlirOperationGetOperand(op, memref_operand + 1 + d), 0,
                   &idx) ||
        __builtin_mul_overflow(strides[d], eb, &scale) ||
        !amdsyncLinearAddScaled(&f, &idx, scale, &f))
      return false;
  }
  *out = f;
  *width = eb;
  return true;
}

/* The guard `arith.cmpi` op `cmp` puts on the threads that see it `holds`
   (amdsyncGuardOf): both sides forms over the thread ids, exact (indexForm)
   and, for an unsigned predicate, not negative. */
/* Whether form `f` is at least 0 for every thread and every value of its
   symbols (`scf.for` induction variables: their ranges), as an unsigned
   comparison needs to read it as the number it is. */
static bool nonNegative(const AmdsyncTypeCache *cache, const AmdsyncLinear *f) {
  int64_t lo, hi;
  if (cache->symbols)
    return amdsyncProgramFormRange(cache->symbols, f, &lo, &hi) && lo >= 0;
  return amdsyncLinearTidRange(f, AMDSYNC_TID_MAX, &lo, &hi) && lo >= 0;
}

static bool compareGuard(AmdsyncTypeCache *cache, MlirOperation cmp,
                         bool holds, AmdsyncGuard *out) {
  AmdsyncMlirInt pred;
  if (!amdsyncMlirIntAttr(mlirOperationGetAttributeByName(
                              cmp, mlirStringRefCreateFromCString("predicate")),
                          &pred) ||
      pred.bits > 9)
    return false;
  /* arith.cmpi: eq ne slt sle sgt sge ult ule ugt uge. */
  static const AmdsyncRelation kRel[] = {
      AMDSYNC_REL_EQ, AMDSYNC_REL_NE, AMDSYNC_REL_LT, AMDSYNC_REL_LE,
      AMDSYNC_REL_GT, AMDSYNC_REL_GE, AMDSYNC_REL_LT, AMDSYNC_REL_LE,
      AMDSYNC_REL_GT, AMDSYNC_REL_GE};
  bool is_unsigned = pred.bits >= 6;
  AmdsyncLinear a, b, f;
  if (!indexForm(cache, mlirOperationGetOperand(cmp, 0), 0, &a) ||
      !indexForm(cache, mlirOperationGetOperand(cmp, 1), 0, &b) ||
      !amdsyncLinearAddScaled(&a, &b, -1, &f))
    return false;
  if (is_unsigned && (!nonNegative(cache, &a) || !nonNegative(cache, &b)))
    return false; /* read unsigned, a negative side is another number */
  AmdsyncRelation rel = kRel[pred.bits];
  return amdsyncGuardOf(&f, holds ? rel : amdsyncRelationNegate(rel), out);
}

static int guardsOf(AmdsyncTypeCache *cache, MlirValue cond, bool holds,
                    int depth, AmdsyncGuard *out, int max) {
  if (depth > 8 || max <= 0 || !mlirValueIsAOpResult(cond))
    return 0;
  MlirOperation op = mlirOpResultGetOwner(cond);
  if (amdsyncOpIs(op, "arith.cmpi"))
    return compareGuard(cache, op, holds, out) ? 1 : 0;
  int64_t k;
  /* Both hold (andi), both fail (ori), or the other way (xori with true). */
  if ((amdsyncOpIs(op, "arith.andi") && holds) ||
      (amdsyncOpIs(op, "arith.ori") && !holds)) {
    int n = guardsOf(cache, mlirOperationGetOperand(op, 0), holds, depth + 1,
                     out, max);
    return n + guardsOf(cache, mlirOperationGetOperand(op, 1), holds,
                        depth + 1, out + n, max - n);
  }
  if (amdsyncOpIs(op, "arith.xori") &&
      amdsyncMlirConstantInt(mlirOperationGetOperand(op, 1), &k) && k != 0)
    return guardsOf(cache, mlirOperationGetOperand(op, 0), !holds, depth + 1,
                    out, max);
  return 0;
}

int amdsyncMlirGuards(AmdsyncTypeCache *cache, MlirValue cond, bool holds,
                      AmdsyncGuard *out, int max) {
  MlirType t = mlirValueGetType(cond);
  if (!mlirTypeIsAInteger(t) || mlirIntegerTypeGetWidth(t) != 1)
    return 0;
  return guardsOf(cache, cond, holds, 0, out, max);
}
