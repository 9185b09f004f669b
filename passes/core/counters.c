/*===- counters.c - Wait counters and s_waitcnt encodings -------------------===*
 *
 * Field layouts of the s_waitcnt immediate (AMDGPU assembler, "waitcnt"):
 *   GFX9:  vmcnt[3:0] bits 3:0, expcnt bits 6:4, lgkmcnt bits 11:8,
 *          vmcnt[5:4] bits 15:14
 *   GFX10: as GFX9 but lgkmcnt bits 13:8 (6 bits); stores wait on vscnt
 *   GFX11: expcnt bits 2:0, lgkmcnt bits 9:4, vmcnt bits 15:10
 *===----------------------------------------------------------------------===*/
#include "amdsync/counters.h"

#include <assert.h>

bool amdsyncHasVmcnt(const AmdsyncTarget *t) {
  return t->generation == AMDSYNC_GEN_GFX9 ||
         t->generation == AMDSYNC_GEN_GFX10 ||
         t->generation == AMDSYNC_GEN_GFX11;
}

AmdsyncCounter amdsyncCounterFor(const AmdsyncTarget *t,
                                 AmdsyncAsyncKind kind) {
  switch (kind) {
  case AMDSYNC_ASYNC_LDS_LOAD:
  case AMDSYNC_ASYNC_LDS_STORE:
    return AMDSYNC_COUNTER_ASYNC; /* the ops exist on gfx1250 only */
  case AMDSYNC_ASYNC_TENSOR:
    return AMDSYNC_COUNTER_TENSOR;
  case AMDSYNC_ASYNC_LDS_DMA:
    /* A vector memory load, complete at vmcnt, on every generation that
       has vmcnt (GFX9 to GFX11; gfx1030 writes `global_load_dword ... lds`).
       llc also waits for it at a workgroup release fence, and on gfx1030
       before a same-wave ds_read, but not on gfx942 (docs/targets.md):
       amdsync's waits are explicit, so the IR itself is ordered. GFX11
       on have no LDS DMA (amdsyncTargetHasAsync); GFX12 has no vmcnt
       either: no counter there, and legality.c refuses the op. */
    return amdsyncHasVmcnt(t) ? AMDSYNC_COUNTER_VM : AMDSYNC_COUNTER_NONE;
  }
  return AMDSYNC_COUNTER_NONE;
}

bool amdsyncTargetHasAsync(const AmdsyncTarget *t, AmdsyncAsyncKind kind) {
  if (kind != AMDSYNC_ASYNC_LDS_DMA)
    return true;
  return t->generation == AMDSYNC_GEN_GFX9 ||
         t->generation == AMDSYNC_GEN_GFX10;
}

void amdsyncAccessSetAsyncKind(AmdsyncNode *access, const AmdsyncTarget *t,
                               AmdsyncAsyncKind kind) {
  assert(access->kind == AMDSYNC_NODE_ACCESS);
  AmdsyncCounter c = amdsyncCounterFor(t, kind);
  if (c != AMDSYNC_COUNTER_NONE)
    amdsyncAccessSetAsync(access, c);
  access->u.access.absent_on_target = !amdsyncTargetHasAsync(t, kind);
}

int amdsyncCounterMax(const AmdsyncTarget *t, AmdsyncCounter counter) {
  switch (counter) {
  case AMDSYNC_COUNTER_ASYNC:
    return t->max_asynccnt;
  case AMDSYNC_COUNTER_TENSOR:
    return t->max_tensorcnt;
  case AMDSYNC_COUNTER_VM:
    return t->max_vmcnt;
  case AMDSYNC_COUNTER_NONE:
  case AMDSYNC_NUM_COUNTERS:
    break;
  }
  return 0;
}

int amdsyncCounterClamp(const AmdsyncTarget *t, AmdsyncCounter counter,
                        int count) {
  int max = amdsyncCounterMax(t, counter);
  if (count < 0)
    return 0;
  return count > max ? max : count;
}

const char *amdsyncCounterName(AmdsyncCounter counter) {
  switch (counter) {
  case AMDSYNC_COUNTER_ASYNC:
    return "asynccnt";
  case AMDSYNC_COUNTER_TENSOR:
    return "tensorcnt";
  case AMDSYNC_COUNTER_VM:
    return "vmcnt";
  case AMDSYNC_COUNTER_NONE:
  case AMDSYNC_NUM_COUNTERS:
    break;
  }
  return "none";
}

static int clampTo(int v, int max) { return v < 0 ? 0 : (v > max ? max : v); }

int amdsyncEncodeWaitcnt(const AmdsyncTarget *t, int vmcnt, int expcnt,
                         int lgkmcnt) {
  vmcnt = clampTo(vmcnt, t->max_vmcnt);
  expcnt = clampTo(expcnt, t->max_expcnt);
  lgkmcnt = clampTo(lgkmcnt, t->max_lgkmcnt);
  switch (t->generation) {
  case AMDSYNC_GEN_GFX9:
  case AMDSYNC_GEN_GFX10:
    return (vmcnt & 0xF) | (expcnt & 0x7) << 4 |
           (lgkmcnt & (t->generation == AMDSYNC_GEN_GFX9 ? 0xF : 0x3F)) << 8 |
           ((vmcnt >> 4) & 0x3) << 14;
  case AMDSYNC_GEN_GFX11:
    return (expcnt & 0x7) | (lgkmcnt & 0x3F) << 4 | (vmcnt & 0x3F) << 10;
  case AMDSYNC_GEN_GFX12:
  case AMDSYNC_GEN_GFX1250:
    break;
  }
  return -1;
}

int amdsyncDecodeWaitcnt(const AmdsyncTarget *t, int imm, int *vmcnt,
                         int *expcnt, int *lgkmcnt) {
  switch (t->generation) {
  case AMDSYNC_GEN_GFX9:
  case AMDSYNC_GEN_GFX10:
    *vmcnt = (imm & 0xF) | ((imm >> 14) & 0x3) << 4;
    *expcnt = (imm >> 4) & 0x7;
    *lgkmcnt = (imm >> 8) & (t->generation == AMDSYNC_GEN_GFX9 ? 0xF : 0x3F);
    return 0;
  case AMDSYNC_GEN_GFX11:
    *expcnt = imm & 0x7;
    *lgkmcnt = (imm >> 4) & 0x3F;
    *vmcnt = (imm >> 10) & 0x3F;
    return 0;
  case AMDSYNC_GEN_GFX12:
  case AMDSYNC_GEN_GFX1250:
    break;
  }
  return -1;
}

AmdsyncWaitCounts amdsyncWaitCountsNone(void) {
  AmdsyncWaitCounts c = {-1, -1, -1, -1, -1, -1, -1, -1};
  return c;
}

AmdsyncWaitCounts amdsyncWaitCountsOn(AmdsyncCounter c, int count) {
  AmdsyncWaitCounts w = amdsyncWaitCountsNone();
  if (c == AMDSYNC_COUNTER_ASYNC)
    w.asynccnt = count;
  else if (c == AMDSYNC_COUNTER_TENSOR)
    w.tensorcnt = count;
  else if (c == AMDSYNC_COUNTER_VM)
    w.vmcnt = count;
  return w;
}

static void pushInstr(AmdsyncWaitInstr *out, int *n, const char *op,
                      const char *attr, const char *type, int value) {
  out[*n].op = op;
  out[*n].attr = attr;
  out[*n].type = type;
  out[*n].value = value;
  (*n)++;
}

static bool hasCounter(int max) { return max > 0; }

int amdsyncLowerWaitCounts(const AmdsyncTarget *t, const AmdsyncWaitCounts *c,
                           AmdsyncWaitInstr out[AMDSYNC_MAX_WAIT_INSTRS]) {
  int n = 0;
  bool legacy = c->vmcnt >= 0 || c->lgkmcnt >= 0;
  bool split = c->loadcnt >= 0 || c->storecnt >= 0 || c->dscnt >= 0;
  if ((legacy && !hasCounter(t->max_vmcnt)) ||
      (split && !hasCounter(t->max_loadcnt)) ||
      (c->asynccnt >= 0 && !hasCounter(t->max_asynccnt)) ||
      (c->tensorcnt >= 0 && !hasCounter(t->max_tensorcnt)))
    return -1;
  if (hasCounter(t->max_vmcnt)) {
    if (legacy || c->expcnt >= 0)
      pushInstr(out, &n, "rocdl.s.waitcnt", "bitfield", "i32",
                amdsyncEncodeWaitcnt(t, c->vmcnt >= 0 ? c->vmcnt : t->max_vmcnt,
                                     c->expcnt >= 0 ? c->expcnt : t->max_expcnt,
                                     c->lgkmcnt >= 0 ? c->lgkmcnt
                                                     : t->max_lgkmcnt));
  } else {
    if (c->loadcnt >= 0)
      pushInstr(out, &n, "rocdl.s.wait.loadcnt", "count", "i16",
                clampTo(c->loadcnt, t->max_loadcnt));
    if (c->storecnt >= 0)
      pushInstr(out, &n, "rocdl.s.wait.storecnt", "count", "i16",
                clampTo(c->storecnt, t->max_storecnt));
    if (c->dscnt >= 0)
      pushInstr(out, &n, "rocdl.s.wait.dscnt", "count", "i16",
                clampTo(c->dscnt, t->max_dscnt));
    if (c->expcnt >= 0)
      pushInstr(out, &n, "rocdl.s.wait.expcnt", "count", "i16",
                clampTo(c->expcnt, t->max_expcnt));
  }
  if (c->asynccnt >= 0)
    pushInstr(out, &n, "rocdl.s.wait.asynccnt", "count", "i16",
              clampTo(c->asynccnt, t->max_asynccnt));
  if (c->tensorcnt >= 0)
    pushInstr(out, &n, "rocdl.s.wait.tensorcnt", "count", "i16",
              clampTo(c->tensorcnt, t->max_tensorcnt));
  return n;
}
