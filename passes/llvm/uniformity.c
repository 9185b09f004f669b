/*===- uniformity.c - Workgroup-uniform values of an LLVM IR function ------===*
 *
 * The same rules as the MLIR side (brief §1), on LLVM IR, as an optimistic
 * fixpoint with a work list:
 *
 *  1. every value starts uniform;
 *  2. divergent sources: the arguments of a function that is not a kernel
 *     (amdgpu_kernel calling convention) or the body clang emits for an
 *     OpenCL kernel (amdsyncLlvmLaunchingKernel), loads (except of the dispatch
 *     packet, kernel arguments and constant globals, uniform where their
 *     address is: amdsyncLlvmDispatchConstant), atomics, calls (except the
 *     workgroup-uniform intrinsics: workgroup ids, dispatch and kernarg
 *     pointers), and everything else that is not an instruction computing
 *     from its operands;
 *  3. divergence flows along def-use chains;
 *  4. sync dependence: a phi in a join of a divergent branch (a block,
 *     before or at the branch's immediate post-dominator, that lanes reach
 *     from two of its ways, isJoin) is divergent (lanes came different
 *     ways); and a value defined in a loop that lanes leave
 *     by a divergent branch is divergent where it is used outside the loop
 *     (lanes left in different iterations). Steps 3 and 4 repeat until
 *     nothing changes;
 *  5. private slots (clang's -O0 locals): an `alloca` whose address only
 *     loads and stores use (through address-space casts) holds the same
 *     bytes in every lane while every store to it stores a uniform value
 *     outside every divergent branch's region (the blocks lanes reach from
 *     it before its post-dominator, a loop it leaves included: there lanes
 *     store at different times); its loads are then no divergent source.
 *     A slot that breaks this makes its loads divergent, and steps 3 to 5
 *     repeat;
 *  6. a call of a defined function that is memory-free (its own allocas
 *     and constant memory only) and calls nothing but the uniform queries
 *     of rule 2 and other such functions is no divergent source: its
 *     result is uniform where its arguments are (rule 3 decides): HIP's
 *     blockDim and blockIdx getters, which clang -O0 leaves as calls.
 *
 * Post-dominators and loops come from the core (amdsyncCfgAnalyze) on a
 * graph of the function's blocks alone, in an arena of its own, made at
 * the first divergent branch (amdsyncLlvmBlockGraph): a function whose
 * branches are all uniform has no join to find. The checker's
 * translation in the `amdsync` pipeline may take the barrier pass's
 * answers instead of solving (amdsyncLlvmKeepUniformity).
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A private slot (rule 5): its loads and stores. */
typedef struct {
  AmdsyncPtrVec loads, stores;
  bool divergent;
} Slot;

typedef struct {
  AmdsyncLlvmFunction *fn;
  LLVMValueRef *work;
  int count, capacity;
  AmdsyncPtrMap slot_of; ///< load -> 1 + its slot's index
  Slot *slots;
  int nslots;
  char *in_region; ///< graph block -> 1: in some divergent branch's region
} Solver;

static void markDivergent(Solver *s, LLVMValueRef v) {
  if (!amdsyncPtrMapAdd(s->fn->arena, &s->fn->uniformity.divergent, v, 1))
    return;
  s->work = amdsyncArenaGrow(s->fn->arena, s->work, s->count, &s->capacity,
                             sizeof(LLVMValueRef));
  s->work[s->count++] = v;
}

/* Calls whose result is the same in every lane of the workgroup. */
static bool uniformCall(LLVMValueRef call) {
  static const char *const kUniform[] = {
      "llvm.amdgcn.workgroup.id.x",     "llvm.amdgcn.workgroup.id.y",
      "llvm.amdgcn.workgroup.id.z",     "llvm.amdgcn.dispatch.ptr",
      "llvm.amdgcn.kernarg.segment.ptr", "llvm.amdgcn.implicitarg.ptr",
      "llvm.amdgcn.dispatch.id",        "llvm.amdgcn.groupstaticsize",
      "llvm.amdgcn.wavefrontsize",
  };
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee))
    return false;
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  /* OpenCL's and the device library's queries of the dispatch
     (passes/shared/intrinsics.c). */
  if (amdsyncTrustedCallee(name, len, LLVMIsDeclaration(callee)) &&
      amdsyncWorkItemQueryUniform(amdsyncWorkItemQueryOf(name, len)))
    return true;
  for (size_t i = 0; i < sizeof kUniform / sizeof kUniform[0]; ++i)
    if (strlen(kUniform[i]) == len && memcmp(kUniform[i], name, len) == 0)
      return true;
  return false;
}

/* Rule 6: whether defined function `f` computes its result from its
   arguments and uniform queries only. Memoized; a cycle is not. */
static bool uniformHelper(AmdsyncLlvmFunction *fn, LLVMValueRef f, int depth) {
  long memo;
  if (amdsyncPtrMapGet(&fn->uniform_helper, f, &memo))
    return memo == 1;
  if (LLVMIsDeclaration(f) || depth > 8)
    return false;
  amdsyncPtrMapPut(fn->arena, &fn->uniform_helper, f, 0); /* until shown */
  bool ok = amdsyncLlvmMemoryFree(fn, f);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && ok;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && ok;
         i = LLVMGetNextInstruction(i)) {
      if (LLVMGetInstructionOpcode(i) != LLVMCall)
        continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      size_t len = 0;
      const char *name =
          callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len)
                                            : "";
      ok = uniformCall(i) ||
           (len > 9 && memcmp(name, "llvm.dbg.", 9) == 0) ||
           (callee && LLVMIsAFunction(callee) &&
            uniformHelper(fn, callee, depth + 1));
    }
  amdsyncPtrMapPut(fn->arena, &fn->uniform_helper, f, ok ? 1 : 0);
  return ok;
}

static bool divergentSource(const Solver *s, LLVMValueRef inst) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMLoad: {
    long slot;
    if (amdsyncPtrMapGet(&s->slot_of, inst, &slot))
      return false; /* a private slot's: rule 5 decides */
    /* The kernel's arguments, the implicit arguments HIP's blockDim reads
       and the dispatch packet do not change while the kernel runs: a load
       of them is uniform where its address is. Not any address space 4
       load: an address cast there from memory lanes write (a reviewer's
       kernel hung) is a load like any other. */
    return !amdsyncLlvmDispatchConstant(LLVMGetOperand(inst, 0));
  }
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
  case LLVMVAArg:
  case LLVMLandingPad:
  case LLVMInvoke:
  case LLVMCallBr:
    return true;
  case LLVMCall: {
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    return !uniformCall(inst) &&
           !(callee && LLVMIsAFunction(callee) &&
             uniformHelper(s->fn, callee, 0));
  }
  default:
    return false;
  }
}

static void propagate(Solver *s) {
  while (s->count > 0) {
    LLVMValueRef v = s->work[--s->count];
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (LLVMIsAInstruction(user))
        markDivergent(s, user);
    }
  }
}

/* The graph of the function's blocks (fn->blocks_bb, in function order),
   analyzed, in `arena`. */
static AmdsyncCfg *blockGraph(const AmdsyncLlvmFunction *fn,
                              AmdsyncArena *arena) {
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  AmdsyncCfg *g = amdsyncCfgCreate(p);
  for (int i = 0; i < fn->nblocks_bb; ++i)
    amdsyncCfgAddBlock(g);
  for (int i = 0; i < fn->nblocks_bb; ++i) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(fn->blocks_bb[i]);
    for (unsigned k = 0; t && k < LLVMGetNumSuccessors(t); ++k) {
      long to;
      if (amdsyncPtrMapGet(&fn->block_of, LLVMGetSuccessor(t, k), &to))
        amdsyncCfgAddEdge(g, g->blocks[i], g->blocks[to]);
    }
  }
  amdsyncCfgAnalyze(g);
  return g;
}

const AmdsyncCfg *amdsyncLlvmBlockGraph(const AmdsyncLlvmFunction *fn) {
  if (!fn->blocks && fn->blocks_open) {
    AmdsyncLlvmFunction *f = (AmdsyncLlvmFunction *)fn; /* made once */
    f->blocks_arena = amdsyncArenaCreate();
    f->blocks = blockGraph(fn, f->blocks_arena);
  }
  return fn->blocks;
}

static bool branchDivergent(const AmdsyncLlvmFunction *fn, LLVMValueRef t) {
  if (!t || LLVMGetNumSuccessors(t) < 2)
    return false;
  switch (LLVMGetInstructionOpcode(t)) {
  case LLVMBr:
    return !amdsyncLlvmIsUniform(fn, LLVMGetCondition(t));
  case LLVMSwitch:
    return !amdsyncLlvmIsUniform(fn, LLVMGetOperand(t, 0));
  default:
    return true;
  }
}

static void markPhis(Solver *s, LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && LLVMIsAPHINode(i);
       i = LLVMGetNextInstruction(i))
    markDivergent(s, i);
}

/* The ways of a divergent branch joinsOf tells apart (one bit each); a
   branch with more successors marks every block it reaches, as a join. */
enum { kMaxWays = 64 };

/* Whether block `x` is a join of the divergent branch `id`: two of its
   predecessors lie on different ways of the branch (`way[p]`: the
   successors of the branch from which p is reached before the branch's
   immediate post-dominator; the branch itself by the successors the edge
   takes). Only there do lanes that went different ways meet, each with the
   value of its own way (LLVM's UniformityAnalysis: a join of two disjoint
   paths from the branch). A block that one way alone reaches, a loop
   header inside one arm included, sees the lanes of that way only, in
   step: its phis stay as uniform as their incoming values. */
static bool isJoin(const AmdsyncCfg *g, int id, int x, const uint64_t *way) {
  const AmdsyncBlock *b = g->blocks[id], *m = g->blocks[x];
  uint64_t all = 0;
  int reached = 0;
  for (int k = 0; k < m->npred; ++k) {
    const AmdsyncBlock *q = m->pred[k];
    bool again = false;
    for (int j = 0; j < k && !again; ++j)
      again = m->pred[j] == q;
    if (again)
      continue;
    /* The post-dominator counts too: lanes that wait there may come round
       to a block the other way reaches directly (a loop whose header both
       the branch and its post-dominator enter). */
    uint64_t w = way[q->id];
    if (q == b)
      for (int t = 0; t < b->nsucc; ++t)
        w |= b->succ[t] == m ? (uint64_t)1 << t : 0;
    reached += w != 0;
    all |= w;
  }
  return reached >= 2 && (all & (all - 1)) != 0;
}

/* What joinsOf touches, allocated once per function: each divergent
   branch costs the blocks it reaches, not the whole function (a kernel of
   many guarded steps has as many divergent branches as blocks). `way` and
   `around` are all zero between calls; `reached` and `came_round` list the
   entries a call set, so that it clears only those. `in_loop` lists the
   blocks of every loop, ordered by their innermost loop's number in the
   loop forest, so that loop L's blocks are one run of it (`loop_first`). */
typedef struct {
  uint64_t *way;
  char *around;
  int *stack;
  int *reached, nreached;
  int *came_round, ncame_round;
  int *in_loop, *loop_first, *loop_end;
} JoinScratch;

static int compareInts(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static void joinScratchInit(JoinScratch *js, const AmdsyncCfg *g) {
  int n = g->nblocks, nl = g->nloops;
  size_t nedges = 0;
  for (int i = 0; i < n; ++i)
    nedges += (size_t)g->blocks[i]->nsucc;
  memset(js, 0, sizeof *js);
  js->way = calloc((size_t)n + 1, sizeof *js->way);
  js->around = calloc((size_t)n + 1, 1);
  js->stack = calloc(nedges + 1, sizeof(int)); /* a push per edge at most */
  js->reached = calloc((size_t)n + 1, sizeof(int));
  js->came_round = calloc((size_t)n + 1, sizeof(int));
  js->in_loop = calloc((size_t)n + 1, sizeof(int));
  js->loop_first = calloc((size_t)nl + 1, sizeof(int));
  js->loop_end = calloc((size_t)nl + 1, sizeof(int));
  /* Counting sort of the blocks in loops by their loop's pre number: the
     blocks of the loops within L have pre numbers in [L.pre, L.post]. */
  int clock = 2 * nl + 1;
  int *start = calloc((size_t)clock + 1, sizeof(int));
  for (int i = 0; i < n; ++i)
    if (g->blocks[i]->loop >= 0)
      start[g->loops[g->blocks[i]->loop].pre + 1]++;
  for (int c = 0; c < clock; ++c)
    start[c + 1] += start[c];
  int *fill = calloc((size_t)clock + 1, sizeof(int));
  memcpy(fill, start, ((size_t)clock + 1) * sizeof(int));
  for (int i = 0; i < n; ++i)
    if (g->blocks[i]->loop >= 0)
      js->in_loop[fill[g->loops[g->blocks[i]->loop].pre]++] = i;
  for (int L = 0; L < nl; ++L) {
    assert(g->loops[L].pre >= 0 && g->loops[L].post < clock);
    js->loop_first[L] = start[g->loops[L].pre];
    js->loop_end[L] = start[g->loops[L].post + 1];
  }
  free(fill);
  free(start);
}

static void joinScratchFree(JoinScratch *js) {
  free(js->way);
  free(js->around);
  free(js->stack);
  free(js->reached);
  free(js->came_round);
  free(js->in_loop);
  free(js->loop_first);
  free(js->loop_end);
}

/* Sync dependence of divergent branch block `b` (graph id `id`): the phis
   of its joins (isJoin) before or at its immediate post-dominator, and of
   the blocks one way reached that lanes come round to from the
   post-dominator (`around`). */
static void joinsOf(Solver *s, const AmdsyncCfg *g, LLVMBasicBlockRef *bbs,
                    int id, JoinScratch *js) {
  const AmdsyncBlock *b = g->blocks[id];
  uint64_t *way = js->way;
  int *stack = js->stack;
  int stop = b->ipdom; /* -1: the virtual exit */
  bool every = b->nsucc > kMaxWays;
  js->nreached = 0;
  for (int t = 0; t < b->nsucc; ++t) {
    uint64_t bit = (uint64_t)1 << (every ? 0 : t);
    int sp = 0;
    stack[sp++] = b->succ[t]->id;
    while (sp) {
      int x = stack[--sp];
      if (way[x] & bit)
        continue;
      if (!way[x])
        js->reached[js->nreached++] = x;
      way[x] |= bit;
      if (x == stop)
        continue;
      for (int k = 0; k < g->blocks[x]->nsucc; ++k)
        if (!(way[g->blocks[x]->succ[k]->id] & bit))
          stack[sp++] = g->blocks[x]->succ[k]->id;
    }
  }
  /* In block order, as a walk over every block would mark them. */
  qsort(js->reached, (size_t)js->nreached, sizeof(int), compareInts);
  /* The branch's region (rule 5): where lanes run apart. */
  for (int r = 0; r < js->nreached; ++r)
    if (js->reached[r] != stop)
      s->in_region[js->reached[r]] = 1;
  /* Lanes that reached the post-dominator come round, without a new
     instance of this branch, to a block the other way reached directly
     (two cycles through one loop header: some lanes went round the short
     one more often): such a block is a join too. Only inside a loop that
     holds the post-dominator can they come round; the walk stays there. */
  char *around = js->around;
  js->ncame_round = 0;
  if (stop >= 0 && g->blocks[stop]->loop >= 0 && !every) {
    int outer = g->blocks[stop]->loop;
    while (g->loops[outer].parent >= 0)
      outer = g->loops[outer].parent;
    int sp = 0;
    for (int k = 0; k < g->blocks[stop]->nsucc; ++k)
      stack[sp++] = g->blocks[stop]->succ[k]->id;
    while (sp) {
      int x = stack[--sp];
      if (around[x] || x == id || g->blocks[x]->loop < 0 ||
          !amdsyncCfgLoopWithin(g, g->blocks[x]->loop, outer))
        continue;
      around[x] = 1;
      js->came_round[js->ncame_round++] = x;
      for (int k = 0; k < g->blocks[x]->nsucc; ++k)
        if (!around[g->blocks[x]->succ[k]->id])
          stack[sp++] = g->blocks[x]->succ[k]->id;
    }
  }
  for (int r = 0; r < js->nreached; ++r) {
    int x = js->reached[r];
    if (every || (around[x] && x != stop) || isJoin(g, id, x, way))
      markPhis(s, bbs[x]);
  }
  for (int r = 0; r < js->nreached; ++r)
    way[js->reached[r]] = 0;
  for (int r = 0; r < js->ncame_round; ++r)
    around[js->came_round[r]] = 0;
  /* Leaving loops by this branch: the outermost loop it leaves; values of
     that loop used outside it (lanes left in different iterations of it or
     of any loop inside it). */
  int L = -1;
  for (int k = 0; k < b->nsucc; ++k)
    for (int l = b->loop; l >= 0; l = g->loops[l].parent)
      if (!amdsyncCfgLoopWithin(g, b->succ[k]->loop, l) &&
          (L < 0 || amdsyncCfgLoopWithin(g, L, l)))
        L = l;
  if (L < 0)
    return;
  for (int r = js->loop_first[L]; r < js->loop_end[L]; ++r) {
    int y = js->in_loop[r];
    assert(amdsyncCfgLoopWithin(g, g->blocks[y]->loop, L));
    for (LLVMValueRef v = LLVMGetFirstInstruction(bbs[y]); v;
         v = LLVMGetNextInstruction(v))
      for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAInstruction(user))
          continue;
        long ub;
        if (amdsyncPtrMapGet(&s->fn->block_of, LLVMGetInstructionParent(user),
                             &ub) &&
            !amdsyncCfgLoopWithin(g, g->blocks[ub]->loop, L)) {
          markDivergent(s, user);
          /* The index forms must not read v's symbol here either: the
             value v had when each lane left (amdsyncLlvmTemporal). */
          amdsyncPtrMapPut(s->fn->arena, &s->fn->uniformity.temporal, user, 1);
          amdsyncPtrMapPut(s->fn->arena, &s->fn->uniformity.temporal_use, u,
                           1);
        }
      }
  }
}

/* Adds to `sl` the loads and stores of pointer `p` (an alloca, or an
   address-space cast of one); false when `p` is used any other way (its
   address escapes, or a GEP, a call or an atomic reaches its bytes). */
static bool slotUses(AmdsyncArena *arena, LLVMValueRef p, Slot *sl, int depth) {
  if (depth > 4)
    return false;
  for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      return false;
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMLoad:
      amdsyncPtrVecPush(arena, &sl->loads, user);
      break;
    case LLVMStore:
      if (LLVMGetOperand(user, 0) == p)
        return false; /* the address itself is stored */
      amdsyncPtrVecPush(arena, &sl->stores, user);
      break;
    case LLVMAddrSpaceCast:
      if (!slotUses(arena, user, sl, depth + 1))
        return false;
      break;
    default:
      return false;
    }
  }
  return true;
}

/* The function's private slots (rule 5). */
static void findSlots(Solver *s) {
  AmdsyncArena *arena = s->fn->arena;
  int cap = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(s->fn->func); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsAAllocaInst(i))
        continue;
      Slot sl;
      memset(&sl, 0, sizeof sl);
      if (!slotUses(arena, i, &sl, 0))
        continue;
      s->slots = amdsyncArenaGrow(arena, s->slots, s->nslots, &cap, sizeof(Slot));
      s->slots[s->nslots] = sl;
      for (int k = 0; k < sl.loads.count; ++k)
        amdsyncPtrMapPut(arena, &s->slot_of, sl.loads.items[k], s->nslots + 1);
      s->nslots++;
    }
}

/* Rule 5: the slots a divergent value or a store in a divergent region
   now breaks, their loads marked; true when one was. */
static bool breakSlots(Solver *s) {
  bool any = false;
  for (int k = 0; k < s->nslots; ++k) {
    Slot *sl = &s->slots[k];
    if (sl->divergent)
      continue;
    for (int j = 0; j < sl->stores.count && !sl->divergent; ++j) {
      LLVMValueRef st = sl->stores.items[j];
      long b;
      /* The store itself is marked where rule 4 marks a use outside a
         loop lanes left at different iterations (a review's kernel: the
         exit block stores the count the loop reached). */
      sl->divergent =
          !amdsyncLlvmIsUniform(s->fn, st) ||
          !amdsyncLlvmIsUniform(s->fn, LLVMGetOperand(st, 0)) ||
          !amdsyncPtrMapGet(&s->fn->block_of, LLVMGetInstructionParent(st),
                            &b) ||
          s->in_region[b];
    }
    if (!sl->divergent)
      continue;
    any = true;
    for (int j = 0; j < sl->loads.count; ++j)
      markDivergent(s, sl->loads.items[j]);
  }
  return any;
}

/* The prefix of the function clang (20 and later) emits for the body of
   OpenCL kernel K: `__clang_ocl_kern_imp_K`, a plain function holding K's
   code, which the stub K calls with its own arguments (a kernel may be
   called from another kernel as a function, and enqueued as a block). */
static const char kOpenclKernelBody[] = "__clang_ocl_kern_imp_";

/* Whether instruction `a` comes before `b` in their one block. */
static bool before(LLVMValueRef a, LLVMValueRef b) {
  if (LLVMGetInstructionParent(a) != LLVMGetInstructionParent(b))
    return false;
  for (LLVMValueRef i = LLVMGetNextInstruction(a); i;
       i = LLVMGetNextInstruction(i))
    if (i == b)
      return true;
  return false;
}

/* Whether private slot `a` (an alloca: rule 5's slotUses) holds `value`
   at `load`: every store to it stores `value`, before `load`. */
static bool slotHolds(LLVMValueRef a, LLVMValueRef value, LLVMValueRef load) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  Slot sl;
  memset(&sl, 0, sizeof sl);
  bool holds = slotUses(arena, a, &sl, 0);
  for (int j = 0; j < sl.stores.count && holds; ++j)
    holds = LLVMGetOperand(sl.stores.items[j], 0) == value &&
            before(sl.stores.items[j], load);
  amdsyncArenaDestroy(arena);
  return holds;
}

/* Whether `v`, operand `i` of a call in kernel `k`'s entry block, is k's
   parameter `i`: the parameter, or a load of a private slot that holds it
   (clang -O0's stub stores each parameter to a slot and loads it back). */
static bool passesParameter(LLVMValueRef k, unsigned i, LLVMValueRef v) {
  LLVMValueRef param = LLVMGetParam(k, i);
  if (v == param)
    return true;
  if (!LLVMIsALoadInst(v))
    return false;
  LLVMValueRef p = LLVMGetOperand(v, 0);
  while (LLVMIsAAddrSpaceCastInst(p))
    p = LLVMGetOperand(p, 0);
  return LLVMIsAAllocaInst(p) &&
         LLVMGetInstructionParent(p) == LLVMGetEntryBasicBlock(k) &&
         slotHolds(p, param, v);
}

/* Whether every use of `f` calls it (as the callee) in kernel `k`'s entry
   block, which every lane runs, with k's own parameters. */
static bool calledAsKernelBody(LLVMValueRef f, LLVMValueRef k) {
  unsigned nparams = LLVMCountParams(k);
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef call = LLVMGetUser(u);
    if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != f ||
        LLVMGetInstructionParent(call) != LLVMGetEntryBasicBlock(k) ||
        (unsigned)LLVMGetNumArgOperands(call) != nparams)
      return false;
    for (unsigned i = 0; i < nparams; ++i)
      if (!passesParameter(k, i, LLVMGetOperand(call, i)))
        return false; /* f itself as an argument included */
  }
  return true;
}

bool amdsyncLlvmIsOpenclKernelBody(LLVMValueRef f) {
  size_t len = 0, plen = sizeof kOpenclKernelBody - 1;
  const char *name = LLVMGetValueName2(f, &len);
  return LLVMGetFunctionCallConv(f) != LLVMAMDGPUKERNELCallConv &&
         len > plen && memcmp(name, kOpenclKernelBody, plen) == 0 &&
         amdsyncLlvmFunctionMetadata(f, "kernel_arg_addr_space");
}

LLVMValueRef amdsyncLlvmLaunchingKernel(LLVMValueRef f) {
  if (LLVMGetFunctionCallConv(f) == LLVMAMDGPUKERNELCallConv)
    return f;
  size_t len = 0, plen = sizeof kOpenclKernelBody - 1;
  const char *name = LLVMGetValueName2(f, &len);
  if (!amdsyncLlvmIsOpenclKernelBody(f))
    return NULL;
  LLVMValueRef k = LLVMGetNamedFunction(LLVMGetGlobalParent(f), name + plen);
  if (!k || LLVMIsDeclaration(k) ||
      LLVMGetFunctionCallConv(k) != LLVMAMDGPUKERNELCallConv ||
      LLVMGlobalGetValueType(k) != LLVMGlobalGetValueType(f) ||
      !amdsyncLlvmFunctionMetadata(k, "kernel_arg_addr_space") ||
      !calledAsKernelBody(f, k))
    return NULL;
  return k;
}

/* Kept whole, slot for slot: the caller keeps them only where no
   instruction of the function is deleted before the later translation,
   so every key stays a live value of it (no inserted instruction can take
   a key's memory). */
void amdsyncLlvmKeepUniformity(const AmdsyncLlvmFunction *fn,
                               AmdsyncArena *arena,
                               AmdsyncLlvmUniformity *out) {
  amdsyncPtrMapCopy(arena, &fn->uniformity.divergent, &out->divergent);
  amdsyncPtrMapCopy(arena, &fn->uniformity.temporal, &out->temporal);
  amdsyncPtrMapCopy(arena, &fn->uniformity.temporal_use, &out->temporal_use);
}

#ifndef NDEBUG
/* Whether the passes may insert `v`: a fence, or a call of a barrier, a
   wait or a mark (emit.c). The analysis marks such a call divergent (a
   call is a divergent source); none has a result or a use, and no answer
   is asked about one after the analysis, so kept answers, from before it
   was inserted, need not hold it. None uses a value, so none is in
   `temporal`. */
static bool insertedKind(const void *key) {
  LLVMValueRef v = (LLVMValueRef)key;
  if (!LLVMIsAInstruction(v))
    return false;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  if (op == LLVMFence)
    return true;
  if (op != LLVMCall)
    return false;
  const char *name;
  size_t len;
  const AmdsyncIntrinsic *in = amdsyncLlvmCalledIntrinsic(v, &name, &len);
  if (!in)
    return false;
  switch (in->kind) {
  case AMDSYNC_SYNC_BARRIER:
  case AMDSYNC_SYNC_FENCED_BARRIER:
  case AMDSYNC_SYNC_CL_BARRIER:
  case AMDSYNC_SYNC_SIGNAL:
  case AMDSYNC_SYNC_WAIT:
  case AMDSYNC_SYNC_WAVE_BARRIER:
  case AMDSYNC_SYNC_COUNTER_WAIT:
  case AMDSYNC_SYNC_WAITCNT:
  case AMDSYNC_SYNC_ASYNCMARK:
  case AMDSYNC_SYNC_WAIT_ASYNCMARK:
    return true;
  default:
    return false;
  }
}

/* Whether the answers `fresh` (solved on the function now) and `kept`
   (amdsyncLlvmKeepUniformity's) hold the same keys, but those fresh holds
   of instructions inserted since (insertedKind). */
static bool sameKeys(const AmdsyncPtrMap *fresh, const AmdsyncPtrMap *kept) {
  return amdsyncPtrMapHasKeysOf(fresh, kept, NULL) &&
         amdsyncPtrMapHasKeysOf(kept, fresh, insertedKind);
}
#endif

/* The blocks in function order; fn->block_of holds the same ids
   (translate.c numbers blocks in the same order). The graph of them is
   made at the first divergent branch (amdsyncLlvmBlockGraph): where every
   branch is uniform, no join needs finding. */
static void numberBlocks(AmdsyncLlvmFunction *fn) {
  int n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn->func); bb;
       bb = LLVMGetNextBasicBlock(bb))
    n++;
  fn->blocks_bb = amdsyncArenaAlloc(fn->arena, (size_t)(n ? n : 1) *
                                                   sizeof *fn->blocks_bb);
  fn->nblocks_bb = n;
  n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn->func); bb;
       bb = LLVMGetNextBasicBlock(bb), ++n) {
    fn->blocks_bb[n] = bb;
    amdsyncPtrMapPut(fn->arena, &fn->block_of, bb, n);
  }
  fn->blocks_open = true;
}

static void solve(AmdsyncLlvmFunction *fn);

void amdsyncLlvmSolveUniformity(AmdsyncLlvmFunction *fn,
                                const AmdsyncLlvmUniformity *kept) {
  numberBlocks(fn);
  if (!kept) {
    solve(fn);
    return;
  }
#ifndef NDEBUG
  solve(fn);
  assert(sameKeys(&fn->uniformity.divergent, &kept->divergent));
  assert(sameKeys(&fn->uniformity.temporal, &kept->temporal));
  assert(sameKeys(&fn->uniformity.temporal_use, &kept->temporal_use));
#endif
  fn->uniformity = *kept; /* read only from here on */
}

static void solve(AmdsyncLlvmFunction *fn) {
  Solver s;
  memset(&s, 0, sizeof s);
  s.fn = fn;
  findSlots(&s);
  if (!fn->launch) {
    unsigned k = 0;
    for (LLVMValueRef a = LLVMGetFirstParam(fn->func); a;
         a = LLVMGetNextParam(a), ++k)
      if (k >= 64 || !(fn->uniform_params >> k & 1))
        markDivergent(&s, a);
  }
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn->func); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      if (divergentSource(&s, i))
        markDivergent(&s, i);
  propagate(&s);

  int n = fn->nblocks_bb;
  LLVMBasicBlockRef *bbs = fn->blocks_bb;
  char *done = calloc((size_t)n + 1, 1);
  JoinScratch js;
  bool js_made = false;
  s.in_region = calloc((size_t)n + 1, 1);
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < n; ++i) {
      if (done[i] ||
          !branchDivergent(fn, LLVMGetBasicBlockTerminator(bbs[i])))
        continue;
      const AmdsyncCfg *g = amdsyncLlvmBlockGraph(fn);
      done[i] = 1;
      if (g->blocks[i]->rpo < 0)
        continue; /* unreachable */
      if (!js_made) {
        joinScratchInit(&js, g);
        js_made = true;
      }
      changed = true;
      joinsOf(&s, g, bbs, i, &js);
      propagate(&s);
    }
    if (!changed && breakSlots(&s)) {
      propagate(&s);
      changed = true;
    }
  }
  free(s.in_region);
  free(done);
  if (js_made)
    joinScratchFree(&js);
}

bool amdsyncLlvmIsUniform(const AmdsyncLlvmFunction *fn, LLVMValueRef v) {
  long x;
  return !amdsyncPtrMapGet(&fn->uniformity.divergent, v, &x);
}

/*===--- Why a value diverges (diagnostics) --------------------------------===*/

void amdsyncLlvmWhyDivergent(const AmdsyncLlvmFunction *fn, LLVMValueRef v,
                             char *buf, int size) {
  char at[400];
  for (int depth = 0; depth < 64; ++depth) {
    if (LLVMIsAArgument(v)) {
      LLVMValueRef f = LLVMGetParamParent(v);
      size_t len;
      const char *name = LLVMGetValueName2(f, &len);
      unsigned pos = 0;
      for (LLVMValueRef a = LLVMGetFirstParam(f); a && a != v;
           a = LLVMGetNextParam(a))
        pos++;
      snprintf(buf, (size_t)size,
               "argument #%u of '%.*s', which is not a kernel: the arguments "
               "of a function that is not a kernel entry may differ between "
               "lanes (if '%.*s' is a kernel, give it the amdgpu_kernel "
               "calling convention: __global__, __kernel)",
               pos, (int)len, name, (int)len, name);
      return;
    }
    if (!LLVMIsAInstruction(v)) {
      snprintf(buf, (size_t)size, "a value that may differ between lanes");
      return;
    }
    amdsyncLlvmDescribe((void *)fn, v, at, sizeof at);
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMCall) {
      LLVMValueRef callee = LLVMGetCalledValue(v);
      size_t len = 0;
      const char *name =
          callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len)
                                            : "";
      /* The lane id within the wave counts as the thread id here too. */
      bool id = amdsyncLlvmIsThreadId(v) ||
                (len >= 17 && memcmp(name, "llvm.amdgcn.mbcnt", 17) == 0);
      snprintf(buf, (size_t)size,
               id ? "the thread id, %s"
                  : "the result of a call, %s, which is not known to be the "
                    "same in every lane",
               at);
      return;
    }
    if (op == LLVMLoad || op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg) {
      snprintf(buf, (size_t)size,
               "a value loaded from memory, %s: lanes may load different "
               "values",
               at);
      return;
    }
    LLVMValueRef next = NULL;
    if (op != LLVMPHI)
      for (int i = 0, n = LLVMGetNumOperands(v); i < n && !next; ++i) {
        LLVMValueRef o = LLVMGetOperand(v, (unsigned)i);
        if (!LLVMValueIsBasicBlock(o) && !amdsyncLlvmIsUniform(fn, o))
          next = o;
      }
    if (!next && op == LLVMPHI)
      for (unsigned i = 0, n = LLVMCountIncoming(v); i < n && !next; ++i) {
        LLVMValueRef o = LLVMGetIncomingValue(v, i);
        if (!amdsyncLlvmIsUniform(fn, o))
          next = o;
      }
    if (!next) {
      snprintf(buf, (size_t)size,
               op == LLVMPHI
                   ? "%s, which lanes that went different ways at a "
                     "divergent branch reach with different values"
                   : "%s, which is not known to be the same in every lane",
               at);
      return;
    }
    v = next;
  }
  snprintf(buf, (size_t)size, "a value that may differ between lanes");
}

bool amdsyncLlvmTemporal(const AmdsyncLlvmFunction *fn, LLVMValueRef user) {
  long v;
  return amdsyncPtrMapGet(&fn->uniformity.temporal, user, &v);
}

bool amdsyncLlvmTemporalOperand(const AmdsyncLlvmFunction *fn,
                                LLVMValueRef user, LLVMValueRef value) {
  long v;
  if (!amdsyncLlvmTemporal(fn, user))
    return false;
  for (unsigned k = 0, n = (unsigned)LLVMGetNumOperands(user); k < n; ++k)
    if (LLVMGetOperand(user, k) == value &&
        amdsyncPtrMapGet(&fn->uniformity.temporal_use,
                         LLVMGetOperandUse(user, k), &v))
      return true;
  return false;
}
