/* Nearest-producer windows against the full pair enumeration, on small
   random graphs (reducible and irreducible, loops, branches, existing
   barriers): after minimize placement, for EVERY conflicting pair of
   accesses (an op with itself included), every path from the first to the
   second crosses a barrier (brute force over gaps); no placed barrier is
   in divergent control flow; removing any one placed barrier breaks some
   pair is measured (irredundancy); and on the input as it is, the
   independent checker finds an unordered pair exactly when the brute
   force does. */
#include "unit.h"

#include <stdlib.h>

static unsigned rng = 12345u;
static unsigned next(void) {
  rng = rng * 1103515245u + 12345u;
  return (rng >> 8) & 0xffffff;
}

enum { kMaxBlocks = 10 };

/* True when some path from access `a` reaches access `b` without crossing
   an existing full barrier or a gap in `chosen`. */
static bool unordered(const AmdsyncCfg *g, const AmdsyncNode *a,
                      const AmdsyncNode *b, const bool *chosen) {
  bool *seen = calloc((size_t)g->ngaps + 1, sizeof(bool));
  int *stack = malloc(((size_t)g->ngaps + 1) * sizeof(int));
  int sp = 0;
  int start = a->block->first_gap + a->bindex + 1;
  stack[sp++] = start;
  seen[start] = true;
  bool found = false;
  while (sp && !found) {
    int gap = stack[--sp];
    if (chosen[gap])
      continue;
    const AmdsyncBlock *blk = amdsyncCfgGapBlock(g, gap);
    int k = amdsyncCfgGapIndex(g, gap);
    if (blk == b->block && k == b->bindex) {
      found = true;
      break;
    }
    int nexts[64], n = 0;
    if (k < blk->nops) {
      const AmdsyncNode *op = blk->ops[k];
      bool full = op->kind == AMDSYNC_NODE_BARRIER &&
                  op->u.barrier.op == AMDSYNC_BARRIER_FULL;
      if (!full)
        nexts[n++] = gap + 1;
    } else {
      for (int s = 0; s < blk->nsucc; ++s)
        nexts[n++] = blk->succ[s]->first_gap;
    }
    for (int i = 0; i < n; ++i)
      if (!seen[nexts[i]]) {
        seen[nexts[i]] = true;
        stack[sp++] = nexts[i];
      }
  }
  free(seen);
  free(stack);
  return found;
}

static int violations(AmdsyncProgram *p, const bool *chosen) {
  int bad = 0;
  for (int i = 0; i < p->accesses.count; ++i)
    for (int j = 0; j < p->accesses.count; ++j) {
      AmdsyncNode *a = p->accesses.items[i], *b = p->accesses.items[j];
      if (a->block->rpo < 0 || b->block->rpo < 0)
        continue;
      if (amdsyncHazardBetween(p, a, b) != AMDSYNC_HAZARD_NONE &&
          unordered(p->cfg, a, b, chosen))
        bad++;
    }
  return bad;
}

static void randomGraph(int round, int *checked, int *refused, int *placed,
                        int *redundant) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  p->waw_hazards = round % 5 == 0;
  /* Two buffers and unknown memory (it aliases both: an access of it
     covers, and kills, earlier pending accesses of either). */
  int res[3] = {amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a"),
                amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "b"),
                amdsyncProgramAddResource(p, AMDSYNC_RES_UNKNOWN, "?")};
  AmdsyncCfg *g = amdsyncCfgCreate(p);
  int nb = 2 + (int)(next() % (kMaxBlocks - 1));
  AmdsyncBlock *b[kMaxBlocks];
  for (int i = 0; i < nb; ++i) {
    b[i] = amdsyncCfgAddBlock(g);
    int nops = (int)(next() % 4);
    for (int k = 0; k < nops; ++k) {
      unsigned r = next() % 10;
      AmdsyncNode *n;
      if (r == 0) {
        n = amdsyncBarrierCreate(p, NULL, AMDSYNC_BARRIER_FULL);
      } else {
        static const unsigned kFlags[] = {
            AMDSYNC_ACCESS_READ, AMDSYNC_ACCESS_WRITE,
            AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE, AMDSYNC_ACCESS_ATOMIC,
            AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE | AMDSYNC_ACCESS_DMA};
        static const int64_t kRange[][2] = {{-1, -1}, {0, 4}, {4, 8}, {0, 8}};
        unsigned rr = next() % 4;
        unsigned ri = next() % 7; /* unknown memory one time in seven */
        n = amdsyncAccessCreate(p, NULL, kFlags[next() % 5],
                                res[ri == 6 ? 2 : ri % 2], kRange[rr][0],
                                kRange[rr][1]);
      }
      amdsyncBlockAppend(g, b[i], n);
    }
  }
  /* A chain keeps every block reachable; extra edges make loops (back
     edges, some irreducible), branches and early exits. */
  for (int i = 0; i + 1 < nb; ++i)
    if (next() % 8 != 0 || i == 0)
      amdsyncCfgAddEdge(g, b[i], b[i + 1]);
    else
      amdsyncCfgAddEdge(g, b[i - 1 >= 0 ? i - 1 : 0], b[i + 1]);
  int extra = (int)(next() % 4);
  for (int e = 0; e < extra; ++e) {
    int from = (int)(next() % (unsigned)nb), to = (int)(next() % (unsigned)nb);
    if (to != 0)
      amdsyncCfgAddEdge(g, b[from], b[to]);
  }
  for (int i = 0; i < nb; ++i)
    b[i]->branch_uniform = next() % 6 != 0;
  amdsyncProgramFinalize(p);
  {
    bool *none = calloc((size_t)g->ngaps + 1, sizeof(bool));
    AmdsyncCheckResult cr = amdsyncCheck(p, NULL);
    CHECK_EQ(cr.unordered_pairs > 0, violations(p, none) > 0);
    free(none);
  }
  AmdsyncConstraintSet cs = amdsyncAnalyzeHazards(p);
  AmdsyncPlacementResult r =
      amdsyncPlace(p, &cs, AMDSYNC_STRATEGY_MINIMIZE, NULL);
  UnitDiag d = {0};
  AmdsyncDiagnostics diag = {&d, unitError, NULL, NULL};
  if (r.errors || amdsyncCheckInput(p, NULL, &diag) > 0) {
    /* Refused inputs: a divergent window or a barrier in divergent flow. */
    (*refused)++;
    amdsyncArenaDestroy(arena);
    return;
  }
  bool *chosen = calloc((size_t)g->ngaps + 1, sizeof(bool));
  for (int i = 0; i < r.count; ++i) {
    chosen[r.items[i].gap] = true;
    CHECK(!amdsyncCfgGapBlock(g, r.items[i].gap)->divergent);
  }
  int bad = violations(p, chosen);
  if (bad)
    fprintf(stderr, "round %d: %d unordered pairs after placement\n", round,
            bad);
  CHECK_EQ(bad, 0);
  /* Irredundancy is measured, not promised: windows are subsets of the
     gaps on every path, so greedy stabbing can leave a barrier that others
     already cover. */
  for (int i = 0; i < r.count; ++i) {
    chosen[r.items[i].gap] = false;
    *redundant += violations(p, chosen) == 0;
    chosen[r.items[i].gap] = true;
  }
  *placed += r.count;
  free(chosen);
  (*checked)++;
  amdsyncArenaDestroy(arena);
}

int main(void) {
  int checked = 0, refused = 0, placed = 0, redundant = 0;
  for (int round = 0; round < 3000; ++round)
    randomGraph(round, &checked, &refused, &placed, &redundant);
  printf("core_random: %d graphs checked, %d refused; %d barriers placed, "
         "%d of them redundant\n",
         checked, refused, placed, redundant);
  CHECK(checked > 1000);
  CHECK(redundant * 20 < placed); /* under 5% */
  return unitReport("core_random");
}
