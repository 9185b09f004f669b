/*===- iterations.c - Loops whose counters take known values --------------===*
 *
 * Issue 21: a tree reduction's or a scan's step has a stride that doubles
 * or halves each iteration, and its addresses multiply that stride by the
 * thread id (`offset * (2 * lid + 1) - 1`): not linear over a symbol, but
 * linear in every iteration, where the stride is a constant. This file
 * finds such loops and lists, per iteration, the values their counters
 * have at the header (the iteration table); pointers.c then evaluates an
 * address once per iteration (amdsyncLlvmIndexCases) and the model holds
 * the forms as a case split on a symbol numbering the iterations
 * (amdsyncAccessSetCases).
 *
 * A loop qualifies when its header H has two predecessors, a preheader and
 * a latch that H reaches (the back edge), every other block of the loop
 * is entered from the loop only, and the header's or the latch's branch
 * leaves the loop on a condition over the counters. A counter is an
 * integer phi of H, the same in every lane (the uniformity analysis), whose
 * start is a constant and whose value from the latch is computed from the
 * counters and constants alone (shifts,
 * arithmetic, bitwise operations, comparisons, selects). Then H's k-th
 * start within one entry of the loop has the k-th row of the table,
 * exactly: every start after the first comes from the latch, whose values
 * depend on the previous row only, and the simulation stops where the
 * exit branch leaves. An exit elsewhere in the loop only ends it sooner
 * (fewer rows run, never others). At most kMaxIterations rows; values stay
 * within 32-bit signed integers, where every reading of a value agrees.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

enum {
  kMaxIterations = 64, /* rows of a table */
  kMaxCounters = 8,    /* counters of one loop */
  kEvalDepth = 12,     /* operations followed when evaluating */
};

struct AmdsyncLlvmIterations {
  LLVMBasicBlockRef header;
  int nrows;
  int ncounters;
  LLVMValueRef counter[kMaxCounters];
  int64_t (*value)[kMaxCounters]; /* nrows rows, in the function's arena */
  /* The rows an entry of the loop leaves from (bit k: row k), or 0: not
     known (the loop has another exit). */
  uint64_t final;
  uint64_t first; /* the rows an entry of the loop starts with */
  /* Only the header's branch leaves (a loop tested at the top, as
     convert-scf-to-cf and clang -O0 make them): in the final rows only the
     header runs, its test failing. */
  bool header_exit_only;
  int var; /* the iteration symbol's variable, -1 until made */
};

/* The values of the counters at one start of the header. */
typedef struct {
  const AmdsyncLlvmIterations *it;
  const int64_t *row; /* NULL: no counter has a value (a start) */
  int ncounters;      /* the counters in use (pruning) */
} Env;

static bool fits(int64_t v) { return v > -((int64_t)1 << 31) && v < ((int64_t)1 << 31); }

/* `v` (an integer of at most 64 bits) under `env`: constants, the
   counters, and operations of those whose result is exact; false for
   anything else, or a value outside 32-bit signed integers. */
static bool evalValue(const AmdsyncLlvmFunction *fn, const Env *env,
                      LLVMValueRef v, int depth, int64_t *out) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (depth > kEvalDepth || LLVMGetTypeKind(t) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(t) > 64)
    return false;
  unsigned w = LLVMGetIntTypeWidth(t);
  if (LLVMIsAConstantInt(v)) {
    /* i1 true is 1, not -1. */
    *out = w == 1 ? (int64_t)LLVMConstIntGetZExtValue(v)
                  : LLVMConstIntGetSExtValue(v);
    return fits(*out);
  }
  if (LLVMIsAPHINode(v)) {
    for (int i = 0; env->row && i < env->ncounters; ++i)
      if (env->it->counter[i] == v) {
        *out = env->row[i];
        return true;
      }
    return false;
  }
  if (!LLVMIsAInstruction(v))
    return false;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  if (op == LLVMCall || op == LLVMLoad) {
    /* A constant the index forms fold (a workgroup size that is known). */
    return amdsyncLlvmConstantValue(fn, v, out) && fits(*out);
  }
  int64_t a = 0, b = 0;
  unsigned nops = (unsigned)LLVMGetNumOperands(v);
  if (op == LLVMSelect) {
    int64_t c;
    if (!evalValue(fn, env, LLVMGetOperand(v, 0), depth + 1, &c))
      return false;
    return evalValue(fn, env, LLVMGetOperand(v, c ? 1 : 2), depth + 1, out);
  }
  if (nops < 1 || !evalValue(fn, env, LLVMGetOperand(v, 0), depth + 1, &a))
    return false;
  if (nops >= 2 && op != LLVMZExt && op != LLVMSExt && op != LLVMTrunc &&
      !evalValue(fn, env, LLVMGetOperand(v, 1), depth + 1, &b))
    return false;
  /* An i1 operand is held as 0 or 1 (its unsigned reading): an operation
     that reads it signed (true is -1) is sign-extended here, or refused. */
  unsigned ow = LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(v, 0))) ==
                        LLVMIntegerTypeKind
                    ? LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(v, 0)))
                    : 0;
  if (ow == 1) {
    if (op == LLVMSDiv || op == LLVMSRem || op == LLVMAShr)
      return false;
    if (op == LLVMICmp) {
      LLVMIntPredicate pr = LLVMGetICmpPredicate(v);
      if (pr != LLVMIntEQ && pr != LLVMIntNE && pr != LLVMIntUGT &&
          pr != LLVMIntUGE && pr != LLVMIntULT && pr != LLVMIntULE)
        return false; /* signed comparisons of i1 */
    }
  }
  int64_t r;
  switch (op) {
  case LLVMAdd:
    r = a + b;
    break;
  case LLVMSub:
    r = a - b;
    break;
  case LLVMMul:
    if (__builtin_mul_overflow(a, b, &r))
      return false;
    break;
  case LLVMShl:
    if (a < 0 || b < 0 || b >= 32 || (a << b) >> b != a)
      return false;
    r = a << b;
    break;
  case LLVMLShr:
    if (a < 0 || b < 0 || b >= (int64_t)w)
      return false;
    r = a >> b;
    break;
  case LLVMAShr:
    if (b < 0 || b >= (int64_t)w)
      return false;
    r = a >> b; /* arithmetic on int64_t: the sign is kept */
    break;
  case LLVMUDiv:
  case LLVMURem:
    if (a < 0 || b <= 0)
      return false;
    r = op == LLVMUDiv ? a / b : a % b;
    break;
  case LLVMSDiv:
  case LLVMSRem:
    if (b == 0)
      return false;
    r = op == LLVMSDiv ? a / b : a % b; /* C truncates, as LLVM does */
    break;
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
    if (a < 0 || b < 0)
      return false;
    r = op == LLVMAnd ? (a & b) : op == LLVMOr ? (a | b) : (a ^ b);
    break;
  case LLVMZExt:
    if (a < 0)
      return false;
    r = a;
    break;
  case LLVMSExt:
    r = ow == 1 ? -a : a; /* i1 true sign-extends to -1 */
    break;
  case LLVMTrunc:
    /* Both readings of the narrow result agree with `a`. */
    if (a < 0 || (w == 1 ? a > 1 : w < 63 && a >= ((int64_t)1 << (w - 1))))
      return false;
    r = a;
    break;
  case LLVMICmp: {
    LLVMIntPredicate pred = LLVMGetICmpPredicate(v);
    bool unsigned_pred = pred == LLVMIntUGT || pred == LLVMIntUGE ||
                         pred == LLVMIntULT || pred == LLVMIntULE;
    if (unsigned_pred && (a < 0 || b < 0))
      return false;
    switch (pred) {
    case LLVMIntEQ: r = a == b; break;
    case LLVMIntNE: r = a != b; break;
    case LLVMIntUGT: case LLVMIntSGT: r = a > b; break;
    case LLVMIntUGE: case LLVMIntSGE: r = a >= b; break;
    case LLVMIntULT: case LLVMIntSLT: r = a < b; break;
    case LLVMIntULE: case LLVMIntSLE: r = a <= b; break;
    default: return false;
    }
    break;
  }
  default:
    return false;
  }
  if (!fits(r))
    return false;
  /* The result within its own type: 0 or 1 for i1, else both readings
     of a narrow type agree (wider ones hold every 32-bit value). */
  if (w == 1 ? (r != 0 && r != 1)
             : w < 32 && (r < 0 || r >= ((int64_t)1 << (w - 1))))
    return false;
  *out = r;
  return true;
}

/*===--- The function's blocks: predecessors and dominators ----------------===*/

/* The graph of the function's blocks alone that the uniformity analysis
   made and analyzed (AmdsyncLlvmFunction.blocks: the core's dominators and
   predecessors), block i being the one block_of maps to i, so that a
   table costs what its loop holds, not the function. */

static int blockIndex(const AmdsyncLlvmFunction *fn, LLVMBasicBlockRef b) {
  long i;
  return amdsyncPtrMapGet(&fn->block_of, b, &i) &&
                 i < fn->nblocks_bb
             ? (int)i
             : -1;
}

/* Whether block `a` dominates `b` (block indices; both reachable). */
static bool dominatesAt(const AmdsyncCfg *g, int a, int b) {
  return a >= 0 && b >= 0 && g->blocks[a]->rpo >= 0 &&
         g->blocks[b]->rpo >= 0 && amdsyncCfgDominates(g, a, b);
}

bool amdsyncLlvmDominates(const AmdsyncLlvmFunction *fn, LLVMBasicBlockRef a,
                          LLVMBasicBlockRef b) {
  const AmdsyncCfg *g = amdsyncLlvmBlockGraph(fn);
  return g && dominatesAt(g, blockIndex(fn, a), blockIndex(fn, b));
}

bool amdsyncLlvmDominatingEdges(const AmdsyncLlvmFunction *fn,
                                LLVMBasicBlockRef bb,
                                bool (*each)(LLVMBasicBlockRef from,
                                             LLVMBasicBlockRef to, void *ctx),
                                void *ctx) {
  const AmdsyncCfg *g = amdsyncLlvmBlockGraph(fn);
  int i = g ? blockIndex(fn, bb) : -1;
  if (i < 0 || g->blocks[i]->rpo < 0)
    return false;
  for (; i >= 0; i = g->blocks[i]->idom) {
    const AmdsyncBlock *b = g->blocks[i];
    /* Every path to `bb` passes b, so the edge into b when it has one. */
    if (b->npred == 1 &&
        each(fn->blocks_bb[b->pred[0]->id], fn->blocks_bb[i], ctx))
      return true;
  }
  return false;
}

int amdsyncLlvmPredecessorCount(const AmdsyncLlvmFunction *fn,
                                LLVMBasicBlockRef b) {
  const AmdsyncCfg *g = amdsyncLlvmBlockGraph(fn);
  int i = g ? blockIndex(fn, b) : -1;
  return i < 0 ? 0 : g->blocks[i]->npred;
}

/* Marks the loop of header `h` and latch `latch` (block indices) with a
   new mark: `h` and every block that reaches the latch without passing
   `h`. False when one of them is not dominated by `h` (a second entry). */
static bool markLoop(const AmdsyncLlvmFunction *fn, int h, int latch,
                     bool *side_exit) {
  AmdsyncLlvmFunction *f = (AmdsyncLlvmFunction *)fn; /* the scratch */
  const AmdsyncCfg *g = amdsyncLlvmBlockGraph(fn);
  if (!f->loop_mark) {
    f->loop_mark = amdsyncArenaAlloc(f->arena,
                                     ((size_t)g->nblocks + 1) * sizeof(int));
    memset(f->loop_mark, 0, ((size_t)g->nblocks + 1) * sizeof(int));
  }
  int *mark = f->loop_mark, now = ++f->loop_mark_now;
  int *stack = NULL, sp = 0, cap = 0, nseen = 0, capseen = 16;
  int *seen = malloc((size_t)capseen * sizeof(int)); /* the loop's blocks */
  if (!seen)
    abort();
  mark[h] = now;
  if (mark[latch] != now) {
    mark[latch] = now;
    cap = 16;
    stack = malloc((size_t)cap * sizeof(int));
    if (!stack)
      abort();
    stack[sp++] = latch;
  }
  bool ok = true;
  while (sp && ok) {
    const AmdsyncBlock *b = g->blocks[stack[--sp]];
    if (nseen == capseen) {
      capseen *= 2;
      seen = realloc(seen, (size_t)capseen * sizeof(int));
      if (!seen)
        abort();
    }
    seen[nseen++] = b->id;
    ok = dominatesAt(g, h, b->id);
    for (int q = 0; ok && q < b->npred; ++q) {
      int x = b->pred[q]->id;
      if (mark[x] == now)
        continue;
      mark[x] = now;
      if (sp == cap) {
        cap *= 2;
        stack = realloc(stack, (size_t)cap * sizeof(int));
        if (!stack)
          abort();
      }
      stack[sp++] = x;
    }
  }
  free(stack);
  /* An edge out of the loop from a block other than the header and the
     latch (a `break`). */
  *side_exit = false;
  for (int i = 0; ok && i < nseen; ++i) {
    const AmdsyncBlock *b = g->blocks[seen[i]];
    for (int k = 0; b->id != h && b->id != latch && k < b->nsucc; ++k)
      *side_exit |= mark[b->succ[k]->id] != now;
  }
  free(seen);
  return ok;
}

/* The exit of the branch ending `b`: false when it leaves the loop marked
   now on no edge; else `*cond` and which way leaves (`*exit_when`: the
   condition's value that leaves). `*ok` false when it leaves in a way the
   table cannot follow (not a two-way branch with one edge out). */
static bool exitOf(const AmdsyncLlvmFunction *fn, LLVMBasicBlockRef b,
                   LLVMValueRef *cond, bool *exit_when, bool *ok) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
  *ok = true;
  if (!term)
    return false;
  int n = (int)LLVMGetNumSuccessors(term), out = -1, nout = 0;
  for (int k = 0; k < n; ++k) {
    int x = blockIndex(fn, LLVMGetSuccessor(term, (unsigned)k));
    if (x < 0 || fn->loop_mark[x] != fn->loop_mark_now) {
      out = k;
      nout++;
    }
  }
  if (nout == 0)
    return false;
  if (!LLVMIsABranchInst(term) || !LLVMIsConditional(term) || nout != 1) {
    *ok = false;
    return true;
  }
  *cond = LLVMGetCondition(term);
  *exit_when = out == 0;
  return true;
}

/* The condition of the two-way branch ending `b`, or NULL. */
static LLVMValueRef branchCondition(LLVMBasicBlockRef b) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
  return t && LLVMIsABranchInst(t) && LLVMIsConditional(t)
             ? LLVMGetCondition(t)
             : NULL;
}

static const AmdsyncLlvmIterations *buildTable(const AmdsyncLlvmFunction *fn,
                                              LLVMBasicBlockRef h);

/* The table of the innermost loop around the loop of header `hi` (block
   indices) that holds its preheader `pre` too, or NULL. */
static const AmdsyncLlvmIterations *outerTable(const AmdsyncLlvmFunction *fn,
                                              int hi, int pre) {
  const AmdsyncCfg *g = amdsyncLlvmBlockGraph(fn);
  int l = g->blocks[pre]->loop;
  if (l < 0 || g->loops[l].nheaders != 1 || g->loops[l].header == hi ||
      g->blocks[hi]->loop < 0 ||
      !amdsyncCfgLoopWithin(g, g->blocks[hi]->loop, l))
    return NULL;
  return amdsyncLlvmIterationTable(fn, fn->blocks_bb[g->loops[l].header]);
}

/* Fills `it` (zeroed, its `value` rows kMaxIterations long) with the
   table of the loop `h` heads; false when it has none. */
static bool fillTable(const AmdsyncLlvmFunction *fn, LLVMBasicBlockRef h,
                      AmdsyncLlvmIterations *it) {
  const AmdsyncCfg *gr = amdsyncLlvmBlockGraph(fn);
  if (!gr)
    return false; /* after translation: no table made any more */
  int hi = blockIndex(fn, h);
  if (hi < 0 || gr->blocks[hi]->rpo < 0 || gr->blocks[hi]->npred != 2)
    return false;
  int p0 = gr->blocks[hi]->pred[0]->id, p1 = gr->blocks[hi]->pred[1]->id;
  bool d0 = dominatesAt(gr, hi, p0), d1 = dominatesAt(gr, hi, p1);
  if (d0 == d1)
    return false; /* not one back edge and one entry */
  int latch_id = d0 ? p0 : p1, pre_id = d0 ? p1 : p0;
  LLVMBasicBlockRef latch = fn->blocks_bb[latch_id];
  LLVMBasicBlockRef pre = fn->blocks_bb[pre_id];
  it->header = h;
  it->var = -1;
  /* The table of the loop around this one, when it has one: its counters
     are this table's first columns, constant within this loop (their
     phis are the outer header's), and this loop's starts are simulated
     once per row of it (a bitonic sort's `for (j = k >> 1; j > 0; j >>=
     1)` inside `for (k = 2; k <= 256; k <<= 1)`). Every start of H has
     the counters of some row, whichever entry of the loop it is in. */
  const AmdsyncLlvmIterations *outer = outerTable(fn, hi, pre_id);
  int nouter = outer ? outer->ncounters : 0;
  for (int i = 0; i < nouter; ++i)
    it->counter[i] = outer->counter[i];
  it->ncounters = nouter;
  /* Candidates: integer phis whose start is a constant, or (with an outer
     table) a function of its counters. */
  int64_t start[kMaxCounters];
  LLVMValueRef from_latch[kMaxCounters];
  for (int i = 0; i < nouter; ++i) {
    start[i] = outer->value[0][i];
    from_latch[i] = outer->counter[i];
  }
  Env none = {it, outer ? start : NULL, nouter};
  for (LLVMValueRef q = LLVMGetFirstInstruction(h); q && LLVMIsAPHINode(q);
       q = LLVMGetNextInstruction(q)) {
    if (it->ncounters == kMaxCounters)
      break;
    /* Workgroup-uniform: every lane in the same row at once. A counter
       that lanes leave by a divergent branch and enter again with another
       value is not (test/llvm/Inputs/hostile-cont-header-symbol.ll: lanes
       at i = 0 and at i = 2 meet at one store). */
    if (LLVMGetTypeKind(LLVMTypeOf(q)) != LLVMIntegerTypeKind ||
        LLVMCountIncoming(q) != 2 || !amdsyncLlvmIsUniform(fn, q))
      continue;
    int k = LLVMGetIncomingBlock(q, 0) == pre ? 0 : 1;
    int64_t c;
    if (LLVMGetIncomingBlock(q, (unsigned)k) != pre ||
        !evalValue(fn, &none, LLVMGetIncomingValue(q, (unsigned)k), 0, &c))
      continue;
    start[it->ncounters] = c;
    from_latch[it->ncounters] = LLVMGetIncomingValue(q, (unsigned)(1 - k));
    it->counter[it->ncounters++] = q;
  }
  LLVMValueRef start_value[kMaxCounters];
  for (int i = nouter; i < it->ncounters; ++i) {
    int k = LLVMGetIncomingBlock(it->counter[i], 0) == pre ? 0 : 1;
    start_value[i] = LLVMGetIncomingValue(it->counter[i], (unsigned)k);
  }
  /* Drop the candidates whose next value the others cannot compute, until
     all can (each round drops one or ends). */
  int64_t row[kMaxCounters], next[kMaxCounters];
  for (bool dropped = true; dropped && it->ncounters > 0;) {
    dropped = false;
    memcpy(row, start, sizeof row);
    Env env = {it, row, it->ncounters};
    for (int i = 0; i < it->ncounters; ++i) {
      if (evalValue(fn, &env, from_latch[i], 0, &next[i]))
        continue;
      assert(i >= nouter); /* an outer counter is its own next value */
      for (int j = i; j + 1 < it->ncounters; ++j) {
        it->counter[j] = it->counter[j + 1];
        start[j] = start[j + 1];
        from_latch[j] = from_latch[j + 1];
        start_value[j] = start_value[j + 1];
      }
      it->ncounters--;
      dropped = true;
      break;
    }
  }
  if (it->ncounters == nouter)
    return false;
  /* The exits the table follows: the header's and the latch's branches,
     on conditions the first row evaluates (checked before the loop's
     blocks are walked: a loop whose bound is an argument stops here). */
  int64_t c0;
  Env first = {it, start, it->ncounters};
  LLVMValueRef hb = branchCondition(h), lb = latch != h ? branchCondition(latch) : NULL;
  if (!(hb && evalValue(fn, &first, hb, 0, &c0)) &&
      !(lb && evalValue(fn, &first, lb, 0, &c0)))
    return false;
  bool side_exit;
  if (!markLoop(fn, hi, latch_id, &side_exit) ||
      fn->loop_mark[pre_id] == fn->loop_mark_now)
    return false;
  LLVMValueRef hcond = NULL, lcond = NULL;
  bool hexit_when = false, lexit_when = false, ok;
  bool hexit = exitOf(fn, h, &hcond, &hexit_when, &ok);
  if (!ok)
    return false;
  bool lexit = latch != h && exitOf(fn, latch, &lcond, &lexit_when, &ok);
  if (!ok || (!hexit && !lexit))
    return false;
  int k = 0;
  for (int o = 0; o < (outer ? outer->nrows : 1); ++o) {
    /* One entry of the loop: its starts under outer row `o`. */
    if (k < kMaxIterations)
      it->first |= (uint64_t)1 << k;
    memcpy(row, start, sizeof row);
    if (outer) {
      memcpy(row, outer->value[o], (size_t)nouter * sizeof *row);
      Env at = {it, row, nouter};
      for (int i = nouter; i < it->ncounters; ++i)
        if (!evalValue(fn, &at, start_value[i], 0, &row[i]))
          return false;
    }
    for (;; ++k) {
      if (k == kMaxIterations)
        return false;
      memcpy(it->value[k], row, sizeof row);
      it->nrows = k + 1;
      Env env = {it, row, it->ncounters};
      int64_t c;
      if (hexit) {
        if (!evalValue(fn, &env, hcond, 0, &c))
          return false;
        if ((c != 0) == hexit_when)
          break;
      }
      if (lexit) {
        if (!evalValue(fn, &env, lcond, 0, &c))
          return false;
        if ((c != 0) == lexit_when)
          break;
      }
      for (int i = 0; i < it->ncounters; ++i)
        if (!evalValue(fn, &env, from_latch[i], 0, &next[i]))
          return false;
      memcpy(row, next, sizeof row);
    }
    it->final |= (uint64_t)1 << k; /* the row this entry leaves in */
    ++k;
  }
  /* Only the header's and the latch's branches leave: an iteration that
     leaves without the header starting again has a final row. */
  if (side_exit)
    it->final = 0;
  it->header_exit_only = !side_exit && hexit && !lexit;
  return true;
}

/* The table of the loop `h` heads, or NULL: filled on the stack, kept
   in the arena at its row count (a full table is 4 KiB; most loops run a
   few rows). */
static const AmdsyncLlvmIterations *buildTable(const AmdsyncLlvmFunction *fn,
                                              LLVMBasicBlockRef h) {
  int64_t rows[kMaxIterations][kMaxCounters];
  AmdsyncLlvmIterations scratch;
  memset(&scratch, 0, sizeof scratch);
  scratch.value = rows;
  if (!fillTable(fn, h, &scratch))
    return NULL;
  assert(scratch.nrows >= 1 && scratch.nrows <= kMaxIterations);
  AmdsyncLlvmIterations *it = amdsyncArenaAlloc(fn->arena, sizeof *it);
  *it = scratch;
  it->value =
      amdsyncArenaAlloc(fn->arena, (size_t)scratch.nrows * sizeof *it->value);
  memcpy(it->value, rows, (size_t)scratch.nrows * sizeof *it->value);
  return it;
}

const AmdsyncLlvmIterations *
amdsyncLlvmIterationTable(const AmdsyncLlvmFunction *fn,
                          LLVMBasicBlockRef header) {
  AmdsyncLlvmFunction *f = (AmdsyncLlvmFunction *)fn; /* the cache */
  long have;
  if (amdsyncPtrMapGet(&f->iteration_of, header, &have))
    return have ? f->iterations.items[have - 1] : NULL;
  const AmdsyncLlvmIterations *it = buildTable(fn, header);
  if (!it) {
    amdsyncPtrMapPut(f->arena, &f->iteration_of, header, 0);
    return NULL;
  }
  amdsyncPtrVecPush(f->arena, &f->iterations, (void *)it);
  amdsyncPtrMapPut(f->arena, &f->iteration_of, header, f->iterations.count);
  return it;
}

int amdsyncLlvmIterationCount(const AmdsyncLlvmIterations *it) {
  return it->nrows;
}

int amdsyncLlvmCounterCount(const AmdsyncLlvmIterations *it) {
  return it->ncounters;
}

bool amdsyncLlvmCounterValue(const AmdsyncLlvmIterations *it, int row,
                             LLVMValueRef phi, int64_t *out) {
  assert(row >= 0 && row < it->nrows);
  for (int i = 0; i < it->ncounters; ++i)
    if (it->counter[i] == phi) {
      *out = it->value[row][i];
      return true;
    }
  return false;
}

uint64_t amdsyncLlvmIterationRowsSkipped(const AmdsyncLlvmFunction *fn,
                                         const AmdsyncLlvmIterations *it,
                                         LLVMBasicBlockRef bb) {
  if (!it->header_exit_only || bb == it->header ||
      !amdsyncLlvmBlockGraph(fn))
    return 0;
  /* A block of the loop; one after it (reading the counters' last
     values) runs in the final rows only. */
  const AmdsyncCfg *gr = amdsyncLlvmBlockGraph(fn);
  int hi = blockIndex(fn, it->header), bi = blockIndex(fn, bb);
  if (hi < 0 || bi < 0 || gr->blocks[hi]->heads < 0 ||
      !amdsyncCfgLoopWithin(gr, gr->blocks[bi]->loop, gr->blocks[hi]->heads))
    return 0;
  return it->final;
}

int amdsyncLlvmIterationSymbol(const AmdsyncLlvmFunction *fn,
                               const AmdsyncLlvmIterations *it) {
  AmdsyncLlvmIterations *m = (AmdsyncLlvmIterations *)it;
  long block;
  if (m->var >= 0)
    return m->var;
  if (fn->program->finalized ||
      !amdsyncPtrMapGet(&fn->block_of, it->header, &block))
    return -1;
  m->var = amdsyncProgramAddSymbol(
      fn->program, fn->program->cfg->blocks[block],
      (AmdsyncRange){true, true, 0, it->nrows - 1, 0, 0, 0});
  amdsyncProgramSetSymbolRows(fn->program, m->var, it->first, it->final);
  return m->var;
}
