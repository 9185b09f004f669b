/*===- pointers.c - Where an LLVM IR pointer may point ---------------------===*
 *
 * Whether a pointer (or vector of pointers) may address LDS and on which
 * resource: a bounded depth-first trace through GEPs, casts, descriptor
 * fields, pointer arithmetic, selects and phis (traceLds), the dynamic LDS
 * rule, constant byte offsets into a global, and whether LDS pointers
 * escape SSA values in the module (then flat pointers from memory, calls
 * and helper parameters may address LDS). translate.c asks; nothing here
 * builds the model.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

#include <assert.h>
#include <stdint.h>
#include <string.h>

/*===--- Resources -----------------------------------------------------------===*/

/* The type of one lane: the element type of a vector, else `t`. */
static LLVMTypeRef laneType(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMVectorTypeKind || k == LLVMScalableVectorTypeKind
             ? LLVMGetElementType(t)
             : t;
}

/* A pointer in address space `as`, or a vector of them (masked gathers and
   scatters take those). */
static bool isPointerInSpace(LLVMTypeRef t, unsigned as) {
  t = laneType(t);
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind &&
         LLVMGetPointerAddressSpace(t) == as;
}

static bool isLdsPointerType(LLVMTypeRef t) { return isPointerInSpace(t, 3); }

bool amdsyncLlvmIsPointerLike(LLVMTypeRef t) {
  return LLVMGetTypeKind(laneType(t)) == LLVMPointerTypeKind;
}

/* A flat (generic, address space 0) pointer, or a vector of them: it may
   address LDS. */
static bool isFlatPointerType(LLVMTypeRef t) { return isPointerInSpace(t, 0); }

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

enum {
  kMaxTrace = 1024, /* steps of one trace */
  kMaxStack = 64,   /* values waiting to be traced */
  kMaxMerges = 128, /* phi states entered */
  kMaxPath = 8,     /* depth of a field path into nested aggregates */
  kMaxChain = 256,  /* casts and GEPs from a global to a constant offset */
  /* More bytes than any chip's LDS (64 KiB on GFX9, 160 KiB on gfx950,
     320 KiB on gfx1250): dynamic LDS ends before this. */
  kMaxLdsBytes = 1 << 20,
};

/* The most LDS objects a trace tells apart (a ping-pong pair, a triple
   buffer, ...); more are LDS not known more closely. */
enum { kMaxRoots = 4 };

/* What tracing a pointer back to where it points found. */
typedef struct {
  bool lds;          /* some path reaches LDS: the access may touch LDS */
  LLVMValueRef root; /* the one LDS global or argument every LDS path
                        reaches, or NULL: LDS not known more closely */
  /* Every LDS global or argument the paths reach, when each path reaches
     one of them (nroots 0: some path reaches LDS not known more closely,
     or none reaches LDS). */
  LLVMValueRef roots[kMaxRoots];
  int nroots;
} LdsTrace;

/* Whether global `g` is a dynamic LDS variable: one in address space 3
   whose value type allocates no bytes, a declaration or not (the AMDGPU
   backend's own test, AMDGPU::isDynamicLDS, checks only the size):
   `extern __shared__ T a[];`, OpenCL's dynamic local arguments lowered to
   one, the internal `[0 x i8]` upstream MLIR lowers
   gpu.dynamic_shared_memory to. A value type of no size is taken for one
   too. */
static bool isDynamicLds(LLVMValueRef g) {
  if (!LLVMIsAGlobalVariable(g) || !isLdsPointerType(LLVMTypeOf(g)))
    return false;
  LLVMTypeRef t = LLVMGlobalGetValueType(g);
  if (!LLVMTypeIsSized(t))
    return true;
  return LLVMABISizeOfType(LLVMGetModuleDataLayout(LLVMGetGlobalParent(g)),
                           t) == 0;
}

bool amdsyncLlvmModuleHasDynamicLds(LLVMModuleRef m) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
    if (isDynamicLds(g))
      return true;
  return false;
}

/* The LDS global `g` stands for: every dynamic LDS variable is placed at
   one address (AMDGPULowerModuleLDS), so they are one resource, keyed by
   the first of them in the module. */
static LLVMValueRef canonicalRoot(LLVMValueRef g) {
  if (!isDynamicLds(g))
    return g;
  LLVMModuleRef m = LLVMGetGlobalParent(g);
  for (LLVMValueRef v = LLVMGetFirstGlobal(m); v; v = LLVMGetNextGlobal(v))
    if (isDynamicLds(v))
      return v;
  return g;
}

/* One value on a trace: the field `path[0..depth)` of aggregate `v` (what
   an extractvalue reads through phis, selects and insertvalues of
   aggregates), or `v` itself when `depth` is 0. */
typedef struct {
  LLVMValueRef v;
  bool in_lds; /* a value on the path here has an LDS type */
  bool loose;  /* through integer arithmetic on a non-constant (an
                  inttoptr's operand): the LDS it reaches is not known
                  more closely */
  unsigned char depth;
  unsigned path[kMaxPath];
} TraceStep;

typedef struct {
  TraceStep stack[kMaxStack];
  TraceStep merges[kMaxMerges]; /* the phis entered, in their states */
  int sp, nmerges;
  bool overflow; /* too wide, deep or merged to follow */
} Trace;

/* Queues field `path[0..depth)` of `v`, prefixed by `pre[0..npre)`. */
static void traceQueue(Trace *tr, LLVMValueRef v, const unsigned *pre,
                       unsigned npre, const unsigned *path, unsigned depth,
                       bool in_lds, bool loose) {
  if (tr->sp == kMaxStack || npre + depth > kMaxPath) {
    tr->overflow = true;
    return;
  }
  TraceStep *n = &tr->stack[tr->sp++];
  n->v = v;
  n->in_lds = in_lds;
  n->loose = loose;
  n->depth = (unsigned char)(npre + depth);
  if (npre)
    memcpy(n->path, pre, npre * sizeof *pre);
  if (depth)
    memcpy(n->path + npre, path, depth * sizeof *path);
}

/* Whether phi step `s` was entered before; enters it if not. */
static bool traceEntered(Trace *tr, const TraceStep *s) {
  for (int i = 0; i < tr->nmerges; ++i) {
    const TraceStep *m = &tr->merges[i];
    if (m->v == s->v && m->in_lds == s->in_lds && m->loose == s->loose &&
        m->depth == s->depth &&
        memcmp(m->path, s->path, s->depth * sizeof *s->path) == 0)
      return true;
  }
  if (tr->nmerges == kMaxMerges)
    tr->overflow = true;
  else
    tr->merges[tr->nmerges++] = *s;
  return tr->overflow;
}

/* The type of field `path[0..depth)` of a value of type `t`, or NULL. */
static LLVMTypeRef fieldType(LLVMTypeRef t, const unsigned *path,
                             unsigned depth) {
  for (unsigned i = 0; i < depth && t; ++i) {
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMStructTypeKind)
      t = path[i] < LLVMCountStructElementTypes(t)
              ? LLVMStructGetTypeAtIndex(t, path[i])
              : NULL;
    else if (k == LLVMArrayTypeKind)
      t = LLVMGetElementType(t);
    else
      t = NULL;
  }
  return t;
}

static bool opcodeOf(LLVMValueRef v, LLVMOpcode *op) {
  if (LLVMIsAInstruction(v))
    *op = LLVMGetInstructionOpcode(v);
  else if (LLVMIsAConstantExpr(v))
    *op = LLVMGetConstOpcode(v);
  else
    return false;
  return true;
}

static bool isIntegerLike(LLVMTypeRef t) {
  return LLVMGetTypeKind(laneType(t)) == LLVMIntegerTypeKind;
}

/* A value of type `t`, loaded, returned by a call or received by a helper,
   may carry an LDS address that escaped: a flat pointer, or an integer
   when the trace started from a flat pointer (so it reached the integer
   under an inttoptr). */
static bool mayCarryEscaped(LLVMTypeRef t, bool flat_start) {
  return isFlatPointerType(t) || (flat_start && isIntegerLike(t));
}

/*===--- Private slots (clang -O0's locals) ---------------------------------===*/

enum { kMaxSlotUses = 256 };

/* The loads and stores of alloca `slot` (through address-space and bit
   casts), into `out` (room for kMaxSlotUses): their number, or -1 when the
   alloca is no private slot (an address taken, a GEP into it, a call, two
   types, too many uses). The one walk privateSlotOf and slotVisit share,
   so that what one accepts the other visits whole. */
static int slotUses(LLVMValueRef slot, LLVMValueRef *out) {
  LLVMValueRef stack[8];
  int sp = 0, n = 0;
  LLVMTypeRef type = NULL;
  stack[sp++] = slot;
  while (sp > 0) {
    LLVMValueRef v = stack[--sp];
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAInstruction(user))
        return -1;
      LLVMOpcode op = LLVMGetInstructionOpcode(user);
      LLVMTypeRef t;
      if (op == LLVMLoad)
        t = LLVMTypeOf(user);
      else if (op == LLVMStore && LLVMGetOperand(user, 1) == v &&
               LLVMGetOperand(user, 0) != v)
        t = LLVMTypeOf(LLVMGetOperand(user, 0));
      else if ((op == LLVMAddrSpaceCast || op == LLVMBitCast) && sp < 8) {
        stack[sp++] = user;
        continue;
      } else
        return -1;
      if ((type && t != type) || n == kMaxSlotUses)
        return -1;
      type = t;
      out[n++] = user;
    }
  }
  return n;
}

/* The alloca `addr` is, through address-space and bit casts; NULL when it
   is none. */
static LLVMValueRef slotAllocaOf(LLVMValueRef addr) {
  for (int depth = 0; depth < 4 && addr && LLVMIsAInstruction(addr) &&
                      !LLVMIsAAllocaInst(addr);
       ++depth) {
    LLVMOpcode op = LLVMGetInstructionOpcode(addr);
    if (op != LLVMAddrSpaceCast && op != LLVMBitCast)
      return NULL;
    addr = LLVMGetOperand(addr, 0);
  }
  return addr && LLVMIsAAllocaInst(addr) ? addr : NULL;
}

/* The alloca `addr` is (slotAllocaOf), when it is a private slot: an
   alloca whose every use is the address of a load or a store of one type,
   so that its loads return exactly the values stored to it (slotUses).
   NULL otherwise. */
static LLVMValueRef privateSlotOf(LLVMValueRef addr) {
  LLVMValueRef slot = slotAllocaOf(addr);
  LLVMValueRef uses[kMaxSlotUses];
  return slot && slotUses(slot, uses) >= 0 ? slot : NULL;
}

/* What slotVisit calls `each` with. */
typedef enum { SLOT_LOADS, SLOT_STORED_VALUES } SlotPart;

/* Calls `each(x, ctx)` for every load or every stored value of private
   slot `slot` (privateSlotOf's). */
static void slotVisit(LLVMValueRef slot, SlotPart part,
                      void (*each)(LLVMValueRef, void *), void *ctx) {
  LLVMValueRef uses[kMaxSlotUses];
  int n = slotUses(slot, uses);
  assert(n >= 0); /* a private slot */
  for (int i = 0; i < n; ++i) {
    bool load = LLVMGetInstructionOpcode(uses[i]) == LLVMLoad;
    if (load && part == SLOT_LOADS)
      each(uses[i], ctx);
    else if (!load && part == SLOT_STORED_VALUES)
      each(LLVMGetOperand(uses[i], 0), ctx);
  }
}

/* The module's escape answer, asked now if not yet. */
static bool escapesNow(AmdsyncLlvmEscapes *e) {
  if (!e)
    return false;
  if (e->state < 0)
    e->state = amdsyncLlvmLdsEscapes(e->module);
  return e->state != 0;
}

/* traceLds's queue of the values stored to a private slot. */
typedef struct {
  Trace *tr;
  const TraceStep *s;
  bool in_lds;
} SlotQueue;

static void queueStored(LLVMValueRef v, void *ctx) {
  SlotQueue *q = ctx;
  traceQueue(q->tr, v, NULL, 0, q->s->path, q->s->depth, q->in_lds,
             q->s->loose);
}

/* Traces pointer `p` (or vector of pointers) to the globals, arguments and
   opaque values it comes from, through:
   - GEPs, bitcasts, addrspacecasts, freeze, and intrinsics that return a
     pointer (llvm.ptrmask, llvm.amdgcn.readfirstlane, ...: every pointer
     argument);
   - every input of selects and phis (loop-carried ones included, each phi
     entered once per state);
   - extractvalue: the field it reads, followed through phis, selects,
     freezes and insertvalue chains of aggregates, and into constant
     aggregates (memref descriptors merged by loops and branches);
   - insertelement, shufflevector and extractelement: every vector and
     scalar input (vectors of pointers, lanes not told apart);
   - inttoptr through ptrtoint/ptrtoaddr, integer casts, phis and selects,
     and add/sub/and/or/xor (both operands), mul, shifts and divisions
     (operand 0), intrinsics returning integers: with a constant other
     operand the object stays the pointer's, else the LDS it reaches is not
     known more closely.
   A path reaches LDS when it passes a value of an LDS pointer type: it ends
   at that LDS global or argument (a root), or, when it ends elsewhere (a
   load, a call, an addrspacecast into LDS of a flat pointer, an inttoptr
   of an opaque integer to LDS), at LDS not known more closely. Poison is
   no object. Past kMaxTrace steps (or too wide, deep or merged) the answer
   is "LDS, unknown" (conservative). */
static LdsTrace traceLds(LLVMValueRef p, AmdsyncLlvmEscapes *escapes) {
  Trace tr;
  tr.sp = 0;
  tr.nmerges = 0;
  tr.overflow = false;
  int roots = 0;
  bool unknown = false;
  LdsTrace t = {false, NULL, {NULL}, 0};
  bool flat_start = isFlatPointerType(LLVMTypeOf(p));
  traceQueue(&tr, p, NULL, 0, NULL, 0, false, false);
  for (int steps = 0; tr.sp > 0 && !tr.overflow; ++steps) {
    TraceStep s = tr.stack[--tr.sp];
    LLVMValueRef v = s.v;
    if (steps >= kMaxTrace) {
      unknown = true; /* too long to follow: LDS, location unknown */
      break;
    }
    if (LLVMIsPoison(v))
      continue; /* no object: an access through it is undefined */
    LLVMTypeRef ty = fieldType(LLVMTypeOf(v), s.path, s.depth);
    if (!ty) {
      unknown = true; /* a field path that does not type: give up */
      break;
    }
    bool in_lds = s.in_lds || isLdsPointerType(ty);
    if (s.depth == 0 && (LLVMIsAGlobalVariable(v) || LLVMIsAArgument(v))) {
      if (isLdsPointerType(ty) && !s.loose) {
        LLVMValueRef r = canonicalRoot(v);
        if (!t.root || t.root == r) {
          t.root = r;
          roots = roots > 1 ? roots : 1;
        } else {
          roots = 2;
        }
        bool seen = false;
        for (int i = 0; i < t.nroots; ++i)
          seen |= t.roots[i] == r;
        if (!seen && t.nroots < kMaxRoots)
          t.roots[t.nroots++] = r;
        else if (!seen)
          unknown = true; /* more objects than told apart */
      } else {
        unknown |= in_lds; /* a non-LDS object cast into LDS, or LDS
                              reached through integer arithmetic */
        /* A flat parameter of a function that is not a kernel may be an
           LDS pointer its caller passed, once LDS pointers escape. */
        unknown |= LLVMIsAArgument(v) && mayCarryEscaped(ty, flat_start) &&
                   LLVMGetFunctionCallConv(LLVMGetParamParent(v)) !=
                       LLVMAMDGPUKERNELCallConv &&
                   escapesNow(escapes);
      }
      continue;
    }
    LLVMOpcode op;
    if (!opcodeOf(v, &op)) {
      /* A constant: a field of a constant aggregate, the lanes of a
         constant vector, else opaque (null, undef). */
      LLVMValueRef e = s.depth && LLVMIsAConstant(v)
                           ? LLVMGetAggregateElement(v, s.path[0])
                           : NULL;
      if (e)
        traceQueue(&tr, e, NULL, 0, s.path + 1, s.depth - 1u, in_lds,
                   s.loose);
      else if (!s.depth && LLVMIsAConstantVector(v))
        for (int i = 0, n = LLVMGetNumOperands(v); i < n; ++i)
          traceQueue(&tr, LLVMGetOperand(v, (unsigned)i), NULL, 0, NULL, 0,
                     in_lds, s.loose);
      else
        unknown |= in_lds;
      /* A field of a helper's aggregate parameter may hold an LDS
         address its caller passed, once LDS addresses escape. */
      unknown |= s.depth && LLVMIsAArgument(v) &&
                 mayCarryEscaped(ty, flat_start) &&
                 LLVMGetFunctionCallConv(LLVMGetParamParent(v)) !=
                     LLVMAMDGPUKERNELCallConv &&
                 escapesNow(escapes);
      continue;
    }
    LLVMValueRef op0 =
        LLVMGetNumOperands(v) > 0 ? LLVMGetOperand(v, 0) : NULL;
    LLVMValueRef op1 =
        LLVMGetNumOperands(v) > 1 ? LLVMGetOperand(v, 1) : NULL;
    switch (op) {
    case LLVMPHI:
      if (traceEntered(&tr, &s))
        break;
      for (unsigned i = 0, n = LLVMCountIncoming(v); i < n; ++i)
        traceQueue(&tr, LLVMGetIncomingValue(v, i), NULL, 0, s.path, s.depth,
                   in_lds, s.loose);
      break;
    case LLVMSelect:
      traceQueue(&tr, LLVMGetOperand(v, 1), NULL, 0, s.path, s.depth, in_lds,
                 s.loose);
      traceQueue(&tr, LLVMGetOperand(v, 2), NULL, 0, s.path, s.depth, in_lds,
                 s.loose);
      break;
    case LLVMFreeze:
      traceQueue(&tr, op0, NULL, 0, s.path, s.depth, in_lds, s.loose);
      break;
    case LLVMExtractValue:
      if (!LLVMIsAInstruction(v)) {
        unknown |= in_lds;
        break;
      }
      traceQueue(&tr, op0, LLVMGetIndices(v), LLVMGetNumIndices(v), s.path,
                 s.depth, in_lds, s.loose);
      break;
    case LLVMInsertValue: {
      if (!s.depth || !LLVMIsAInstruction(v)) {
        unknown |= in_lds;
        break;
      }
      unsigned n = LLVMGetNumIndices(v);
      const unsigned *idx = LLVMGetIndices(v);
      unsigned m = n < s.depth ? n : s.depth;
      if (memcmp(idx, s.path, m * sizeof *idx) != 0)
        traceQueue(&tr, op0, NULL, 0, s.path, s.depth, in_lds, s.loose);
      else if (n <= s.depth)
        traceQueue(&tr, op1, NULL, 0, s.path + n, s.depth - n, in_lds,
                   s.loose);
      else
        unknown = true; /* part of the field set: the field is not a
                           pointer (cannot happen) */
      break;
    }
    default: {
      LLVMValueRef slot = op == LLVMLoad ? privateSlotOf(op0) : NULL;
      if (slot) {
        /* A private slot: the values stored to it (a merge, as a phi). */
        if (!traceEntered(&tr, &s)) {
          SlotQueue q = {&tr, &s, in_lds};
          slotVisit(slot, SLOT_STORED_VALUES, queueStored, &q);
        }
        break;
      }
      if (s.depth) {
        unknown |= in_lds; /* an aggregate loaded, returned, ... */
        unknown |= isFlatPointerType(ty) &&
                   (op == LLVMLoad || op == LLVMCall) && escapesNow(escapes);
        break;
      }
      switch (op) {
      case LLVMGetElementPtr:
      case LLVMBitCast:
      case LLVMAddrSpaceCast:
      case LLVMIntToPtr:
      case LLVMPtrToInt:
      case LLVMPtrToAddr:
      case LLVMZExt:
      case LLVMSExt:
      case LLVMTrunc:
      case LLVMExtractElement:
        traceQueue(&tr, op0, NULL, 0, NULL, 0, in_lds, s.loose);
        break;
      case LLVMInsertElement:
      case LLVMShuffleVector:
        traceQueue(&tr, op0, NULL, 0, NULL, 0, in_lds, s.loose);
        traceQueue(&tr, op1, NULL, 0, NULL, 0, in_lds, s.loose);
        break;
      case LLVMAdd:
      case LLVMSub:
      case LLVMAnd:
      case LLVMOr:
      case LLVMXor:
        traceQueue(&tr, op0, NULL, 0, NULL, 0, in_lds,
                   s.loose || !LLVMIsAConstant(op1));
        traceQueue(&tr, op1, NULL, 0, NULL, 0, in_lds,
                   s.loose || !LLVMIsAConstant(op0));
        break;
      case LLVMMul:
      case LLVMShl:
      case LLVMLShr:
      case LLVMAShr:
      case LLVMUDiv:
      case LLVMSDiv:
        traceQueue(&tr, op0, NULL, 0, NULL, 0, in_lds, true);
        break;
      case LLVMCall: {
        LLVMValueRef callee = LLVMGetCalledValue(v);
        if (!callee || !LLVMIsAFunction(callee) ||
            !LLVMGetIntrinsicID(callee)) {
          unknown |= in_lds; /* what a function returns: opaque */
          unknown |= mayCarryEscaped(ty, flat_start) && escapesNow(escapes);
          break;
        }
        /* An intrinsic returning a pointer derives it from its pointer
           arguments (llvm.ptrmask, lane reads); one returning an integer
           (only reached under an inttoptr) loosely from any. */
        bool ptr = amdsyncLlvmIsPointerLike(ty), followed = false;
        for (unsigned i = 0, n = LLVMGetNumArgOperands(v); i < n; ++i) {
          LLVMValueRef a = LLVMGetOperand(v, i);
          LLVMTypeRef at = LLVMTypeOf(a);
          if (amdsyncLlvmIsPointerLike(at) || (!ptr && isIntegerLike(at))) {
            traceQueue(&tr, a, NULL, 0, NULL, 0, in_lds, s.loose || !ptr);
            followed = true;
          }
        }
        unknown |= in_lds && !followed; /* made from nothing traced */
        break;
      }
      default:
        unknown |= in_lds; /* an opaque value: LDS of unknown place if LDS */
        /* A flat pointer loaded from memory may be an LDS pointer stored
           there, once LDS pointers escape (docs/design.md). */
        unknown |= op == LLVMLoad && mayCarryEscaped(ty, flat_start) &&
                   escapesNow(escapes);
        break;
      }
    }
    }
  }
  if (tr.overflow)
    unknown = true; /* too wide to follow: LDS, location unknown */
  t.lds = roots > 0 || unknown;
  if (unknown || roots != 1)
    t.root = NULL;
  if (unknown)
    t.nroots = 0;
  return t;
}

bool amdsyncLlvmMayBeLds(LLVMValueRef p, AmdsyncLlvmEscapes *escapes) {
  return traceLds(p, escapes).lds;
}

int amdsyncLlvmUnknownResource(AmdsyncLlvmFunction *fn) {
  if (fn->unknown_resource < 0)
    fn->unknown_resource = amdsyncProgramAddResource(
        fn->program, AMDSYNC_RES_UNKNOWN, "unknown memory");
  return fn->unknown_resource;
}

/* "argument %name" for argument `a`, or "argument %N" with the number the
   IR printer gives an unnamed one (unnamed arguments are numbered first, in
   order). */
static char *argumentLabel(AmdsyncLlvmFunction *fn, LLVMValueRef a) {
  size_t len;
  const char *name = LLVMGetValueName2(a, &len);
  if (len)
    return amdsyncArenaPrintf(fn->arena, "argument %%%.*s", (int)len, name);
  LLVMValueRef parent = LLVMGetParamParent(a);
  unsigned slot = 0;
  for (LLVMValueRef q = LLVMGetFirstParam(parent); q && q != a;
       q = LLVMGetNextParam(q)) {
    size_t l;
    LLVMGetValueName2(q, &l);
    slot += l == 0;
  }
  return amdsyncArenaPrintf(fn->arena, "argument %%%u", slot);
}

/* The group resource every root of `t` is a member of
   (amdsyncLlvmGroupLds), or -1. */
static int groupOfRoots(const AmdsyncLlvmFunction *fn, const LdsTrace *t) {
  long r = -1, q, base;
  for (int i = 0; i < t->nroots; ++i) {
    if (!amdsyncPtrMapGet(&fn->group_base, t->roots[i], &base) ||
        !amdsyncPtrMapGet(&fn->resource_of, t->roots[i], &q) ||
        (r >= 0 && q != r))
      return -1;
    r = q;
  }
  return t->nroots >= 2 ? (int)r : -1;
}

/* The resource of LDS pointer `p`: its root's, the group of its roots
   (amdsyncLlvmGroupLds), else unknown memory. */
int amdsyncLlvmResourceOf(AmdsyncLlvmFunction *fn, LLVMValueRef p) {
  LdsTrace t = traceLds(p, fn->escapes);
  LLVMValueRef root = t.root;
  if (!root) {
    int group = groupOfRoots(fn, &t);
    return group >= 0 ? group : amdsyncLlvmUnknownResource(fn);
  }
  long idx;
  if (amdsyncPtrMapGet(&fn->resource_of, root, &idx))
    return (int)idx;
  size_t len;
  const char *name = LLVMGetValueName2(root, &len);
  bool global = LLVMIsAGlobalVariable(root) != NULL;
  char *label =
      !global ? argumentLabel(fn, root)
      : isDynamicLds(root)
          ? amdsyncArenaPrintf(fn->arena, "dynamic LDS (@%.*s)", (int)len, name)
          : amdsyncArenaPrintf(fn->arena, "@%.*s", (int)len, name);
  AmdsyncResourceKind kind =
      global ? AMDSYNC_RES_GLOBAL
      : fn->arguments_apart && LLVMGetParamParent(root) == fn->func
          ? AMDSYNC_RES_ARGUMENT_ALLOCATION
          : AMDSYNC_RES_ARGUMENT;
  idx = amdsyncProgramAddResource(fn->program, kind, label);
  amdsyncPtrMapPut(fn->arena, &fn->resource_of, root, idx);
  return (int)idx;
}

/*===--- Groups: the LDS globals one pointer selects between ----------------===*

   A pointer that may address one of several LDS globals (a ping-pong
   buffer, `l_val = flip ? l_val1 : l_val0`) has no one root. Such globals
   are made one resource, their group: its members laid out one after
   another in an address space of the group's own, each at its base (the
   sizes of the members before it). Two members' bytes are apart there as
   they are in LDS, so the group's hazards are its members' hazards; an
   access that may address any of them covers all of them, and where the
   condition that chooses is known its offset in the group is a form over
   it (offsetForm: `1024 * flip + 4 * lid` for `l_val[lid]` above, l_val0
   at 0 and l_val1 at 1024). */

static bool allocSize(LLVMTargetDataRef layout, LLVMTypeRef t,
                      uint64_t *out);

/* Whether `r` is an LDS global of a known, non-zero size (`*size`): not an
   argument, not dynamic LDS. */
static bool groupable(const AmdsyncLlvmFunction *fn, LLVMValueRef r,
                      uint64_t *size) {
  return LLVMIsAGlobalVariable(r) && !isDynamicLds(r) &&
         allocSize(fn->layout, LLVMGlobalGetValueType(r), size) && *size > 0 &&
         *size <= (uint64_t)kMaxLdsBytes;
}

/* Union-find's root of member `i`. */
static int groupFind(int *parent, int i) {
  while (parent[i] != i)
    i = parent[i] = parent[parent[i]];
  return i;
}

void amdsyncLlvmGroupLds(AmdsyncLlvmFunction *fn) {
  AmdsyncPtrMap index = {0}; /* global -> 1 + its member number */
  AmdsyncPtrVec globals = {0}, sets = {0};
  uint64_t size;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn->func); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef v = LLVMGetFirstInstruction(bb); v;
         v = LLVMGetNextInstruction(v)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(v);
      if ((op != LLVMPHI && op != LLVMSelect && op != LLVMLoad) ||
          !amdsyncLlvmIsPointerLike(LLVMTypeOf(v)))
        continue;
      LdsTrace t = traceLds(v, fn->escapes);
      bool all = t.nroots >= 2;
      for (int i = 0; i < t.nroots && all; ++i)
        all = groupable(fn, t.roots[i], &size);
      if (!all)
        continue;
      LdsTrace *keep = amdsyncArenaAlloc(fn->arena, sizeof *keep);
      *keep = t;
      amdsyncPtrVecPush(fn->arena, &sets, keep);
      for (int i = 0; i < t.nroots; ++i) {
        long have;
        if (!amdsyncPtrMapGet(&index, t.roots[i], &have)) {
          amdsyncPtrVecPush(fn->arena, &globals, t.roots[i]);
          amdsyncPtrMapPut(fn->arena, &index, t.roots[i], (long)globals.count);
        }
      }
    }
  int n = globals.count;
  if (!n)
    return;
  int *parent = amdsyncArenaAlloc(fn->arena, (size_t)n * sizeof *parent);
  int *resource = amdsyncArenaAlloc(fn->arena, (size_t)n * sizeof *resource);
  int64_t *next = amdsyncArenaAlloc(fn->arena, (size_t)n * sizeof *next);
  char **label = amdsyncArenaAlloc(fn->arena, (size_t)n * sizeof *label);
  for (int i = 0; i < n; ++i) {
    parent[i] = i;
    resource[i] = -1;
    next[i] = 0;
    label[i] = NULL;
  }
  for (int k = 0; k < sets.count; ++k) {
    const LdsTrace *t = sets.items[k];
    long a, b;
    amdsyncPtrMapGet(&index, t->roots[0], &a);
    for (int i = 1; i < t->nroots; ++i) {
      amdsyncPtrMapGet(&index, t->roots[i], &b);
      parent[groupFind(parent, (int)b - 1)] = groupFind(parent, (int)a - 1);
    }
  }
  /* Labels, then resources and bases, members in the module's order. */
  int *order = amdsyncArenaAlloc(fn->arena, (size_t)n * sizeof *order);
  int k = 0;
  for (LLVMValueRef v = LLVMGetFirstGlobal(LLVMGetGlobalParent(fn->func));
       v && k < n; v = LLVMGetNextGlobal(v)) {
    long have;
    if (amdsyncPtrMapGet(&index, v, &have))
      order[k++] = (int)have - 1;
  }
  assert(k == n);
  for (int j = 0; j < n; ++j) {
    int i = order[j];
    int g = groupFind(parent, i);
    size_t len;
    const char *name = LLVMGetValueName2(globals.items[i], &len);
    label[g] = label[g] ? amdsyncArenaPrintf(fn->arena, "%s | @%.*s", label[g],
                                             (int)len, name)
                        : amdsyncArenaPrintf(fn->arena, "@%.*s", (int)len, name);
  }
  for (int j = 0; j < n; ++j) {
    int i = order[j];
    int g = groupFind(parent, i);
    if (resource[g] < 0)
      resource[g] =
          amdsyncProgramAddResource(fn->program, AMDSYNC_RES_GLOBAL, label[g]);
    groupable(fn, globals.items[i], &size);
    amdsyncPtrMapPut(fn->arena, &fn->resource_of, globals.items[i], resource[g]);
    amdsyncPtrMapPut(fn->arena, &fn->group_base, globals.items[i], next[g]);
    next[g] += (int64_t)size;
  }
  for (int i = 0; i < n; ++i)
    amdsyncPtrMapPut(fn->arena, &fn->group_bytes, globals.items[i],
                     next[groupFind(parent, i)]);
}

/* Where global `g` starts in its resource: its base in its group, else 0. */
static int64_t groupBase(const AmdsyncLlvmFunction *fn, LLVMValueRef g) {
  long base;
  return amdsyncPtrMapGet(&fn->group_base, g, &base) ? base : 0;
}

/* The width in bits of an address in the address space of pointer type
   `t` (a vector's lanes), from the module's data layout, or 0 when wider
   than 64 bits (buffer fat pointers: not followed). An LDS address is at
   most 32 bits whatever the layout says: the hardware adds LDS offsets in
   32 bits (the amdgcn layout's p3:32:32; a module without that layout
   still runs there). */
static unsigned addressBits(LLVMTargetDataRef layout, LLVMTypeRef t) {
  t = laneType(t);
  if (LLVMGetTypeKind(t) != LLVMPointerTypeKind)
    return 0;
  unsigned as = LLVMGetPointerAddressSpace(t);
  unsigned bits = LLVMPointerSizeForAS(layout, as) * 8u;
  if (as == 3 && bits > 32)
    bits = 32;
  return bits <= 64 ? bits : 0;
}

/* `x` modulo 2^bits (1 <= bits <= 64). */
static uint64_t wrapTo(uint64_t x, unsigned bits) {
  return bits >= 64 ? x : x & ((UINT64_C(1) << bits) - 1u);
}

/* The allocation size of type `t`, or false when it has none that the
   layout can give (unsized, scalable). */
static bool allocSize(LLVMTargetDataRef layout, LLVMTypeRef t,
                      uint64_t *out) {
  if (LLVMGetTypeKind(t) == LLVMScalableVectorTypeKind || !LLVMTypeIsSized(t))
    return false;
  *out = LLVMABISizeOfType(layout, t);
  return true;
}

/* The byte offset (modulo 2^64) GEP `g`'s indices add, when all are
   constant integers of at most 64 bits; false otherwise. Each index
   counts modulo 2^64, which is right modulo any narrower address width. */
static bool gepStep(LLVMTargetDataRef layout, LLVMValueRef g,
                    uint64_t *out) {
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(g);
  uint64_t off = 0, size;
  for (int i = 1, n = LLVMGetNumOperands(g); i < n; ++i) {
    LLVMValueRef idx = LLVMGetOperand(g, (unsigned)i);
    if (!LLVMIsAConstantInt(idx) ||
        LLVMGetIntTypeWidth(LLVMTypeOf(idx)) > 64)
      return false;
    uint64_t k = (uint64_t)LLVMConstIntGetSExtValue(idx);
    if (i > 1 && LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
      if (k >= LLVMCountStructElementTypes(ty))
        return false;
      off += LLVMOffsetOfElement(layout, ty, (unsigned)k);
      ty = LLVMStructGetTypeAtIndex(ty, (unsigned)k);
      continue;
    }
    if (i > 1) {
      if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind &&
          LLVMGetTypeKind(ty) != LLVMVectorTypeKind)
        return false;
      ty = LLVMGetElementType(ty);
    }
    if (!allocSize(layout, ty, &size))
      return false;
    off += k * size; /* modulo 2^64 */
  }
  *out = off;
  return true;
}

AmdsyncLlvmRange amdsyncLlvmConstantRange(const AmdsyncLlvmFunction *fn,
                                          LLVMValueRef p, int64_t size,
                                          int64_t *lo, int64_t *hi) {
  /* The chain from `p` back to its global: single-operand steps only. */
  LLVMValueRef chain[kMaxChain];
  int n = 0;
  while (!LLVMIsAGlobalVariable(p)) {
    if (n == kMaxChain)
      return AMDSYNC_LLVM_RANGE_WHOLE;
    chain[n++] = p;
    p = pointerSource(p);
    if (!p)
      return AMDSYNC_LLVM_RANGE_WHOLE;
  }
  /* The object's bytes: its allocation, or for dynamic LDS (placed after
     every static variable) no more than any chip's LDS. */
  uint64_t limit;
  if (isDynamicLds(p))
    limit = kMaxLdsBytes;
  else if (!allocSize(fn->layout, LLVMGlobalGetValueType(p), &limit))
    return AMDSYNC_LLVM_RANGE_WHOLE;
  /* From the global forward: each step's address wraps at the width of
     its own address space (a GEP on an LDS pointer adds in 32 bits, a
     GEP on a flat one in 64; a cast to LDS keeps the low 32 bits). */
  uint64_t off = 0;
  for (int i = n - 1; i >= 0; --i) {
    LLVMValueRef v = chain[i];
    LLVMOpcode op;
    uint64_t step = 0;
    if (opcodeOf(v, &op) && op == LLVMGetElementPtr &&
        !gepStep(fn->layout, v, &step))
      return AMDSYNC_LLVM_RANGE_WHOLE;
    unsigned bits = addressBits(fn->layout, LLVMTypeOf(v));
    if (!bits)
      return AMDSYNC_LLVM_RANGE_WHOLE;
    off = wrapTo(off + step, bits);
  }
  /* A range past the object's end (a negative offset wraps there too)
     addresses another object or no LDS at all. */
  uint64_t bytes = size > 0 ? (uint64_t)size : 1u;
  if (off > limit || bytes > limit - off)
    return AMDSYNC_LLVM_RANGE_OUTSIDE;
  if (size <= 0)
    return AMDSYNC_LLVM_RANGE_WHOLE;
  *lo = groupBase(fn, p) + (int64_t)off;
  *hi = *lo + (int64_t)bytes;
  return AMDSYNC_LLVM_RANGE_KNOWN;
}

/*===--- Escapes -------------------------------------------------------------===*

   Whether an LDS address of the module leaves SSA values, decided by
   default: every value that holds one (an LDS pointer, and whatever is
   computed from it, in any type) is followed through all of its uses, and
   any use that is not on the short list below lets it escape. So a form
   amdsync has never seen (a new intrinsic, a struct, a float) escapes.

   A use keeps the address (nothing follows) when it is:
   - the address operand of a load, a store, an atomicrmw or a cmpxchg;
   - a compare (icmp, fcmp), or the condition of a br or switch;
   - an operand of an intrinsic in the shared table (passes/shared/
     intrinsics.c: barriers, waits, LDS DMA and async transfers, whose LDS
     address may sit in a descriptor), the pointer operands of the memory
     intrinsics (memcpy, memmove, memset, the masked loads, stores, gathers
     and scatters, expandload, compressstore, prefetch, lifetime), or a
     pointer operand of an intrinsic that writes no memory, an operand
     (bundle) of llvm.assume;
   - an entry of llvm.used or llvm.compiler.used.
   A use derives a new holder, followed in turn, when it is an operand of a
   GEP, a cast (any), integer or float arithmetic, a select, a phi, a
   freeze, a vector insert, extract or shuffle, an insertvalue or
   extractvalue (by field: the field of an aggregate that holds the address
   is followed, so a descriptor only read by extractvalue keeps it), a
   constant expression or constant aggregate, a masked load's or gather's
   pass-through, or any operand of an intrinsic that touches no memory
   (llvm.ptrmask, lane reads). Anything else escapes: the value operand of
   a store, an atomic or a masked store or scatter, an argument of a call
   that is not an intrinsic, a return, a global's initializer, an operand
   of an intrinsic that may write memory. */

enum { kMaxEscapeSteps = 1 << 20 };

/* Field `path[0..depth)` of `v` (all of `v` when `depth` is 0) holds an
   LDS address. */
typedef struct {
  LLVMValueRef v;
  unsigned char depth;
  unsigned path[kMaxPath];
} Holder;

typedef struct {
  AmdsyncArena *arena;
  AmdsyncPtrMap whole; /* value -> 1: queued whole */
  Holder *fields;      /* queued fields of aggregates */
  int nfields, cap_fields;
  Holder *work;
  int nwork, cap_work;
  long steps;
  bool escaped;
} EscapeWalk;

static bool pathHasPrefix(const unsigned *path, unsigned depth,
                          const unsigned *pre, unsigned n) {
  return n <= depth && memcmp(path, pre, n * sizeof *pre) == 0;
}

/* Queues field `path` of `v` (prefixes `pre`) unless it, or all of `v`,
   is queued already. A path deeper than kMaxPath is cut: a prefix names
   more of the value. */
static void holderPush(EscapeWalk *w, LLVMValueRef v, const unsigned *pre,
                       unsigned npre, const unsigned *path, unsigned depth) {
  if (!v || LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVoidTypeKind)
    return;
  long seen;
  if (amdsyncPtrMapGet(&w->whole, v, &seen))
    return;
  Holder h;
  h.v = v;
  unsigned n = npre + depth > kMaxPath ? kMaxPath : npre + depth;
  for (unsigned i = 0; i < n; ++i)
    h.path[i] = i < npre ? pre[i] : path[i - npre];
  h.depth = (unsigned char)n;
  if (n == 0) {
    amdsyncPtrMapPut(w->arena, &w->whole, v, 1);
  } else {
    for (int i = 0; i < w->nfields; ++i)
      if (w->fields[i].v == v &&
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

static void holderPushWhole(EscapeWalk *w, LLVMValueRef v) {
  holderPush(w, v, NULL, 0, NULL, 0);
}

/* The memory effects of call `c` (its own attribute, else its callee's):
   false when it has none. */
static bool memoryEffects(LLVMValueRef c, uint64_t *effects) {
  static const char kMemory[] = "memory";
  unsigned kind = LLVMGetEnumAttributeKindForName(kMemory, sizeof kMemory - 1);
  if (!kind)
    return false;
  LLVMAttributeRef a =
      LLVMGetCallSiteEnumAttribute(c, LLVMAttributeFunctionIndex, kind);
  LLVMValueRef callee = LLVMGetCalledValue(c);
  if (!a && callee && LLVMIsAFunction(callee))
    a = LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, kind);
  if (!a)
    return false;
  *effects = LLVMGetEnumAttributeValue(a);
  return true;
}

static bool nameIs(const char *name, size_t len, const char *prefix) {
  size_t n = strlen(prefix);
  return len >= n && memcmp(name, prefix, n) == 0;
}

/* Argument `k` of intrinsic call `c`, which holds an LDS address: kept
   (0), followed into the call's result (1), or an escape (-1). */
static int intrinsicUse(LLVMValueRef c, unsigned k) {
  const char *name;
  size_t len;
  if (amdsyncLlvmCalledIntrinsic(c, &name, &len))
    return 0; /* the table's: they access LDS, never keep an operand */
  bool ptr = amdsyncLlvmIsPointerLike(LLVMTypeOf(LLVMGetOperand(c, k)));
  /* The memory intrinsics: which operand is an address, which a value. */
  if (nameIs(name, len, "llvm.memcpy") || nameIs(name, len, "llvm.memmove"))
    return k <= 1 ? 0 : -1;
  if (nameIs(name, len, "llvm.memset") ||
      nameIs(name, len, "llvm.experimental.memset") ||
      nameIs(name, len, "llvm.prefetch") ||
      nameIs(name, len, "llvm.lifetime."))
    return k == 0 ? 0 : -1;
  if (nameIs(name, len, "llvm.masked.load") ||
      nameIs(name, len, "llvm.masked.gather") ||
      nameIs(name, len, "llvm.masked.expandload"))
    return k == 0 ? 0 : k == 2 ? 1 : -1; /* pass-through: into the result */
  if (nameIs(name, len, "llvm.masked.store") ||
      nameIs(name, len, "llvm.masked.scatter") ||
      nameIs(name, len, "llvm.masked.compressstore"))
    return k == 1 ? 0 : -1; /* operand 0 is the stored value */
  uint64_t effects;
  if (!memoryEffects(c, &effects))
    return -1; /* may write memory: it may keep its operand there */
  if (effects == 0)
    return 1; /* memory(none): its result is computed from its operands */
  /* MemoryEffects: two bits per location, the high one is Mod. */
  if ((effects & UINT64_C(0xAAAAAAAAAAAAAAAA)) == 0)
    return ptr ? 0 : 1; /* reads only: a pointer is an address */
  return -1;
}

/* escapeUse's holders for the loads of a private slot an LDS address (or
   an aggregate with one) is stored to. */
typedef struct {
  EscapeWalk *w;
  const Holder *h;
} SlotHolders;

static void holdLoaded(LLVMValueRef load, void *ctx) {
  SlotHolders *sh = ctx;
  holderPush(sh->w, load, NULL, 0, sh->h->path, sh->h->depth);
}

/* Follows use `k` of holder `h` by instruction `u`. */
static void escapeUse(EscapeWalk *w, const Holder *h, LLVMValueRef u,
                      unsigned k) {
  LLVMOpcode op = LLVMGetInstructionOpcode(u);
  if (h->depth) {
    /* A field of an aggregate: followed by field through what moves
       aggregates; any other use takes all of it. */
    switch (op) {
    case LLVMExtractValue: {
      unsigned n = LLVMGetNumIndices(u);
      const unsigned *idx = LLVMGetIndices(u);
      if (pathHasPrefix(h->path, h->depth, idx, n))
        holderPush(w, u, NULL, 0, h->path + n, h->depth - n);
      else if (pathHasPrefix(idx, n, h->path, h->depth))
        holderPushWhole(w, u);
      return; /* another field */
    }
    case LLVMInsertValue: {
      unsigned n = LLVMGetNumIndices(u);
      const unsigned *idx = LLVMGetIndices(u);
      if (k == 1)
        holderPush(w, u, idx, n, h->path, h->depth);
      else if (!pathHasPrefix(h->path, h->depth, idx, n))
        holderPush(w, u, NULL, 0, h->path, h->depth); /* not overwritten */
      return;
    }
    case LLVMPHI:
    case LLVMSelect:
    case LLVMFreeze:
      if (op != LLVMSelect || k > 0)
        holderPush(w, u, NULL, 0, h->path, h->depth);
      return;
    default:
      break;
    }
  }
  switch (op) {
  case LLVMLoad:
    return; /* the address */
  case LLVMStore: {
    LLVMValueRef slot = k == 0 ? privateSlotOf(LLVMGetOperand(u, 1)) : NULL;
    if (slot) {
      /* Into a private slot: its loads hold it. */
      SlotHolders sh = {w, h};
      slotVisit(slot, SLOT_LOADS, holdLoaded, &sh);
      return;
    }
    w->escaped |= k != 1; /* the stored value */
    return;
  }
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
    w->escaped |= k != 0;
    return;
  case LLVMICmp:
  case LLVMFCmp:
    return;
  case LLVMBr:
  case LLVMSwitch:
    w->escaped |= k != 0; /* the condition only decides a branch */
    return;
  case LLVMInsertValue:
    if (k == 1)
      holderPush(w, u, LLVMGetIndices(u), LLVMGetNumIndices(u), NULL, 0);
    else
      holderPushWhole(w, u);
    return;
  case LLVMCall: {
    LLVMValueRef callee = LLVMGetCalledValue(u);
    int how = -1;
    size_t len = 0;
    const char *name = callee && LLVMIsAFunction(callee) &&
                               LLVMGetIntrinsicID(callee)
                           ? LLVMGetValueName2(callee, &len)
                           : NULL;
    if (name && len == 11 && memcmp(name, "llvm.assume", 11) == 0)
      how = 0; /* its bundles (align, nonnull) state facts, keep nothing */
    else if (name && k < LLVMGetNumArgOperands(u))
      how = intrinsicUse(u, k);
    if (how > 0)
      holderPushWhole(w, u);
    w->escaped |= how < 0;
    return;
  }
  case LLVMGetElementPtr:
  case LLVMTrunc:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMFPToUI:
  case LLVMFPToSI:
  case LLVMUIToFP:
  case LLVMSIToFP:
  case LLVMFPTrunc:
  case LLVMFPExt:
  case LLVMPtrToInt:
  case LLVMPtrToAddr:
  case LLVMIntToPtr:
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
  case LLVMAdd:
  case LLVMFAdd:
  case LLVMSub:
  case LLVMFSub:
  case LLVMMul:
  case LLVMFMul:
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMFDiv:
  case LLVMURem:
  case LLVMSRem:
  case LLVMFRem:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMFNeg:
  case LLVMSelect:
  case LLVMPHI:
  case LLVMFreeze:
  case LLVMExtractElement:
  case LLVMInsertElement:
  case LLVMShuffleVector:
  case LLVMExtractValue:
    holderPushWhole(w, u);
    return;
  default:
    w->escaped = true; /* ret, invoke, callbr, alloca, va_arg, ... */
    return;
  }
}

/* Follows every use of holder `h`. */
static void escapeUses(EscapeWalk *w, const Holder *h) {
  for (LLVMUseRef use = LLVMGetFirstUse(h->v); use && !w->escaped;
       use = LLVMGetNextUse(use)) {
    LLVMValueRef u = LLVMGetUser(use);
    if (++w->steps > kMaxEscapeSteps) {
      w->escaped = true; /* too much to follow: taken to escape */
      return;
    }
    if (!LLVMIsAInstruction(u)) {
      if (LLVMIsAGlobalVariable(u)) {
        size_t len;
        const char *name = LLVMGetValueName2(u, &len);
        w->escaped |= !(len == 9 && memcmp(name, "llvm.used", 9) == 0) &&
                      !(len == 18 && memcmp(name, "llvm.compiler.used", 18) == 0);
      } else if (LLVMIsAConstant(u) && !LLVMIsAGlobalValue(u)) {
        holderPushWhole(w, u); /* a constant expression or aggregate */
      } else {
        w->escaped = true;
      }
      continue;
    }
    for (unsigned k = 0, n = (unsigned)LLVMGetNumOperands(u); k < n; ++k)
      if (LLVMGetOperand(u, k) == h->v)
        escapeUse(w, h, u, k);
  }
}

bool amdsyncLlvmLdsEscapes(LLVMModuleRef m) {
  EscapeWalk w;
  memset(&w, 0, sizeof w);
  w.arena = amdsyncArenaCreate();
  /* Where LDS addresses come from: LDS globals, and every argument and
     instruction of an LDS pointer type. */
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
    if (isLdsPointerType(LLVMTypeOf(g)))
      holderPushWhole(&w, g);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    for (LLVMValueRef a = LLVMGetFirstParam(f); a; a = LLVMGetNextParam(a))
      if (isLdsPointerType(LLVMTypeOf(a)))
        holderPushWhole(&w, a);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i))
        if (isLdsPointerType(LLVMTypeOf(i)))
          holderPushWhole(&w, i);
  }
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


static bool isWorkitemId(LLVMValueRef v, int *dim) {
  if (!LLVMIsACallInst(v))
    return false;
  LLVMValueRef callee = LLVMGetCalledValue(v);
  size_t len = 0;
  const char *name = callee ? LLVMGetValueName2(callee, &len) : NULL;
  static const char kPrefix[] = "llvm.amdgcn.workitem.id.";
  if (!name || len != sizeof kPrefix || strncmp(name, kPrefix, len - 1) != 0 ||
      name[len - 1] < 'x' || name[len - 1] > 'z')
    return false;
  *dim = name[len - 1] - 'x';
  return true;
}

/* A call of work-item query `query` (OpenCL's get_local_id, the device
   library's __ockl_get_local_id: passes/shared/intrinsics.c) with a
   constant dimension 0, 1 or 2, which it returns in `*dim`: the local id
   is the work-item id, the local size the workgroup's extent (the
   upstream lowering of gpu.thread_id and gpu.block_dim calls the
   device library's). */
static bool isWorkItemQuery(LLVMValueRef v, AmdsyncWorkItemQuery query,
                            int *dim) {
  if (!LLVMIsACallInst(v) || LLVMGetNumArgOperands(v) != 1)
    return false;
  LLVMValueRef callee = LLVMGetCalledValue(v), arg = LLVMGetOperand(v, 0);
  size_t len = 0;
  const char *name = callee && LLVMIsAFunction(callee)
                         ? LLVMGetValueName2(callee, &len)
                         : NULL;
  if (!name || !amdsyncTrustedCallee(name, len, LLVMIsDeclaration(callee)) ||
      amdsyncWorkItemQueryOf(name, len) != query || !LLVMIsAConstantInt(arg))
    return false;
  long long d = LLVMConstIntGetSExtValue(arg);
  if (d < 0 || d > 2)
    return false;
  *dim = (int)d;
  return true;
}

bool amdsyncLlvmIsThreadId(LLVMValueRef v) {
  int dim;
  return isWorkitemId(v, &dim) ||
         isWorkItemQuery(v, AMDSYNC_QUERY_LOCAL_ID, &dim);
}

static bool valueForm(const AmdsyncLlvmFunction *fn, LLVMValueRef v, int depth,
                      AmdsyncLinear *out);

/* The largest workgroup an AMDGPU kernel may have: the flat size is at
   most 1024 (AMDGPUUsage, amdgpu-flat-work-group-size). */
enum { kMaxWorkgroup = 1024 };

/* Bounds [*lo, *hi], both non-negative, on the values of integer `v` read
   unsigned, from how it is computed alone: a non-negative constant, a
   zero extension, a right shift or unsigned division by a constant, an
   `and` with a non-negative constant, a load whose `!range` is one
   interval from zero up, the workgroup's extent (at most kMaxWorkgroup).
   The start of a stride halved each round from the workgroup's size
   (HIP's `for (s = blockDim.x / 2; s > 0; s >>= 1)`). False for anything
   else, or above 2^62. */
static bool unsignedRange(LLVMValueRef v, int depth, int64_t *lo,
                          int64_t *hi) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (depth > 6 || LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
    return false;
  unsigned w = LLVMGetIntTypeWidth(t);
  if (w > 62)
    return false;
  int64_t all = ((int64_t)1 << w) - 1; /* every value, read unsigned */
  if (LLVMIsAConstantInt(v)) {
    *lo = *hi = (int64_t)LLVMConstIntGetZExtValue(v);
    return true;
  }
  int dim;
  if (isWorkItemQuery(v, AMDSYNC_QUERY_LOCAL_SIZE, &dim)) {
    *lo = 1;
    *hi = kMaxWorkgroup < all ? kMaxWorkgroup : all;
    return true;
  }
  if (!LLVMIsAInstruction(v))
    return false;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  int64_t a, b;
  switch (op) {
  case LLVMZExt: {
    LLVMValueRef x = LLVMGetOperand(v, 0);
    unsigned xw = LLVMGetIntTypeWidth(LLVMTypeOf(x));
    if (unsignedRange(x, depth + 1, lo, hi))
      return true;
    *lo = 0;
    *hi = ((int64_t)1 << xw) - 1;
    return xw <= 62;
  }
  case LLVMLShr:
  case LLVMUDiv: {
    LLVMValueRef k = LLVMGetOperand(v, 1);
    if (!LLVMIsAConstantInt(k))
      return false;
    uint64_t c = LLVMConstIntGetZExtValue(k);
    if (op == LLVMLShr ? c >= w : c == 0)
      return false;
    if (!unsignedRange(LLVMGetOperand(v, 0), depth + 1, &a, &b)) {
      a = 0;
      b = all;
    }
    *lo = op == LLVMLShr ? a >> c : a / (int64_t)c;
    *hi = op == LLVMLShr ? b >> c : b / (int64_t)c;
    return true;
  }
  case LLVMAnd: {
    LLVMValueRef k = LLVMGetOperand(v, 1);
    if (!LLVMIsAConstantInt(k))
      return false;
    *lo = 0;
    *hi = (int64_t)LLVMConstIntGetZExtValue(k) & all;
    return true;
  }
  case LLVMLoad:
    /* !range: one interval from a >= 0 up, not wrapping. */
    if (amdsyncLlvmRangeMetadata(v, &a, &b) != 1 || b - 1 > all)
      return false;
    *lo = a;
    *hi = b - 1;
    return true;
  default:
    return false;
  }
}

/* The range of the values phi `phi` takes, when every incoming value is a
   start or the phi itself shifted right or divided by a constant (a
   stride halved each round: for (s = 128; s > 0; s >>= 1)), and the starts
   are not negative: [0 or the least start, the greatest]. A start is a
   constant, a value that folds to one, or one whose unsigned range
   (unsignedRange) stays below the phi's sign bit. */

static bool shrinkingPhiRange(const AmdsyncLlvmFunction *fn, LLVMValueRef phi,
                              AmdsyncRange *out) {
  unsigned n = LLVMCountIncoming(phi);
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(phi));
  bool any_const = false, shrinks = false;
  int64_t lo = 0, hi = 0;
  if (w > 64) /* a start >= 0 read signed: every value in [0, start] */
    return false;
  for (unsigned i = 0; i < n; ++i) {
    LLVMValueRef x = LLVMGetIncomingValue(phi, i);
    AmdsyncLinear f;
    /* A start that is a constant, or folds to one (OpenCL's
       get_local_size(0) / 2 in a workgroup of known size). */
    if (LLVMIsAConstantInt(x) ||
        (fn && LLVMIsAInstruction(x) && LLVMGetNumOperands(x) > 0 &&
         LLVMGetOperand(x, 0) != phi &&
         valueForm(fn, x, 0, &f) && f.nterms == 0)) {
      int64_t c = LLVMIsAConstantInt(x) ? LLVMConstIntGetSExtValue(x) : f.c;
      /* A folded start is its value modulo 2^w: below the sign bit it is
         the value the shifts see (a review's `add i8 100, 100`). */
      if (c < 0 || (w < 64 && c >= ((int64_t)1 << (w - 1))))
        return false;
      lo = any_const && lo < c ? lo : c;
      hi = any_const && hi > c ? hi : c;
      any_const = true;
      continue;
    }
    int64_t slo, shi;
    if (LLVMGetTypeKind(LLVMTypeOf(x)) == LLVMIntegerTypeKind &&
        (!LLVMIsAInstruction(x) || LLVMGetNumOperands(x) == 0 ||
         LLVMGetOperand(x, 0) != phi) &&
        unsignedRange(x, 0, &slo, &shi)) {
      if (w < 64 && shi >= ((int64_t)1 << (w - 1)))
        return false;
      lo = any_const && lo < slo ? lo : slo;
      hi = any_const && hi > shi ? hi : shi;
      any_const = true;
      continue;
    }
    if (!LLVMIsAInstruction(x))
      return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(x);
    LLVMValueRef k = LLVMGetOperand(x, 1);
    if ((op != LLVMLShr && op != LLVMUDiv && op != LLVMAShr) ||
        LLVMGetOperand(x, 0) != phi || !LLVMIsAConstantInt(k) ||
        (op == LLVMUDiv && LLVMConstIntGetZExtValue(k) == 0))
      return false;
    shrinks = true; /* a non-negative value, no larger */
  }
  if (!any_const)
    return false;
  *out = (AmdsyncRange){true, true, shrinks ? 0 : lo, hi, 0, 0, 0};
  return true;
}

/* How deep rangeOfBound follows one loop's bound to another's. */
enum { kBoundDepth = 4 };

/* A loop bound's values [lo, hi]; where it is a counting phi (counting
   up: countingPhiRange) plus a constant, that phi (`base`, else NULL) and
   the constant (`off`). */
typedef struct {
  int64_t lo, hi;
  LLVMValueRef base;
  int64_t off;
  int64_t base_lo; /* the base's own least value */
} LoopBound;

static bool countingPhiRange(LLVMValueRef phi, int depth, AmdsyncRange *out,
                             LoopBound *rel);

/* Whether `phi` = [c0, from], [phi + s, latch] (constants c0, s): its
   init `*c0`, step `*step` and the latch's value `*next`. */
static bool countingShape(LLVMValueRef phi, int64_t *c0, int64_t *step,
                          LLVMValueRef *next, LLVMBasicBlockRef *latch) {
  if (!LLVMIsAPHINode(phi) || LLVMCountIncoming(phi) != 2 ||
      LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind)
    return false;
  int k = LLVMIsAConstantInt(LLVMGetIncomingValue(phi, 0)) ? 0 : 1;
  LLVMValueRef init = LLVMGetIncomingValue(phi, (unsigned)k);
  LLVMValueRef n = LLVMGetIncomingValue(phi, (unsigned)(1 - k));
  if (!LLVMIsAConstantInt(init) || !LLVMIsAInstruction(n) ||
      LLVMGetInstructionOpcode(n) != LLVMAdd)
    return false;
  LLVMValueRef x = LLVMGetOperand(n, 0), y = LLVMGetOperand(n, 1);
  if (y == phi) {
    LLVMValueRef t = x;
    x = y;
    y = t;
  }
  if (x != phi || !LLVMIsAConstantInt(y))
    return false;
  *c0 = LLVMConstIntGetSExtValue(init);
  *step = LLVMConstIntGetSExtValue(y);
  *next = n;
  *latch = LLVMGetIncomingBlock(phi, (unsigned)(1 - k));
  return true;
}

/* The induction variable of `phi`'s loop that `phi` moves in step with:
   the first phi of the same block with the same latch, the same constant
   step and a range of its own (countingPhiRange), when that is not `phi`
   itself, so that phi = it + (c0 - its c0) always (clang keeps `i` and
   `i + 1` as two phis, LU's diagonal loop, and bounds only one). `*delta`
   gets the difference. */
static LLVMValueRef inductionSibling(LLVMValueRef phi, int depth,
                                     int64_t *delta) {
  int64_t c0, step, c1, step1;
  LLVMValueRef next, next1;
  LLVMBasicBlockRef latch, latch1;
  if (depth <= 0 || !countingShape(phi, &c0, &step, &next, &latch))
    return NULL;
  for (LLVMValueRef q = LLVMGetFirstInstruction(LLVMGetInstructionParent(phi));
       q && LLVMIsAPHINode(q); q = LLVMGetNextInstruction(q)) {
    AmdsyncRange range;
    LoopBound rel;
    if (LLVMTypeOf(q) == LLVMTypeOf(phi) &&
        countingShape(q, &c1, &step1, &next1, &latch1) && step1 == step &&
        latch1 == latch && countingPhiRange(q, depth - 1, &range, &rel)) {
      if (q == phi)
        return NULL; /* phi is the first: its own symbol, if any */
      if (__builtin_sub_overflow(c0, c1, delta) || *delta < -INT32_MAX ||
          *delta > INT32_MAX)
        return NULL;
      return q;
    }
  }
  return NULL;
}

/* The values loop bound `r` may have, all non-negative and below 2^31
   (`*b`): a constant, a phi of a loop around (shrinkingPhiRange,
   countingPhiRange: an inner loop counting up to an outer one's counter,
   `for (j = 0; j < i; j++)`), a phi in step with one (inductionSibling),
   or one of those plus a constant with `nsw` or `nuw`. */
static bool rangeOfBound(LLVMValueRef r, int depth, LoopBound *b) {
  b->base = NULL;
  b->base_lo = 0;
  b->off = 0;
  int64_t delta;
  LLVMValueRef sib;
  if (LLVMIsAConstantInt(r)) {
    b->lo = b->hi = LLVMConstIntGetSExtValue(r);
  } else if (depth <= 0) {
    return false;
  } else if ((sib = inductionSibling(r, depth, &delta))) {
    if (!rangeOfBound(sib, depth - 1, b))
      return false;
    b->lo += delta;
    b->hi += delta;
    b->off += delta;
  } else if (LLVMIsAPHINode(r) &&
             LLVMGetTypeKind(LLVMTypeOf(r)) == LLVMIntegerTypeKind) {
    AmdsyncRange range;
    LoopBound rel;
    if (countingPhiRange(r, depth - 1, &range, &rel)) {
      b->base = r; /* counts up: a bound for what is below it */
      b->base_lo = range.lo;
    } else if (!shrinkingPhiRange(NULL, r, &range)) {
      return false;
    }
    b->lo = range.lo;
    b->hi = range.hi;
  } else if (LLVMIsAInstruction(r) && LLVMGetInstructionOpcode(r) == LLVMAdd &&
             (LLVMGetNSW(r) || LLVMGetNUW(r)) &&
             LLVMIsAConstantInt(LLVMGetOperand(r, 1))) {
    int64_t c = LLVMConstIntGetSExtValue(LLVMGetOperand(r, 1));
    if (c < -INT32_MAX || c > INT32_MAX ||
        !rangeOfBound(LLVMGetOperand(r, 0), depth - 1, b))
      return false;
    b->lo += c;
    b->hi += c;
    b->off += c;
  } else {
    return false;
  }
  return b->lo >= 0 && b->hi <= INT32_MAX;
}

/* The largest value `x` may have where the branch `br` takes its edge to
   `to`: its condition an icmp of `x` against a bound C (either side; a
   constant or a loop counter, rangeOfBound), read as the edge needs it
   (x < C, x <= C, or x != C where x counts up by one: from `ne_start`,
   below every C, or with `no_wrap`, an add whose `nsw` or `nuw` makes a
   count past C poison and the exit branch on it undefined, the reading
   ScalarEvolution gives the same flags). The loop is that of `header` and
   `latch`. False where the edge bounds nothing. */
static bool onlyExitAt(LLVMBasicBlockRef header, LLVMBasicBlockRef latch);
static int inLoop(LLVMBasicBlockRef b, LLVMBasicBlockRef header,
                  LLVMBasicBlockRef latch);

static bool edgeBound(LLVMValueRef br, LLVMBasicBlockRef to, LLVMValueRef x,
                      LLVMBasicBlockRef header, LLVMBasicBlockRef latch,
                      int64_t ne_start, bool no_wrap, int depth,
                      int64_t *bound, LoopBound *rel) {
  if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
    return false;
  LLVMValueRef cmp = LLVMGetCondition(br);
  if (!LLVMIsAICmpInst(cmp))
    return false;
  bool on_true = LLVMGetSuccessor(br, 0) == to;
  if (!on_true && LLVMGetSuccessor(br, 1) != to)
    return false;
  if (LLVMGetSuccessor(br, 0) == LLVMGetSuccessor(br, 1))
    return false;
  LLVMIntPredicate pred = LLVMGetICmpPredicate(cmp);
  LLVMValueRef l = LLVMGetOperand(cmp, 0), r = LLVMGetOperand(cmp, 1);
  if (r == x && l != x) { /* C pred x: x swapped-pred C */
    LLVMValueRef t = l;
    l = r;
    r = t;
    static const LLVMIntPredicate kSwap[] = {
        [LLVMIntEQ] = LLVMIntEQ,   [LLVMIntNE] = LLVMIntNE,
        [LLVMIntUGT] = LLVMIntULT, [LLVMIntUGE] = LLVMIntULE,
        [LLVMIntULT] = LLVMIntUGT, [LLVMIntULE] = LLVMIntUGE,
        [LLVMIntSGT] = LLVMIntSLT, [LLVMIntSGE] = LLVMIntSLE,
        [LLVMIntSLT] = LLVMIntSGT, [LLVMIntSLE] = LLVMIntSGE};
    pred = kSwap[pred];
  }
  LoopBound cb;
  if (l != x || !rangeOfBound(r, depth, &cb))
    return false;
  int64_t c_lo = cb.lo, c = cb.hi;
  *rel = cb;
  if (!on_true) { /* the edge is taken where the comparison fails */
    static const LLVMIntPredicate kNot[] = {
        [LLVMIntEQ] = LLVMIntNE,   [LLVMIntNE] = LLVMIntEQ,
        [LLVMIntUGT] = LLVMIntULE, [LLVMIntUGE] = LLVMIntULT,
        [LLVMIntULT] = LLVMIntUGE, [LLVMIntULE] = LLVMIntUGT,
        [LLVMIntSGT] = LLVMIntSLE, [LLVMIntSGE] = LLVMIntSLT,
        [LLVMIntSLT] = LLVMIntSGE, [LLVMIntSLE] = LLVMIntSGT};
    pred = kNot[pred];
  }
  switch (pred) {
  case LLVMIntSLT:
  case LLVMIntULT:
    *bound = c - 1;
    rel->off -= 1;
    return true;
  case LLVMIntSLE:
  case LLVMIntULE:
    *bound = c;
    return true;
  case LLVMIntNE: /* counting up by one from below C stops at C */
    /* C must hold one value while the loop runs (a constant, or defined
       outside the loop): one that changes between iterations may step
       over x (a review's C alternating between 2 and 3 as j counts by
       one: j != C never fails). */
    if (LLVMIsAInstruction(r) &&
        inLoop(LLVMGetInstructionParent(r), header, latch) != 0)
      return false;
    /* Or with `no_wrap` when the loop (of `to`, its header, and the
       branch's block, its latch) leaves by this branch only: asked last,
       it walks the loop. */
    if (ne_start >= c_lo &&
        !(no_wrap && onlyExitAt(to, LLVMGetInstructionParent(br))))
      return false;
    *bound = c - 1;
    rel->off -= 1;
    return true;
  default:
    return false;
  }
}

/* The most blocks walkLoop walks before it gives up. */
enum { kLoopWalkLimit = 4096 };

/* The blocks of the loop of `header` and `latch`, walked backward from the
   latch over predecessors, stopping at the header (the blocks that reach
   the latch without passing the header: the loop's body, where the loop
   has one entry), then the header: `visit(b, ctx)` on each, in no order,
   until it returns false. False when it did, or when the walk grew past
   kLoopWalkLimit blocks. */
static bool walkLoop(LLVMBasicBlockRef header, LLVMBasicBlockRef latch,
                     bool (*visit)(LLVMBasicBlockRef, void *), void *ctx) {
  AmdsyncArena *scratch = amdsyncArenaCreate();
  AmdsyncPtrMap seen = {0};
  AmdsyncPtrVec stack = {NULL, 0, 0};
  amdsyncPtrVecPush(scratch, &stack, latch);
  amdsyncPtrMapPut(scratch, &seen, header, 1);
  int walked = 0;
  bool ok = true;
  while (stack.count && ok) {
    LLVMBasicBlockRef b = stack.items[--stack.count];
    long dummy;
    if (amdsyncPtrMapGet(&seen, b, &dummy))
      continue;
    if (++walked > kLoopWalkLimit || !visit(b, ctx)) {
      ok = false;
      break;
    }
    amdsyncPtrMapPut(scratch, &seen, b, 1);
    for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(b)); u;
         u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (LLVMIsAInstruction(user) && LLVMIsATerminatorInst(user))
        amdsyncPtrVecPush(scratch, &stack, LLVMGetInstructionParent(user));
    }
  }
  amdsyncArenaDestroy(scratch);
  return ok && visit(header, ctx);
}

/* The visitor looking for one block (it walks on: an answer needs the
   whole loop within the limit). */
typedef struct {
  LLVMBasicBlockRef target;
  bool found;
} Find;

static bool lookFor(LLVMBasicBlockRef b, void *ctx) {
  Find *f = ctx;
  f->found |= b == f->target;
  return true;
}

/* Whether `b` is in the loop of `header` and `latch` (walkLoop): 1 yes, 0
   no, -1 when the walk gave up. */
static int inLoop(LLVMBasicBlockRef b, LLVMBasicBlockRef header,
                  LLVMBasicBlockRef latch) {
  Find f = {b, false};
  return walkLoop(header, latch, lookFor, &f) ? f.found : -1;
}

/* The blocks of a loop (walkLoop), for membership. */
typedef struct {
  AmdsyncPtrMap blocks;
  AmdsyncArena *arena;
} LoopBlocks;

static bool collect(LLVMBasicBlockRef b, void *ctx) {
  LoopBlocks *l = ctx;
  amdsyncPtrMapPut(l->arena, &l->blocks, b, 1);
  return true;
}

/* Whether the loop of `header` and `latch` lies inside the loop whose
   counting phi is `base` (base's header, another block, holds it, and
   base's header is not in it): then base holds one value while this loop
   runs, and only grows. False when it cannot tell. */
static bool loopNestedIn(LLVMBasicBlockRef header, LLVMBasicBlockRef latch,
                         LLVMValueRef base) {
  int64_t c0, step;
  LLVMValueRef next;
  LLVMBasicBlockRef blatch;
  LLVMBasicBlockRef bheader = LLVMGetInstructionParent(base);
  if (bheader == header || !countingShape(base, &c0, &step, &next, &blatch))
    return false;
  return inLoop(header, bheader, blatch) == 1 &&
         inLoop(bheader, header, latch) == 0;
}

/* Whether the only edge out of the loop of `header` and `latch` leaves
   from the latch: a count that must reach its exit value there cannot
   leave earlier with another. False when it cannot tell. */
static bool onlyExitAt(LLVMBasicBlockRef header, LLVMBasicBlockRef latch) {
  LoopBlocks l = {{0}, amdsyncArenaCreate()};
  bool ok = walkLoop(header, latch, collect, &l);
  for (int i = 0; ok && i < l.blocks.capacity; ++i) {
    LLVMBasicBlockRef b =
        (LLVMBasicBlockRef)amdsyncPtrMapKeyAt(&l.blocks, i);
    LLVMValueRef t = b ? LLVMGetBasicBlockTerminator(b) : NULL;
    if (!t)
      continue;
    for (unsigned k = 0; ok && k < LLVMGetNumSuccessors(t); ++k) {
      long in;
      ok = amdsyncPtrMapGet(&l.blocks, LLVMGetSuccessor(t, k), &in) ||
           b == latch;
    }
    ok = ok && (LLVMGetInstructionOpcode(t) == LLVMBr ||
                LLVMGetInstructionOpcode(t) == LLVMSwitch ||
                LLVMGetInstructionOpcode(t) == LLVMUnreachable);
  }
  amdsyncArenaDestroy(l.arena);
  return ok;
}

/* The range of counting phi `phi` = [c0, entry], [phi + s, latch] (c0 >= 0,
   s > 0 constants): c0 up to the last value the back edge may bring. The
   back edge is taken only where a comparison of phi or phi + s with a
   constant bounds it: at the latch's own branch, or at the header's, when
   the latch cannot be reached from the header's other successor without
   coming back through the header. A loop of the counting kind clang and
   convert-scf-to-cf write (for (i = 0; i < N; i++)). */
static bool countingPhiRange(LLVMValueRef phi, int depth, AmdsyncRange *out,
                             LoopBound *rel) {
  int64_t c0, step;
  LLVMValueRef next;
  LLVMBasicBlockRef latch;
  LLVMBasicBlockRef header = LLVMGetInstructionParent(phi);
  if (!countingShape(phi, &c0, &step, &next, &latch) || c0 < 0 ||
      c0 > INT32_MAX || step <= 0 || step > (1 << 20))
    return false;
  int64_t bound, last;
  LoopBound by;
  bool no_wrap = step == 1 && (LLVMGetNSW(next) || LLVMGetNUW(next));
  LLVMValueRef latch_br = LLVMGetBasicBlockTerminator(latch);
  if (edgeBound(latch_br, header, next, header, latch,
                step == 1 ? c0 + 1 : INT64_MAX, no_wrap, depth, &bound, &by)) {
    last = bound; /* the value brought back is at most the bound */
  } else if (edgeBound(latch_br, header, phi, header, latch,
                       step == 1 ? c0 : INT64_MAX, no_wrap, depth, &bound,
                       &by)) {
    last = bound + step;
    by.off += step;
  } else {
    /* The header's branch: the side that bounds phi must be the only way
       from the header to the latch. */
    LLVMValueRef hbr = LLVMGetBasicBlockTerminator(header);
    if (latch == header || !hbr || !LLVMIsABranchInst(hbr) ||
        !LLVMIsConditional(hbr))
      return false;
    int side = -1;
    for (int t = 0; t < 2 && side < 0; ++t)
      if (edgeBound(hbr, LLVMGetSuccessor(hbr, (unsigned)t), phi, header,
                    latch, step == 1 ? c0 : INT64_MAX, false, depth, &bound,
                    &by))
        side = t;
    LLVMBasicBlockRef other = LLVMGetSuccessor(hbr, (unsigned)(1 - side));
    if (side < 0 || (other != header && inLoop(other, header, latch) != 0))
      return false;
    last = bound + step;
    by.off += step;
  }
  /* Every value, and phi + s after it, fits the type signed: phi + s
     cannot wrap to a value a signed comparison lets back. The start
     counts too: above the bound, c0 + s is the first value the back edge
     tests (a review's i8 counter from 126 by 4 below 30 wraps to -126 and
     runs on). */
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(phi));
  int64_t most = last > c0 ? last : c0;
  if (most > INT32_MAX || w < 2 ||
      (w < 64 && most + step >= ((int64_t)1 << (w - 1))))
    return false;
  /* The values are c0 + step * m: the last one at most `last`. */
  int64_t top = last > c0 ? c0 + (last - c0) / step * step : c0;
  *out = (AmdsyncRange){true, true, c0, top, 0, 0, step};
  /* A bound that counts up (another loop's counter B plus k): phi is at
     most max(c0, B + k) <= B + max(c0 - lo(B), k), B's value at the time
     (B only grows). */
  *rel = by;
  if (rel->base && !loopNestedIn(header, latch, rel->base))
    rel->base = NULL; /* a counter of a loop inside this one, or beside
                         it, starts again: it bounds nothing here */
  if (rel->base)
    rel->off = c0 - by.base_lo > by.off ? c0 - by.base_lo : by.off;
  return true;
}

/* The symbol of workgroup-uniform phi `v` (its variable), created on first
   use, or -1: a phi the same in every lane whose range is known
   (shrinkingPhiRange, countingPhiRange), defined at the start of its
   block. */
static int symbolOfInPlain(const AmdsyncLlvmFunction *fn, LLVMValueRef v);

/* A symbol's range holds for every iteration: it is made outside any case
   of an iteration table (amdsyncLlvmIndexCases), whose constants would
   make one row's range every row's (a start `off + 0` folded to row 0's
   value). */
static int symbolOf(const AmdsyncLlvmFunction *fn, LLVMValueRef v) {
  AmdsyncLlvmFunction *f = (AmdsyncLlvmFunction *)fn; /* the environment */
  const AmdsyncLlvmIterations *table = f->case_table;
  f->case_table = NULL;
  int var = symbolOfInPlain(fn, v);
  f->case_table = table;
  return var;
}

static int symbolOfInPlain(const AmdsyncLlvmFunction *fn, LLVMValueRef v) {
  AmdsyncLlvmFunction *f = (AmdsyncLlvmFunction *)fn; /* the symbol cache */
  long have;
  if (amdsyncPtrMapGet(&f->symbol_of, v, &have))
    return (int)have;
  /* No symbol while this one's is being made: a bound that leads back
     here gets none. */
  amdsyncPtrMapPut(f->arena, &f->symbol_of, v, -1);
  int var = -1;
  AmdsyncRange range;
  LoopBound rel = {0, 0, NULL, 0, 0};
  long block;
  int64_t delta;
  LLVMTypeRef vt = LLVMTypeOf(v);
  bool flag = LLVMGetTypeKind(vt) == LLVMIntegerTypeKind &&
              LLVMGetIntTypeWidth(vt) == 1;
  if (flag) /* a flag: 0 or 1 (a ping-pong buffer's, phiForm) */
    range = (AmdsyncRange){true, true, 0, 1, 0, 0, 0};
  if (LLVMIsAPHINode(v) && amdsyncLlvmIsUniform(fn, v) &&
      !inductionSibling(v, kBoundDepth, &delta) &&
      (flag || shrinkingPhiRange(fn, v, &range) ||
       countingPhiRange(v, kBoundDepth, &range, &rel)) &&
      amdsyncPtrMapGet(&f->block_of, LLVMGetInstructionParent(v), &block) &&
      !f->program->finalized) {
    int outer = rel.base ? symbolOf(fn, rel.base) : -1;
    if (outer >= 0) {
      range.rel = outer - AMDSYNC_VAR_SYMBOL + 1;
      range.rel_c = rel.off;
    }
    var = amdsyncProgramAddSymbol(f->program, f->program->cfg->blocks[block],
                                  range);
  }
  amdsyncPtrMapPut(f->arena, &f->symbol_of, v, var);
  return var;
}

/* `v`'s form as a phi in step with another (inductionSibling): the
   other's symbol plus the difference. */
static bool siblingForm(const AmdsyncLlvmFunction *fn, LLVMValueRef v,
                        AmdsyncLinear *out) {
  int64_t delta;
  LLVMValueRef sib = amdsyncLlvmIsUniform(fn, v)
                         ? inductionSibling(v, kBoundDepth, &delta)
                         : NULL;
  int var = sib ? symbolOf(fn, sib) : -1;
  if (var < 0)
    return false;
  *out = amdsyncLinearVar(var, 1);
  out->c = delta;
  return true;
}

/* The value every load `load` of a private slot returns, when the slot has
   one store, in the entry block (which runs once: no branch enters it),
   and `load` comes after it: what that store stored (clang -O0's
   `unsigned t = threadIdx.x;`). NULL otherwise. */
static LLVMValueRef entrySlotValue(LLVMValueRef load) {
  LLVMValueRef slot = slotAllocaOf(LLVMGetOperand(load, 0));
  LLVMValueRef uses[kMaxSlotUses], store = NULL;
  int n = slot ? slotUses(slot, uses) : -1;
  for (int i = 0; i < n; ++i)
    if (LLVMIsAStoreInst(uses[i])) {
      if (store)
        return NULL; /* a second store */
      store = uses[i];
    }
  if (!store)
    return NULL;
  LLVMBasicBlockRef entry = LLVMGetInstructionParent(store);
  LLVMValueRef func = LLVMGetBasicBlockParent(entry);
  if (LLVMGetEntryBasicBlock(func) != entry ||
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(load)) != func)
    return NULL;
  if (LLVMGetInstructionParent(load) == entry) {
    /* In the entry block too: after the store. */
    for (LLVMValueRef i = store; i; i = LLVMGetNextInstruction(i))
      if (i == load)
        return LLVMGetOperand(store, 0);
    return NULL;
  }
  return LLVMGetOperand(store, 0);
}

/* clang -O0's shrinking loop counter in a private slot (slotCounterOf). */
typedef struct {
  LLVMValueRef init, shrink; /* its two stores */
  LLVMBasicBlockRef h;       /* the loop's header */
  /* The blocks after the shrinking store's, before h (single successors,
     at most 8). */
  LLVMBasicBlockRef chain[8];
  int nchain;
  int64_t c0; /* the constant the first stores */
  int var;    /* its symbol, -1 until made */
} SlotCounter;

/* Whether load `load` reads the value counter `sc`'s slot had when its
   header h last started: h dominates it, and the shrinking store does not
   reach it without entering h again: from that store every path runs
   along its single-successor chain to h, so `load` must lie neither after
   the store in its block nor in the chain. The first store, whose block
   dominates h, reaches nothing h dominates without passing h (a path
   around h from it, after the shortest path from the entry to it, which
   avoids h, would reach the block around h). */
static bool readsHeaderValue(const AmdsyncLlvmFunction *fn,
                             const SlotCounter *sc, LLVMValueRef load) {
  LLVMBasicBlockRef b = LLVMGetInstructionParent(load);
  if (!amdsyncLlvmDominates(fn, sc->h, b))
    return false;
  for (int i = 0; i < sc->nchain; ++i)
    if (sc->chain[i] == b)
      return false;
  for (LLVMValueRef i = LLVMGetPreviousInstruction(load); i;
       i = LLVMGetPreviousInstruction(i))
    if (i == sc->init || i == sc->shrink)
      return false;
  return true;
}

/* The counter private slot `slot` is, or NULL: one store of a constant c0
   before its loop and one of the slot's own value shifted right or divided
   (`for (s = 128; s > 0; s >>= 1)` at -O0, which mem2reg would make a phi
   of shrinkingPhiRange's shape), whose single-successor path leads to the
   header H (the first block entered from elsewhere too). Where every path
   from the entry to H passes the first store's block (no load reads the
   slot before a store) and H dominates the second store, a load that
   reads the value the slot had when H last started (readsHeaderValue) is
   one symbol defined at H, as that phi would be; by induction over H's
   starts every such value lies in [0, c0]. Made once per slot. */
static const SlotCounter *slotCounterIn(const AmdsyncLlvmFunction *fn,
                                        LLVMValueRef slot);

/* Made outside any case of an iteration table, as symbolOf's symbols are
   (its start would be one row's value). */
static const SlotCounter *slotCounterOf(const AmdsyncLlvmFunction *fn,
                                        LLVMValueRef slot) {
  AmdsyncLlvmFunction *f = (AmdsyncLlvmFunction *)fn; /* the environment */
  const AmdsyncLlvmIterations *table = f->case_table;
  f->case_table = NULL;
  const SlotCounter *sc = slotCounterIn(fn, slot);
  f->case_table = table;
  return sc;
}

static const SlotCounter *slotCounterIn(const AmdsyncLlvmFunction *fn,
                                        LLVMValueRef slot) {
  AmdsyncLlvmFunction *f = (AmdsyncLlvmFunction *)fn; /* the cache */
  long have;
  if (amdsyncPtrMapGet(&f->slot_counter, slot, &have))
    return have ? f->slot_counters.items[have - 1] : NULL;
  amdsyncPtrMapPut(f->arena, &f->slot_counter, slot, 0);
  LLVMValueRef uses[kMaxSlotUses], stores[2];
  int n = slotUses(slot, uses), nstores = 0;
  for (int i = 0; i < n; ++i)
    if (LLVMIsAStoreInst(uses[i])) {
      if (nstores == 2)
        return NULL;
      stores[nstores++] = uses[i];
    }
  if (nstores != 2)
    return NULL;
  /* Which is the first and which the shrinking store. */
  int k = -1;
  for (int i = 0; i < 2; ++i) {
    LLVMValueRef x = LLVMGetOperand(stores[i], 0);
    if (!LLVMIsAInstruction(x) ||
        LLVMGetTypeKind(LLVMTypeOf(x)) != LLVMIntegerTypeKind)
      continue;
    LLVMOpcode op = LLVMGetInstructionOpcode(x);
    LLVMValueRef src = LLVMGetOperand(x, 0), by = LLVMGetOperand(x, 1);
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(x));
    if ((op == LLVMLShr || op == LLVMAShr || op == LLVMUDiv) &&
        LLVMIsAConstantInt(by) &&
        (op == LLVMUDiv ? LLVMConstIntGetZExtValue(by) != 0
                        : LLVMConstIntGetZExtValue(by) < w) &&
        LLVMIsALoadInst(src) && slotAllocaOf(LLVMGetOperand(src, 0)) == slot)
      k = i;
  }
  if (k < 0)
    return NULL;
  SlotCounter sc;
  memset(&sc, 0, sizeof sc);
  sc.init = stores[1 - k];
  sc.shrink = stores[k];
  sc.var = -1;
  AmdsyncLinear c;
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(sc.shrink, 0)));
  if (w > 64 || !valueForm(fn, LLVMGetOperand(sc.init, 0), 1, &c) ||
      c.nterms || c.c < 0 || (w < 64 && c.c >= ((int64_t)1 << (w - 1))))
    return NULL;
  sc.c0 = c.c;
  LLVMBasicBlockRef bi = LLVMGetInstructionParent(sc.init);
  LLVMBasicBlockRef bs = LLVMGetInstructionParent(sc.shrink);
  sc.h = bs;
  for (int steps = 0;; ++steps) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(sc.h);
    if (steps == 8 || !term || LLVMGetNumSuccessors(term) != 1)
      return NULL;
    sc.h = LLVMGetSuccessor(term, 0);
    if (amdsyncLlvmPredecessorCount(fn, sc.h) > 1)
      break;
    sc.chain[sc.nchain++] = sc.h; /* between the store's block and H */
  }
  /* The first store's block dominates H (no load reads the slot unset),
     H the shrinking store's, and the load it shrinks reads H's value. */
  LLVMValueRef shrunk = LLVMGetOperand(LLVMGetOperand(sc.shrink, 0), 0);
  if (sc.h == bi || sc.h == bs || !amdsyncLlvmDominates(fn, bi, sc.h) ||
      !amdsyncLlvmDominates(fn, sc.h, bs) ||
      !readsHeaderValue(fn, &sc, shrunk))
    return NULL;
  SlotCounter *keep = amdsyncArenaAlloc(f->arena, sizeof *keep);
  *keep = sc;
  amdsyncPtrVecPush(f->arena, &f->slot_counters, keep);
  amdsyncPtrMapPut(f->arena, &f->slot_counter, slot, f->slot_counters.count);
  return keep;
}

/* The symbol of the loop counter (slotCounterOf) that load `load` reads,
   or -1. Its loads must be workgroup-uniform (amdsyncLlvmIsUniform: rule 5
   of the uniformity analysis). */
static int slotSymbol(const AmdsyncLlvmFunction *fn, LLVMValueRef load) {
  LLVMValueRef slot = privateSlotOf(LLVMGetOperand(load, 0));
  const SlotCounter *sc = slot ? slotCounterOf(fn, slot) : NULL;
  long block;
  if (!sc || !readsHeaderValue(fn, sc, load) ||
      !amdsyncLlvmIsUniform(fn, load) ||
      LLVMTypeOf(load) != LLVMTypeOf(LLVMGetOperand(sc->init, 0)) ||
      !amdsyncPtrMapGet(&fn->block_of, sc->h, &block))
    return -1;
  SlotCounter *m = (SlotCounter *)sc;
  if (m->var < 0) {
    if (fn->program->finalized)
      return -1;
    m->var = amdsyncProgramAddSymbol(fn->program,
                                     fn->program->cfg->blocks[block],
                                     (AmdsyncRange){true, true, 0, sc->c0, 0,
                                                    0, 0});
  }
  return m->var;
}

static bool xorForm(const AmdsyncLlvmFunction *fn, LLVMValueRef v, int depth,
                    AmdsyncLinear *out);

/* Integer `v` as a linear form over the thread ids and symbols, equal to
   it modulo 2^width (add, sub, mul and shl by constants, which keep that),
   made exact at each sign or zero extension by checking the range it
   needs. False for anything else. */
static bool valueForm(const AmdsyncLlvmFunction *fn, LLVMValueRef v, int depth,
                      AmdsyncLinear *out) {
  if (depth > kFormDepth)
    return false;
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(t) > 64)
    return false;
  if (LLVMIsAConstantInt(v)) {
    *out = amdsyncLinearConst(LLVMConstIntGetSExtValue(v));
    return true;
  }
  int dim;
  if (isWorkItemQuery(v, AMDSYNC_QUERY_LOCAL_SIZE, &dim) && fn->extent_exact &&
      fn->extent[dim] > 0) {
    *out = amdsyncLinearConst(fn->extent[dim]);
    return true;
  }
  if (isWorkitemId(v, &dim) || isWorkItemQuery(v, AMDSYNC_QUERY_LOCAL_ID, &dim)) {
    /* A dimension of one thread: its id is 0 in every lane. */
    *out = fn->extent[dim] == 1 ? amdsyncLinearConst(0)
                                : amdsyncLinearVar(AMDSYNC_VAR_TID_X + dim, 1);
    return true;
  }
  /* One iteration of a loop with an iteration table: its counters are
     constants (amdsyncLlvmIndexCases). */
  int64_t counter;
  if (fn->case_table && LLVMIsAPHINode(v) &&
      amdsyncLlvmCounterValue(fn->case_table, fn->case_row, v, &counter)) {
    *out = amdsyncLinearConst(counter);
    return true;
  }
  int var = symbolOf(fn, v);
  if (var >= 0) {
    *out = amdsyncLinearVar(var, 1);
    return true;
  }
  if (LLVMIsAPHINode(v) && siblingForm(fn, v, out))
    return true;
  LLVMOpcode op;
  if (!opcodeOf(v, &op))
    return false;
  /* Reading a loop's value after lanes left it in different iterations:
     its symbol is not what each lane holds. */
  if (LLVMIsAInstruction(v) && amdsyncLlvmTemporal(fn, v))
    return false;
  AmdsyncLinear a, b, zero = amdsyncLinearConst(0);
  switch (op) {
  case LLVMLoad: {
    /* A local the entry block stores once (clang -O0). */
    LLVMValueRef stored = LLVMIsAInstruction(v) ? entrySlotValue(v) : NULL;
    if (stored)
      return valueForm(fn, stored, depth + 1, out);
    int slot_var = LLVMIsAInstruction(v) ? slotSymbol(fn, v) : -1;
    if (slot_var < 0)
      return false;
    *out = amdsyncLinearVar(slot_var, 1);
    return true;
  }
  case LLVMOr:
    /* `or disjoint` (clang's `tid + 16` where tid < 16): the operands share
       no set bit, or the result is poison, so it is their sum. */
    if (!LLVMIsAInstruction(v) || !LLVMGetIsDisjoint(v))
      return false;
    /* fall through */
  case LLVMAdd:
  case LLVMSub:
    return valueForm(fn, LLVMGetOperand(v, 0), depth + 1, &a) &&
           valueForm(fn, LLVMGetOperand(v, 1), depth + 1, &b) &&
           amdsyncLinearAddScaled(&a, &b, op == LLVMSub ? -1 : 1, out);
  case LLVMMul:
    if (!valueForm(fn, LLVMGetOperand(v, 0), depth + 1, &a) ||
        !valueForm(fn, LLVMGetOperand(v, 1), depth + 1, &b))
      return false;
    if (a.nterms == 0)
      return amdsyncLinearAddScaled(&zero, &b, a.c, out);
    return b.nterms == 0 && amdsyncLinearAddScaled(&zero, &a, b.c, out);
  case LLVMShl: {
    /* By a constant, or by a counter of the iteration read
       (amdsyncLlvmIndexCases: `1 << i`). */
    if (!valueForm(fn, LLVMGetOperand(v, 1), depth + 1, &b) || b.nterms ||
        b.c < 0 || b.c >= 62 || b.c >= (int64_t)LLVMGetIntTypeWidth(t))
      return false;
    return valueForm(fn, LLVMGetOperand(v, 0), depth + 1, &a) &&
           amdsyncLinearAddScaled(&zero, &a, (int64_t)1 << b.c, out);
  }
  case LLVMSExt:
  case LLVMZExt: {
    LLVMValueRef x = LLVMGetOperand(v, 0);
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(x));
    int64_t lo, hi;
    if (w >= 63 || !valueForm(fn, x, depth + 1, &a) ||
        !amdsyncProgramFormRange(fn->program, &a, &lo, &hi))
      return false;
    /* Exact when the source width held the value as the extension reads
       it: signed for sext, unsigned for zext. */
    int64_t min = op == LLVMSExt ? -((int64_t)1 << (w - 1)) : 0;
    int64_t max = op == LLVMSExt ? ((int64_t)1 << (w - 1)) - 1
                                 : ((int64_t)1 << w) - 1;
    if (lo < min || hi > max)
      return false;
    *out = a;
    return true;
  }
  case LLVMTrunc: {
    /* Exact when every value is non-negative and below the narrow type's
       sign bit: signed and unsigned readings of the result agree. */
    int64_t lo, hi;
    unsigned w = LLVMGetIntTypeWidth(t);
    if (w < 2 || !valueForm(fn, LLVMGetOperand(v, 0), depth + 1, &a) ||
        !amdsyncProgramFormRange(fn->program, &a, &lo, &hi) || lo < 0 ||
        (w < 64 && hi > ((int64_t)1 << (w - 1)) - 1))
      return false;
    *out = a;
    return true;
  }
  case LLVMSDiv:
  case LLVMUDiv:
  case LLVMSRem:
  case LLVMURem:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMAnd:
  case LLVMXor: {
    /* Of two constants (as the upstream lowering of gpu.all_reduce
       computes its wave count from the block's extents; a ping-pong flag
       `pout ^ 1` in a row of an iteration table), folded where the
       constants are non-negative, so every reading agrees. */
    /* The forms equal the operands modulo 2^width: below the sign bit
       they are the operands. */
    unsigned w = LLVMGetIntTypeWidth(t);
    bool bits = op == LLVMAnd || op == LLVMXor;
    if (!valueForm(fn, LLVMGetOperand(v, 0), depth + 1, &a) ||
        !valueForm(fn, LLVMGetOperand(v, 1), depth + 1, &b) || a.nterms ||
        b.nterms || a.c < 0 || b.c < 0 ||
        (b.c == 0 && !bits && op != LLVMLShr && op != LLVMAShr) ||
        ((op == LLVMLShr || op == LLVMAShr) && b.c >= (int64_t)w) ||
        (w < 64 && (a.c >= ((int64_t)1 << (w - 1)) ||
                    b.c >= ((int64_t)1 << (w - 1)))))
      return op == LLVMXor && xorForm(fn, v, depth, out);
    *out = amdsyncLinearConst(op == LLVMAnd                       ? a.c & b.c
                              : op == LLVMXor                    ? a.c ^ b.c
                              : op == LLVMSDiv || op == LLVMUDiv ? a.c / b.c
                              : op == LLVMLShr || op == LLVMAShr ? a.c >> b.c
                                                                 : a.c % b.c);
    return true;
  }
  default:
    return false;
  }
}

/* Whether GEP index `idx` of form `f` is `f`: an index narrower than the
   LDS index width (32 bits) is sign-extended to it, so its form (exact
   modulo 2^width only) must lie in the signed range of its width, as a
   sext's operand must (a reviewer's `gep float, i16 (trunc(tid) * 128)`:
   lane 512's index wraps to 0). A wider one is truncated: modulo 2^32, as
   amdsyncLlvmIndexForm takes every step. */
static bool holdsIndex(const AmdsyncLlvmFunction *fn, LLVMValueRef idx,
                       const AmdsyncLinear *f) {
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(idx));
  int64_t lo, hi;
  if (w >= 32)
    return true;
  return w >= 2 && amdsyncProgramFormRange(fn->program, f, &lo, &hi) &&
         lo >= -((int64_t)1 << (w - 1)) && hi <= ((int64_t)1 << (w - 1)) - 1;
}

/* The bytes GEP `g` adds, as a form over the thread ids (modulo 2^64). */
static bool gepForm(const AmdsyncLlvmFunction *fn, LLVMValueRef g,
                    AmdsyncLinear *out) {
  LLVMTargetDataRef layout = fn->layout;
  if (LLVMIsAInstruction(g) && amdsyncLlvmTemporal(fn, g))
    return false; /* a loop's value after a divergent exit (valueForm) */
  if (LLVMGetTypeKind(LLVMTypeOf(g)) != LLVMPointerTypeKind)
    return false; /* a vector of pointers */
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(g);
  AmdsyncLinear off = amdsyncLinearConst(0);
  uint64_t size;
  for (int i = 1, n = LLVMGetNumOperands(g); i < n; ++i) {
    LLVMValueRef idx = LLVMGetOperand(g, (unsigned)i);
    if (i > 1 && LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
      if (!LLVMIsAConstantInt(idx) ||
          LLVMConstIntGetZExtValue(idx) >= LLVMCountStructElementTypes(ty))
        return false;
      unsigned k = (unsigned)LLVMConstIntGetZExtValue(idx);
      off.c += (int64_t)LLVMOffsetOfElement(layout, ty, k);
      ty = LLVMStructGetTypeAtIndex(ty, k);
      continue;
    }
    if (i > 1) {
      if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind)
        return false;
      ty = LLVMGetElementType(ty);
    }
    AmdsyncLinear f;
    if (!allocSize(layout, ty, &size) || size > INT32_MAX ||
        !valueForm(fn, idx, 0, &f) || !holdsIndex(fn, idx, &f) ||
        !amdsyncLinearAddScaled(&off, &f, (int64_t)size, &off))
      return false;
  }
  *out = off;
  return true;
}

/* The phis whose coupling to a flag (phiForm) is being checked, with the
   form each is assumed to have once it is known: a cycle of phis (a
   ping-pong pointer carried by two nested loops) is checked as one
   induction. */
enum { kMaxCoupled = 8 };

/* A pointer phi's form as phiForm proved it, and the object it is based
   on (AmdsyncLlvmFunction.phi_forms). */
typedef struct {
  AmdsyncLinear form;
  LLVMValueRef member;
} PhiForm;
typedef struct {
  LLVMValueRef phi[kMaxCoupled];
  AmdsyncLinear form[kMaxCoupled];
  bool known[kMaxCoupled];
  int n;
  int used; /* the lowest entry whose assumption a result read (n: none) */
} Coupling;

static bool offsetForm(const AmdsyncLlvmFunction *fn, LLVMValueRef p,
                       int depth, Coupling *cp, LLVMValueRef *member,
                       AmdsyncLinear *out);

/* Boolean `c` as 0 or 1, a form: a constant, `xor c, true`, or a form
   (valueForm, equal to `c` modulo 2) whose range is [0, 1], so equal to it:
   the symbol of a uniform flag phi. */
static bool boolForm(const AmdsyncLlvmFunction *fn, LLVMValueRef c, int depth,
                     AmdsyncLinear *out) {
  LLVMTypeRef t = LLVMTypeOf(c);
  if (depth > kFormDepth || LLVMGetTypeKind(t) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(t) != 1)
    return false;
  if (LLVMIsAConstantInt(c)) {
    *out = amdsyncLinearConst((int64_t)LLVMConstIntGetZExtValue(c));
    return true;
  }
  LLVMOpcode op;
  if (opcodeOf(c, &op) && op == LLVMXor) {
    for (unsigned k = 0; k < 2; ++k) {
      LLVMValueRef one = LLVMGetOperand(c, k), x = LLVMGetOperand(c, 1 - k);
      AmdsyncLinear a, neg = amdsyncLinearConst(1);
      if (LLVMIsAConstantInt(one) && LLVMConstIntGetZExtValue(one) == 1)
        return boolForm(fn, x, depth + 1, &a) &&
               amdsyncLinearAddScaled(&neg, &a, -1, out);
    }
    return false;
  }
  int64_t lo, hi;
  return valueForm(fn, c, depth + 1, out) &&
         amdsyncProgramFormRange(fn->program, out, &lo, &hi) && lo >= 0 &&
         hi <= 1;
}

/* Whether members `a` and `b` (offsetForm's) are in one resource: the same
   object, or globals of one group. */
static bool sameResource(const AmdsyncLlvmFunction *fn, LLVMValueRef a,
                         LLVMValueRef b) {
  long ra, rb, base;
  return a == b ||
         (amdsyncPtrMapGet(&fn->group_base, a, &base) &&
          amdsyncPtrMapGet(&fn->group_base, b, &base) &&
          amdsyncPtrMapGet(&fn->resource_of, a, &ra) &&
          amdsyncPtrMapGet(&fn->resource_of, b, &rb) && ra == rb);
}

/* `select c, a, b` of two pointers into one resource: b's offset plus
   c times the difference, which must be a constant (a ping-pong pair). */
static bool selectForm(const AmdsyncLlvmFunction *fn, LLVMValueRef v,
                       int depth, Coupling *cp, LLVMValueRef *member,
                       AmdsyncLinear *out) {
  AmdsyncLinear c, fa, fb, d;
  LLVMValueRef ma, mb;
  if (amdsyncLlvmTemporal(fn, v) ||
      !boolForm(fn, LLVMGetOperand(v, 0), depth + 1, &c) ||
      !offsetForm(fn, LLVMGetOperand(v, 1), depth + 1, cp, &ma, &fa) ||
      !offsetForm(fn, LLVMGetOperand(v, 2), depth + 1, cp, &mb, &fb) ||
      (ma && mb && !sameResource(fn, ma, mb)) ||
      !amdsyncLinearAddScaled(&fa, &fb, -1, &d))
    return false;
  *member = ma ? ma : mb; /* NULL: read from a phi being checked */
  if (c.nterms == 0) {
    *out = c.c ? fa : fb;
    return true;
  }
  if (d.nterms != 0)
    return false;
  return amdsyncLinearAddScaled(&fb, &c, d.c, out);
}

/* The incoming value of phi `phi` from block `bb`, or NULL. */
static LLVMValueRef incomingFrom(LLVMValueRef phi, LLVMBasicBlockRef bb) {
  for (unsigned i = 0, n = LLVMCountIncoming(phi); i < n; ++i)
    if (LLVMGetIncomingBlock(phi, i) == bb)
      return LLVMGetIncomingValue(phi, i);
  return NULL;
}

/* Whether incoming edge `k` of pointer phi `p` (entry `at` of `cp`) and
   flag phi `f` brings a pointer of offset A + D * flag, the flag's value
   on that edge: `*a` and `*d` are found where `*found` is false (from an
   edge whose flag is not constant, or two that give it 0 and 1: `*zero`
   and `*one` keep those offsets until both are seen), checked where it is
   true. Both values are read where the edge leaves (a phi's operands are
   used at the end of its predecessor), each dominated by its definition,
   so the symbols in their forms have one value there. */
static bool coupledEdge(const AmdsyncLlvmFunction *fn, LLVMValueRef p,
                        LLVMValueRef f, unsigned k, int depth, Coupling *cp,
                        bool *found, int64_t *a, int64_t *d, LLVMValueRef *member,
                        AmdsyncLinear *zero, AmdsyncLinear *one) {
  LLVMBasicBlockRef from = LLVMGetIncomingBlock(p, k);
  LLVMValueRef fk = incomingFrom(f, from);
  AmdsyncLinear pf, ff, rest;
  LLVMValueRef m;
  if (!fk || !offsetForm(fn, LLVMGetIncomingValue(p, k), depth + 1, cp, &m,
                         &pf) ||
      !boolForm(fn, fk, depth + 1, &ff) ||
      (m && *member && !sameResource(fn, m, *member)))
    return false;
  if (m)
    *member = m; /* NULL: read from a phi being checked */
  if (*found) {
    AmdsyncLinear hyp = amdsyncLinearConst(*a);
    return amdsyncLinearAddScaled(&hyp, &ff, *d, &hyp) &&
           amdsyncLinearAddScaled(&pf, &hyp, -1, &rest) && rest.nterms == 0 &&
           rest.c == 0;
  }
  if (ff.nterms > 0) {
    int64_t fc = ff.coef[0], pc = amdsyncLinearCoef(&pf, ff.var[0]);
    if (fc == 0 || pc % fc != 0)
      return false;
    *d = pc / fc;
    AmdsyncLinear base;
    if (!amdsyncLinearAddScaled(&pf, &ff, -*d, &base) || base.nterms)
      return false;
    *a = base.c;
    *found = true;
    return true;
  }
  if (pf.nterms)
    return false;
  AmdsyncLinear *slot = ff.c ? one : zero;
  if (slot->nterms == 0 && slot->c != INT64_MIN && slot->c != pf.c)
    return false; /* two edges, one flag, two offsets */
  *slot = pf;
  if (zero->c != INT64_MIN && one->c != INT64_MIN) {
    *a = zero->c;
    *d = one->c - zero->c;
    *found = true;
  }
  return true;
}

/* Pointer phi `p` as one of two that swap (a double buffer: `t = cur;
   cur = nxt; nxt = t;`): phis `p` and `q` of one block, the same in every
   lane, whose values on every incoming edge are (p, q) or (q, p), the
   phis themselves (kept or swapped), or (u, v), the same two values on
   every other edge (the start), whose offsets differ by a constant and
   hold no symbol (so they are the same wherever read). Then {p, q} is
   {u, v} at every entry: p = u + (v - u) * phi and q = v + (u - v) * phi,
   phi a flag of the pair (a symbol of [0, 1] defined at the block, made
   here: it is 0 after a start, flips with a swap, stays with a keep). */
static bool swapForm(const AmdsyncLlvmFunction *fn, LLVMValueRef p, int depth,
                     Coupling *cp, LLVMValueRef *member, AmdsyncLinear *out) {
  AmdsyncLlvmFunction *w = (AmdsyncLlvmFunction *)fn; /* the flag cache */
  LLVMBasicBlockRef h = LLVMGetInstructionParent(p);
  long block;
  if (!amdsyncLlvmIsUniform(fn, p) || fn->program->finalized ||
      !amdsyncPtrMapGet(&fn->block_of, h, &block))
    return false;
  unsigned n = LLVMCountIncoming(p);
  for (LLVMValueRef q = LLVMGetFirstInstruction(h); q && LLVMIsAPHINode(q);
       q = LLVMGetNextInstruction(q)) {
    if (q == p || LLVMTypeOf(q) != LLVMTypeOf(p) ||
        !amdsyncLlvmIsUniform(fn, q))
      continue;
    LLVMValueRef u = NULL, v = NULL;
    bool swaps = true;
    for (unsigned k = 0; k < n && swaps; ++k) {
      LLVMValueRef pk = LLVMGetIncomingValue(p, k);
      LLVMValueRef qk = incomingFrom(q, LLVMGetIncomingBlock(p, k));
      if ((pk == p && qk == q) || (pk == q && qk == p))
        continue;
      swaps = qk && (!u || (pk == u && qk == v));
      u = pk;
      v = qk;
    }
    AmdsyncLinear fu, fv, d;
    LLVMValueRef mu, mv;
    if (!swaps || !u || !offsetForm(fn, u, depth + 1, cp, &mu, &fu) ||
        !offsetForm(fn, v, depth + 1, cp, &mv, &fv) || !mu || !mv ||
        !sameResource(fn, mu, mv) || !amdsyncLinearAddScaled(&fv, &fu, -1, &d) ||
        d.nterms || d.c == 0)
      continue;
    bool plain = true;
    for (int i = 0; i < fu.nterms; ++i)
      plain &= fu.var[i] < AMDSYNC_VAR_SYMBOL;
    if (!plain)
      continue;
    /* One flag for the pair, whichever of the two is asked first. */
    LLVMValueRef key = p;
    for (LLVMValueRef x = LLVMGetFirstInstruction(h); x != p;
         x = LLVMGetNextInstruction(x))
      key = x == q ? q : key;
    long var;
    if (!amdsyncPtrMapGet(&fn->swap_flag, key, &var)) {
      AmdsyncRange flag = {true, true, 0, 1, 0, 0, 0};
      var = amdsyncProgramAddSymbol(fn->program,
                                    fn->program->cfg->blocks[block], flag);
      amdsyncPtrMapPut(fn->arena, &w->swap_flag, key, var);
    }
    AmdsyncLinear phi = amdsyncLinearVar((int)var, 1);
    if (!amdsyncLinearAddScaled(&fu, &phi, d.c, out))
      continue;
    *member = mu;
    return true;
  }
  return false;
}

/* Pointer phi `p` as A + D * flag, where flag is a uniform `i1` phi of the
   same block (a ping-pong pointer and the flag it flips with): an
   induction over the block's entries. If every incoming edge brings a
   pointer at A + D times the flag it brings, assuming each phi being
   checked has its form where it is read, then the form holds at every
   entry, so at every point the phis are read. An edge that reads `p`
   itself is checked under that assumption; A and D come from the other
   edges first. */
static bool phiForm(const AmdsyncLlvmFunction *fn, LLVMValueRef p, int depth,
                    Coupling *cp, LLVMValueRef *member, AmdsyncLinear *out) {
  AmdsyncLlvmFunction *w = (AmdsyncLlvmFunction *)fn; /* the form cache */
  long have;
  if (amdsyncPtrMapGet(&fn->phi_form, p, &have)) {
    if (!have)
      return false;
    const PhiForm *known = fn->phi_forms.items[have - 1];
    *out = known->form;
    *member = known->member;
    return true;
  }
  for (int i = 0; i < cp->n; ++i)
    if (cp->phi[i] == p) {
      cp->used = i < cp->used ? i : cp->used;
      if (!cp->known[i])
        return false;
      *out = cp->form[i];
      *member = NULL;
      return true;
    }
  if (cp->n == kMaxCoupled || depth > kFormDepth ||
      amdsyncLlvmTemporal(fn, p))
    return false;
  int at = cp->n++;
  int used_before = cp->used;
  cp->used = kMaxCoupled;
  cp->phi[at] = p;
  cp->known[at] = false;
  LLVMValueRef m = NULL;
  bool ok = swapForm(fn, p, depth, cp, &m, out);
  unsigned n = LLVMCountIncoming(p);
  for (LLVMValueRef f = LLVMGetFirstInstruction(LLVMGetInstructionParent(p));
       f && LLVMIsAPHINode(f) && !ok; f = LLVMGetNextInstruction(f)) {
    AmdsyncLinear flag;
    LLVMTypeRef ft = LLVMTypeOf(f);
    if (LLVMGetTypeKind(ft) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(ft) != 1 || !boolForm(fn, f, depth + 1, &flag) ||
        flag.nterms != 1 || flag.var[0] < AMDSYNC_VAR_SYMBOL)
      continue;
    cp->known[at] = false; /* a candidate before may have set it */
    bool found = false;
    int64_t a = 0, d = 0;
    AmdsyncLinear zero = amdsyncLinearConst(INT64_MIN);
    AmdsyncLinear one = amdsyncLinearConst(INT64_MIN);
    m = NULL;
    for (unsigned k = 0; k < n && !found; ++k)
      (void)coupledEdge(fn, p, f, k, depth, cp, &found, &a, &d, &m, &zero,
                        &one);
    if (!found)
      continue;
    AmdsyncLinear form = amdsyncLinearConst(a);
    if (!amdsyncLinearAddScaled(&form, &flag, d, &form))
      continue;
    cp->known[at] = true;
    cp->form[at] = form;
    ok = true;
    m = NULL;
    for (unsigned k = 0; k < n && ok; ++k)
      ok = coupledEdge(fn, p, f, k, depth, cp, &found, &a, &d, &m, &zero, &one);
    if (ok)
      *out = form;
  }
  --cp->n;
  /* Cached only where no assumption of an outer phi was read (its own
     is proven with it). */
  bool alone = cp->used >= at;
  if (!alone && cp->used < used_before)
    used_before = cp->used;
  cp->used = used_before;
  if (alone && !fn->case_table) {
    long idx = 0;
    if (ok && m) {
      PhiForm *keep = amdsyncArenaAlloc(fn->arena, sizeof *keep);
      keep->form = *out;
      keep->member = m;
      amdsyncPtrVecPush(fn->arena, &w->phi_forms, keep);
      idx = w->phi_forms.count;
    }
    amdsyncPtrMapPut(fn->arena, &w->phi_form, p, idx);
  }
  *member = m;
  return ok && m;
}

/* Pointer `p`'s offset in its resource as a form (modulo 2^64), and in
   `*member` the object it is based on (a member of the resource): the
   GEPs and casts from a base, which is an LDS global (at its base in its
   group), an LDS pointer argument the same in every lane (a kernel's
   `__local` argument; a helper's arguments are not), a select of two
   pointers into one resource (selectForm) or a phi coupled to a flag
   (phiForm). */
static bool offsetForm(const AmdsyncLlvmFunction *fn, LLVMValueRef p,
                       int depth, Coupling *cp, LLVMValueRef *member,
                       AmdsyncLinear *out) {
  LLVMValueRef chain[kMaxChain];
  int n = 0;
  for (;;) {
    if (LLVMIsAGlobalVariable(p) ||
        (LLVMIsAArgument(p) && amdsyncLlvmIsUniform(fn, p)) ||
        LLVMIsASelectInst(p) || LLVMIsAPHINode(p))
      break;
    if (n == kMaxChain || depth > kFormDepth ||
        (LLVMIsAInstruction(p) && amdsyncLlvmTemporal(fn, p)))
      return false; /* a step reads a loop's value after a divergent exit */
    chain[n++] = p;
    p = pointerSource(p);
    if (!p)
      return false;
  }
  if (!isLdsPointerType(LLVMTypeOf(p)) &&
      !(LLVMIsASelectInst(p) || LLVMIsAPHINode(p)))
    return false;
  AmdsyncLinear off;
  if (LLVMIsASelectInst(p)) {
    if (!amdsyncLlvmIsPointerLike(LLVMTypeOf(p)) ||
        LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind ||
        !selectForm(fn, p, depth + 1, cp, member, &off))
      return false;
  } else if (LLVMIsAPHINode(p)) {
    /* A phi's form holds in every iteration: no row of a table. */
    AmdsyncLlvmFunction *f = (AmdsyncLlvmFunction *)fn; /* the environment */
    const AmdsyncLlvmIterations *table = f->case_table;
    f->case_table = NULL;
    bool ok = LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMPointerTypeKind &&
              phiForm(fn, p, depth + 1, cp, member, &off);
    f->case_table = table;
    if (!ok)
      return false;
  } else {
    *member = p;
    off = amdsyncLinearConst(LLVMIsAGlobalVariable(p) ? groupBase(fn, p) : 0);
  }
  /* Every step adds modulo 2^32 or 2^64 (casts keep the low 32 bits of an
     LDS address), so the form equals the offset modulo 2^32. */
  for (int i = n - 1; i >= 0; --i) {
    LLVMOpcode op;
    AmdsyncLinear step;
    if (opcodeOf(chain[i], &op) && op == LLVMGetElementPtr &&
        (!gepForm(fn, chain[i], &step) ||
         !amdsyncLinearAddScaled(&off, &step, 1, &off)))
      return false;
  }
  *out = off;
  return true;
}

bool amdsyncLlvmIndexForm(const AmdsyncLlvmFunction *fn, LLVMValueRef p,
                          int64_t size, LLVMValueRef *global,
                          AmdsyncLinear *out) {
  Coupling cp;
  cp.n = 0;
  cp.used = kMaxCoupled;
  LLVMValueRef base;
  AmdsyncLinear off;
  if (!offsetForm(fn, p, 0, &cp, &base, &off))
    return false;
  /* The form equals the offset modulo 2^32, and is the offset where it
     lies in [0, 2^32) for every thread. Which object the bytes are in is
     the resource's question (amdsyncLlvmResourceOf), as for any offset
     that is not constant.
     A thread that runs the access reads within the object its pointer is
     based on (anything else is undefined), so where the object's size S
     is known (a global's, or its group's) its offset lies in [0, S): a
     form equal to it modulo 2^32 and in (S - 2^32, 2^32) is it, even where
     threads that never run the access (`sh[tid - 128]` under `tid.y !=
     0`) give a negative value. A kernel's LDS argument (OpenCL's `__local`
     argument: the runtime passes the start of a buffer it allocates) has
     no size here, but no LDS object reaches 2^20 bytes (320 KiB on the
     largest chip). */
  int64_t lo, hi, floor = 0;
  uint64_t object = (uint64_t)1 << 20;
  long group;
  if (LLVMIsAGlobalVariable(base) &&
      amdsyncPtrMapGet(&fn->group_bytes, base, &group))
    floor = (int64_t)group - ((int64_t)1 << 32) + 1;
  else if (!LLVMIsAGlobalVariable(base) ||
           (allocSize(fn->layout, LLVMGlobalGetValueType(base), &object) &&
            object > 0 && object <= ((uint64_t)1 << 20)))
    floor = (int64_t)object - ((int64_t)1 << 32) + 1;
  if (size <= 0 || !amdsyncProgramFormRange(fn->program, &off, &lo, &hi) ||
      lo < floor || hi > ((int64_t)1 << 32) - size)
    return false;
  *global = base;
  *out = off;
  return true;
}

/*===--- Guards: what a branch tells about thread ids ----------------------===*/

/* `v`'s form where it is exact as an integer of its width read signed or
   unsigned, over thread ids up to AMDSYNC_TID_MAX. */
static bool exactForm(const AmdsyncLlvmFunction *fn, LLVMValueRef v,
                      bool is_signed, AmdsyncLinear *out) {
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  int64_t lo, hi;
  if (w > 64 || !valueForm(fn, v, 0, out) || !amdsyncProgramFormRange(fn->program, out, &lo, &hi))
    return false;
  /* The form's range is in 64 signed bits (formRange fails otherwise). */
  if (w == 64)
    return is_signed || lo >= 0;
  int64_t min = is_signed ? -((int64_t)1 << (w - 1)) : 0;
  int64_t max = is_signed ? ((int64_t)1 << (w - 1)) - 1
                : w == 63 ? INT64_MAX
                          : ((int64_t)1 << w) - 1;
  return lo >= min && hi <= max;
}

static AmdsyncRelation relationOf(LLVMIntPredicate pred);
static bool isBool(LLVMValueRef v, bool value);

/* What xorForm looks for on the edges every path to an access takes: a
   test of bit `c` of `x` (through `v` = x ^ c itself, or x & c). */
typedef struct {
  const AmdsyncLlvmFunction *fn;
  LLVMValueRef v, x;
  int64_t c;
  int bit; /* -1 unknown, else the bit's value past the edge */
} BitTest;

static bool condTellsBit(BitTest *t, LLVMValueRef cmp, bool holds, int depth);

/* Bit c of x where `l P r` (relation `rel`, not EQ or NE; one side x ^ c,
   the other x, `xor_left` when l is the xor) holds, or fails (`holds`
   false): x ^ c lies above x exactly where the bit is clear (0). */
static int bitOfXorTest(AmdsyncRelation rel, bool xor_left, bool holds) {
  static const AmdsyncRelation kMirror[] = {
      [AMDSYNC_REL_LT] = AMDSYNC_REL_GT, [AMDSYNC_REL_LE] = AMDSYNC_REL_GE,
      [AMDSYNC_REL_GT] = AMDSYNC_REL_LT, [AMDSYNC_REL_GE] = AMDSYNC_REL_LE,
      [AMDSYNC_REL_EQ] = AMDSYNC_REL_EQ, [AMDSYNC_REL_NE] = AMDSYNC_REL_NE};
  assert(rel != AMDSYNC_REL_EQ && rel != AMDSYNC_REL_NE);
  if (!xor_left)
    rel = kMirror[rel]; /* x P (x ^ c) */
  if (!holds)
    rel = amdsyncRelationNegate(rel);
  return rel == AMDSYNC_REL_GT || rel == AMDSYNC_REL_GE ? 0 : 1;
}

/* Whether edge `from` -> `to` tells bit t->c of t->x: the branch ending
   `from` takes it where `icmp P (x ^ c), x` (x ^ c above x: the bit is
   clear; below: set) or `icmp eq/ne (x & c), 0` holds or fails. */
static bool edgeTellsBit(LLVMBasicBlockRef from, LLVMBasicBlockRef to,
                         void *ctx) {
  BitTest *t = ctx;
  LLVMValueRef br = LLVMGetBasicBlockTerminator(from);
  if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br) ||
      LLVMGetSuccessor(br, 0) == LLVMGetSuccessor(br, 1))
    return false;
  return condTellsBit(t, LLVMGetCondition(br), LLVMGetSuccessor(br, 0) == to,
                       0);
}

/* Whether condition `cmp`, where it `holds` (or fails), tells bit t->c of
   t->x: a test of it, or one of the conditions `and` and `select c, x,
   false` both hold in, or `or` and `select c, true, x` both fail in. */
static bool condTellsBit(BitTest *t, LLVMValueRef cmp, bool holds, int depth) {
  LLVMOpcode cop;
  if (depth > 8 || !opcodeOf(cmp, &cop))
    return false;
  if (cop == LLVMAnd || cop == LLVMOr || cop == LLVMSelect) {
    LLVMValueRef x = LLVMGetOperand(cmp, 0), y = LLVMGetOperand(cmp, 1);
    bool both = cop == LLVMAnd ? holds : cop == LLVMOr ? !holds : false;
    if (cop == LLVMSelect) {
      LLVMValueRef z = LLVMGetOperand(cmp, 2);
      if (holds && isBool(z, false))
        both = true; /* c ? y : false */
      else if (!holds && isBool(y, true)) {
        both = true; /* c ? true : z */
        y = z;
      }
    }
    if (LLVMGetTypeKind(LLVMTypeOf(cmp)) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(LLVMTypeOf(cmp)) != 1 || !both)
      return false;
    return condTellsBit(t, x, holds, depth + 1) ||
           condTellsBit(t, y, holds, depth + 1);
  }
  if (cop != LLVMICmp)
    return false;
  LLVMIntPredicate pred = LLVMGetICmpPredicate(cmp);
  LLVMValueRef l = LLVMGetOperand(cmp, 0), r = LLVMGetOperand(cmp, 1);
  if ((l == t->v && r == t->x) || (l == t->x && r == t->v)) {
    /* x ^ c against x: never equal (c > 0); above it exactly where the
       bit is clear (both in [0, 2^31): signed and unsigned agree). */
    AmdsyncRelation rel = relationOf(pred);
    if (rel == AMDSYNC_REL_EQ || rel == AMDSYNC_REL_NE)
      return false;
    t->bit = bitOfXorTest(rel, l == t->v, holds);
    return true;
  }
  AmdsyncLinear m;
  LLVMOpcode op;
  if ((pred != LLVMIntEQ && pred != LLVMIntNE) || !LLVMIsAConstantInt(r) ||
      LLVMConstIntGetZExtValue(r) != 0 || !opcodeOf(l, &op) || op != LLVMAnd)
    return false;
  for (unsigned k = 0; k < 2; ++k)
    if (LLVMGetOperand(l, k) == t->x &&
        valueForm(t->fn, LLVMGetOperand(l, 1 - k), 0, &m) && m.nterms == 0 &&
        m.c == t->c) {
      t->bit = (pred == LLVMIntEQ) == holds ? 0 : 1;
      return true;
    }
  return false;
}

/* `x ^ c`, c a power of two (a constant, or a counter in one row of an
   iteration table: a bitonic sort's partner `lid ^ j`), where the access
   being formed (fn->form_at) lies past an edge that tests bit c of x: x +
   c where it is clear, x - c where it is set. x is a form of thread ids
   only, in [0, 2^31), so the same value wherever read; the edge's test and
   the address read the same instance of the xor (the edge dominates the
   access and the test reads it). Threads that would see the other value
   never run the access: exact for each that does. */
static bool xorForm(const AmdsyncLlvmFunction *fn, LLVMValueRef v, int depth,
                    AmdsyncLinear *out) {
  if (!fn->form_at || depth > kFormDepth)
    return false;
  for (unsigned k = 0; k < 2; ++k) {
    AmdsyncLinear c, x;
    LLVMValueRef xv = LLVMGetOperand(v, 1 - k);
    int64_t lo, hi;
    /* Below the sign bit of the xor's width, c is its form's value and
       the bit tests read as xorForm's edges take them (bitGuard). */
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    int64_t sign = w >= 2 && w <= 32 ? (int64_t)1 << (w - 1) : 0;
    if (!valueForm(fn, LLVMGetOperand(v, k), depth + 1, &c) || c.nterms ||
        c.c <= 0 || c.c >= sign || (c.c & (c.c - 1)) != 0 ||
        !exactForm(fn, xv, false, &x) ||
        !amdsyncProgramFormRange(fn->program, &x, &lo, &hi) || lo < 0 ||
        hi >= sign)
      continue;
    bool tids = true;
    for (int i = 0; i < x.nterms; ++i)
      tids &= x.var[i] <= AMDSYNC_VAR_TID_Z;
    BitTest t = {fn, v, xv, c.c, -1};
    if (!tids || !amdsyncLlvmDominatingEdges(
                     fn, LLVMGetInstructionParent(fn->form_at), edgeTellsBit,
                     &t))
      continue;
    return amdsyncLinearAddScaled(&x, &c, t.bit ? -1 : 1, out);
  }
  return false;
}

/* How an integer comparison relates its operands (signedness aside: the
   callers read the operands as the predicate does). */
static AmdsyncRelation relationOf(LLVMIntPredicate pred) {
  switch (pred) {
  case LLVMIntSLT: case LLVMIntULT: return AMDSYNC_REL_LT;
  case LLVMIntSLE: case LLVMIntULE: return AMDSYNC_REL_LE;
  case LLVMIntSGT: case LLVMIntUGT: return AMDSYNC_REL_GT;
  case LLVMIntSGE: case LLVMIntUGE: return AMDSYNC_REL_GE;
  case LLVMIntEQ: return AMDSYNC_REL_EQ;
  default: return AMDSYNC_REL_NE;
  }
}

/* The modulus `v` reduces a thread id by, and which (`*dim`): `and tid, M`
   where M's bits below the id's bound are 2^j - 1 (the id has no bit
   above: tid & M = tid mod 2^j), or `urem`/`srem tid, 2^j` (the id is not
   negative); 0 for anything else. */
static int64_t residueOf(const AmdsyncLlvmFunction *fn, LLVMValueRef v,
                         int *dim) {
  LLVMOpcode op;
  if (!opcodeOf(v, &op) ||
      (op != LLVMAnd && op != LLVMURem && op != LLVMSRem))
    return 0;
  AmdsyncLinear x, m;
  for (int side = 0; side < (op == LLVMAnd ? 2 : 1); ++side) {
    /* A remainder reads its operand as a number: exact in its width, as
       the operation reads it (an i8 copy of an id past 127 is negative to
       srem). A mask reads bits: the form modulo 2^width will do, as long
       as the mask is below the sign bit (checked by m.c > 0 below: a
       form's constant is read signed). */
    LLVMValueRef opnd = LLVMGetOperand(v, (unsigned)side);
    bool exact = op == LLVMAnd ? valueForm(fn, opnd, 0, &x)
                               : exactForm(fn, opnd, op == LLVMSRem, &x);
    if (!exact ||
        !valueForm(fn, LLVMGetOperand(v, (unsigned)(1 - side)), 0, &m) ||
        x.nterms != 1 || x.c != 0 || x.var[0] > AMDSYNC_VAR_TID_Z ||
        x.coef[0] != 1 || m.nterms != 0 || m.c <= 0)
      continue;
    int d = x.var[0] - AMDSYNC_VAR_TID_X;
    int64_t bound = fn->extent[d] > 0 ? fn->extent[d] : AMDSYNC_TID_MAX + 1;
    int64_t span = 1; /* a power of two above every id */
    while (span < bound)
      span <<= 1;
    int64_t mod = op == LLVMAnd ? (m.c & (span - 1)) + 1 : m.c;
    if (mod < 2 || (mod & (mod - 1)) != 0)
      return 0;
    *dim = d;
    return mod;
  }
  return 0;
}

/* The residue guard (AmdsyncGuard.mod) of `icmp (tid mod 2^j), C`, C a
   constant, for the threads that see it `holds`: the residues for which it
   holds, when they are fewer than all. False otherwise. */
static bool residueGuard(const AmdsyncLlvmFunction *fn, LLVMValueRef icmp,
                         bool holds, AmdsyncGuard *out) {
  LLVMIntPredicate pred = LLVMGetICmpPredicate(icmp);
  LLVMValueRef l = LLVMGetOperand(icmp, 0), r = LLVMGetOperand(icmp, 1);
  int dim;
  int64_t mod = residueOf(fn, l, &dim);
  AmdsyncLinear c;
  if (!mod || !valueForm(fn, r, 0, &c) || c.nterms || c.c < 0 ||
      c.c > mod)
    return false;
  /* The residue v is in [0, mod): signed and unsigned readings agree. */
  AmdsyncRelation rel = relationOf(pred);
  if (!holds)
    rel = amdsyncRelationNegate(rel);
  int64_t lo = 0, hi = mod - 1;
  switch (rel) {
  case AMDSYNC_REL_LT: hi = c.c - 1; break;
  case AMDSYNC_REL_LE: hi = c.c; break;
  case AMDSYNC_REL_GT: lo = c.c + 1; break;
  case AMDSYNC_REL_GE: lo = c.c; break;
  case AMDSYNC_REL_EQ: lo = hi = c.c; break;
  case AMDSYNC_REL_NE:
    if (mod != 2 || c.c > 1)
      return false;
    lo = hi = 1 - c.c;
    break;
  }
  if (hi > mod - 1)
    hi = mod - 1;
  if (lo > hi || (lo == 0 && hi == mod - 1))
    return false; /* none, or every residue: no bound worth stating */
  memset(out, 0, sizeof *out);
  out->dim = dim;
  out->mod = mod;
  out->has_lo = out->has_hi = true;
  out->lo = amdsyncLinearConst(lo);
  out->hi = amdsyncLinearConst(hi);
  return true;
}

/* A thread id's dimension when `v`'s form is that id alone, else -1. */
static int plainThreadId(const AmdsyncLlvmFunction *fn, LLVMValueRef v) {
  AmdsyncLinear x;
  return valueForm(fn, v, 0, &x) && x.nterms == 1 && x.c == 0 &&
                 x.var[0] <= AMDSYNC_VAR_TID_Z && x.coef[0] == 1
             ? x.var[0] - AMDSYNC_VAR_TID_X
             : -1;
}

/* The residue guard of a test of bit c of a thread id, c a power of two
   (a constant, or a counter in one row of an iteration table): `icmp P
   (tid ^ c), tid` (above: the bit is clear; below: set; the two are
   never equal, and in [0, 2^31) signed and unsigned agree) or `icmp eq/ne
   (tid & c), 0`, for the threads that see it `holds`: tid mod 2c in [0,
   c - 1] where the bit is clear, [c, 2c - 1] where it is set (a bitonic
   sort's `partner > lid`). */
static bool bitGuard(const AmdsyncLlvmFunction *fn, LLVMValueRef icmp,
                     bool holds, AmdsyncGuard *out) {
  LLVMIntPredicate pred = LLVMGetICmpPredicate(icmp);
  LLVMValueRef l = LLVMGetOperand(icmp, 0), r = LLVMGetOperand(icmp, 1);
  AmdsyncRelation rel = relationOf(pred);
  LLVMOpcode op;
  int bit = -1, dim = -1;
  AmdsyncLinear c;
  for (int side = 0; side < 2 && bit < 0; ++side) {
    LLVMValueRef e = side ? r : l, x = side ? l : r;
    if (rel == AMDSYNC_REL_EQ || rel == AMDSYNC_REL_NE || !opcodeOf(e, &op) ||
        op != LLVMXor)
      continue;
    for (unsigned k = 0; k < 2 && bit < 0; ++k)
      if (LLVMGetOperand(e, k) == x &&
          valueForm(fn, LLVMGetOperand(e, 1 - k), 0, &c) &&
          (dim = plainThreadId(fn, x)) >= 0) {
        bit = bitOfXorTest(rel, side == 0, holds);
      }
  }
  if (bit < 0 && (rel == AMDSYNC_REL_EQ || rel == AMDSYNC_REL_NE) &&
      LLVMIsAConstantInt(r) && LLVMConstIntGetZExtValue(r) == 0 &&
      opcodeOf(l, &op) && op == LLVMAnd)
    for (unsigned k = 0; k < 2 && bit < 0; ++k)
      if ((dim = plainThreadId(fn, LLVMGetOperand(l, k))) >= 0 &&
          valueForm(fn, LLVMGetOperand(l, 1 - k), 0, &c))
        bit = (rel == AMDSYNC_REL_EQ) == holds ? 0 : 1;
  /* c's form equals it modulo 2^w only: below the sign bit of the
     compare's width w, with the id there too, it is c, and x ^ c stays
     non-negative (a review's i16 compare with c = 2^15, or 2^16 wrapping
     to 0, left an edge every lane takes with no lane). */
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(l));
  int64_t sign = w >= 2 && w <= 32 ? (int64_t)1 << (w - 1) : 0;
  AmdsyncLinear id = amdsyncLinearVar(AMDSYNC_VAR_TID_X + (dim < 0 ? 0 : dim), 1);
  int64_t lo, hi;
  if (bit < 0 || dim < 0 || c.nterms || c.c <= 0 || c.c >= sign ||
      (c.c & (c.c - 1)) != 0 ||
      !amdsyncProgramFormRange(fn->program, &id, &lo, &hi) || hi >= sign)
    return false;
  memset(out, 0, sizeof *out);
  out->dim = dim;
  out->mod = 2 * c.c;
  out->has_lo = out->has_hi = true;
  out->lo = amdsyncLinearConst(bit ? c.c : 0);
  out->hi = amdsyncLinearConst(bit ? 2 * c.c - 1 : c.c - 1);
  return true;
}

/* The guard `icmp` puts on the threads that see it `holds`
   (amdsyncGuardOf), both sides exact as the predicate reads them, or a
   residue guard (residueGuard, bitGuard). False when it bounds no thread
   id. */
static bool compareGuard(const AmdsyncLlvmFunction *fn, LLVMValueRef icmp,
                         bool holds, AmdsyncGuard *out) {
  if (amdsyncLlvmTemporal(fn, icmp))
    return false; /* a loop's value after a divergent exit (valueForm) */
  if (residueGuard(fn, icmp, holds, out) || bitGuard(fn, icmp, holds, out))
    return true;
  LLVMIntPredicate pred = LLVMGetICmpPredicate(icmp);
  bool is_signed = pred == LLVMIntSLT || pred == LLVMIntSLE ||
                   pred == LLVMIntSGT || pred == LLVMIntSGE;
  LLVMValueRef l = LLVMGetOperand(icmp, 0), r = LLVMGetOperand(icmp, 1);
  AmdsyncLinear a, b, f;
  if (LLVMGetTypeKind(LLVMTypeOf(l)) != LLVMIntegerTypeKind ||
      !exactForm(fn, l, is_signed, &a) || !exactForm(fn, r, is_signed, &b) ||
      !amdsyncLinearAddScaled(&a, &b, -1, &f))
    return false;
  AmdsyncRelation rel = relationOf(pred);
  return amdsyncGuardOf(&f, holds ? rel : amdsyncRelationNegate(rel), out);
}

bool amdsyncLlvmCaseGuard(const AmdsyncLlvmFunction *fn, LLVMValueRef v,
                          LLVMValueRef value, AmdsyncGuard *out) {
  if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64 || !LLVMIsAConstantInt(value))
    return false;
  /* The case compares bits: v's form exact read unsigned against the
     value zero-extended, or read signed against it sign-extended. */
  AmdsyncLinear a, f;
  int64_t c;
  if (exactForm(fn, v, false, &a)) {
    unsigned long long z = LLVMConstIntGetZExtValue(value);
    if (z > (unsigned long long)INT64_MAX)
      return false;
    c = (int64_t)z;
  } else if (exactForm(fn, v, true, &a)) {
    c = LLVMConstIntGetSExtValue(value);
  } else {
    return false;
  }
  AmdsyncLinear k = amdsyncLinearConst(c);
  return amdsyncLinearAddScaled(&a, &k, -1, &f) &&
         amdsyncGuardOf(&f, AMDSYNC_REL_EQ, out);
}

/* Whether `v` is the constant i1 `value`. */
static bool isBool(LLVMValueRef v, bool value) {
  return LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == (value ? 1 : 0);
}

static int guardsOf(const AmdsyncLlvmFunction *fn, LLVMValueRef cond,
                    bool holds, int depth, AmdsyncGuard *out, int max) {
  if (depth > 8 || max <= 0 || !LLVMIsAInstruction(cond))
    return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(cond);
  if (op == LLVMICmp)
    return compareGuard(fn, cond, holds, out) ? 1 : 0;
  /* Both hold: `and`, `select c, x, false`; both fail: `or`,
     `select c, true, x`; `xor c, true` negates. */
  LLVMValueRef x = NULL, y = NULL;
  if (op == LLVMAnd && holds) {
    x = LLVMGetOperand(cond, 0);
    y = LLVMGetOperand(cond, 1);
  } else if (op == LLVMOr && !holds) {
    x = LLVMGetOperand(cond, 0);
    y = LLVMGetOperand(cond, 1);
  } else if (op == LLVMSelect && holds && isBool(LLVMGetOperand(cond, 2), false)) {
    x = LLVMGetOperand(cond, 0);
    y = LLVMGetOperand(cond, 1);
  } else if (op == LLVMSelect && !holds && isBool(LLVMGetOperand(cond, 1), true)) {
    x = LLVMGetOperand(cond, 0);
    y = LLVMGetOperand(cond, 2);
  } else if (op == LLVMXor && isBool(LLVMGetOperand(cond, 1), true)) {
    return guardsOf(fn, LLVMGetOperand(cond, 0), !holds, depth + 1, out, max);
  }
  if (!x)
    return 0;
  int n = guardsOf(fn, x, holds, depth + 1, out, max);
  return n + guardsOf(fn, y, holds, depth + 1, out + n, max - n);
}

int amdsyncLlvmGuards(const AmdsyncLlvmFunction *fn, LLVMValueRef cond,
                      bool holds, AmdsyncGuard *out, int max) {
  if (LLVMGetTypeKind(LLVMTypeOf(cond)) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(LLVMTypeOf(cond)) != 1)
    return 0;
  return guardsOf(fn, cond, holds, 0, out, max);
}

bool amdsyncLlvmConstantValue(const AmdsyncLlvmFunction *fn, LLVMValueRef v,
                              int64_t *out) {
  AmdsyncLinear f;
  if (!valueForm(fn, v, 0, &f) || f.nterms)
    return false;
  *out = f.c;
  return true;
}

/* The table whose counters the operand tree of `v` reads (at most
   `*budget` values visited): of the counters' tables the one with the
   most counters, the innermost of nested ones (a nested table holds its
   outer table's counters too); NULL when none. */
static const AmdsyncLlvmIterations *
tableRead(const AmdsyncLlvmFunction *fn, LLVMValueRef v, int depth,
          int *budget) {
  if (depth > kFormDepth || (*budget)-- <= 0 || !LLVMIsAInstruction(v))
    return NULL;
  if (LLVMIsAPHINode(v)) {
    const AmdsyncLlvmIterations *it =
        amdsyncLlvmIterationTable(fn, LLVMGetInstructionParent(v));
    int64_t value;
    return it && amdsyncLlvmCounterValue(it, 0, v, &value) ? it : NULL;
  }
  const AmdsyncLlvmIterations *best = NULL;
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; ++i) {
    const AmdsyncLlvmIterations *t =
        tableRead(fn, LLVMGetOperand(v, (unsigned)i), depth + 1, budget);
    if (t && (!best || amdsyncLlvmCounterCount(t) > amdsyncLlvmCounterCount(best)))
      best = t;
  }
  return best;
}

bool amdsyncLlvmIndexCases(const AmdsyncLlvmFunction *fn, LLVMValueRef p,
                           LLVMBasicBlockRef at, int64_t size,
                           LLVMValueRef *global, AmdsyncLinear *out,
                           int *ncases, int *case_var) {
  int budget = 64;
  const AmdsyncLlvmIterations *it = tableRead(fn, p, 0, &budget);
  if (!it || fn->case_table)
    return false;
  int n = amdsyncLlvmIterationCount(it);
  assert(n >= 1 && n <= AMDSYNC_LLVM_MAX_CASES);
  uint64_t skipped = amdsyncLlvmIterationRowsSkipped(fn, it, at);
  AmdsyncLlvmFunction *f = (AmdsyncLlvmFunction *)fn; /* the environment */
  bool ok = true;
  LLVMValueRef g = NULL;
  int run = -1; /* a row the access runs in */
  for (int k = 0; k < n && ok; ++k) {
    if (skipped >> k & 1)
      continue;
    f->case_table = it;
    f->case_row = k;
    LLVMValueRef gk;
    ok = amdsyncLlvmIndexForm(fn, p, size, &gk, &out[k]) && (!g || gk == g);
    g = gk;
    run = k;
  }
  f->case_table = NULL;
  if (run < 0)
    return false; /* it never runs: no form to copy */
  for (int k = n - 1; k >= 0 && ok; --k)
    if (skipped >> k & 1)
      out[k] = out[k + 1 < n && !(skipped >> (k + 1) & 1) ? k + 1 : run];
  int var = ok ? amdsyncLlvmIterationSymbol(fn, it) : -1;
  if (var < 0)
    return false;
  *global = g;
  *ncases = n;
  *case_var = var;
  return true;
}

int amdsyncLlvmCaseGuards(const AmdsyncLlvmFunction *fn, LLVMValueRef cond,
                          bool holds, AmdsyncGuard *out, int max) {
  int budget = 64;
  const AmdsyncLlvmIterations *it =
      fn->case_table ? NULL : tableRead(fn, cond, 0, &budget);
  /* A uniform condition (a loop's own exit test) bounds no thread id. */
  int var = it && !amdsyncLlvmIsUniform(fn, cond)
                ? amdsyncLlvmIterationSymbol(fn, it)
                : -1;
  if (var < 0)
    return 0;
  AmdsyncLlvmFunction *f = (AmdsyncLlvmFunction *)fn; /* the environment */
  int n = 0, rows = amdsyncLlvmIterationCount(it);
  for (int k = 0; k < rows; ++k) {
    AmdsyncGuard g[8];
    f->case_table = it;
    f->case_row = k;
    int m = amdsyncLlvmGuards(fn, cond, holds, g, 8);
    f->case_table = NULL;
    if (n + m > max)
      return 0; /* all or none: a row left out would read as no guard */
    for (int i = 0; i < m; ++i) {
      g[i].case_var = var;
      g[i].case_k = k;
      out[n++] = g[i];
    }
  }
  return n;
}
