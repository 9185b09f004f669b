/*===- frontend.h - LLVM IR front end internals ------------------*- C -*-===*
 *
 * Shared by the files of the LLVM IR front end only: how a function becomes
 * an AmdsyncProgram (translate.c), where its pointers may point
 * (pointers.c), which loops run a constant number of times (loops.c),
 * which values are workgroup-uniform (uniformity.c), what goes back into
 * the IR (emit.c), and the pass bodies (passes.c). Nothing here is shared
 * with the MLIR front end but the core and the intrinsic table: the second,
 * independent translation brief §5 asks for.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_LLVM_FRONTEND_H
#define AMDSYNC_LLVM_FRONTEND_H

#include "amdsync/analysis.h"
#include "amdsync/index.h"
#include "amdsync/cfg.h"
#include "amdsync/llvm.h"
#include "amdsync/counters.h"
#include "amdsync/target.h"
#include "amdsync/waits.h"
#include "../shared/intrinsics.h"

#include "llvm-c/Target.h"

/// The fence vocabulary of a module's context, looked up on first need
/// (translate.c, fenceOrdersLds): the sync scope IDs a fence that orders
/// LDS may carry and the MMRA metadata kind. Each lookup is a string-map
/// search in the context; a function's barriers ask for them twice each.
typedef struct {
  bool known;
  unsigned system, agent, workgroup, wavefront, mmra;
} AmdsyncLlvmFenceIds;

/// What a pass run asks of the whole module once: whether an LDS pointer
/// escapes SSA values (amdsyncLlvmLdsEscapes), asked on first need (most
/// functions never trace a flat pointer from memory, a call or a
/// parameter), and the context's fence vocabulary.
typedef struct {
  int state; ///< -1 not asked yet, else 0 or 1
  LLVMModuleRef module;
  AmdsyncLlvmFenceIds fences; ///< zero: not looked up yet
} AmdsyncLlvmEscapes;

/// What the uniformity analysis finds in one function (uniformity.c).
typedef struct {
  AmdsyncPtrMap divergent; ///< value -> 1: may differ between lanes
  /// instruction -> 1: it uses, outside a loop that lanes leave by a
  /// divergent branch, a value of that loop (amdsyncLlvmTemporal)
  AmdsyncPtrMap temporal;
  AmdsyncPtrMap temporal_use; ///< the uses (LLVMUseRef) that make `temporal`
} AmdsyncLlvmUniformity;

typedef struct {
  AmdsyncArena *arena;
  AmdsyncProgram *program;
  const AmdsyncTarget *target;
  LLVMValueRef func;
  /// The kernel whose launch runs `func` (amdsyncLlvmLaunchingKernel), or
  /// NULL: a helper.
  LLVMValueRef launch;
  /// A helper translated for one call (passes.c, helperWritesSameBytes):
  /// bit k set when argument k is the same in every lane there; the
  /// uniformity analysis then does not count parameter k as a divergent
  /// source. 0 otherwise.
  uint64_t uniform_params;
  const AmdsyncLlvmOptions *options;
  AmdsyncPtrMap block_of;    ///< LLVMBasicBlockRef -> model block id
  AmdsyncPtrMap resource_of; ///< root global or argument -> resource index
  int unknown_resource;      ///< -1 until needed
  /// LDS global -> its byte offset in its group, the resource of the
  /// globals one pointer may select between (amdsyncLlvmGroupLds)
  AmdsyncPtrMap group_base;
  AmdsyncPtrMap group_bytes; ///< LDS global in a group -> the group's size
  /// pointer phi -> 1 + index in phi_forms: its offset in its resource and
  /// the object it is based on (pointers.c phiForm, PhiForm); 0: none
  AmdsyncPtrMap phi_form;
  AmdsyncPtrVec phi_forms;
  /// the first of two pointer phis that swap -> their flag's variable
  /// (pointers.c swapForm)
  AmdsyncPtrMap swap_flag;
  /// The kernel's LDS pointer arguments each point to a buffer of their own
  /// (an OpenCL kernel's `__local` arguments): AMDSYNC_RES_ARGUMENT_ALLOCATION.
  bool arguments_apart;
  /// The uniformity analysis's answers (amdsyncLlvmSolveUniformity), in
  /// `arena`, or the barrier pass's, kept for the checker's translation
  /// (amdsyncLlvmKeepUniformity), in the run's.
  AmdsyncLlvmUniformity uniformity;
  AmdsyncPtrMap symbol_of;   ///< value -> its index symbol's variable, or -1
  /// private slot -> 1 + index in slot_counters, or 0: no loop counter
  /// (pointers.c slotCounterOf)
  AmdsyncPtrMap slot_counter;
  AmdsyncPtrVec slot_counters; ///< the slots' counters (SlotCounter)
  /// loop header -> 1 + index in iterations, or 0: no iteration table
  /// (iterations.c)
  AmdsyncPtrMap iteration_of;
  AmdsyncPtrVec iterations;
  /// While amdsyncLlvmIndexCases evaluates one iteration: the table and
  /// the row whose counter values the index forms take (NULL: none).
  const struct AmdsyncLlvmIterations *case_table;
  int case_row;
  /// The access whose address is being formed (translate.c access), or
  /// NULL: an `xor` of a thread id takes its form from the guards every
  /// path to it passes (pointers.c xorForm).
  LLVMValueRef form_at;
  /// The graph of the function's blocks alone, analyzed (dominators,
  /// predecessors: amdsyncCfgAnalyze), block i being the one block_of maps
  /// to i: made on first need (amdsyncLlvmBlockGraph) by the uniformity
  /// analysis, at its first divergent branch, or by an iteration table,
  /// kept while the function is translated, then freed (NULL). Most
  /// kernels with uniform control flow never need it.
  AmdsyncArena *blocks_arena;
  const AmdsyncCfg *blocks;
  LLVMBasicBlockRef *blocks_bb; ///< block i of `blocks`, from the start
  int nblocks_bb;
  /// From amdsyncLlvmSolveUniformity to the end of translation: `blocks`
  /// is made when asked for.
  bool blocks_open;
  int *loop_mark; ///< iterations.c's scratch, one per block of `blocks`
  int loop_mark_now;
  LLVMTargetDataRef layout;  ///< the module's data layout (owned)
  /// The workgroup's threads per dimension (0: unknown), known before
  /// translation: a thread id of a dimension of one thread is 0 in forms.
  /// At most (a `range` on the work-item ids), or exactly where
  /// `extent_exact` (`!reqd_work_group_size`): only then is
  /// __ockl_get_local_size(d) extent[d].
  int64_t extent[3];
  bool extent_exact;
  AmdsyncPtrVec inserted;    ///< instructions emit.c inserted
  AmdsyncPtrMap barrier_callee; ///< function -> 1: may execute a barrier
  /// function -> 1: its body touches no memory but its own allocas, calls
  /// only such functions and intrinsics of no memory, has no barrier
  /// (memoryFreeCallee); 0: it may.
  AmdsyncPtrMap memfree_callee;
  /// function -> 1: memory-free (as memfree_callee) and calling only
  /// uniform queries and such functions: its result is uniform where its
  /// arguments are (uniformity rule 6); 0: it may not be.
  AmdsyncPtrMap uniform_helper;
  /// function -> AmdsyncBarrierHelper + 1 (barrierHelperOf): whether a call
  /// of it is one workgroup barrier, and with which fences.
  AmdsyncPtrMap barrier_helper;
  /// Whether a call through a pointer may execute a barrier (AmdsyncMemo).
  int indirect_barrier;
  /// Some LDS pointer of the module is stored to memory, passed to a
  /// function or returned: then a flat pointer loaded from memory, returned
  /// by a call or received by a non-kernel function may address LDS.
  AmdsyncLlvmEscapes *escapes; ///< the caller's, shared by its translations
  /// llvm.memset/memcpy/memmove calls into LDS whose destination is the
  /// same in every lane and whose written values may differ between lanes
  /// (model nodes; amdsyncLlvmCheckSameBytes).
  AmdsyncPtrVec same_bytes_other_values;
  /// What this translation is for, in the pipeline trace ("placement",
  /// "checker", ...): set by the pass before amdsyncLlvmTranslate.
  const char *purpose;
  int errors;
} AmdsyncLlvmFunction;

/// Whether module `m` declares dynamic LDS (an LDS global of no size, HIP's
/// `extern __shared__`): placed where the runtime's LDS buffers start, it
/// may overlap an OpenCL `__local` argument's buffer.
bool amdsyncLlvmModuleHasDynamicLds(LLVMModuleRef m);

/// The intrinsic `call` calls, from the shared table, or NULL (not a call
/// of a known intrinsic). `*name` gets the callee's name ("" if indirect).
const AmdsyncIntrinsic *amdsyncLlvmCalledIntrinsic(LLVMValueRef call,
                                                    const char **name,
                                                    size_t *length);

/// Makes the LDS globals one pointer of the function may select between
/// one resource each group (their hazards unchanged: pointers.c), before
/// translation names any resource.
void amdsyncLlvmGroupLds(AmdsyncLlvmFunction *fn);

/// Builds the function's graph into fn->program (after the uniformity of
/// its values is known: amdsyncLlvmSolveUniformity). False after an error.
bool amdsyncLlvmTranslate(AmdsyncLlvmFunction *fn);
/// Whether `name` (`len` bytes) is one of the bulk memory intrinsics
/// (llvm.memset, memcpy, memmove, and the .inline forms) whose writes of
/// the same bytes in every lane the same-bytes checks look for.
bool amdsyncLlvmIsBulkWrite(const char *name, size_t len);

/// After finalize, in a kernel: an error at each llvm.memset/memcpy/memmove
/// that every lane runs (not in divergent control flow) into the same LDS
/// bytes with values that may differ between lanes. Returns how many.
int amdsyncLlvmCheckSameBytes(AmdsyncLlvmFunction *fn);

/// Whether an LDS address of module `m` escapes SSA values: some value
/// holding one (in any type) has a use that is not known to keep it
/// (pointers.c lists the uses that do; anything else escapes).
bool amdsyncLlvmLdsEscapes(LLVMModuleRef m);

/// The optimistic fixpoint of uniformity over the function's values
/// (uniformity.c): fills fn->uniformity. With `kept` (NULL: none), the
/// answers amdsyncLlvmKeepUniformity kept from an earlier translation of
/// the function with the same options, which no pass changed since but
/// by inserting barriers, fences and waits, are taken instead of solving
/// (debug builds solve too and assert they agree).
void amdsyncLlvmSolveUniformity(AmdsyncLlvmFunction *fn,
                                const AmdsyncLlvmUniformity *kept);

/// Copies fn->uniformity into `arena` for a later translation of the
/// function (the checker's, after the barrier pass), which may see
/// barriers, fences and waits inserted since (no answer is asked about
/// those after the analysis) but no instruction deleted: its keys must
/// stay live values.
void amdsyncLlvmKeepUniformity(const AmdsyncLlvmFunction *fn,
                               AmdsyncArena *arena, AmdsyncLlvmUniformity *out);

/// The graph of the function's blocks alone, analyzed
/// (AmdsyncLlvmFunction.blocks), made on the first call while the function
/// is translated; NULL before amdsyncLlvmSolveUniformity and after
/// translation.
const AmdsyncCfg *amdsyncLlvmBlockGraph(const AmdsyncLlvmFunction *fn);

/// Function `f`'s metadata attachment of kind `name` as a value, or NULL.
LLVMValueRef amdsyncLlvmFunctionMetadata(LLVMValueRef f, const char *name);
/// The `!range` metadata of instruction `inst` (a load or a call): how many
/// [a, b) intervals it lists, each read signed with 0 <= a < b, and their
/// hull [*lo, *end); 0 (and nothing written) when there is none or one
/// wraps or is not read (the one reader of `!range` for both its users).
int amdsyncLlvmRangeMetadata(LLVMValueRef inst, int64_t *lo, int64_t *end);

/// The kernel whose launch runs function `f`: `f` itself when it is a
/// kernel (the amdgpu_kernel calling convention), the kernel K when `f` is
/// the body clang emits for OpenCL kernel K (`__clang_ocl_kern_imp_K`, both
/// with OpenCL's kernel metadata, of one type) that nothing in the module
/// calls but K's entry block, with K's own parameters (directly, or
/// through the private slots of clang -O0) — K's stub, or nothing once it
/// was inlined — else NULL. Such a body runs in every lane of K's
/// workgroups with K's arguments: they are uniform there, as in K
/// (uniformity.c rule 2). A call of it from another module (a kernel
/// called as a function there) is outside what this can see: docs/usage.md
/// says to check such a linked program again.
LLVMValueRef amdsyncLlvmLaunchingKernel(LLVMValueRef f);
/// Whether `f` is the body clang emits for an OpenCL kernel
/// (`__clang_ocl_kern_imp_K`, with OpenCL's kernel metadata), which clang
/// gives its kernel's size attributes: they hold where it runs as its
/// kernel (amdsyncLlvmLaunchingKernel), not where another kernel calls it.
bool amdsyncLlvmIsOpenclKernelBody(LLVMValueRef f);

/// True when `v` has the same value in every lane of the workgroup.
bool amdsyncLlvmIsUniform(const AmdsyncLlvmFunction *fn, LLVMValueRef v);
/// Whether instruction `user` reads, outside a loop that lanes leave by a
/// divergent branch, a value defined in that loop (rule 4): lanes left in
/// different iterations, so a loop value it reads is no symbol there, even
/// where the value is uniform inside the loop.
bool amdsyncLlvmTemporal(const AmdsyncLlvmFunction *fn, LLVMValueRef user);
/// Whether `user` reads `value` so (amdsyncLlvmTemporal, for that operand).
bool amdsyncLlvmTemporalOperand(const AmdsyncLlvmFunction *fn,
                                LLVMValueRef user, LLVMValueRef value);

/// Whether defined function `f` touches no memory but its own allocas and
/// the dispatch packet, kernel arguments and constant globals
/// (amdsyncLlvmDispatchConstant), calls only such functions and intrinsics
/// of no memory, and runs no barrier (translate.c; memoized in
/// fn->memfree_callee).
bool amdsyncLlvmMemoryFree(AmdsyncLlvmFunction *fn, LLVMValueRef f);

/// Whether `p` addresses, through GEPs, memory no lane writes while the
/// kernel runs: the dispatch packet, the kernel's arguments (kernarg
/// segment, byref arguments) or a constant address space 4 global; not
/// any address space 4 pointer (translate.c).
bool amdsyncLlvmDispatchConstant(LLVMValueRef p);

/// Reports an error at `inst` (NULL: the function) and counts it.
void amdsyncLlvmError(AmdsyncLlvmFunction *fn, LLVMValueRef inst,
                      const char *message);

/// existing=replace: removes the barriers that order only LDS (fence,
/// s.barrier, fence, all "local" by MMRA) into `removed` (groups of four:
/// the three instructions and the one after them); returns how many.
int amdsyncLlvmRemoveLdsOnlyBarriers(LLVMValueRef func, AmdsyncArena *arena,
                                     AmdsyncPtrVec *removed,
                                     AmdsyncLlvmEscapes *escapes);
/// Puts removed barriers back where they were.
void amdsyncLlvmRestoreBarriers(LLVMValueRef func, AmdsyncPtrVec *removed);
/// Deletes removed barriers for good.
void amdsyncLlvmDeleteRemoved(AmdsyncPtrVec *removed);
/// The release fence that makes `barrier` (a barrier or split signal call)
/// order LDS: the fence before it, neutral instructions skipped but not
/// counter waits; NULL when there is none. A wait that publishes async
/// transfers at the barrier goes before it (spec/amdgpu-async-operations.txt).
LLVMValueRef amdsyncLlvmReleaseFenceOf(LLVMValueRef barrier, bool wave,
                                       AmdsyncLlvmEscapes *escapes);

/*===--- pointers.c ---===*/

/// A pointer, or a vector of pointers.
bool amdsyncLlvmIsPointerLike(LLVMTypeRef t);
/// Whether pointer `p` may address LDS (`escapes`: the module's, asked
/// only if needed; NULL: taken not to escape).
/// amdsyncLlvmLdsEscapes).
bool amdsyncLlvmMayBeLds(LLVMValueRef p, AmdsyncLlvmEscapes *escapes);
/// The resource of LDS pointer `p`: its one root's, else unknown memory.
int amdsyncLlvmResourceOf(AmdsyncLlvmFunction *fn, LLVMValueRef p);
/// The resource that aliases everything (created on first need).
int amdsyncLlvmUnknownResource(AmdsyncLlvmFunction *fn);
/// Where an access at `p` sits in its resource (amdsyncLlvmConstantRange).
typedef enum {
  AMDSYNC_LLVM_RANGE_WHOLE,   ///< not a constant offset: the whole resource
  AMDSYNC_LLVM_RANGE_KNOWN,   ///< [*lo, *hi) inside its global
  AMDSYNC_LLVM_RANGE_OUTSIDE, ///< past its global (after wrapping): it may
                              ///< address any other LDS: unknown memory
} AmdsyncLlvmRange;
/// The bytes an access of `size` bytes (0: unknown) at `p` touches in the
/// global `p` points into: constant GEPs and casts, each step's address
/// modulo its address space's width (LDS: 32 bits), checked against the
/// global's size (dynamic LDS: any chip's LDS size).
AmdsyncLlvmRange amdsyncLlvmConstantRange(const AmdsyncLlvmFunction *fn,
                                          LLVMValueRef p, int64_t size,
                                          int64_t *lo, int64_t *hi);

/*===--- loops.c ---===*/

/// Edits of the model's edges for counted loops: a redirection (`target`)
/// or a drop (-1) of the edge from a block to `to`; a list per block.
typedef struct {
  int to, target, next;
} EdgeEdit;

typedef struct {
  AmdsyncLlvmFunction *fn;
  int *first; /* block id -> its first edit, or -1 */
  EdgeEdit *edits;
  int count, capacity;
} EdgeEdits;

/// Finds the counted loops of the function (blocks `bbs`, in model order)
/// and records their trip counts and edge edits in `e`.
void amdsyncLlvmCountLoops(AmdsyncLlvmFunction *fn, LLVMBasicBlockRef *bbs,
                           EdgeEdits *e);
/// Where the edge from block `from` to block `to` goes: `to`, another
/// block, or -1 when it is dropped.
int amdsyncLlvmEditedTarget(const EdgeEdits *e, int from, int to);

/// The guards (amdsync/cfg.h) that i1 `cond` puts on the threads for which
/// it is `holds`: icmp of a thread id with constants or symbols, and
/// `and`/`or` (or their select forms) of such. Writes at most `max`, returns how many.
int amdsyncLlvmGuards(const AmdsyncLlvmFunction *fn, LLVMValueRef cond,
                      bool holds, AmdsyncGuard *out, int max);
/// The guard a `switch` on `v` puts on the threads that take its case of
/// value `value` (a ConstantInt): v == value, where `v` is a thread id form
/// exact at its width. False when it bounds no thread id.
bool amdsyncLlvmCaseGuard(const AmdsyncLlvmFunction *fn, LLVMValueRef v,
                          LLVMValueRef value, AmdsyncGuard *out);

/// Issue 21: the byte offset of LDS pointer `p` into its global (`*global`)
/// as a linear form over the thread ids and index symbols (amdsync/index.h;
/// a uniform phi of known range becomes one, amdsyncProgramAddSymbol),
/// exact (no 32-bit wrap) for every thread id up to 1023, every symbol
/// value in its range and an access of `size` bytes; false when it is not
/// one. Before finalize (it may add symbols).
bool amdsyncLlvmIndexForm(const AmdsyncLlvmFunction *fn, LLVMValueRef p,
                          int64_t size, LLVMValueRef *global,
                          AmdsyncLinear *out);

/// As amdsyncLlvmIndexForm, for an offset that is linear only once the
/// counters of a loop with an iteration table (iterations.c) have their
/// values: the forms for each of the loop's `*ncases` iterations (into
/// `out`, room for AMDSYNC_LLVM_MAX_CASES) and the symbol numbering them
/// (`*case_var`, amdsyncAccessSetCases). False when the offset reads no
/// such counter, or an iteration's offset has no form. `at`, the access's
/// block: in a row it never runs in (amdsyncLlvmIterationRowsSkipped) its
/// case is a copy of a row it runs in (any form would do: no pair meets
/// there; a copy adds no pair that does not meet elsewhere).
enum { AMDSYNC_LLVM_MAX_CASES = 64 };
bool amdsyncLlvmIndexCases(const AmdsyncLlvmFunction *fn, LLVMValueRef p,
                           LLVMBasicBlockRef at, int64_t size,
                           LLVMValueRef *global, AmdsyncLinear *out,
                           int *ncases, int *case_var);
/// The guards of each iteration that i1 `cond` puts on the threads for
/// which it is `holds`, where it reads a counter of a loop with an
/// iteration table: amdsyncLlvmGuards with the counters of each row as
/// constants, each tagged with the iteration symbol and the row
/// (AmdsyncGuard.case_var, case_k). Writes at most `max`; 0 when the
/// condition reads no such counter or the guards would not fit.
enum { AMDSYNC_LLVM_MAX_CASE_GUARDS = 128 };
int amdsyncLlvmCaseGuards(const AmdsyncLlvmFunction *fn, LLVMValueRef cond,
                          bool holds, AmdsyncGuard *out, int max);
/// The value of integer `v` when its index form is a constant (a workgroup
/// size that is known, a slot stored once); false otherwise.
bool amdsyncLlvmConstantValue(const AmdsyncLlvmFunction *fn, LLVMValueRef v,
                              int64_t *out);

/*===--- iterations.c ---===*/

/// A loop whose counters take known values at each start of its header.
typedef struct AmdsyncLlvmIterations AmdsyncLlvmIterations;
/// The iteration table of the loop `header` heads, or NULL (made once).
const AmdsyncLlvmIterations *
amdsyncLlvmIterationTable(const AmdsyncLlvmFunction *fn,
                          LLVMBasicBlockRef header);
/// How many rows table `it` has: the starts of its header in one entry of
/// its loop, or in every entry, one per row of the table around it.
int amdsyncLlvmIterationCount(const AmdsyncLlvmIterations *it);
/// The rows (bit k: row k) in which block `bb` never runs: the final rows
/// of a loop that only its header's test leaves, for a block of the loop
/// other than the header (that row is the test that fails); 0 otherwise
/// (a block after the loop runs in them alone). During translation.
uint64_t amdsyncLlvmIterationRowsSkipped(const AmdsyncLlvmFunction *fn,
                                         const AmdsyncLlvmIterations *it,
                                         LLVMBasicBlockRef bb);
/// Calls `each` with the edges into the blocks on the dominator chain of
/// `bb` (itself first) that have one predecessor, each an edge every path
/// to `bb` takes, innermost first, until `each` returns true (then true).
/// During translation only (the uniformity analysis's graph).
bool amdsyncLlvmDominatingEdges(const AmdsyncLlvmFunction *fn,
                                LLVMBasicBlockRef bb,
                                bool (*each)(LLVMBasicBlockRef from,
                                             LLVMBasicBlockRef to, void *ctx),
                                void *ctx);
/// How many counters table `it` has (an outer table's among them).
int amdsyncLlvmCounterCount(const AmdsyncLlvmIterations *it);
/// The value of counter `phi` at start `row`; false when `phi` is none.
bool amdsyncLlvmCounterValue(const AmdsyncLlvmIterations *it, int row,
                             LLVMValueRef phi, int64_t *out);
/// Whether block `a` dominates block `b`, on the uniformity analysis's
/// graph of the blocks (AmdsyncLlvmFunction.blocks); false when either is
/// unreachable, or once translation has ended (the graph is gone).
bool amdsyncLlvmDominates(const AmdsyncLlvmFunction *fn, LLVMBasicBlockRef a,
                          LLVMBasicBlockRef b);
/// How many edges enter block `b`.
int amdsyncLlvmPredecessorCount(const AmdsyncLlvmFunction *fn,
                                LLVMBasicBlockRef b);
/// The symbol numbering the loop's iterations (range [0, count - 1],
/// defined at the header as its phis are), made on first use; -1 after
/// finalize.
int amdsyncLlvmIterationSymbol(const AmdsyncLlvmFunction *fn,
                               const AmdsyncLlvmIterations *it);

/*===--- emit.c ---===*/

/// Completes every input barrier written without its fences (MMRA local).
bool amdsyncLlvmCompleteFences(AmdsyncLlvmFunction *fn,
                               AmdsyncLlvmStats *stats);
/// Inserts schedule `s` (of `r`), giving each op its call
/// (AmdsyncEmitOp.origin); false after an error.
bool amdsyncLlvmEmit(AmdsyncLlvmFunction *fn, AmdsyncEmitSchedule *s,
                     const AmdsyncPlacementResult *r, AmdsyncLlvmStats *stats);
/// Inserts the counter waits of `r`, giving each its call
/// (AmdsyncWaitPlacement.origin); false after an error.
bool amdsyncLlvmEmitWaits(AmdsyncLlvmFunction *fn, AmdsyncWaitResult *r,
                          AmdsyncLlvmStats *stats);
/// Erases the asyncmark and wait.asyncmark calls `r` lowered (after its
/// waits are in place: they may stand before a lowered call).
void amdsyncLlvmEraseLowered(const AmdsyncWaitResult *r,
                             AmdsyncLlvmStats *stats);
/// Erases the instructions inserted after the first `mark`.
void amdsyncLlvmEraseInsertedSince(AmdsyncLlvmFunction *fn, int mark);

/// The core's diagnostics callbacks (AmdsyncDiagnostics): an error at an
/// instruction, and a short description of one.
void amdsyncLlvmReportAt(void *ctx, void *origin, const char *message);
/// An error with notes at other instructions (AmdsyncDiagnostics
/// .error_notes): through the options' note callback, else an error each.
void amdsyncLlvmErrorWithNotes(void *ctx, void *origin, const char *message,
                               int n, void *const *others,
                               const char *const *notes);
/// An error in divergent control flow (AmdsyncDiagnostics.divergent): the
/// error, then a note at `branch` saying why it diverges.
void amdsyncLlvmDivergentAt(void *ctx, void *origin, const char *message,
                            void *branch);
/// Whether `v` is a work-item id: llvm.amdgcn.workitem.id.{x,y,z}, or a
/// trusted local-id query (get_local_id, __ockl_get_local_id) of a constant
/// dimension, as the index forms read them (pointers.c).
bool amdsyncLlvmIsThreadId(LLVMValueRef v);
/// Why `v` may differ between lanes, following divergent operands back to
/// a source (a thread id, an argument of a function that is not a kernel,
/// a load, a call), into `buf` (uniformity.c).
void amdsyncLlvmWhyDivergent(const AmdsyncLlvmFunction *fn, LLVMValueRef v,
                             char *buf, int size);
void amdsyncLlvmDescribe(void *ctx, void *origin, char *buf, int size);

#endif /* AMDSYNC_LLVM_FRONTEND_H */
