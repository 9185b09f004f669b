/*===- amdsync/mlir.h - amdsync passes on the MLIR C API --------*- C -*-===*
 *
 * Entry points for kernel generators and for the plugin shim.
 *
 *  - amdsyncMlirRun* run a pass body on a module: every func.func, gpu.func
 *    and llvm.func nested under `root`, a builtin.module or gpu.module, is
 *    processed. They return failure after emitting diagnostics at the
 *    offending ops.
 *  - amdsyncMlirCreate*Pass build an `MlirPass` to add to an
 *    `MlirOpPassManager`; amdsyncMlirRegisterPasses makes the four passes
 *    known to mlirParsePassPipeline ("builtin.module(amdsync{...})").
 *  - amdsyncMlirLoadDialect loads the amdsync dialect (asyncmark,
 *    wait_asyncmark) into a context.
 *
 * Link: libamdsync (`find_package(AmdSync)` and target AmdSync::amdsync,
 * or `pkg-config --libs amdsync`), which also exports the LLVM side
 * (amdsync/llvm.h); docs/usage.md gives the link lines.
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
#include "amdsync/version.h"
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
  /// workgroup-dims=N (1, 2): the user's statement that kernels run in
  /// workgroups of N dimensions, the others one thread wide, where the
  /// kernel states no extent there (`known_block_size`,
  /// `rocdl.reqd_work_group_size`). 0 or 3: no statement.
  int workgroup_dims;
  /// error-limit=N: the most errors the analysis reports at one function
  /// in one pass (the hazards it cannot order, the checker's violations);
  /// the rest are said in one error at the function, and counted in
  /// `violations` wherever the reported ones are. 0: the default, 20 (as
  /// clang's -ferror-limit); negative: no limit.
  int error_limit;
  /// Emit a remark per inserted barrier naming the hazard it orders.
  bool remarks;
  /// Receives remarks (and nothing else). NULL: remarks are dropped.
  void (*remark)(void *ctx, MlirLocation loc, const char *message);
  void *remark_ctx;
  /// Receives the explanations, with `remark_ctx`: `kind` "analysis" (a
  /// pair of accesses that conflict by their buffers but that an index
  /// proof keeps apart, so no barrier; `name` the rule: "thread-private",
  /// "disjoint", "listed") or "missed" (a barrier whose window had a
  /// position executed less often where no barrier may stand; `name`
  /// "divergent-position" or "unplaceable-position"), at the op it is
  /// about. NULL: none are computed.
  void (*explain)(void *ctx, const char *kind, const char *name,
                  MlirLocation loc, const char *message);
  /// Called with `remark_ctx` before a pass runs on function `func`: the
  /// remarks and explanations until the next call are about it (a remark
  /// engine records the function's name). May be NULL.
  void (*function_begin)(void *ctx, MlirOperation func);
  /// The barrier pass's picture (docs/usage.md, "The picture"): NULL or ""
  /// draws none; else each function's goes to `<stem>.<function>.svg`,
  /// `<stem>` being this path without a trailing ".svg". A file that
  /// cannot be written is an error at the function.
  const char *picture;
} AmdsyncMlirOptions;

/// What a run did (amdsync/stats.h, the same struct on both sides).
typedef AmdsyncStats AmdsyncMlirStats;

/// Runs `amdsync-lds-barriers` on every function under `root`.
AMDSYNC_API MlirLogicalResult
amdsyncMlirRunLdsBarriers(MlirOperation root, const AmdsyncMlirOptions *options,
                          AmdsyncMlirStats *stats);

/// Runs `amdsync-waitcnt` on every function under `root`.
AMDSYNC_API MlirLogicalResult
amdsyncMlirRunWaitcnt(MlirOperation root, const AmdsyncMlirOptions *options,
                      AmdsyncMlirStats *stats);

/// Runs `amdsync-verify` on every function under `root`.
AMDSYNC_API MlirLogicalResult
amdsyncMlirRunVerify(MlirOperation root, const AmdsyncMlirOptions *options,
                     AmdsyncMlirStats *stats);

/// Runs the `amdsync` pipeline on every function under `root`: the barrier
/// pass and then the wait pass on each function, on one translation of it,
/// and once every function has its barriers and waits, `amdsync-verify`
/// (its own translation). The checker does not run after a failure.
AMDSYNC_API MlirLogicalResult amdsyncMlirRun(MlirOperation root,
                                             const AmdsyncMlirOptions *options,
                                             AmdsyncPipelineStats *stats);

/// Create the passes `amdsync-lds-barriers`, `amdsync-verify`,
/// `amdsync-waitcnt` and `amdsync` with textual options ("target=gfx942
/// strategy=minimize"), exactly as in a pass pipeline. Ownership of the
/// pass goes to the caller (normally to the pass manager it is added to).
/// The pass runs on builtin.module and gpu.module ops only (see
/// amdsyncMlirRun* above).
///
/// Errors: options that do not parse, or a NULL `options.data` with a
/// non-zero length, return a null pass (`.ptr == NULL`)
/// after an error diagnostic at `ctx`'s unknown location, which the
/// context's diagnostic handlers receive (mlirContextAttachDiagnosticHandler;
/// without one MLIR prints it on stderr). A null `ctx` returns a null pass
/// after a message on stderr.
AMDSYNC_API MlirPass amdsyncMlirCreateLdsBarriersPass(MlirContext ctx,
                                                      MlirStringRef options);
AMDSYNC_API MlirPass amdsyncMlirCreateVerifyPass(MlirContext ctx,
                                                 MlirStringRef options);
AMDSYNC_API MlirPass amdsyncMlirCreateWaitcntPass(MlirContext ctx,
                                                  MlirStringRef options);
AMDSYNC_API MlirPass amdsyncMlirCreatePass(MlirContext ctx,
                                           MlirStringRef options);

/// Registers the four passes in MLIR's global pass registry, so that
/// mlirParsePassPipeline and mlirOpPassManagerAddPipeline accept
/// `amdsync-lds-barriers{...}`, `amdsync-waitcnt{...}`,
/// `amdsync-verify{...}` and `amdsync{...}`. Safe to call more than once
/// and from several threads.
AMDSYNC_API void amdsyncMlirRegisterPasses(void);

/// Loads the amdsync dialect (`amdsync.asyncmark`, `amdsync.wait_asyncmark`,
/// dialect/amdsync.irdl.mlir) into `ctx`, with the IRDL dialect that
/// defines it; success at once when it is already loaded. Failure: a null
/// `ctx` (a message on stderr).
AMDSYNC_API MlirLogicalResult amdsyncMlirLoadDialect(MlirContext ctx);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_MLIR_H */
