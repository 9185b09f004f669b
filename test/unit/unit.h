/*===- unit.h - A tiny assertion harness for the core's unit tests ----------===*
 * Plain C, no framework: CHECK records a failure and carries on; main
 * returns the failure count, which CTest reads as the verdict.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_UNIT_H
#define AMDSYNC_UNIT_H

#include "amdsync/analysis.h"
#include "amdsync/cfg.h"

#include <stdio.h>

static int unit_failures;
static int unit_checks;

#define CHECK(cond)                                                            \
  do {                                                                         \
    unit_checks++;                                                             \
    if (!(cond)) {                                                             \
      unit_failures++;                                                         \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

#define CHECK_EQ(a, b)                                                         \
  do {                                                                         \
    long long va_ = (long long)(a), vb_ = (long long)(b);                      \
    unit_checks++;                                                             \
    if (va_ != vb_) {                                                          \
      unit_failures++;                                                         \
      fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %lld, %s == %lld\n",      \
              __FILE__, __LINE__, #a, va_, #b, vb_);                           \
    }                                                                          \
  } while (0)

static inline int unitReport(const char *name) {
  printf("%s: %d checks, %d failed\n", name, unit_checks, unit_failures);
  return unit_failures ? 1 : 0;
}

/* Graph builders shared by the tests. */

/* The entry block of `p`'s graph (created on first use). */
static inline AmdsyncBlock *unitEntry(AmdsyncProgram *p) {
  if (!p->cfg)
    return amdsyncCfgAddBlock(amdsyncCfgCreate(p));
  return p->cfg->entry;
}

/* A new block entered from `from`. */
static inline AmdsyncBlock *unitNext(AmdsyncProgram *p, AmdsyncBlock *from) {
  AmdsyncBlock *b = amdsyncCfgAddBlock(p->cfg);
  amdsyncCfgAddEdge(p->cfg, from, b);
  return b;
}

static inline AmdsyncNode *unitAccess(AmdsyncProgram *p, AmdsyncBlock *b,
                                      unsigned flags, int res) {
  AmdsyncNode *n = amdsyncAccessCreate(p, NULL, flags, res, -1, -1);
  amdsyncBlockAppend(p->cfg, b, n);
  return n;
}

static inline AmdsyncNode *unitBarrier(AmdsyncProgram *p, AmdsyncBlock *b,
                                       AmdsyncBarrierOp op) {
  AmdsyncNode *n = amdsyncBarrierCreate(p, NULL, op);
  amdsyncBlockAppend(p->cfg, b, n);
  return n;
}

/* A loop tested at the top: pre -> test -> body | exit. The caller fills
   the body (more blocks allowed) and closes it with unitLoopClose. */
typedef struct {
  AmdsyncBlock *test, *body, *exit;
} UnitLoop;

static inline UnitLoop unitLoopOpen(AmdsyncProgram *p, AmdsyncBlock *pre,
                                    bool uniform, long trips) {
  UnitLoop l;
  l.test = unitNext(p, pre);
  l.test->placeable = false;
  l.test->trips = trips;
  l.test->branch_uniform = uniform;
  l.body = unitNext(p, l.test);
  l.exit = unitNext(p, l.test);
  return l;
}

static inline void unitLoopClose(AmdsyncProgram *p, const UnitLoop *l,
                                 AmdsyncBlock *last) {
  amdsyncCfgAddEdge(p->cfg, last, l->test);
}

/* if: pre -> then (-> join), pre -> else (-> join) or pre -> join. */
typedef struct {
  AmdsyncBlock *then, *els, *join;
} UnitIf;

static inline UnitIf unitIf(AmdsyncProgram *p, AmdsyncBlock *pre, bool uniform,
                            bool has_else) {
  UnitIf u;
  pre->branch_uniform = uniform;
  u.then = unitNext(p, pre);
  u.els = has_else ? unitNext(p, pre) : NULL;
  u.join = amdsyncCfgAddBlock(p->cfg);
  amdsyncCfgAddEdge(p->cfg, u.then, u.join);
  amdsyncCfgAddEdge(p->cfg, u.els ? u.els : pre, u.join);
  return u;
}

static inline int unitGap(const AmdsyncBlock *b, int k) {
  return b->first_gap + k;
}

typedef struct {
  int errors;
} UnitDiag;

static inline void unitError(void *ctx, void *origin, const char *msg) {
  (void)origin;
  (void)msg;
  ((UnitDiag *)ctx)->errors++;
}

#define R AMDSYNC_ACCESS_READ
#define W AMDSYNC_ACCESS_WRITE
#define ATOMIC AMDSYNC_ACCESS_ATOMIC

#endif
