/*===- amdsync/program.h - IR-independent program model ---------*- C -*-===*
 *
 * The core's view of one function's ops: LDS accesses, barriers, marks and
 * waits, with the resources the accesses touch. The ops live in the blocks
 * of the function's control-flow graph (amdsync/cfg.h), which front ends
 * (MLIR, LLVM) build; the analysis, the placement strategies and the
 * checker read them; the front end then emits the placements back into
 * its IR at the gap anchors it recorded.
 *
 * Lifetime: every object belongs to the program's arena.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_PROGRAM_H
#define AMDSYNC_PROGRAM_H

#include "amdsync/arena.h"
#include "amdsync/index.h"
#include "amdsync/trace.h"

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AmdsyncNode AmdsyncNode;
typedef struct AmdsyncBlock AmdsyncBlock;
typedef struct AmdsyncCfg AmdsyncCfg;

typedef enum {
  AMDSYNC_NODE_ACCESS,
  AMDSYNC_NODE_BARRIER,
  /// asyncmark (spec/amdgpu-async-operations.txt): marks the async
  /// operations program-ordered before it.
  AMDSYNC_NODE_MARK,
  /// A wait: on a hardware counter (s_wait_asynccnt N, ...) or on marks
  /// (wait.asyncmark N).
  AMDSYNC_NODE_WAIT,
} AmdsyncNodeKind;

/// The hardware counter an asynchronous LDS transfer increments, and that a
/// wait decrements to (spec/amdgpu-usage.txt, memory model per target).
typedef enum {
  AMDSYNC_COUNTER_NONE = 0, ///< not an asynchronous operation
  AMDSYNC_COUNTER_ASYNC,    ///< gfx1250 async LDS loads/stores: asynccnt
  AMDSYNC_COUNTER_TENSOR,   ///< gfx1250 tensor DMA: tensorcnt
  AMDSYNC_COUNTER_VM,       ///< GFX9 LDS DMA: vmcnt
  AMDSYNC_NUM_COUNTERS,
} AmdsyncCounter;

/// Access flags. Atomics and DMA into LDS act as read and write
/// (spec/shared-memory-barrier-placements.txt, glossary: READ_WRITE).
enum {
  AMDSYNC_ACCESS_READ = 1u << 0,
  AMDSYNC_ACCESS_WRITE = 1u << 1,
  AMDSYNC_ACCESS_ATOMIC = 1u << 2, ///< atomic vs atomic is not a hazard
  AMDSYNC_ACCESS_DMA = 1u << 3,    ///< DMA vs DMA is not a hazard
  /// A call: besides touching any memory it may synchronize the workgroup
  /// itself (a callee with barriers), so an open split signal never moves
  /// across it (brief §2).
  AMDSYNC_ACCESS_CALL = 1u << 4,
  /// A call whose callee (defined in the module) may execute a workgroup
  /// barrier: it must not run in control flow that may diverge (waves that
  /// skip the call never arrive). It orders nothing: not every path through
  /// the callee need pass its barrier.
  AMDSYNC_ACCESS_BARRIER_CALL = 1u << 5,
};

typedef enum {
  /// A memref.alloc/alloca or a workgroup attribution: aliases only itself.
  AMDSYNC_RES_ALLOCATION,
  /// A named global (memref.global, llvm.mlir.global): aliases itself and
  /// whatever a pointer argument may point to.
  AMDSYNC_RES_GLOBAL,
  /// Memory reached through a function argument: aliases other arguments
  /// and globals.
  AMDSYNC_RES_ARGUMENT,
  /// Anything at all (calls, untraceable pointers).
  AMDSYNC_RES_UNKNOWN,
  /// Memory the runtime allocates for one kernel argument of its own (an
  /// OpenCL kernel's `__local` pointer argument: clSetKernelArg gives each
  /// one a buffer of the size it names, a "dynamic_shared_pointer" in the
  /// code object, spec/amdgpu-usage.txt): aliases only itself, like an
  /// allocation.
  AMDSYNC_RES_ARGUMENT_ALLOCATION,
} AmdsyncResourceKind;

typedef struct {
  AmdsyncResourceKind kind;
  const char *name; ///< for remarks and pictures, e.g. "@lds_a" or "%alloc"
} AmdsyncResource;

/// Fences a barrier lacks (AmdsyncNode.u.barrier.unfenced).
enum {
  AMDSYNC_MISSING_RELEASE = 1u << 0, ///< no release fence right before it
  AMDSYNC_MISSING_ACQUIRE = 1u << 1, ///< no acquire fence right after it
};

typedef enum {
  AMDSYNC_BARRIER_FULL,   ///< s_barrier with workgroup fences
  AMDSYNC_BARRIER_WAVE,   ///< wave-level ordering point (free)
  AMDSYNC_BARRIER_SIGNAL, ///< GFX12 s_barrier_signal -1 (release side)
  AMDSYNC_BARRIER_WAIT,   ///< GFX12 s_barrier_wait -1 (acquire side)
} AmdsyncBarrierOp;

/// Where a gap lives in the front end's IR: a block and the op the gap is
/// immediately before (NULL: the block's end), and the op it is immediately
/// after (NULL: the block's start). Opaque to the core.
typedef struct {
  void *block;
  void *before;
  void *after;
} AmdsyncGapAnchor;

/// An access's index form in the model: its address, its width, and the
/// threads that may run it (finalize: the workgroup and the guards of the
/// edges that dominate its block, one object shared by the block's
/// accesses).
typedef struct AmdsyncAccessIndex {
  AmdsyncLinear addr;
  int64_t width;
  const AmdsyncThreads *threads;
  /// The wave holding every thread in `threads` (amdsyncThreadsWave), or
  /// -1: none, unknown, or a one-wave workgroup (finalize).
  int wave;
  /// A case split (amdsyncAccessSetCases): the address is `cases[k]` where
  /// symbol variable `case_var` has the value k, 0 <= k < `ncases`; `addr`
  /// is `cases[0]`. `cases` NULL: `addr` in every case (a split only for
  /// the threads of each case; read through amdsyncIndexCaseAddr).
  /// `case_var` -1: no split, `addr` is the address.
  int case_var;
  int ncases;
  const AmdsyncLinear *cases;
  /// Per case, the threads that may run it: `threads` and the guards of
  /// that iteration (AmdsyncGuard.case_var); finalize. NULL: no split.
  const AmdsyncThreads **case_threads;
} AmdsyncAccessIndex;

/// Index form `ia`'s address in case `k` (its only address when not split).
static inline const AmdsyncLinear *
amdsyncIndexCaseAddr(const AmdsyncAccessIndex *ia, int k) {
  assert(ia->case_var < 0 ? k == 0 : k >= 0 && k < ia->ncases);
  return ia->case_var < 0 || !ia->cases ? &ia->addr : &ia->cases[k];
}

struct AmdsyncNode {
  AmdsyncNodeKind kind;
  int id;     ///< dense id among nodes of the same kind (finalize)
  void *origin; ///< the front end's op
  AmdsyncBlock *block; ///< the control-flow graph block holding it
  int bindex;          ///< its index among the block's ops
  /// IR work lies between the block's previous op and this one
  /// (amdsyncBlockNoteWork).
  bool work_before;
  union {
    struct {
      unsigned flags;
      int resource;   ///< index into the program's resources
      int64_t lo, hi; ///< byte range [lo, hi) in the resource; hi < 0: all
      AmdsyncCounter counter; ///< asynchronous: the counter it increments
      int async_id;           ///< dense id among async accesses, or -1
      /// An asynchronous operation the target does not have
      /// (amdsyncAccessSetAsyncKind): the passes refuse it.
      bool absent_on_target;
      /// Accesses with equal resource, flags, byte range and counter share
      /// a key (finalize): the later one stands for the earlier on a path.
      int key;
      /// The address as a form over thread ids and symbols
      /// (amdsync/index.h); NULL: unknown, the buffer-level answer stands.
      struct AmdsyncAccessIndex *index;
    } access;
    struct {
      AmdsyncCounter counter; ///< NONE: a wait on asyncmarks
      int count;
      bool inserted;          ///< placed by amdsync in this run
    } wait;
    struct {
      AmdsyncBarrierOp op;
      bool inserted; ///< placed by amdsync in this run
      /// The fences it lacks (AMDSYNC_MISSING_*): a barrier written without
      /// a release fence right before it or an acquire fence right after it
      /// lets the compiler and the hardware move LDS accesses across it, so
      /// it orders none (brief §2). It still synchronizes execution. The
      /// barrier pass completes it with fences; the checker reports it.
      unsigned unfenced;
      /// A counter wait stands between its release fence and it. The wait
      /// completes async transfers after the release, which then does not
      /// publish them (spec/amdgpu-async-operations.txt): in a function with
      /// async transfers, finalize counts the release fence as missing.
      bool waits_after_release;
    } barrier;
  } u;
};

typedef struct {
  AmdsyncArena *arena;
  /// The function's control-flow graph (cfg.h): amdsyncCfgCreate sets it.
  AmdsyncCfg *cfg;
  AmdsyncResource *resources;
  int nresources;
  int resources_capacity;
  /// Every op of the graph by kind, in block order (finalize).
  AmdsyncPtrVec accesses;
  AmdsyncPtrVec barriers;
  AmdsyncPtrVec async_ops; ///< asynchronous accesses, by async_id
  AmdsyncPtrVec waits;     ///< marks and waits
  /// True when the workgroup provably fits in one wavefront: barriers become
  /// free wave-level ordering points (spec: workgroup scope equals wavefront
  /// scope there).
  bool single_wave;
  /// Lanes per wave on the target (32 or 64; 0: unknown, no pair is shown
  /// to lie in one wave).
  int wave_size;
  /// Write-after-write between distinct plain stores is a hazard.
  bool waw_hazards;
  /// Workgroup-uniform symbols of index forms (amdsyncProgramAddSymbol):
  /// symbol i is variable AMDSYNC_VAR_SYMBOL + i, defined in block
  /// `symbol_def[i]`, of range `symbol_range[i]`.
  AmdsyncRange *symbol_range;
  AmdsyncBlock **symbol_def;
  /// Per symbol: the values (bit v) it may hold in an iteration of its
  /// block's loop that leaves the loop before its block starts again (the
  /// last rows of an iteration table), or 0: any
  /// (amdsyncProgramSetSymbolRows).
  uint64_t *symbol_final;
  /// Per symbol: the values it may hold in the first iteration of an entry
  /// of its block's loop (the first row of each entry of an iteration
  /// table), or 0: any (amdsyncProgramSetSymbolRows).
  uint64_t *symbol_first;
  int nsymbols, symbols_capacity;
  /// The workgroup as the front end knows it (amdsyncProgramSetWorkgroup):
  /// threads per dimension (at most; exactly when `wg_exact`) and lanes in
  /// all, 0 when unknown.
  int64_t wg_size[3];
  int64_t wg_lanes;
  /// `wg_size` holds the workgroup's exact extents (a required size, not a
  /// bound): lanes' flat ids and waves may be computed from it.
  bool wg_exact;
  /// The index proofs' answers by pair of keys and shared symbols
  /// (finalize creates it; program.c owns it).
  struct AmdsyncIndexCache *index_cache;
  /// Per resource: every access that may write its bytes has an index form,
  /// so the proofs decide a write/write pair with it (finalize; see
  /// amdsyncAccessCoversPerThread).
  bool *writes_indexed;
  /// What to trace (amdsync/trace.h, AMDSYNC_TRACE_*): set by the front end.
  unsigned trace;
  /// Record what explanation remarks need (amdsyncProgramSetExplain).
  bool explain;
  bool finalized;
} AmdsyncProgram;

/// True for an existing barrier, or a call that may hold one: what a split
/// signal moving early must not cross.
static inline bool amdsyncNodeMaySynchronize(const AmdsyncNode *n) {
  return n->kind == AMDSYNC_NODE_BARRIER ||
         (n->kind == AMDSYNC_NODE_ACCESS &&
          (n->u.access.flags & AMDSYNC_ACCESS_CALL));
}

/// True when finalized `p` holds an asynchronous transfer, a mark or a
/// wait: without one the wait pass has nothing to do.
static inline bool amdsyncProgramHasAsyncWork(const AmdsyncProgram *p) {
  return p->async_ops.count > 0 || p->waits.count > 0;
}

/// The next call (an AMDSYNC_ACCESS_CALL access) of finalized `p` at or
/// after index `*i` of its accesses that every lane entering the function
/// makes (in a block no divergent branch guards), or NULL; `*i` moves past
/// it. The same-bytes check of helpers walks a kernel's calls with it.
const AmdsyncNode *amdsyncProgramNextEveryLaneCall(const AmdsyncProgram *p,
                                                   int *i);
/// Whether one of `nodes` (of finalized `p`) sits in a block that every
/// lane entering the function runs.
bool amdsyncAnyRunByEveryLane(const AmdsyncPtrVec *nodes);

/// How many calls below the kernel the front ends' helperWritesSameBytes
/// follows a chain (one limit for both).
enum { AMDSYNC_CALL_DEPTH = 4 };
/// `mask` (bit k: parameter k) kept to a function's `nparams` parameters,
/// the key AmdsyncCallMemo answers by.
static inline uint64_t amdsyncCallMask(uint64_t mask, int64_t nparams) {
  return nparams >= 64 ? mask : mask & (((uint64_t)1 << nparams) - 1);
}

/// Answers to a question about a function called with a mask of uniform
/// parameters, asked down a call chain to a depth limit (the front ends'
/// helperWritesSameBytes): per function and mask, yes, being asked (a
/// recursion), or no as found `depth` calls down, which holds for any
/// question asked as deep or deeper (less of the chain is followed then).
/// Zero-initialized is empty; entries live in the arena given to Put.
typedef enum {
  AMDSYNC_CALL_UNKNOWN,
  AMDSYNC_CALL_NO,
  AMDSYNC_CALL_YES,
  AMDSYNC_CALL_ASKING,
} AmdsyncCallAnswer;
typedef struct {
  AmdsyncPtrMap head; ///< function -> 1 + its first entry
  struct AmdsyncCallMemoEntry *entries;
  int count, capacity;
} AmdsyncCallMemo;
/// The answer for `f` with `mask` asked `depth` calls down.
AmdsyncCallAnswer amdsyncCallMemoGet(const AmdsyncCallMemo *m, const void *f,
                                     uint64_t mask, int depth);
/// Records `answer` for `f` with `mask`, found `depth` calls down.
void amdsyncCallMemoPut(AmdsyncArena *arena, AmdsyncCallMemo *m,
                        const void *f, uint64_t mask, int depth,
                        AmdsyncCallAnswer answer);
/// What the memo tells of `f` with `mask` asked `depth` calls down: 1 yes,
/// 0 no, -1 not known (work it out). A question still being asked (a
/// recursion) answers no and sets `*unsure`; one not known past
/// AMDSYNC_CALL_DEPTH answers no (the chain is followed no further).
int amdsyncCallMemoLookup(const AmdsyncCallMemo *m, const void *f,
                          uint64_t mask, int depth, bool *unsure);
/// Records a worked-out answer: yes, or no unless it rests on a recursion
/// (`below_unsure`: then nothing is kept, and `*unsure` is set).
void amdsyncCallMemoSettle(AmdsyncArena *arena, AmdsyncCallMemo *m,
                           const void *f, uint64_t mask, int depth, bool yes,
                           bool below_unsure, bool *unsure);

/// How many calls of finalized `p` may execute a workgroup barrier
/// (AMDSYNC_ACCESS_BARRIER_CALL): the front ends compare the count at
/// placement with the count once every function has its barriers.
int amdsyncProgramBarrierCalls(const AmdsyncProgram *p);

/// Creates an empty program whose storage is `arena`.
AmdsyncProgram *amdsyncProgramCreate(AmdsyncArena *arena);
/// Whether the hazard analysis records the pairs index proofs discharge
/// (AmdsyncWindowSet.discharged), for explanation remarks; any time.
void amdsyncProgramSetExplain(AmdsyncProgram *p, bool explain);
/// Sets the options the analyses read (`waw_hazards`, `trace`); before
/// amdsyncProgramFinalize.
void amdsyncProgramSetOptions(AmdsyncProgram *p, bool waw_hazards,
                              unsigned trace);
/// States which fences input barrier `n` lacks (AMDSYNC_MISSING_*; 0 once
/// the front end completed them).
void amdsyncBarrierSetUnfenced(AmdsyncNode *n, unsigned missing);
/// States the fences input barrier `n` has: which it lacks, and whether a
/// counter wait stands between its release fence and it (see
/// `waits_after_release`); during translation.
void amdsyncBarrierSetFences(AmdsyncNode *n, unsigned missing,
                             bool waits_after_release);
/// States whether the workgroup provably fits in one wavefront (see
/// `single_wave`); before amdsyncProgramFinalize, which reads it.
void amdsyncProgramSetSingleWave(AmdsyncProgram *p, bool single_wave);
/// States the target's lanes per wave (32 or 64), which finalize reads to
/// find the accesses whose threads lie in one wave
/// (AmdsyncAccessIndex.wave); before amdsyncProgramFinalize.
void amdsyncProgramSetWaveSize(AmdsyncProgram *p, int wave_size);
/// States the workgroup's extent: `size[d]` threads in dimension d, `lanes`
/// in all (0: unknown; a workgroup never has more than 1,024 lanes), the
/// sizes exact where `exact` (a required size: `!reqd_work_group_size`,
/// `known_block_size`), else bounds (a `range` on the work-item ids);
/// before amdsyncProgramFinalize, which bounds the thread ids by it. Only
/// exact sizes place a lane in a wave (amdsyncThreadsWave).
void amdsyncProgramSetWorkgroup(AmdsyncProgram *p, const int64_t size[3],
                                int64_t lanes, bool exact);
/// The user's `workgroup-dims=N` (amdsync/llvm.h, amdsync/mlir.h): the
/// extents of `size` that the kernel leaves unstated (0) in dimension N
/// and above become one thread. N outside 1..2: nothing changes.
void amdsyncWorkgroupDimsApply(int64_t size[3], int dims);
/// Adds a workgroup-uniform symbol of index forms: a value the same in every
/// lane, defined in block `def` (a loop header's phi, or the entry for a
/// value fixed for the run) and always within `range` where an access or a
/// guard reads it. Returns its variable (AMDSYNC_VAR_SYMBOL + its index).
/// Before finalize.
int amdsyncProgramAddSymbol(AmdsyncProgram *p, AmdsyncBlock *def,
                            AmdsyncRange range);
/// States the rows of symbol `var` (a row number of a loop's iteration
/// table, defined at its header; bit v: value v, v < 64): it holds one of
/// the values in `first` in the first iteration of every entry of the loop,
/// and one of those in `final` in any iteration from which the loop is left
/// without its header starting again (0: any; the front end knows every
/// exit of the loop and which rows leave). Before finalize. The checker
/// uses both (its walk knows whether a path entered the header again, and
/// whether it went round the loop: design.md 6); the placement uses the
/// final rows where the symbol's block heads its model loop (a path that
/// went round the loop is a class of its own: design.md 2, "Final
/// rows").
void amdsyncProgramSetSymbolRows(AmdsyncProgram *p, int var, uint64_t first,
                                 uint64_t final);
/// The least and greatest value of form `f` for every thread id up to
/// AMDSYNC_TID_MAX and every value of the symbols of `p` (NULL: none) in
/// their ranges; false when a symbol is unbounded or the bounds overflow.
/// The front ends check with it that no step of a form can wrap.
bool amdsyncProgramFormRange(const AmdsyncProgram *p, const AmdsyncLinear *f,
                             int64_t *lo, int64_t *hi);
/// Adds a resource and returns its index.
int amdsyncProgramAddResource(AmdsyncProgram *p, AmdsyncResourceKind kind,
                              const char *name);

AmdsyncNode *amdsyncAccessCreate(AmdsyncProgram *p, void *origin,
                                 unsigned flags, int resource, int64_t lo,
                                 int64_t hi);
AmdsyncNode *amdsyncBarrierCreate(AmdsyncProgram *p, void *origin,
                                  AmdsyncBarrierOp op);
/// States that access `n` touches the `width` bytes at offset `addr` (a form
/// over thread ids and symbols: amdsync/index.h) from the start of its
/// resource (an allocation, a global, or a pointer argument whose value is
/// the same in every lane), for every thread that runs it, with
/// every step of the form exact (no wrap). Before finalize, which drops it
/// for asynchronous, DMA and call accesses (their bytes are not ordered by
/// the thread's own program order) and forms with symbols (not yet given
/// meaning).
void amdsyncAccessSetAddress(AmdsyncProgram *p, AmdsyncNode *n,
                             const AmdsyncLinear *addr, int64_t width);
/// As amdsyncAccessSetAddress, with an address that is `cases[k]` (k from 0
/// to `ncases` - 1) where symbol variable `case_var` has the value k: the
/// iteration of a loop whose counters take known values there, each case
/// the form with their values (a stride times the thread id, linear in
/// every iteration). `case_var`'s range must be [0, ncases - 1]. The array
/// is copied.
void amdsyncAccessSetCases(AmdsyncProgram *p, AmdsyncNode *n, int case_var,
                           const AmdsyncLinear *cases, int ncases,
                           int64_t width);
/// Makes `access` an asynchronous operation counted on `counter`.
void amdsyncAccessSetAsync(AmdsyncNode *access, AmdsyncCounter counter);
AmdsyncNode *amdsyncMarkCreate(AmdsyncProgram *p, void *origin);
AmdsyncNode *amdsyncWaitCreate(AmdsyncProgram *p, void *origin,
                               AmdsyncCounter counter, int count);

/// Numbers the graph's ops by kind, gives accesses their keys and analyzes
/// the graph (amdsyncCfgAnalyze). Call once, after the front end built the
/// graph and before any analysis; later calls do nothing.
void amdsyncProgramFinalize(AmdsyncProgram *p);

/// True when the two accesses may touch the same bytes.
bool amdsyncMayAlias(const AmdsyncProgram *p, const AmdsyncNode *a,
                     const AmdsyncNode *b);

typedef enum {
  AMDSYNC_HAZARD_NONE = 0,
  AMDSYNC_HAZARD_RAW = 1,
  AMDSYNC_HAZARD_WAR = 2,
  AMDSYNC_HAZARD_WAW = 3,
} AmdsyncHazardKind;

/// The hazard an execution of `first` followed (on some path) by `second`
/// forms, by access kinds and aliasing (brief §1), unless their index forms
/// show that no two different threads touch a common byte
/// (amdsyncIndexKeepsThreadsApart).
AmdsyncHazardKind amdsyncHazardBetween(const AmdsyncProgram *p,
                                       const AmdsyncNode *first,
                                       const AmdsyncNode *second);
const char *amdsyncHazardName(AmdsyncHazardKind kind);

/// True when accesses `a` and `b` of one resource both have index forms and
/// one of the proofs of amdsync/index.h shows that no thread running `a`
/// touches a byte that another thread running `b` touches (thread-private,
/// or disjoint ranges): a pair one thread orders by its own program order.
bool amdsyncIndexKeepsThreadsApart(const AmdsyncProgram *p,
                                   const AmdsyncNode *a, const AmdsyncNode *b);
/// amdsyncHazardBetween on a path of class `carrier` from `first` to
/// `second` (the loop whose back edge the path crossed while it contained
/// `first`, or -1: docs/design.md, section 2). A symbol holds one value at
/// both accesses when the path cannot define it again: its block is in no
/// loop, or both accesses are in the innermost loop around it and the class
/// does not contain that loop. amdsyncHazardBetween and
/// amdsyncIndexKeepsThreadsApart share only the symbols in no loop, which
/// holds on every path.
AmdsyncHazardKind amdsyncHazardOn(const AmdsyncProgram *p,
                                  const AmdsyncNode *first,
                                  const AmdsyncNode *second, int carrier);
/// Which index proof keeps a pair apart (amdsyncHazardProven).
typedef enum {
  AMDSYNC_PROOF_NONE,           ///< not a pair the proofs discharged
  AMDSYNC_PROOF_THREAD_PRIVATE, ///< one injective function of the thread id
  AMDSYNC_PROOF_DISJOINT,       ///< the bytes of all threads never meet
  AMDSYNC_PROOF_LISTED,         ///< every thread's bytes listed: apart
  AMDSYNC_PROOF_COUNT
} AmdsyncProof;
/// amdsyncHazardOn, saying why: `*conflict` is the hazard the accesses'
/// kinds and buffers make, `*proof` the index proof that keeps them apart
/// (then the result is NONE) or NONE. `first_rows` non-zero: `first` ran in
/// one of these values of its case symbol (AmdsyncAccessIndex.case_var; bit
/// k: value k), a path that left the symbol's loop in first's iteration
/// (AmdsyncProgram.symbol_final); 0: any.
AmdsyncHazardKind amdsyncHazardProven(const AmdsyncProgram *p,
                                      const AmdsyncNode *first,
                                      const AmdsyncNode *second, int carrier,
                                      uint64_t first_rows,
                                      AmdsyncHazardKind *conflict,
                                      AmdsyncProof *proof);
/// The rule's name ("thread-private", ...) and a sentence saying what it
/// shows.
const char *amdsyncProofName(AmdsyncProof proof);
const char *amdsyncProofText(AmdsyncProof proof);
/// True when every thread that may run `a` and every thread that may run
/// `b` lie in one wave (AmdsyncAccessIndex.wave, in a workgroup of several
/// waves): every pair of lanes they form is ordered by a wave-level
/// ordering point both lanes pass, and needs no workgroup barrier.
bool amdsyncIndexInOneWave(const AmdsyncProgram *p, const AmdsyncNode *a,
                           const AmdsyncNode *b);
/// Writes why the index proofs did not keep accesses `a` and `b` apart, for
/// an error message: "; their offsets F and G meet: lane (x, y, z) at the
/// first and lane (..) at the second both touch byte N" (a witness, where
/// the lanes' bounds are constants), or "... may meet across lanes"; empty
/// when either has no form.
void amdsyncIndexDescribeMeeting(const AmdsyncProgram *p, const AmdsyncNode *a,
                                 const AmdsyncNode *b, char *buf, int size);
/// True when access `a`'s form or threads read a symbol defined in a loop:
/// another access of its key stands for it only where no definition of the
/// symbol lies between them.
bool amdsyncIndexReadsLoopSymbol(const AmdsyncProgram *p, const AmdsyncNode *a);

/// True when every access that forms a hazard with `earlier` (as its
/// producer) also forms one with `later`: `later` touches at least the
/// bytes `earlier` does (unknown memory, or the same resource at a range
/// that contains it), reads and writes at least what it does, and is
/// atomic or DMA only where `earlier` is. Then, on a path through both, a
/// barrier ordering `later` with a consumer orders `earlier` too
/// (docs/design.md, "Nearest producers"). Equal keys cover each other.
bool amdsyncAccessCovers(const AmdsyncProgram *p, const AmdsyncNode *later,
                         const AmdsyncNode *earlier);

/// True when `later` stands for `earlier` thread by thread: both have index
/// forms on one resource, `later` runs in every thread of the workgroup (a
/// block outside divergent flow, no guard) at an address that names no
/// symbol, and every address of `earlier` (each case of a split) is that
/// address, at no more bytes. Every thread that ran `earlier` then runs
/// `later` after it on a path through both, over the same bytes, so a
/// consumer that conflicts with `earlier` conflicts with `later` too when
/// `later` reads and writes at least what `earlier` does, or when
/// `earlier` only reads, `later` writes, and every write that may meet
/// them has an index form (a write/write pair the proofs decide) or
/// `waw_hazards` is on. Needs finalize.
bool amdsyncAccessCoversPerThread(const AmdsyncProgram *p,
                                  const AmdsyncNode *later,
                                  const AmdsyncNode *earlier);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_PROGRAM_H */
