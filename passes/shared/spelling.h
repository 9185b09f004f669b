/*===- spelling.h - Meaning read from printed IR, in one place -*- C -*-===*
 *
 * Where neither C API has an accessor for what an attribute says, amdsync
 * prints it and reads the text. Every such reading is here, as a function
 * of the printed text (whole, never cut to a fixed buffer), so its
 * spelling assumptions are stated once and tested with the spellings
 * LLVM/MLIR 22 print (test/unit/spelling.c). The front ends only print.
 *
 *  - `#rocdl.target<...>` (MLIR): chip and wave64; no C accessor;
 *  - `llvm.mmra` (MLIR): whether the tags let a fence order LDS, and
 *    whether they limit it to LDS; no C accessor for MMRA attributes.
 *
 * Where a value can be compared instead (an attribute or type rebuilt from
 * its parts and compared, as they are uniqued), the front ends compare:
 * the workgroup address space, the amdgpu_kernel calling convention and
 * zero-sized globals (MLIR), a call's range attribute (LLVM).
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_SHARED_SPELLING_H
#define AMDSYNC_SHARED_SPELLING_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Reads a printed `#rocdl.target<...>`: its chip into `chip` (the
/// attribute's default, gfx900, when it names none) and whether its
/// features ask for wave64 ("+wavefrontsize64"). False when `text` is not
/// a ROCDL target or its chip does not fit `chip`.
bool amdsyncSpellRocdlTarget(const char *text, char *chip, size_t chip_size,
                             bool *wave64);

/// Reads a printed `llvm.mmra` attribute (a `#llvm.mmra_tag<"k":"v">` or a
/// list of them): true when it lets a fence order LDS, i.e. it has no
/// "amdgpu-synchronize-as" tag or one of them is "local".
bool amdsyncSpellMmraOrdersLocal(const char *text);
/// True when the printed `llvm.mmra` limits a fence to LDS: it has an
/// "amdgpu-synchronize-as" tag, and every such tag is "local".
bool amdsyncSpellMmraLdsOnly(const char *text);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_SHARED_SPELLING_H */
