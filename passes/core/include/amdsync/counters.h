/*===- amdsync/counters.h - Wait counters and their encodings ---*- C -*-===*
 *
 * Which counter an asynchronous LDS transfer increments on each generation,
 * each counter's maximum, and the s_waitcnt immediate of GFX9, GFX10 and
 * GFX11 (vmcnt, expcnt, lgkmcnt in one 16-bit field; GFX12 has a separate
 * s_wait_*cnt per counter). Sources: spec/amdgpu-usage.txt (memory model
 * code sequences per target) and the AMDGPU assembler syntax of waitcnt;
 * test/e2e/waitcnt-encodings.mlir checks every encoding against llc.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_COUNTERS_H
#define AMDSYNC_COUNTERS_H

#include "amdsync/program.h"
#include "amdsync/target.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Kinds of asynchronous LDS operations a front end reports.
typedef enum {
  AMDSYNC_ASYNC_LDS_LOAD,   ///< global -> LDS, gfx1250 async: asynccnt
  AMDSYNC_ASYNC_LDS_STORE,  ///< LDS -> global, gfx1250 async: asynccnt
  AMDSYNC_ASYNC_TENSOR,     ///< tensor DMA, gfx1250: tensorcnt
  AMDSYNC_ASYNC_LDS_DMA,    ///< LDS DMA (gather_to_lds): vmcnt on GFX9
} AmdsyncAsyncKind;

/// True for the generations whose s_waitcnt has vmcnt (GFX9 to GFX11):
/// LDS DMA (GFX9 and GFX10: amdsyncTargetHasAsync) completes there, and
/// the model tracks it. By generation, not by
/// `max_vmcnt`, so a placeholder target (the checker without a chip) keeps
/// counting it.
bool amdsyncHasVmcnt(const AmdsyncTarget *t);

/// The counter an operation of `kind` increments on `t`, or
/// AMDSYNC_COUNTER_NONE when `t` has no such operation.
AmdsyncCounter amdsyncCounterFor(const AmdsyncTarget *t, AmdsyncAsyncKind kind);

/// Whether `t` has operations of `kind` at all. LDS DMA (`global.load.lds`,
/// `load.to.lds`, `*.buffer.load.lds`) is GFX9 and GFX10 only: llc-22
/// cannot select it for gfx1100, gfx1201 or gfx1250 (checked), so the model
/// has no counter to wait on there. The gfx1250 kinds are not asked: the
/// model counts them on their own counters wherever they appear.
bool amdsyncTargetHasAsync(const AmdsyncTarget *t, AmdsyncAsyncKind kind);

/// Makes `access` the asynchronous operation of `kind` on `t`: counted on
/// amdsyncCounterFor's counter; where `t` has no such operation
/// (amdsyncTargetHasAsync), also marked absent, which the barrier and wait
/// passes refuse at the op (legality.c) rather than order a transfer the
/// chip cannot issue as if it were a plain access.
void amdsyncAccessSetAsyncKind(AmdsyncNode *access, const AmdsyncTarget *t,
                               AmdsyncAsyncKind kind);

/// Largest count `counter` can encode on `t` (0 if it does not exist).
int amdsyncCounterMax(const AmdsyncTarget *t, AmdsyncCounter counter);

/// Clamps a count into [0, max]: a count above the maximum is clamped down,
/// which only waits more.
int amdsyncCounterClamp(const AmdsyncTarget *t, AmdsyncCounter counter,
                        int count);

const char *amdsyncCounterName(AmdsyncCounter counter);

/// Counts to wait for, per hardware counter; -1: do not wait on it.
typedef struct {
  int vmcnt, expcnt, lgkmcnt;                 ///< GFX9-GFX11 (s_waitcnt)
  int loadcnt, storecnt, dscnt;               ///< GFX12+
  int asynccnt, tensorcnt;                    ///< gfx1250
} AmdsyncWaitCounts;

/// No counter waited on.
AmdsyncWaitCounts amdsyncWaitCountsNone(void);

/// A wait of `count` on the model's counter `c` alone (ASYNC, TENSOR, VM).
AmdsyncWaitCounts amdsyncWaitCountsOn(AmdsyncCounter c, int count);

/// One wait instruction as a ROCDL op: `op` with integer property `attr`
/// of type `type` set to `value`.
typedef struct {
  const char *op;   ///< "rocdl.s.waitcnt", "rocdl.s.wait.asynccnt", ...
  const char *attr; ///< "bitfield" or "count"
  const char *type; ///< "i32" or "i16"
  int value;
} AmdsyncWaitInstr;

enum { AMDSYNC_MAX_WAIT_INSTRS = 8 };

/// The instructions that wait for `counts` on `t` (each count clamped to its
/// counter's maximum): one s_waitcnt with the other fields at their maximum
/// on GFX9-GFX11, one s_wait_<counter> per counter on GFX12+. Returns how
/// many were written to `out`, or -1 if `counts` names a counter `t` lacks.
int amdsyncLowerWaitCounts(const AmdsyncTarget *t, const AmdsyncWaitCounts *counts,
                           AmdsyncWaitInstr out[AMDSYNC_MAX_WAIT_INSTRS]);

/// The s_waitcnt immediate for GFX9, GFX10 or GFX11 (each count clamped to
/// its field). Returns -1 on GFX12+, which has no combined s_waitcnt.
int amdsyncEncodeWaitcnt(const AmdsyncTarget *t, int vmcnt, int expcnt,
                         int lgkmcnt);
/// The inverse, for tests: 0 on success.
int amdsyncDecodeWaitcnt(const AmdsyncTarget *t, int imm, int *vmcnt,
                         int *expcnt, int *lgkmcnt);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_COUNTERS_H */
