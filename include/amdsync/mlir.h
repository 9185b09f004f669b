/*===- amdsync/mlir.h - amdsync passes on the MLIR C API --------*- C -*-===*
 *
 * Entry points for kernel generators and for the plugin shim.
 *
 *  - amdsyncMlirRun* run a pass body on a module: every func.func, gpu.func
 *    and llvm.func nested under `root`, a builtin.module or gpu.module, is
 *    processed. They return failure after emitting diagnostics at the
 *    offending ops.
 *  - amdsyncMlirCreate*Pass build an `MlirPass` to add to an
 *    `MlirOpPassManager`; they live in the plugin library
 *    (build/lib/AmdSyncMLIR.so), which a generator links against.
 *
 * Handles: a null `root` returns failure with a message on stderr (there
 * is no op to put a diagnostic at); a `root` that is not a builtin.module
 * or gpu.module (a function, say) returns failure with an error at it and
 * changes nothing: a function's synchronization depends on the functions
 * it calls, so the passes never run on one function alone. NULL `options`
 * are the defaults (every field zero); NULL `stats` are not reported.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_MLIR_H
#define AMDSYNC_MLIR_H

#include <stdbool.h>
#include "amdsync/stats.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  /// Chip name ("gfx942"); NULL or "" takes it from the enclosing
  /// gpu.module's #rocdl.target.
  const char *target;
  /// "minimize", "disjoint" or NULL/"" for the target's default.
  const char *strategy;
  /// existing=replace: the barrier pass first removes the input's barriers
  /// that order only LDS (`amdgpu.lds_barrier`, and `rocdl.s.barrier`
  /// between fences limited to LDS by their MMRA) and places its own;
  /// barriers that also order other memory stay (as on the LLVM side).
  bool replace_existing;
  /// Treat write-after-write between distinct plain stores as a hazard.
  bool waw_hazards;
  /// Emit a remark per inserted barrier naming the hazard it orders.
  bool remarks;
  /// Receives remarks (and nothing else). NULL: remarks are dropped.
  void (*remark)(void *ctx, MlirLocation loc, const char *message);
  void *remark_ctx;
} AmdsyncMlirOptions;

/// What a run did (amdsync/stats.h, the same struct on both sides).
typedef AmdsyncStats AmdsyncMlirStats;

/// Runs `amdsync-lds-barriers` on every function under `root`.
MlirLogicalResult amdsyncMlirRunLdsBarriers(MlirOperation root,
                                            const AmdsyncMlirOptions *options,
                                            AmdsyncMlirStats *stats);

/// Runs `amdsync-waitcnt` on every function under `root`.
MlirLogicalResult amdsyncMlirRunWaitcnt(MlirOperation root,
                                        const AmdsyncMlirOptions *options,
                                        AmdsyncMlirStats *stats);

/// Runs `amdsync-verify` on every function under `root`.
MlirLogicalResult amdsyncMlirRunVerify(MlirOperation root,
                                       const AmdsyncMlirOptions *options,
                                       AmdsyncMlirStats *stats);

/// Runs the `amdsync` pipeline on every function under `root`: the barrier
/// pass and then the wait pass on each function, on one translation of it,
/// and once every function has its barriers and waits, `amdsync-verify`
/// (its own translation). The checker does not run after a failure.
MlirLogicalResult amdsyncMlirRun(MlirOperation root,
                                 const AmdsyncMlirOptions *options,
                                 AmdsyncPipelineStats *stats);

/// Creates the passes with textual options ("target=gfx942 strategy=..."),
/// exactly as in a pass pipeline. Ownership of the pass goes to the caller
/// (normally to the pass manager it is added to). Defined in the plugin.
/// Options that do not parse (or a NULL `options.data` with a non-zero
/// length) return a null pass (`.ptr == NULL`) after a message
/// on stderr. The pass runs on builtin.module and gpu.module ops
/// only (see amdsyncMlirRun* above).
MlirPass amdsyncMlirCreateLdsBarriersPass(MlirStringRef options);
MlirPass amdsyncMlirCreateVerifyPass(MlirStringRef options);
MlirPass amdsyncMlirCreateWaitcntPass(MlirStringRef options);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_MLIR_H */
