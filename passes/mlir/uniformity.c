/*===- uniformity.c - Workgroup-uniform values -----------------------------===*
 *
 * Decides whether a condition or loop bound is the same in every lane of the
 * workgroup, so that a barrier under it is executed by all waves or by none
 * (a barrier in divergent control flow hangs: spec/amdgpu-execution-
 * synchronization.txt, "s_barrier instructions are convergent").
 *
 * An optimistic fixpoint over one function's SSA values, computed once, on
 * the first query for a value of that function:
 *
 *  1. every value starts uniform;
 *  2. divergent sources are seeded: thread and lane ids, loaded values,
 *     results of ops not known to be pure, arguments of a function that is
 *     not a kernel entry (its caller may pass lane-dependent values), block
 *     arguments of unknown region ops and of the non-entry blocks of
 *     multi-block regions nested in ops (conservatively);
 *  3. divergence flows forward along def-use chains with an explicit work
 *     list (no recursion whose depth grows with the IR): a pure op with a
 *     divergent operand has divergent results, and a structured merge is
 *     divergent when one of its incoming values is, or when the condition
 *     that controls it is (lanes leave a loop or pick a branch arm
 *     differently):
 *       scf.for / affine.for: the induction variable from the bounds; an
 *         iter_arg and its result from the bounds, its init and its yield;
 *       scf.if / affine.if / scf.index_switch: each result from the
 *         condition and every arm's yield;
 *       scf.while: a `before` argument from its init, the `after` yield
 *         and the condition; an `after` argument and a result from their
 *         scf.condition operand and the condition;
 *       scf.execute_region / memref.alloca_scope: results from the yields;
 *       a branch (cf, llvm) of the function body: each successor argument
 *         from the operand forwarded to it;
 *  4. the function body's own blocks merge by sync dependence (markJoins):
 *     the arguments of the blocks that lanes reach after a divergent
 *     branch, before and at its immediate post-dominator, are divergent;
 *     steps 3 and 4 repeat until nothing changes.
 *
 * Only a kernel's own arguments are uniform (gpu.func `kernel`,
 * `gpu.kernel`, `rocdl.kernel`, the amdgpu_kernel calling convention).
 * Values computed inside a divergent region from uniform values stay
 * uniform: only the lanes that run the region see them, and the region
 * itself is divergent for the placement anyway.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <assert.h>
#include <stdio.h>

enum { kDivergent = 1 };

/* Ops whose results are uniform regardless of operands. */
static bool isUniformSource(MlirOperation op) {
  static const AmdsyncName kSources[] = {
      AMDSYNC_NAME("arith.constant"),
      AMDSYNC_NAME("index.constant"),
      AMDSYNC_NAME("llvm.mlir.constant"),
      AMDSYNC_NAME("llvm.mlir.addressof"),
      AMDSYNC_NAME("llvm.mlir.undef"),
      AMDSYNC_NAME("llvm.mlir.poison"),
      AMDSYNC_NAME("llvm.mlir.zero"),
      AMDSYNC_NAME("ub.poison"),
      AMDSYNC_NAME("memref.get_global"),
      AMDSYNC_NAME("memref.alloc"),
      AMDSYNC_NAME("memref.alloca"),
      AMDSYNC_NAME("gpu.block_id"),
      AMDSYNC_NAME("gpu.block_dim"),
      AMDSYNC_NAME("gpu.grid_dim"),
      AMDSYNC_NAME("gpu.cluster_id"),
      AMDSYNC_NAME("gpu.cluster_dim"),
      AMDSYNC_NAME("gpu.cluster_block_id"),
      AMDSYNC_NAME("gpu.dynamic_shared_memory"),
      AMDSYNC_NAME("gpu.subgroup_size"),
      AMDSYNC_NAME("gpu.num_subgroups"),
      AMDSYNC_NAME("rocdl.wavefrontsize"),
      AMDSYNC_NAME("rocdl.workgroup.id.x"),
      AMDSYNC_NAME("rocdl.workgroup.id.y"),
      AMDSYNC_NAME("rocdl.workgroup.id.z"),
      AMDSYNC_NAME("rocdl.workgroup.dim.x"),
      AMDSYNC_NAME("rocdl.workgroup.dim.y"),
      AMDSYNC_NAME("rocdl.workgroup.dim.z"),
      AMDSYNC_NAME("rocdl.grid.dim.x"),
      AMDSYNC_NAME("rocdl.grid.dim.y"),
      AMDSYNC_NAME("rocdl.grid.dim.z"),
  };
  return amdsyncNameFind(amdsyncOpName(op), kSources,
                         sizeof kSources / sizeof kSources[0]) >= 0;
}

/* Side-effect-free ops whose result is uniform when all operands are. */
static bool isPureCompute(MlirOperation op) {
  if (mlirOperationGetNumRegions(op) != 0)
    return false;
  if (amdsyncOpHasPrefix(op, "arith.") || amdsyncOpHasPrefix(op, "index.") ||
      amdsyncOpHasPrefix(op, "math."))
    return true;
  static const AmdsyncName kPure[] = {
      AMDSYNC_NAME("affine.apply"),
      AMDSYNC_NAME("affine.min"),
      AMDSYNC_NAME("affine.max"),
      AMDSYNC_NAME("memref.dim"),
      AMDSYNC_NAME("memref.subview"),
      AMDSYNC_NAME("memref.view"),
      AMDSYNC_NAME("memref.cast"),
      AMDSYNC_NAME("memref.reinterpret_cast"),
      AMDSYNC_NAME("memref.expand_shape"),
      AMDSYNC_NAME("memref.collapse_shape"),
      AMDSYNC_NAME("memref.memory_space_cast"),
      AMDSYNC_NAME("memref.extract_strided_metadata"),
      AMDSYNC_NAME("vector.broadcast"),
      AMDSYNC_NAME("vector.splat"),
      AMDSYNC_NAME("vector.extract"),
      AMDSYNC_NAME("vector.insert"),
      AMDSYNC_NAME("llvm.add"),
      AMDSYNC_NAME("llvm.sub"),
      AMDSYNC_NAME("llvm.mul"),
      AMDSYNC_NAME("llvm.udiv"),
      AMDSYNC_NAME("llvm.sdiv"),
      AMDSYNC_NAME("llvm.urem"),
      AMDSYNC_NAME("llvm.srem"),
      AMDSYNC_NAME("llvm.and"),
      AMDSYNC_NAME("llvm.or"),
      AMDSYNC_NAME("llvm.xor"),
      AMDSYNC_NAME("llvm.shl"),
      AMDSYNC_NAME("llvm.lshr"),
      AMDSYNC_NAME("llvm.ashr"),
      AMDSYNC_NAME("llvm.icmp"),
      AMDSYNC_NAME("llvm.select"),
      AMDSYNC_NAME("llvm.zext"),
      AMDSYNC_NAME("llvm.sext"),
      AMDSYNC_NAME("llvm.trunc"),
      AMDSYNC_NAME("llvm.getelementptr"),
      AMDSYNC_NAME("llvm.bitcast"),
      AMDSYNC_NAME("llvm.addrspacecast"),
      AMDSYNC_NAME("llvm.ptrtoint"),
      AMDSYNC_NAME("llvm.inttoptr"),
      AMDSYNC_NAME("llvm.extractvalue"),
      AMDSYNC_NAME("llvm.insertvalue"),
      AMDSYNC_NAME("builtin.unrealized_conversion_cast"),
  };
  return amdsyncNameFind(amdsyncOpName(op), kPure,
                         sizeof kPure / sizeof kPure[0]) >= 0;
}

static bool hasAttr(MlirOperation op, const char *name) {
  return !mlirAttributeIsNull(
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name)));
}

/* A kernel entry: its arguments are the same for every lane. */
bool amdsyncMlirIsKernel(MlirOperation func) {
  if (hasAttr(func, "gpu.kernel") || hasAttr(func, "rocdl.kernel"))
    return true;
  MlirAttribute cc = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("CConv"));
  return amdsyncMlirAttrIs(cc, "llvm", "#llvm.cconv<amdgpu_kernelcc>");
}


/*===--- The fixpoint ---------------------------------------------------------===*/

typedef struct {
  AmdsyncUniformity *u;
  AmdsyncPtrVec work; /* divergent values whose uses are not yet visited */
  MlirOperation func;
} Solver;

static void markDivergent(Solver *s, MlirValue v) {
  /* Never into kept answers, which another translation's arena owns. */
  assert(!s->u->kept || s->u->divergent.slots == NULL ||
         s->u->divergent.slots != s->u->kept->slots);
  long state;
  if (amdsyncPtrMapGet(&s->u->divergent, v.ptr, &state))
    return;
  amdsyncPtrMapPut(s->u->arena, &s->u->divergent, v.ptr, kDivergent);
  amdsyncPtrVecPush(s->u->arena, &s->work, (void *)v.ptr);
}

static void markResults(Solver *s, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    markDivergent(s, mlirOperationGetResult(op, i));
}

static void markResult(Solver *s, MlirOperation op, intptr_t i) {
  if (i >= 0 && i < mlirOperationGetNumResults(op))
    markDivergent(s, mlirOperationGetResult(op, i));
}

static void markBlockArgs(Solver *s, MlirBlock b, intptr_t from) {
  if (mlirBlockIsNull(b))
    return;
  for (intptr_t i = from; i < mlirBlockGetNumArguments(b); ++i)
    markDivergent(s, mlirBlockGetArgument(b, i));
}

static void markBlockArg(Solver *s, MlirBlock b, intptr_t i) {
  if (!mlirBlockIsNull(b) && i >= 0 && i < mlirBlockGetNumArguments(b))
    markDivergent(s, mlirBlockGetArgument(b, i));
}

static MlirBlock entryOf(MlirOperation op, intptr_t region) {
  if (region >= mlirOperationGetNumRegions(op))
    return (MlirBlock){NULL};
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
}

/* Operands of an affine.for that feed its bounds (the rest are inits). */
static intptr_t affineForBoundOperands(MlirOperation op) {
  return mlirOperationGetNumOperands(op) - mlirOperationGetNumResults(op);
}

/* Everything a loop carries becomes divergent: lanes leave it at different
   iterations. */
static void loopDiverges(Solver *s, MlirOperation loop) {
  markBlockArgs(s, entryOf(loop, 0), 0);
  markResults(s, loop);
}

/* A divergent operand `k` of a branch reaches the block argument it is
   forwarded to: for one successor operands map to its arguments in order;
   for a conditional branch with segments (condition, true operands, false
   operands) by segment; anything else makes every successor argument
   divergent. */
static void propagateToSuccessor(Solver *s, MlirOperation term, intptr_t k) {
  intptr_t nsucc = mlirOperationGetNumSuccessors(term);
  intptr_t nops = mlirOperationGetNumOperands(term);
  if (nsucc == 1) {
    MlirBlock dest = mlirOperationGetSuccessor(term, 0);
    if (mlirBlockGetNumArguments(dest) == nops) {
      markBlockArg(s, dest, k);
      return;
    }
  }
  MlirAttribute seg = mlirOperationGetAttributeByName(
      term, mlirStringRefCreateFromCString("operandSegmentSizes"));
  if (nsucc == 2 && !mlirAttributeIsNull(seg) &&
      mlirAttributeIsADenseI32Array(seg) &&
      mlirDenseArrayGetNumElements(seg) == 3 &&
      mlirDenseI32ArrayGetElement(seg, 0) == 1) {
    intptr_t ntrue = mlirDenseI32ArrayGetElement(seg, 1);
    if (k == 0)
      return; /* the condition: decides the branch, handled by joins */
    if (k - 1 < ntrue)
      markBlockArg(s, mlirOperationGetSuccessor(term, 0), k - 1);
    else
      markBlockArg(s, mlirOperationGetSuccessor(term, 1), k - 1 - ntrue);
    return;
  }
  for (intptr_t i = 0; i < nsucc; ++i)
    markBlockArgs(s, mlirOperationGetSuccessor(term, i), 0);
}

/* A divergent value reaches operand `k` of `user`. */
static void propagateUse(Solver *s, MlirOperation user, intptr_t k) {
  if (isPureCompute(user)) {
    markResults(s, user);
    return;
  }
  if (amdsyncOpIs(user, "scf.for")) {
    if (k < 3)
      loopDiverges(s, user);
    else {
      markBlockArg(s, entryOf(user, 0), k - 3 + 1);
      markResult(s, user, k - 3);
    }
    return;
  }
  if (amdsyncOpIs(user, "affine.for")) {
    intptr_t bounds = affineForBoundOperands(user);
    if (k < bounds)
      loopDiverges(s, user);
    else {
      markBlockArg(s, entryOf(user, 0), k - bounds + 1);
      markResult(s, user, k - bounds);
    }
    return;
  }
  if (amdsyncOpIs(user, "scf.while")) {
    markBlockArg(s, entryOf(user, 0), k);
    return;
  }
  if (amdsyncOpIs(user, "scf.if") || amdsyncOpIs(user, "affine.if") ||
      amdsyncOpIs(user, "scf.index_switch")) {
    markResults(s, user); /* the condition (all operands select the arm) */
    return;
  }
  if (mlirOperationGetNumSuccessors(user) > 0) {
    propagateToSuccessor(s, user, k);
    return;
  }
  bool yield = amdsyncOpIs(user, "scf.yield") ||
               amdsyncOpIs(user, "affine.yield") ||
               amdsyncOpIs(user, "memref.alloca_scope.return");
  bool condition = amdsyncOpIs(user, "scf.condition");
  if (!yield && !condition)
    return; /* other ops' results are seeded divergent already */
  MlirBlock block = mlirOperationGetBlock(user);
  MlirOperation parent = mlirBlockGetParentOperation(block);
  if (mlirOperationIsNull(parent) || mlirOperationEqual(parent, s->func))
    return;
  if (condition) {
    /* scf.condition(%c) %args: %c controls every merge of the loop. */
    if (k == 0) {
      markBlockArgs(s, entryOf(parent, 0), 0);
      markBlockArgs(s, entryOf(parent, 1), 0);
      markResults(s, parent);
    } else {
      markBlockArg(s, entryOf(parent, 1), k - 1);
      markResult(s, parent, k - 1);
    }
    return;
  }
  if (amdsyncOpIs(parent, "scf.for") || amdsyncOpIs(parent, "affine.for")) {
    markBlockArg(s, entryOf(parent, 0), k + 1);
    markResult(s, parent, k);
  } else if (amdsyncOpIs(parent, "scf.while")) {
    markBlockArg(s, entryOf(parent, 0), k); /* the `after` yield */
  } else if (amdsyncOpIs(parent, "scf.if") || amdsyncOpIs(parent, "affine.if") ||
             amdsyncOpIs(parent, "scf.index_switch") ||
             amdsyncOpIs(parent, "scf.execute_region") ||
             amdsyncOpIs(parent, "memref.alloca_scope")) {
    markResult(s, parent, k);
  }
}

/* Seeds the divergent sources of one op (not the function itself). */
static MlirWalkResult seedOp(MlirOperation op, void *user) {
  Solver *s = user;
  if (mlirOperationEqual(op, s->func))
    return MlirWalkResultAdvance;
  if (amdsyncMlirIsFunction(op))
    return MlirWalkResultSkip; /* analyzed on its own */
  bool structured = amdsyncMlirIsStructuredControlFlow(op);
  if (!isUniformSource(op) && !isPureCompute(op) && !structured)
    markResults(s, op);
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    MlirBlock entry = mlirRegionGetFirstBlock(region);
    if (mlirBlockIsNull(entry))
      continue;
    if (!structured)
      markBlockArgs(s, entry, 0);
    /* Blocks after the entry: merges of unstructured control flow. */
    bool several = false;
    for (MlirBlock b = mlirBlockGetNextInRegion(entry); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      markBlockArgs(s, b, 0);
      several = true;
    }
    /* A structured op's results merged across several blocks: unknown. */
    if (several && structured)
      markResults(s, op);
  }
  return MlirWalkResultAdvance;
}

/* Whether `v` is divergent so far. */
static bool divergentNow(const Solver *s, MlirValue v) {
  long state;
  return amdsyncPtrMapGet(&s->u->divergent, v.ptr, &state);
}

/* Whether a branch's choice is divergent so far: its condition or selector
   for the known branches, any operand otherwise. */
static bool branchDivergent(const Solver *s, MlirOperation term) {
  intptr_t n = mlirOperationGetNumOperands(term);
  if (n == 0)
    return false;
  if (amdsyncOpIs(term, "cf.cond_br") || amdsyncOpIs(term, "llvm.cond_br") ||
      amdsyncOpIs(term, "cf.switch") || amdsyncOpIs(term, "llvm.switch"))
    return divergentNow(s, mlirOperationGetOperand(term, 0));
  for (intptr_t i = 0; i < n; ++i)
    if (divergentNow(s, mlirOperationGetOperand(term, i)))
      return true;
  return false;
}

/* Merges of the function body's blocks (sync dependence): lanes that took
   different ways of a divergent branch meet at the blocks they reach before
   the branch's immediate post-dominator and at that post-dominator, so the
   arguments of those blocks are divergent (loop headers included: lanes
   leave a loop with a divergent exit at different iterations). Builds the
   body's block graph with the core's analysis (cfg.c) under the branches'
   current divergence; returns true when it marked something new. */
static bool markJoins(Solver *s) {
  MlirRegion body = mlirOperationGetRegion(s->func, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(entry) || mlirBlockIsNull(mlirBlockGetNextInRegion(entry)))
    return false;
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  AmdsyncCfg *g = amdsyncCfgCreate(p);
  AmdsyncPtrMap ids = {0};
  AmdsyncPtrVec blocks = {NULL, 0, 0};
  for (MlirBlock b = entry; !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
    AmdsyncBlock *m = amdsyncCfgAddBlock(g);
    amdsyncPtrMapPut(arena, &ids, b.ptr, m->id);
    amdsyncPtrVecPush(arena, &blocks, b.ptr);
  }
  for (int i = 0; i < blocks.count; ++i) {
    MlirBlock b = {blocks.items[i]};
    MlirOperation term = mlirBlockGetTerminator(b);
    if (mlirOperationIsNull(term))
      continue;
    intptr_t nsucc = mlirOperationGetNumSuccessors(term);
    for (intptr_t k = 0; k < nsucc; ++k) {
      long to;
      if (amdsyncPtrMapGet(&ids, mlirOperationGetSuccessor(term, k).ptr, &to))
        amdsyncCfgAddEdge(g, g->blocks[i], g->blocks[to]);
    }
    amdsyncBlockSetBranch(g, g->blocks[i], g->blocks[i]->branch_origin,
                          nsucc < 2 || !branchDivergent(s, term));
  }
  amdsyncCfgAnalyze(g);
  int before = s->work.count;
  bool grew = false;
  for (int i = 0; i < g->nblocks; ++i) {
    const AmdsyncBlock *m = g->blocks[i];
    if (m->rpo < 0)
      continue;
    MlirBlock b = {blocks.items[i]};
    if (m->divergent)
      markBlockArgs(s, b, 0);
    if (m->nsucc >= 2 && !m->branch_uniform && m->ipdom >= 0)
      markBlockArgs(s, (MlirBlock){blocks.items[m->ipdom]}, 0);
  }
  grew = s->work.count > before;
  amdsyncArenaDestroy(arena);
  return grew;
}

static void solve(AmdsyncUniformity *u, MlirOperation func) {
  Solver s = {u, {NULL, 0, 0}, func};
  if (mlirOperationGetNumRegions(func) > 0) {
    MlirRegion body = mlirOperationGetRegion(func, 0);
    MlirBlock entry = mlirRegionGetFirstBlock(body);
    if (!mlirBlockIsNull(entry)) {
      /* Arguments of a function that is not a kernel entry: its caller may
         pass lane-dependent values. Attributions (after the inputs) are
         workgroup addresses. */
      if (!amdsyncMlirIsKernel(func)) {
        intptr_t inputs = amdsyncMlirFunctionInputs(func, entry);
        for (intptr_t i = 0; i < inputs && i < mlirBlockGetNumArguments(entry);
             ++i)
          if (i >= 64 || !(u->uniform_params >> i & 1))
            markDivergent(&s, mlirBlockGetArgument(entry, i));
      }
    }
  }
  mlirOperationWalk(func, seedOp, &s, MlirWalkPreOrder);
  for (;;) {
    while (s.work.count > 0) {
      MlirValue v = {s.work.items[--s.work.count]};
      for (MlirOpOperand use = mlirValueGetFirstUse(v);
           !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
        propagateUse(&s, mlirOpOperandGetOwner(use),
                     (intptr_t)mlirOpOperandGetOperandNumber(use));
    }
    if (!markJoins(&s))
      break;
  }
}

#ifndef NDEBUG
/* The nearest function-like op around `v`'s definition. */
static MlirOperation functionOf(MlirValue v) {
  MlirOperation op =
      mlirValueIsABlockArgument(v)
          ? mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v))
          : mlirOpResultGetOwner(v);
  for (; !mlirOperationIsNull(op); op = mlirOperationGetParentOperation(op))
    if (amdsyncMlirIsFunction(op))
      return op;
  return op;
}
#endif

/* Uniform without the fixpoint: a uniform source, or a pure op of such
   values, a few levels deep (the rules of the fixpoint, which would find
   the same). False means "ask the fixpoint". */
static bool obviouslyUniform(MlirValue v, int depth) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (isUniformSource(def))
    return true;
  if (depth == 0 || !isPureCompute(def))
    return false;
  intptr_t n = mlirOperationGetNumOperands(def);
  for (intptr_t i = 0; i < n; ++i)
    if (!obviouslyUniform(mlirOperationGetOperand(def, i), depth - 1))
      return false;
  return true;
}

/* The fixpoint, or the answers kept from the barrier pass's translation
   of the function (debug builds solve too and compare: the ops the passes
   insert have no results and no operands, so the keys are the same). */
static void takeOrSolve(AmdsyncUniformity *u) {
  if (!u->kept) {
    solve(u, u->func);
    return;
  }
#ifndef NDEBUG
  solve(u, u->func);
  assert(amdsyncPtrMapHasKeysOf(&u->divergent, u->kept, NULL));
  assert(amdsyncPtrMapHasKeysOf(u->kept, &u->divergent, NULL));
#endif
  u->divergent = *u->kept; /* read only from here on */
}

const AmdsyncPtrMap *amdsyncMlirKeepUniformity(const AmdsyncUniformity *u,
                                               AmdsyncArena *arena) {
  if (!u->solved)
    return NULL;
  AmdsyncPtrMap *out = amdsyncArenaAlloc(arena, sizeof *out);
  amdsyncPtrMapCopy(arena, &u->divergent, out);
  return out;
}

bool amdsyncMlirIsUniform(AmdsyncUniformity *u, MlirValue v) {
  assert(!mlirOperationIsNull(u->func));
  assert(mlirOperationEqual(functionOf(v), u->func));
  if (!u->solved && obviouslyUniform(v, 3))
    return true; /* constant bounds and conditions need no fixpoint */
  if (!u->solved) {
    takeOrSolve(u);
    u->solved = true;
  }
  long state;
  return !amdsyncPtrMapGet(&u->divergent, v.ptr, &state);
}

/*===--- Why a value diverges (diagnostics) --------------------------------===*/

static bool isThreadIdOp(MlirOperation op) {
  static const AmdsyncName kIds[] = {
      AMDSYNC_NAME("gpu.thread_id"),        AMDSYNC_NAME("gpu.lane_id"),
      AMDSYNC_NAME("gpu.global_id"),        AMDSYNC_NAME("gpu.subgroup_id"),
      AMDSYNC_NAME("rocdl.workitem.id.x"), AMDSYNC_NAME("rocdl.workitem.id.y"),
      AMDSYNC_NAME("rocdl.workitem.id.z"), AMDSYNC_NAME("rocdl.mbcnt.lo"),
      AMDSYNC_NAME("rocdl.mbcnt.hi"),
  };
  return amdsyncNameFind(amdsyncOpName(op), kIds,
                         sizeof kIds / sizeof kIds[0]) >= 0;
}

void amdsyncMlirWhyDivergent(AmdsyncUniformity *u, MlirValue v, char *buf,
                             int size) {
  char at[300];
  for (int depth = 0; depth < 64; ++depth) {
    if (mlirValueIsABlockArgument(v)) {
      MlirBlock b = mlirBlockArgumentGetOwner(v);
      MlirOperation parent = mlirBlockGetParentOperation(b);
      intptr_t pos = mlirBlockArgumentGetArgNumber(v);
      bool entry =
          !mlirOperationIsNull(parent) && amdsyncMlirIsFunction(parent) &&
          mlirBlockEqual(b, mlirRegionGetFirstBlock(
                                mlirOperationGetRegion(parent, 0)));
      if (entry && !amdsyncMlirIsKernel(parent)) {
        MlirAttribute sym =
            mlirOperationGetAttributeByName(parent, mlirStringRefCreateFromCString("sym_name"));
        MlirStringRef name = mlirAttributeIsAString(sym)
                                 ? mlirStringAttrGetValue(sym)
                                 : mlirStringRefCreateFromCString("?");
        snprintf(buf, (size_t)size,
                 "argument #%d of @%.*s, which is not a kernel: the "
                 "arguments of a function that is not a kernel entry may "
                 "differ between lanes (if @%.*s is a kernel, mark it: "
                 "gpu.func ... kernel, gpu.kernel or rocdl.kernel)",
                 (int)pos, (int)name.length, name.data, (int)name.length,
                 name.data);
        return;
      }
      snprintf(buf, (size_t)size,
               "argument #%d of a block%s, which lanes that went different "
               "ways may reach with different values",
               (int)pos, entry ? " (a function's entry)" : "");
      return;
    }
    MlirOperation def = mlirOpResultGetOwner(v);
    amdsyncMlirDescribeOp(def, at, sizeof at);
    if (isThreadIdOp(def)) {
      snprintf(buf, (size_t)size, "the thread id, %s", at);
      return;
    }
    /* Follow a divergent operand of an op that computes from them. */
    MlirValue next = {NULL};
    if (isPureCompute(def) || amdsyncMlirIsStructuredControlFlow(def)) {
      intptr_t n = mlirOperationGetNumOperands(def);
      for (intptr_t i = 0; i < n && !next.ptr; ++i) {
        MlirValue o = mlirOperationGetOperand(def, i);
        if (!amdsyncMlirIsUniform(u, o))
          next = o;
      }
    }
    if (next.ptr) {
      v = next;
      continue;
    }
    if (amdsyncOpHasPrefix(def, "memref.load") ||
        amdsyncOpHasPrefix(def, "vector.load") ||
        amdsyncOpHasPrefix(def, "affine.load") ||
        amdsyncOpHasPrefix(def, "llvm.load") ||
        amdsyncOpHasPrefix(def, "memref.atomic") ||
        amdsyncOpHasPrefix(def, "llvm.atomic"))
      snprintf(buf, (size_t)size,
               "a value loaded from memory, %s: lanes may load different "
               "values",
               at);
    else if (isPureCompute(def) || amdsyncMlirIsStructuredControlFlow(def))
      snprintf(buf, (size_t)size,
               "%s, whose value depends on which way lanes went at a "
               "divergent branch",
               at);
    else
      snprintf(buf, (size_t)size,
               "the result of %s, which is not known to be the same in "
               "every lane",
               at);
    return;
  }
  snprintf(buf, (size_t)size, "a value that may differ between lanes");
}
