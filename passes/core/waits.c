/*===- waits.c - Counter waits for asynchronous LDS transfers ---------------===*
 *
 * A forward abstract interpretation over the structured program. The state
 * at a point holds, for every asynchronous operation A, the fewest
 * operations of A's counter issued after A on any path reaching the point
 * (A's "age"; absent when A is complete on every path). Completion is
 * reported in issue order within a counter (spec/amdgpu-usage.txt: "vector
 * memory operation completion ... is reported in order of issue within a
 * type"), so `s_wait_<counter> N` completes exactly the operations whose
 * age is at least N, and the largest count that completes A on every path
 * is A's age. Joins take the minimum; loops iterate to a fixpoint, so in a
 * software-pipelined loop the count covers exactly the stage consumed.
 *
 * The state also holds the asyncmarks by recency with their ages per
 * counter (spec/amdgpu-async-operations.txt: `wait.asyncmark N` leaves at
 * most N marks outstanding, so the (N+1)-th most recent mark must complete:
 * a counter wait with that mark's age).
 *
 * Waits go
 *  - before a plain access that conflicts with an outstanding async
 *    operation in the same wave ("A ... happens-before X only if A is
 *    completed before X"; an access before an async operation needs none);
 *  - before a barrier (s_barrier or split signal) that publishes
 *    async-written data: an outstanding operation conflicting with an access
 *    reachable after the barrier before the next one must complete there;
 *  - in place of each wait.asyncmark.
 *===----------------------------------------------------------------------===*/
#include "amdsync/waits.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { kDone = 30000, kAgeCap = 20000 };

typedef struct {
  int16_t *age;                          /* per async id */
  int nmarks;
  int16_t (*mark)[AMDSYNC_NUM_COUNTERS]; /* by recency: 0 = newest */
} State;

typedef struct {
  bool has[AMDSYNC_NUM_COUNTERS];
  int count[AMDSYNC_NUM_COUNTERS];
  AmdsyncWaitReason reason;
  AmdsyncNode *oldest[AMDSYNC_NUM_COUNTERS];
} Decision;

typedef struct {
  AmdsyncProgram *p;
  const AmdsyncTarget *t;
  AmdsyncWaitMode mode;
  int nasync;
  int max_marks; /* marks older than every wait index are irrelevant */
  Decision *dec; /* by node pos */
  int npos;
} Waiter;

/*===--- States --------------------------------------------------------------===*/

static State stateNew(Waiter *w) {
  State s;
  s.age = amdsyncArenaAlloc(w->p->arena,
                            (size_t)(w->nasync ? w->nasync : 1) * sizeof(int16_t));
  for (int i = 0; i < w->nasync; ++i)
    s.age[i] = kDone;
  s.nmarks = 0;
  s.mark = amdsyncArenaAlloc(w->p->arena, (size_t)(w->max_marks + 1) *
                                              sizeof(*s.mark));
  return s;
}

static void stateCopy(Waiter *w, State *dst, const State *src) {
  memcpy(dst->age, src->age, (size_t)w->nasync * sizeof(int16_t));
  dst->nmarks = src->nmarks;
  memcpy(dst->mark, src->mark, (size_t)src->nmarks * sizeof(*src->mark));
}

static State stateClone(Waiter *w, const State *src) {
  State s = stateNew(w);
  stateCopy(w, &s, src);
  return s;
}

/* dst = join(dst, src); the empty state (nothing outstanding, no marks) is
   the identity. */
static void stateJoin(Waiter *w, State *dst, const State *src) {
  for (int i = 0; i < w->nasync; ++i)
    if (src->age[i] < dst->age[i])
      dst->age[i] = src->age[i];
  for (int k = 0; k < src->nmarks; ++k)
    for (int c = 0; c < AMDSYNC_NUM_COUNTERS; ++c)
      if (k >= dst->nmarks || src->mark[k][c] < dst->mark[k][c])
        dst->mark[k][c] = src->mark[k][c];
  if (src->nmarks > dst->nmarks)
    dst->nmarks = src->nmarks;
}

static bool stateEqual(Waiter *w, const State *a, const State *b) {
  if (a->nmarks != b->nmarks)
    return false;
  if (memcmp(a->age, b->age, (size_t)w->nasync * sizeof(int16_t)) != 0)
    return false;
  return memcmp(a->mark, b->mark, (size_t)a->nmarks * sizeof(*a->mark)) == 0;
}

static AmdsyncCounter counterOf(const Waiter *w, int id) {
  return ((AmdsyncNode *)w->p->async_ops.items[id])->u.access.counter;
}

/* An operation of counter c issues: everything older of c ages by one. */
static void issue(Waiter *w, State *s, const AmdsyncNode *op) {
  AmdsyncCounter c = op->u.access.counter;
  for (int i = 0; i < w->nasync; ++i)
    if (s->age[i] < kDone && counterOf(w, i) == c && s->age[i] < kAgeCap)
      s->age[i]++;
  for (int k = 0; k < s->nmarks; ++k)
    if (s->mark[k][c] < kAgeCap)
      s->mark[k][c]++;
  s->age[op->u.access.async_id] = 0;
}

/* s_wait_<c> n: every operation of c with age >= n is complete. */
static void applyWait(Waiter *w, State *s, AmdsyncCounter c, int n) {
  for (int i = 0; i < w->nasync; ++i)
    if (s->age[i] < kDone && counterOf(w, i) == c && s->age[i] >= n)
      s->age[i] = kDone;
}

static void pushMark(Waiter *w, State *s) {
  if (w->max_marks == 0)
    return;
  int keep = s->nmarks < w->max_marks ? s->nmarks : w->max_marks - 1;
  memmove(s->mark + 1, s->mark, (size_t)keep * sizeof(*s->mark));
  for (int c = 0; c < AMDSYNC_NUM_COUNTERS; ++c)
    s->mark[0][c] = 0;
  s->nmarks = keep + 1;
}

/*===--- Decisions ---------------------------------------------------------===*/

static Decision *decisionOf(Waiter *w, const AmdsyncNode *n) {
  return &w->dec[n->pos];
}

/* Records and applies a wait for counter c before node n. */
static void waitBefore(Waiter *w, State *s, AmdsyncNode *n, AmdsyncCounter c,
                       int age, AmdsyncWaitReason reason, AmdsyncNode *oldest,
                       bool record) {
  int count = amdsyncCounterClamp(w->t, c, age);
  if (record) {
    Decision *d = decisionOf(w, n);
    if (!d->has[c] || count < d->count[c]) {
      d->count[c] = count;
      d->oldest[c] = oldest;
    }
    d->has[c] = true;
    d->reason = reason;
  }
  applyWait(w, s, c, count);
}

/* Waits so that every outstanding operation `conflicts` selects completes. */
typedef bool (*ConflictFn)(Waiter *w, const AmdsyncNode *op, const void *ctx);

static void waitForConflicts(Waiter *w, State *s, AmdsyncNode *at,
                             ConflictFn conflicts, const void *ctx,
                             AmdsyncWaitReason reason, bool record) {
  int need[AMDSYNC_NUM_COUNTERS];
  AmdsyncNode *oldest[AMDSYNC_NUM_COUNTERS] = {NULL};
  for (int c = 0; c < AMDSYNC_NUM_COUNTERS; ++c)
    need[c] = kDone;
  for (int i = 0; i < w->nasync; ++i) {
    if (s->age[i] >= kDone)
      continue;
    AmdsyncNode *op = w->p->async_ops.items[i];
    if (!conflicts(w, op, ctx))
      continue;
    AmdsyncCounter c = op->u.access.counter;
    if (s->age[i] < need[c]) {
      need[c] = s->age[i];
      oldest[c] = op;
    }
  }
  for (int c = 0; c < AMDSYNC_NUM_COUNTERS; ++c)
    if (need[c] < kDone)
      waitBefore(w, s, at, (AmdsyncCounter)c, need[c], reason, oldest[c],
                 record);
}

static bool conflictsWithAccess(Waiter *w, const AmdsyncNode *op,
                                const void *ctx) {
  return amdsyncHazardBetween(w->p, op, ctx) != AMDSYNC_HAZARD_NONE;
}

/*===--- What a barrier publishes ---------------------------------------------===*/

static bool publishes(const AmdsyncNode *n) {
  return n->kind == AMDSYNC_NODE_BARRIER &&
         (n->u.barrier.op == AMDSYNC_BARRIER_FULL ||
          n->u.barrier.op == AMDSYNC_BARRIER_SIGNAL);
}

typedef struct {
  AmdsyncPtrVec accesses;
  AmdsyncArena *arena;
} Reach;

/* Collects the accesses of s from child i on until a publishing barrier;
   returns true when every path from there meets one. Loops are never taken
   to block (they may run zero times): collecting too much only waits more. */
static bool collectRun(Reach *r, const AmdsyncSeq *s, int i) {
  for (int k = i; k < s->count; ++k) {
    AmdsyncNode *n = s->children[k];
    switch (n->kind) {
    case AMDSYNC_NODE_ACCESS:
      amdsyncPtrVecPush(r->arena, &r->accesses, n);
      break;
    case AMDSYNC_NODE_BARRIER:
      if (publishes(n))
        return true;
      break;
    case AMDSYNC_NODE_LOOP:
      collectRun(r, n->u.loop.body, 0);
      break;
    case AMDSYNC_NODE_BRANCH: {
      bool all = n->u.branch.exhaustive;
      for (int a = 0; a < n->u.branch.narms; ++a)
        all &= collectRun(r, n->u.branch.arms[a], 0);
      if (all)
        return true;
      break;
    }
    case AMDSYNC_NODE_MARK:
    case AMDSYNC_NODE_WAIT:
    case AMDSYNC_NODE_POINT:
      break;
    }
  }
  return false;
}

/* Accesses reachable after barrier b before the next publishing barrier:
   the rest of b's sequence, then outward (a loop's next iteration and its
   exit, a branch's continuation). */
static AmdsyncPtrVec reachAfter(Waiter *w, const AmdsyncNode *b) {
  Reach r = {{NULL, 0, 0}, w->p->arena};
  const AmdsyncSeq *s = b->parent;
  int i = b->index + 1;
  while (s && !collectRun(&r, s, i)) {
    const AmdsyncNode *owner = s->owner;
    if (!owner)
      break;
    if (owner->kind == AMDSYNC_NODE_LOOP)
      collectRun(&r, owner->u.loop.body, 0); /* the next iteration */
    s = owner->parent;
    i = owner->index + 1;
  }
  return r.accesses;
}

static bool conflictsWithAny(Waiter *w, const AmdsyncNode *op,
                             const void *ctx) {
  const AmdsyncPtrVec *v = ctx;
  for (int i = 0; i < v->count; ++i)
    if (amdsyncHazardBetween(w->p, op, v->items[i]) != AMDSYNC_HAZARD_NONE)
      return true;
  return false;
}

/*===--- The interpretation ---------------------------------------------------===*/

static void runSeq(Waiter *w, const AmdsyncSeq *s, State *st, State *exit_at,
                   int exit_after_gap);

static void lowerMarkWait(Waiter *w, State *st, AmdsyncNode *n, bool record) {
  int k = n->u.wait.count;
  if (k < 0 || k >= st->nmarks)
    return; /* fewer marks outstanding than allowed: nothing to wait for */
  for (int c = 1; c < AMDSYNC_NUM_COUNTERS; ++c) {
    int age = st->mark[k][c];
    bool older = false;
    AmdsyncNode *oldest = NULL;
    for (int i = 0; i < w->nasync; ++i)
      if (st->age[i] < kDone && counterOf(w, i) == (AmdsyncCounter)c &&
          st->age[i] >= age) {
        older = true;
        oldest = w->p->async_ops.items[i];
      }
    if (older)
      waitBefore(w, st, n, (AmdsyncCounter)c, age, AMDSYNC_WAIT_ASYNCMARK,
                 oldest, record);
  }
  st->nmarks = k; /* marks k and older are complete */
}

static void runNode(Waiter *w, AmdsyncNode *n, State *st) {
  bool all = w->mode == AMDSYNC_WAITS_ALL;
  Decision *d = n->kind == AMDSYNC_NODE_ACCESS || n->kind == AMDSYNC_NODE_BARRIER ||
                        n->kind == AMDSYNC_NODE_WAIT
                    ? decisionOf(w, n)
                    : NULL;
  if (d)
    memset(d, 0, sizeof *d);
  switch (n->kind) {
  case AMDSYNC_NODE_ACCESS:
    if (n->u.access.counter == AMDSYNC_COUNTER_NONE)
      waitForConflicts(w, st, n, conflictsWithAccess, n,
                       AMDSYNC_WAIT_SAME_WAVE, all);
    else
      issue(w, st, n);
    break;
  case AMDSYNC_NODE_BARRIER:
    if (publishes(n)) {
      AmdsyncPtrVec after = reachAfter(w, n);
      waitForConflicts(w, st, n, conflictsWithAny, &after,
                       AMDSYNC_WAIT_PUBLISH, true);
    }
    break;
  case AMDSYNC_NODE_MARK:
    pushMark(w, st);
    break;
  case AMDSYNC_NODE_POINT:
    break;
  case AMDSYNC_NODE_WAIT:
    if (n->u.wait.counter == AMDSYNC_COUNTER_NONE)
      lowerMarkWait(w, st, n, all);
    else
      applyWait(w, st, n->u.wait.counter, n->u.wait.count);
    break;
  case AMDSYNC_NODE_LOOP: {
    State entry = stateClone(w, st);
    State head = stateClone(w, st);
    State body = stateNew(w);
    State exits = stateNew(w);
    State next = stateNew(w);
    for (;;) {
      State empty = stateNew(w);
      stateCopy(w, &body, &head);
      stateCopy(w, &exits, &empty);
      runSeq(w, n->u.loop.body, &body, &exits, n->u.loop.exit_after_gap);
      stateCopy(w, &next, &entry);
      stateJoin(w, &next, &body);
      if (stateEqual(w, &next, &head))
        break;
      stateCopy(w, &head, &next);
    }
    if (n->u.loop.may_skip)
      stateJoin(w, &exits, &entry);
    stateCopy(w, st, &exits);
    break;
  }
  case AMDSYNC_NODE_BRANCH: {
    State out = stateNew(w);
    if (!n->u.branch.exhaustive)
      stateCopy(w, &out, st);
    for (int a = 0; a < n->u.branch.narms; ++a) {
      State arm = stateClone(w, st);
      runSeq(w, n->u.branch.arms[a], &arm, NULL, -1);
      stateJoin(w, &out, &arm);
    }
    stateCopy(w, st, &out);
    break;
  }
  }
}

static void runSeq(Waiter *w, const AmdsyncSeq *s, State *st, State *exit_at,
                   int exit_after_gap) {
  for (int g = 0; g <= s->count; ++g) {
    if (exit_at && g == exit_after_gap)
      stateJoin(w, exit_at, st);
    if (g < s->count)
      runNode(w, s->children[g], st);
  }
}

/*===--- Entry point ------------------------------------------------------------===*/

static void maxMarkWait(const AmdsyncSeq *s, int *max) {
  for (int i = 0; i < s->count; ++i) {
    const AmdsyncNode *n = s->children[i];
    if (n->kind == AMDSYNC_NODE_WAIT && n->u.wait.counter == AMDSYNC_COUNTER_NONE &&
        n->u.wait.count + 1 > *max)
      *max = n->u.wait.count + 1;
    if (n->kind == AMDSYNC_NODE_LOOP)
      maxMarkWait(n->u.loop.body, max);
    if (n->kind == AMDSYNC_NODE_BRANCH)
      for (int a = 0; a < n->u.branch.narms; ++a)
        maxMarkWait(n->u.branch.arms[a], max);
  }
}

static void collectDecisions(Waiter *w, const AmdsyncSeq *s,
                             AmdsyncWaitResult *r, int *cap) {
  for (int i = 0; i < s->count; ++i) {
    AmdsyncNode *n = s->children[i];
    if (n->kind == AMDSYNC_NODE_LOOP) {
      collectDecisions(w, n->u.loop.body, r, cap);
      continue;
    }
    if (n->kind == AMDSYNC_NODE_BRANCH) {
      for (int a = 0; a < n->u.branch.narms; ++a)
        collectDecisions(w, n->u.branch.arms[a], r, cap);
      continue;
    }
    bool lowered = w->mode == AMDSYNC_WAITS_ALL &&
                   (n->kind == AMDSYNC_NODE_MARK ||
                    (n->kind == AMDSYNC_NODE_WAIT &&
                     n->u.wait.counter == AMDSYNC_COUNTER_NONE));
    if (lowered)
      r->lowered[r->nlowered++] = n;
    if (n->kind == AMDSYNC_NODE_MARK || n->kind == AMDSYNC_NODE_POINT)
      continue;
    Decision *d = decisionOf(w, n);
    for (int c = 1; c < AMDSYNC_NUM_COUNTERS; ++c) {
      if (!d->has[c])
        continue;
      if (r->count == *cap) {
        *cap = *cap ? 2 * *cap : 16;
        AmdsyncWaitPlacement *items = amdsyncArenaAlloc(
            w->p->arena, (size_t)*cap * sizeof(AmdsyncWaitPlacement));
        if (r->count)
          memcpy(items, r->items, (size_t)r->count * sizeof(*items));
        r->items = items;
      }
      AmdsyncWaitPlacement *pl = &r->items[r->count++];
      pl->before = n;
      pl->counter = (AmdsyncCounter)c;
      pl->count = d->count[c];
      pl->reason = d->reason;
      pl->oldest = d->oldest[c];
    }
  }
}

AmdsyncWaitResult amdsyncPlaceWaits(AmdsyncProgram *p, const AmdsyncTarget *t,
                                    AmdsyncWaitMode mode) {
  AmdsyncWaitResult r;
  memset(&r, 0, sizeof r);
  amdsyncProgramFinalize(p);
  Waiter w;
  memset(&w, 0, sizeof w);
  w.p = p;
  w.t = t;
  w.mode = mode;
  w.nasync = p->async_ops.count;
  maxMarkWait(p->body, &w.max_marks);
  if (w.max_marks)
    w.max_marks += 1;
  /* The body's last gap has the highest pre-order position. */
  w.npos = p->body->gap_pos[p->body->count] + 1;
  w.dec = amdsyncArenaAlloc(p->arena, (size_t)w.npos * sizeof(Decision));
  r.lowered = amdsyncArenaAlloc(
      p->arena, (size_t)(p->waits.count ? p->waits.count : 1) * sizeof(void *));
  State st = stateNew(&w);
  runSeq(&w, p->body, &st, NULL, -1);
  int cap = 0;
  collectDecisions(&w, p->body, &r, &cap);
  return r;
}
