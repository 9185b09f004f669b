/*===- waits.c - Counter waits for asynchronous LDS transfers ---------------===*
 *
 * A forward abstract interpretation over the control-flow graph (a work
 * list in reverse post-order, to a fixpoint, then one sweep that records
 * the decisions). The state
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

#include "amdsync/cfg.h"

#include <assert.h>
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
  /* Ops are numbered by block: slot_base[b] + the op's index. Not gaps:
     the program may hold emitted ops (amdsyncProgramApplyEmission), which
     have no gap of their own. */
  int *slot_base;
  int nslots;
  Decision *dec; /* by the op's slot */
  /* Per publishing barrier (by its slot): the async operations
     that conflict with an access reachable after it before the next one
     (a bit set of nasync bits). */
  uint64_t *publish_need;
  int words;
  bool record; /* the final sweep: keep the decisions */
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

static int opSlot(const Waiter *w, const AmdsyncNode *n) {
  return w->slot_base[n->block->id] + n->bindex;
}

static Decision *decisionOf(Waiter *w, const AmdsyncNode *n) {
  return &w->dec[opSlot(w, n)];
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

/* Backward data flow: the async operations that conflict with an access
   reachable before the next publishing barrier, recorded after each
   publishing barrier. Bit sets of nasync bits. */
static void orBits(uint64_t *dst, const uint64_t *src, int words) {
  for (int i = 0; i < words; ++i)
    dst[i] |= src[i];
}

static void needTransfer(Waiter *w, const AmdsyncNode *n, uint64_t *set,
                         bool record) {
  if (publishes(n)) {
    if (record)
      memcpy(w->publish_need + (size_t)opSlot(w, n) * w->words, set,
             (size_t)w->words * sizeof(uint64_t));
    memset(set, 0, (size_t)w->words * sizeof(uint64_t));
  } else if (n->kind == AMDSYNC_NODE_ACCESS) {
    for (int i = 0; i < w->nasync; ++i)
      if (amdsyncHazardBetween(w->p, w->p->async_ops.items[i], n) !=
          AMDSYNC_HAZARD_NONE)
        set[i / 64] |= (uint64_t)1 << (i % 64);
  }
}

static void computePublishNeeds(Waiter *w) {
  const AmdsyncCfg *g = w->p->cfg;
  int words = w->words;
  size_t nb = (size_t)g->nblocks;
  w->publish_need = amdsyncArenaAlloc(
      w->p->arena, ((size_t)w->nslots + 1) * (size_t)words * sizeof(uint64_t));
  uint64_t *in = calloc((nb + 1) * (size_t)words, sizeof(uint64_t));
  uint64_t *cur = malloc((size_t)words * sizeof(uint64_t));
  /* Backward: sweep blocks in post-order until nothing changes. */
  for (bool changed = true; changed;) {
    changed = false;
    for (int r = g->nreachable - 1; r >= 0; --r) {
      const AmdsyncBlock *b = g->blocks[g->rpo_order[r]];
      memset(cur, 0, (size_t)words * sizeof(uint64_t));
      for (int k = 0; k < b->nsucc; ++k)
        orBits(cur, in + (size_t)b->succ[k]->id * words, words);
      for (int k = b->nops - 1; k >= 0; --k)
        needTransfer(w, b->ops[k], cur, false);
      uint64_t *mine = in + (size_t)b->id * words;
      for (int i = 0; i < words; ++i)
        if ((cur[i] | mine[i]) != mine[i]) {
          mine[i] |= cur[i];
          changed = true;
        }
    }
  }
  for (int r = 0; r < g->nreachable; ++r) {
    const AmdsyncBlock *b = g->blocks[g->rpo_order[r]];
    memset(cur, 0, (size_t)words * sizeof(uint64_t));
    for (int k = 0; k < b->nsucc; ++k)
      orBits(cur, in + (size_t)b->succ[k]->id * words, words);
    for (int k = b->nops - 1; k >= 0; --k)
      needTransfer(w, b->ops[k], cur, true);
  }
  free(in);
  free(cur);
}

static bool conflictsWithNeed(Waiter *w, const AmdsyncNode *op,
                              const void *ctx) {
  const uint64_t *need = ctx;
  int i = op->u.access.async_id;
  (void)w;
  return (need[i / 64] >> (i % 64)) & 1;
}

/*===--- The interpretation ---------------------------------------------------===*/

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

/* The transfer of one op; decisions are kept only in the final sweep. */
static void runOp(Waiter *w, AmdsyncNode *n, State *st) {
  bool all = w->mode == AMDSYNC_WAITS_ALL && w->record;
  switch (n->kind) {
  case AMDSYNC_NODE_ACCESS:
    if (n->u.access.counter == AMDSYNC_COUNTER_NONE)
      waitForConflicts(w, st, n, conflictsWithAccess, n,
                       AMDSYNC_WAIT_SAME_WAVE, all);
    else
      issue(w, st, n);
    break;
  case AMDSYNC_NODE_BARRIER:
    if (publishes(n))
      waitForConflicts(w, st, n, conflictsWithNeed,
                       w->publish_need + (size_t)opSlot(w, n) * w->words,
                       AMDSYNC_WAIT_PUBLISH, w->record);
    break;
  case AMDSYNC_NODE_MARK:
    pushMark(w, st);
    break;
  case AMDSYNC_NODE_WAIT:
    if (n->u.wait.counter == AMDSYNC_COUNTER_NONE)
      lowerMarkWait(w, st, n, all);
    else
      applyWait(w, st, n->u.wait.counter, n->u.wait.count);
    break;
  }
}

/* Solves the states at block entries to a fixpoint, then sweeps once more
   recording the decisions. */
static void interpret(Waiter *w) {
  const AmdsyncCfg *g = w->p->cfg;
  State *in = amdsyncArenaAlloc(w->p->arena,
                                ((size_t)g->nblocks + 1) * sizeof(State));
  char *reached = calloc((size_t)g->nblocks + 1, 1);
  for (int i = 0; i < g->nblocks; ++i)
    in[i] = stateNew(w);
  reached[g->entry->id] = 1;
  State cur = stateNew(w);
  AmdsyncCfgWork work = amdsyncCfgWorkAll(g);
  AmdsyncBlock *b;
  while (amdsyncCfgWorkPop(&work, &b)) {
    if (!reached[b->id])
      continue;
    stateCopy(w, &cur, &in[b->id]);
    for (int k = 0; k < b->nops; ++k)
      runOp(w, b->ops[k], &cur);
    for (int k = 0; k < b->nsucc; ++k) {
      AmdsyncBlock *y = b->succ[k];
      State before = stateClone(w, &in[y->id]);
      stateJoin(w, &in[y->id], &cur);
      if (!reached[y->id] || !stateEqual(w, &before, &in[y->id])) {
        reached[y->id] = 1;
        amdsyncCfgWorkPush(&work, y);
      }
    }
  }
  amdsyncCfgWorkFree(&work);
  w->record = true;
  for (int r = 0; r < g->nreachable; ++r) {
    b = g->blocks[g->rpo_order[r]];
    stateCopy(w, &cur, &in[b->id]);
    for (int k = 0; k < b->nops; ++k)
      runOp(w, b->ops[k], &cur);
  }
  free(reached);
}

/*===--- Entry point ------------------------------------------------------------===*/

static void collectDecisions(Waiter *w, AmdsyncWaitResult *r) {
  const AmdsyncCfg *g = w->p->cfg;
  int cap = 0;
  for (int bi = 0; bi < g->nblocks; ++bi) {
    const AmdsyncBlock *b = g->blocks[bi];
    for (int k = 0; k < b->nops; ++k) {
      AmdsyncNode *n = b->ops[k];
      bool lowered = w->mode == AMDSYNC_WAITS_ALL &&
                     (n->kind == AMDSYNC_NODE_MARK ||
                      (n->kind == AMDSYNC_NODE_WAIT &&
                       n->u.wait.counter == AMDSYNC_COUNTER_NONE));
      if (lowered)
        r->lowered[r->nlowered++] = n;
      if (n->kind == AMDSYNC_NODE_MARK ||
          b->rpo < 0)
        continue;
      Decision *d = decisionOf(w, n);
      for (int c = 1; c < AMDSYNC_NUM_COUNTERS; ++c) {
        if (!d->has[c])
          continue;
        r->items = amdsyncArenaGrow(w->p->arena, r->items, r->count, &cap,
                                    sizeof(AmdsyncWaitPlacement));
        AmdsyncWaitPlacement *pl = &r->items[r->count++];
        pl->before = n;
        pl->counter = (AmdsyncCounter)c;
        pl->count = d->count[c];
        pl->reason = d->reason;
        pl->oldest = d->oldest[c];
        pl->origin = NULL;
      }
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
  for (int i = 0; i < p->waits.count; ++i) {
    const AmdsyncNode *n = p->waits.items[i];
    if (n->kind == AMDSYNC_NODE_WAIT && n->u.wait.counter == AMDSYNC_COUNTER_NONE &&
        n->u.wait.count + 1 > w.max_marks)
      w.max_marks = n->u.wait.count + 1;
  }
  if (w.max_marks)
    w.max_marks += 1;
  w.words = (w.nasync + 63) / 64;
  if (w.words == 0)
    w.words = 1;
  const AmdsyncCfg *g = p->cfg;
  w.slot_base = amdsyncArenaAlloc(p->arena,
                                  ((size_t)g->nblocks + 1) * sizeof(int));
  for (int b = 0; b < g->nblocks; ++b) {
    w.slot_base[b] = w.nslots;
    w.nslots += g->blocks[b]->nops;
  }
  w.dec = amdsyncArenaAlloc(p->arena,
                            ((size_t)w.nslots + 1) * sizeof(Decision));
  r.lowered = amdsyncArenaAlloc(
      p->arena, (size_t)(p->waits.count ? p->waits.count : 1) * sizeof(void *));
  computePublishNeeds(&w);
  interpret(&w);
  collectDecisions(&w, &r);
  return r;
}
