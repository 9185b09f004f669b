/*===- frontend.h - MLIR front end internals ---------------------*- C -*-===*
 *
 * Shared by the files of the MLIR front end only: what an op means to the
 * core (ops.c), where a memref or pointer comes from (resources.c), which
 * values are workgroup-uniform (uniformity.c), how a function becomes an
 * AmdsyncProgram (translate.c) and how placements become ops (emit.c).
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_MLIR_FRONTEND_H
#define AMDSYNC_MLIR_FRONTEND_H

#include "amdsync/analysis.h"
#include "amdsync/index.h"
#include "amdsync/cfg.h"
#include "amdsync/counters.h"
#include "amdsync/waits.h"
#include "amdsync/mlir.h"
#include "amdsync/target.h"
#include "../shared/intrinsics.h"

#include <string.h>

/* Op-name helpers. Names are compared by length first, with lengths known
   at compile time: `AMDSYNC_NAME("x")` and `amdsyncOpIs(op, "x")` take
   string literals only (the `lit ""` concatenation rejects anything else). */
typedef struct {
  const char *text;
  size_t length;
} AmdsyncName;
#define AMDSYNC_NAME(lit) {lit "", sizeof(lit "") - 1}

static inline MlirStringRef amdsyncOpName(MlirOperation op) {
  return mlirIdentifierStr(mlirOperationGetName(op));
}
static inline bool amdsyncNameIs(MlirStringRef n, const char *text,
                                 size_t length) {
  return n.length == length && memcmp(n.data, text, length) == 0;
}
/// Index of `n` in `table` (`count` entries), or -1.
static inline int amdsyncNameFind(MlirStringRef n, const AmdsyncName *table,
                                  size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (amdsyncNameIs(n, table[i].text, table[i].length))
      return (int)i;
  return -1;
}
#define amdsyncOpIs(op, lit)                                                   \
  amdsyncNameIs(amdsyncOpName(op), lit "", sizeof(lit "") - 1)
static inline bool amdsyncOpHasPrefix(MlirOperation op, const char *prefix) {
  MlirStringRef n = amdsyncOpName(op);
  size_t k = strlen(prefix);
  return n.length >= k && memcmp(n.data, prefix, k) == 0;
}

/*===--- ops.c: what an op does to LDS ---------------------------------------===*/

/// Facts about types, remembered by type (types are uniqued per context):
/// deciding whether a memref is in workgroup memory means parsing the
/// workgroup `#gpu.address_space` to compare with, and its byte span means
/// computing its strided layout. Direct-mapped; owned by whoever translates
/// a function (or walks a module); zero-initialized is empty.
enum { AMDSYNC_TYPE_CACHE_SIZE = 64, AMDSYNC_MAX_RANK = 16 };
typedef enum { AMDSYNC_FACT_UNKNOWN, AMDSYNC_FACT_NO, AMDSYNC_FACT_YES } AmdsyncFact;
typedef struct {
  const void *type;
  AmdsyncFact lds;    ///< in the workgroup address space
  AmdsyncFact static_span; ///< its byte span from the base is static: `lo`, `hi`
  int64_t lo, hi;     ///< that span [lo, hi)
  /// A memref with a static shape, offset and strides (resources.c,
  /// stridedLayout): those, in elements (MLIR computes them from the
  /// layout map at every call: a sixth of the barrier pass on tiled loops).
  AmdsyncFact strided;
  int rank;
  int64_t offset;
  int64_t strides[AMDSYNC_MAX_RANK];
} AmdsyncTypeFacts;
/// What an op's name alone says about it, remembered by the uniqued name.
enum { AMDSYNC_NAME_CACHE_SIZE = 64 };
enum {
  AMDSYNC_NAME_UNDECIDED = -2, ///< the op itself must be read
  AMDSYNC_NAME_PLAIN = -1,     ///< no LDS effect by name (AMDSYNC_OP_OTHER)
  /* >= 0: the index of the op's access rule (ops.c) */
};
typedef struct {
  const void *name; ///< MlirIdentifier; NULL: empty
  int decision;
} AmdsyncNameFacts;

/// The branches into one block: (terminator, successor index) pairs.
typedef struct {
  MlirOperation *terms;
  intptr_t *succ;
  int count, capacity;
} AmdsyncPredList;

typedef struct {
  AmdsyncTypeFacts slot[AMDSYNC_TYPE_CACHE_SIZE];
  /// The branches into each block of a region, listed the first time a
  /// block argument of that region is traced (resources.c), so that a
  /// trace through block arguments costs their predecessors, not the
  /// region's blocks. Lives in `arena` (NULL: not remembered).
  AmdsyncArena *arena;
  AmdsyncPtrMap pred_list;   ///< MlirBlock -> index in `preds` + 1
  AmdsyncPtrMap listed;      ///< MlirRegion -> 1 once its blocks are listed
  AmdsyncPredList *preds;
  int npreds, cappreds;
  /// Whether an LDS pointer escapes SSA values in the module
  /// (amdsyncMlirLdsEscapes), decided on first need: then flat pointers
  /// loaded, returned or received by a helper may be LDS. NULL: never.
  struct AmdsyncEscapes *escapes;
  /// What op names alone decide (amdsyncMlirClassifyOp), direct-mapped.
  AmdsyncNameFacts names[AMDSYNC_NAME_CACHE_SIZE];
  /// `#gpu<dim x>`, `y`, `z`, parsed on first need (index forms).
  MlirAttribute gpu_dims[3];
  bool gpu_dims_parsed;
  /// The workgroup extent of function `extent_func` (its attributes read
  /// once, not at every thread id: resources.c blockDimConstant).
  const void *extent_func;
  int64_t extent[3];
  /// Induction variables of uniform scf.for loops (MlirValue.ptr) -> their
  /// symbol's variable in index forms (translate.c, forSymbol).
  AmdsyncPtrMap iv_symbol;
  /// The program those symbols belong to (their ranges bound the forms
  /// that read them); NULL before the first.
  const AmdsyncProgram *symbols;
  /// Iteration tables: the uniform scf.for loops of constant bounds and
  /// step and 2 to AMDSYNC_MLIR_MAX_ROWS trips (translate.c, forSymbol).
  /// An index or a condition that reads one's induction variable where no
  /// form does is read once per iteration, the variable bound to that
  /// iteration's value (`bind_iv`, `bind_value`): a case split on the
  /// table's row symbol (amdsyncAccessSetCases, AmdsyncGuard.case_var).
  AmdsyncPtrMap iv_table; ///< induction variable -> index + 1 in `tables`
  struct AmdsyncMlirTable *tables;
  int ntables, captables;
  const void *bind_iv; ///< MlirValue.ptr bound while a row is read, or NULL
  int64_t bind_value;
} AmdsyncTypeCache;

/// The most rows of an iteration table (the bits of a row mask,
/// amdsyncProgramSetSymbolRows), and the most trips of a loop that makes
/// one: lowered (convert-scf-to-cf) the loop is tested at the top, and the
/// LLVM IR side's table of it has a row more, the test that leaves, which
/// must fit its 64 too for the output to pass the check there.
enum { AMDSYNC_MLIR_MAX_ROWS = 64, AMDSYNC_MLIR_MAX_TRIPS = 63 };

/// One iteration table: iteration k (0 <= k < `trips`) runs with the
/// induction variable `iv` at `lb` + `step` * k.
typedef struct AmdsyncMlirTable {
  const void *iv; ///< MlirValue.ptr
  int64_t lb, step;
  int trips;
  AmdsyncBlock *head; ///< the block every iteration enters
  int var;            ///< the row symbol, made on first use; -1 until then
} AmdsyncMlirTable;

/// The escape question of one pass run, asked at most once (by whichever
/// function's trace first needs it) over the op the pass runs on.
typedef struct AmdsyncEscapes {
  int state; ///< -1 not asked yet, else 0 or 1
  MlirOperation root;
} AmdsyncEscapes;

/// The slot of `type` in `cache`, emptied if it held another type; NULL
/// without a cache.
static inline AmdsyncTypeFacts *amdsyncTypeFactsOf(AmdsyncTypeCache *cache,
                                                   MlirType type) {
  if (!cache)
    return NULL;
  AmdsyncTypeFacts *f =
      &cache->slot[((uintptr_t)type.ptr >> 4) % AMDSYNC_TYPE_CACHE_SIZE];
  if (f->type != type.ptr)
    *f = (AmdsyncTypeFacts){.type = type.ptr};
  return f;
}

typedef enum {
  AMDSYNC_OP_OTHER,     ///< no LDS effect known (may still have LDS operands)
  AMDSYNC_OP_ACCESS,    ///< a known LDS access (see operand, flags)
  AMDSYNC_OP_CALL,      ///< may touch any memory
  AMDSYNC_OP_BARRIER,   ///< an existing barrier (see barrier)
  AMDSYNC_OP_IGNORED,   ///< known to touch no LDS (e.g. other intrinsics)
  AMDSYNC_OP_MARK,      ///< amdsync.asyncmark
  AMDSYNC_OP_WAIT,      ///< a counter wait or amdsync.wait_asyncmark
} AmdsyncOpClass;

/// An integer attribute or constant read at its own width.
typedef struct {
  uint64_t bits;       ///< two's-complement bits, zero-extended from `width`
  unsigned width;      ///< 1..64, or 0 for index (lowered to 32 or 64 bits)
  bool is_signed_type; ///< an `si` type: the bits are a signed value
} AmdsyncMlirInt;

/// The largest `amdsync.wait_asyncmark` count the model takes (it keeps
/// that many marks per state); a larger count is an error at the op.
enum { AMDSYNC_MLIR_MAX_MARK_WAIT = 1024 };

typedef enum {
  AMDSYNC_COUNT_OK,
  AMDSYNC_COUNT_MISSING,   ///< no integer 'count' attribute
  AMDSYNC_COUNT_NEGATIVE,  ///< a negative count of a signed type
  AMDSYNC_COUNT_TOO_LARGE, ///< a mark count above AMDSYNC_MLIR_MAX_MARK_WAIT
} AmdsyncCountStatus;

/// One counter an existing wait op waits on, and how far.
typedef struct {
  AmdsyncHwCounter counter; ///< AMDSYNC_HW_MARKS for wait_asyncmark
  AmdsyncCountStatus status;
  AmdsyncMlirInt value;     ///< the count as read
  int count;                ///< OK status: the count (at most INT_MAX)
} AmdsyncOpWait;

enum { AMDSYNC_MLIR_MAX_OP_WAITS = 5 };

typedef struct {
  AmdsyncOpClass cls;
  int operand;          ///< the LDS memref/pointer operand of an access
  unsigned flags;       ///< AMDSYNC_ACCESS_*
  AmdsyncBarrierOp barrier;
  /// BARRIER: an s_barrier, split signal or wait, or wave barrier written
  /// alone: it orders LDS only with the fences next to it (brief §2).
  bool needs_fences;
  /// BARRIER (split): the barrier id is not -1, the workgroup barrier.
  bool named_barrier;
  int async_kind;       ///< AmdsyncAsyncKind of an async access, or -1
  /// IGNORED: a load or store (an access rule's op) of memory other than
  /// LDS: work a split signal before it overlaps.
  bool other_memory;
  /// WAIT: the counters it waits on (several for memory_counter_wait).
  int nwaits;
  AmdsyncOpWait waits[AMDSYNC_MLIR_MAX_OP_WAITS];
} AmdsyncOpInfo;

/// The shared table's entry for the intrinsic `op` spells
/// (`llvm.call_intrinsic`, `llvm.call`, the `rocdl` op), or NULL.
const AmdsyncIntrinsic *amdsyncMlirOpIntrinsic(MlirOperation op);
/// Classifies `op` (brief §1's list of LDS accesses and barriers).
AmdsyncOpInfo amdsyncMlirClassifyOp(MlirOperation op, AmdsyncTypeCache *cache);
/// Whether `op` is an llvm.fence that makes a barrier next to it order LDS:
/// release (or stronger) before it when `release`, acquire after it
/// otherwise, at workgroup scope or wider (wavefront for a wave barrier),
/// and no MMRA that leaves LDS out. Null ops are not fences.
bool amdsyncMlirFenceOrdersLds(MlirOperation op, bool release, bool wave);
/// The fences (AMDSYNC_MISSING_*) a barrier between `prev` and `next` (its
/// neighbours in its block, null at the ends) lacks.
unsigned amdsyncMlirMissingFences(MlirOperation prev, MlirOperation next,
                                  AmdsyncBarrierOp barrier);
/// An integer constant (arith, index or llvm.mlir.constant) of at most 64
/// bits, read at its own width.
bool amdsyncMlirConstantIntBits(MlirValue v, AmdsyncMlirInt *out);
/// Its value as a signed number of its width (index: as stored, 64 bits).
bool amdsyncMlirConstantInt(MlirValue v, int64_t *out);
/// Reads an integer attribute of at most 64 bits at its own width.
bool amdsyncMlirIntAttr(MlirAttribute a, AmdsyncMlirInt *out);
/// `v`'s bits as a signed number of its width.
int64_t amdsyncMlirIntSigned(AmdsyncMlirInt v);
/// Prints `attr` into `buf` (truncated to `size`, NUL-terminated).
/// The whole printed text of `attr` (malloc'd; the caller frees it), for
/// the readings of passes/shared/spelling.h where no accessor exists.
char *amdsyncMlirAttrPrint(MlirAttribute attr);
/// A fence's `llvm.mmra` attribute as printed (free() it), or NULL when it
/// has none; passes/shared/spelling.h reads it.
char *amdsyncMlirMmraText(MlirOperation fence);
/// True when `attr` belongs to `dialect` and equals the attribute
/// `spelling` parses to (attributes are uniqued: no text is read).
bool amdsyncMlirAttrIs(MlirAttribute attr, const char *dialect,
                       const char *spelling);
/// True for memrefs in the workgroup address space and !llvm.ptr<3>.
bool amdsyncMlirIsLdsType(MlirType type, AmdsyncTypeCache *cache);
/// True when `func` holds an asynchronous LDS transfer, an asyncmark or a
/// wait: without one, the wait pass has nothing to do.
bool amdsyncMlirHasAsyncWork(MlirOperation func);
/// Number of declared inputs of a function op: its entry block may also
/// hold gpu.func workgroup attributions after them.
intptr_t amdsyncMlirFunctionInputs(MlirOperation func, MlirBlock entry);
/// True for func.func, gpu.func and llvm.func.
bool amdsyncMlirIsFunction(MlirOperation op);
/// True for builtin.module and gpu.module: the ops the passes run on (a
/// symbol table holding every function its functions call).
bool amdsyncMlirIsModule(MlirOperation op);
/// The symbol a call names: `callee` (func.call, llvm.call) or `intrin`
/// (llvm.call_intrinsic); empty for anything else (an indirect call).
MlirStringRef amdsyncMlirCallee(MlirOperation op);
/// Whether function op `func` is a kernel entry (gpu.kernel, rocdl.kernel,
/// the amdgpu_kernel calling convention).
bool amdsyncMlirIsKernel(MlirOperation func);
/// The op named `name` in the nearest symbol table around `from` (its
/// parents, innermost first, looked through directly, up to the first
/// builtin.module or gpu.module), or a null op.
MlirOperation amdsyncMlirLookupSymbol(MlirOperation from, MlirStringRef name);

/*===--- resources.c: roots and byte ranges ----------------------------------===*/

typedef struct {
  AmdsyncProgram *program;
  MlirOperation func;
  AmdsyncPtrMap by_key;   ///< root key -> resource index + 1
  int unknown;            ///< index of the UNKNOWN resource, or -1
  AmdsyncTypeCache *types; ///< the function's type facts (may be NULL)
} AmdsyncResourceTable;

/// Finds (creating on first use) the resource `value` points into and the
/// byte range it covers; *lo/*hi get -1 when unknown.
int amdsyncMlirResourceOf(AmdsyncResourceTable *t, MlirValue value,
                          int64_t *lo, int64_t *hi);
int amdsyncMlirUnknownResource(AmdsyncResourceTable *t);
/// Narrows a memref.load/store range to the element its constant indices
/// select, when they are all constant.
void amdsyncMlirNarrowToElement(AmdsyncTypeCache *cache, MlirOperation op,
                                int memref_operand,
                                int64_t *lo, int64_t *hi);
/// Issue 21: the byte offset of memref.load/store `op` into its resource as
/// a linear form over the thread ids (amdsync/index.h), given `lo`, the
/// first byte of its memref's view (amdsyncMlirResourceOf); `*width` the
/// element's bytes. False when an index is not such a form or the layout is
/// not static.
bool amdsyncMlirIndexForm(AmdsyncTypeCache *cache, MlirOperation op,
                          int memref_operand, int64_t lo, AmdsyncLinear *out,
                          int64_t *width);
/// The iteration table (AmdsyncTypeCache.tables) whose induction variable
/// the integer ops computing `v` read, or -1: none, or more than one.
int amdsyncMlirTableRead(AmdsyncTypeCache *cache, MlirValue v);
/// The guards (amdsync/index.h) that i1 `cond` puts on the threads for which
/// it is `holds`: arith.cmpi of thread-id forms (amdsyncGuardOf), and
/// arith.andi/ori/xori of such. Writes at most `max`, returns how many.
int amdsyncMlirGuards(AmdsyncTypeCache *cache, MlirValue cond, bool holds,
                      AmdsyncGuard *out, int max);
/// True when `value` addresses LDS: its type is in the workgroup address
/// space, or it is a view or cast (a flat `memory_space_cast`,
/// `addrspacecast`, GEP, ...) of a value that is. An access is an LDS
/// access when its root is LDS, whatever its operand's address space.
bool amdsyncMlirIsLdsValue(MlirValue value, AmdsyncTypeCache *cache);
/// Whether an LDS address under `root` escapes SSA values: some value
/// holding one (in any type) has a use not known to keep it (resources.c
/// lists the uses that do). Then a flat pointer loaded from memory,
/// returned by a call or received by a function that is no kernel may
/// address LDS.
bool amdsyncMlirLdsEscapes(MlirOperation root);

/// The operand branch `term` forwards to argument `arg` of its successor
/// number `succ`; false when the op's operand layout is not one amdsync
/// reads (one successor taking all operands, or a conditional branch with
/// operandSegmentSizes).
bool amdsyncMlirForwardedOperand(MlirOperation term, intptr_t succ,
                                 intptr_t arg, MlirValue *out);
/// True for the ops that access no memory themselves: views, casts, GEPs
/// and metadata reads (resources.c owns the one table of them).
bool amdsyncMlirIsViewLike(MlirOperation op);

/*===--- uniformity.c ----------------------------------------------------------===*/

/// The uniformity of one function's values (translate.c sets `arena` and
/// `func`; zero-initialized otherwise).
typedef struct {
  AmdsyncArena *arena;
  MlirOperation func;      ///< the function whose values are asked about
  bool solved;             ///< its fixpoint is computed
  AmdsyncPtrMap divergent; ///< value -> 1 when it may differ between lanes
  /// A helper translated for one call (translate.c, helperWritesSameBytes):
  /// bit i set when input i is the same in every lane there, so not a
  /// divergent source. 0 otherwise.
  uint64_t uniform_params;
  /// Answers an earlier translation of the same function solved
  /// (amdsyncMlirKeepUniformity), taken instead of solving; NULL: solve.
  const AmdsyncPtrMap *kept;
} AmdsyncUniformity;

/// True when `value` provably has the same value in every lane of the
/// workgroup: constants, a kernel's own arguments, block ids and dims,
/// pure ops of uniform values, and merges (loop-carried values, branch and
/// loop results) of uniform values not controlled by a divergent condition.
/// Thread and lane ids, loaded values, arguments of non-kernel functions and
/// anything unknown are not. `value` belongs to `u->func` (nested functions
/// are translated on their own). The first query computes the function's
/// whole fixpoint (a work list, no recursion).
bool amdsyncMlirIsUniform(AmdsyncUniformity *u, MlirValue value);

/// A copy of `u`'s answers in `arena` for a later translation of the same
/// function to take (AmdsyncUniformity.kept); NULL, and nothing copied,
/// when they were never solved. Valid while no op of the function that
/// defines a value is destroyed: then no key's memory can hold a new value
/// (the barrier pass inserts ops without results or operands only).
const AmdsyncPtrMap *amdsyncMlirKeepUniformity(const AmdsyncUniformity *u,
                                               AmdsyncArena *arena);

/// Emits error `message` at `at` with `n` notes (`notes[i]` at
/// `note_at[i]`) attached (notes.cpp: the C API cannot attach notes).
void amdsyncMlirEmitErrorWithNotes(MlirLocation at, const char *message,
                                   int n, const MlirLocation *note_at,
                                   const char *const *notes);

/// Why `value` of `u->func` may differ between lanes, as a phrase ("the
/// thread id 'gpu.thread_id' at ...", "argument #0 of @f, which is not a
/// kernel: ..."), following divergent operands back to a source; into
/// `buf`. (uniformity.c)
void amdsyncMlirWhyDivergent(AmdsyncUniformity *u, MlirValue value, char *buf,
                             int size);

/*===--- translate.c -------------------------------------------------------------===*/

/// The structured control flow amdsync translates (translateStructured),
/// whose block arguments and results the uniformity rules derive (any other
/// op with regions: divergent).
bool amdsyncMlirIsStructuredControlFlow(MlirOperation op);

typedef struct {
  AmdsyncArena *arena;
  const AmdsyncTarget *target;
  const AmdsyncMlirOptions *options;
  MlirOperation func;
  AmdsyncProgram *program;
  AmdsyncResourceTable resources;
  AmdsyncUniformity uniformity;
  AmdsyncPtrVec inserted; ///< ops emit.c inserted (MlirOperation.ptr)
  AmdsyncPtrMap barrier_callee; ///< callee op -> 1: may execute a barrier
  /// Whether a call through a value may execute a barrier (AmdsyncMemo).
  int indirect_barrier;
  AmdsyncEscapes *escapes; ///< the pass run's escape question (may be NULL)
  AmdsyncTypeCache types; ///< facts about the types seen
  /// No chip was given (the checker only): waits whose meaning depends on
  /// the chip's encoding cannot be read.
  bool any_target;
  /// Bulk LDS writes (memset, memcpy, memref.copy) whose destination is
  /// the same in every lane: those that write the same values in every
  /// lane, and those whose values may differ (model nodes).
  AmdsyncPtrVec same_bytes_same_values;
  AmdsyncPtrVec same_bytes_other_values;
  /// What this translation is for, in the pipeline trace ("placement",
  /// "checker", ...): set by the pass before amdsyncMlirTranslate.
  const char *purpose;
  int errors;
} AmdsyncMlirFunction;

/// The release fence that makes existing barrier `barrier` order LDS: the
/// op before it, neutral ops skipped but not counter waits; null when none.
/// A wait that publishes async transfers at the barrier goes before it
/// (spec/amdgpu-async-operations.txt).
MlirOperation amdsyncMlirReleaseFenceOf(AmdsyncMlirFunction *fn,
                                        MlirOperation barrier, bool wave);

/// Builds the program of `fn->func`. Returns false (after emitting errors)
/// when the function holds IR the core cannot model.
bool amdsyncMlirTranslate(AmdsyncMlirFunction *fn);
/// After amdsyncProgramFinalize: an error at each bulk LDS write that every
/// lane runs (not in divergent control flow) to the same bytes, when the
/// lanes' values may differ, or always with waw-hazards=true. Returns how
/// many.
int amdsyncMlirCheckSameBytes(AmdsyncMlirFunction *fn);
/// The largest workgroup size the function's attributes allow, or -1.
int64_t amdsyncMlirMaxWorkgroupSize(MlirOperation func);
/// The threads per dimension the function's attributes state (0: unknown).
void amdsyncMlirWorkgroupExtent(MlirOperation func, int64_t size[3]);
/// Whether the function's workgroup provably fits in one wave of
/// `wave_size` lanes (passes.c resolves the wave size: the chip's, 64 with
/// "+wavefrontsize64", the smallest over a gpu.module's targets).
bool amdsyncMlirIsSingleWave(MlirOperation func, int wave_size);

/*===--- emit.c --------------------------------------------------------------------===*/

/// Completes every existing barrier written without its fences (its node's
/// `unfenced`): the missing workgroup release fence before it, acquire
/// fence after it (wavefront ones around a wave barrier), with the
/// `amdgpu-synchronize-as = local` MMRA; then the barrier orders. Returns
/// false, after an error, when an op could not be created: the caller must
/// then erase what was inserted.
bool amdsyncMlirCompleteFences(AmdsyncMlirFunction *fn,
                               AmdsyncMlirStats *stats);

/// Inserts the ops of schedule `s` (of `result`) into the function, giving
/// each its op (AmdsyncEmitOp.origin); updates `stats`.
/// Returns false, after an error at the function, when an op could not be
/// created: the caller must then erase what was inserted.
bool amdsyncMlirEmit(AmdsyncMlirFunction *fn, AmdsyncEmitSchedule *s,
                     const AmdsyncPlacementResult *result,
                     AmdsyncMlirStats *stats);

/// Inserts the counter waits of `result`, giving each its op
/// (AmdsyncWaitPlacement.origin); updates `stats`. False after an error at
/// the function.
bool amdsyncMlirEmitWaits(AmdsyncMlirFunction *fn, AmdsyncWaitResult *result,
                          AmdsyncMlirStats *stats);
/// Erases the asyncmark ops `result` lowered (after its waits are in
/// place: they may stand before a lowered op).
void amdsyncMlirEraseLowered(const AmdsyncWaitResult *result,
                             AmdsyncMlirStats *stats);

/// Removes and destroys every op amdsyncMlirEmit inserted.
/// Erases the ops inserted after the first `mark` (fn->inserted.count
/// then) and forgets them.
void amdsyncMlirEraseInsertedSince(AmdsyncMlirFunction *fn, int mark);
void amdsyncMlirEraseInserted(AmdsyncMlirFunction *fn);

/// existing=replace: removes from their blocks (not destroyed) the input's
/// barriers that order only LDS: `amdgpu.lds_barrier`, and `rocdl.s.barrier`
/// between a release and an acquire fence both limited to LDS by their MMRA
/// (as convert-amdgpu-to-rocdl lowers it); barriers that also order other
/// memory (gpu.barrier, fences without that MMRA) stay. Records them in
/// `removed` as groups of four {ops, NULL where fewer, the op after them}
/// and returns how many groups.
int amdsyncMlirRemoveLdsOnlyBarriers(MlirOperation func, AmdsyncArena *arena,
                                     AmdsyncPtrVec *removed);
/// Puts the removed barriers back where they were.
void amdsyncMlirRestoreBarriers(AmdsyncPtrVec *removed);
/// Destroys the removed barriers (the placement replaced them).
void amdsyncMlirDeleteRemoved(AmdsyncPtrVec *removed);

/// Diagnostics callbacks that report through MLIR.
AmdsyncDiagnostics amdsyncMlirDiagnostics(AmdsyncMlirFunction *fn);
/// "'<op name>' at <location>" of `op` into `buf`, as every diagnostic
/// names an op (emit.c).
void amdsyncMlirDescribeOp(MlirOperation op, char *buf, int size);

#endif /* AMDSYNC_MLIR_FRONTEND_H */
