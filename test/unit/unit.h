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

/* Model builders shared by the tests. Every node's origin is a small tag
   so that diagnostics can name it. */
static inline AmdsyncNode *unitAccess(AmdsyncProgram *p, AmdsyncSeq *s,
                                      unsigned flags, int res) {
  AmdsyncNode *n = amdsyncAccessCreate(p, NULL, flags, res, -1, -1);
  amdsyncSeqAppend(p, s, n);
  return n;
}

static inline AmdsyncNode *unitLoop(AmdsyncProgram *p, AmdsyncSeq *s,
                                    AmdsyncSeq *body, bool uniform,
                                    long trips) {
  AmdsyncNode *n = amdsyncLoopCreate(p, NULL, body, body->count, trips < 1,
                                     uniform, trips);
  amdsyncSeqAppend(p, s, n);
  return n;
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
