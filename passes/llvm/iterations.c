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
 * integer phi of H whose start is a constant and whose value from the
 * latch is computed from the counters and constants alone (shifts,
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
  int64_t value[kMaxIterations][kMaxCounters];
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
    r = a;
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

/* The blocks that branch to block `b` (into `out`, at most `max`; a block
   with two edges to it twice): how many edges enter it. */
static int predecessorsOf(LLVMBasicBlockRef b, LLVMBasicBlockRef *out,
                          int max) {
  int n = 0;
  LLVMValueRef func = LLVMGetBasicBlockParent(b);
  for (LLVMBasicBlockRef x = LLVMGetFirstBasicBlock(func); x;
       x = LLVMGetNextBasicBlock(x)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(x);
    for (unsigned j = 0; t && j < LLVMGetNumSuccessors(t); ++j)
      if (LLVMGetSuccessor(t, j) == b) {
        if (n < max)
          out[n] = x;
        n++;
      }
  }
  return n;
}

/* Whether block `to` is reached from block `from` (along at least one
   edge). */
static bool reaches(const AmdsyncLlvmFunction *fn, LLVMBasicBlockRef from,
                    LLVMBasicBlockRef to) {
  AmdsyncPtrMap seen = {0};
  AmdsyncPtrVec work = {NULL, 0, 0};
  amdsyncPtrVecPush(fn->arena, &work, from);
  while (work.count) {
    LLVMBasicBlockRef b = work.items[--work.count];
    LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
    for (unsigned k = 0; term && k < LLVMGetNumSuccessors(term); ++k) {
      LLVMBasicBlockRef x = LLVMGetSuccessor(term, k);
      long dummy;
      if (x == to)
        return true;
      if (amdsyncPtrMapGet(&seen, x, &dummy))
        continue;
      amdsyncPtrMapPut(fn->arena, &seen, x, 1);
      amdsyncPtrVecPush(fn->arena, &work, x);
    }
  }
  return false;
}

/* The loop of header `h` and latch `latch`: `h` and every block that
   reaches the latch without passing `h` (into `in`); false when one of
   them other than `h` is entered from outside (a second entry). */
static bool loopBlocks(const AmdsyncLlvmFunction *fn, LLVMBasicBlockRef h,
                       LLVMBasicBlockRef latch, AmdsyncPtrMap *in) {
  AmdsyncPtrVec work = {NULL, 0, 0};
  amdsyncPtrMapPut(fn->arena, in, h, 1);
  amdsyncPtrMapPut(fn->arena, in, latch, 1);
  amdsyncPtrVecPush(fn->arena, &work, latch);
  while (work.count) {
    LLVMBasicBlockRef b = work.items[--work.count];
    if (b == h)
      continue;
    LLVMBasicBlockRef preds[64];
    int n = predecessorsOf(b, preds, 64);
    if (n > 64)
      return false;
    for (int i = 0; i < n; ++i) {
      long dummy;
      if (amdsyncPtrMapGet(in, preds[i], &dummy))
        continue;
      amdsyncPtrMapPut(fn->arena, in, preds[i], 1);
      amdsyncPtrVecPush(fn->arena, &work, preds[i]);
    }
  }
  /* One entry: h dominates every member (none is reached from the
     function's entry on a path that avoids h), so every run of a member
     belongs to a run of the loop that started at h. */
  LLVMBasicBlockRef entry =
      LLVMGetEntryBasicBlock(LLVMGetBasicBlockParent(h));
  if (entry == h)
    return false;
  AmdsyncPtrMap avoiding = {0};
  AmdsyncPtrVec walk = {NULL, 0, 0};
  amdsyncPtrMapPut(fn->arena, &avoiding, entry, 1);
  amdsyncPtrVecPush(fn->arena, &walk, entry);
  while (walk.count) {
    LLVMBasicBlockRef b = walk.items[--walk.count];
    long dummy;
    if (amdsyncPtrMapGet(in, b, &dummy))
      return false; /* a member reached around h */
    LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
    for (unsigned k = 0; term && k < LLVMGetNumSuccessors(term); ++k) {
      LLVMBasicBlockRef x = LLVMGetSuccessor(term, k);
      if (x == h || amdsyncPtrMapGet(&avoiding, x, &dummy))
        continue;
      amdsyncPtrMapPut(fn->arena, &avoiding, x, 1);
      amdsyncPtrVecPush(fn->arena, &walk, x);
    }
  }
  return true;
}

/* The exit of the branch ending `b`: false when it leaves the loop `in`
   on no edge; else `*cond` and which way leaves (`*exit_when`: the
   condition's value that leaves). `*ok` false when it leaves in a way
   the table cannot follow (not a two-way branch with one edge out). */
static bool exitOf(LLVMBasicBlockRef b, const AmdsyncPtrMap *in,
                   LLVMValueRef *cond, bool *exit_when, bool *ok) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
  *ok = true;
  if (!term)
    return false;
  unsigned n = LLVMGetNumSuccessors(term);
  int out = -1, nout = 0;
  for (unsigned k = 0; k < n; ++k) {
    long dummy;
    if (!amdsyncPtrMapGet(in, LLVMGetSuccessor(term, k), &dummy)) {
      out = (int)k;
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

static const AmdsyncLlvmIterations *buildTable(const AmdsyncLlvmFunction *fn,
                                              LLVMBasicBlockRef h) {
  LLVMBasicBlockRef preds[2];
  if (predecessorsOf(h, preds, 2) != 2)
    return NULL;
  bool r0 = reaches(fn, h, preds[0]), r1 = reaches(fn, h, preds[1]);
  if (r0 == r1)
    return NULL;
  LLVMBasicBlockRef latch = r0 ? preds[0] : preds[1];
  LLVMBasicBlockRef pre = r0 ? preds[1] : preds[0];
  AmdsyncPtrMap in = {0};
  long dummy;
  if (!loopBlocks(fn, h, latch, &in) || amdsyncPtrMapGet(&in, pre, &dummy))
    return NULL;
  AmdsyncLlvmIterations *it =
      amdsyncArenaAlloc(fn->arena, sizeof(AmdsyncLlvmIterations));
  memset(it, 0, sizeof *it);
  it->header = h;
  it->var = -1;
  /* Candidates: integer phis whose start is a constant. */
  int64_t start[kMaxCounters];
  LLVMValueRef from_latch[kMaxCounters];
  Env none = {it, NULL, 0};
  for (LLVMValueRef q = LLVMGetFirstInstruction(h); q && LLVMIsAPHINode(q);
       q = LLVMGetNextInstruction(q)) {
    if (it->ncounters == kMaxCounters)
      break;
    if (LLVMGetTypeKind(LLVMTypeOf(q)) != LLVMIntegerTypeKind ||
        LLVMCountIncoming(q) != 2)
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
      for (int j = i; j + 1 < it->ncounters; ++j) {
        it->counter[j] = it->counter[j + 1];
        start[j] = start[j + 1];
        from_latch[j] = from_latch[j + 1];
      }
      it->ncounters--;
      dropped = true;
      break;
    }
  }
  if (it->ncounters == 0)
    return NULL;
  /* The exits the table follows: the header's and the latch's branches. */
  LLVMValueRef hcond = NULL, lcond = NULL;
  bool hexit_when = false, lexit_when = false, ok;
  bool hexit = exitOf(h, &in, &hcond, &hexit_when, &ok);
  if (!ok)
    return NULL;
  bool lexit = latch != h && exitOf(latch, &in, &lcond, &lexit_when, &ok);
  if (!ok || (!hexit && !lexit))
    return NULL;
  memcpy(row, start, sizeof row);
  for (int k = 0;; ++k) {
    if (k == kMaxIterations)
      return NULL;
    memcpy(it->value[k], row, sizeof row);
    it->nrows = k + 1;
    Env env = {it, row, it->ncounters};
    int64_t c;
    if (hexit) {
      if (!evalValue(fn, &env, hcond, 0, &c))
        return NULL;
      if ((c != 0) == hexit_when)
        break;
    }
    if (lexit) {
      if (!evalValue(fn, &env, lcond, 0, &c))
        return NULL;
      if ((c != 0) == lexit_when)
        break;
    }
    for (int i = 0; i < it->ncounters; ++i)
      if (!evalValue(fn, &env, from_latch[i], 0, &next[i]))
        return NULL;
    memcpy(row, next, sizeof row);
  }
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
  return m->var;
}
