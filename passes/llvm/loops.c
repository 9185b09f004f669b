/*===- loops.c - Trip counts of counted loops in LLVM IR -------------------===*
 *
 * Which loops of an LLVM IR function run a constant number of times, and
 * the edge edits that make the model say so (amdsyncLlvmTranslate applies
 * them). The MLIR side's `cf` loops follow the same rules
 * (passes/mlir/translate.c, refineCountedLoops).
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

#include <assert.h>
#include <stdint.h>
#include <string.h>

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
int amdsyncLlvmEditedTarget(const EdgeEdits *e, int from, int to) {
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

/* Whether the body of header-tested loop `l` is entered from its header
   alone and heads no counted loop of its own (whose statements and edits
   assume its entries stay): amdsyncCfgCountLoop's `body_alone`. */
static bool bodyEnteredAlone(const AmdsyncLlvmFunction *fn,
                             const CountedLoop *l, const char *is_header) {
  int b = blockId(fn, l->body);
  return blockId(fn, l->header) >= 0 && b >= 0 && !is_header[b] &&
         onlyEnteredFrom(l->body, l->header);
}

/* The trip statements and edge edits of every counted loop. */
void amdsyncLlvmCountLoops(AmdsyncLlvmFunction *fn, LLVMBasicBlockRef *bbs,
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
    int body = blockId(fn, l->body);
    if (l->header_tested && body < 0)
      continue; /* not in the graph: nothing to edit */
    AmdsyncLoopEdits e = amdsyncCfgCountLoop(
        g, h, body >= 0 ? g->blocks[body] : NULL, l->trips,
        l->header_tested ? AMDSYNC_LOOP_HEADER_TESTED
                         : AMDSYNC_LOOP_BOTTOM_TESTED,
        l->header_tested && bodyEnteredAlone(fn, l, is_header));
    if (e.drop_back_edge)
      editEdge(edits, l->latch, l->header, NULL);
    if (e.enter_body)
      editEdge(edits, l->pre, l->header, l->body);
    if (e.drop_body_entry)
      editEdge(edits, l->header, l->body, NULL);
  }
}

