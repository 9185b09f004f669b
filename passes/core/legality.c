/*===- legality.c - What the input must satisfy before placement ------------===*
 *
 * The barrier pass refuses, with an error at the op, inputs that no
 * placement can make correct (brief §2, §6):
 *
 *  - an existing s_barrier, split signal or split wait in control flow that
 *    may diverge within the workgroup: waves that skip it never arrive
 *    (spec/amdgpu-execution-synchronization.txt, barriers are convergent);
 *  - a split signal or wait on a target without split barriers (GFX9-11);
 *  - an asynchronous operation the target does not have (LDS DMA after
 *    GFX10: amdsyncTargetHasAsync);
 *  - split signals and waits that do not alternate on every path (a wait
 *    without its signal, two signals in a row, a full barrier between a
 *    signal and its wait, a signal left open at an exit);
 *  - two conflicting accesses that lanes which took different ways of a
 *    divergent branch run at once: every position between them is inside
 *    the branch, so no barrier can separate them.
 *
 * The region of a divergent branch X is walked: the blocks reached from
 * each of X's successors before X's join (its immediate post-dominator),
 * labelled with the successors that reach them; a block reached from one
 * successor only is on that arm.
 *===----------------------------------------------------------------------===*/
#include "amdsync/analysis.h"
#include "amdsync/cfg.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void amdsyncDescribeOrigin(const AmdsyncDiagnostics *d, void *origin,
                           char *buf, int size) {
  if (d && d->describe)
    d->describe(d->ctx, origin, buf, size);
  else
    snprintf(buf, (size_t)size, "an LDS access");
}

static void error(const AmdsyncDiagnostics *d, const AmdsyncNode *n,
                  const char *msg) {
  if (d && d->error)
    d->error(d->ctx, n->origin, msg);
}

void amdsyncReportWithNotes(const AmdsyncDiagnostics *d, void *origin,
                            const char *message, int n, void *const *others,
                            const char *const *notes) {
  if (!d)
    return;
  if (d->error_notes) {
    d->error_notes(d->ctx, origin, message, n, others, notes);
    return;
  }
  if (!d->error)
    return;
  d->error(d->ctx, origin, message);
  for (int i = 0; i < n; ++i)
    d->error(d->ctx, others[i], notes[i]);
}

void amdsyncReportDivergent(const AmdsyncDiagnostics *d, void *origin,
                            const char *message, void *branch) {
  if (d && d->divergent)
    d->divergent(d->ctx, origin, message, branch);
  else if (d && d->error)
    d->error(d->ctx, origin, message);
}

void amdsyncForwardRemark(void *ctx, void *origin, const char *message) {
  const AmdsyncDiagnostics *d = *(const AmdsyncDiagnostics *const *)ctx;
  d->remark(d->ctx, origin, message);
}

void amdsyncForwardDescribe(void *ctx, void *origin, char *buf, int size) {
  const AmdsyncDiagnostics *d = *(const AmdsyncDiagnostics *const *)ctx;
  d->describe(d->ctx, origin, buf, size);
}

AmdsyncDiagnostics amdsyncForwarding(AmdsyncDiagnostics own,
                                     const AmdsyncDiagnostics *forward) {
  assert(*(const AmdsyncDiagnostics *const *)own.ctx == forward);
  own.remark = forward->remark ? amdsyncForwardRemark : NULL;
  own.describe = forward->describe ? amdsyncForwardDescribe : NULL;
  return own;
}

/* Error `msg` at `n`, which sits in a divergent block: with the branch
   that makes the block divergent, for the front end to explain. */
static void divergentError(const AmdsyncProgram *p, const AmdsyncDiagnostics *d,
                           const AmdsyncNode *n, const char *msg) {
  if (!d)
    return;
  if (!d->divergent || !n->block) {
    error(d, n, msg);
    return;
  }
  int by = n->block->diverged_by;
  d->divergent(d->ctx, n->origin, msg,
               by >= 0 ? p->cfg->blocks[by]->branch_origin : NULL);
}

static int checkExistingBarriers(AmdsyncProgram *p, const AmdsyncTarget *t,
                                 const AmdsyncDiagnostics *d) {
  int bad = 0;
  for (int i = 0; i < p->barriers.count; ++i) {
    const AmdsyncNode *b = p->barriers.items[i];
    AmdsyncBarrierOp op = b->u.barrier.op;
    bool split = op == AMDSYNC_BARRIER_SIGNAL || op == AMDSYNC_BARRIER_WAIT;
    if (split && t && t->barrier != AMDSYNC_BARRIER_SPLIT) {
      char msg[256];
      snprintf(msg, sizeof msg,
               "amdsync: split barrier %s on %s, which has no split barriers "
               "(use a monolithic barrier)",
               op == AMDSYNC_BARRIER_SIGNAL ? "signal" : "wait", t->chip);
      error(d, b, msg);
      bad++;
    }
    if (op != AMDSYNC_BARRIER_WAVE && b->block && b->block->divergent) {
      divergentError(
          p, d, b,
          "amdsync: existing barrier in control flow that may diverge "
          "within the workgroup (waves that skip it never arrive: hang)");
      bad++;
    }
  }
  for (int i = 0; i < p->accesses.count; ++i) {
    const AmdsyncNode *a = p->accesses.items[i];
    if ((a->u.access.flags & AMDSYNC_ACCESS_BARRIER_CALL) && a->block &&
        a->block->divergent) {
      divergentError(
          p, d, a,
          "amdsync: call of a function that executes a workgroup barrier, "
          "in control flow that may diverge within the workgroup (waves "
          "that skip it never arrive: hang)");
      bad++;
    }
  }
  return bad;
}

/* The blocks lanes may run between divergent branch `x` and its join
   (immediate post-dominator): those reached from each successor without
   passing the join, each labelled with the successors it is reached from
   (bit k for successor k, the last bit for all beyond 31). Walked, not read
   off dominators: a block that x dominates and the join post-dominates may
   lie after the join (the rest of a loop whose only exit follows the join,
   reached by every lane once they met again). Returns how many it touched,
   listed in `touched`. */
static int branchRegion(const AmdsyncCfg *g, const AmdsyncBlock *x,
                        unsigned *label, int *touched, int *stack) {
  int join = x->ipdom, ntouched = 0;
  for (int k = 0; k < x->nsucc; ++k) {
    unsigned bit = k < 31 ? 1u << k : 1u << 31;
    int sp = 0;
    if (x->succ[k]->id != join)
      stack[sp++] = x->succ[k]->id;
    while (sp) {
      int y = stack[--sp];
      if (label[y] & bit)
        continue;
      if (!label[y])
        touched[ntouched++] = y;
      label[y] |= bit;
      const AmdsyncBlock *by = g->blocks[y];
      for (int s = 0; s < by->nsucc; ++s)
        if (by->succ[s]->id != join && !(label[by->succ[s]->id] & bit))
          stack[sp++] = by->succ[s]->id;
    }
  }
  return ntouched;
}

/* Whether lanes that left `x` different ways may run blocks labelled `la`
   and `lb` at once: unless both are reached by one successor only, the
   same. */
static bool armsMayMeet(unsigned la, unsigned lb) {
  return !(la == lb && (la & (la - 1)) == 0);
}

static int checkConcurrent(AmdsyncProgram *p, const AmdsyncDiagnostics *d) {
  AmdsyncCfg *g = p->cfg;
  int nb = g->nblocks, bad = 0;
  AmdsyncNode **acc = malloc(((size_t)p->accesses.count + 1) * sizeof(void *));
  unsigned *label = calloc((size_t)nb + 1, sizeof(unsigned));
  int *touched = malloc(((size_t)nb + 1) * sizeof(int));
  /* A walk pushes a block once per edge into it at most. */
  size_t nedges = 0;
  for (int b = 0; b < nb; ++b)
    nedges += (size_t)g->blocks[b]->nsucc;
  int *stack = malloc((nedges + (size_t)nb + 1) * sizeof(int));
  for (int r = 0; r < g->nreachable; ++r) {
    const AmdsyncBlock *x = g->blocks[g->rpo_order[r]];
    if (x->nsucc < 2 || x->branch_uniform)
      continue;
    int ntouched = branchRegion(g, x, label, touched, stack);
    int n = 0;
    for (int t = 0; t < ntouched; ++t) {
      const AmdsyncBlock *b = g->blocks[touched[t]];
      for (int k = 0; k < b->nops; ++k)
        if (b->ops[k]->kind == AMDSYNC_NODE_ACCESS)
          acc[n++] = b->ops[k];
    }
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        if (!armsMayMeet(label[acc[i]->block->id], label[acc[j]->block->id]))
          continue; /* one arm: ordered, or not, by program order */
        AmdsyncHazardKind k = amdsyncHazardBetween(p, acc[i], acc[j]);
        if (k == AMDSYNC_HAZARD_NONE)
          k = amdsyncHazardBetween(p, acc[j], acc[i]);
        if (k == AMDSYNC_HAZARD_NONE)
          continue;
        char da[256], db[256], why[400], msg[1400];
        amdsyncDescribeOrigin(d, acc[i]->origin, da, sizeof da);
        amdsyncDescribeOrigin(d, acc[j]->origin, db, sizeof db);
        amdsyncIndexDescribeMeeting(p, acc[i], acc[j], why, sizeof why);
        snprintf(msg, sizeof msg,
                 "amdsync: cannot order %s hazard between %s and %s: lanes "
                 "that take different ways of a branch that may diverge run "
                 "them at once, and no barrier can stand between them%s",
                 amdsyncHazardName(k), da, db, why);
        const char *notes[1] = {"amdsync: the other access of this hazard, "
                                "in the other way of the branch"};
        void *others[1] = {acc[j]->origin};
        amdsyncReportWithNotes(d, acc[i]->origin, msg, 1, others, notes);
        bad++;
      }
    for (int t = 0; t < ntouched; ++t)
      label[touched[t]] = 0;
  }
  free(acc);
  free(label);
  free(touched);
  free(stack);
  return bad;
}

/* The input's split barriers must alternate signal, wait on every path
   from the entry, with no full barrier between a signal and its wait and
   no signal left at an exit (spec/amdgpu-execution-synchronization.txt:
   a wave's wait completes the phase its own signal opened). The placement
   builds on that alternation (its signals move only where none is open):
   input that breaks it is refused here, at the op. A forward data flow of
   the phases a point may be in (bit 1: closed, bit 2: a signal open). */
enum { kClosed = 1, kOpen = 2 };

static unsigned phaseAfter(const AmdsyncBlock *b, unsigned ph,
                           const AmdsyncDiagnostics *d, int *bad) {
  for (int k = 0; k < b->nops; ++k) {
    const AmdsyncNode *n = b->ops[k];
    if (n->kind != AMDSYNC_NODE_BARRIER)
      continue;
    const char *msg = NULL;
    switch (n->u.barrier.op) {
    case AMDSYNC_BARRIER_SIGNAL:
      if (ph & kOpen)
        msg = "amdsync: split barrier signal while an earlier signal may "
              "still wait for its wait (two signals in a row on some path)";
      ph = kOpen;
      break;
    case AMDSYNC_BARRIER_WAIT:
      if (ph & kClosed)
        msg = "amdsync: split barrier wait with no signal before it on some "
              "path";
      ph = kClosed;
      break;
    case AMDSYNC_BARRIER_FULL:
      if (ph & kOpen)
        msg = "amdsync: barrier while a split signal may be outstanding "
              "(between a signal and its wait)";
      break;
    case AMDSYNC_BARRIER_WAVE:
      break;
    }
    if (msg && bad) {
      error(d, n, msg);
      (*bad)++;
    }
  }
  return ph;
}

/* The gaps where a signal of the input may be open (`in`: the phases at
   each block's start), and those right before a signal, for the placement
   (AmdsyncCfg.gap_open): a barrier there would be a second signal before
   the input's wait (spec/amdgpu-execution-synchronization.txt: a wave's
   wait completes the phase its own signal opened), or would part the
   input's signal from its release fence. */
static void markOpenGaps(AmdsyncCfg *g, AmdsyncArena *arena,
                         const unsigned char *in) {
  g->gap_open = amdsyncArenaAlloc(arena, (size_t)g->ngaps + 1);
  memset(g->gap_open, 0, (size_t)g->ngaps + 1);
  for (int i = 0; i < g->nblocks; ++i) {
    const AmdsyncBlock *b = g->blocks[i];
    unsigned ph = in[b->id];
    if (b->rpo < 0 || !ph)
      continue;
    for (int k = 0; k <= b->nops; ++k) {
      /* Ops inserted since the gaps were numbered have none of their own
         (amdsyncProgramApplyEmission): nothing past them is marked. */
      int gap = b->first_gap + k;
      if (gap >= g->ngaps || amdsyncCfgGapBlock(g, gap) != b)
        break;
      g->gap_open[gap] = (ph & kOpen) != 0;
      if (k == b->nops || b->ops[k]->kind != AMDSYNC_NODE_BARRIER)
        continue;
      /* Right before a signal too: a barrier there goes right before the
         op, between the signal and the release fence before it. (A
         signal the placement hoists to right after an input wait goes
         after that wait's acquire fence: placeSignal.) */
      if (b->ops[k]->u.barrier.op == AMDSYNC_BARRIER_SIGNAL) {
        g->gap_open[gap] = true;
        ph = kOpen;
      } else if (b->ops[k]->u.barrier.op == AMDSYNC_BARRIER_WAIT) {
        ph = kClosed;
      }
    }
  }
}

static bool anySplitBarrier(const AmdsyncProgram *p) {
  for (int i = 0; i < p->barriers.count; ++i) {
    const AmdsyncNode *n = p->barriers.items[i];
    if (n->u.barrier.op == AMDSYNC_BARRIER_SIGNAL ||
        n->u.barrier.op == AMDSYNC_BARRIER_WAIT)
      return true;
  }
  return false;
}

/* The phases each block may start in (malloc'd, by block id; 0:
   unreachable). */
static unsigned char *phasesIn(const AmdsyncProgram *p) {
  AmdsyncCfg *g = p->cfg;
  unsigned char *in = calloc((size_t)g->nblocks + 1, 1);
  if (!in)
    abort();
  in[g->entry->id] = kClosed;
  AmdsyncCfgWork work = amdsyncCfgWorkAll(g);
  AmdsyncBlock *b;
  while (amdsyncCfgWorkPop(&work, &b)) {
    if (!in[b->id])
      continue;
    unsigned ph = phaseAfter(b, in[b->id], NULL, NULL);
    for (int s = 0; s < b->nsucc; ++s) {
      AmdsyncBlock *y = b->succ[s];
      if ((in[y->id] | ph) != in[y->id]) {
        in[y->id] |= (unsigned char)ph;
        amdsyncCfgWorkPush(&work, y);
      }
    }
  }
  amdsyncCfgWorkFree(&work);
  return in;
}

void amdsyncMarkOpenGaps(AmdsyncProgram *p) {
  AmdsyncCfg *g = p->cfg;
  assert(g->analyzed);
  if (g->gap_open || !anySplitBarrier(p))
    return;
  unsigned char *in = phasesIn(p);
  markOpenGaps(g, p->arena, in);
  free(in);
}

static int checkSplitPhases(AmdsyncProgram *p, const AmdsyncDiagnostics *d) {
  if (!anySplitBarrier(p))
    return 0;
  AmdsyncCfg *g = p->cfg;
  unsigned char *in = phasesIn(p);
  int bad = 0;
  for (int r = 0; r < g->nreachable; ++r) {
    const AmdsyncBlock *x = g->blocks[g->rpo_order[r]];
    if (!in[x->id])
      continue;
    unsigned ph = phaseAfter(x, in[x->id], d, &bad);
    if (x->nsucc == 0 && (ph & kOpen)) {
      const AmdsyncNode *signal = NULL;
      for (int i = 0; i < p->barriers.count && !signal; ++i) {
        const AmdsyncNode *n = p->barriers.items[i];
        if (n->u.barrier.op == AMDSYNC_BARRIER_SIGNAL)
          signal = n;
      }
      assert(signal); /* a phase opens only at a signal */
      error(d, signal,
            "amdsync: a split barrier signal may reach the end of the "
            "function without its wait (orphan signal)");
      bad++;
    }
  }
  free(in);
  return bad;
}

int amdsyncCheckTargetOps(const AmdsyncProgram *p, const AmdsyncTarget *t,
                          const AmdsyncDiagnostics *d) {
  int bad = 0;
  for (int i = 0; t && i < p->accesses.count; ++i) {
    const AmdsyncNode *a = p->accesses.items[i];
    /* Unreachable code is never selected (a review's kernel: llc-22
       compiles a gfx1201 function whose only DMA no path reaches). */
    if (!a->u.access.absent_on_target || (a->block && a->block->rpo < 0))
      continue;
    char msg[256];
    snprintf(msg, sizeof msg,
             "amdsync: LDS DMA on %s (%s), which has none: only GFX9 and "
             "GFX10 load into LDS this way, and llc cannot select it here",
             t->chip, amdsyncGenerationName(t->generation));
    error(d, a, msg);
    bad++;
  }
  return bad;
}

int amdsyncCheckInput(AmdsyncProgram *p, const AmdsyncTarget *t,
                      const AmdsyncDiagnostics *diag) {
  amdsyncProgramFinalize(p);
  return amdsyncCheckTargetOps(p, t, diag) + checkExistingBarriers(p, t, diag) +
         checkSplitPhases(p, diag) + checkConcurrent(p, diag);
}
