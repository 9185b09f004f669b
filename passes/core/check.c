/*===- check.c - The independent checker -----------------------------------===*
 *
 * Brief §5: for every pair of conflicting LDS accesses, every path between
 * them must cross a barrier; barriers must not sit in divergent control
 * flow; split barriers must alternate signal/wait on every path and leave
 * no signal unmatched.
 *
 * This file shares no code with hazards.c or placement.c. It lowers the
 * program to an explicit control-flow graph (one vertex per access,
 * barrier and gap; edges for sequencing, loop back edges, zero-trip and
 * loop-exit edges, branch arms) and runs two forward data-flow problems:
 *
 *  - unordered accesses: the set of accesses reachable along barrier-free
 *    paths (a bit set per vertex; a barrier kills everything; for split
 *    barriers a wait kills what was signalled before it);
 *  - split phase: at every vertex, whether a signal is outstanding; a
 *    vertex reached in both states, a wait with none, a second signal, or
 *    the function's end with one is a violation.
 *===----------------------------------------------------------------------===*/
#include "amdsync/analysis.h"
#include "amdsync/counters.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { V_PLAIN, V_ACCESS, V_BARRIER, V_WAIT } VertexKind;

typedef struct {
  VertexKind kind;
  AmdsyncNode *node;
  int *succ;
  int nsucc;
  int capsucc;
} Vertex;

typedef struct {
  AmdsyncProgram *p;
  const AmdsyncDiagnostics *diag;
  Vertex *v;
  int nv;
  int capv;
  int entry;
  int exit;
  /* Per vertex, the accesses (bit per access id) that are asynchronous
     operations possibly still outstanding on entry; NULL without any. */
  uint64_t *async_open;
  int words;
} Graph;

static int newVertex(Graph *g, VertexKind kind, AmdsyncNode *node) {
  if (g->nv == g->capv) {
    g->capv = g->capv ? 2 * g->capv : 64;
    g->v = realloc(g->v, (size_t)g->capv * sizeof(Vertex));
    if (!g->v)
      abort();
  }
  Vertex *x = &g->v[g->nv];
  memset(x, 0, sizeof *x);
  x->kind = kind;
  x->node = node;
  return g->nv++;
}

static void addEdge(Graph *g, int from, int to) {
  Vertex *x = &g->v[from];
  if (x->nsucc == x->capsucc) {
    x->capsucc = x->capsucc ? 2 * x->capsucc : 2;
    x->succ = realloc(x->succ, (size_t)x->capsucc * sizeof(int));
    if (!x->succ)
      abort();
  }
  x->succ[x->nsucc++] = to;
}

/* Builds the vertices of a sequence; returns the vertex of each gap in
   `gaps` (count+1 entries, caller-allocated). */
static void buildSeq(Graph *g, AmdsyncSeq *s, int *gaps);

static void buildNode(Graph *g, AmdsyncNode *n, int in, int out) {
  switch (n->kind) {
  case AMDSYNC_NODE_POINT:
  case AMDSYNC_NODE_MARK:
  case AMDSYNC_NODE_WAIT:
  case AMDSYNC_NODE_ACCESS:
  case AMDSYNC_NODE_BARRIER: {
    VertexKind k = n->kind == AMDSYNC_NODE_ACCESS    ? V_ACCESS
                   : n->kind == AMDSYNC_NODE_BARRIER ? V_BARRIER
                   : n->kind == AMDSYNC_NODE_POINT   ? V_PLAIN
                                                     : V_WAIT;
    int x = newVertex(g, k, n);
    addEdge(g, in, x);
    addEdge(g, x, out);
    break;
  }
  case AMDSYNC_NODE_LOOP: {
    AmdsyncSeq *body = n->u.loop.body;
    int *gaps = malloc((size_t)(body->count + 1) * sizeof(int));
    buildSeq(g, body, gaps);
    addEdge(g, in, gaps[0]);
    if (n->u.loop.trips < 0 || n->u.loop.trips > 1)
      addEdge(g, gaps[body->count], gaps[0]); /* back edge */
    addEdge(g, gaps[n->u.loop.exit_after_gap], out);
    if (n->u.loop.may_skip)
      addEdge(g, in, out);
    free(gaps);
    break;
  }
  case AMDSYNC_NODE_BRANCH: {
    for (int a = 0; a < n->u.branch.narms; ++a) {
      AmdsyncSeq *arm = n->u.branch.arms[a];
      int *gaps = malloc((size_t)(arm->count + 1) * sizeof(int));
      buildSeq(g, arm, gaps);
      addEdge(g, in, gaps[0]);
      addEdge(g, gaps[arm->count], out);
      free(gaps);
    }
    if (!n->u.branch.exhaustive)
      addEdge(g, in, out);
    break;
  }
  }
}

static void buildSeq(Graph *g, AmdsyncSeq *s, int *gaps) {
  for (int i = 0; i <= s->count; ++i)
    gaps[i] = newVertex(g, V_PLAIN, NULL);
  for (int i = 0; i < s->count; ++i)
    buildNode(g, s->children[i], gaps[i], gaps[i + 1]);
}

static void freeGraph(Graph *g) {
  for (int i = 0; i < g->nv; ++i)
    free(g->v[i].succ);
  free(g->v);
  free(g->async_open);
}

/*===--- Diagnostics --------------------------------------------------------===*/

static void describeOp(const AmdsyncDiagnostics *d, AmdsyncNode *n, char *buf,
                       int size) {
  if (d && d->describe)
    d->describe(d->ctx, n->origin, buf, size);
  else
    snprintf(buf, (size_t)size, "node %d", n->pos);
}

static void errorAt(const AmdsyncDiagnostics *d, AmdsyncNode *n,
                    const char *msg) {
  if (d && d->error)
    d->error(d->ctx, n->origin, msg);
}

/*===--- Work list -----------------------------------------------------------===*/

/* A FIFO of vertices, each at most once, seeded with every vertex: both data
   flows start from all-empty states and must visit each vertex once. */
typedef struct {
  int *items;
  bool *queued;
  int size; /* one slot more than vertices, so full != empty */
  int head;
  int tail;
} WorkList;

static WorkList workListAll(int nv) {
  WorkList w = {malloc((size_t)(nv + 1) * sizeof(int)),
                calloc((size_t)(nv ? nv : 1), sizeof(bool)), nv + 1, 0, 0};
  for (int x = 0; x < nv; ++x) {
    w.items[w.tail++] = x;
    w.queued[x] = true;
  }
  w.tail %= w.size;
  return w;
}

static bool workListPop(WorkList *w, int *x) {
  if (w->head == w->tail)
    return false;
  *x = w->items[w->head];
  w->head = (w->head + 1) % w->size;
  w->queued[*x] = false;
  return true;
}

static void workListPush(WorkList *w, int x) {
  if (w->queued[x])
    return;
  w->items[w->tail] = x;
  w->tail = (w->tail + 1) % w->size;
  w->queued[x] = true;
}

static void workListFree(WorkList *w) {
  free(w->items);
  free(w->queued);
}

/*===--- Unordered pairs ------------------------------------------------------===*/

typedef uint64_t Word;

/* Whether a barrier vertex orders everything before it with everything
   after it (split signals and waits are handled by the phase analysis and
   the two-set data flow below). */
static bool isFullBarrier(const AmdsyncProgram *p, const AmdsyncNode *b) {
  switch (b->u.barrier.op) {
  case AMDSYNC_BARRIER_FULL:
    return true;
  case AMDSYNC_BARRIER_WAVE:
    return p->single_wave;
  case AMDSYNC_BARRIER_SIGNAL:
  case AMDSYNC_BARRIER_WAIT:
    return false;
  }
  return false;
}

/* Data flow over two bit sets per vertex: `pending` holds accesses not yet
   released by a signal, `signalled` those released by a signal whose wait
   has not come yet. A full barrier clears both; a signal moves pending to
   signalled; a wait clears signalled. An access b is unordered with a when
   a is in either set on entry to b. */
static int checkPairs(Graph *g) {
  AmdsyncProgram *p = g->p;
  int na = p->accesses.count;
  int words = (na + 63) / 64;
  if (words == 0)
    return 0;
  size_t row = (size_t)words;
  Word *pend = calloc((size_t)g->nv * row, sizeof(Word));
  Word *sig = calloc((size_t)g->nv * row, sizeof(Word));
  Word *tp = malloc(row * sizeof(Word));
  Word *ts = malloc(row * sizeof(Word));
  WorkList work = workListAll(g->nv);
  int x;
  while (workListPop(&work, &x)) {
    /* Transfer: out = f(in) */
    memcpy(tp, pend + (size_t)x * row, row * sizeof(Word));
    memcpy(ts, sig + (size_t)x * row, row * sizeof(Word));
    Vertex *vx = &g->v[x];
    if (vx->kind == V_ACCESS) {
      int id = vx->node->id;
      tp[id / 64] |= (Word)1 << (id % 64);
    } else if (vx->kind == V_BARRIER) {
      AmdsyncBarrierOp op = vx->node->u.barrier.op;
      /* An async transfer still outstanding at a barrier is not published
         by it (brief §5): it stays pending. A wave-level ordering point
         publishes nothing: there the wave's own counter wait completes the
         transfer for all its lanes (checked by checkAsync). */
      const Word *open = g->async_open && op != AMDSYNC_BARRIER_WAVE
                             ? g->async_open + (size_t)x * row
                             : NULL;
      if (isFullBarrier(p, vx->node)) {
        for (int w = 0; w < words; ++w) {
          tp[w] &= open ? open[w] : 0;
          ts[w] = 0;
        }
      } else if (op == AMDSYNC_BARRIER_SIGNAL) {
        for (int w = 0; w < words; ++w) {
          Word keep = tp[w] & (open ? open[w] : 0);
          ts[w] |= tp[w] & ~keep;
          tp[w] = keep;
        }
      } else if (op == AMDSYNC_BARRIER_WAIT) {
        memset(ts, 0, row * sizeof(Word));
      }
    }
    for (int s = 0; s < vx->nsucc; ++s) {
      int y = vx->succ[s];
      bool changed = false;
      Word *py = pend + (size_t)y * row, *sy = sig + (size_t)y * row;
      for (int w = 0; w < words; ++w) {
        Word np = py[w] | tp[w], ns = sy[w] | ts[w];
        if (np != py[w] || ns != sy[w]) {
          py[w] = np;
          sy[w] = ns;
          changed = true;
        }
      }
      if (changed)
        workListPush(&work, y);
    }
  }
  /* Report. */
  int bad = 0;
  const AmdsyncDiagnostics *d = g->diag;
  for (int x = 0; x < g->nv; ++x) {
    if (g->v[x].kind != V_ACCESS)
      continue;
    AmdsyncNode *b = g->v[x].node;
    Word *py = pend + (size_t)x * row, *sy = sig + (size_t)x * row;
    for (int w = 0; w < words; ++w) {
      Word m = py[w] | sy[w];
      while (m) {
        int bit = __builtin_ctzll(m);
        m &= m - 1;
        AmdsyncNode *a = p->accesses.items[w * 64 + bit];
        AmdsyncHazardKind k = amdsyncHazardBetween(p, a, b);
        if (k == AMDSYNC_HAZARD_NONE)
          continue;
        bad++;
        char da[256], db[256], msg[800];
        describeOp(d, a, da, sizeof da);
        describeOp(d, b, db, sizeof db);
        const char *res = p->resources[a->u.access.resource].name;
        snprintf(msg, sizeof msg,
                 "amdsync-verify: unordered %s hazard on %s: a path from %s "
                 "reaches this access without crossing a barrier",
                 amdsyncHazardName(k), res, da);
        errorAt(d, b, msg);
        snprintf(msg, sizeof msg,
                 "amdsync-verify: unordered %s hazard on %s: a path from this "
                 "access reaches %s without crossing a barrier",
                 amdsyncHazardName(k), res, db);
        errorAt(d, a, msg);
      }
    }
  }
  free(pend);
  free(sig);
  workListFree(&work);
  free(tp);
  free(ts);
  return bad;
}

/*===--- Completion of asynchronous transfers ------------------------------===*/

enum { kDone = 30000, kCap = 20000 };

/* Forward data flow of ages: per vertex and async operation, the fewest
   operations of its counter issued after it on some path (kDone: complete
   on every path). A counter wait N completes those with age >= N. Fills
   g->async_open and reports same-wave uses of outstanding transfers. */
static int checkAsync(Graph *g) {
  AmdsyncProgram *p = g->p;
  int na = p->async_ops.count;
  if (na == 0)
    return 0;
  int nacc = p->accesses.count;
  g->words = (nacc + 63) / 64;
  int16_t *age = malloc((size_t)g->nv * (size_t)na * sizeof(int16_t));
  for (size_t i = 0; i < (size_t)g->nv * (size_t)na; ++i)
    age[i] = kDone;
  int16_t *cur = malloc((size_t)na * sizeof(int16_t));
  /* Every vertex is visited once: an async operation starts a flow that
     the initial (all-complete) states would not propagate. */
  WorkList work = workListAll(g->nv);
  int x;
  while (workListPop(&work, &x)) {
    memcpy(cur, age + (size_t)x * na, (size_t)na * sizeof(int16_t));
    Vertex *vx = &g->v[x];
    if (vx->kind == V_ACCESS && vx->node->u.access.counter) {
      AmdsyncCounter c = vx->node->u.access.counter;
      for (int i = 0; i < na; ++i) {
        AmdsyncNode *o = p->async_ops.items[i];
        if (cur[i] < kCap && o->u.access.counter == c)
          cur[i]++;
      }
      cur[vx->node->u.access.async_id] = 0;
    } else if (vx->kind == V_WAIT && vx->node->kind == AMDSYNC_NODE_WAIT &&
               vx->node->u.wait.counter) {
      for (int i = 0; i < na; ++i) {
        AmdsyncNode *o = p->async_ops.items[i];
        if (o->u.access.counter == vx->node->u.wait.counter &&
            cur[i] >= vx->node->u.wait.count)
          cur[i] = kDone;
      }
    }
    for (int k = 0; k < vx->nsucc; ++k) {
      int y = vx->succ[k];
      int16_t *ay = age + (size_t)y * na;
      bool changed = false;
      for (int i = 0; i < na; ++i)
        if (cur[i] < ay[i]) {
          ay[i] = cur[i];
          changed = true;
        }
      if (changed)
        workListPush(&work, y);
    }
  }
  g->async_open = calloc((size_t)g->nv * (size_t)g->words, sizeof(uint64_t));
  int bad = 0;
  for (int x = 0; x < g->nv; ++x) {
    int16_t *ax = age + (size_t)x * na;
    for (int i = 0; i < na; ++i) {
      if (ax[i] >= kDone)
        continue;
      AmdsyncNode *o = p->async_ops.items[i];
      g->async_open[(size_t)x * g->words + o->id / 64] |= (uint64_t)1
                                                         << (o->id % 64);
      Vertex *vx = &g->v[x];
      if (vx->kind != V_ACCESS || vx->node->u.access.counter ||
          amdsyncHazardBetween(p, o, vx->node) == AMDSYNC_HAZARD_NONE)
        continue;
      bad++;
      char da[256], msg[600];
      describeOp(g->diag, o, da, sizeof da);
      snprintf(msg, sizeof msg,
               "amdsync-verify: this access may run before the asynchronous "
               "transfer %s completes (no covering s_wait_%s)",
               da, amdsyncCounterName(o->u.access.counter));
      errorAt(g->diag, vx->node, msg);
    }
  }
  free(age);
  free(cur);
  workListFree(&work);
  return bad;
}

/*===--- Divergence -----------------------------------------------------------===*/

static int checkDivergence(Graph *g) {
  AmdsyncProgram *p = g->p;
  int bad = 0;
  for (int i = 0; i < p->barriers.count; ++i) {
    AmdsyncNode *b = p->barriers.items[i];
    if (b->u.barrier.op == AMDSYNC_BARRIER_WAVE)
      continue; /* a wave barrier only orders code motion */
    if (!amdsyncSeqMayDiverge(b->parent))
      continue;
    bad++;
    errorAt(g->diag, b,
            "amdsync-verify: barrier in control flow that may diverge within "
            "the workgroup (waves that skip it never arrive: hang)");
  }
  return bad;
}

/*===--- Split-barrier phase --------------------------------------------------===*/

/* Phase per vertex: bit 0 = reached with no signal outstanding, bit 1 =
   reached with one outstanding. */
static int checkPhases(Graph *g) {
  AmdsyncProgram *p = g->p;
  bool any = false;
  for (int i = 0; i < p->barriers.count; ++i) {
    AmdsyncBarrierOp op = ((AmdsyncNode *)p->barriers.items[i])->u.barrier.op;
    any |= op == AMDSYNC_BARRIER_SIGNAL || op == AMDSYNC_BARRIER_WAIT;
  }
  if (!any)
    return 0;
  unsigned char *phase = calloc((size_t)g->nv, 1);
  int *stack = malloc((size_t)g->nv * 2 * sizeof(int) + sizeof(int));
  int sp = 0;
  phase[g->entry] = 1;
  stack[sp++] = g->entry;
  unsigned char *reported = calloc((size_t)g->nv, 1);
  int bad = 0;
  while (sp) {
    int x = stack[--sp];
    Vertex *vx = &g->v[x];
    unsigned char in = phase[x], out = in;
    if (vx->kind == V_BARRIER) {
      AmdsyncBarrierOp op = vx->node->u.barrier.op;
      if (op == AMDSYNC_BARRIER_SIGNAL) {
        if ((in & 2) && !reported[x]) {
          reported[x] = 1;
          bad++;
          errorAt(g->diag, vx->node,
                  "amdsync-verify: split barrier signal while a signal is "
                  "still outstanding on some path (two signals in a row)");
        }
        out = 2; /* recover: one signal outstanding from here */
      } else if (op == AMDSYNC_BARRIER_WAIT) {
        if ((in & 1) && !reported[x]) {
          reported[x] = 1;
          bad++;
          errorAt(g->diag, vx->node,
                  "amdsync-verify: split barrier wait with no signal before "
                  "it on some path");
        }
        out = 1; /* recover: none outstanding from here */
      } else if (op == AMDSYNC_BARRIER_FULL && (in & 2) && !reported[x]) {
        reported[x] = 1;
        bad++;
        errorAt(g->diag, vx->node,
                "amdsync-verify: barrier while a split signal is outstanding");
      }
    }
    if (!out)
      continue;
    for (int s = 0; s < vx->nsucc; ++s) {
      int y = vx->succ[s];
      if ((phase[y] | out) != phase[y]) {
        phase[y] |= out;
        stack[sp++] = y;
      }
    }
  }
  if (phase[g->exit] & 2) {
    /* Blame the signals from which the function's end is reachable without
       passing a wait (least fixpoint over the graph). */
    bool *free_exit = calloc((size_t)g->nv, sizeof(bool));
    free_exit[g->exit] = true;
    for (bool changed = true; changed;) {
      changed = false;
      for (int x = g->nv - 1; x >= 0; --x) {
        Vertex *vx = &g->v[x];
        if (free_exit[x] || (vx->kind == V_BARRIER &&
                             vx->node->u.barrier.op == AMDSYNC_BARRIER_WAIT))
          continue;
        for (int k = 0; k < vx->nsucc; ++k)
          if (free_exit[vx->succ[k]]) {
            free_exit[x] = changed = true;
            break;
          }
      }
    }
    for (int x = 0; x < g->nv; ++x) {
      Vertex *vx = &g->v[x];
      if (vx->kind != V_BARRIER ||
          vx->node->u.barrier.op != AMDSYNC_BARRIER_SIGNAL || !phase[x])
        continue;
      bool orphan = false;
      for (int k = 0; k < vx->nsucc; ++k)
        orphan |= free_exit[vx->succ[k]];
      if (!orphan)
        continue;
      bad++;
      errorAt(g->diag, vx->node,
              "amdsync-verify: split barrier signal may reach the end of "
              "the function without its wait (orphan signal)");
    }
    free(free_exit);
  }
  free(phase);
  free(stack);
  free(reported);
  return bad;
}

AmdsyncCheckResult amdsyncCheck(AmdsyncProgram *p,
                                const AmdsyncDiagnostics *diag) {
  AmdsyncCheckResult r;
  memset(&r, 0, sizeof r);
  amdsyncProgramFinalize(p);
  Graph g;
  memset(&g, 0, sizeof g);
  g.p = p;
  g.diag = diag;
  int *gaps = malloc((size_t)(p->body->count + 1) * sizeof(int));
  buildSeq(&g, p->body, gaps);
  g.entry = gaps[0];
  g.exit = gaps[p->body->count];
  free(gaps);
  r.async_errors = checkAsync(&g);
  r.unordered_pairs = checkPairs(&g);
  r.divergent_barriers = checkDivergence(&g);
  r.split_errors = checkPhases(&g);
  freeGraph(&g);
  return r;
}
