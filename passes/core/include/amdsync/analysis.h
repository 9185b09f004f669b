/*===- amdsync/analysis.h - Hazard windows, placement, checking -*- C -*-===*
 *
 * The three IR-independent algorithms of the barrier pass:
 *
 *  - hazard analysis: every pair of conflicting LDS accesses and every way
 *    control can flow from the first to the second becomes a window,
 *    the set of gaps on *every* such path (the hazard window of
 *    spec/shared-memory-barrier-placements.txt, generalised to nested
 *    regions);
 *  - placement: the minimize strategy (fewest barriers by execution count)
 *    and the disjoint-interval strategy for split barriers;
 *  - the checker: an independent path-based check on a control-flow graph
 *    built from the program, sharing no code with the two above.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_ANALYSIS_H
#define AMDSYNC_ANALYSIS_H

#include "amdsync/program.h"
#include "amdsync/target.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What an explanation remark says (AmdsyncDiagnostics.explain).
typedef enum {
  /// A hazard discharged without a barrier, and the rule that did it.
  AMDSYNC_EXPLAIN_ANALYSIS,
  /// A cheaper placement that was illegal, and why.
  AMDSYNC_EXPLAIN_MISSED,
} AmdsyncExplainKind;

/// How the core reports to its front end. `origin` is a node's origin.
typedef struct {
  void *ctx;
  /// An error at an op. May be NULL (errors are then only counted).
  void (*error)(void *ctx, void *origin, const char *message);
  /// A remark at an op (why a barrier is there). May be NULL.
  void (*remark)(void *ctx, void *origin, const char *message);
  /// Writes a short description of an op ("'memref.store' at f.mlir:3:5")
  /// into `buf`. May be NULL.
  void (*describe)(void *ctx, void *origin, char *buf, int size);
  /// An error at `origin` that sits in control flow that may diverge, made
  /// divergent by the branch at `branch` (that block's branch_origin; NULL
  /// when not known): the front end adds why that branch diverges (a note
  /// at it). May be NULL: then `error`.
  void (*divergent)(void *ctx, void *origin, const char *message,
                    void *branch);
  /// One error at `origin` about a pair (or group) of ops, with a note at
  /// each of the `n` others (`others[i]`, text `notes[i]`): a hazard's
  /// other access. May be NULL: then an error at `origin` and one at each
  /// other, with the note's text.
  void (*error_notes)(void *ctx, void *origin, const char *message, int n,
                      void *const *others, const char *const *notes);
  /// An explanation remark at `origin` (explain.c): `name` is the rule or
  /// reason ("thread-private", "divergent-position"). May be NULL: then
  /// none are computed.
  void (*explain)(void *ctx, AmdsyncExplainKind kind, const char *name,
                  void *origin, const char *message);
} AmdsyncDiagnostics;

/// Reports `message` at `origin` with notes at `others` through `d`
/// (error_notes, else one error each); nothing when `d` or its `error` is
/// NULL.
void amdsyncReportWithNotes(const AmdsyncDiagnostics *d, void *origin,
                            const char *message, int n, void *const *others,
                            const char *const *notes);

/// Reports `message` at `origin`, in control flow made divergent by the
/// branch at `branch` (may be NULL), through `d` (divergent, else error);
/// nothing when `d` has neither.
void amdsyncReportDivergent(const AmdsyncDiagnostics *d, void *origin,
                            const char *message, void *branch);

/// Callbacks of diagnostics that wrap others (the picture's recorder, the
/// error limit) and pass remarks and descriptions on unchanged: `ctx`
/// points to a struct whose first member is the `const AmdsyncDiagnostics
/// *` they forward to, which has the callback.
void amdsyncForwardRemark(void *ctx, void *origin, const char *message);
void amdsyncForwardDescribe(void *ctx, void *origin, char *buf, int size);
/// `own`, a wrapper's diagnostics (its `ctx` as above, pointing first to
/// `forward`), with `forward`'s remarks and descriptions passed through
/// where `forward` has them (amdsyncForwardRemark, amdsyncForwardDescribe).
AmdsyncDiagnostics amdsyncForwarding(AmdsyncDiagnostics own,
                                     const AmdsyncDiagnostics *forward);

/// Writes `d`'s description of the op at `origin` into `buf` ("'memref.load'
/// at f.mlir:3:5"), or "an LDS access" when `d` has no `describe`.
void amdsyncDescribeOrigin(const AmdsyncDiagnostics *d, void *origin,
                           char *buf, int size);

/// One hazard window: the gaps on every path from `producer` to `consumer`
/// of one path class (forward, or around the back edge of loop `carrier`),
/// as graph gap ids, latest first. A barrier at any of them orders the pair.
typedef struct {
  AmdsyncNode *producer; ///< an access the window orders (the latest)
  AmdsyncNode *consumer;
  /// NULL, or the merged producer the window starts from: producers of one
  /// key that met before the consumer (hazards.c, mergeProducers). Opaque:
  /// amdsyncWindowProducers lists the accesses it stands for.
  AmdsyncNode *merged;
  AmdsyncHazardKind kind;
  int carrier; ///< loop index in the graph, or -1: forward
  /// The pair's lanes lie in one wave (a one-wave workgroup, or
  /// amdsyncIndexInOneWave): a wave-level ordering point at a gap orders
  /// it, and the gaps are those both lanes pass; otherwise only a barrier.
  bool wave_local;
  int *gaps;
  int ngaps;
} AmdsyncWindow;

typedef struct {
  AmdsyncWindow *items;
  int count;
  int capacity;
  /// Windows the input's barriers already order (not in `items`).
  int already_ordered;
  /// Windows not built because one in `items` with the same producer ends
  /// earlier in the same block: every stab of that one stabs them
  /// (hazards.c, transferOp). Counted as hazards.
  int implied;
  /// With amdsyncProgramSetExplain: the pairs of a producer and a consumer
  /// that conflict by their kinds and buffers but that an index proof keeps
  /// apart (no window), and the windows the input's barriers already order,
  /// each once, the first 4,096 (hazards.c); `discharged_more` counts the
  /// rest.
  struct AmdsyncDischarge *discharged;
  int ndischarged, discharged_cap, discharged_more;
  AmdsyncPtrMap discharged_seen;
  /// The pairs (producer, consumer) an index proof kept apart, by the
  /// proof (AmdsyncProof), counted always.
  int discharged_by[AMDSYNC_PROOF_COUNT];
} AmdsyncWindowSet;

/// A pair an index proof discharged (AmdsyncWindowSet.discharged).
typedef struct AmdsyncDischarge {
  AmdsyncNode *producer; ///< an access (the latest of merged producers)
  AmdsyncNode *consumer;
  AmdsyncHazardKind kind; ///< the hazard its kinds and buffers make
  AmdsyncProof proof;     ///< NONE: ordered by `barrier`
  /// The input's barrier on every path between them (a window the
  /// input's barriers already order), or NULL.
  AmdsyncNode *barrier;
} AmdsyncDischarge;

/// Reports, at each, the asynchronous operations `p` holds that target `t`
/// does not have (amdsyncTargetHasAsync; `t` NULL: none); returns how many.
int amdsyncCheckTargetOps(const AmdsyncProgram *p, const AmdsyncTarget *t,
                          const AmdsyncDiagnostics *d);
/// Refuses inputs no placement can make correct (legality.c): operations
/// the target does not have (amdsyncCheckTargetOps), existing barriers in
/// divergent control flow, split barriers on a target without them (`t`
/// may be NULL: not checked), and conflicting accesses that lanes
/// taking different ways of a divergent branch run at once. Reports each at
/// its ops through `diag` and returns how many it found.
int amdsyncCheckInput(AmdsyncProgram *p, const AmdsyncTarget *t,
                      const AmdsyncDiagnostics *diag);
/// Marks the gaps where a split signal of the input may be outstanding
/// (AmdsyncCfg.gap_open), which no barrier may take; once, before the
/// placement (whose gap numbering it uses), and only when the input has
/// split barriers.
void amdsyncMarkOpenGaps(AmdsyncProgram *p);

/// The checker's own index proof (footprints.c): its own dominators over
/// the checker's own reverse post-order (`order`, `norder` reachable
/// blocks; `rank`: a block's index there or -1), its own walk of the
/// guards, every thread of the workgroup enumerated. Malloc'd; free with
/// amdsyncFootprintsDestroy.
typedef struct AmdsyncFootprints AmdsyncFootprints;
/// The checker's own dominator tree (footprints.c: Cooper, Harvey and
/// Kennedy's iteration over the checker's reverse post-order, then the
/// tree's pre/post numbers). Malloc'd by amdsyncCheckDominators; free with
/// amdsyncCheckDominatorsFree.
typedef struct {
  int *idom; ///< per block its immediate dominator; -1: the entry, unreached
  int *pre, *post; ///< numbers in the tree (-1: unreached)
} AmdsyncCheckDoms;
/// The dominators over the checker's reverse post-order `order` of `n`
/// reachable blocks (`rank`: a block's index there or -1).
AmdsyncCheckDoms *amdsyncCheckDominators(const AmdsyncCfg *g, const int *order,
                                         int n, const int *rank);
void amdsyncCheckDominatorsFree(AmdsyncCheckDoms *d);
/// Whether block `x` dominates block `y` in those dominators (`y` itself
/// included): two comparisons of tree numbers (a walk up from `y` was
/// quadratic on long chains with back edges).
bool amdsyncCheckDominates(const AmdsyncCheckDoms *d, int x, int y);
/// The footprints of `p` over that order and those dominators (`doms`,
/// amdsyncCheckDominators; read during the call only).
AmdsyncFootprints *amdsyncFootprintsCreate(const AmdsyncProgram *p,
                                           const int *order, int norder,
                                           const int *rank,
                                           const AmdsyncCheckDoms *doms);
void amdsyncFootprintsDestroy(AmdsyncFootprints *f);
/// The bit of symbol variable `v` (AMDSYNC_VAR_SYMBOL + s) in a mask of
/// symbols: bit s % 64 (symbols that share a bit are taken together, the
/// conservative way: one stale, both).
static inline uint64_t amdsyncSymbolBit(int v) {
  return (uint64_t)1 << ((unsigned)(v - AMDSYNC_VAR_SYMBOL) % 64);
}
/// True when accesses `a` and `b` of one resource both have index forms and,
/// for every thread that may run `a` and every other thread that may run
/// `b`, their bytes never meet, each symbol taking every value of its range
/// (one value at both for the symbols `shared` marks, bit s % 64 for symbol
/// s: no definition of it lies on the path between them; ~0: all, 0: none).
/// `a_final` non-zero: `a`'s case symbol (AmdsyncAccessIndex.case_var)
/// takes only the values it marks (bit v: value v; the path left a's loop
/// in a's iteration: amdsyncProgramSetSymbolRows); `b_first` likewise
/// for `b`'s (the path entered b's loop and did not go round it:
/// amdsyncProgramSetSymbolRows).
/// False when that cannot be evaluated.
bool amdsyncFootprintsApart(AmdsyncFootprints *f, const AmdsyncNode *a,
                            const AmdsyncNode *b, uint64_t shared,
                            uint64_t a_final, uint64_t b_first);
/// The guards the checker applies to access `n`'s threads, as an identity
/// (two accesses with one chain have the same threads under the checker's
/// own reading of the guards); NULL without an index form.
const void *amdsyncFootprintsChain(const AmdsyncFootprints *f,
                                   const AmdsyncNode *n);
/// True when access `n`'s bytes or threads may depend on a symbol defined in
/// block `b` (a path from `n` into `b` defines it again).
bool amdsyncFootprintsReads(const AmdsyncFootprints *f, const AmdsyncNode *n,
                            const AmdsyncBlock *b);
/// The wave holding every lane that may run access `n` (its form's lanes
/// under its guards, every value of the symbols they read, numbered by
/// flat lane id over `wave_size`), by the checker's own enumeration; -1
/// when they may lie in two waves or it cannot enumerate them.
int amdsyncFootprintsWave(AmdsyncFootprints *f, const AmdsyncNode *n,
                          int wave_size);

/// Builds the hazard windows of a finalized program: one per unordered
/// nearest producer of each consumer and path class (hazards.c).
AmdsyncWindowSet amdsyncAnalyzeHazards(AmdsyncProgram *p);

/// The same windows without merging producers or implying any across
/// blocks: one per nearest producer of each consumer and class, however
/// many meet on the way. Quadratic on some shapes: the reference the tests
/// compare the windows with (unit/core_random).
AmdsyncWindowSet amdsyncAnalyzeHazardsUnmerged(AmdsyncProgram *p);

/// Every access window `c` orders with its consumer: its producer, or all
/// the accesses its merged producer stands for. The array is `p`'s arena's;
/// returns its length.
int amdsyncWindowProducers(const AmdsyncProgram *p,
                               const AmdsyncWindow *c, AmdsyncNode ***out);

/// True when gap `gap_id` lies on every path of `c`.
bool amdsyncWindowHasGap(const AmdsyncProgram *p,
                             const AmdsyncWindow *c, int gap_id);

typedef enum {
  AMDSYNC_STRATEGY_MINIMIZE,
  AMDSYNC_STRATEGY_DISJOINT,
} AmdsyncStrategy;

/// The strategy named `name` ("minimize", "disjoint"), or the default for
/// `t` when `name` is NULL or empty (disjoint on split-barrier targets,
/// minimize elsewhere). False for any other name.
bool amdsyncStrategyParse(const char *name, const AmdsyncTarget *t,
                          AmdsyncStrategy *out);

/// Why a split pair's signal stands where it does (AmdsyncPlacement).
typedef enum {
  AMDSYNC_SIGNAL_AT_PRODUCER, ///< right after a producer it publishes
  AMDSYNC_SIGNAL_SYNC,        ///< before it, an op that may synchronize
  AMDSYNC_SIGNAL_DIVERGENT,   ///< before it, control flow that may diverge
  AMDSYNC_SIGNAL_OTHER_WAIT,  ///< sharing a gap, right after another wait
  AMDSYNC_SIGNAL_CONTROL,     ///< a block boundary it may not cross (the
                              ///< wait does not post-dominate, another
                              ///< loop, a region with synchronization)
  AMDSYNC_SIGNAL_ENTRY,       ///< the function's start
} AmdsyncSignalStop;

/// One placed synchronization point. `gap` is the graph gap where the
/// barrier (or, for split barriers, the wait) goes; `signal_gap` is its
/// signal's gap for split barriers and -1 otherwise.
typedef struct {
  int gap;
  int signal_gap;
  const AmdsyncWindow *reason; ///< a window that needs it
  /// The windows it was placed for (amdsyncPlace's): a remark names every
  /// one of them it orders (amdsyncPlacementReason).
  const AmdsyncWindowSet *windows;
  /// A wave-level ordering point (every window it stabs is wave-local),
  /// not a barrier: no signal, no wait, no s_barrier.
  bool wave;
  bool signal_fallback; ///< split: signal put directly before the wait
  /// Split: the signal shares its gap with another pair's wait and goes
  /// right after that wait.
  bool signal_after_wait;
  /// Split, loop-carried: the signal sits late in the previous iteration,
  /// so the loop gets a signal peeled on its preheader (`peel_signal_gap`,
  /// -1: none) and a wait at the start of each exit (`peel_wait_gaps`):
  /// signal and wait then alternate on entry, on every iteration, on exit
  /// and for zero trips.
  int peel_signal_gap;
  int *peel_wait_gaps;
  int npeel_waits;
  /// Split: why the signal moved no earlier (placement.c placeSignal), and
  /// the op it could not cross (NULL: a block boundary), for the
  /// explanations.
  AmdsyncSignalStop signal_stop;
  const AmdsyncNode *signal_stop_at;
} AmdsyncPlacement;

typedef struct {
  AmdsyncPlacement *items;
  int count;
  int hazards;        ///< windows found
  int already_met;    ///< windows ordered by barriers already in the input
  int errors;         ///< windows no legal placement can order
  int fallbacks;      ///< split signals that fell back to before-the-wait
} AmdsyncPlacementResult;

/// Whether placement `pc` orders window `w`: its gap lies on every path
/// of the window (and its signal's, for a split pair); a wave-level
/// ordering point orders wave-local windows only.
bool amdsyncPlacementOrders(const AmdsyncProgram *p, const AmdsyncPlacement *pc,
                            const AmdsyncWindow *w);

/// The windows placement `pc` orders, for its remark: `pc->reason` first,
/// then every other window of its set that it orders, where the set has at
/// most 4,096 windows (scanning a larger one per placement made the pass
/// quadratic); `*complete` false when the set was too large to scan. The
/// array is `p`'s arena's; returns its length (0 when `pc` has no reason).
int amdsyncPlacementOrderedWindows(const AmdsyncProgram *p,
                                   const AmdsyncPlacement *pc,
                                   const AmdsyncWindow ***out, bool *complete);

/// Chooses placements for `windows`. Barriers already in the program
/// count as placed. Errors go to `diag`; on error the result's `errors` is
/// non-zero and the caller must not emit.
AmdsyncPlacementResult amdsyncPlace(AmdsyncProgram *p,
                                    const AmdsyncWindowSet *windows,
                                    AmdsyncStrategy strategy,
                                    const AmdsyncDiagnostics *diag);

/// The explanation remarks of one placement (explain.c), through
/// `diag->explain` (nothing when NULL): an `analysis` remark per pair of
/// `ws` an index proof discharged, and a `missed` remark per placement of
/// `r` whose window had a cheaper position where no barrier may stand.
void amdsyncExplain(const AmdsyncProgram *p, const AmdsyncWindowSet *ws,
                    const AmdsyncPlacementResult *r,
                    const AmdsyncDiagnostics *diag);

/// What a split pair's wait is, for its remark (explain.c): "split barrier
/// wait (its signal before <op>; N operation(s) between signal and wait:
/// <the first three>)", or where its signal stands when in another block
/// or late in the previous iteration.
void amdsyncSplitWaitWhat(const AmdsyncProgram *p, const AmdsyncPlacement *pc,
                          const AmdsyncDiagnostics *diag, char *buf,
                          size_t size);

/// Writes why placement `pc` is there into `buf`: "<what> orders [loop-
/// carried] <kind> hazard on <resource> between <producer> and <consumer>"
/// (ops described through `diag`). Empty when `pc` has no reason.
void amdsyncPlacementReason(const AmdsyncProgram *p,
                            const AmdsyncPlacement *pc, const char *what,
                            const AmdsyncDiagnostics *diag, char *buf,
                            size_t size);

/// Gives up every moved split signal of `r`: each goes directly before its
/// wait (which always alternates), counted as a fallback; no loop peeling.
void amdsyncPlacementFallBack(AmdsyncPlacementResult *r);

/// One op to emit, in emission order (see amdsyncScheduleEmission).
typedef enum {
  AMDSYNC_EMIT_BARRIER, ///< monolithic barrier or wave ordering point
  AMDSYNC_EMIT_SIGNAL,
  AMDSYNC_EMIT_WAIT,
} AmdsyncEmitKind;

typedef struct {
  int gap;
  /// True: right after the child before the gap (the producer side);
  /// false: right before the child after the gap (the consumer side).
  bool after_previous;
  AmdsyncEmitKind kind;
  int rank; ///< order within one side of one gap
  int seq;  ///< creation order, the last tie-breaker
  const AmdsyncPlacement *placement;
  /// Set by the front end that emits it: the op it inserted that a
  /// translation would take as the barrier (the s_barrier, signal or wait,
  /// not its fences). amdsyncProgramApplyEmission gives it to the node.
  void *origin;
} AmdsyncEmitOp;

typedef struct {
  AmdsyncEmitOp *items;
  int count;
} AmdsyncEmitSchedule;

/// True when placements in `p` are emitted as split signal/wait pairs: on
/// a split-barrier target, unless the workgroup is one wave (free ordering
/// points then). The one rule the front ends and the driver share.
static inline bool amdsyncEmitsSplit(const AmdsyncProgram *p,
                                     const AmdsyncTarget *t) {
  return t->barrier == AMDSYNC_BARRIER_SPLIT && !p->single_wave;
}

/// Orders the ops of `result` for emission: by gap; at one gap, the
/// producer-side group (peeled waits after a loop, then signals after their
/// producer) and then the consumer-side group (a fallback signal, the wait
/// or barrier, signals that follow that wait, signals peeled before a
/// loop). Front ends insert them in this order and nothing else.
AmdsyncEmitSchedule amdsyncScheduleEmission(AmdsyncProgram *p,
                                            const AmdsyncPlacementResult *r,
                                            bool split);

/// The model as the front end emitted schedule `s` (of this program's
/// placement): a barrier, wave ordering point, signal or wait node at each
/// op's gap, in emission order. The program's gap numbering and anchors
/// stay those of the placement (no gap may be used until
/// amdsyncProgramUnapply). For checks of the emitted function without a
/// second translation (passes/shared/pipeline.c).
typedef struct AmdsyncApplied AmdsyncApplied;
AmdsyncApplied *amdsyncProgramApplyEmission(AmdsyncProgram *p,
                                            const AmdsyncEmitSchedule *s);
/// Restores the model from before amdsyncProgramApplyEmission or
/// amdsyncProgramApplyWaits `a`.
void amdsyncProgramUnapply(AmdsyncProgram *p, AmdsyncApplied *a);

/// Checker result.
typedef struct {
  int unordered_pairs;   ///< conflicting pairs with a barrier-free path
  int divergent_barriers;
  int split_errors;      ///< alternation / orphan signal violations
  int async_errors;      ///< uses of LDS before its async transfer completed
  int unfenced_barriers; ///< barriers without the fences that order memory
} AmdsyncCheckResult;

/// Every violation the checker found.
static inline int amdsyncCheckErrors(const AmdsyncCheckResult *r) {
  return r->unordered_pairs + r->divergent_barriers + r->split_errors +
         r->async_errors + r->unfenced_barriers;
}

/// The independent checker (brief §5). Reports every violation through
/// `diag` at both ops.
AmdsyncCheckResult amdsyncCheck(AmdsyncProgram *p,
                                const AmdsyncDiagnostics *diag);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_ANALYSIS_H */
