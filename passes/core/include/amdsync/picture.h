/*===- amdsync/picture.h - The picture of one function's synchronization -*- C -*-===*
 *
 * The barrier pass's decisions on one function drawn as an SVG file a
 * person opens in a browser (issue 23, 4): program order as an axis (the
 * blocks in work order: reverse post-order with each loop's blocks
 * contiguous), loops as shaded spans with their trip counts, branches
 * marked (divergent ones in orange), one lane per LDS resource with its
 * accesses, every hazard window as an interval from producer to consumer,
 * every barrier, wave-level ordering point and input barrier where it
 * stands with its executed count, every split signal/wait pair as a
 * bracket, and every refused pair in red with the reason the error gave.
 *
 * The picture is text only the core computes (no IR spelling beyond the
 * names and descriptions the front end gave): the same program, windows
 * and placement give the same bytes. The caller opens the file; the
 * pipeline (passes/shared/pipeline.c) draws the barrier pass's picture
 * after the placement, or after the errors that refused the function.
 *
 * Lifetime: everything is the program's arena's.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_PICTURE_H
#define AMDSYNC_PICTURE_H

#include "amdsync/analysis.h"

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One error reported through the recorder (amdsyncPictureRecorder).
typedef struct {
  void *origin;        ///< the op it is at
  void *branch;        ///< divergent: the branch that makes it so, or NULL
  const char *message; ///< its text (the arena's copy)
  int n;               ///< the ops of its notes: a hazard's other access
  void **others;
} AmdsyncPictureError;

/// The errors a run reported, for the picture's refused pairs.
typedef struct {
  const AmdsyncDiagnostics *forward; ///< first (amdsyncForwardRemark)
  AmdsyncArena *arena;
  AmdsyncPictureError *items;
  int count, capacity;
} AmdsyncPictureLog;

/// Diagnostics that record each error in `log` (whose storage is `arena`)
/// and pass everything on to `forward`, as it would have received it.
/// `log` and `forward` must outlive the diagnostics.
AmdsyncDiagnostics amdsyncPictureRecorder(AmdsyncPictureLog *log,
                                          AmdsyncArena *arena,
                                          const AmdsyncDiagnostics *forward);

/// What the picture shows besides the program; NULL members are absent.
typedef struct {
  const char *function; ///< the function's name, for the title
  const char *target;   ///< the chip
  bool split;           ///< placements are signal/wait pairs
  const AmdsyncWindowSet *windows;
  const AmdsyncPlacementResult *placement;
  const AmdsyncPictureLog *refused;
  /// Describes ops for the tooltips (`describe`); may be NULL.
  const AmdsyncDiagnostics *diag;
} AmdsyncPicture;

/// Writes the picture of finalized `p` to `f` as one SVG document. False
/// when `f` reports a write error.
bool amdsyncPictureWrite(const AmdsyncProgram *p, const AmdsyncPicture *pic,
                         FILE *f);

/// The file of function `function`'s picture for the option value `path`:
/// `path` without a trailing ".svg", then ".", the function's name (bytes
/// other than letters, digits, '_', '-' and '.' become '_'), then ".svg":
/// picture=out/k.svg gives out/k.gemm.svg for @gemm. In `arena`.
char *amdsyncPicturePath(AmdsyncArena *arena, const char *path,
                         const char *function);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_PICTURE_H */
