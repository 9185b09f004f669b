/*===- amdsync/trace.h - The debug trace switch -----------------*- C -*-===*
 *
 * Like SQLite's WHERETRACE and LLVM's -debug-only: what the passes decide,
 * printed to stderr when the user asks, in every build. The switch is the
 * environment variable AMDSYNC_TRACE, a comma-separated list of
 *
 *   pipeline    each translation of a function and what it is for
 *   windows     every hazard window and every merge of producers
 *   uniformity  every block the graph finds divergent, and why
 *   placement   every barrier's stab and every barrier dropped as redundant
 *   signals     every split signal's motion (or fallback)
 *   index       each LDS access's byte offset as an index expression over
 *               the thread ids (amdsync/index.h; LLVM IR front end), or
 *               "unknown"
 *   all         all of them
 *
 * read by the front ends when a pass starts (amdsyncTraceFromEnv) and kept
 * in the program (AmdsyncProgram.trace), so the core needs no global.
 * Lines start with "amdsync-trace: <category>: ".
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_TRACE_H
#define AMDSYNC_TRACE_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  AMDSYNC_TRACE_PIPELINE = 1u << 0,
  AMDSYNC_TRACE_WINDOWS = 1u << 1,
  AMDSYNC_TRACE_UNIFORMITY = 1u << 2,
  AMDSYNC_TRACE_PLACEMENT = 1u << 3,
  AMDSYNC_TRACE_SIGNALS = 1u << 4,
  AMDSYNC_TRACE_INDEX = 1u << 5,
  AMDSYNC_TRACE_ALL = (1u << 6) - 1,
};

/// The categories `spec` names ("windows,placement", "all"); unknown names
/// are ignored. 0 for NULL or empty.
unsigned amdsyncTraceParse(const char *spec);

/// amdsyncTraceParse(getenv("AMDSYNC_TRACE")).
unsigned amdsyncTraceFromEnv(void);

/// Prints one line "amdsync-trace: <category>: <message>" to stderr when
/// `category` is in `enabled`.
void amdsyncTrace(unsigned enabled, unsigned category, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/// True when `category` is traced: guard work done only to trace.
static inline bool amdsyncTracing(unsigned enabled, unsigned category) {
  return (enabled & category) != 0;
}

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_TRACE_H */
