/*===- legality.c - What the input must satisfy before placement ------------===*
 *
 * The barrier pass refuses, with an error at the op, inputs that no
 * placement can make correct (brief §2, §6):
 *
 *  - an existing s_barrier, split signal or split wait in control flow that
 *    may diverge within the workgroup: waves that skip it never arrive
 *    (spec/amdgpu-execution-synchronization.txt, barriers are convergent);
 *  - a split signal or wait on a target without split barriers (GFX9-11);
 *  - two conflicting accesses that lanes which took different ways of a
 *    divergent branch run at once: every position between them is inside
 *    the branch, so no barrier can separate them.
 *
 * Regions use the graph's dominators: the blocks of a divergent branch X
 * are those X dominates and its join (X's immediate post-dominator)
 * post-dominates; a block is on arm k when X's k-th successor dominates it
 * (a block no single successor dominates is reached by several arms).
 *===----------------------------------------------------------------------===*/
#include "amdsync/analysis.h"
#include "amdsync/cfg.h"

#include <stdio.h>
#include <stdlib.h>

static void describe(const AmdsyncDiagnostics *d, const AmdsyncNode *n,
                     char *buf, int size) {
  if (d && d->describe)
    d->describe(d->ctx, n->origin, buf, size);
  else
    snprintf(buf, (size_t)size, "an LDS access");
}

static void error(const AmdsyncDiagnostics *d, const AmdsyncNode *n,
                  const char *msg) {
  if (d && d->error)
    d->error(d->ctx, n->origin, msg);
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
      error(d, b,
            "amdsync: existing barrier in control flow that may diverge "
            "within the workgroup (waves that skip it never arrive: hang)");
      bad++;
    }
  }
  for (int i = 0; i < p->accesses.count; ++i) {
    const AmdsyncNode *a = p->accesses.items[i];
    if ((a->u.access.flags & AMDSYNC_ACCESS_BARRIER_CALL) && a->block &&
        a->block->divergent) {
      error(d, a,
            "amdsync: call of a function that executes a workgroup barrier, "
            "in control flow that may diverge within the workgroup (waves "
            "that skip it never arrive: hang)");
      bad++;
    }
  }
  return bad;
}

/* Index of the successor of `x` that dominates `blk`, or -1. */
static int armOf(const AmdsyncCfg *g, const AmdsyncBlock *x, int blk) {
  for (int k = 0; k < x->nsucc; ++k)
    if (amdsyncCfgDominates(g, x->succ[k]->id, blk))
      return k;
  return -1;
}

static int checkConcurrent(AmdsyncProgram *p, const AmdsyncDiagnostics *d) {
  AmdsyncCfg *g = p->cfg;
  int bad = 0;
  AmdsyncNode **acc = malloc(((size_t)p->accesses.count + 1) * sizeof(void *));
  int *arm = malloc(((size_t)p->accesses.count + 1) * sizeof(int));
  for (int r = 0; r < g->nreachable; ++r) {
    const AmdsyncBlock *x = g->blocks[g->rpo_order[r]];
    if (x->nsucc < 2 || x->branch_uniform)
      continue;
    int n = 0;
    for (int i = 0; i < p->accesses.count; ++i) {
      AmdsyncNode *a = p->accesses.items[i];
      int blk = a->block->id;
      if (a->block->rpo < 0 || blk == x->id || blk == x->ipdom ||
          !amdsyncCfgDominates(g, x->id, blk) ||
          (x->ipdom >= 0 && !amdsyncCfgPostDominates(g, x->ipdom, blk)))
        continue;
      arm[n] = armOf(g, x, blk);
      acc[n++] = a;
    }
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        if (arm[i] == arm[j] && arm[i] >= 0)
          continue; /* one arm: ordered, or not, by program order */
        AmdsyncHazardKind k = amdsyncHazardBetween(p, acc[i], acc[j]);
        if (k == AMDSYNC_HAZARD_NONE)
          k = amdsyncHazardBetween(p, acc[j], acc[i]);
        if (k == AMDSYNC_HAZARD_NONE)
          continue;
        char da[256], db[256], msg[900];
        describe(d, acc[i], da, sizeof da);
        describe(d, acc[j], db, sizeof db);
        snprintf(msg, sizeof msg,
                 "amdsync: cannot order %s hazard between %s and %s: lanes "
                 "that take different ways of a branch that may diverge run "
                 "them at once, and no barrier can stand between them",
                 amdsyncHazardName(k), da, db);
        error(d, acc[i], msg);
        error(d, acc[j], msg);
        bad++;
      }
  }
  free(acc);
  free(arm);
  return bad;
}

int amdsyncCheckInput(AmdsyncProgram *p, const AmdsyncTarget *t,
                      const AmdsyncDiagnostics *diag) {
  amdsyncProgramFinalize(p);
  return checkExistingBarriers(p, t, diag) + checkConcurrent(p, diag);
}
