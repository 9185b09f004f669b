/*===- hazards.c - Hazard windows of a structured program ------------------===*
 *
 * Implements the analysis of spec/shared-memory-barrier-placements.txt
 * ("Analysis": RAW and WAR windows between a producer and a consumer,
 * loop-carried windows when the consumer precedes the producer) on a tree
 * of sequences instead of a flat trace.
 *
 * For a conflicting pair (a, b), a path class is either
 *  - forward: a and b in the same iteration of every enclosing loop; it
 *    exists when a precedes b in their deepest common sequence S;
 *  - carried by a loop L enclosing both: a, then L's back edge, then b.
 * The window of a path class is the union of
 *  - the gaps after a in each sequence from a's up to S (resp. L's body):
 *    every path leaving a passes them (up to the loop exit for loop
 *    bodies);
 *  - the gaps of S between a's and b's children (circularly for L's body);
 *  - the gaps before b in each sequence from S (resp. L's body) down to b.
 * Gaps in regions that only some paths cross (a sibling loop that may run
 * zero times, the other arm of a branch) are never in a window, so a
 * barrier at any window gap orders every path of the class.
 *===----------------------------------------------------------------------===*/
#include "amdsync/analysis.h"

#include <string.h>

enum { kMaxDepth = 256 };

/* The chain of (sequence, child index) from a node up to the body. */
typedef struct {
  AmdsyncSeq *seq[kMaxDepth];
  int index[kMaxDepth];
  int len;
} Chain;

static void chainOf(const AmdsyncNode *n, Chain *c) {
  c->len = 0;
  const AmdsyncSeq *s = n->parent;
  int idx = n->index;
  while (s && c->len < kMaxDepth) {
    c->seq[c->len] = (AmdsyncSeq *)s;
    c->index[c->len] = idx;
    c->len++;
    if (!s->owner)
      break;
    idx = s->owner->index;
    s = s->owner->parent;
  }
}

/* Ring size of a sequence's gaps. */
static int ringOf(const AmdsyncSeq *s) { return s->count + 1; }

/* Gaps passed when leaving child `idx` of `s` towards the end of `s`: up to
   the loop exit for loop bodies, to the end otherwise. */
static AmdsyncGapRange afterRange(AmdsyncSeq *s, int idx) {
  AmdsyncGapRange r = {s, idx + 1, s->count - idx};
  const AmdsyncNode *o = s->owner;
  if (o && o->kind == AMDSYNC_NODE_LOOP) {
    int exit = o->u.loop.exit_after_gap;
    int ring = ringOf(s);
    r.count = ((exit - (idx + 1)) % ring + ring) % ring + 1;
  }
  return r;
}

/* Gaps passed when entering `s` and reaching child `idx`. */
static AmdsyncGapRange beforeRange(AmdsyncSeq *s, int idx) {
  AmdsyncGapRange r = {s, 0, idx + 1};
  return r;
}

static void pushConstraint(AmdsyncProgram *p, AmdsyncConstraintSet *set,
                           AmdsyncNode *a, AmdsyncNode *b,
                           AmdsyncHazardKind kind, AmdsyncNode *carrier,
                           const Chain *ca, int top_a, const Chain *cb,
                           int top_b, AmdsyncGapRange middle) {
  /* top_a/top_b: chain levels of the common sequence. */
  int n = top_a + 1 + top_b;
  AmdsyncGapRange *ranges =
      amdsyncArenaAlloc(p->arena, (size_t)n * sizeof(AmdsyncGapRange));
  int k = 0;
  for (int lvl = 0; lvl < top_a; ++lvl)
    ranges[k++] = afterRange(ca->seq[lvl], ca->index[lvl]);
  ranges[k++] = middle;
  for (int lvl = top_b - 1; lvl >= 0; --lvl)
    ranges[k++] = beforeRange(cb->seq[lvl], cb->index[lvl]);
  if (set->count == set->capacity) {
    int cap = set->capacity ? 2 * set->capacity : 16;
    AmdsyncConstraint *items =
        amdsyncArenaAlloc(p->arena, (size_t)cap * sizeof(AmdsyncConstraint));
    if (set->count)
      memcpy(items, set->items,
             (size_t)set->count * sizeof(AmdsyncConstraint));
    set->items = items;
    set->capacity = cap;
  }
  AmdsyncConstraint *c = &set->items[set->count++];
  c->producer = a;
  c->consumer = b;
  c->kind = kind;
  c->carrier = carrier;
  c->ranges = ranges;
  c->nranges = k;
}

/* Adds the windows of every path class from a to b. */
static void addPairWindows(AmdsyncProgram *p, AmdsyncConstraintSet *set,
                           AmdsyncNode *a, AmdsyncNode *b,
                           AmdsyncHazardKind kind, Chain *ca, Chain *cb) {
  /* Walk both chains from the top (the body) while they share sequences. */
  int ia = ca->len - 1, ib = cb->len - 1;
  while (ia >= 0 && ib >= 0 && ca->seq[ia] == cb->seq[ib]) {
    AmdsyncSeq *s = ca->seq[ia];
    int xa = ca->index[ia], xb = cb->index[ib];
    const AmdsyncNode *o = s->owner;
    if (o && o->kind == AMDSYNC_NODE_LOOP) {
      /* Carried by this loop: around the back edge, from xa to xb. */
      int ring = ringOf(s);
      AmdsyncGapRange mid = {s, (xa + 1) % ring,
                             ((xb - xa - 1) % ring + ring) % ring + 1};
      /* A loop of at most one trip has no back edge to carry a hazard. */
      bool has_back_edge = o->u.loop.trips < 0 || o->u.loop.trips > 1;
      if (xa >= xb && has_back_edge)
        pushConstraint(p, set, a, b, kind, (AmdsyncNode *)o, ca, ia, cb, ib,
                       mid);
    }
    bool deeper = ia > 0 && ib > 0 && xa == xb &&
                  ca->seq[ia - 1] == cb->seq[ib - 1];
    if (!deeper) {
      if (xa < xb) {
        AmdsyncGapRange mid = {s, xa + 1, xb - xa};
        pushConstraint(p, set, a, b, kind, NULL, ca, ia, cb, ib, mid);
      }
      break;
    }
    --ia;
    --ib;
  }
}

AmdsyncConstraintSet amdsyncAnalyzeHazards(AmdsyncProgram *p) {
  AmdsyncConstraintSet set = {NULL, 0, 0};
  amdsyncProgramFinalize(p);
  Chain *ca = amdsyncArenaAlloc(p->arena, sizeof(Chain));
  Chain *cb = amdsyncArenaAlloc(p->arena, sizeof(Chain));
  int n = p->accesses.count;
  for (int i = 0; i < n; ++i) {
    AmdsyncNode *a = p->accesses.items[i];
    chainOf(a, ca);
    for (int j = 0; j < n; ++j) {
      AmdsyncNode *b = p->accesses.items[j];
      AmdsyncHazardKind kind = amdsyncHazardBetween(p, a, b);
      if (kind == AMDSYNC_HAZARD_NONE)
        continue;
      chainOf(b, cb);
      addPairWindows(p, &set, a, b, kind, ca, cb);
    }
  }
  return set;
}

bool amdsyncConstraintHasGap(const AmdsyncProgram *p,
                             const AmdsyncConstraint *c, int gap_id) {
  const AmdsyncSeq *s = amdsyncGapSeq(p, gap_id);
  int g = gap_id - s->first_gap_id;
  for (int r = 0; r < c->nranges; ++r) {
    const AmdsyncGapRange *rg = &c->ranges[r];
    if (rg->seq != s)
      continue;
    int ring = s->count + 1;
    if (((g - rg->first) % ring + ring) % ring < rg->count)
      return true;
  }
  return false;
}
