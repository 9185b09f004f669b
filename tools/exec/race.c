/*===- race.c - amdsync-exec: happens-before, the LDS shadow, transfers -----===*
 *
 * Owns the happens-before model and what is checked against it.
 *
 * Vector clocks, one per lane (FastTrack-style epochs for accesses). A
 * lane's clock orders its own program. A release fence (release or
 * stronger, at wavefront scope or wider, whose MMRA, if any, includes
 * "local") takes a snapshot of the lane's clock, per scope, and starts a
 * new epoch; a barrier carries the snapshots of the lanes that take part
 * (workgroup barrier: every lane, joined at the phase's completion; wave
 * barrier: the lanes of the wave that execute it together) into their
 * pending clocks; an acquire fence joins the pending clock of its scope
 * into the lane's clock. So a barrier without its fences orders no LDS
 * (docs/design.md: a bare s_barrier orders no memory).
 *
 * The LDS shadow: per byte, the last write and the reads since, each with
 * its lane, epoch and instruction. Two accesses of different lanes
 * conflict when one writes, not both are atomic, not both are
 * asynchronous transfers, and (with --waw=off) not both are plain stores;
 * a conflict whose first access does not happen before the second is a
 * race.
 *
 * Asynchronous transfers (spec/amdgpu-async-operations.txt): a transfer is
 * checked against earlier accesses when it is issued ("X program ordered
 * before A happens-before A"), marks its bytes outstanding, and lands in
 * the shadow, at the epoch of its lane, only when a counter wait of its
 * wave completes it (in order per counter). Any access to an outstanding
 * byte, and any access not ordered after the landing, is
 * "async-before-wait".
 *===----------------------------------------------------------------------===*/
#include "exec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===--- Findings -----------------------------------------------------------===*/

bool findingNew(Machine *m, int kind, const void *a, const void *b) {
  Findings *f = m->findings;
  f->kinds |= (unsigned)kind & 0xffu; /* bits above: a variant of the key */
  for (int i = 0; i < f->nkeys; ++i)
    if (f->keys[i].kind == kind && f->keys[i].a == a && f->keys[i].b == b)
      return false;
  if (f->nkeys == f->capkeys) {
    f->capkeys = f->capkeys ? 2 * f->capkeys : 32;
    f->keys = xrealloc(f->keys, sizeof(*f->keys) * (size_t)f->capkeys);
  }
  f->keys[f->nkeys].kind = kind;
  f->keys[f->nkeys].a = a;
  f->keys[f->nkeys].b = b;
  f->nkeys++;
  f->count++;
  return true;
}

void laneName(Machine *m, int lane, char *buf, size_t size) {
  snprintf(buf, size, "lane %d wave %d", lane, lane / m->wsize);
}

/*===--- Clocks -------------------------------------------------------------===*/

void clocksReset(Machine *m) {
  size_t n = (size_t)m->nlanes;
  if (!m->vc) {
    m->vc = xcalloc(n * n, 4);
    m->rel_wg = xcalloc(n * n, 4);
    m->rel_wave = xcalloc(n * n, 4);
    m->pend_wg = xcalloc(n * n, 4);
    m->pend_wave = xcalloc(n * n, 4);
  }
  memset(m->vc, 0, n * n * 4);
  memset(m->rel_wg, 0, n * n * 4);
  memset(m->rel_wave, 0, n * n * 4);
  memset(m->pend_wg, 0, n * n * 4);
  memset(m->pend_wave, 0, n * n * 4);
  for (size_t l = 0; l < n; ++l)
    m->vc[l * n + l] = 1;
}

static void join(uint32_t *dst, const uint32_t *src, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (src[i] > dst[i])
      dst[i] = src[i];
}

void fenceRelease(Machine *m, int lane, bool wg) {
  size_t n = (size_t)m->nlanes;
  uint32_t *row = m->vc + (size_t)lane * n;
  if (wg)
    memcpy(m->rel_wg + (size_t)lane * n, row, n * 4);
  memcpy(m->rel_wave + (size_t)lane * n, row, n * 4);
  row[lane]++;
}

void fenceAcquire(Machine *m, int lane, bool wg) {
  size_t n = (size_t)m->nlanes;
  uint32_t *row = m->vc + (size_t)lane * n;
  join(row, m->pend_wave + (size_t)lane * n, n);
  if (wg)
    join(row, m->pend_wg + (size_t)lane * n, n);
}

/*===--- The shadow ---------------------------------------------------------===*/

static bool hb(Machine *m, const Access *a, int lane) {
  /* A transfer that landed at its wave's counter wait is complete for every
     lane of that wave: the wait is a wave instruction, and what the wave
     executes after it is after it (docs/design.md, section 7). */
  if ((a->flags & ACC_LANDED) && (int)a->lane / m->wsize == lane / m->wsize)
    return true;
  return (int)a->lane == lane ||
         a->clock <= m->vc[(size_t)lane * (size_t)m->nlanes + a->lane];
}

static bool conflict(Machine *m, const Access *a, const Access *b) {
  if (a->lane == b->lane)
    return false;
  if (!((a->flags | b->flags) & ACC_WRITE))
    return false;
  if ((a->flags & b->flags & ACC_ATOMIC) || (a->flags & b->flags & ACC_DMA))
    return false;
  if (!m->opt->waw && (a->flags & b->flags & ACC_STORE))
    return false;
  return !hb(m, a, (int)b->lane);
}

static const char *kindWord(unsigned flags) {
  if (flags & ACC_DMA)
    return flags & ACC_WRITE ? "async write" : "async read";
  if (flags & ACC_ATOMIC)
    return "atomic";
  return flags & ACC_WRITE ? "write" : "read";
}

static void reportPair(Machine *m, const Access *a, const Access *b,
                       uint32_t byte) {
  char where[160], la[64], lb[64];
  ldsDescribe(m, byte, where, sizeof where);
  laneName(m, (int)a->lane, la, sizeof la);
  laneName(m, (int)b->lane, lb, sizeof lb);
  char *ta = instText(a->inst), *tb = instText(b->inst);
  if (a->flags & ACC_DMA) {
    /* The transfer landed, but this access is not ordered after the wait
       that completed it. */
    if (findingNew(m, F_ASYNC | 0x100, b->inst, a->inst))
      printf("async-before-wait: %s: %s at %s (%s) of %s not ordered after "
             "the wait that completed %s (%s)\n",
             m->kname, kindWord(b->flags), tb, lb, where, ta, la);
  } else {
    const void *x = a->inst < b->inst ? a->inst : b->inst;
    const void *y = a->inst < b->inst ? b->inst : a->inst;
    if (findingNew(m, F_RACE, x, y))
      printf("race: %s: %s at %s (%s) and %s at %s (%s) %s\n", m->kname,
             kindWord(a->flags), ta, la, kindWord(b->flags), tb, lb, where);
  }
  free(ta);
  free(tb);
}

static void check(Machine *m, Shadow *s, const Access *cur, uint32_t byte) {
  if (s->write.inst && conflict(m, &s->write, cur))
    reportPair(m, &s->write, cur, byte);
  if (cur->flags & ACC_WRITE)
    for (uint32_t i = 0; i < s->nreads; ++i)
      if (conflict(m, &s->reads[i], cur)) {
        reportPair(m, &s->reads[i], cur, byte);
        break;
      }
}

static void install(Machine *m, Shadow *s, const Access *cur) {
  if (cur->flags & ACC_WRITE) {
    s->write = *cur;
    s->nreads = 0;
    return;
  }
  /* Reads that happen before this one are covered by it. */
  uint32_t k = 0;
  for (uint32_t i = 0; i < s->nreads; ++i)
    if (!hb(m, &s->reads[i], (int)cur->lane))
      s->reads[k++] = s->reads[i];
  s->nreads = k;
  if (s->nreads == s->capreads) {
    s->capreads = s->capreads ? 2 * s->capreads : 4;
    s->reads = xrealloc(s->reads, sizeof(Access) * s->capreads);
  }
  s->reads[s->nreads++] = *cur;
}

static void outstanding(Machine *m, const Access *cur, uint32_t byte,
                        const Transfer *t) {
  if (!findingNew(m, F_ASYNC, cur->inst, t->inst))
    return;
  char where[160], ln[64];
  ldsDescribe(m, byte, where, sizeof where);
  laneName(m, (int)cur->lane, ln, sizeof ln);
  char *ta = instText(cur->inst), *tt = instText(t->inst);
  printf("async-before-wait: %s: %s at %s (%s) of %s while %s (wave %d) is "
         "outstanding\n",
         m->kname, kindWord(cur->flags), ta, ln, where, tt, t->wave);
  free(ta);
  free(tt);
}

void ldsAccess(Machine *m, LLVMValueRef inst, int lane, uint32_t off,
               uint32_t len, unsigned flags) {
  Access cur = {inst, (uint32_t)lane,
                m->vc[(size_t)lane * (size_t)m->nlanes + (size_t)lane],
                (uint8_t)flags};
  for (uint32_t i = 0; i < len; ++i) {
    uint32_t b = off + i;
    if (b >= m->lds_size)
      break;
    Shadow *s = &m->shadow[b];
    if (s->pending) {
      const Transfer *t = m->transfers[s->pending - 1];
      if (t->to_lds || (flags & ACC_WRITE))
        outstanding(m, &cur, b, t);
    }
    check(m, s, &cur, b);
    install(m, s, &cur);
  }
}

void shadowReset(Machine *m) {
  for (uint32_t b = 0; b < m->lds_size; ++b) {
    Shadow *s = &m->shadow[b];
    s->write.inst = NULL;
    s->nreads = 0;
    s->pending = 0;
  }
}

/*===--- Asynchronous transfers ---------------------------------------------===*/

Transfer *transferIssue(Machine *m, LLVMValueRef inst, int wave, int counter,
                        bool to_lds) {
  Transfer *t = xcalloc(1, sizeof *t);
  t->inst = inst;
  t->wave = wave;
  t->counter = counter;
  t->to_lds = to_lds;
  if (m->ntransfers == m->captransfers) {
    m->captransfers = m->captransfers ? 2 * m->captransfers : 64;
    m->transfers = xrealloc(m->transfers, sizeof(Transfer *) * m->captransfers);
  }
  m->transfers[m->ntransfers++] = t;
  t->id = m->ntransfers;
  Wave *w = &m->waves[wave];
  if (w->nfifo[counter] == w->capfifo[counter]) {
    w->capfifo[counter] = w->capfifo[counter] ? 2 * w->capfifo[counter] : 16;
    w->fifo[counter] = xrealloc(w->fifo[counter],
                                sizeof(Transfer *) * (size_t)w->capfifo[counter]);
  }
  w->fifo[counter][w->nfifo[counter]++] = t;
  return t;
}

static uint32_t transferId(Machine *m, const Transfer *t) {
  (void)m;
  return t->id;
}

void transferPart(Machine *m, Transfer *t, int lane, uint32_t start,
                  uint32_t len) {
  t->parts = xrealloc(t->parts, sizeof(*t->parts) * (t->nparts + 1));
  t->parts[t->nparts].lane = (uint32_t)lane;
  t->parts[t->nparts].start = start;
  t->parts[t->nparts].len = len;
  t->nparts++;
  uint32_t id = transferId(m, t);
  Access cur = {t->inst, (uint32_t)lane,
                m->vc[(size_t)lane * (size_t)m->nlanes + (size_t)lane],
                (uint8_t)(ACC_DMA | (t->to_lds ? ACC_WRITE : ACC_READ))};
  for (uint32_t i = 0; i < len; ++i) {
    uint32_t b = start + i;
    if (b >= m->lds_size)
      break;
    Shadow *s = &m->shadow[b];
    if (s->pending) {
      const Transfer *o = m->transfers[s->pending - 1];
      /* A plain access is never outstanding; two transfers do not
         conflict (brief §1: DMA vs DMA is not a hazard). */
      (void)o;
    }
    check(m, s, &cur, b);
    s->pending = id;
  }
}

static void complete(Machine *m, Transfer *t) {
  uint32_t id = transferId(m, t);
  t->done = true;
  for (uint32_t p = 0; p < t->nparts; ++p) {
    int lane = (int)t->parts[p].lane;
    Access cur = {t->inst, (uint32_t)lane,
                  m->vc[(size_t)lane * (size_t)m->nlanes + (size_t)lane],
                  (uint8_t)(ACC_DMA | ACC_LANDED | (t->to_lds ? ACC_WRITE : ACC_READ))};
    for (uint32_t i = 0; i < t->parts[p].len; ++i) {
      uint32_t b = t->parts[p].start + i;
      if (b >= m->lds_size)
        break;
      Shadow *s = &m->shadow[b];
      if (s->pending == id)
        s->pending = 0;
      install(m, s, &cur);
    }
  }
}

void transferWait(Machine *m, int wave, int counter, uint32_t count) {
  Wave *w = &m->waves[wave];
  int n = w->nfifo[counter];
  if ((uint32_t)n <= count)
    return;
  int done = n - (int)count;
  for (int i = 0; i < done; ++i)
    complete(m, w->fifo[counter][i]);
  memmove(w->fifo[counter], w->fifo[counter] + done,
          sizeof(Transfer *) * (size_t)(n - done));
  w->nfifo[counter] = n - done;
}

void transfersReset(Machine *m) {
  for (uint32_t i = 0; i < m->ntransfers; ++i) {
    free(m->transfers[i]->parts);
    free(m->transfers[i]);
  }
  m->ntransfers = 0;
}
