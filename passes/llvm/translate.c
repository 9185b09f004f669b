/*===- translate.c - An LLVM IR function as an AmdsyncProgram --------------===*
 *
 * Walks one LLVM IR function and builds the core's control-flow graph: a
 * model block per basic block, an edge per successor, a branch uniform
 * when its condition is (uniformity.c); loops with a static trip count
 * (constant bounds and step) state it, and lose the edges the count proves
 * are never taken (Counted loops, below). In each block:
 *
 *  - LDS accesses: load, store, atomicrmw and cmpxchg whose pointer is in
 *    address space 3 or may trace (through GEPs, casts, addrspacecast,
 *    every input of phis and selects, fields of merged aggregates,
 *    ptrmask, freeze, inttoptr of ptrtoint, vector builds: traceLds) to a
 *    global or argument in it; atomics act as reads and writes (brief §1);
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

/* A pointer in address space 3, or a vector of them (masked gathers and
   scatters take those). */
static bool isLdsPointerType(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind ||
      LLVMGetTypeKind(t) == LLVMScalableVectorTypeKind)
    t = LLVMGetElementType(t);
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind &&
         LLVMGetPointerAddressSpace(t) == 3;
}

static bool isPointerLike(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind ||
      LLVMGetTypeKind(t) == LLVMScalableVectorTypeKind)
    t = LLVMGetElementType(t);
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind;
}

/* A flat (generic, address space 0) pointer, or a vector of them: it may
   address LDS. */
static bool isFlatPointerType(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind ||
      LLVMGetTypeKind(t) == LLVMScalableVectorTypeKind)
    t = LLVMGetElementType(t);
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind &&
         LLVMGetPointerAddressSpace(t) == 0;
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

enum {
  kMaxTrace = 1024, /* steps of one trace */
  kMaxStack = 64,   /* values waiting to be traced */
  kMaxMerges = 128, /* phi states entered */
  kMaxPath = 8,     /* depth of a field path into nested aggregates */
};

/* What tracing a pointer back to where it points found. */
typedef struct {
  bool lds;          /* some path reaches LDS: the access may touch LDS */
  LLVMValueRef root; /* the one LDS global or argument every LDS path
                        reaches, or NULL: LDS not known more closely */
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
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind ||
      LLVMGetTypeKind(t) == LLVMScalableVectorTypeKind)
    t = LLVMGetElementType(t);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind;
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
static LdsTrace traceLds(LLVMValueRef p, bool escapes) {
  Trace tr;
  tr.sp = 0;
  tr.nmerges = 0;
  tr.overflow = false;
  int roots = 0;
  bool unknown = false;
  LdsTrace t = {false, NULL};
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
          roots = 1;
        } else {
          roots = 2;
        }
      } else {
        unknown |= in_lds; /* a non-LDS object cast into LDS, or LDS
                              reached through integer arithmetic */
        /* A flat parameter of a function that is not a kernel may be an
           LDS pointer its caller passed, once LDS pointers escape. */
        unknown |= escapes && LLVMIsAArgument(v) && isFlatPointerType(ty) &&
                   LLVMGetFunctionCallConv(LLVMGetParamParent(v)) !=
                       LLVMAMDGPUKERNELCallConv;
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
    default:
      if (s.depth) {
        unknown |= in_lds; /* an aggregate loaded, returned, ... */
        unknown |= escapes && isFlatPointerType(ty) &&
                   (op == LLVMLoad || op == LLVMCall);
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
          unknown |= escapes && isFlatPointerType(ty); /* maybe LDS */
          break;
        }
        /* An intrinsic returning a pointer derives it from its pointer
           arguments (llvm.ptrmask, lane reads); one returning an integer
           (only reached under an inttoptr) loosely from any. */
        bool ptr = isPointerLike(ty), followed = false;
        for (unsigned i = 0, n = LLVMGetNumArgOperands(v); i < n; ++i) {
          LLVMValueRef a = LLVMGetOperand(v, i);
          LLVMTypeRef at = LLVMTypeOf(a);
          if (isPointerLike(at) || (!ptr && isIntegerLike(at))) {
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
        unknown |= escapes && op == LLVMLoad && isFlatPointerType(ty);
        break;
      }
    }
  }
  if (tr.overflow)
    unknown = true; /* too wide to follow: LDS, location unknown */
  t.lds = roots > 0 || unknown;
  if (unknown || roots != 1)
    t.root = NULL;
  return t;
}

static bool isLdsPointer(LLVMValueRef p, bool escapes) {
  return traceLds(p, escapes).lds;
}

static int unknownResource(AmdsyncLlvmFunction *fn) {
  if (fn->unknown_resource < 0)
    fn->unknown_resource = amdsyncProgramAddResource(
        fn->program, AMDSYNC_RES_UNKNOWN, "unknown memory");
  return fn->unknown_resource;
}

/* The resource of LDS pointer `p`: its root's, else unknown memory. */
static int resourceOf(AmdsyncLlvmFunction *fn, LLVMValueRef p) {
  LdsTrace t = traceLds(p, fn->lds_escapes);
  LLVMValueRef root = t.root;
  if (!root)
    return unknownResource(fn);
  long idx;
  if (amdsyncPtrMapGet(&fn->resource_of, root, &idx))
    return (int)idx;
  size_t len;
  const char *name = LLVMGetValueName2(root, &len);
  bool global = LLVMIsAGlobalVariable(root) != NULL;
  char *label =
      !global ? amdsyncArenaPrintf(fn->arena, "argument %%%.*s", (int)len, name)
      : isDynamicLds(root)
          ? amdsyncArenaPrintf(fn->arena, "dynamic LDS (@%.*s)", (int)len, name)
          : amdsyncArenaPrintf(fn->arena, "@%.*s", (int)len, name);
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
static bool neutral(LLVMValueRef inst, bool escapes) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMLoad:
  case LLVMStore:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
    return !isLdsPointer(
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

static unsigned missingFences(LLVMValueRef prev, LLVMValueRef inst,
                              AmdsyncBarrierOp op, bool escapes) {
  LLVMValueRef next = LLVMGetNextInstruction(inst);
  while (next && neutral(next, escapes))
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
  bool escapes = amdsyncLlvmLdsEscapes(LLVMGetGlobalParent(func));
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
        if (next && !taken && fenceOrdersLds(prev, true, false) &&
            fenceOrdersLds(next, false, false) && mmraLdsOnly(prev) &&
            mmraLdsOnly(next)) {
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
  if (!isLdsPointer(ptr, fn->lds_escapes))
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

/* The LDS a call's pointer arguments (and vectors of pointers) may
   address: NULL when none may; else one of them, and in `*resource` the
   resource they share, or unknown memory when they differ. */
static LLVMValueRef ldsArguments(AmdsyncLlvmFunction *fn, LLVMValueRef call,
                                 int *resource) {
  unsigned n = LLVMGetNumArgOperands(call);
  LLVMValueRef first = NULL;
  for (unsigned i = 0; i < n; ++i) {
    LLVMValueRef a = LLVMGetOperand(call, i);
    if (!isPointerLike(LLVMTypeOf(a)) || !isLdsPointer(a, fn->lds_escapes))
      continue;
    int r = resourceOf(fn, a);
    if (!first)
      *resource = r;
    else if (r != *resource)
      *resource = unknownResource(fn);
    first = first ? first : a;
  }
  return first;
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

/* Whether function `f`, if defined in the module, may execute a
   workgroup barrier (an s_barrier, a split signal or wait: not a wave
   barrier), in its body or in a defined function it calls, found by a
   worklist over the call graph. Declarations (code outside the module)
   are taken not to: a known limit (docs/design.md). */
static bool mayExecuteBarrier(AmdsyncLlvmFunction *fn, LLVMValueRef f) {
  long memo;
  if (amdsyncPtrMapGet(&fn->barrier_callee, f, &memo))
    return memo != 0;
  AmdsyncPtrMap seen = {0};
  AmdsyncPtrVec work = {NULL, 0, 0};
  amdsyncPtrVecPush(fn->arena, &work, f);
  amdsyncPtrMapPut(fn->arena, &seen, f, 1);
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
                  in->kind == AMDSYNC_SYNC_SIGNAL ||
                  in->kind == AMDSYNC_SYNC_WAIT;
          continue;
        }
        LLVMValueRef h = LLVMGetCalledValue(i);
        long v;
        if (h && LLVMIsAFunction(h) && !amdsyncPtrMapGet(&seen, h, &v)) {
          amdsyncPtrMapPut(fn->arena, &seen, h, 1);
          amdsyncPtrVecPush(fn->arena, &work, h);
        }
      }
  }
  amdsyncPtrMapPut(fn->arena, &fn->barrier_callee, f, found ? 1 : 0);
  return found;
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
      if (touchesNoMemory(inst))
        return NULL;
      return ldsArguments(fn, inst, &res)
                 ? amdsyncAccessCreate(fn->program, inst,
                                       AMDSYNC_ACCESS_READ |
                                           AMDSYNC_ACCESS_WRITE,
                                       res, -1, -1)
                 : NULL;
    }
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    unsigned flags = AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE |
                     AMDSYNC_ACCESS_CALL;
    if (callee && LLVMIsAFunction(callee) && mayExecuteBarrier(fn, callee))
      flags |= AMDSYNC_ACCESS_BARRIER_CALL;
    return amdsyncAccessCreate(fn->program, inst, flags, unknownResource(fn),
                               -1, -1);
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
      n->u.barrier.unfenced = missingFences(prev, inst, op, fn->lds_escapes);
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
      res = unknownResource(fn); /* e.g. a tensor descriptor */
    AmdsyncNode *n =
        amdsyncAccessCreate(fn->program, inst, in->flags, res, -1, -1);
    AmdsyncCounter c = amdsyncCounterFor(fn->target, in->async_kind);
    if (c != AMDSYNC_COUNTER_NONE)
      amdsyncAccessSetAsync(n, c);
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
    if (!neutral(inst, fn->lds_escapes))
      prev = inst;
  }
}

/*===--- Counted loops --------------------------------------------------------===*/

/* Static trip counts of two loop shapes, so that the core weighs a loop's
   blocks by its real count and a loop that runs once has no back edge (no
   hazard carried into an iteration that does not exist). Both shapes have
   a header H with an induction variable
       %iv = phi [C0, %pre], [%next, %latch]    %next = add %iv, step
   (the add in the latch, C0 and step constants):
   - header-tested, as mlir-translate writes convert-scf-to-cf's loops: H
     ends in `br (icmp %iv, C)` into the body B or out. B runs n times per
     entry. With n >= 1 the first test passes: the preheader's edge goes
     straight to B (when H holds no ops and B is entered from H alone; H
     becomes model-only); with n == 1 no later test passes either, and the
     edge H->B goes; with n == 0 B never runs, and H->B goes.
   - bottom-tested (rotated), as clang writes `for` loops: the latch ends in
     `br (icmp %next, C)` back to H or out. H runs n times per entry; with
     n == 1 the latch never branches back, and that edge goes.
   A count is exact or unknown (-1): the comparison's own signedness, a
   step that is positive in it, and no value of the induction variable
   past the range of the type in any signedness the add's nsw/nuw or the
   compare's samesign make a wrap poison in (checked arithmetic). */

static uint64_t widthMask(unsigned width) {
  return width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
}

/* `bits`, a `width`-bit two's-complement value, as a signed number. */
static int64_t signedBits(uint64_t bits, unsigned width) {
  if (width < 64 && ((bits >> (width - 1)) & 1))
    bits |= ~widthMask(width);
  return (int64_t)bits;
}

/* The bits of an integer constant of at most 64 bits. */
static bool constantBits(LLVMValueRef v, uint64_t *bits) {
  if (!v || !LLVMIsAConstantInt(v))
    return false;
  unsigned width = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  if (width == 0 || width > 64)
    return false;
  *bits = LLVMConstIntGetZExtValue(v) & widthMask(width);
  return true;
}

/* When a loop goes on: while iv < bound (signed or unsigned), or while
   iv != bound. `check_signed`/`check_unsigned`: the induction variable
   must not wrap in that signedness either (a wrap would be poison);
   `same_sign`: the compare is poison when iv and its constant (`compared`,
   before an inclusive bound becomes an exclusive one) differ in sign. */
typedef struct {
  bool until_equal;
  bool is_unsigned;
  bool check_signed, check_unsigned, same_sign;
  uint64_t bound, compared;
  unsigned width;
} LoopTest;

static LLVMIntPredicate negatedPredicate(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntEQ:
    return LLVMIntNE;
  case LLVMIntNE:
    return LLVMIntEQ;
  case LLVMIntUGT:
    return LLVMIntULE;
  case LLVMIntUGE:
    return LLVMIntULT;
  case LLVMIntULT:
    return LLVMIntUGE;
  case LLVMIntULE:
    return LLVMIntUGT;
  case LLVMIntSGT:
    return LLVMIntSLE;
  case LLVMIntSGE:
    return LLVMIntSLT;
  case LLVMIntSLT:
    return LLVMIntSGE;
  case LLVMIntSLE:
    return LLVMIntSGT;
  }
  return p;
}

/* The test that keeps a loop going when `icmp pred iv, bound` is
   `stays_on`: false unless it is iv < bound, iv <= bound (as iv <
   bound + 1, not at the type's maximum) or iv != bound. */
static bool loopTest(LLVMIntPredicate pred, bool stays_on, uint64_t bound,
                     unsigned width, LoopTest *t) {
  if (!stays_on)
    pred = negatedPredicate(pred);
  uint64_t mask = widthMask(width);
  bool inclusive = pred == LLVMIntSLE || pred == LLVMIntULE;
  memset(t, 0, sizeof *t);
  t->until_equal = pred == LLVMIntNE;
  t->is_unsigned = pred == LLVMIntULT || pred == LLVMIntULE;
  t->bound = t->compared = bound & mask;
  t->width = width;
  if (!t->until_equal && !inclusive && pred != LLVMIntSLT && pred != LLVMIntULT)
    return false;
  if (inclusive) {
    if (t->bound == (t->is_unsigned ? mask : mask >> 1))
      return false;
    t->bound = (t->bound + 1) & mask;
  }
  return true;
}

static bool testHolds(const LoopTest *t, uint64_t v) {
  if (t->until_equal)
    return v != t->bound;
  if (t->is_unsigned)
    return v < t->bound;
  return signedBits(v, t->width) < signedBits(t->bound, t->width);
}

/* Whether start + k*step, k = 0..n, stays within the `width`-bit range
   in the given signedness (a step that is negative in it does not). */
static bool staysInRange(uint64_t start, uint64_t step, uint64_t n,
                         unsigned width, bool is_unsigned) {
  uint64_t mask = widthMask(width), span, room;
  if (n == 0)
    return true;
  if (is_unsigned) {
    room = mask - start;
  } else {
    if (signedBits(step, width) < 0)
      return false;
    /* Exact in uint64_t: the true room is below 2^64. */
    room = (mask >> 1) - (uint64_t)signedBits(start, width);
  }
  return !__builtin_mul_overflow(n, step, &span) && span <= room;
}

/* How many of start, start + step, ... pass `iv < bound` in a row before
   one fails: 0 when start fails; -1 when the step is not positive or the
   failing value is past the type's range (the loop would wrap). */
static int64_t countBelow(uint64_t start, uint64_t step, const LoopTest *t) {
  uint64_t diff;
  if (t->is_unsigned) {
    if (step == 0)
      return -1;
    if (t->bound <= start)
      return 0;
    diff = t->bound - start;
  } else {
    int64_t s = signedBits(start, t->width), b = signedBits(t->bound, t->width);
    if (signedBits(step, t->width) <= 0)
      return -1;
    if (b <= s)
      return 0;
    /* Exact in uint64_t: the true difference is positive, below 2^64. */
    diff = (uint64_t)b - (uint64_t)s;
  }
  uint64_t n = diff / step + (diff % step != 0);
  if (n > (uint64_t)INT64_MAX ||
      !staysInRange(start, step, n, t->width, t->is_unsigned))
    return -1;
  return (int64_t)n;
}

/* How many of start, start + step, ... pass `iv != bound` before one
   equals it: known only when the values climb to the bound exactly,
   without wrapping (as unsigned numbers). */
static int64_t countToEqual(uint64_t start, uint64_t step, const LoopTest *t) {
  if (step == 0 || t->bound < start || (t->bound - start) % step != 0)
    return -1;
  uint64_t n = (t->bound - start) / step;
  return n > (uint64_t)INT64_MAX ? -1 : (int64_t)n;
}

/* The other signednesses the values start .. start + n*step must not wrap
   in, and the compare's same-sign condition. */
static bool wrapFlagsHold(uint64_t start, uint64_t step, int64_t n,
                          const LoopTest *t) {
  if (n < 0)
    return false;
  if (t->check_signed &&
      !staysInRange(start, step, (uint64_t)n, t->width, false))
    return false;
  if (t->check_unsigned &&
      !staysInRange(start, step, (uint64_t)n, t->width, true))
    return false;
  if (t->same_sign) {
    /* All values in one half of the range (no wrap in either
       signedness), on the compared constant's side. */
    uint64_t top = UINT64_C(1) << (t->width - 1);
    if (!staysInRange(start, step, (uint64_t)n, t->width, false) ||
        !staysInRange(start, step, (uint64_t)n, t->width, true) ||
        (start & top) != (t->compared & top))
      return false;
  }
  return true;
}

/* Passes of a header-tested loop: the test sees start first. */
static int64_t headerTestedTrips(uint64_t start, uint64_t step,
                                 const LoopTest *t) {
  int64_t n = t->until_equal ? countToEqual(start, step, t)
                             : countBelow(start, step, t);
  return wrapFlagsHold(start, step, n, t) ? n : -1;
}

/* Passes of a bottom-tested loop: the body runs once, then the test sees
   start + step. */
static int64_t bottomTestedTrips(uint64_t start, uint64_t step,
                                 const LoopTest *t) {
  if (testHolds(t, start))
    return headerTestedTrips(start, step, t); /* at least 1 */
  /* start + step > start >= bound, when it does not wrap. */
  if (t->until_equal || step == 0 ||
      !staysInRange(start, step, 1, t->width, t->is_unsigned) ||
      !wrapFlagsHold(start, step, 1, t))
    return -1;
  return 1;
}

typedef struct {
  LLVMBasicBlockRef header, pre, latch;
  LLVMBasicBlockRef body; /* header-tested: the header's successor inside */
  LLVMValueRef phi, next;
  uint64_t start, step;
  unsigned width;
  bool header_tested;
  int64_t trips;
} CountedLoop;

/* `next` is `add phi, C` (either order) in block `latch`: *step = C. */
static bool steppedBy(LLVMValueRef next, LLVMValueRef phi,
                      LLVMBasicBlockRef latch, uint64_t *step) {
  if (!LLVMIsAInstruction(next) || LLVMGetInstructionOpcode(next) != LLVMAdd ||
      LLVMGetInstructionParent(next) != latch)
    return false;
  for (unsigned k = 0; k < 2; ++k)
    if (LLVMGetOperand(next, k) == phi &&
        constantBits(LLVMGetOperand(next, 1 - k), step))
      return true;
  return false;
}

/* Whether `phi` is an induction variable of its block: two incoming
   values from two blocks, a constant from the preheader and `phi + step`
   computed in the latch (which the phi's block therefore dominates). */
static bool inductionPhi(LLVMValueRef phi, CountedLoop *l) {
  if (!phi || !LLVMIsAPHINode(phi) ||
      LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind ||
      LLVMCountIncoming(phi) != 2 ||
      LLVMGetIncomingBlock(phi, 0) == LLVMGetIncomingBlock(phi, 1))
    return false;
  unsigned width = LLVMGetIntTypeWidth(LLVMTypeOf(phi));
  if (width == 0 || width > 64)
    return false;
  for (unsigned i = 0; i < 2; ++i) {
    LLVMBasicBlockRef latch = LLVMGetIncomingBlock(phi, 1 - i);
    LLVMValueRef next = LLVMGetIncomingValue(phi, 1 - i);
    if (constantBits(LLVMGetIncomingValue(phi, i), &l->start) &&
        steppedBy(next, phi, latch, &l->step)) {
      l->header = LLVMGetInstructionParent(phi);
      l->pre = LLVMGetIncomingBlock(phi, i);
      l->latch = latch;
      l->phi = phi;
      l->next = next;
      l->width = width;
      return true;
    }
  }
  return false;
}

/* The test of `term`, a conditional branch on `icmp pred v, C` that stays
   in the loop by going to `stay`; false unless it is one. */
static bool branchTest(LLVMValueRef term, LLVMValueRef v,
                       LLVMBasicBlockRef stay, const CountedLoop *l,
                       LoopTest *t) {
  if (!term || LLVMGetInstructionOpcode(term) != LLVMBr ||
      !LLVMIsConditional(term))
    return false;
  LLVMBasicBlockRef s0 = LLVMGetSuccessor(term, 0),
                    s1 = LLVMGetSuccessor(term, 1);
  if (s0 == s1 || (stay != s0 && stay != s1))
    return false;
  LLVMValueRef cmp = LLVMGetCondition(term);
  uint64_t bound;
  if (!cmp || !LLVMIsAICmpInst(cmp) || LLVMGetOperand(cmp, 0) != v ||
      !constantBits(LLVMGetOperand(cmp, 1), &bound) ||
      !loopTest(LLVMGetICmpPredicate(cmp), stay == s0, bound, l->width, t))
    return false;
  t->check_signed = LLVMGetNSW(l->next) != 0;
  t->check_unsigned = LLVMGetNUW(l->next) != 0;
  t->same_sign = LLVMGetICmpSameSign(cmp) != 0;
  return true;
}

/* Scratch for walks over the function's blocks (by model block id). */
typedef struct {
  const AmdsyncLlvmFunction *fn;
  LLVMBasicBlockRef *bbs;
  int *mark, *stack;
  int epoch;
} BlockWalk;

static int blockId(const AmdsyncLlvmFunction *fn, LLVMBasicBlockRef bb) {
  long id;
  return amdsyncPtrMapGet(&fn->block_of, bb, &id) ? (int)id : -1;
}

static bool marked(const BlockWalk *w, LLVMBasicBlockRef bb) {
  int id = blockId(w->fn, bb);
  return id >= 0 && w->mark[id] == w->epoch;
}

/* Marks the blocks that reach `latch` without passing through `header`
   (with the header: the loop, when the header dominates the latch), by a
   walk over predecessors (the terminators that name a block). */
static void markLoop(BlockWalk *w, LLVMBasicBlockRef header,
                     LLVMBasicBlockRef latch) {
  int h = blockId(w->fn, header), l = blockId(w->fn, latch), sp = 0;
  w->epoch++;
  if (h < 0 || l < 0)
    return;
  w->mark[h] = w->epoch;
  if (w->mark[l] != w->epoch) {
    w->mark[l] = w->epoch;
    w->stack[sp++] = l;
  }
  while (sp) {
    LLVMValueRef bv = LLVMBasicBlockAsValue(w->bbs[w->stack[--sp]]);
    for (LLVMUseRef u = LLVMGetFirstUse(bv); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAInstruction(user) || !LLVMIsATerminatorInst(user))
        continue;
      int p = blockId(w->fn, LLVMGetInstructionParent(user));
      if (p >= 0 && w->mark[p] != w->epoch) {
        w->mark[p] = w->epoch;
        w->stack[sp++] = p;
      }
    }
  }
}

/* Whether `bb` is entered only by the terminator of `from` (once). */
static bool onlyEnteredFrom(LLVMBasicBlockRef bb, LLVMBasicBlockRef from) {
  LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb));
  return u && !LLVMGetNextUse(u) &&
         LLVMGetUser(u) == LLVMGetBasicBlockTerminator(from);
}

/* A header-tested counted loop headed by `h` (l->trips -1: unknown). The
   latch is reached from the header only through the body: the body
   successor is the one in the loop, the exit the one outside it. */
static bool headerTestedLoop(BlockWalk *w, LLVMBasicBlockRef h,
                             CountedLoop *l) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(h);
  if (!term || LLVMGetInstructionOpcode(term) != LLVMBr ||
      !LLVMIsConditional(term) || !LLVMIsAICmpInst(LLVMGetCondition(term)))
    return false;
  LLVMValueRef phi = LLVMGetOperand(LLVMGetCondition(term), 0);
  if (!LLVMIsAPHINode(phi) || LLVMGetInstructionParent(phi) != h ||
      !inductionPhi(phi, l) || l->latch == h)
    return false;
  markLoop(w, h, l->latch);
  LLVMBasicBlockRef s0 = LLVMGetSuccessor(term, 0),
                    s1 = LLVMGetSuccessor(term, 1);
  bool in0 = marked(w, s0), in1 = marked(w, s1);
  if (in0 == in1)
    return false;
  l->body = in0 ? s0 : s1;
  LoopTest t;
  if (l->body == h || !branchTest(term, phi, l->body, l, &t))
    return false;
  l->header_tested = true;
  l->trips = headerTestedTrips(l->start, l->step, &t);
  return true;
}

/* A bottom-tested counted loop headed by `h`: one of its phis is an
   induction variable whose next value the latch tests. */
static bool bottomTestedLoop(LLVMBasicBlockRef h, CountedLoop *l) {
  for (LLVMValueRef phi = LLVMGetFirstInstruction(h);
       phi && LLVMIsAPHINode(phi); phi = LLVMGetNextInstruction(phi)) {
    LoopTest t;
    if (!inductionPhi(phi, l) ||
        !branchTest(LLVMGetBasicBlockTerminator(l->latch), l->next, h, l, &t))
      continue;
    l->header_tested = false;
    l->body = h;
    l->trips = bottomTestedTrips(l->start, l->step, &t);
    return true;
  }
  return false;
}

/* Changes to the edges of the graph: the edge from -> to goes to `target`
   instead, or (target -1) not at all. Keyed by the source block. */
typedef struct {
  int to, target, next;
} EdgeEdit;

typedef struct {
  AmdsyncLlvmFunction *fn;
  int *first; /* block id -> its first edit, or -1 */
  EdgeEdit *edits;
  int count, capacity;
} EdgeEdits;

static void editEdge(EdgeEdits *e, LLVMBasicBlockRef from, LLVMBasicBlockRef to,
                     LLVMBasicBlockRef target) {
  int f = blockId(e->fn, from), t = blockId(e->fn, to);
  int g = target ? blockId(e->fn, target) : -1;
  if (f < 0 || t < 0 || (target && g < 0))
    return;
  e->edits = amdsyncArenaGrow(e->fn->arena, e->edits, e->count, &e->capacity,
                              sizeof(EdgeEdit));
  e->edits[e->count] = (EdgeEdit){t, g, e->first[f]};
  e->first[f] = e->count++;
}

/* Where the edge from block `from` to block `to` goes: `to`, another
   block, or -1 when it is dropped (a drop wins over a redirection: the
   edge is never taken). */
static int editedTarget(const EdgeEdits *e, int from, int to) {
  int target = to;
  for (int i = e->first[from]; i >= 0; i = e->edits[i].next) {
    if (e->edits[i].to != to)
      continue;
    if (e->edits[i].target < 0)
      return -1;
    target = e->edits[i].target;
  }
  return target;
}

/* Whether the preheader of header-tested loop `l` (count >= 1) may enter
   its body directly: the header holds no ops (none skipped), the body is
   entered from the header alone, and the body heads no counted loop of
   its own (whose statements and edits assume its entries stay). */
static bool entersBodyDirectly(const AmdsyncLlvmFunction *fn,
                               const CountedLoop *l, const char *is_header) {
  const AmdsyncCfg *g = fn->program->cfg;
  int h = blockId(fn, l->header), b = blockId(fn, l->body);
  return h >= 0 && b >= 0 && g->blocks[h]->nops == 0 && !is_header[b] &&
         onlyEnteredFrom(l->body, l->header);
}

/* The trip statements and edge edits of every counted loop. */
static void countLoops(AmdsyncLlvmFunction *fn, LLVMBasicBlockRef *bbs,
                       EdgeEdits *edits) {
  AmdsyncCfg *g = fn->program->cfg;
  int n = g->nblocks;
  BlockWalk w = {
      fn, bbs, amdsyncArenaAlloc(fn->arena, (size_t)(n + 1) * sizeof(int)),
      amdsyncArenaAlloc(fn->arena, (size_t)(n + 1) * sizeof(int)), 0};
  CountedLoop *loops =
      amdsyncArenaAlloc(fn->arena, (size_t)(n + 1) * sizeof *loops);
  char *is_header = amdsyncArenaAlloc(fn->arena, (size_t)n + 1);
  int nloops = 0;
  for (int i = 0; i < n; ++i) {
    CountedLoop l;
    memset(&l, 0, sizeof l);
    if ((headerTestedLoop(&w, bbs[i], &l) || bottomTestedLoop(bbs[i], &l)) &&
        l.trips >= 0) {
      loops[nloops++] = l;
      is_header[i] = 1;
    }
  }
  for (int i = 0; i < nloops; ++i) {
    const CountedLoop *l = &loops[i];
    AmdsyncBlock *h = g->blocks[blockId(fn, l->header)];
    if (!l->header_tested) {
      h->trips = l->trips;
      if (l->trips == 1)
        editEdge(edits, l->latch, l->header, NULL); /* never back */
      continue;
    }
    if (l->trips == 0) {
      editEdge(edits, l->header, l->body, NULL); /* the body never runs */
      continue;
    }
    if (!entersBodyDirectly(fn, l, is_header)) {
      h->trips = l->trips; /* the header heads the loop: n + 1 tests */
      continue;
    }
    editEdge(edits, l->pre, l->header, l->body); /* the first test passes */
    if (l->trips == 1)
      editEdge(edits, l->header, l->body, NULL); /* no later test passes */
    g->blocks[blockId(fn, l->body)]->trips = l->trips;
    h->placeable = false; /* it no longer runs before the first pass */
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

/* Whether value `v` (a pointer, or a vector of them) may address LDS,
   traced through SSA values only. */
static bool holdsLdsPointer(LLVMValueRef v) {
  return v && isPointerLike(LLVMTypeOf(v)) && traceLds(v, false).lds;
}

bool amdsyncLlvmLdsEscapes(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i)) {
        switch (LLVMGetInstructionOpcode(i)) {
        case LLVMStore: /* stored as data */
          if (holdsLdsPointer(LLVMGetOperand(i, 0)))
            return true;
          break;
        case LLVMAtomicRMW:
          if (holdsLdsPointer(LLVMGetOperand(i, 1)))
            return true;
          break;
        case LLVMAtomicCmpXchg:
          if (holdsLdsPointer(LLVMGetOperand(i, 2)))
            return true;
          break;
        case LLVMRet:
          if (LLVMGetNumOperands(i) > 0 && holdsLdsPointer(LLVMGetOperand(i, 0)))
            return true;
          break;
        case LLVMCall:
        case LLVMInvoke: {
          /* Passed to a function (intrinsics take LDS addresses to access
             them, not to keep them). */
          LLVMValueRef callee = LLVMGetCalledValue(i);
          if (callee && LLVMIsAFunction(callee) && LLVMGetIntrinsicID(callee))
            break;
          for (unsigned k = 0, n = LLVMGetNumArgOperands(i); k < n; ++k)
            if (holdsLdsPointer(LLVMGetOperand(i, k)))
              return true;
          break;
        }
        default:
          break;
        }
      }
  return false;
}

bool amdsyncLlvmTranslate(AmdsyncLlvmFunction *fn) {
  fn->lds_escapes = amdsyncLlvmLdsEscapes(LLVMGetGlobalParent(fn->func));
  AmdsyncCfg *g = amdsyncCfgCreate(fn->program);
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
  countLoops(fn, bbs, &edits);
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
      int target = editedTarget(&edits, id, (int)to);
      if (target >= 0)
        amdsyncCfgAddEdge(g, b, g->blocks[target]);
    }
    if (b->nsucc >= 2) {
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
