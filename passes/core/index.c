/*===- index.c - Index expressions and what they prove -------------------===*
 *
 * See amdsync/index.h. Both proofs reduce to bounding a linear form over
 * the thread ids of both accesses and the symbols: each thread id lies
 * between forms over symbols (its guards), so a form's minimum is reached
 * with every thread id at the bound its coefficient's sign picks, which
 * leaves a form over symbols, whose minimum over their ranges is reached
 * the same way. Symbol values for which a thread id's bounds are empty
 * only lower the minimum found, so the bound stays sound. Every
 * arithmetic step checks for overflow and gives up ("cannot show") on it.
 *===----------------------------------------------------------------------===*/
#include "amdsync/index.h"

#include <assert.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/*===--- Linear forms ------------------------------------------------------===*/

int64_t amdsyncRangeStep(const AmdsyncRange *r) {
  return r->step > 1 ? r->step : 1;
}

AmdsyncLinear amdsyncLinearConst(int64_t c) {
  AmdsyncLinear f;
  memset(&f, 0, sizeof f);
  f.c = c;
  return f;
}

AmdsyncLinear amdsyncLinearVar(int var, int64_t coef) {
  AmdsyncLinear f = amdsyncLinearConst(0);
  if (coef != 0) {
    f.var[0] = var;
    f.coef[0] = coef;
    f.nterms = 1;
  }
  return f;
}

bool amdsyncLinearAddScaled(const AmdsyncLinear *a, const AmdsyncLinear *b,
                            int64_t k, AmdsyncLinear *out) {
  AmdsyncLinear r = amdsyncLinearConst(0);
  int64_t kc;
  if (__builtin_mul_overflow(b->c, k, &kc) ||
      __builtin_add_overflow(a->c, kc, &r.c))
    return false;
  int i = 0, j = 0;
  while (i < a->nterms || j < b->nterms) {
    int var;
    int64_t coef = 0, t;
    if (j >= b->nterms || (i < a->nterms && a->var[i] < b->var[j])) {
      var = a->var[i];
      coef = a->coef[i++];
    } else {
      var = b->var[j];
      if (__builtin_mul_overflow(b->coef[j++], k, &t))
        return false;
      if (i < a->nterms && a->var[i] == var) {
        if (__builtin_add_overflow(a->coef[i++], t, &coef))
          return false;
      } else {
        coef = t;
      }
    }
    if (coef == 0)
      continue;
    if (r.nterms == AMDSYNC_LINEAR_MAX_TERMS)
      return false;
    r.var[r.nterms] = var;
    r.coef[r.nterms++] = coef;
  }
  *out = r;
  return true;
}

int64_t amdsyncLinearCoef(const AmdsyncLinear *a, int var) {
  for (int i = 0; i < a->nterms; ++i)
    if (a->var[i] == var)
      return a->coef[i];
  return 0;
}

bool amdsyncLinearTidRange(const AmdsyncLinear *a, int64_t tid_max,
                           int64_t *lo, int64_t *hi) {
  int64_t l = a->c, h = a->c;
  for (int i = 0; i < a->nterms; ++i) {
    int64_t span;
    if (a->var[i] >= AMDSYNC_VAR_SYMBOL ||
        __builtin_mul_overflow(a->coef[i], tid_max, &span))
      return false;
    if (__builtin_add_overflow(span < 0 ? l : h, span, span < 0 ? &l : &h))
      return false;
  }
  *lo = l;
  *hi = h;
  return true;
}

bool amdsyncLinearRange(const AmdsyncLinear *a, int64_t tid_max,
                        const AmdsyncSymbols *syms, int64_t *lo, int64_t *hi) {
  int64_t l = a->c, h = a->c;
  for (int i = 0; i < a->nterms; ++i) {
    int64_t vlo = 0, vhi = tid_max, x, y;
    if (a->var[i] >= AMDSYNC_VAR_SYMBOL) {
      int s = a->var[i] - AMDSYNC_VAR_SYMBOL;
      if (!syms || s >= syms->nsyms || !syms->range[s].has_lo ||
          !syms->range[s].has_hi)
        return false;
      vlo = syms->range[s].lo;
      vhi = syms->range[s].hi;
    }
    if (__builtin_mul_overflow(a->coef[i], vlo, &x) ||
        __builtin_mul_overflow(a->coef[i], vhi, &y))
      return false;
    if (__builtin_add_overflow(l, x < y ? x : y, &l) ||
        __builtin_add_overflow(h, x < y ? y : x, &h))
      return false;
  }
  *lo = l;
  *hi = h;
  return true;
}

void amdsyncLinearPrint(const AmdsyncLinear *a, char *buf, int size) {
  static const char *const kTid[] = {"tid.x", "tid.y", "tid.z"};
  int n = 0;
  if (size <= 0)
    return;
  buf[0] = '\0';
  for (int i = 0; i < a->nterms && n < size; ++i) {
    char var[24];
    if (a->var[i] < AMDSYNC_VAR_SYMBOL)
      snprintf(var, sizeof var, "%s", kTid[a->var[i]]);
    else
      snprintf(var, sizeof var, "s%d", a->var[i] - AMDSYNC_VAR_SYMBOL);
    n += snprintf(buf + n, (size_t)(size - n), "%s%lld*%s", i ? " + " : "",
                  (long long)a->coef[i], var);
  }
  if (n < size && (a->c != 0 || a->nterms == 0))
    snprintf(buf + n, (size_t)(size - n), "%s%lld", a->nterms ? " + " : "",
             (long long)a->c);
}

bool amdsyncThreadsAdmit(const AmdsyncThreads *t, const int64_t tid[3]) {
  for (int d = 0; d < 3; ++d)
    if (t->mod[d] > 1) {
      int64_t r = tid[d] & (t->mod[d] - 1);
      if (r < t->rlo[d] || r > t->rhi[d])
        return false;
    }
  return true;
}

AmdsyncThreads amdsyncThreadsOfSize(const int64_t size[3]) {
  AmdsyncThreads t;
  memset(&t, 0, sizeof t);
  for (int d = 0; d < 3; ++d) {
    t.lo[d] = amdsyncLinearConst(0);
    t.hi[d] = amdsyncLinearConst(size[d] > 0 ? size[d] - 1 : 0);
    t.has_hi[d] = size[d] > 0;
  }
  return t;
}

/* The least (`hi` false) or greatest value a bound of the thread ids takes
   over its symbols' ranges: a lower bound no less than 0, an upper bound
   no more than the largest id. */
static bool boundValue(const AmdsyncLinear *f, const AmdsyncSymbols *syms,
                       bool hi, int64_t *out) {
  int64_t lo_v, hi_v;
  if (!amdsyncLinearRange(f, 0, syms, &lo_v, &hi_v))
    return false;
  *out = hi ? (hi_v > AMDSYNC_TID_MAX ? AMDSYNC_TID_MAX : hi_v)
            : (lo_v < 0 ? 0 : lo_v);
  return true;
}

int64_t amdsyncFlatLane(const int64_t t[3], const int64_t size[3]) {
  if (((t[1] > 0 || t[2] > 0) && size[0] <= 0) || (t[2] > 0 && size[1] <= 0))
    return -1;
  int64_t x = size[0] > 0 ? size[0] : 0, y = size[1] > 0 ? size[1] : 0;
  return t[0] + x * (t[1] + y * t[2]);
}

int amdsyncThreadsWave(const AmdsyncThreads *t, const AmdsyncSymbols *syms,
                       const int64_t size[3], int wave_size) {
  if (wave_size <= 0)
    return -1;
  int64_t lo[3], hi[3];
  for (int d = 0; d < 3; ++d) {
    if (!t->has_hi[d] || !boundValue(&t->lo[d], syms, false, &lo[d]) ||
        !boundValue(&t->hi[d], syms, true, &hi[d]))
      return -1;
    if (size[d] > 0 && hi[d] > size[d] - 1)
      hi[d] = size[d] - 1;
    if (hi[d] < lo[d])
      return -1; /* no thread: nothing to say */
  }
  /* The flat id grows with each id, so the box's corners bound it (the
     upper corner needs every extent the lower one does). */
  int64_t flat_lo = amdsyncFlatLane(lo, size);
  int64_t flat_hi = amdsyncFlatLane(hi, size);
  if (flat_hi < 0)
    return -1;
  return flat_lo / wave_size == flat_hi / wave_size
             ? (int)(flat_lo / wave_size)
             : -1;
}

/*===--- Bounds over a pair ---------------------------------------------------===*/

/* Variables of a pair's forms: the thread ids of access `a` (0..2) and of
   access `b` (kTidB + 0..2); a symbol shared by both keeps its number, a
   symbol not shared is itself at `a` and kOther + itself at `b`. */
enum { kTidB = 1 << 20, kOther = 1 << 21 };

typedef struct {
  const AmdsyncIndexedAccess *a, *b;
  const AmdsyncPairContext *ctx;
} Pair;

static bool isSymbol(int var) { return var >= AMDSYNC_VAR_SYMBOL && var < kTidB; }

static int symbolIndex(int var) {
  return (var >= kOther ? var - kOther : var) - AMDSYNC_VAR_SYMBOL;
}

static bool sharedSymbol(const Pair *p, int var) {
  int s = symbolIndex(var);
  return p->ctx->shared && s >= 0 && s < p->ctx->symbols->nsyms &&
         p->ctx->shared[s];
}

/* `f` as seen at `b`: thread ids and unshared symbols renamed. */
static bool renameAtB(const Pair *p, const AmdsyncLinear *f, AmdsyncLinear *out) {
  AmdsyncLinear r = amdsyncLinearConst(f->c);
  for (int i = 0; i < f->nterms; ++i) {
    int v = f->var[i];
    if (v < AMDSYNC_VAR_SYMBOL)
      v += kTidB;
    else if (!sharedSymbol(p, v))
      v += kOther;
    AmdsyncLinear t = amdsyncLinearVar(v, f->coef[i]);
    if (!amdsyncLinearAddScaled(&r, &t, 1, &r))
      return false;
  }
  *out = r;
  return true;
}

/* The bound of a thread id variable of the pair: its `hi` (else `lo`)
   form, renamed where it belongs to `b`. False when unbounded. */
static bool tidBound(const Pair *p, int var, bool hi, AmdsyncLinear *out) {
  bool at_b = var >= kTidB;
  const AmdsyncThreads *t = at_b ? &p->b->threads : &p->a->threads;
  int d = at_b ? var - kTidB : var;
  assert(d >= 0 && d < 3);
  if (hi && !t->has_hi[d])
    return false;
  const AmdsyncLinear *f = hi ? &t->hi[d] : &t->lo[d];
  if (!at_b) {
    *out = *f;
    return true;
  }
  return renameAtB(p, f, out);
}

/* The least value over the symbols' ranges of `g`, a form over symbols
   only (the pair's names); false when one is unbounded. */
static bool minimizeOverRanges(const Pair *p, const AmdsyncLinear *g,
                               int64_t *min) {
  int64_t v = g->c;
  for (int i = 0; i < g->nterms; ++i) {
    int s = symbolIndex(g->var[i]);
    if (s < 0 || s >= p->ctx->symbols->nsyms)
      return false;
    const AmdsyncRange *r = &p->ctx->symbols->range[s];
    bool lo = g->coef[i] > 0;
    if (lo ? !r->has_lo : !r->has_hi)
      return false;
    int64_t term;
    if (__builtin_mul_overflow(g->coef[i], lo ? r->lo : r->hi, &term) ||
        __builtin_add_overflow(v, term, &v))
      return false;
  }
  *min = v;
  return true;
}

/* `g` with each symbol read with a negative coefficient replaced by the
   symbol that bounds it plus its constant (AmdsyncRange.rel), named on the
   same side: the least value then follows the outer counter (j <= i - 1
   under i). Not where the bounded symbol is shared and its bound is not
   (its one value was taken under the first access's bound only). False
   when nothing was replaced or a sum overflows. */
static bool substituteRelations(const Pair *p, const AmdsyncLinear *g,
                                AmdsyncLinear *out) {
  AmdsyncLinear r = amdsyncLinearConst(g->c);
  bool any = false;
  for (int i = 0; i < g->nterms; ++i) {
    int s = symbolIndex(g->var[i]);
    const AmdsyncRange *rg = s >= 0 && s < p->ctx->symbols->nsyms
                                 ? &p->ctx->symbols->range[s]
                                 : NULL;
    AmdsyncLinear t = amdsyncLinearVar(g->var[i], g->coef[i]);
    if (rg && rg->rel > 0 && g->coef[i] < 0) {
      int outer = rg->rel - 1, var = AMDSYNC_VAR_SYMBOL + outer;
      bool j_shared = sharedSymbol(p, g->var[i]);
      bool i_shared = sharedSymbol(p, var);
      if (!(j_shared && !i_shared)) {
        if (!i_shared && g->var[i] >= kOther)
          var += kOther; /* b's own value of the outer counter */
        t = amdsyncLinearVar(var, g->coef[i]);
        AmdsyncLinear c = amdsyncLinearConst(rg->rel_c);
        if (!amdsyncLinearAddScaled(&t, &c, g->coef[i], &t))
          return false;
        any = true;
      }
    }
    if (!amdsyncLinearAddScaled(&r, &t, 1, &r))
      return false;
  }
  *out = r;
  return any;
}

/* The least value of `f` over the pair's domain (`*min`); false when it
   cannot be bounded. */
static bool minimize(const Pair *p, const AmdsyncLinear *f, int64_t *min) {
  AmdsyncLinear g = amdsyncLinearConst(f->c);
  /* Thread ids first: each at the bound its coefficient's sign picks. */
  for (int i = 0; i < f->nterms; ++i) {
    AmdsyncLinear t;
    if (isSymbol(f->var[i]) || f->var[i] >= kOther) {
      t = amdsyncLinearVar(f->var[i], f->coef[i]);
      if (!amdsyncLinearAddScaled(&g, &t, 1, &g))
        return false;
      continue;
    }
    AmdsyncLinear bound;
    if (!tidBound(p, f->var[i], f->coef[i] < 0, &bound) ||
        !amdsyncLinearAddScaled(&g, &bound, f->coef[i], &g))
      return false;
  }
  /* Then the symbols, over their ranges; and again with the symbols that
     another bounds replaced by it (a few rounds: a chain of loops), the
     greatest least value of the two (each is a lower bound). */
  int64_t best = 0, v;
  bool found = minimizeOverRanges(p, &g, &best);
  AmdsyncLinear h = g;
  for (int round = 0; round < 4 && substituteRelations(p, &h, &h); ++round)
    if (minimizeOverRanges(p, &h, &v) && (!found || v > best)) {
      best = v;
      found = true;
    }
  *min = best;
  return found;
}

static bool maximize(const Pair *p, const AmdsyncLinear *f, int64_t *max) {
  AmdsyncLinear neg;
  AmdsyncLinear zero = amdsyncLinearConst(0);
  int64_t m;
  if (!amdsyncLinearAddScaled(&zero, f, -1, &neg) || !minimize(p, &neg, &m) ||
      m == INT64_MIN)
    return false;
  *max = -m;
  return true;
}

/* D = addr_b(t') - addr_a(t), over the pair's variables. */
static bool difference(const Pair *p, AmdsyncLinear *d) {
  AmdsyncLinear b;
  return renameAtB(p, &p->b->addr, &b) &&
         amdsyncLinearAddScaled(&b, &p->a->addr, -1, d);
}

/*===--- The proofs ------------------------------------------------------------===*/

static bool latticeDisjoint(const Pair *p, const AmdsyncLinear *d);

bool amdsyncIndexDisjoint(const AmdsyncIndexedAccess *a,
                          const AmdsyncIndexedAccess *b,
                          const AmdsyncPairContext *ctx) {
  assert(a->width >= 1 && b->width >= 1);
  Pair p = {a, b, ctx};
  AmdsyncLinear d;
  if (!difference(&p, &d))
    return false;
  int64_t lo, hi;
  /* b's bytes all above a's: D >= width(a); all below: D <= -width(b). */
  if (minimize(&p, &d, &lo) && lo >= a->width)
    return true;
  if (maximize(&p, &d, &hi) && hi <= -b->width)
    return true;
  return latticeDisjoint(&p, d.nterms ? &d : NULL);
}

/* The one thread that may run `x`, when its bounds pin every thread id to
   one constant (`if (tid == 0)` in a one-dimensional workgroup). */
static bool pinnedThread(const AmdsyncIndexedAccess *x, int64_t t[3]) {
  for (int d = 0; d < 3; ++d) {
    const AmdsyncThreads *th = &x->threads;
    if (!th->has_hi[d] || th->lo[d].nterms || th->hi[d].nterms ||
        th->lo[d].c != th->hi[d].c)
      return false;
    t[d] = th->lo[d].c;
  }
  return true;
}

bool amdsyncLinearEvalAt(const AmdsyncLinear *a, const int64_t t[3],
                         int64_t *out) {
  int64_t v = a->c;
  for (int i = 0; i < a->nterms; ++i) {
    int64_t term;
    if (a->var[i] > AMDSYNC_VAR_TID_Z ||
        __builtin_mul_overflow(a->coef[i], t[a->var[i]], &term) ||
        __builtin_add_overflow(v, term, &v))
      return false;
  }
  *out = v;
  return true;
}

/* `pin`, run by one thread t* only, restated as `other`'s function of the
   thread id up to a constant: other.addr + (pin.addr(t*) - other.addr(t*)),
   equal to pin's address at t*, its only thread. */
static bool restateAsFunctionOf(const AmdsyncIndexedAccess *pin,
                                const AmdsyncIndexedAccess *other,
                                AmdsyncIndexedAccess *out) {
  int64_t t[3], vp, vo, k;
  if (!pinnedThread(pin, t) || !amdsyncLinearEvalAt(&pin->addr, t, &vp) ||
      !amdsyncLinearEvalAt(&other->addr, t, &vo) || __builtin_sub_overflow(vp, vo, &k))
    return false;
  AmdsyncLinear shift = amdsyncLinearConst(k);
  *out = *pin;
  return amdsyncLinearAddScaled(&other->addr, &shift, 1, &out->addr);
}

static bool threadPrivate(const AmdsyncIndexedAccess *a,
                          const AmdsyncIndexedAccess *b,
                          const AmdsyncPairContext *ctx);

bool amdsyncIndexThreadPrivate(const AmdsyncIndexedAccess *a,
                               const AmdsyncIndexedAccess *b,
                               const AmdsyncPairContext *ctx) {
  if (threadPrivate(a, b, ctx))
    return true;
  /* One side run by one thread only: its address as the other side's
     function of the thread id (lane 0 reading back lds[0] after writing
     lds[tid]). */
  AmdsyncIndexedAccess r;
  return (restateAsFunctionOf(b, a, &r) && threadPrivate(a, &r, ctx)) ||
         (restateAsFunctionOf(a, b, &r) && threadPrivate(&r, b, ctx));
}

/* floor(n / d) and ceil(n / d) for d != 0. */
static int64_t floorDiv(int64_t n, int64_t d) {
  int64_t q = n / d;
  return (n % d != 0 && ((n < 0) != (d < 0))) ? q - 1 : q;
}
static int64_t ceilDiv(int64_t n, int64_t d) { return -floorDiv(-n, d); }

/* The most combinations of the outer dimensions latticeMeets tries. */
enum { kLatticeWork = 1 << 16 };

/* Whether some L = sum m[i] * e[i], each e[i] in [elo[i], ehi[i]] (elo <=
   0 <= ehi) and not all of the thread ids' e[i] (`lane[i]`) 0 (`nonzero`:
   one before `i` was not), lies in the open interval (lo, hi): 1 yes, 0
   no, -1 when the sums overflow. The other dimensions are symbols' values:
   one thread may differ only there (its own accesses). Dimensions from `i`
   on, the largest magnitude first; the last is solved, not walked. */
static int latticeMeets(const int64_t *m, const int64_t *elo,
                        const int64_t *ehi, const bool *lane, int n, int i,
                        int64_t lo, int64_t hi, bool nonzero) {
  int64_t rest = 0; /* the most |sum| dimensions after i add */
  for (int j = i + 1; j < n; ++j) {
    int64_t t, r = ehi[j] > -elo[j] ? ehi[j] : -elo[j];
    if (__builtin_mul_overflow(m[j], r, &t) ||
        __builtin_add_overflow(rest, t, &rest))
      return -1;
  }
  if (i == n - 1) {
    /* e with lo < m * e < hi, in [elo, ehi], not 0 unless one before was. */
    int64_t emin = floorDiv(lo, m[i]) + 1, emax = ceilDiv(hi, m[i]) - 1;
    if (emin < elo[i])
      emin = elo[i];
    if (emax > ehi[i])
      emax = ehi[i];
    if (emin > emax)
      return 0;
    if (nonzero || (lane[i] && (emin != 0 || emax != 0)))
      return 1; /* a value other than 0 is in [emin, emax], or 0 will do */
    return 0;
  }
  for (int64_t e = elo[i]; e <= ehi[i]; ++e) {
    int64_t v, l2, h2;
    if (__builtin_mul_overflow(m[i], e, &v) ||
        __builtin_sub_overflow(lo, v, &l2) || __builtin_sub_overflow(hi, v, &h2))
      return -1;
    if (l2 >= rest || h2 <= -rest)
      continue; /* the rest cannot reach the interval */
    int got = latticeMeets(m, elo, ehi, lane, n, i + 1, l2, h2,
                           nonzero || (lane[i] && e));
    if (got != 0)
      return got;
  }
  return 0;
}

/* The symbol terms of D (a pair's difference) as dimensions of the
   lattice search, each |c| and the values [lo, hi] it adds in units of
   |c|. A symbol not shared (another iteration's value at `b`) that both
   addresses read with one coefficient c adds c * (s' - s), of reach the
   range's width (iteration distance). Any other term c * s (a symbol one
   side reads alone, as `a[16*t + i]` against `a[16*t + j]`, or with two
   coefficients) is c * lo + c * (s - lo), s - lo in [0, hi - lo]: the
   constant moves to `*k`, the rest is a dimension of that reach one way,
   the sign of c. False where a symbol has no bounded range. */
static bool symbolDims(const Pair *p, const AmdsyncLinear *d, int64_t *mag,
                       int64_t *lo, int64_t *hi, int *n, int64_t *k) {
  const AmdsyncPairContext *ctx = p->ctx;
  for (int i = 0; i < d->nterms; ++i) {
    int v = d->var[i];
    if (v <= AMDSYNC_VAR_TID_Z || (v >= kTidB && v <= kTidB + 2))
      continue;
    int own = v >= kOther ? v - kOther : v;
    bool pair = amdsyncLinearCoef(d, own + kOther) == -amdsyncLinearCoef(d, own);
    if (pair && v < kOther)
      continue; /* counted at its copy */
    int si = own - AMDSYNC_VAR_SYMBOL;
    const AmdsyncRange *range =
        ctx->symbols && si >= 0 && si < ctx->symbols->nsyms
            ? &ctx->symbols->range[si]
            : NULL;
    int64_t reach, shift, m;
    if (!range || !range->has_lo || !range->has_hi || d->coef[i] == INT64_MIN ||
        __builtin_sub_overflow(range->hi, range->lo, &reach))
      return false;
    if (!pair && (__builtin_mul_overflow(d->coef[i], range->lo, &shift) ||
                  __builtin_add_overflow(*k, shift, k)))
      return false;
    /* A counter's values lie `step` apart from lo: s - lo = step * e. */
    int64_t st = amdsyncRangeStep(range);
    reach /= st;
    if (__builtin_mul_overflow(d->coef[i] < 0 ? -d->coef[i] : d->coef[i], st, &m))
      return false;
    lo[*n] = pair || d->coef[i] < 0 ? -reach : 0;
    hi[*n] = pair || d->coef[i] > 0 ? reach : 0;
    mag[(*n)++] = m;
  }
  return true;
}

/* Whether some sum of mag[i] * e[i], e[i] in [lo[i], hi[i]] (lo <= 0 <=
   hi), lies in the open interval (from, to), with some thread dimension
   (`lane`) nonzero unless `nonzero`: 1 yes, 0 no, -1 when the search
   would be too long or overflows. Sorts the dimensions (in place) by
   magnitude, the largest first, and asks latticeMeets. */
static int searchLattice(int64_t *mag, int64_t *lo, int64_t *hi, bool *lane,
                         int nd, int64_t from, int64_t to, bool nonzero) {
  if (nd == 0) /* only 0 */
    return nonzero && from < 0 && to > 0;
  for (int i = 1; i < nd; ++i) /* by magnitude, descending */
    for (int j = i; j > 0 && mag[j] > mag[j - 1]; --j) {
      int64_t tm = mag[j], tl = lo[j], th = hi[j];
      bool tn = lane[j];
      mag[j] = mag[j - 1], lo[j] = lo[j - 1];
      hi[j] = hi[j - 1], lane[j] = lane[j - 1];
      mag[j - 1] = tm, lo[j - 1] = tl, hi[j - 1] = th;
      lane[j - 1] = tn;
    }
  int64_t combos = 1;
  for (int i = 0; i + 1 < nd; ++i)
    if (__builtin_mul_overflow(combos, hi[i] - lo[i] + 1, &combos) ||
        combos > kLatticeWork)
      return -1;
  return latticeMeets(mag, lo, hi, lane, nd, 0, from, to, nonzero);
}

/* Disjoint ranges on the lattice: where the ranges of the two accesses'
   bytes overlap but every value of D = addr_b(t') - addr_a(t) misses
   (-width(b), width(a)) for every thread of each (the same thread
   included) and every symbol value: each thread id of each access a
   dimension of its own over its constant bounds, each symbol term as in
   symbolDims (SHOC's stencil2d: the interior rows' columns 1..256,
   1032 * i + 4 * y + 4, against the right halo's column 257, 1032 * j +
   1028, with i and j two loops' counters). False where a thread id's
   bound is not a constant, or the search would be too long. */
static bool latticeDisjoint(const Pair *p, const AmdsyncLinear *d) {
  if (!d)
    return false; /* a constant D: the range tests decided */
  enum { kDims = 6 + 2 * AMDSYNC_LINEAR_MAX_TERMS };
  int64_t mag[kDims], lo[kDims], hi[kDims];
  bool lane[kDims] = {false};
  int nd = 0;
  int64_t k = d->c;
  for (int i = 0; i < d->nterms; ++i) {
    int v = d->var[i];
    if (!(v <= AMDSYNC_VAR_TID_Z || (v >= kTidB && v <= kTidB + 2)))
      continue;
    AmdsyncLinear l, h;
    int64_t c = d->coef[i], shift, reach;
    /* c * x = c * lo + c * (x - lo), x - lo in [0, hi - lo]. */
    if (!tidBound(p, v, false, &l) || !tidBound(p, v, true, &h) ||
        l.nterms || h.nterms || c == INT64_MIN)
      return false;
    int64_t xl = l.c < 0 ? 0 : l.c, xh = h.c > AMDSYNC_TID_MAX ? AMDSYNC_TID_MAX : h.c;
    if (xh < xl)
      return true; /* no thread runs one of them */
    if (__builtin_mul_overflow(c, xl, &shift) ||
        __builtin_add_overflow(k, shift, &k))
      return false;
    reach = xh - xl;
    mag[nd] = c < 0 ? -c : c;
    lo[nd] = c < 0 ? -reach : 0;
    hi[nd] = c > 0 ? reach : 0;
    nd += reach > 0;
  }
  int nsym = 0;
  if (!symbolDims(p, d, mag + nd, lo + nd, hi + nd, &nsym, &k))
    return false;
  nd += nsym;
  int64_t from, to;
  if (__builtin_sub_overflow(-p->b->width, k, &from) ||
      __builtin_sub_overflow(p->a->width, k, &to))
    return false;
  return searchLattice(mag, lo, hi, lane, nd, from, to, true) == 0;
}

static bool threadPrivate(const AmdsyncIndexedAccess *a,
                          const AmdsyncIndexedAccess *b,
                          const AmdsyncPairContext *ctx) {
  assert(a->width >= 1 && b->width >= 1);
  Pair p = {a, b, ctx};
  /* The same function of the thread id, the symbols shared: the offset k
     between them is a constant. */
  AmdsyncLinear d;
  if (!difference(&p, &d))
    return false;
  int64_t c[3];
  for (int dim = 0; dim < 3; ++dim) {
    c[dim] = amdsyncLinearCoef(&a->addr, dim);
    if (amdsyncLinearCoef(&b->addr, dim) != c[dim])
      return false;
  }
  /* Each symbol term of D is a dimension in which one thread may differ
     from itself (symbolDims). */
  int64_t free_mag[2 * AMDSYNC_LINEAR_MAX_TERMS],
      free_lo[2 * AMDSYNC_LINEAR_MAX_TERMS], free_hi[2 * AMDSYNC_LINEAR_MAX_TERMS];
  int nfree = 0;
  int64_t k = d.c;
  if (!symbolDims(&p, &d, free_mag, free_lo, free_hi, &nfree, &k))
    return false;
  /* How far apart two threads' ids lie per dimension: |t'_d - t_d| <=
     reach[d] (-1: unbounded). */
  int64_t reach[3];
  bool flat = false; /* a dimension two threads can differ in, unseen */
  for (int dim = 0; dim < 3; ++dim) {
    int64_t r1, r2;
    AmdsyncLinear hb, la, ha, lb, x;
    bool ok = tidBound(&p, kTidB + dim, true, &hb) &&
              tidBound(&p, dim, false, &la) &&
              tidBound(&p, dim, true, &ha) &&
              tidBound(&p, kTidB + dim, false, &lb) &&
              amdsyncLinearAddScaled(&hb, &la, -1, &x) &&
              maximize(&p, &x, &r1) &&
              amdsyncLinearAddScaled(&ha, &lb, -1, &x) &&
              maximize(&p, &x, &r2);
    reach[dim] = ok ? (r1 > r2 ? r1 : r2) : -1;
    if (c[dim] == 0 && reach[dim] != 0)
      flat = true;
  }
  /* Two threads differing only where the address ignores the thread id
     touch the bytes k apart (and, across iterations, what the symbols
     add: the lattice below then lets every dimension be 0). */
  if (flat && k < a->width && k > -b->width)
    return false;
  /* Mixed radix: with the dimensions by |coefficient|, two threads that
     differ where the address sees it lie at least S apart, S the least of
     c_k - sum_{j<k} c_j * reach_j (the largest dimension's reach does not
     matter). */
  int order[3], n = 0;
  int64_t mag[3];
  for (int dim = 0; dim < 3; ++dim) {
    if (c[dim] == INT64_MIN)
      return false;
    mag[dim] = c[dim] < 0 ? -c[dim] : c[dim];
    if (c[dim] != 0 && reach[dim] != 0) /* reach 0: both threads agree */
      order[n++] = dim;
  }
  if (n == 0 && nfree == 0)
    return !flat || k >= a->width || k <= -b->width;
  if (n == 0 && !flat)
    return true; /* no two different threads run them */
  for (int i = 1; i < n; ++i) /* by magnitude */
    for (int j = i; j > 0 && mag[order[j]] < mag[order[j - 1]]; --j) {
      int t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  int64_t spread = 0, spacing = INT64_MAX;
  for (int i = 0; i < n; ++i) {
    int dim = order[i];
    int64_t gap;
    if (__builtin_sub_overflow(mag[dim], spread, &gap))
      return false;
    if (gap < spacing)
      spacing = gap;
    if (i + 1 < n) {
      int64_t more;
      if (reach[dim] < 0 || __builtin_mul_overflow(mag[dim], reach[dim], &more) ||
          __builtin_add_overflow(spread, more, &spread))
        return false;
    }
  }
  /* D = L + k with |L| >= spacing: outside (-width(b), width(a)). */
  int64_t need1, need2;
  if (__builtin_sub_overflow(a->width, k, &need1) ||
      __builtin_add_overflow(b->width, k, &need2))
    return false;
  if (nfree == 0 && spacing >= 1 && spacing >= need1 && spacing >= need2)
    return true;
  /* Otherwise every L two different threads give, dimension by dimension
     (an interleaving such as rows of 128 words whose halves two accesses
     take: 4*x + 512*y against 4*x + 512*y + 256 with x < 64). */
  int64_t lo, hi;
  if (__builtin_sub_overflow(-b->width, k, &lo) ||
      __builtin_sub_overflow(a->width, k, &hi))
    return false;
  /* Every dimension, the largest magnitude first: the thread ids', then
     the symbols' (each a dimension where one thread may differ). */
  enum { kDims = 3 + 2 * AMDSYNC_LINEAR_MAX_TERMS };
  int64_t dim_mag[kDims], dim_lo[kDims], dim_hi[kDims];
  bool lane[kDims];
  int nd = 0;
  for (int i = 0; i < n; ++i) {
    if (reach[order[i]] < 0)
      return false;
    dim_mag[nd] = mag[order[i]];
    dim_lo[nd] = -reach[order[i]];
    dim_hi[nd] = reach[order[i]];
    lane[nd++] = true;
  }
  for (int i = 0; i < nfree; ++i) {
    if (free_hi[i] == free_lo[i] || free_mag[i] == 0)
      continue;
    dim_mag[nd] = free_mag[i];
    dim_lo[nd] = free_lo[i];
    dim_hi[nd] = free_hi[i];
    lane[nd++] = false;
  }
  /* Where it is flat, two different threads may add 0 in every
     dimension: no dimension need be nonzero. */
  return searchLattice(dim_mag, dim_lo, dim_hi, lane, nd, lo, hi, flat) == 0;
}

/*===--- Counting the threads ------------------------------------------------===*/

/* The most threads amdsyncIndexApartByCount lists per access. */
enum { kCountThreads = 4096 };

typedef struct {
  int64_t at;  /* the first byte */
  int32_t tid; /* the thread, as x + 1024 * (y + 1024 * z) */
} Touch;

static int touchOrder(const void *x, const void *y) {
  const Touch *a = x, *b = y;
  return a->at < b->at ? -1 : a->at > b->at;
}

/* `x`'s threads as constant boxes [lo[d], hi[d]]; false when a bound is
   open or reads a symbol, or when there are more than kCountThreads. */
static bool constantBox(const AmdsyncIndexedAccess *x, int64_t lo[3],
                        int64_t hi[3], int64_t *count) {
  *count = 1;
  for (int d = 0; d < 3; ++d) {
    const AmdsyncThreads *t = &x->threads;
    if (!t->has_hi[d] || t->lo[d].nterms || t->hi[d].nterms)
      return false;
    lo[d] = t->lo[d].c < 0 ? 0 : t->lo[d].c;
    hi[d] = t->hi[d].c > AMDSYNC_TID_MAX ? AMDSYNC_TID_MAX : t->hi[d].c;
    if (hi[d] < lo[d]) {
      *count = 0;
      continue;
    }
    *count *= hi[d] - lo[d] + 1;
    if (*count > kCountThreads)
      return false;
  }
  return true;
}

/* `f` without its symbol terms, when `g` has the same ones and each is
   shared (the same value at both accesses, so that they cancel). */
static bool symbolsCancel(const AmdsyncLinear *f, const AmdsyncLinear *g,
                          const AmdsyncPairContext *ctx, AmdsyncLinear *out) {
  *out = amdsyncLinearConst(f->c);
  for (int i = 0; i < f->nterms; ++i) {
    int v = f->var[i];
    if (v <= AMDSYNC_VAR_TID_Z) {
      AmdsyncLinear t = amdsyncLinearVar(v, f->coef[i]);
      if (!amdsyncLinearAddScaled(out, &t, 1, out))
        return false;
      continue;
    }
    int s = v - AMDSYNC_VAR_SYMBOL;
    if (!ctx->shared || !ctx->symbols || s >= ctx->symbols->nsyms ||
        !ctx->shared[s] || amdsyncLinearCoef(g, v) != f->coef[i])
      return false;
  }
  for (int i = 0; i < g->nterms; ++i)
    if (g->var[i] > AMDSYNC_VAR_TID_Z && amdsyncLinearCoef(f, g->var[i]) == 0)
      return false;
  return true;
}

/* Lists the first byte of every thread of box [lo, hi] that `th`'s residue
   bounds admit, at `addr`; false on
   overflow. */
static bool listTouches(const AmdsyncLinear *addr, const AmdsyncThreads *th,
                        const int64_t lo[3], const int64_t hi[3], Touch *out,
                        int64_t *n) {
  *n = 0;
  int64_t t[3];
  for (t[2] = lo[2]; t[2] <= hi[2]; ++t[2])
    for (t[1] = lo[1]; t[1] <= hi[1]; ++t[1])
      for (t[0] = lo[0]; t[0] <= hi[0]; ++t[0]) {
        if (!amdsyncThreadsAdmit(th, t))
          continue; /* a residue guard leaves it out */
        if (!amdsyncLinearEvalAt(addr, t, &out[*n].at))
          return false;
        out[*n].tid = (int32_t)(t[0] + 1024 * (t[1] + 1024 * t[2]));
        ++*n;
      }
  return true;
}

bool amdsyncIndexApartByCount(const AmdsyncIndexedAccess *a,
                              const AmdsyncIndexedAccess *b,
                              const AmdsyncPairContext *ctx) {
  assert(a->width >= 1 && b->width >= 1);
  int64_t alo[3], ahi[3], blo[3], bhi[3], na, nb;
  if (!constantBox(a, alo, ahi, &na) || !constantBox(b, blo, bhi, &nb))
    return false;
  if (na == 0 || nb == 0)
    return true; /* no thread runs one of them */
  AmdsyncLinear fa, fb;
  if (!symbolsCancel(&a->addr, &b->addr, ctx, &fa) ||
      !symbolsCancel(&b->addr, &a->addr, ctx, &fb))
    return false;
  Touch *ta = malloc((size_t)na * sizeof *ta);
  Touch *tb = malloc((size_t)nb * sizeof *tb);
  bool apart = ta && tb && listTouches(&fa, &a->threads, alo, ahi, ta, &na) &&
               listTouches(&fb, &b->threads, blo, bhi, tb, &nb);
  if (apart) {
    qsort(ta, (size_t)na, sizeof *ta, touchOrder);
    /* b's thread u meets a's thread t where a.at in (u.at - wa, u.at + wb):
       the first a.at past u.at - wa, then on while below u.at + wb. At most
       one of them is u itself, so the walk stops by the second. */
    for (int64_t j = 0; apart && j < nb; ++j) {
      int64_t from, to;
      if (__builtin_sub_overflow(tb[j].at, a->width, &from) ||
          __builtin_add_overflow(tb[j].at, b->width, &to)) {
        apart = false;
        break;
      }
      int64_t l = 0, h = na; /* the first index with at > from */
      while (l < h) {
        int64_t m = l + (h - l) / 2;
        if (ta[m].at > from)
          h = m;
        else
          l = m + 1;
      }
      for (int64_t i = l; i < na && ta[i].at < to; ++i)
        if (ta[i].tid != tb[j].tid) {
          apart = false;
          break;
        }
    }
  }
  free(ta);
  free(tb);
  return apart;
}

/*===--- Guards from comparisons ---------------------------------------------===*/

AmdsyncRelation amdsyncRelationNegate(AmdsyncRelation rel) {
  static const AmdsyncRelation kNegate[] = {
      AMDSYNC_REL_GE, AMDSYNC_REL_GT, AMDSYNC_REL_LE,
      AMDSYNC_REL_LT, AMDSYNC_REL_NE, AMDSYNC_REL_EQ};
  return kNegate[rel];
}


bool amdsyncCaseGuardWanted(const AmdsyncGuard *g, int plain) {
  return plain == 0 || g->mod > 1;
}

bool amdsyncGuardOf(const AmdsyncLinear *f, AmdsyncRelation rel,
                    AmdsyncGuard *out) {
  int tids = 0, at = -1;
  for (int i = 0; i < f->nterms; ++i)
    if (f->var[i] <= AMDSYNC_VAR_TID_Z) {
      tids++;
      at = i;
    }
  if (tids != 1 || rel == AMDSYNC_REL_NE)
    return false;
  int64_t k = f->coef[at];
  memset(out, 0, sizeof *out);
  out->dim = f->var[at] - AMDSYNC_VAR_TID_X;
  /* k t + rest REL 0, rest = f - k t: k t <= m (LT: m = -rest - 1, LE:
     -rest), k t >= m (GT: -rest + 1, GE: -rest), or k t == -rest. */
  AmdsyncLinear rest = *f, tterm = amdsyncLinearVar(f->var[at], k), m;
  AmdsyncLinear zero = amdsyncLinearConst(0);
  int64_t adjust = rel == AMDSYNC_REL_LT ? -1 : rel == AMDSYNC_REL_GT ? 1 : 0;
  AmdsyncLinear shift = amdsyncLinearConst(adjust);
  if (!amdsyncLinearAddScaled(&rest, &tterm, -1, &rest) ||
      !amdsyncLinearAddScaled(&zero, &rest, -1, &m) ||
      !amdsyncLinearAddScaled(&m, &shift, 1, &m))
    return false;
  bool upper = rel == AMDSYNC_REL_LT || rel == AMDSYNC_REL_LE;
  if (m.nterms > 0) {
    /* Over symbols: exact only for k = 1 or -1 (t = m or t = -m). */
    if (k != 1 && k != -1)
      return false;
    AmdsyncLinear b = m;
    if (k == -1 && !amdsyncLinearAddScaled(&zero, &m, -1, &b))
      return false;
    bool bound_hi = rel == AMDSYNC_REL_EQ || upper == (k > 0);
    bool bound_lo = rel == AMDSYNC_REL_EQ || !bound_hi;
    out->has_hi = bound_hi;
    out->has_lo = bound_lo;
    if (bound_hi)
      out->hi = b;
    if (bound_lo)
      out->lo = b;
    return true;
  }
  int64_t c = m.c;
  if (rel == AMDSYNC_REL_EQ) {
    out->has_lo = out->has_hi = true;
    if (c % k != 0) { /* no thread id: an empty range */
      out->lo = amdsyncLinearConst(1);
      out->hi = amdsyncLinearConst(0);
    } else {
      out->lo = out->hi = amdsyncLinearConst(c / k);
    }
    return true;
  }
  /* Dividing by k < 0 turns the relation round. */
  bool bound_hi = upper == (k > 0);
  int64_t t = bound_hi ? floorDiv(c, k) : ceilDiv(c, k);
  if (bound_hi) {
    out->has_hi = true;
    out->hi = amdsyncLinearConst(t);
  } else {
    out->has_lo = true;
    out->lo = amdsyncLinearConst(t);
  }
  return true;
}
