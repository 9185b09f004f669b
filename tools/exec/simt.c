/*===- simt.c - amdsync-exec: waves, divergence, barriers, the scheduler ----===*
 *
 * Owns execution order. A wave runs its lanes in lockstep: one SIMT stack
 * per call frame, whose top entry (block, next instruction, mask) executes
 * one instruction for all its lanes. A branch whose lanes disagree pops the
 * entry and pushes a reconvergence entry at the branch block's immediate
 * post-dominator, then one entry per target (in an order the schedule's seed
 * picks); an entry pops when it reaches its reconvergence block, so lanes
 * meet again exactly there. Calls of module functions push a frame for the
 * calling lanes; returns leave it lane by lane.
 *
 * Barriers: the workgroup barrier (llvm.amdgcn.s.barrier = signal + wait,
 * GFX12 s.barrier.signal(-1) / s.barrier.wait(-1)) has numbered phases; a
 * wave's k-th wait completes once every wave has signaled k times, and
 * joins the release clocks of all lanes' k-th signals (race.c). A barrier
 * executed by a partial wave (lanes inactive or returned), waits of one
 * phase at different static instructions, a wait without its signal, a
 * second signal before the wait, and waves that end while others wait are
 * hangs. llvm.amdgcn.wave.barrier orders only the lanes that execute it
 * together.
 *
 * Wave-level intrinsics live here too: counter waits, asynchronous
 * transfers (GFX9 LDS DMA on vmcnt, gfx1250 async on asynccnt),
 * readfirstlane, readlane, ballot, ds.bpermute, wave.reduce.
 *
 * The scheduler interleaves waves: schedule 0 runs the lowest runnable
 * wave until it blocks, schedule 1 the highest, later ones pick a random
 * wave for a random burst of instructions (seeded, deterministic).
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "exec.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===--- Function information ------------------------------------------------===*/

FnInfo *fnInfo(Machine *m, LLVMValueRef fn) {
  FnInfo *fi = pmGet(m->fninfo, fn);
  if (fi)
    return fi;
  fi = xcalloc(1, sizeof *fi);
  fi->fn = fn;
  fi->nblocks = (int)LLVMCountBasicBlocks(fn);
  fi->blocks = xcalloc((size_t)fi->nblocks, sizeof(LLVMBasicBlockRef));
  LLVMGetBasicBlocks(fn, fi->blocks);
  fi->bindex = pmNew();
  fi->slots = pmNew();
  int n = fi->nblocks, slot = 0;
  for (int i = 0; i < n; ++i)
    pmPut(fi->bindex, fi->blocks[i], (void *)(intptr_t)(i + 1));
  for (unsigned i = 0; i < LLVMCountParams(fn); ++i)
    pmPut(fi->slots, LLVMGetParam(fn, i), (void *)(intptr_t)(++slot));
  for (int b = 0; b < n; ++b)
    for (LLVMValueRef in = LLVMGetFirstInstruction(fi->blocks[b]); in;
         in = LLVMGetNextInstruction(in))
      pmPut(fi->slots, in, (void *)(intptr_t)(++slot));
  fi->nslots = slot;

  /* Post-dominators (Cooper, Harvey, Kennedy) on the reversed graph, with a
     virtual exit (node n) that every block without successors reaches. */
  int *nsucc = xcalloc((size_t)n, sizeof(int));
  int **succ = xcalloc((size_t)n, sizeof(int *));
  int *npred = xcalloc((size_t)n + 1, sizeof(int));
  int **pred = xcalloc((size_t)n + 1, sizeof(int *));
  for (int b = 0; b < n; ++b) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(fi->blocks[b]);
    unsigned k = t ? LLVMGetNumSuccessors(t) : 0;
    succ[b] = xcalloc(k + 1, sizeof(int));
    for (unsigned s = 0; s < k; ++s) {
      int to = (int)(intptr_t)pmGet(fi->bindex, LLVMGetSuccessor(t, s)) - 1;
      succ[b][nsucc[b]++] = to;
    }
    if (k == 0)
      succ[b][nsucc[b]++] = n;
  }
  for (int b = 0; b < n; ++b)
    for (int s = 0; s < nsucc[b]; ++s) {
      int to = succ[b][s];
      pred[to] = xrealloc(pred[to], sizeof(int) * (size_t)(npred[to] + 1));
      pred[to][npred[to]++] = b;
    }
  /* Post-order of the reversed graph from the exit (explicit stack). */
  int *order = xcalloc((size_t)n + 1, sizeof(int));
  int *po = xcalloc((size_t)n + 1, sizeof(int));
  int *seen = xcalloc((size_t)n + 1, sizeof(int));
  int *stk = xcalloc((size_t)n + 2, sizeof(int));
  int *it = xcalloc((size_t)n + 2, sizeof(int));
  int sp = 0, cnt = 0;
  stk[sp] = n;
  it[sp++] = 0;
  seen[n] = 1;
  while (sp) {
    int v = stk[sp - 1];
    if (it[sp - 1] < npred[v]) {
      int u = pred[v][it[sp - 1]++];
      if (!seen[u]) {
        seen[u] = 1;
        stk[sp] = u;
        it[sp++] = 0;
      }
    } else {
      po[v] = cnt;
      order[cnt++] = v;
      sp--;
    }
  }
  int *idom = xcalloc((size_t)n + 1, sizeof(int));
  for (int i = 0; i <= n; ++i)
    idom[i] = -1;
  idom[n] = n;
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = cnt - 2; i >= 0; --i) {
      int b = order[i];
      int nd = -1;
      for (int s = 0; s < nsucc[b]; ++s) {
        int p = succ[b][s];
        if (!seen[p] || idom[p] < 0)
          continue;
        if (nd < 0) {
          nd = p;
          continue;
        }
        int x = p, y = nd;
        while (x != y) {
          while (po[x] < po[y])
            x = idom[x];
          while (po[y] < po[x])
            y = idom[y];
        }
        nd = x;
      }
      if (nd >= 0 && idom[b] != nd) {
        idom[b] = nd;
        changed = true;
      }
    }
  }
  fi->ipdom = xcalloc((size_t)n + 1, sizeof(int));
  for (int b = 0; b < n; ++b)
    fi->ipdom[b] = (!seen[b] || idom[b] < 0 || idom[b] == n) ? -1 : idom[b];
  for (int b = 0; b <= n; ++b)
    free(pred[b]);
  for (int b = 0; b < n; ++b)
    free(succ[b]);
  free(nsucc);
  free(succ);
  free(npred);
  free(pred);
  free(order);
  free(po);
  free(seen);
  free(stk);
  free(it);
  free(idom);
  pmPut(m->fninfo, fn, fi);
  return fi;
}

static int blockIndex(FnInfo *fi, LLVMBasicBlockRef bb) {
  return (int)(intptr_t)pmGet(fi->bindex, bb) - 1;
}

/*===--- Frames and the SIMT stack -------------------------------------------===*/

static SimtEntry *topEntry(Frame *f) { return &f->stack[f->depth - 1]; }

static void pushEntry(Frame *f, int block, LLVMValueRef pc, int reconv,
                      Mask mask) {
  if (f->depth == f->cap) {
    f->cap = f->cap ? 2 * f->cap : 8;
    f->stack = xrealloc(f->stack, sizeof(SimtEntry) * (size_t)f->cap);
  }
  SimtEntry *e = &f->stack[f->depth++];
  e->block = block;
  e->pc = pc;
  e->reconv = reconv;
  e->mask = mask;
}

static Frame *pushFrame(Machine *m, Wave *w, LLVMValueRef fn, Mask mask,
                        LLVMValueRef call) {
  if (w->nframes == w->capframes) {
    w->capframes = w->capframes ? 2 * w->capframes : 4;
    w->frames = xrealloc(w->frames, sizeof(Frame) * (size_t)w->capframes);
  }
  if (w->nframes > 2048)
    unsupported(call, "call depth above 2048");
  Frame *f = &w->frames[w->nframes++];
  memset(f, 0, sizeof *f);
  f->fi = fnInfo(m, fn);
  f->regs = xcalloc((size_t)f->fi->nslots * (size_t)m->wsize, sizeof(Val));
  f->prev = xcalloc((size_t)m->wsize, sizeof(int));
  f->priv_mark = xcalloc((size_t)m->wsize, sizeof(uint64_t));
  f->call = call;
  f->entered = mask;
  for (int l = 0; l < m->wsize; ++l)
    if (mask >> l & 1)
      f->priv_mark[l] = m->objs[m->priv_base + w->first + l].size;
  pushEntry(f, 0, LLVMGetFirstInstruction(f->fi->blocks[0]), -1, mask);
  return f;
}

static void freeFrame(Machine *m, Frame *f) {
  size_t n = (size_t)f->fi->nslots * (size_t)m->wsize;
  for (size_t i = 0; i < n; ++i)
    valFree(&f->regs[i]);
  free(f->regs);
  free(f->prev);
  free(f->priv_mark);
  free(f->stack);
}

/* Moves the entry's lanes to block `to`; pops it at its reconvergence. */
static void gotoBlock(Frame *f, SimtEntry *e, int to) {
  e->block = to;
  e->pc = LLVMGetFirstInstruction(f->fi->blocks[to]);
  if (to == e->reconv)
    f->depth--;
}

static uint64_t rngNext(Machine *m) {
  uint64_t z = (m->rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void branch(Machine *m, Wave *w, Frame *f, Mask act, int *target) {
  (void)w;
  SimtEntry *e = topEntry(f);
  int cur = e->block;
  for (int l = 0; l < m->wsize; ++l)
    if (act >> l & 1)
      f->prev[l] = cur;
  int tg[EXEC_MAX_WAVE];
  Mask tm[EXEC_MAX_WAVE];
  int nt = 0;
  for (int l = 0; l < m->wsize; ++l) {
    if (!(act >> l & 1))
      continue;
    int k = 0;
    while (k < nt && tg[k] != target[l])
      ++k;
    if (k == nt) {
      tg[nt] = target[l];
      tm[nt++] = 0;
    }
    tm[k] |= 1ull << l;
  }
  if (nt == 1) {
    gotoBlock(f, e, tg[0]);
    return;
  }
  int p = f->fi->ipdom[cur];
  int r = e->reconv;
  Mask all = e->mask;
  f->depth--;
  if (p >= 0 && p != r)
    pushEntry(f, p, LLVMGetFirstInstruction(f->fi->blocks[p]), r, all);
  int nr = p >= 0 ? p : r;
  /* The seed picks which path runs first; the first runs on top. */
  for (int i = nt - 1; i > 0; --i) {
    int j = (int)(rngNext(m) % (uint64_t)(i + 1));
    int t = tg[i];
    tg[i] = tg[j];
    tg[j] = t;
    Mask x = tm[i];
    tm[i] = tm[j];
    tm[j] = x;
  }
  for (int i = nt - 1; i >= 0; --i)
    if (tg[i] != nr)
      pushEntry(f, tg[i], LLVMGetFirstInstruction(f->fi->blocks[tg[i]]), nr,
                tm[i]);
}

/*===--- Findings of this room -----------------------------------------------===*/

/* A malloc'd message. */
static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  char *r = NULL;
  if (vasprintf(&r, f, ap) < 0)
    r = NULL;
  va_end(ap);
  return r ? r : xcalloc(1, 1);
}

/* Reports a hang (once per key) and abandons the schedule. Frees `msg`. */
static _Noreturn void hang(Machine *m, const void *a, const void *b,
                           char *msg) {
  if (findingNew(m, F_HANG, a, b))
    printf("hang: %s: %s\n", m->kname, msg);
  free(msg);
  m->aborted = true;
  longjmp(m->abort_schedule, 1);
}

static void partialCheck(Machine *m, Wave *w, LLVMValueRef inst, Mask act) {
  if (act == w->exist)
    return;
  char *t = instText(inst);
  int on = __builtin_popcountll(act), all = __builtin_popcountll(w->exist);
  char what[96];
  snprintf(what, sizeof what, "%d of %d lanes", on, all);
  if (findingNew(m, F_HANG, inst, NULL))
    printf("hang: %s: barrier %s in divergent control flow: wave %d executes "
           "it with %s active (the others returned or took another path)\n",
           m->kname, t, w->id, what);
  free(t);
  m->aborted = true;
  longjmp(m->abort_schedule, 1);
}

/*===--- Barriers -------------------------------------------------------------===*/

static Phase *phaseOf(Machine *m, uint32_t k) {
  Phase *p = &m->phases[k % PHASE_RING];
  if (p->number != k) {
    p->number = k;
    if (!p->clock)
      p->clock = xcalloc((size_t)m->nlanes, 4);
    memset(p->clock, 0, (size_t)m->nlanes * 4);
    p->wait_inst = NULL;
    p->wait_wave = -1;
  }
  return p;
}

static bool phaseComplete(Machine *m, uint32_t k) {
  for (int i = 0; i < m->nwaves; ++i)
    if (m->waves[i].sig < k)
      return false;
  return true;
}

static void signalBarrier(Machine *m, Wave *w, LLVMValueRef inst, Mask act) {
  partialCheck(m, w, inst, act);
  if (w->sig > w->waited) {
    char *t = instText(inst);
    char *msg = fmt("wave %d signals the barrier again at %s before waiting "
                    "for its last signal", w->id, t);
    free(t);
    hang(m, inst, "signal", msg);
  }
  uint32_t k = ++w->sig;
  Phase *p = phaseOf(m, k);
  size_t n = (size_t)m->nlanes;
  for (int l = 0; l < w->nlanes; ++l) {
    const uint32_t *rel = m->rel_wg + (size_t)(w->first + l) * n;
    for (size_t i = 0; i < n; ++i)
      if (rel[i] > p->clock[i])
        p->clock[i] = rel[i];
  }
  if (phaseComplete(m, k))
    m->barriers++;
}

/* Returns true when the wait completed at once. */
static bool waitBarrier(Machine *m, Wave *w, LLVMValueRef inst, Mask act) {
  partialCheck(m, w, inst, act);
  uint32_t k = w->waited + 1;
  if (w->sig < k) {
    char *t = instText(inst);
    char *msg = fmt("wave %d waits at %s without a signal before it", w->id, t);
    free(t);
    hang(m, inst, "nosignal", msg);
  }
  Phase *p = phaseOf(m, k);
  if (p->wait_inst && p->wait_inst != inst) {
    char *a = instText(p->wait_inst), *b = instText(inst);
    char *msg = fmt("waves wait at different barriers: %s (wave %d) and %s "
                    "(wave %d)", a, p->wait_wave, b, w->id);
    free(a);
    free(b);
    hang(m, p->wait_inst, inst, msg);
  }
  p->wait_inst = inst;
  p->wait_wave = w->id;
  w->wait_inst = inst;
  w->state = W_WAIT;
  return false;
}

static void finishWait(Machine *m, Wave *w) {
  uint32_t k = w->waited + 1;
  Phase *p = phaseOf(m, k);
  size_t n = (size_t)m->nlanes;
  for (int l = 0; l < w->nlanes; ++l) {
    uint32_t *pend = m->pend_wg + (size_t)(w->first + l) * n;
    for (size_t i = 0; i < n; ++i)
      if (p->clock[i] > pend[i])
        pend[i] = p->clock[i];
  }
  w->waited = k;
  w->state = W_RUN;
  Frame *f = &w->frames[w->nframes - 1];
  SimtEntry *e = topEntry(f);
  e->pc = LLVMGetNextInstruction(e->pc);
}

static void waveBarrier(Machine *m, Wave *w, Mask act) {
  size_t n = (size_t)m->nlanes;
  uint32_t *acc = xcalloc(n, 4);
  for (int l = 0; l < m->wsize; ++l)
    if (act >> l & 1) {
      const uint32_t *rel = m->rel_wave + (size_t)(w->first + l) * n;
      for (size_t i = 0; i < n; ++i)
        if (rel[i] > acc[i])
          acc[i] = rel[i];
    }
  for (int l = 0; l < m->wsize; ++l)
    if (act >> l & 1) {
      uint32_t *pend = m->pend_wave + (size_t)(w->first + l) * n;
      for (size_t i = 0; i < n; ++i)
        if (acc[i] > pend[i])
          pend[i] = acc[i];
    }
  free(acc);
  m->wave_barriers++;
}

/*===--- Wave-level intrinsics ------------------------------------------------===*/

static int firstLane(Mask act) { return __builtin_ctzll(act); }

static uint32_t vmcntOf(Machine *m, uint64_t imm) {
  if (m->gen >= 11)
    return (uint32_t)((imm >> 10) & 0x3f);
  return (uint32_t)((imm & 0xf) | (((imm >> 14) & 3) << 4));
}

static void copyGlobal(Machine *m, LLVMValueRef inst, const Val *src,
                       uint64_t srcoff, uint32_t ldsoff, uint32_t size,
                       int gl, bool to_lds) {
  Val g = *src;
  g.u.p.off += srcoff;
  uint8_t *gp = memRef(m, inst, &g, size, gl);
  Val l = valPtr(OBJ_ID_LDS, ldsoff);
  uint8_t *lp = memRef(m, inst, &l, size, gl);
  if (!gp || !lp)
    return;
  if (to_lds)
    memcpy(lp, gp, size);
  else
    memcpy(gp, lp, size);
}

/* Asynchronous transfers into (or out of) LDS. */
static bool transfer(Machine *m, Wave *w, Frame *f, LLVMValueRef inst,
                     Mask act, const char *n, size_t len) {
  bool gfx9dma = nameIs(n, len, "llvm.amdgcn.global.load.lds") ||
                 namePrefix(n, len, "llvm.amdgcn.load.to.lds");
  bool buffer = nameIs(n, len, "llvm.amdgcn.raw.buffer.load.lds") ||
                nameIs(n, len, "llvm.amdgcn.raw.ptr.buffer.load.lds") ||
                nameIs(n, len, "llvm.amdgcn.struct.buffer.load.lds") ||
                nameIs(n, len, "llvm.amdgcn.struct.ptr.buffer.load.lds");
  bool async_load = namePrefix(n, len, "llvm.amdgcn.global.load.async.to.lds.") ||
                    namePrefix(n, len, "llvm.amdgcn.cluster.load.async.to.lds.");
  bool async_store = namePrefix(n, len, "llvm.amdgcn.global.store.async.from.lds.");
  if (!gfx9dma && !buffer && !async_load && !async_store)
    return false;
  if (gfx9dma || buffer) {
    /* One LDS base for the wave (M0), each lane's data at 4 (or 16) bytes
       per lane id after it (spec/amdgpu-usage.txt, load.to.lds). */
    unsigned immarg = buffer ? (nameIs(n, len, "llvm.amdgcn.raw.buffer.load.lds") ||
                                        nameIs(n, len, "llvm.amdgcn.raw.ptr.buffer.load.lds")
                                    ? 5
                                    : 6)
                             : 3;
    int fl = firstLane(act);
    const Val *base = operand(m, f, LLVMGetOperand(inst, 1), fl);
    uint32_t size = (uint32_t)opInt(m, f, LLVMGetOperand(inst, 2), fl);
    uint32_t imm = (uint32_t)opInt(m, f, LLVMGetOperand(inst, immarg), fl);
    uint32_t stride = size <= 4 ? 4 : 16;
    Transfer *t = transferIssue(m, inst, w->id, CNT_VM, true);
    for (int l = 0; l < m->wsize; ++l) {
      if (!(act >> l & 1))
        continue;
      int gl = w->first + l;
      uint32_t lo = (uint32_t)(base->u.p.off + imm + (uint64_t)l * stride);
      if (buffer) {
        Val lp = valPtr(OBJ_ID_LDS, lo);
        uint8_t *d = memRef(m, inst, &lp, size, gl);
        if (d)
          memset(d, 0, size);
      } else {
        copyGlobal(m, inst, operand(m, f, LLVMGetOperand(inst, 0), l), imm, lo,
                   size, gl, true);
      }
      transferPart(m, t, gl, lo, size);
    }
    return true;
  }
  /* gfx1250: every lane its own LDS address. */
  const char *suffix = strrchr(n, '.');
  uint32_t size = (uint32_t)(strtoul(suffix + 2, NULL, 10) / 8);
  Transfer *t = transferIssue(m, inst, w->id, CNT_ASYNC, async_load);
  for (int l = 0; l < m->wsize; ++l) {
    if (!(act >> l & 1))
      continue;
    int gl = w->first + l;
    const Val *lp = operand(m, f, LLVMGetOperand(inst, 1), l);
    uint32_t imm = (uint32_t)opInt(m, f, LLVMGetOperand(inst, 2), l);
    uint32_t lo = (uint32_t)(lp->u.p.off + imm);
    copyGlobal(m, inst, operand(m, f, LLVMGetOperand(inst, 0), l), imm, lo,
               size, gl, async_load);
    transferPart(m, t, gl, lo, size);
  }
  return true;
}

static Val reduce(const char *op, const Val *a, const Val *b) {
  unsigned w = a->bits;
  uint64_t x = a->u.i, y = b->u.i, r = x;
  if (!strcmp(op, "umin")) r = x < y ? x : y;
  else if (!strcmp(op, "umax")) r = x > y ? x : y;
  else if (!strcmp(op, "min")) r = sext(w, x) < sext(w, y) ? x : y;
  else if (!strcmp(op, "max")) r = sext(w, x) > sext(w, y) ? x : y;
  else if (!strcmp(op, "add")) r = x + y;
  else if (!strcmp(op, "and")) r = x & y;
  else if (!strcmp(op, "or")) r = x | y;
  else if (!strcmp(op, "xor")) r = x ^ y;
  return valInt(w, r);
}

/* Whether inline assembly is the workgroup barrier alone: `s_barrier` and
   comment lines (how upstream lowers amdgpu.lds_barrier before gfx90a). */
static bool asmIsBarrier(LLVMValueRef callee) {
  size_t n;
  const char *t = LLVMGetInlineAsmAsmString(callee, &n);
  int barriers = 0;
  size_t i = 0;
  while (i < n) {
    size_t j = i;
    while (j < n && t[j] != '\n')
      j++;
    size_t b = i, e = j;
    while (b < e && (t[b] == ' ' || t[b] == '\t'))
      b++;
    while (e > b && (t[e - 1] == ' ' || t[e - 1] == '\t' || t[e - 1] == '\r'))
      e--;
    if (b < e && t[b] != ';') {
      if (e - b != 9 || memcmp(t + b, "s_barrier", 9) != 0)
        return false;
      barriers++;
    }
    i = j + 1;
  }
  return barriers == 1;
}

/* Returns true when the call was a wave-level intrinsic it executed (the pc
   is then already advanced, or the wave blocked). */
static bool waveIntrinsic(Machine *m, Wave *w, Frame *f, LLVMValueRef inst,
                          Mask act, const char *n, size_t len) {
  SimtEntry *e = topEntry(f);
  int fl = firstLane(act);
  if (nameIs(n, len, "llvm.amdgcn.s.barrier")) {
    signalBarrier(m, w, inst, act);
    waitBarrier(m, w, inst, act);
    return true; /* blocked; finishWait advances */
  }
  if (nameIs(n, len, "llvm.amdgcn.s.barrier.signal") ||
      nameIs(n, len, "llvm.amdgcn.s.barrier.signal.isfirst")) {
    if (sext(32, opInt(m, f, LLVMGetOperand(inst, 0), fl)) != -1)
      unsupported(inst, "barrier ids other than -1");
    bool first = true;
    for (int i = 0; i < m->nwaves; ++i)
      if (i != w->id && m->waves[i].sig > w->sig)
        first = false;
    signalBarrier(m, w, inst, act);
    if (LLVMGetTypeKind(LLVMTypeOf(inst)) != LLVMVoidTypeKind)
      for (int l = 0; l < m->wsize; ++l)
        if (act >> l & 1) {
          Val *r = reg(m, f, inst, l);
          valFree(r);
          *r = valInt(1, first);
        }
    e->pc = LLVMGetNextInstruction(inst);
    return true;
  }
  if (nameIs(n, len, "llvm.amdgcn.s.barrier.wait")) {
    if (sext(16, opInt(m, f, LLVMGetOperand(inst, 0), fl)) != -1)
      unsupported(inst, "barrier ids other than -1");
    waitBarrier(m, w, inst, act);
    return true;
  }
  if (nameIs(n, len, "llvm.amdgcn.wave.barrier")) {
    waveBarrier(m, w, act);
    e->pc = LLVMGetNextInstruction(inst);
    return true;
  }
  if (nameIs(n, len, "llvm.amdgcn.s.waitcnt")) {
    if (m->gen <= 11)
      transferWait(m, w->id, CNT_VM,
                   vmcntOf(m, opInt(m, f, LLVMGetOperand(inst, 0), fl)));
    e->pc = LLVMGetNextInstruction(inst);
    return true;
  }
  if (nameIs(n, len, "llvm.amdgcn.s.wait.loadcnt") ||
      nameIs(n, len, "llvm.amdgcn.s.wait.asynccnt")) {
    uint32_t c = (uint32_t)opInt(m, f, LLVMGetOperand(inst, 0), fl);
    transferWait(m, w->id, n[len - 8] == 'a' ? CNT_ASYNC : CNT_VM, c);
    e->pc = LLVMGetNextInstruction(inst);
    return true;
  }
  if (namePrefix(n, len, "llvm.amdgcn.s.wait.") ||
      nameIs(n, len, "llvm.amdgcn.s.waitcnt.vscnt")) {
    e->pc = LLVMGetNextInstruction(inst);
    return true;
  }
  if (namePrefix(n, len, "llvm.amdgcn.tensor.") || nameIs(n, len, "llvm.amdgcn.asyncmark") ||
      nameIs(n, len, "llvm.amdgcn.wait.asyncmark"))
    unsupported(inst, NULL);
  if (transfer(m, w, f, inst, act, n, len)) {
    e->pc = LLVMGetNextInstruction(inst);
    return true;
  }
  /* Cross-lane reads. */
  bool rfl = namePrefix(n, len, "llvm.amdgcn.readfirstlane");
  bool rl = namePrefix(n, len, "llvm.amdgcn.readlane");
  bool ballot = namePrefix(n, len, "llvm.amdgcn.ballot");
  bool bperm = nameIs(n, len, "llvm.amdgcn.ds.bpermute");
  bool perm = nameIs(n, len, "llvm.amdgcn.ds.permute");
  bool red = namePrefix(n, len, "llvm.amdgcn.wave.reduce.");
  if (!rfl && !rl && !ballot && !bperm && !perm && !red)
    return false;
  Val res[EXEC_MAX_WAVE];
  memset(res, 0, sizeof res);
  if (rfl || rl) {
    int src = rfl ? fl : (int)(opInt(m, f, LLVMGetOperand(inst, 1), fl) % (uint64_t)m->wsize);
    const Val *v = operand(m, f, LLVMGetOperand(inst, 0), src);
    for (int l = 0; l < m->wsize; ++l)
      if (act >> l & 1)
        valCopy(&res[l], v);
  } else if (ballot) {
    uint64_t bits = 0;
    for (int l = 0; l < m->wsize; ++l)
      if ((act >> l & 1) && opInt(m, f, LLVMGetOperand(inst, 0), l))
        bits |= 1ull << l;
    unsigned wd = LLVMGetIntTypeWidth(LLVMTypeOf(inst));
    for (int l = 0; l < m->wsize; ++l)
      if (act >> l & 1)
        res[l] = valInt(wd, bits);
  } else if (bperm || perm) {
    for (int l = 0; l < m->wsize; ++l)
      if (act >> l & 1)
        res[l] = valInt(32, 0);
    for (int l = 0; l < m->wsize; ++l) {
      if (!(act >> l & 1))
        continue;
      int other = (int)((opInt(m, f, LLVMGetOperand(inst, 0), l) >> 2) % (uint64_t)m->wsize);
      if (bperm) {
        if (act >> other & 1)
          res[l] = valInt(32, opInt(m, f, LLVMGetOperand(inst, 1), other));
      } else if (act >> other & 1) {
        res[other] = valInt(32, opInt(m, f, LLVMGetOperand(inst, 1), l));
      }
    }
  } else {
    const char *op = n + strlen("llvm.amdgcn.wave.reduce.");
    char opn[16];
    size_t k = 0;
    while (op[k] && op[k] != '.' && k < sizeof opn - 1) {
      opn[k] = op[k];
      ++k;
    }
    opn[k] = 0;
    if (strcmp(opn, "umin") && strcmp(opn, "umax") && strcmp(opn, "min") &&
        strcmp(opn, "max") && strcmp(opn, "add") && strcmp(opn, "and") &&
        strcmp(opn, "or") && strcmp(opn, "xor"))
      unsupported(inst, NULL);
    Val acc = *operand(m, f, LLVMGetOperand(inst, 0), fl);
    if (acc.kind != V_INT)
      unsupported(inst, NULL);
    for (int l = fl + 1; l < m->wsize; ++l)
      if (act >> l & 1)
        acc = reduce(opn, &acc, operand(m, f, LLVMGetOperand(inst, 0), l));
    for (int l = 0; l < m->wsize; ++l)
      if (act >> l & 1)
        res[l] = acc;
  }
  for (int l = 0; l < m->wsize; ++l)
    if (act >> l & 1) {
      Val *r = reg(m, f, inst, l);
      valFree(r);
      *r = res[l];
    }
  e->pc = LLVMGetNextInstruction(inst);
  return true;
}

/*===--- One step of a wave ---------------------------------------------------===*/

static void frameDone(Machine *m, Wave *w) {
  Frame *f = &w->frames[w->nframes - 1];
  for (int l = 0; l < m->wsize; ++l)
    if (f->entered >> l & 1)
      m->objs[m->priv_base + w->first + l].size = f->priv_mark[l];
  freeFrame(m, f);
  w->nframes--;
  if (w->nframes == 0) {
    w->state = W_DONE;
    return;
  }
  Frame *c = &w->frames[w->nframes - 1];
  SimtEntry *e = topEntry(c);
  e->pc = LLVMGetNextInstruction(e->pc);
}

/* The function a call through a pointer reaches: the one every active
   lane's pointer names (a pointer to a function object). Lanes that name
   different functions, or anything else, are not modelled. */
static LLVMValueRef indirectCallee(Machine *m, Frame *f, LLVMValueRef inst,
                                   LLVMValueRef callee, Mask act) {
  LLVMValueRef target = NULL;
  for (int l = 0; l < m->wsize; ++l) {
    if (!(act >> l & 1))
      continue;
    const Val *v = operand(m, f, callee, l);
    const Obj *o = v->u.p.obj < (uint32_t)m->nobjs ? &m->objs[v->u.p.obj]
                                                     : NULL;
    if (!o || o->kind != OBJ_FUNC || v->u.p.off != 0 || !o->global)
      unsupported(inst, "indirect call of something not a function");
    if (target && target != o->global)
      unsupported(inst, "indirect call of different functions per lane");
    target = o->global;
  }
  return target;
}

static void stepWave(Machine *m, Wave *w) {
  Frame *f = &w->frames[w->nframes - 1];
  if (f->depth == 0) {
    frameDone(m, w);
    return;
  }
  SimtEntry *e = topEntry(f);
  Mask act = e->mask & ~f->returned & ~w->dead;
  if (!act) {
    f->depth--;
    return;
  }
  LLVMValueRef inst = e->pc;
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  switch (op) {
  case LLVMPHI: {
    LLVMValueRef phis[256];
    int np = 0;
    for (LLVMValueRef p = inst; p && LLVMGetInstructionOpcode(p) == LLVMPHI;
         p = LLVMGetNextInstruction(p)) {
      if (np == 256)
        unsupported(p, "more than 256 phis in a block");
      phis[np++] = p;
    }
    Val *tmp = xcalloc((size_t)np * (size_t)m->wsize, sizeof(Val));
    for (int i = 0; i < np; ++i)
      for (int l = 0; l < m->wsize; ++l) {
        if (!(act >> l & 1))
          continue;
        LLVMBasicBlockRef from = f->fi->blocks[f->prev[l]];
        unsigned k = LLVMCountIncoming(phis[i]);
        unsigned j = 0;
        while (j < k && LLVMGetIncomingBlock(phis[i], j) != from)
          ++j;
        if (j == k)
          unsupported(phis[i], "phi without an incoming value for its predecessor");
        valCopy(&tmp[(size_t)i * (size_t)m->wsize + (size_t)l],
                operand(m, f, LLVMGetIncomingValue(phis[i], j), l));
      }
    for (int i = 0; i < np; ++i)
      for (int l = 0; l < m->wsize; ++l)
        if (act >> l & 1) {
          Val *r = reg(m, f, phis[i], l);
          valFree(r);
          *r = tmp[(size_t)i * (size_t)m->wsize + (size_t)l];
        }
    free(tmp);
    e->pc = phis[np - 1];
    e->pc = LLVMGetNextInstruction(e->pc);
    return;
  }
  case LLVMBr:
  case LLVMSwitch: {
    int target[EXEC_MAX_WAVE];
    for (int l = 0; l < m->wsize; ++l) {
      if (!(act >> l & 1))
        continue;
      LLVMBasicBlockRef to;
      if (op == LLVMBr) {
        if (LLVMIsConditional(inst))
          to = LLVMGetSuccessor(inst, opInt(m, f, LLVMGetCondition(inst), l) ? 0 : 1);
        else
          to = LLVMGetSuccessor(inst, 0);
      } else {
        uint64_t x = opInt(m, f, LLVMGetOperand(inst, 0), l);
        to = LLVMGetSwitchDefaultDest(inst);
        /* Successor 0 is the default, successor k > 0 the destination of
           case k. LLVM 22 keeps the case values out of the operand list
           (operands: the condition, then the destinations). */
        unsigned ns = LLVMGetNumSuccessors(inst);
        for (unsigned k = 1; k < ns; ++k)
          if (constVal(m, LLVMGetSwitchCaseValue(inst, k))->u.i == x) {
            to = LLVMGetSuccessor(inst, k);
            break;
          }
      }
      target[l] = blockIndex(f->fi, to);
    }
    branch(m, w, f, act, target);
    return;
  }
  case LLVMRet: {
    if (w->nframes == 1) {
      w->dead |= act;
    } else {
      Frame *c = &w->frames[w->nframes - 2];
      if (LLVMGetNumOperands(inst) > 0)
        for (int l = 0; l < m->wsize; ++l)
          if (act >> l & 1) {
            Val *r = reg(m, c, f->call, l);
            valSet(r, operand(m, f, LLVMGetOperand(inst, 0), l));
          }
      f->returned |= act;
    }
    f->depth--;
    return;
  }
  case LLVMUnreachable: {
    char *t = instText(inst);
    if (findingNew(m, F_UB, inst, NULL))
      printf("ub: %s: %s reached (wave %d)\n", m->kname, t, w->id);
    free(t);
    w->dead |= act;
    f->depth--;
    return;
  }
  case LLVMCall: {
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    if (callee && LLVMIsAInlineAsm(callee)) {
      if (!asmIsBarrier(callee))
        unsupported(inst, "inline assembly other than s_barrier");
      static const char kBarrier[] = "llvm.amdgcn.s.barrier";
      waveIntrinsic(m, w, f, inst, act, kBarrier, sizeof kBarrier - 1);
      return;
    }
    if (callee && !LLVMIsAFunction(callee))
      callee = indirectCallee(m, f, inst, callee, act);
    if (!callee || !LLVMIsAFunction(callee))
      unsupported(inst, "call of something not a function");
    size_t len;
    const char *n = LLVMGetValueName2(callee, &len);
    if (!LLVMIsDeclaration(callee)) {
      Frame *nf = pushFrame(m, w, callee, act, inst);
      Frame *cf = &w->frames[w->nframes - 2]; /* pushFrame may move frames */
      unsigned na = LLVMCountParams(callee);
      for (unsigned i = 0; i < na; ++i)
        for (int l = 0; l < m->wsize; ++l)
          if (act >> l & 1) {
            Val *r = reg(m, nf, LLVMGetParam(callee, i), l);
            valCopy(r, operand(m, cf, LLVMGetOperand(inst, i), l));
          }
      return;
    }
    if (waveIntrinsic(m, w, f, inst, act, n, len))
      return;
    break;
  }
  default:
    break;
  }
  for (int l = 0; l < m->wsize; ++l)
    if (act >> l & 1)
      execLane(m, w, f, inst, l);
  e = topEntry(f);
  e->pc = LLVMGetNextInstruction(inst);
}

/*===--- The scheduler ---------------------------------------------------------===*/

static void resetWaves(Machine *m) {
  if (!m->waves)
    m->waves = xcalloc((size_t)m->nwaves, sizeof(Wave));
  for (int i = 0; i < m->nwaves; ++i) {
    Wave *w = &m->waves[i];
    while (w->nframes) {
      freeFrame(m, &w->frames[w->nframes - 1]);
      w->nframes--;
    }
    w->id = i;
    w->first = i * m->wsize;
    w->nlanes = m->nlanes - w->first < m->wsize ? m->nlanes - w->first : m->wsize;
    w->exist = w->nlanes >= 64 ? ~0ull : (1ull << w->nlanes) - 1;
    w->dead = 0;
    w->state = W_RUN;
    w->sig = w->waited = 0;
    w->wait_inst = NULL;
    for (int c = 0; c < CNT_COUNT; ++c)
      w->nfifo[c] = 0;
  }
  for (int k = 0; k < PHASE_RING; ++k)
    m->phases[k].number = 0;
}

static void startWaves(Machine *m) {
  for (int i = 0; i < m->nwaves; ++i) {
    Wave *w = &m->waves[i];
    Frame *f = pushFrame(m, w, m->kernel, w->exist, NULL);
    unsigned na = LLVMCountParams(m->kernel);
    for (unsigned a = 0; a < na; ++a)
      for (int l = 0; l < w->nlanes; ++l)
        valCopy(reg(m, f, LLVMGetParam(m->kernel, a), l), &m->argvals[a]);
  }
}

static void deadlock(Machine *m) {
  for (int i = 0; i < m->nwaves; ++i) {
    Wave *w = &m->waves[i];
    if (w->state != W_WAIT)
      continue;
    uint32_t k = w->waited + 1;
    for (int j = 0; j < m->nwaves; ++j) {
      Wave *o = &m->waves[j];
      if (o->sig >= k)
        continue;
      char *a = instText(w->wait_inst);
      if (o->state == W_DONE) {
        char *msg = fmt("wave %d waits at %s but wave %d returned without "
                        "reaching it", w->id, a, o->id);
        free(a);
        hang(m, w->wait_inst, NULL, msg);
      }
      char *b = instText(o->wait_inst);
      char *msg = fmt("waves wait at different barriers: %s (wave %d) and %s "
                      "(wave %d)", a, w->id, b, o->id);
      free(a);
      free(b);
      hang(m, w->wait_inst, o->wait_inst, msg);
    }
  }
  hang(m, NULL, "deadlock", fmt("waves block without a barrier to complete"));
}

void runSchedule(Machine *m, uint64_t seed, int index) {
  m->rng = seed;
  m->barriers = m->wave_barriers = 0;
  m->aborted = false;
  memReset(m);
  clocksReset(m);
  shadowReset(m);
  transfersReset(m);
  resetWaves(m);
  if (setjmp(m->abort_schedule))
    return;
  startWaves(m);
  int current = -1;
  uint64_t burst = 0;
  for (;;) {
    int runnable[4096];
    int nr = 0;
    bool waiting = false;
    for (int i = 0; i < m->nwaves && nr < 4096; ++i) {
      Wave *w = &m->waves[i];
      if (w->state == W_WAIT) {
        if (phaseComplete(m, w->waited + 1))
          finishWait(m, w);
        else
          waiting = true;
      }
      if (w->state == W_RUN)
        runnable[nr++] = i;
    }
    if (nr == 0) {
      if (waiting)
        deadlock(m);
      break;
    }
    int pick;
    if (current >= 0 && burst > 0 && m->waves[current].state == W_RUN) {
      pick = current;
    } else if (index == 0) {
      pick = runnable[0];
      burst = UINT64_MAX;
    } else if (index == 1) {
      pick = runnable[nr - 1];
      burst = UINT64_MAX;
    } else {
      pick = runnable[rngNext(m) % (uint64_t)nr];
      static const uint64_t bursts[] = {1, 3, 8, 32, 200};
      burst = bursts[rngNext(m) % 5];
    }
    current = pick;
    Wave *w = &m->waves[pick];
    while (burst > 0 && w->state == W_RUN) {
      if (++m->steps > m->opt->max_steps) {
        m->step_limit = true;
        return;
      }
      stepWave(m, w);
      if (burst != UINT64_MAX)
        burst--;
    }
    if (w->state != W_RUN)
      burst = 0;
  }
  /* Every wave ended: a signal nobody waited for is a hang too. */
  for (int i = 0; i < m->nwaves; ++i) {
    Wave *w = &m->waves[i];
    if (w->sig != w->waited)
      hang(m, "end", NULL,
           fmt("wave %d ends with a signaled barrier it never waited for",
               w->id));
  }
}
