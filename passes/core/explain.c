/*===- explain.c - Remarks on what was not placed, and why -----------------===*
 *
 * The explanations issue 23 asks for beside the `passed` remark of every
 * placed barrier (placement.c, amdsyncPlacementReason):
 *
 *  - `analysis`: a pair of accesses whose kinds and buffers make a hazard
 *    but that an index proof keeps apart gets no barrier; the remark names
 *    the pair and the rule (thread-private, disjoint, listed:
 *    amdsync/index.h, docs/design.md section 1). The pairs are those the
 *    hazard analysis met as a producer and a consumer (hazards.c,
 *    noteDischarged): what a window would have been. A window the input's
 *    barriers already order is one too (`already-ordered`, naming the
 *    barrier: hazards.c, noteOrdered).
 *  - `missed`: a placed barrier whose window had a position that executes
 *    less often (the placement's own estimate, the block's weight) where
 *    no barrier may stand: in control flow that may diverge within the
 *    workgroup (a barrier there could hang), or in a block the front end
 *    cannot insert into.
 *
 * Only what the front end asks for (AmdsyncDiagnostics.explain); nothing
 * here changes a placement.
 *===----------------------------------------------------------------------===*/
#include "amdsync/analysis.h"
#include "amdsync/cfg.h"

#include <stdio.h>


static void explainDischarged(const AmdsyncProgram *p,
                              const AmdsyncWindowSet *ws,
                              const AmdsyncDiagnostics *diag) {
  for (int i = 0; i < ws->ndischarged; ++i) {
    const AmdsyncDischarge *d = &ws->discharged[i];
    char pd[256], cd[256], bd[256], msg[1000];
    amdsyncDescribeOrigin(diag, d->producer->origin, pd, sizeof pd);
    amdsyncDescribeOrigin(diag, d->consumer->origin, cd, sizeof cd);
    if (d->barrier) {
      amdsyncDescribeOrigin(diag, d->barrier->origin, bd, sizeof bd);
      snprintf(msg, sizeof msg,
               "amdsync: no barrier for %s pair on %s between %s and %s: "
               "already-ordered: the input's barrier %s stands on every path "
               "between them",
               amdsyncHazardName(d->kind),
               p->resources[d->consumer->u.access.resource].name, pd, cd, bd);
      diag->explain(diag->ctx, AMDSYNC_EXPLAIN_ANALYSIS, "already-ordered",
                    d->consumer->origin, msg);
      continue;
    }
    snprintf(msg, sizeof msg,
             "amdsync: no barrier for %s pair on %s between %s and %s: "
             "%s: %s",
             amdsyncHazardName(d->kind),
             p->resources[d->consumer->u.access.resource].name, pd, cd,
             amdsyncProofName(d->proof), amdsyncProofText(d->proof));
    diag->explain(diag->ctx, AMDSYNC_EXPLAIN_ANALYSIS,
                  amdsyncProofName(d->proof), d->consumer->origin, msg);
  }
  if (ws->discharged_more > 0 && ws->ndischarged > 0) {
    char msg[200];
    snprintf(msg, sizeof msg,
             "amdsync: and %d more pair(s) the index proofs discharged, not "
             "listed",
             ws->discharged_more);
    diag->explain(diag->ctx, AMDSYNC_EXPLAIN_ANALYSIS, "more",
                  ws->discharged[ws->ndischarged - 1].consumer->origin, msg);
  }
}

/* The cheapest gap of window `w` by the placement's weights, the latest
   on the path among equals (as bestGap, but over every gap). */
static int cheapestGap(const AmdsyncCfg *g, const AmdsyncWindow *w) {
  int best = -1;
  double best_w = 0;
  for (int i = 0; i < w->ngaps; ++i) {
    double x = amdsyncCfgGapBlock(g, w->gaps[i])->weight;
    if (best < 0 || x < best_w) {
      best = w->gaps[i];
      best_w = x;
    }
  }
  return best;
}

/* Where gap `gap` is, for a message: "before <op>" or "after <op>". */
static void describeGap(const AmdsyncCfg *g, int gap,
                        const AmdsyncDiagnostics *diag, char *buf, int size) {
  const AmdsyncBlock *b = amdsyncCfgGapBlock(g, gap);
  int k = gap - b->first_gap;
  char op[256];
  if (k < b->nops) {
    amdsyncDescribeOrigin(diag, b->ops[k]->origin, op, sizeof op);
    snprintf(buf, (size_t)size, "before %s", op);
  } else if (b->nops > 0) {
    amdsyncDescribeOrigin(diag, b->ops[b->nops - 1]->origin, op, sizeof op);
    snprintf(buf, (size_t)size, "after %s", op);
  } else {
    snprintf(buf, (size_t)size, "in a block with no LDS operation");
  }
}

static void explainSignal(const AmdsyncProgram *p, const AmdsyncPlacement *pc,
                          const AmdsyncDiagnostics *diag);

static void explainMissed(const AmdsyncProgram *p,
                          const AmdsyncPlacementResult *r,
                          const AmdsyncDiagnostics *diag) {
  const AmdsyncCfg *g = p->cfg;
  for (int i = 0; i < r->count; ++i) {
    const AmdsyncPlacement *pc = &r->items[i];
    const AmdsyncWindow *w = pc->reason;
    if (!w || pc->wave)
      continue;
    if (pc->signal_gap >= 0)
      explainSignal(p, pc, diag);
    int cheap = cheapestGap(g, w);
    double placed = amdsyncCfgGapBlock(g, pc->gap)->weight;
    const AmdsyncBlock *b = cheap >= 0 ? amdsyncCfgGapBlock(g, cheap) : NULL;
    if (!b || b->weight >= placed ||
        amdsyncCfgGapPlaceable(g, cheap, false))
      continue;
    bool divergent = b->placeable && b->divergent;
    char pd[256], cd[256], where[300], msg[1400];
    amdsyncDescribeOrigin(diag, w->producer->origin, pd, sizeof pd);
    amdsyncDescribeOrigin(diag, w->consumer->origin, cd, sizeof cd);
    describeGap(g, cheap, diag, where, sizeof where);
    snprintf(msg, sizeof msg,
             "amdsync: the barrier for %s hazard on %s between %s and %s "
             "executes an estimated %g time(s) where it stands; %s it would "
             "execute %g time(s), but that position is %s",
             amdsyncHazardName(w->kind),
             p->resources[w->consumer->u.access.resource].name, pd, cd,
             placed, where, b->weight,
             divergent ? "in control flow that may diverge within the "
                         "workgroup (a barrier there could hang)"
                       : "where no barrier can be inserted");
    diag->explain(diag->ctx, AMDSYNC_EXPLAIN_MISSED,
                  divergent ? "divergent-position" : "unplaceable-position",
                  w->consumer->origin, msg);
  }
}

/* Why a split pair's signal moved no earlier, when something other than
   the producer it publishes stopped it: a missed remark. */
static void explainSignal(const AmdsyncProgram *p, const AmdsyncPlacement *pc,
                          const AmdsyncDiagnostics *diag) {
  const AmdsyncWindow *w = pc->reason;
  const char *name, *why;
  switch (pc->signal_stop) {
  case AMDSYNC_SIGNAL_SYNC:
    name = "signal-after-synchronization";
    why = "the operation before it may synchronize (a barrier, or a call "
          "that may run one), and signal/wait pairs never interleave";
    break;
  case AMDSYNC_SIGNAL_DIVERGENT:
    name = "signal-divergent-position";
    why = "the position before it is in control flow that may diverge "
          "within the workgroup";
    break;
  case AMDSYNC_SIGNAL_CONTROL:
    name = "signal-control-flow";
    why = "it would leave the region where it meets its wait exactly once "
          "(a block the wait does not post-dominate, another loop, or one "
          "that holds synchronization)";
    break;
  default:
    return;
  }
  char pd[256], cd[256], at[300], msg[1400];
  amdsyncDescribeOrigin(diag, w->producer->origin, pd, sizeof pd);
  amdsyncDescribeOrigin(diag, w->consumer->origin, cd, sizeof cd);
  if (pc->signal_stop_at) {
    char op[256];
    amdsyncDescribeOrigin(diag, pc->signal_stop_at->origin, op, sizeof op);
    snprintf(at, sizeof at, "after %s", op);
  } else {
    snprintf(at, sizeof at, "at the start of its block");
  }
  snprintf(msg, sizeof msg,
           "amdsync: the signal of the split barrier for %s hazard on %s "
           "between %s and %s stops %s, not right after the producer: %s",
           amdsyncHazardName(w->kind),
           p->resources[w->consumer->u.access.resource].name, pd, cd, at, why);
  diag->explain(diag->ctx, AMDSYNC_EXPLAIN_MISSED, name, w->consumer->origin,
                msg);
}

void amdsyncSplitWaitWhat(const AmdsyncProgram *p, const AmdsyncPlacement *pc,
                          const AmdsyncDiagnostics *diag, char *buf,
                          size_t size) {
  const char *what = "split barrier wait";
  if (!diag || pc->signal_gap < 0 || pc->signal_gap == pc->gap) {
    snprintf(buf, size, "%s (its signal right before it)", what);
    return;
  }
  const AmdsyncCfg *g = p->cfg;
  const AmdsyncBlock *sb = amdsyncCfgGapBlock(g, pc->signal_gap),
                     *wb = amdsyncCfgGapBlock(g, pc->gap);
  char where[300];
  describeGap(g, pc->signal_gap, diag, where, sizeof where);
  int from = pc->signal_gap - sb->first_gap, to = pc->gap - sb->first_gap;
  if (sb != wb || from > to) {
    /* Another block, or later in this one: the previous iteration's. */
    snprintf(buf, size, "%s (its signal %s, %s)", what, where,
             sb != wb ? "in another block" : "late in the previous iteration");
    return;
  }
  /* The operations of the block between them, the first three named. */
  int len = snprintf(buf, size, "%s (its signal %s; %d operation(s) between "
                     "signal and wait",
                     what, where, to - from);
  for (int k = from; k < to && k < from + 3 && len > 0 && (size_t)len < size;
       ++k) {
    char op[256];
    amdsyncDescribeOrigin(diag, sb->ops[k]->origin, op, sizeof op);
    len += snprintf(buf + len, size - (size_t)len, "%s%s",
                    k == from ? ": " : ", ", op);
  }
  if (len > 0 && (size_t)len < size)
    snprintf(buf + len, size - (size_t)len, "%s)", to - from > 3 ? ", ..." : "");
}

void amdsyncExplain(const AmdsyncProgram *p, const AmdsyncWindowSet *ws,
                    const AmdsyncPlacementResult *r,
                    const AmdsyncDiagnostics *diag) {
  if (!diag || !diag->explain)
    return;
  explainDischarged(p, ws, diag);
  if (r->errors == 0)
    explainMissed(p, r, diag);
}
