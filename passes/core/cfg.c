/*===- cfg.c - Building and analyzing the control-flow graph ---------------===*
 *
 * Owns the graph's constructors and the facts computed once per function:
 *
 *  - reverse post-order (iterative depth-first search);
 *  - dominators and post-dominators (Cooper, Harvey and Kennedy, "A Simple,
 *    Fast Dominance Algorithm"), the latter on the reversed graph with a
 *    virtual exit that every return block and every block that cannot
 *    return (an endless loop) reaches;
 *  - the loop-nesting forest by nested strongly connected components
 *    (Ramalingam, "On Loops, Dominators, and Dominance Frontiers"): each
 *    non-trivial SCC is a loop, its entries are its headers (several: an
 *    irreducible loop), and removing the edges into its headers from inside
 *    exposes the loops nested in it;
 *  - execution weights: the product of the enclosing loops' body trips
 *    (AMDSYNC_UNKNOWN_TRIPS when unknown); a header that also exits its
 *    loop (a test at the top, a `while` condition) runs once more;
 *  - divergence: a block is divergent when it is control dependent on a
 *    branch whose condition is not uniform, or on any branch in a
 *    divergent block (waves that took different ways do not all reach it:
 *    spec/amdgpu-execution-synchronization.txt, barriers are convergent).
 *
 * No recursion: every walk keeps an explicit stack.
 *===----------------------------------------------------------------------===*/
#include "amdsync/cfg.h"

#include <assert.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*===--- Construction ---------------------------------------------------------===*/

AmdsyncCfg *amdsyncCfgCreate(AmdsyncProgram *p) {
  assert(!p->cfg);
  AmdsyncCfg *g = amdsyncArenaAlloc(p->arena, sizeof(AmdsyncCfg));
  g->program = p;
  p->cfg = g;
  return g;
}

AmdsyncBlock *amdsyncCfgAddBlock(AmdsyncCfg *g) {
  assert(!g->analyzed);
  AmdsyncArena *arena = g->program->arena;
  AmdsyncBlock *b = amdsyncArenaAlloc(arena, sizeof(AmdsyncBlock));
  b->id = g->nblocks;
  b->trips = AMDSYNC_TRIPS_UNSTATED;
  b->branch_uniform = true;
  b->placeable = true;
  b->idom = b->ipdom = b->loop = b->rpo = b->heads = -1;
  g->blocks = amdsyncArenaGrow(arena, g->blocks, g->nblocks, &g->capblocks,
                               sizeof(AmdsyncBlock *));
  g->blocks[g->nblocks++] = b;
  if (!g->entry)
    g->entry = b;
  return b;
}

void amdsyncBlockAppend(AmdsyncCfg *g, AmdsyncBlock *b, AmdsyncNode *n) {
  assert(!g->analyzed);
  b->ops = amdsyncArenaGrow(g->program->arena, b->ops, b->nops, &b->capops,
                            sizeof(AmdsyncNode *));
  n->block = b;
  n->bindex = b->nops;
  n->work_before = b->work_end;
  b->work_end = false;
  b->ops[b->nops++] = n;
}

void amdsyncBlockNoteWork(AmdsyncCfg *g, AmdsyncBlock *b) {
  assert(!g->analyzed);
  (void)g;
  b->work_end = true;
}

bool amdsyncCfgGapHasWork(const AmdsyncCfg *g, int gap) {
  const AmdsyncBlock *b = amdsyncCfgGapBlock(g, gap);
  int k = gap - b->first_gap;
  return k < b->nops ? b->ops[k]->work_before : b->work_end;
}

void amdsyncCfgAddEdge(AmdsyncCfg *g, AmdsyncBlock *from, AmdsyncBlock *to) {
  assert(!g->analyzed);
  AmdsyncArena *arena = g->program->arena;
  from->succ = amdsyncArenaGrow(arena, from->succ, from->nsucc,
                                &from->capsucc, sizeof(AmdsyncBlock *));
  from->succ[from->nsucc++] = to;
  to->pred = amdsyncArenaGrow(arena, to->pred, to->npred, &to->cappred,
                              sizeof(AmdsyncBlock *));
  to->pred[to->npred++] = from;
}

void amdsyncBlockSetBranch(AmdsyncCfg *g, AmdsyncBlock *b, void *origin,
                           bool uniform) {
  assert(!g->analyzed);
  (void)g;
  b->branch_origin = origin;
  b->branch_uniform = uniform;
}

void amdsyncBlockSetPlaceable(AmdsyncCfg *g, AmdsyncBlock *b, bool placeable) {
  assert(!g->analyzed);
  (void)g;
  b->placeable = placeable;
}

void amdsyncBlockAddGuards(AmdsyncCfg *g, AmdsyncBlock *b,
                           const AmdsyncGuard *guards, int n) {
  assert(!g->analyzed && n >= 0);
  if (n == 0)
    return;
  for (int i = 0; i < n; ++i) {
    const AmdsyncGuard *guard = &guards[i];
    assert(guard->dim >= 0 && guard->dim < 3);
    int edges = 0;
    for (int k = 0; k < b->nsucc; ++k)
      edges += b->succ[k] == guard->to;
    assert(edges == 1); /* the edge exists, and it alone leads there */
    (void)edges;
    (void)guard;
  }
  if (b->nguards + n > b->capguards) {
    AmdsyncGuard *grown = amdsyncArenaAlloc(
        g->program->arena, (size_t)(b->nguards + n) * sizeof(AmdsyncGuard));
    if (b->nguards)
      memcpy(grown, b->guards, (size_t)b->nguards * sizeof(AmdsyncGuard));
    b->guards = grown;
    b->capguards = b->nguards + n;
  }
  memcpy(b->guards + b->nguards, guards, (size_t)n * sizeof(AmdsyncGuard));
  b->nguards += n;
}

void amdsyncBlockSetTrips(AmdsyncCfg *g, AmdsyncBlock *b, int64_t trips) {
  assert(!g->analyzed && trips >= -1);
  (void)g;
  b->trips = trips;
}

AmdsyncLoopEdits amdsyncCfgCountLoop(AmdsyncCfg *g, AmdsyncBlock *header,
                                     AmdsyncBlock *body, int64_t trips,
                                     AmdsyncLoopTest test, bool body_alone) {
  assert(!g->analyzed && trips >= 0);
  AmdsyncLoopEdits e = {false, false, false};
  if (test == AMDSYNC_LOOP_BOTTOM_TESTED) {
    assert(trips >= 1); /* the body runs before the first test */
    amdsyncBlockSetTrips(g, header, trips);
    e.drop_back_edge = trips == 1;
    return e;
  }
  assert(body && body != header);
  if (trips == 0) {
    e.drop_body_entry = true; /* the body never runs */
    return e;
  }
  if (!body_alone || header->nops != 0) {
    amdsyncBlockSetTrips(g, header, trips); /* n + 1 tests */
    return e;
  }
  e.enter_body = true;            /* the first test passes */
  e.drop_body_entry = trips == 1; /* no later test passes */
  amdsyncBlockSetTrips(g, body, trips);
  amdsyncBlockSetPlaceable(g, header, false); /* no longer runs first */
  return e;
}

/*===--- Scratch ------------------------------------------------------------===*/

static int *intArray(AmdsyncCfg *g, int n, int fill) {
  int *a = amdsyncArenaAlloc(g->program->arena,
                             (size_t)(n > 0 ? n : 1) * sizeof(int));
  for (int i = 0; i < n; ++i)
    a[i] = fill;
  return a;
}

/*===--- Gaps and reverse post-order -------------------------------------------===*/

static void numberGaps(AmdsyncCfg *g) {
  int ngaps = 0;
  for (int i = 0; i < g->nblocks; ++i) {
    AmdsyncBlock *b = g->blocks[i];
    b->first_gap = ngaps;
    assert(ngaps <= INT32_MAX - b->nops - 1);
    ngaps += b->nops + 1;
    if (!b->anchors)
      b->anchors = amdsyncArenaAlloc(
          g->program->arena, (size_t)(b->nops + 1) * sizeof(AmdsyncGapAnchor));
  }
  g->ngaps = ngaps;
  g->gap_block = amdsyncArenaAlloc(
      g->program->arena, (size_t)(ngaps ? ngaps : 1) * sizeof(AmdsyncBlock *));
  for (int i = 0; i < g->nblocks; ++i)
    for (int k = 0; k <= g->blocks[i]->nops; ++k)
      g->gap_block[g->blocks[i]->first_gap + k] = g->blocks[i];
}

/* Post-order of the blocks reachable from `root` over `next` edges (succ or
   pred lists, chosen by `forward`), into `order`; returns the count. */
static int postOrder(AmdsyncCfg *g, int root, bool forward, int *order,
                     int *extra_succ, int nextra) {
  int n = g->nblocks;
  int *stack = intArray(g, n + 1, 0), *next = intArray(g, n + 1, 0);
  char *seen = amdsyncArenaAlloc(g->program->arena, (size_t)n + 1);
  int sp = 0, count = 0;
  stack[sp++] = root;
  seen[root] = 1;
  const int *at = forward ? g->succ_at : g->pred_at;
  const int *ids = forward ? g->succ_ids : g->pred_ids;
  while (sp) {
    int x = stack[sp - 1];
    int deg = x < n ? at[x + 1] - at[x] : nextra;
    if (next[x] < deg) {
      int k = next[x]++;
      int y = x < n ? ids[at[x] + k] : extra_succ[k];
      if (!seen[y]) {
        seen[y] = 1;
        stack[sp++] = y;
      }
      continue;
    }
    order[count++] = x;
    sp--;
  }
  return count;
}

static void computeRpo(AmdsyncCfg *g) {
  int n = g->nblocks;
  int *post = intArray(g, n, 0);
  int count = postOrder(g, g->entry->id, true, post, NULL, 0);
  g->rpo_order = intArray(g, count, 0);
  for (int i = 0; i < count; ++i) {
    int id = post[count - 1 - i];
    g->rpo_order[i] = id;
    g->blocks[id]->rpo = i;
  }
  g->nreachable = count;
}

/*===--- Dominators -----------------------------------------------------------===*/

/* Cooper-Harvey-Kennedy on a graph given by `order` (reverse post-order of
   the nodes from the root), `rank` (each node's index in it, -1: not
   reached) and predecessor lists; fills idom (the root is its own). */
typedef struct {
  int count;
  const int *order;
  const int *rank;
  /* Reversed graph: node nblocks is the virtual exit, the predecessors of
     a block are its successors, plus the exit for blocks in `to_exit`. */
  bool reverse;
  const char *to_exit;
} DomProblem;

static int npreds(const AmdsyncCfg *g, const DomProblem *d, int x) {
  if (!d->reverse)
    return g->pred_at[x + 1] - g->pred_at[x];
  if (x == g->nblocks)
    return 0;
  return g->succ_at[x + 1] - g->succ_at[x] + (d->to_exit[x] ? 1 : 0);
}

static int predAt(const AmdsyncCfg *g, const DomProblem *d, int x, int k) {
  if (!d->reverse)
    return g->pred_ids[g->pred_at[x] + k];
  int nsucc = g->succ_at[x + 1] - g->succ_at[x];
  return k < nsucc ? g->succ_ids[g->succ_at[x] + k] : g->nblocks;
}

static int intersect(const int *idom, const int *rank, int a, int b) {
  while (a != b) {
    while (rank[a] > rank[b])
      a = idom[a];
    while (rank[b] > rank[a])
      b = idom[b];
  }
  return a;
}

static void solveDominators(const AmdsyncCfg *g, const DomProblem *d,
                            int *idom) {
  int root = d->order[0];
  idom[root] = root;
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 1; i < d->count; ++i) {
      int x = d->order[i];
      int nd = -1;
      for (int k = 0, np = npreds(g, d, x); k < np; ++k) {
        int p = predAt(g, d, x, k);
        if (d->rank[p] < 0 || idom[p] < 0)
          continue;
        nd = nd < 0 ? p : intersect(idom, d->rank, p, nd);
      }
      if (nd != idom[x]) {
        idom[x] = nd;
        changed = true;
      }
    }
  }
}

static void computeDominators(AmdsyncCfg *g) {
  int n = g->nblocks;
  int *rank = intArray(g, n, -1), *idom = intArray(g, n, -1);
  for (int i = 0; i < g->nreachable; ++i)
    rank[g->rpo_order[i]] = i;
  DomProblem d = {g->nreachable, g->rpo_order, rank, false, NULL};
  solveDominators(g, &d, idom);
  for (int i = 0; i < n; ++i)
    g->blocks[i]->idom = (i == g->entry->id || rank[i] < 0) ? -1 : idom[i];
}

/* Reverse reachability from the exits; a block that reaches no exit gets
   a virtual edge to the exit (the standard treatment of endless loops), in
   reverse post-order so that one edge per endless region suffices. */
static void computePostDominators(AmdsyncCfg *g) {
  int n = g->nblocks;
  char *to_exit = amdsyncArenaAlloc(g->program->arena, (size_t)n + 1);
  int *exits = intArray(g, n + 1, 0);
  int nexits = 0;
  for (int i = 0; i < g->nreachable; ++i) {
    int x = g->rpo_order[i];
    if (g->blocks[x]->nsucc == 0) {
      to_exit[x] = 1;
      exits[nexits++] = x;
    }
  }
  int *post = intArray(g, n + 1, 0);
  int count = 0;
  for (;;) {
    count = postOrder(g, n, false, post, exits, nexits);
    int from_entry = 0;
    for (int i = 0; i < count; ++i)
      from_entry += post[i] != n && g->blocks[post[i]]->rpo >= 0;
    if (from_entry == g->nreachable)
      break;
    /* Some reachable block reaches no exit: connect the last one in
       reverse post-order that is missing (it is inside an endless
       region) and try again. */
    char *reached = amdsyncArenaAlloc(g->program->arena, (size_t)n + 1);
    for (int i = 0; i < count; ++i)
      reached[post[i]] = 1;
    int pick = -1;
    for (int i = g->nreachable - 1; i >= 0 && pick < 0; --i)
      if (!reached[g->rpo_order[i]])
        pick = g->rpo_order[i];
    assert(pick >= 0);
    to_exit[pick] = 1;
    exits[nexits++] = pick;
  }
  /* Only the blocks reachable from the entry take part. */
  int *order = intArray(g, count, 0), *rank = intArray(g, n + 1, -1);
  int m = 0;
  for (int i = count - 1; i >= 0; --i) {
    int x = post[i];
    if (x == n || g->blocks[x]->rpo >= 0) {
      rank[x] = m;
      order[m++] = x;
    }
  }
  int *ipdom = intArray(g, n + 1, -1);
  DomProblem d = {m, order, rank, true, to_exit};
  solveDominators(g, &d, ipdom);
  for (int i = 0; i < n; ++i)
    g->blocks[i]->ipdom = (rank[i] < 0 || ipdom[i] == n) ? -1 : ipdom[i];
}

/* Pre/post numbers of a tree given by parent links (parent -1: a root),
   for O(1) ancestor tests. */
static void numberTree(AmdsyncCfg *g, int (*parentOf)(const AmdsyncBlock *),
                       int **pre_out, int **post_out) {
  int n = g->nblocks;
  int *first = intArray(g, n + 1, 0), *child = intArray(g, n, 0);
  for (int i = 0; i < n; ++i) {
    int p = parentOf(g->blocks[i]);
    first[p < 0 ? n : p]++;
  }
  int sum = 0;
  for (int i = 0; i <= n; ++i) {
    int c = first[i];
    first[i] = sum;
    sum += c;
  }
  int *fill = intArray(g, n + 1, 0);
  for (int i = 0; i <= n; ++i)
    fill[i] = first[i];
  for (int i = 0; i < n; ++i) {
    int p = parentOf(g->blocks[i]);
    child[fill[p < 0 ? n : p]++] = i;
  }
  int *pre = intArray(g, n, -1), *post = intArray(g, n, -1);
  int *stack = intArray(g, n + 1, 0), *next = intArray(g, n + 1, 0);
  int clock = 0;
  /* Children of the virtual root n are the tree roots. */
  int sp = 0;
  stack[sp++] = n;
  next[n] = first[n];
  while (sp) {
    int x = stack[sp - 1];
    int end = x == n ? sum : fill[x];
    if (next[x] < end) {
      int y = child[next[x]++];
      pre[y] = clock++;
      next[y] = first[y];
      stack[sp++] = y;
      continue;
    }
    if (x < n)
      post[x] = clock++;
    sp--;
  }
  *pre_out = pre;
  *post_out = post;
}

static int idomOf(const AmdsyncBlock *b) { return b->idom; }
static int ipdomOf(const AmdsyncBlock *b) { return b->ipdom; }

bool amdsyncCfgDominates(const AmdsyncCfg *g, int a, int b) {
  return g->dom_pre[a] <= g->dom_pre[b] && g->dom_post[b] <= g->dom_post[a];
}

bool amdsyncCfgPostDominates(const AmdsyncCfg *g, int a, int b) {
  return g->pdom_pre[a] <= g->pdom_pre[b] &&
         g->pdom_post[b] <= g->pdom_post[a];
}

/*===--- Loop-nesting forest -------------------------------------------------===*/

enum { kNoLoop = -2 };

typedef struct {
  AmdsyncCfg *g;
  int *header_of; /* block -> loop it heads, or kNoLoop */
  int **members;  /* loop -> its blocks, in reverse post-order */
  int *nmembers;
  int *index, *low, *epoch, *stack, *calls, *next;
  char *on_stack;
  int cur_epoch;
} Forest;

static int newLoop(AmdsyncCfg *g, int parent) {
  g->loops = amdsyncArenaGrow(g->program->arena, g->loops, g->nloops,
                              &g->caploops, sizeof(AmdsyncLoop));
  AmdsyncLoop *l = &g->loops[g->nloops];
  memset(l, 0, sizeof *l);
  l->parent = parent;
  l->depth = parent < 0 ? 1 : g->loops[parent].depth + 1;
  l->header = -1;
  l->trips = -1;
  return g->nloops++;
}

/* Edge x -> y stays inside loop `in` (the set being split) unless y heads
   `in` (a back edge). */
static bool insideEdge(const Forest *f, int in, int y) {
  const AmdsyncBlock *b = f->g->blocks[y];
  return b->rpo >= 0 && b->loop == in && f->header_of[y] != in;
}

/* Creates a loop for the SCC on the Tarjan stack above position `base`
   when it is non-trivial. */
static void emitScc(Forest *f, int in, int root, int *sp, int *pending,
                    int *npending) {
  AmdsyncCfg *g = f->g;
  int base = *sp;
  while (f->stack[base - 1] != root)
    base--;
  base--;
  int size = *sp - base;
  bool self = false;
  if (size == 1) {
    AmdsyncBlock *b = g->blocks[root];
    for (int k = 0; k < b->nsucc && !self; ++k)
      self = b->succ[k]->id == root && insideEdge(f, in, root);
  }
  for (int i = base; i < *sp; ++i)
    f->on_stack[f->stack[i]] = 0;
  if (size > 1 || self) {
    int L = newLoop(g, in);
    for (int i = base; i < *sp; ++i)
      g->blocks[f->stack[i]]->loop = L;
    for (int i = base; i < *sp; ++i) {
      AmdsyncBlock *b = g->blocks[f->stack[i]];
      bool entry = b == g->entry;
      for (int k = 0; k < b->npred && !entry; ++k)
        entry = b->pred[k]->rpo >= 0 && b->pred[k]->loop != L;
      if (!entry)
        continue;
      f->header_of[b->id] = L;
      b->heads = L;
      if (g->loops[L].header < 0)
        g->loops[L].header = b->id;
      g->loops[L].nheaders++;
    }
    assert(g->loops[L].header >= 0);
    f->members[L] = amdsyncArenaAlloc(g->program->arena,
                                      (size_t)size * sizeof(int));
    f->nmembers[L] = size;
    for (int i = base; i < *sp; ++i)
      f->members[L][i - base] = f->stack[i];
    pending[(*npending)++] = L;
  }
  *sp = base;
}

/* Tarjan's algorithm, iteratively, over the blocks whose innermost loop is
   `in` (-1: the whole reachable graph). */
static void splitLoop(Forest *f, int in, const int *blocks, int nblocks,
                      int *pending, int *npending) {
  AmdsyncCfg *g = f->g;
  f->cur_epoch++;
  int clock = 0, sp = 0;
  for (int i = 0; i < nblocks; ++i) {
    int r = blocks[i];
    if (f->epoch[r] == f->cur_epoch)
      continue;
    int csp = 0;
    f->calls[csp++] = r;
    f->epoch[r] = f->cur_epoch;
    f->index[r] = f->low[r] = clock++;
    f->next[r] = 0;
    f->stack[sp++] = r;
    f->on_stack[r] = 1;
    while (csp) {
      int x = f->calls[csp - 1];
      AmdsyncBlock *b = g->blocks[x];
      if (f->next[x] < b->nsucc) {
        int y = b->succ[f->next[x]++]->id;
        if (!insideEdge(f, in, y))
          continue;
        if (f->epoch[y] != f->cur_epoch) {
          f->epoch[y] = f->cur_epoch;
          f->index[y] = f->low[y] = clock++;
          f->next[y] = 0;
          f->stack[sp++] = y;
          f->on_stack[y] = 1;
          f->calls[csp++] = y;
        } else if (f->on_stack[y] && f->index[y] < f->low[x]) {
          f->low[x] = f->index[y];
        }
        continue;
      }
      csp--;
      if (csp && f->low[x] < f->low[f->calls[csp - 1]])
        f->low[f->calls[csp - 1]] = f->low[x];
      if (f->low[x] == f->index[x])
        emitScc(f, in, x, &sp, pending, npending);
    }
  }
}

/* Pre/post numbers of the loop-nesting forest, so that amdsyncCfgLoopWithin
   is two comparisons, not a walk up the nest (it runs for every pending
   producer at every edge and consumer: 24% of the barrier pass on 32-deep
   nests). A parent is created before its children (splitLoop). */
static void numberLoops(AmdsyncCfg *g) {
  int nl = g->nloops;
  if (nl == 0)
    return;
  int *first = intArray(g, nl + 1, -1), *next = intArray(g, nl, -1);
  int *stack = intArray(g, nl + 1, 0), *cursor = intArray(g, nl, -1);
  for (int L = nl - 1; L >= 0; --L) {
    int P = g->loops[L].parent;
    assert(P < L);
    int slot = P >= 0 ? P : nl;
    next[L] = first[slot];
    first[slot] = L;
  }
  int clock = 0;
  for (int root = first[nl]; root >= 0; root = next[root]) {
    int sp = 0;
    stack[sp++] = root;
    g->loops[root].pre = clock++;
    cursor[root] = first[root];
    while (sp) {
      int L = stack[sp - 1];
      int child = cursor[L];
      if (child >= 0) {
        cursor[L] = next[child];
        g->loops[child].pre = clock++;
        cursor[child] = first[child];
        stack[sp++] = child;
        continue;
      }
      g->loops[L].post = clock++;
      sp--;
    }
  }
}

/* The root of `x`'s set (union-find, path halving). */
static int findSet(int *uf, int x) {
  while (uf[x] != x) {
    uf[x] = uf[uf[x]];
    x = uf[x];
  }
  return x;
}

/* The loop-nesting forest in near-linear time when the reachable graph is
   reducible: one depth-first search from the entry, taking successors in
   order, finds every retreating edge going to a block that dominates its
   source. Each loop is then the natural loop of its one header: the
   blocks that reach an edge into the header without passing it, found by
   walking back over the loops already found inside it (union-find, as in
   Havlak's scheme), innermost first (headers in reverse preorder).
   splitLoop's recursion gives the same forest and the same numbers: at
   every level its strongly connected components are these loops, each
   entered at its header only, and it creates them in the order their
   headers finish in this search (a search restricted to one loop visits
   the loop's blocks in the order the whole search does: nothing outside
   leads back in but through the header), numbering a loop's children
   when it splits that loop, the loops still to split taken last-in
   first-out. False, with nothing written, on an irreducible graph. */
static bool reducibleForest(AmdsyncCfg *g) {
  int n = g->nblocks;
  int *pre = intArray(g, n, -1), *last = intArray(g, n, -1);
  int *finish = intArray(g, n, -1), *order = intArray(g, n, 0);
  int *stack = intArray(g, n, 0), *next = intArray(g, n, 0);
  int clock = 0, fclock = 0, sp = 0, root = g->entry->id;
  pre[root] = clock;
  order[clock++] = root;
  stack[sp++] = root;
  while (sp) {
    int x = stack[sp - 1];
    if (next[x] < g->succ_at[x + 1] - g->succ_at[x]) {
      int y = g->succ_ids[g->succ_at[x] + next[x]++];
      if (pre[y] < 0) {
        pre[y] = clock;
        order[clock++] = y;
        stack[sp++] = y;
      } else if (finish[y] < 0 && !amdsyncCfgDominates(g, y, x)) {
        return false; /* a retreating edge into a cycle of two entries */
      }
      continue;
    }
    last[x] = clock - 1;
    finish[x] = fclock++;
    sp--;
  }
  assert(clock == g->nreachable);
  /* Natural loops, innermost first: `inner` the innermost header of each
     block, `outer` the enclosing header of each header (-1: none). */
  int *uf = intArray(g, n, 0), *mark = intArray(g, n, -1);
  int *inner = intArray(g, n, -1), *outer = intArray(g, n, -1);
  int *work = stack;
  for (int x = 0; x < n; ++x)
    uf[x] = x;
  for (int i = clock - 1; i >= 0; --i) {
    int w = order[i], nw = 0;
    bool self = false;
    for (int k = g->pred_at[w]; k < g->pred_at[w + 1]; ++k) {
      int v = g->pred_ids[k];
      if (pre[v] < pre[w] || pre[v] > last[w])
        continue; /* not from w's subtree: no edge back */
      if (v == w) {
        self = true;
        continue;
      }
      int r = findSet(uf, v);
      if (mark[r] != w) {
        mark[r] = w;
        work[nw++] = r;
      }
    }
    if (nw == 0 && !self)
      continue;
    for (int j = 0; j < nw; ++j) {
      int x = work[j];
      for (int k = g->pred_at[x]; k < g->pred_at[x + 1]; ++k) {
        int y = g->pred_ids[k];
        if (pre[y] < 0)
          continue; /* unreachable */
        int r = findSet(uf, y);
        assert(pre[r] >= pre[w] && pre[r] <= last[w]); /* w dominates r */
        if (r == w || mark[r] == w)
          continue;
        mark[r] = w;
        work[nw++] = r;
      }
    }
    for (int j = 0; j < nw; ++j) {
      int x = work[j];
      uf[x] = w;
      if (inner[x] == x)
        outer[x] = w; /* a header found earlier: a child */
      else
        inner[x] = w;
    }
    inner[w] = w;
  }
  /* Children in the order their headers finish, then numbers as
     splitLoop gives them. */
  int *by_finish = intArray(g, n, -1);
  for (int x = 0; x < n; ++x)
    if (inner[x] == x)
      by_finish[finish[x]] = x;
  int *first = intArray(g, n + 1, -1), *tail = intArray(g, n + 1, -1);
  int *sibling = intArray(g, n, -1);
  for (int t = 0; t < fclock; ++t) {
    int h = by_finish[t];
    if (h < 0)
      continue;
    int slot = outer[h] >= 0 ? outer[h] : n;
    if (tail[slot] < 0)
      first[slot] = h;
    else
      sibling[tail[slot]] = h;
    tail[slot] = h;
  }
  int *id = intArray(g, n, -1), *pending = stack, np = 0;
  for (int parent = n, P = -1;;) {
    for (int h = first[parent]; h >= 0; h = sibling[h]) {
      int L = newLoop(g, P);
      id[h] = L;
      g->loops[L].header = h;
      g->loops[L].nheaders = 1;
      g->blocks[h]->heads = L;
      pending[np++] = h;
    }
    if (np == 0)
      break;
    parent = pending[--np];
    P = id[parent];
  }
  for (int x = 0; x < n; ++x)
    if (inner[x] >= 0)
      g->blocks[x]->loop = id[inner[x]];
  return true;
}

/* The forest level by level (splitLoop), for any graph. */
static void splitForest(AmdsyncCfg *g) {
  int n = g->nblocks;
  Forest f;
  memset(&f, 0, sizeof f);
  f.g = g;
  f.header_of = intArray(g, n, kNoLoop);
  /* At most one loop per block: a loop's SCC loses its headers. */
  f.members = amdsyncArenaAlloc(g->program->arena,
                                (size_t)(n + 1) * sizeof(int *));
  f.nmembers = intArray(g, n + 1, 0);
  f.index = intArray(g, n, 0);
  f.low = intArray(g, n, 0);
  f.epoch = intArray(g, n, 0);
  f.stack = intArray(g, n, 0);
  f.calls = intArray(g, n, 0);
  f.next = intArray(g, n, 0);
  f.on_stack = amdsyncArenaAlloc(g->program->arena, (size_t)n + 1);
  /* Loops still to split, as a stack; each block's `loop` is the innermost
     loop found so far. */
  int cap = n + 1;
  int *pending = intArray(g, cap, 0);
  int npending = 0;
  splitLoop(&f, -1, g->rpo_order, g->nreachable, pending, &npending);
  while (npending) {
    int L = pending[--npending];
    splitLoop(&f, L, f.members[L], f.nmembers[L], pending, &npending);
  }
}

#ifndef NDEBUG
/* Asserts that reducibleForest's forest is splitLoop's. */
static void checkForest(AmdsyncCfg *g) {
  int nl = g->nloops, n = g->nblocks;
  AmdsyncLoop *loops = malloc((size_t)(nl + 1) * sizeof *loops);
  int *blocks = malloc((size_t)(2 * n + 1) * sizeof *blocks);
  if (nl > 0)
    memcpy(loops, g->loops, (size_t)nl * sizeof *loops);
  for (int x = 0; x < n; ++x) {
    blocks[2 * x] = g->blocks[x]->loop;
    blocks[2 * x + 1] = g->blocks[x]->heads;
    g->blocks[x]->loop = g->blocks[x]->heads = -1;
  }
  g->nloops = 0;
  splitForest(g);
  assert(g->nloops == nl);
  for (int L = 0; L < nl; ++L)
    assert(g->loops[L].parent == loops[L].parent &&
           g->loops[L].depth == loops[L].depth &&
           g->loops[L].header == loops[L].header &&
           g->loops[L].nheaders == loops[L].nheaders);
  for (int x = 0; x < n; ++x)
    assert(g->blocks[x]->loop == blocks[2 * x] &&
           g->blocks[x]->heads == blocks[2 * x + 1]);
  free(loops);
  free(blocks);
}
#endif

static void computeLoops(AmdsyncCfg *g) {
  if (reducibleForest(g)) {
#ifndef NDEBUG
    checkForest(g);
#endif
  } else {
    splitForest(g);
  }
  /* Trip counts: a reducible loop takes its header's statement. */
  for (int L = 0; L < g->nloops; ++L) {
    AmdsyncLoop *l = &g->loops[L];
    int64_t t = g->blocks[l->header]->trips;
    l->trips = (l->nheaders == 1 && t >= 0) ? t : -1;
  }
  numberLoops(g);
}

static double tripFactor(int64_t trips) {
  if (trips < 0)
    return AMDSYNC_UNKNOWN_TRIPS;
  return trips < 1 ? 1.0 : (double)trips;
}

static void computeWeights(AmdsyncCfg *g) {
  for (int i = 0; i < g->nblocks; ++i) {
    AmdsyncBlock *b = g->blocks[i];
    if (b->rpo < 0) {
      b->weight = 0;
      continue;
    }
    double w = 1.0;
    for (int L = b->loop; L >= 0; L = g->loops[L].parent) {
      const AmdsyncLoop *l = &g->loops[L];
      double f = tripFactor(l->trips);
      if (l->header == b->id) {
        bool exits = false;
        for (int k = 0; k < b->nsucc && !exits; ++k)
          exits = !amdsyncCfgLoopWithin(g, b->succ[k]->loop, L);
        if (exits)
          f += 1.0;
      }
      w *= f;
      if (w > 1e300)
        w = 1e300;
    }
    b->weight = w;
  }
}

/*===--- Divergence ------------------------------------------------------------===*/

/* Blocks control dependent on branch x: for each successor s, the blocks on
   the post-dominator tree path from s up to (excluding) ipdom(x). */
static void computeDivergence(AmdsyncCfg *g) {
  int n = g->nblocks;
  for (int i = 0; i < n; ++i)
    g->blocks[i]->diverged_by = -1;
  int *work = intArray(g, n, 0);
  char *queued = amdsyncArenaAlloc(g->program->arena, (size_t)n + 1);
  int nwork = 0;
  for (int i = 0; i < g->nreachable; ++i) {
    AmdsyncBlock *b = g->blocks[g->rpo_order[i]];
    if (b->nsucc >= 2 && !b->branch_uniform) {
      work[nwork++] = b->id;
      queued[b->id] = 1;
    }
  }
  while (nwork) {
    AmdsyncBlock *x = g->blocks[work[--nwork]];
    for (int k = 0; k < x->nsucc; ++k) {
      int r = x->succ[k]->id;
      while (r >= 0 && r != x->ipdom) {
        AmdsyncBlock *y = g->blocks[r];
        if (!y->divergent) {
          y->divergent = true;
          y->diverged_by = x->id;
          amdsyncTrace(g->program->trace, AMDSYNC_TRACE_UNIFORMITY,
                       "block %d divergent: control dependent on the %s "
                       "branch of block %d",
                       r, x->branch_uniform ? "(divergent) uniform" : "divergent",
                       x->id);
          if (y->nsucc >= 2 && !queued[r]) {
            queued[r] = 1;
            work[nwork++] = r;
          }
        }
        r = y->ipdom;
      }
    }
  }
}

bool amdsyncCfgGapPlaceable(const AmdsyncCfg *g, int gap, bool allow_divergent) {
  const AmdsyncBlock *b = amdsyncCfgGapBlock(g, gap);
  if (b->rpo < 0 || !b->placeable)
    return false;
  /* A wave-level ordering point is no signal: it may go where one of the
     input is outstanding. */
  if (!allow_divergent && g->gap_open && g->gap_open[gap])
    return false;
  return allow_divergent || !b->divergent;
}

/*===--- Work order: reverse post-order, each loop contiguous -------------===*/

typedef struct {
  int key;  /* rpo of a block, or the least rpo of a loop's blocks */
  int item; /* block id, or -(loop index) - 1 */
} OrderItem;

static int orderItemCompare(const void *x, const void *y) {
  const OrderItem *a = x, *b = y;
  return (a->key > b->key) - (a->key < b->key);
}

/* The order the work list pops blocks in (Bourdoncle's weak topological
   order, on the loop-nesting forest): reverse post-order, except that a
   loop's blocks follow each other, placed where its first block is. So a
   forward data flow settles each loop before it runs past the loop's
   exits: what the exits pass on is what the loop's fixpoint holds, not an
   early guess (hazards.c relies on it to merge producers where they meet
   once, not at some later block). */
static void computeWorkOrder(AmdsyncCfg *g) {
  int nl = g->nloops, nb = g->nblocks;
  int *loop_key = malloc(((size_t)nl + 1) * sizeof(int));
  int *count = calloc((size_t)nl + 2, sizeof(int)); /* items per loop; root last */
  if (!loop_key || !count)
    abort();
  for (int L = 0; L < nl; ++L)
    loop_key[L] = INT_MAX;
  for (int i = 0; i < g->nreachable; ++i) {
    const AmdsyncBlock *b = g->blocks[g->rpo_order[i]];
    for (int L = b->loop; L >= 0 && loop_key[L] > b->rpo; L = g->loops[L].parent)
      loop_key[L] = b->rpo;
    count[b->loop >= 0 ? b->loop : nl]++;
  }
  for (int L = 0; L < nl; ++L)
    if (loop_key[L] != INT_MAX)
      count[g->loops[L].parent >= 0 ? g->loops[L].parent : nl]++;
  /* Items of each loop (and of the root, index nl), contiguous. */
  int *start = malloc(((size_t)nl + 2) * sizeof(int));
  int *fill = malloc(((size_t)nl + 2) * sizeof(int));
  OrderItem *items = malloc(((size_t)g->nreachable + nl + 1) * sizeof(OrderItem));
  if (!start || !fill || !items)
    abort();
  start[0] = 0;
  for (int L = 0; L <= nl; ++L)
    start[L + 1] = start[L] + count[L];
  memcpy(fill, start, ((size_t)nl + 1) * sizeof(int));
  for (int i = 0; i < g->nreachable; ++i) {
    const AmdsyncBlock *b = g->blocks[g->rpo_order[i]];
    int L = b->loop >= 0 ? b->loop : nl;
    items[fill[L]++] = (OrderItem){b->rpo, b->id};
  }
  for (int L = 0; L < nl; ++L)
    if (loop_key[L] != INT_MAX) {
      int P = g->loops[L].parent >= 0 ? g->loops[L].parent : nl;
      items[fill[P]++] = (OrderItem){loop_key[L], -L - 1};
    }
  for (int L = 0; L <= nl; ++L)
    qsort(items + start[L], (size_t)count[L], sizeof(OrderItem),
          orderItemCompare);
  /* Flatten from the root, expanding loops in place (explicit stack of
     (loop, next item) frames, at most the nesting depth plus one). */
  g->work_order = amdsyncArenaAlloc(g->program->arena,
                                    ((size_t)g->nreachable + 1) * sizeof(int));
  g->work_rank = amdsyncArenaAlloc(g->program->arena,
                                   ((size_t)nb + 1) * sizeof(int));
  int *stack_loop = malloc(((size_t)nl + 2) * sizeof(int));
  int *stack_next = malloc(((size_t)nl + 2) * sizeof(int));
  if (!stack_loop || !stack_next)
    abort();
  int sp = 0, n = 0;
  stack_loop[sp] = nl;
  stack_next[sp++] = start[nl];
  while (sp) {
    int L = stack_loop[sp - 1];
    if (stack_next[sp - 1] == start[L] + count[L]) {
      sp--;
      continue;
    }
    OrderItem it = items[stack_next[sp - 1]++];
    if (it.item >= 0) {
      g->work_rank[it.item] = n;
      g->work_order[n++] = it.item;
    } else {
      assert(sp <= nl);
      stack_loop[sp] = -it.item - 1;
      stack_next[sp++] = start[-it.item - 1];
    }
  }
  assert(n == g->nreachable);
  free(stack_loop);
  free(stack_next);
  free(items);
  free(start);
  free(fill);
  free(count);
  free(loop_key);
}

/* The edges as dense arrays (AmdsyncCfg.succ_at and the rest). */
static void numberEdges(AmdsyncCfg *g) {
  int n = g->nblocks, nedges = 0;
  for (int i = 0; i < n; ++i)
    nedges += g->blocks[i]->nsucc;
  g->succ_at = intArray(g, n + 1, 0);
  g->pred_at = intArray(g, n + 1, 0);
  g->succ_ids = intArray(g, nedges, 0);
  g->pred_ids = intArray(g, nedges, 0);
  int ns = 0, np = 0;
  for (int i = 0; i < n; ++i) {
    const AmdsyncBlock *b = g->blocks[i];
    assert(b->id == i);
    g->succ_at[i] = ns;
    for (int k = 0; k < b->nsucc; ++k)
      g->succ_ids[ns++] = b->succ[k]->id;
    g->pred_at[i] = np;
    for (int k = 0; k < b->npred; ++k)
      g->pred_ids[np++] = b->pred[k]->id;
  }
  assert(ns == nedges && np == nedges);
  g->succ_at[n] = ns;
  g->pred_at[n] = np;
}

void amdsyncCfgAnalyze(AmdsyncCfg *g) {
  assert(!g->analyzed && g->entry);
  numberEdges(g);
  numberGaps(g);
  computeRpo(g);
  computeDominators(g);
  computePostDominators(g);
  numberTree(g, idomOf, &g->dom_pre, &g->dom_post);
  numberTree(g, ipdomOf, &g->pdom_pre, &g->pdom_post);
  computeLoops(g);
  computeWorkOrder(g);
  computeWeights(g);
  computeDivergence(g);
  g->analyzed = true;
}

/*===--- Work list in work order (computeWorkOrder) ----------------------------------------===*/

AmdsyncCfgWork amdsyncCfgWorkAll(const AmdsyncCfg *g) {
  AmdsyncCfgWork w;
  w.g = g;
  w.words = (g->nreachable + 63) / 64;
  w.bits = malloc(((size_t)w.words + 1) * sizeof *w.bits);
  if (!w.bits)
    abort();
  for (int i = 0; i < w.words; ++i)
    w.bits[i] = ~(uint64_t)0;
  if (g->nreachable % 64)
    w.bits[w.words - 1] = ((uint64_t)1 << (g->nreachable % 64)) - 1;
  w.count = g->nreachable;
  w.first = 0;
  return w;
}

bool amdsyncCfgWorkPop(AmdsyncCfgWork *w, AmdsyncBlock **out) {
  if (w->count == 0)
    return false;
  int k = w->first / 64;
  uint64_t word = w->bits[k] & (~(uint64_t)0 << (w->first % 64));
  while (!word) {
    assert(k + 1 < w->words);
    word = w->bits[++k];
  }
  int r = k * 64 + __builtin_ctzll(word);
  w->bits[k] &= ~((uint64_t)1 << (r % 64));
  w->count--;
  w->first = r + 1;
  *out = w->g->blocks[w->g->work_order[r]];
  return true;
}

void amdsyncCfgWorkPush(AmdsyncCfgWork *w, const AmdsyncBlock *b) {
  assert(b->rpo >= 0);
  int r = w->g->work_rank[b->id];
  assert(r >= 0 && r < w->g->nreachable);
  uint64_t bit = (uint64_t)1 << (r % 64);
  if (w->bits[r / 64] & bit)
    return;
  w->bits[r / 64] |= bit;
  w->count++;
  if (r < w->first)
    w->first = r;
}

void amdsyncCfgWorkFree(AmdsyncCfgWork *w) { free(w->bits); }
