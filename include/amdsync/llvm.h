/*===- amdsync/llvm.h - amdsync on LLVM IR (C API) ----------------*- C -*-===*
 *
 * The LLVM IR front end: the same core as the MLIR side (the control-flow
 * graph, the hazard analysis, the checker), reading LLVM IR through the
 * LLVM C API, and the shared table of intrinsic semantics
 * (passes/shared/intrinsics.h): the barrier pass (`amdsync-lds-barriers`),
 * the wait pass (`amdsync-waitcnt`) and the checker (`amdsync-verify`), which shares no translation code with
 * the MLIR front end, so that an MLIR kernel lowered to LLVM IR is checked a
 * second time independently.
 *
 * Ownership: nothing the caller passes is retained after a call returns.
 *
 * Handles: NULL `options` are the defaults (every field zero: the
 * function's "target-cpu", no report, no remarks); NULL `stats` are not
 * reported. A NULL `module`, a NULL `func` or a `func` that is not a
 * function (a global variable, an instruction, ...) returns false, changes
 * nothing and counts one violation in `stats`; the message ("amdsync:
 * <entry point>: the function is NULL; nothing was run") goes to
 * `options->report` with a NULL function and instruction, or to stderr
 * when there is no report callback.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_LLVM_H
#define AMDSYNC_LLVM_H

#include "llvm-c/Core.h"

#include <stdbool.h>
#include "amdsync/stats.h"
#include "amdsync/version.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  /// Chip ("gfx942"); NULL or "" takes the function's "target-cpu".
  const char *target;
  /// "minimize", "disjoint" or NULL/"" for the target's default.
  const char *strategy;
  /// existing=replace: the barrier pass first removes the input's barriers
  /// that order only LDS (their fences are limited to "local" by MMRA, as
  /// OpenCL's barrier(CLK_LOCAL_MEM_FENCE) is written) and places its own;
  /// barriers that also order other memory stay.
  bool replace_existing;
  /// Treat write-after-write between distinct plain stores as a hazard
  /// (waw-hazards, as on the MLIR side).
  bool waw_hazards;
  /// workgroup-dims=N (1, 2): the user's statement that kernels run in
  /// workgroups of N dimensions, the others one thread wide, where the
  /// kernel states no extent there (`!reqd_work_group_size`); a HIP
  /// kernel has no way to state it. 0 or 3: no statement.
  int workgroup_dims;
  /// error-limit=N: the most errors the analysis reports at one function
  /// in one pass (the hazards it cannot order, the checker's violations);
  /// the rest are said in one error at the function, and counted in
  /// `violations` wherever the reported ones are. 0: the default, 20 (as
  /// clang's -ferror-limit); negative: no limit.
  int error_limit;
  /// Receives each error at an instruction (or at the function when
  /// `inst` is NULL; both are NULL for a handle an entry point cannot use).
  /// NULL: errors are only counted (bad handles are printed on stderr).
  void (*report)(void *ctx, LLVMValueRef func, LLVMValueRef inst,
                 const char *message);
  /// Receives a note that explains the error reported just before it, at
  /// the instruction it is about: a hazard's other access, the branch that
  /// makes a barrier's control flow divergent and why. NULL: the notes'
  /// text is appended to the error's message instead (one error either
  /// way).
  void (*note)(void *ctx, LLVMValueRef func, LLVMValueRef inst,
               const char *message);
  /// Receives a remark per inserted barrier or split wait, at the inserted
  /// call, naming the hazard it orders. NULL: no remarks.
  void (*remark)(void *ctx, LLVMValueRef func, LLVMValueRef inst,
                 const char *message);
  void *ctx;
  /// Receives, instead of `remark`, each inserted barrier's (or split
  /// wait's) remark as its parts: `what` ("barrier", ...), and the `n`
  /// hazard windows it orders, each its kind ("RAW", "loop-carried WAR"),
  /// its resource's name and its two accesses (the latest producer, the
  /// consumer): for remarks with an argument per access (opt-viewer links
  /// them). NULL: `remark` (text).
  void (*remark_hazards)(void *ctx, LLVMValueRef func, LLVMValueRef inst,
                         const char *what, int n, const char *const *kinds,
                         const char *const *resources,
                         const LLVMValueRef *producers,
                         const LLVMValueRef *consumers);
  /// Receives the explanations at instruction `inst`: `kind` "analysis" (a
  /// pair of accesses that conflict by their buffers but that an index
  /// proof keeps apart, so no barrier; `name` the rule: "thread-private",
  /// "disjoint", "listed") or "missed" (a barrier whose window had a
  /// position executed less often where no barrier may stand; `name`
  /// "divergent-position" or "unplaceable-position"). NULL: none are
  /// computed.
  void (*explain)(void *ctx, LLVMValueRef func, LLVMValueRef inst,
                  const char *kind, const char *name, const char *message);
  /// The barrier pass's picture, as on the MLIR side (amdsync/mlir.h):
  /// NULL or "" draws none; else each function's goes to
  /// `<stem>.<function>.svg`. A file that cannot be written is an error at
  /// the function.
  const char *picture;
} AmdsyncLlvmOptions;

/// What a run did (amdsync/stats.h, the same struct on both sides).
typedef AmdsyncStats AmdsyncLlvmStats;

/// Runs `amdsync-lds-barriers` on function `func` (a declaration is
/// skipped): the fewest barriers (split signal/wait on GFX12) that order
/// every LDS hazard, the waits that publish async transfers at them, and
/// fences completing input barriers written without them. Returns false
/// after an error; the function is then left as it was.
AMDSYNC_API bool amdsyncLlvmPlaceFunction(LLVMValueRef func,
                              const AmdsyncLlvmOptions *options,
                              AmdsyncLlvmStats *stats);

/// Runs `amdsync-waitcnt` on function `func` (a declaration is skipped):
/// before each access that conflicts with an outstanding asynchronous LDS
/// transfer, and before each barrier that publishes one, the counter wait
/// with the largest safe count; `llvm.amdgcn.asyncmark` and
/// `llvm.amdgcn.wait.asyncmark` calls (not intrinsics of LLVM 22: llc would
/// call them) are lowered to counter waits and erased. Returns false after
/// an error; the function is then left as it was.
AMDSYNC_API bool amdsyncLlvmWaitcntFunction(LLVMValueRef func,
                                const AmdsyncLlvmOptions *options,
                                AmdsyncLlvmStats *stats);

/// Runs `amdsync-verify` on function `func` (a declaration is skipped).
/// Returns true when it is clean; adds to `stats` (may be NULL).
AMDSYNC_API bool amdsyncLlvmVerifyFunction(LLVMValueRef func,
                               const AmdsyncLlvmOptions *options,
                               AmdsyncLlvmStats *stats);

/// Runs `amdsync-lds-barriers` on every function definition of `module`;
/// true when every one was synchronized.
AMDSYNC_API bool amdsyncLlvmRunLdsBarriers(LLVMModuleRef module,
                               const AmdsyncLlvmOptions *options,
                               AmdsyncLlvmStats *stats);

/// Runs `amdsync-waitcnt` on every function definition of `module`; true
/// when every one got its waits. Declarations of the asyncmark functions
/// left without a use are deleted.
AMDSYNC_API bool amdsyncLlvmRunWaitcnt(LLVMModuleRef module,
                           const AmdsyncLlvmOptions *options,
                           AmdsyncLlvmStats *stats);

/// Runs `amdsync-verify` on every function definition of `module`; true
/// when all are clean.
AMDSYNC_API bool amdsyncLlvmRunVerify(LLVMModuleRef module,
                          const AmdsyncLlvmOptions *options,
                          AmdsyncLlvmStats *stats);

/// Runs the `amdsync` pipeline on `module`: the barrier pass and then the
/// wait pass on each function definition, on one translation of it, and
/// once every function has its barriers and waits, `amdsync-verify` (its
/// own translation). A pass does not run after one that failed; true when
/// all three succeeded.
AMDSYNC_API bool amdsyncLlvmRun(LLVMModuleRef module, const AmdsyncLlvmOptions *options,
                    AmdsyncPipelineStats *stats);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_LLVM_H */
