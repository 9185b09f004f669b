/*===- amdsync/target.h - The chips amdsync knows ---------------*- C -*-===*
 *
 * One table, in the core, for every chip the project accepts: generation,
 * wave sizes, barrier kind and wait-counter limits. Front ends look chips up
 * here and never test chip names themselves.
 *
 * Sources: spec/amdgpu-execution-synchronization.txt (split barriers exist
 * from GFX12 on), spec/amdgpu-usage.txt (processors, wave sizes, counters).
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_TARGET_H
#define AMDSYNC_TARGET_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  AMDSYNC_GEN_GFX9,
  AMDSYNC_GEN_GFX10,
  AMDSYNC_GEN_GFX11,
  AMDSYNC_GEN_GFX12,
  AMDSYNC_GEN_GFX1250,
} AmdsyncGeneration;

typedef enum {
  /// One instruction that arrives and waits (s_barrier): GFX6-GFX11.
  AMDSYNC_BARRIER_MONOLITHIC,
  /// s_barrier_signal / s_barrier_wait that may be separated: GFX12+.
  AMDSYNC_BARRIER_SPLIT,
} AmdsyncBarrierKind;

typedef struct {
  const char *chip;             ///< "gfx942"
  AmdsyncGeneration generation;
  AmdsyncBarrierKind barrier;
  int default_wave_size;        ///< 64 on GFX9, 32 on GFX10+
  bool supports_wave64;         ///< GFX10+ can run wave64 (+wavefrontsize64)
  /* Wait-counter maxima (largest encodable count; 0 = counter absent). */
  int max_vmcnt;      ///< GFX9-11: vector memory loads (and stores on GFX9)
  int max_expcnt;     ///< GFX9-11
  int max_lgkmcnt;    ///< GFX9-11: LDS, GDS, constant, message
  int max_vscnt;      ///< GFX10-11: vector memory stores
  int max_loadcnt;    ///< GFX12+
  int max_storecnt;   ///< GFX12+
  int max_dscnt;      ///< GFX12+
  int max_kmcnt;      ///< GFX12+
  int max_asynccnt;   ///< gfx1250
  int max_tensorcnt;  ///< gfx1250
} AmdsyncTarget;

/// Returns the table entry for `chip`, or NULL when amdsync does not know it.
const AmdsyncTarget *amdsyncTargetLookup(const char *chip);
/// Comma-separated list of every known chip, for error messages.
const char *amdsyncTargetKnownList(void);
/// Number of table entries and the i-th one (for tests and docs).
int amdsyncTargetCount(void);
const AmdsyncTarget *amdsyncTargetAt(int i);
const char *amdsyncGenerationName(AmdsyncGeneration gen);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_TARGET_H */
