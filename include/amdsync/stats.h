/*===- amdsync/stats.h - What one pass run did, on either side --*- C -*-===*
 *
 * One counter struct for both front ends (amdsync/mlir.h and
 * amdsync/llvm.h, where it is also spelled AmdsyncMlirStats and
 * AmdsyncLlvmStats): the plugins turn it into pass statistics and
 * summaries, `amdsync-opt --summary` prints it. A field a side cannot
 * produce stays zero there (`barriers_removed` needs `existing=replace`,
 * `ops_changed` is counted by the MLIR side, whose plugin tells MLIR that
 * an untouched module keeps its analyses). Zero-initialize before a run;
 * the entry points add to it.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_STATS_H
#define AMDSYNC_STATS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int functions;          ///< function definitions run on
  int violations;         ///< errors reported
  int hazards;            ///< hazard windows found
  int already_ordered;    ///< windows ordered by barriers in the input
  int barriers;           ///< s_barrier-level barriers inserted
  int ordering_points;    ///< free wave-level ordering points inserted
  int signals;            ///< split-barrier signals inserted
  int waits;              ///< split-barrier waits inserted
  int fallbacks;          ///< split signals put directly before their wait
  int barriers_completed; ///< input barriers completed with their fences
  int barriers_removed;   ///< LDS-only input barriers removed (existing=replace)
  int counter_waits;      ///< counter waits inserted (all counters)
  int asyncmarks_lowered; ///< asyncmarks and mark waits lowered
  int async_ops;          ///< asynchronous LDS transfers seen
  /// Ops inserted or erased; 0 means the pass left the IR as it was.
  int ops_changed;
  /// The windows found (`hazards`, less those ordered in the input or
  /// implied by another) by kind.
  int windows_raw, windows_war, windows_waw;
  /// Pairs of a producer and a consumer that conflict by their kinds and
  /// buffer but that an index proof keeps apart (no window), by the proof
  /// (amdsync/index.h): one thread's own slot, disjoint ranges, every
  /// thread's bytes listed.
  int discharged_thread_private, discharged_disjoint, discharged_listed;
} AmdsyncStats;

/// What the `amdsync` pipeline did, per pass: the barrier pass and the wait
/// pass (which share one translation of each function) and the checker.
typedef struct {
  AmdsyncStats barriers, waits, verify;
  /// How many of the three ran, in order: a pass does not run after one
  /// that failed (0 when the module could not be run at all).
  int passes_run;
} AmdsyncPipelineStats;

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_STATS_H */
