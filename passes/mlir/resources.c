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
  Root r = {AMDSYNC_RES_UNKNOWN, NULL, "unknown memory", {NULL, 0}, true, 0};
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
  char text[64];
  if (mlirAttributeIsNull(ty))
    return false;
  amdsyncMlirAttrText(ty, text, sizeof text);
  return mem ? strncmp(text, "memref<0x", 9) == 0
             : strncmp(text, "!llvm.array<0 x", 15) == 0;
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
  MlirType type = mlirValueGetType(v);
  if (amdsyncMlirIsLdsType(type, cache))
    return true;
  if (!isPointerLike(type))
    return false; /* it addresses no memory */
  return trace(v, cache).lds;
}

/*===--- Escapes ------------------------------------------------------------===*/

typedef struct {
  bool found;
} EscapeScan;

/* Operand `i` of `op` may hold an LDS address: an LDS pointer, or an
   integer made of one (ptrtoint, extract_aligned_pointer_as_index, then
   integer arithmetic), which can come back as a pointer by inttoptr. */
static bool operandHoldsLds(MlirOperation op, intptr_t i) {
  if (i >= mlirOperationGetNumOperands(op))
    return false;
  MlirValue v = mlirOperationGetOperand(op, i);
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsAInteger(t) && !mlirTypeIsAIndex(t))
    return amdsyncMlirIsLdsValue(v, NULL);
  Sources s = {.n = 0, .complete = true, .reloaded = false};
  pointersOfInteger(v, NULL, &s);
  for (int j = 0; j < s.n; ++j)
    if (amdsyncMlirIsLdsValue(s.v[j], NULL))
      return true;
  return false;
}

static MlirWalkResult findEscape(MlirOperation op, void *user) {
  EscapeScan *e = user;
  bool call = amdsyncOpIs(op, "func.call") ||
              amdsyncOpIs(op, "func.call_indirect") ||
              amdsyncOpIs(op, "func.return") || amdsyncOpIs(op, "llvm.return") ||
              amdsyncOpIs(op, "gpu.return");
  if (amdsyncOpIs(op, "llvm.call")) {
    /* Intrinsics take LDS addresses to access them, not to keep them. */
    MlirStringRef name = amdsyncMlirCallee(op);
    call = name.length < 5 || memcmp(name.data, "llvm.", 5) != 0;
  }
  if (call) {
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
      e->found |= operandHoldsLds(op, i);
  } else if (amdsyncOpIs(op, "llvm.store") ||
             amdsyncOpIs(op, "memref.store")) {
    e->found |= operandHoldsLds(op, 0); /* the stored value */
  } else if (amdsyncOpIs(op, "llvm.atomicrmw")) {
    e->found |= operandHoldsLds(op, 1);
  } else if (amdsyncOpIs(op, "llvm.cmpxchg")) {
    e->found |= operandHoldsLds(op, 2);
  }
  return e->found ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

bool amdsyncMlirLdsEscapes(MlirOperation root) {
  EscapeScan e = {false};
  mlirOperationWalk(root, findEscape, &e, MlirWalkPreOrder);
  return e.found;
}
