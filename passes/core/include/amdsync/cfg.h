/*===- amdsync/cfg.h - The program as a control-flow graph --------*- C -*-===*
 *
 * The core's view of one function as a control-flow graph: blocks of ops
 * (LDS accesses, barriers, marks, waits), edges, and the facts every
 * analysis asks of the graph: reverse post-order, dominators and
 * post-dominators, a loop-nesting forest that also takes irreducible loops,
 * execution weights from loop nesting, and divergence from control
 * dependence on branches whose condition is not workgroup-uniform.
 *
 * Positions. A block with n ops has n+1 gaps: gap i lies before op i, gap n
 * at the block's end (before its terminator). Gaps are numbered densely
 * over the function (`first_gap + i`). Every placement is a gap; the front
 * end records for each gap where it lives in its IR (`AmdsyncGapAnchor`);
 * a gap whose anchor has no block cannot hold an op (the test of a loop
 * that exists only in the model, for instance).
 *
 * Lifetime: every object belongs to the program's arena.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_CFG_H
#define AMDSYNC_CFG_H

#include "amdsync/program.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A block's `trips` when the front end states nothing about it.
#define AMDSYNC_TRIPS_UNSTATED (-2)
/// Body executions per entry assumed for a loop with unknown trip count.
#define AMDSYNC_UNKNOWN_TRIPS 16

struct AmdsyncBlock {
  int id;
  AmdsyncNode **ops;
  int nops, capops;
  AmdsyncBlock **succ;
  int nsucc, capsucc;
  AmdsyncBlock **pred;
  int npred, cappred;
  /// nops+1 anchors: where each gap lives in the front end's IR.
  AmdsyncGapAnchor *anchors;
  /// False for blocks that exist only in the model (the test of a loop, a
  /// latch): nothing can be inserted there.
  bool placeable;
  /// The front end translated IR work (amdsyncBlockNoteWork) after the
  /// block's last op so far; per op, AmdsyncNode.work_before.
  bool work_end;
  /// With two or more successors: the op that chooses (for diagnostics),
  /// and whether its condition is the same in every lane of the workgroup.
  void *branch_origin;
  bool branch_uniform;
  /// Front end: this block heads a loop whose body runs `trips` times per
  /// entry (-1: unknown). AMDSYNC_TRIPS_UNSTATED elsewhere.
  int64_t trips;
  int first_gap;
  /* Filled by amdsyncCfgAnalyze. */
  int rpo;        ///< reverse post-order index; -1: unreachable
  int idom;       ///< immediate dominator's id; -1 for entry/unreachable
  int ipdom;      ///< immediate post-dominator's id; -1: the virtual exit
  int loop;       ///< innermost loop's index in cfg->loops, or -1
  int heads;      ///< the loop this block is a header of, or -1
  double weight;  ///< executions per function entry (loop nesting)
  bool divergent; ///< may run in some lanes of the workgroup and not others
  /// Where `divergent`: the block whose divergent branch makes it so (the
  /// first found), for diagnostics; -1 otherwise.
  int diverged_by;
  /// What the branch at the end of this block tells about the threads that
  /// take each edge (amdsyncBlockAddGuards).
  AmdsyncGuard *guards;
  int nguards, capguards;
};

typedef struct {
  int parent;      ///< enclosing loop, or -1
  int depth;       ///< 1 for outermost loops
  int header;      ///< the first header (block id) found
  int nheaders;    ///< more than one: irreducible
  int64_t trips;   ///< body executions per entry (-1: unknown)
  int pre, post;   ///< numbers in the loop forest: nesting is containment
} AmdsyncLoop;

struct AmdsyncCfg {
  AmdsyncProgram *program;
  AmdsyncBlock **blocks;
  int nblocks, capblocks;
  AmdsyncBlock *entry;
  int ngaps;
  AmdsyncBlock **gap_block; ///< gap id -> block (amdsyncCfgAnalyze)
  AmdsyncLoop *loops;
  int nloops, caploops;
  int *rpo_order;           ///< block ids in reverse post-order
  int nreachable;
  /// Block ids in the work list's order: reverse post-order with each
  /// loop's blocks contiguous (weak topological order), and each block's
  /// index in it (reachable blocks only).
  int *work_order;
  int *work_rank;
  /* Dominator-tree numbering for O(1) ancestor tests. */
  int *dom_pre, *dom_post;
  int *pdom_pre, *pdom_post;
  /// The edges as dense arrays (amdsyncCfgAnalyze): the successors of
  /// block b are succ_ids[succ_at[b] .. succ_at[b + 1]), in the order of
  /// b->succ, and its predecessors pred_ids[pred_at[b] .. pred_at[b + 1]),
  /// in the order of b->pred. The graph walks read these, not the blocks:
  /// a block is large, and on a graph of many blocks following
  /// b->succ[k]->id misses the cache at every step.
  int *succ_at, *succ_ids;
  int *pred_at, *pred_ids;
  /// Per gap: a split signal of the input may be outstanding there, before
  /// its wait, or right before an input signal (its release fence is
  /// there; legality.c, amdsyncMarkOpenGaps); NULL when none can be. No workgroup
  /// barrier, signal or wait may go there: a second signal in a row.
  bool *gap_open;
  bool analyzed;
};

/// Creates the empty graph of `p` (p->cfg); its entry is the first block
/// created.
AmdsyncCfg *amdsyncCfgCreate(AmdsyncProgram *p);
AmdsyncBlock *amdsyncCfgAddBlock(AmdsyncCfg *g);
/// Appends `n` (an access, barrier, mark, wait or point) to `b`.
void amdsyncBlockAppend(AmdsyncCfg *g, AmdsyncBlock *b, AmdsyncNode *n);
/// States that an IR operation the model holds no op for (arithmetic,
/// global memory) lies at the current end of `b`, before its next op: a
/// split signal at that gap overlaps it (placement.c, peels).
void amdsyncBlockNoteWork(AmdsyncCfg *g, AmdsyncBlock *b);
/// Whether IR work lies at gap `gap` (between the ops on its two sides).
bool amdsyncCfgGapHasWork(const AmdsyncCfg *g, int gap);
void amdsyncCfgAddEdge(AmdsyncCfg *g, AmdsyncBlock *from, AmdsyncBlock *to);
/// States that `b` chooses among its successors at `origin` (the front
/// end's op, for diagnostics), with a condition the same in every lane of
/// the workgroup or not; before amdsyncCfgAnalyze, which computes
/// divergence from it.
void amdsyncBlockSetBranch(AmdsyncCfg *g, AmdsyncBlock *b, void *origin,
                           bool uniform);
/// States whether an op may be inserted in `b` (false for blocks that exist
/// only in the model); before amdsyncCfgAnalyze.
void amdsyncBlockSetPlaceable(AmdsyncCfg *g, AmdsyncBlock *b, bool placeable);
/// States that `b` heads a loop whose body runs `trips` times per entry
/// (-1: unknown); before amdsyncCfgAnalyze, which weighs blocks by it.
void amdsyncBlockSetTrips(AmdsyncCfg *g, AmdsyncBlock *b, int64_t trips);
/// States `n` guards of the branch that ends `b` (see AmdsyncGuard); each
/// `to` is one of its successors, and no other edge of `b` leads there.
/// Before amdsyncCfgAnalyze; finalize bounds each access by the guards of
/// the edges that dominate it. One call per edge: the block's array grows
/// to the exact count (a guard is some 250 bytes, and a branch in a loop
/// with an iteration table has one per iteration).
void amdsyncBlockAddGuards(AmdsyncCfg *g, AmdsyncBlock *b,
                           const AmdsyncGuard *guards, int n);

/// How a counted loop tests its count (amdsyncCfgCountLoop).
typedef enum {
  AMDSYNC_LOOP_HEADER_TESTED, ///< the header tests before every body run
  AMDSYNC_LOOP_BOTTOM_TESTED, ///< the body runs, then its latch tests
} AmdsyncLoopTest;

/// The edge edits a counted loop's trip count implies; the front end
/// applies them to its own edges before adding them to the graph (an edge
/// it drops is never taken, whatever else redirects it).
typedef struct {
  bool drop_body_entry; ///< header -> body is never taken
  bool enter_body;      ///< preheader -> header goes to the body instead
  bool drop_back_edge;  ///< latch -> header is never taken
} AmdsyncLoopEdits;

/// The one rule for counted loops on both sides: the loop headed by
/// `header` (its body starting at `body`) runs its body `trips` >= 0 times
/// per entry. Header-tested: with none, the header never enters the body;
/// with at least one, when `body_alone` (the body is entered from the
/// header alone and heads no counted loop of its own) and the header holds
/// no op, the first test always passes, so the preheader enters the body
/// directly, the body heads the model loop and the header becomes
/// model-only (not placeable); with one trip the test never goes back into
/// the body; otherwise the count is stated on the header, which runs once
/// more than the body. Bottom-tested (trips >= 1): the count is stated on
/// the header; with one trip the latch never goes back. Sets the blocks'
/// facts; before amdsyncCfgAnalyze.
AmdsyncLoopEdits amdsyncCfgCountLoop(AmdsyncCfg *g, AmdsyncBlock *header,
                                     AmdsyncBlock *body, int64_t trips,
                                     AmdsyncLoopTest test, bool body_alone);

/// Numbers gaps and computes every fact above. Call once, after building.
void amdsyncCfgAnalyze(AmdsyncCfg *g);

/// Gap helpers (valid after analysis).
static inline AmdsyncBlock *amdsyncCfgGapBlock(const AmdsyncCfg *g, int gap) {
  return g->gap_block[gap];
}
static inline int amdsyncCfgGapIndex(const AmdsyncCfg *g, int gap) {
  return gap - g->gap_block[gap]->first_gap;
}
/// True when loop `inner` is loop `outer` or nested in it (-1: no loop,
/// within nothing but -1).
static inline bool amdsyncCfgLoopWithin(const AmdsyncCfg *g, int inner,
                                        int outer) {
  /* Inline: the data flow asks it per pending entry and edge. */
  if (outer < 0)
    return true;
  if (inner < 0)
    return false;
  const AmdsyncLoop *i = &g->loops[inner], *o = &g->loops[outer];
  return o->pre <= i->pre && i->post <= o->post;
}
/// True when block `a` dominates block `b` (reflexive).
bool amdsyncCfgDominates(const AmdsyncCfg *g, int a, int b);
/// True when block `a` post-dominates block `b` (reflexive).
bool amdsyncCfgPostDominates(const AmdsyncCfg *g, int a, int b);
/// True when a placement may go at `gap`: its block is reachable and
/// placeable, and not in divergent control flow (unless `allow_divergent`).
bool amdsyncCfgGapPlaceable(const AmdsyncCfg *g, int gap, bool allow_divergent);

/// A work list of reachable blocks that pops them in work order (reverse
/// post-order, loops contiguous: AmdsyncCfg.work_order), each queued at
/// most once: forward data flows converge in few sweeps. A bit per rank
/// and the least rank that may be queued: a pop scans forward from it, a
/// push of a lower rank moves it back (a sweep costs its ranks over 64
/// words, not a heap's logarithm per block). Storage is malloc'd; free
/// with amdsyncCfgWorkFree.
typedef struct {
  const AmdsyncCfg *g;
  uint64_t *bits; ///< bit r: the block of rank r is queued
  int words;      ///< of `bits`
  int count;      ///< blocks queued
  int first;      ///< no rank below it is queued
} AmdsyncCfgWork;

/// A work list holding every reachable block.
AmdsyncCfgWork amdsyncCfgWorkAll(const AmdsyncCfg *g);
/// Pops the earliest queued block in reverse post-order; false when empty.
bool amdsyncCfgWorkPop(AmdsyncCfgWork *w, AmdsyncBlock **out);
/// Queues a reachable block (nothing if already queued).
void amdsyncCfgWorkPush(AmdsyncCfgWork *w, const AmdsyncBlock *b);
void amdsyncCfgWorkFree(AmdsyncCfgWork *w);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_CFG_H */
