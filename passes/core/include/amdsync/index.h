/*===- amdsync/index.h - Index expressions and what they prove -*- C -*-===*
 *
 * Issue 21: an LDS access's byte address as a linear form
 * over the thread ids and workgroup-uniform symbols, the bounds of the
 * threads that execute it (the workgroup size and the guards of the
 * branches around it), and two proofs that a pair of accesses is no
 * hazard between *different* threads:
 *
 *  - thread-private: both addresses are the same injective function of the
 *    thread id (the access widths within its spacing), up to a constant, so
 *    bytes two threads share are impossible;
 *  - disjoint ranges: over every thread that may execute one and every
 *    thread that may execute the other, under their guards, the byte
 *    ranges never meet (a tree reduction's writes [0, s) against its reads
 *    [s, 2s)).
 *
 * Each proof is sound on its own and answers false when it cannot decide
 * (the buffer-level answer then stands). test/unit/core_index.c judges
 * them against enumeration of every thread pair and symbol value on small
 * workgroups. The model (amdsync/program.h) holds the forms the front ends
 * build; docs/design.md, section 2b, says what is wired.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_INDEX_H
#define AMDSYNC_INDEX_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Variables of a form: 0, 1, 2 are the thread ids x, y, z; the front end
/// numbers workgroup-uniform symbols from AMDSYNC_VAR_SYMBOL on.
enum {
  AMDSYNC_VAR_TID_X = 0,
  AMDSYNC_VAR_TID_Y = 1,
  AMDSYNC_VAR_TID_Z = 2,
  AMDSYNC_VAR_SYMBOL = 3,
};

/// The largest thread id in any dimension (no workgroup dimension has more
/// than 1,024 threads): what the front ends bound a form by when they
/// check it cannot wrap.
enum { AMDSYNC_TID_MAX = 1023 };

/// The most terms a form holds; a larger one is unknown.
enum { AMDSYNC_LINEAR_MAX_TERMS = 8 };

/// c + sum(coef[i] * var[i]): terms sorted by variable, no zero
/// coefficient, no variable twice.
typedef struct {
  int64_t c;
  int nterms;
  int var[AMDSYNC_LINEAR_MAX_TERMS];
  int64_t coef[AMDSYNC_LINEAR_MAX_TERMS];
} AmdsyncLinear;

/// A constant form.
AmdsyncLinear amdsyncLinearConst(int64_t c);
/// `coef * var`.
AmdsyncLinear amdsyncLinearVar(int var, int64_t coef);
/// `a + k * b`; false (and `*out` untouched) on overflow or too many terms.
bool amdsyncLinearAddScaled(const AmdsyncLinear *a, const AmdsyncLinear *b,
                            int64_t k, AmdsyncLinear *out);
/// The coefficient of `var` in `a` (0 when absent).
int64_t amdsyncLinearCoef(const AmdsyncLinear *a, int var);
/// The least and greatest value of `a`, a form over thread ids only, for
/// every thread id in [0, tid_max]; false when it holds a symbol or the
/// bounds overflow.
bool amdsyncLinearTidRange(const AmdsyncLinear *a, int64_t tid_max,
                           int64_t *lo, int64_t *hi);
/// The value of `a`, a form over thread ids only, at thread `t`; false when
/// it holds a symbol or the value overflows.
bool amdsyncLinearEvalAt(const AmdsyncLinear *a, const int64_t t[3],
                         int64_t *out);
/// Writes `a` as text ("4*tid.x + 64*tid.y + 8", symbols as "s0", ...)
/// into `buf` (truncated to `size`).
void amdsyncLinearPrint(const AmdsyncLinear *a, char *buf, int size);

/// A closed range of a symbol, each end possibly open-ended, and maybe a
/// bound by another symbol: the value is at most that symbol's value (at
/// the time the value is taken) plus `rel_c` (an inner loop counting up to
/// an outer one's counter, `for (j = 0; j < i; j++)`: j <= i - 1 where it
/// runs). `rel`: 1 + that symbol's index, 0 for none.
/// `step` > 1: the values are lo + step * m only (a counter stepping by a
/// constant from `lo`; `hi` a value it takes), 0 or 1: every integer.
typedef struct {
  bool has_lo, has_hi;
  int64_t lo, hi;
  int rel;
  int64_t rel_c;
  int64_t step;
} AmdsyncRange;

/// The distance between two values of a symbol of range `r` (1: any).
int64_t amdsyncRangeStep(const AmdsyncRange *r);

/// The symbols of one function: their ranges (index: var -
/// AMDSYNC_VAR_SYMBOL).
typedef struct {
  int nsyms;
  const AmdsyncRange *range;
} AmdsyncSymbols;

/// The least and greatest value of `a` for every thread id in [0, tid_max]
/// and every symbol value in its range (`syms` NULL: no symbols); false when
/// a symbol has no bounded range or the bounds overflow.
bool amdsyncLinearRange(const AmdsyncLinear *a, int64_t tid_max,
                        const AmdsyncSymbols *syms, int64_t *lo, int64_t *hi);

/// The threads that may execute an access: per thread id, lo <= tid <= hi,
/// with `lo` and `hi` forms over symbols only (no thread id); `has_hi`
/// false when unbounded above (an unknown workgroup size).
/// Where `mod[d]` > 1 (a power of two), also tid[d] mod `mod[d]` lies in
/// [`rlo[d]`, `rhi[d]`] (a residue guard, `tid % 4 == 0`); 0: no such bound.
/// The proofs that reason on ranges may ignore it (a superset of the
/// threads); the ones that list threads skip those it excludes.
typedef struct {
  AmdsyncLinear lo[3], hi[3];
  bool has_hi[3];
  int64_t mod[3], rlo[3], rhi[3];
} AmdsyncThreads;

/// Whether thread `tid` meets `t`'s residue bounds (its ranges aside).
bool amdsyncThreadsAdmit(const AmdsyncThreads *t, const int64_t tid[3]);

/// A guard on an edge of the control-flow graph (amdsync/cfg.h): only the
/// threads with `lo <= tid[dim] <= hi` take the edge from the block holding
/// it into `to` (the branch condition, or its negation on the other edge).
/// Bounds are forms over symbols; `has_lo`/`has_hi` false: no bound that
/// side.
///
/// `mod` > 1 (a power of two): a residue guard instead, tid[dim] mod `mod`
/// in [lo.c, hi.c] (both constants, both present): `tid & 3 == 0`,
/// `(lane & 31) < 16`. `case_var` >= AMDSYNC_VAR_SYMBOL: the guard holds
/// only where that symbol (a case split's, amdsyncAccessSetCases) has the
/// value `case_k`, a guard of one iteration; 0: always.
typedef struct {
  struct AmdsyncBlock *to;
  int dim; ///< 0, 1, 2: thread id x, y, z
  bool has_lo, has_hi;
  AmdsyncLinear lo, hi;
  int64_t mod;
  int case_var, case_k;
} AmdsyncGuard;

/// How a form compares with 0 (a branch condition, integers exact).
typedef enum {
  AMDSYNC_REL_LT,
  AMDSYNC_REL_LE,
  AMDSYNC_REL_GT,
  AMDSYNC_REL_GE,
  AMDSYNC_REL_EQ,
  AMDSYNC_REL_NE,
} AmdsyncRelation;

/// The relation that holds where `rel` does not.
AmdsyncRelation amdsyncRelationNegate(AmdsyncRelation rel);

/// The guard `f REL 0` puts on the threads for which it holds, `f` a form
/// over exactly one thread id and symbols: a bound of that thread id, over
/// constants (any coefficient: the bound is rounded inwards), or over
/// symbols (coefficient 1 or -1 only, where the bound is exact). False when
/// `f` bounds no thread id that way (`!=`, two thread ids, another
/// coefficient). `out->to` is left NULL.
bool amdsyncGuardOf(const AmdsyncLinear *f, AmdsyncRelation rel,
                    AmdsyncGuard *out);

/// Whether a front end states guard `g` of one iteration (a case guard:
/// the condition read with a table's row as constants) beside the `plain`
/// guards the same condition gives without the rows: every one if there
/// are none, else only the residues (a range over a counter's symbol,
/// `lid < s`, relates to the symbol in the addresses; a case's constant
/// range does not, and only multiplies the checker's work).
bool amdsyncCaseGuardWanted(const AmdsyncGuard *g, int plain);

/// Threads 0 <= tid < size[d] (size[d] <= 0: unbounded).
AmdsyncThreads amdsyncThreadsOfSize(const int64_t size[3]);

/// The flat lane id x + X * (y + Y * z) of lane `t` in a workgroup of
/// extents `size` (0 where unknown), or -1 when an extent it needs is
/// unknown (X where y or z is not 0, Y where z is not 0): the order in
/// which lanes fill waves.
int64_t amdsyncFlatLane(const int64_t t[3], const int64_t size[3]);

/// The wave that holds every thread in `t`, numbered by flat lane id over
/// `wave_size` (flat id x + X * (y + Y * z) for the workgroup's extents
/// `size`, 0 where unknown: lanes fill waves in that order), for every
/// value of the symbols within their ranges; -1 when the threads may lie
/// in two waves or that cannot be shown (an unbounded or symbolic bound
/// without a range, a y or z id that may be non-zero with the extent below
/// it unknown). Two accesses whose threads lie in one wave form only
/// pairs of lanes of that wave: a wave-level ordering point both lanes
/// pass orders them.
int amdsyncThreadsWave(const AmdsyncThreads *t, const AmdsyncSymbols *syms,
                       const int64_t size[3], int wave_size);

/// One access as the proofs see it: the bytes [addr, addr + width) for the
/// threads in `threads`.
typedef struct {
  AmdsyncLinear addr;
  int64_t width; ///< bytes, >= 1
  AmdsyncThreads threads;
} AmdsyncIndexedAccess;

/// Which symbols hold the same value at both accesses of a pair: a symbol
/// fixed for the whole run (a kernel argument, a block id) always does; a
/// loop's induction variable only when the pair does not span an iteration
/// boundary of that loop. `shared[s]` for symbol s (index var -
/// AMDSYNC_VAR_SYMBOL); a symbol not shared is a different unknown at each
/// access, of the same range.
typedef struct {
  const AmdsyncSymbols *symbols;
  const bool *shared;
} AmdsyncPairContext;

/// True when no byte one thread touches at `a` is touched at `b` by
/// another thread: both addresses are one injective function of the thread
/// id up to a constant. False when that cannot be shown.
bool amdsyncIndexThreadPrivate(const AmdsyncIndexedAccess *a,
                               const AmdsyncIndexedAccess *b,
                               const AmdsyncPairContext *ctx);

/// True when, for every thread that may execute `a` and every thread that
/// may execute `b` (the same thread included), the bytes never meet. False
/// when that cannot be shown.
bool amdsyncIndexDisjoint(const AmdsyncIndexedAccess *a,
                          const AmdsyncIndexedAccess *b,
                          const AmdsyncPairContext *ctx);

/// True when no byte one thread touches at `a` is touched at `b` by
/// another thread, found by listing every thread's bytes: only where both
/// accesses' threads are boxes of constant bounds (at most 4,096 threads
/// each) and the addresses' symbol terms are the same and shared, so that
/// they cancel. False otherwise, or when a pair of threads meets.
bool amdsyncIndexApartByCount(const AmdsyncIndexedAccess *a,
                              const AmdsyncIndexedAccess *b,
                              const AmdsyncPairContext *ctx);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_INDEX_H */
