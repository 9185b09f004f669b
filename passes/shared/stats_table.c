/*===- stats_table.c - What each count of a run means, once ----------------===*
 *
 * See stats_table.h.
 *===----------------------------------------------------------------------===*/
#include "stats_table.h"

#include <assert.h>

#define ROW(field, name, desc, passes)                                         \
  { name, desc, offsetof(AmdsyncStats, field), passes }

enum { B = AMDSYNC_STAT_BARRIERS, W = AMDSYNC_STAT_WAITS, V = AMDSYNC_STAT_VERIFY };

static const AmdsyncStatRow kRows[] = {
    ROW(functions, "functions", "Function definitions run on", B | W | V),
    ROW(hazards, "hazards", "LDS hazard windows found", B),
    ROW(windows_raw, "windows-raw", "Read-after-write windows to order", B),
    ROW(windows_war, "windows-war", "Write-after-read windows to order", B),
    ROW(windows_waw, "windows-waw", "Write-after-write windows to order", B),
    ROW(already_ordered, "already-ordered",
        "Windows ordered by barriers in the input", B),
    ROW(discharged_thread_private, "discharged-thread-private",
        "Pairs kept apart by the thread-private proof", B),
    ROW(discharged_disjoint, "discharged-disjoint",
        "Pairs kept apart by the disjoint-ranges proof", B),
    ROW(discharged_listed, "discharged-listed",
        "Pairs kept apart by listing every thread's bytes", B),
    ROW(barriers, "barriers", "s_barrier barriers inserted", B),
    ROW(ordering_points, "ordering-points",
        "Free wave-level ordering points inserted", B),
    ROW(signals, "signals", "Split-barrier signals inserted", B),
    ROW(waits, "waits", "Split-barrier waits inserted", B),
    ROW(fallbacks, "fallbacks",
        "Split signals placed directly before their wait", B),
    ROW(barriers_completed, "barriers-completed",
        "Input barriers completed with their fences", B),
    ROW(barriers_removed, "barriers-removed",
        "LDS-only input barriers removed (existing=replace)", B),
    ROW(counter_waits, "counter-waits", "Counter waits inserted", B | W),
    ROW(asyncmarks_lowered, "asyncmarks-lowered",
        "asyncmark and wait_asyncmark calls lowered", W),
    ROW(async_ops, "async-ops", "Asynchronous LDS transfers seen", W),
    ROW(violations, "violations", "Errors reported", B | W | V),
};

const AmdsyncStatRow *amdsyncStatRows(int *count) {
  *count = (int)(sizeof kRows / sizeof kRows[0]);
  return kRows;
}

int amdsyncStatValue(const AmdsyncStats *s, const AmdsyncStatRow *r) {
  assert(r->offset + sizeof(int) <= sizeof *s);
  return *(const int *)((const char *)s + r->offset);
}

void amdsyncStatsPrint(FILE *out, const char *pass, unsigned passes,
                       const AmdsyncStats *s) {
  fprintf(out,
          "===------------------------------------------------------------"
          "-------------===\n"
          "                    ... Statistics Collected (%s) ...\n"
          "===------------------------------------------------------------"
          "-------------===\n\n",
          pass);
  int n;
  const AmdsyncStatRow *rows = amdsyncStatRows(&n);
  for (int i = 0; i < n; ++i) {
    int v = amdsyncStatValue(s, &rows[i]);
    if ((rows[i].passes & passes) && v)
      fprintf(out, "%8d %-20s - %s\n", v, pass, rows[i].description);
  }
  fputc('\n', out);
}
