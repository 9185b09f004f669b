/*===- stats_table.h - What each count of a run means, once -----*- C -*-===*
 *
 * The one table of AmdsyncStats's counts (amdsync/stats.h): a name, a
 * sentence, and which passes produce it. The opt plugin's -stats, the
 * mlir-opt passes' statistics (--mlir-pass-statistics) and amdsync-opt's
 * --stats all print from it, so a count is added, named and described in
 * one place.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_SHARED_STATS_TABLE_H
#define AMDSYNC_SHARED_STATS_TABLE_H

#include "amdsync/stats.h"

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Which passes produce a count (AmdsyncStatRow.passes).
enum {
  AMDSYNC_STAT_BARRIERS = 1u << 0, ///< amdsync-lds-barriers
  AMDSYNC_STAT_WAITS = 1u << 1,    ///< amdsync-waitcnt
  AMDSYNC_STAT_VERIFY = 1u << 2,   ///< amdsync-verify
};

typedef struct {
  const char *name;        ///< "hazards": an MLIR statistic's name
  const char *description; ///< "LDS hazard windows found"
  size_t offset;           ///< of its int in AmdsyncStats
  unsigned passes;         ///< AMDSYNC_STAT_* that produce it
} AmdsyncStatRow;

/// The rows, in the order they are printed; `*count` gets how many.
const AmdsyncStatRow *amdsyncStatRows(int *count);

/// Row `r`'s value in `s`.
int amdsyncStatValue(const AmdsyncStats *s, const AmdsyncStatRow *r);

/// Prints `s`'s non-zero counts of the rows `passes` produce as LLVM's
/// -stats does ("  N pass - description", under a header naming `pass`).
void amdsyncStatsPrint(FILE *out, const char *pass, unsigned passes,
                       const AmdsyncStats *s);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_SHARED_STATS_TABLE_H */
