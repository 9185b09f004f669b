/*===- program.c - Building and querying the program model -----------------===*
 *
 * Owns the model's constructors, pre-order numbering, and the facts every
 * later stage asks of it: aliasing, hazard kinds (brief §1), divergence and
 * execution weight of a position.
 *===----------------------------------------------------------------------===*/
#include "amdsync/program.h"

#include <assert.h>
#include "amdsync/cfg.h"

#include <stdlib.h>
#include <string.h>


AmdsyncProgram *amdsyncProgramCreate(AmdsyncArena *arena) {
  AmdsyncProgram *p = amdsyncArenaAlloc(arena, sizeof(AmdsyncProgram));
  p->arena = arena;
  return p;
}

int amdsyncProgramAddResource(AmdsyncProgram *p, AmdsyncResourceKind kind,
                              const char *name) {
  if (p->nresources == p->resources_capacity) {
    int cap = p->resources_capacity ? 2 * p->resources_capacity : 8;
    AmdsyncResource *r =
        amdsyncArenaAlloc(p->arena, (size_t)cap * sizeof(AmdsyncResource));
    if (p->nresources)
      memcpy(r, p->resources, (size_t)p->nresources * sizeof(AmdsyncResource));
    p->resources = r;
    p->resources_capacity = cap;
  }
  p->resources[p->nresources].kind = kind;
  p->resources[p->nresources].name =
      name ? amdsyncArenaStrndup(p->arena, name, strlen(name)) : "?";
  return p->nresources++;
}

static AmdsyncNode *newNode(AmdsyncProgram *p, AmdsyncNodeKind kind,
                            void *origin) {
  AmdsyncNode *n = amdsyncArenaAlloc(p->arena, sizeof(AmdsyncNode));
  n->kind = kind;
  n->origin = origin;
  return n;
}

AmdsyncNode *amdsyncAccessCreate(AmdsyncProgram *p, void *origin,
                                 unsigned flags, int resource, int64_t lo,
                                 int64_t hi) {
  AmdsyncNode *n = newNode(p, AMDSYNC_NODE_ACCESS, origin);
  /* Atomics and DMA writes are READ_WRITE (placement spec, glossary). */
  if (flags & AMDSYNC_ACCESS_ATOMIC)
    flags |= AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE;
  n->u.access.flags = flags;
  n->u.access.resource = resource;
  n->u.access.lo = lo;
  n->u.access.hi = hi;
  n->u.access.async_id = -1;
  return n;
}

void amdsyncAccessSetAsync(AmdsyncNode *access, AmdsyncCounter counter) {
  access->u.access.counter = counter;
}

AmdsyncNode *amdsyncMarkCreate(AmdsyncProgram *p, void *origin) {
  return newNode(p, AMDSYNC_NODE_MARK, origin);
}

AmdsyncNode *amdsyncWaitCreate(AmdsyncProgram *p, void *origin,
                               AmdsyncCounter counter, int count) {
  AmdsyncNode *n = newNode(p, AMDSYNC_NODE_WAIT, origin);
  n->u.wait.counter = counter;
  n->u.wait.count = count;
  return n;
}

AmdsyncNode *amdsyncBarrierCreate(AmdsyncProgram *p, void *origin,
                                  AmdsyncBarrierOp op) {
  AmdsyncNode *n = newNode(p, AMDSYNC_NODE_BARRIER, origin);
  n->u.barrier.op = op;
  return n;
}

/*===--- Finalize ------------------------------------------------------------===*/

/* Gives an op its dense id among the ops of its kind. */
static void registerNode(AmdsyncProgram *p, AmdsyncNode *n) {
  switch (n->kind) {
  case AMDSYNC_NODE_ACCESS:
    n->id = p->accesses.count;
    amdsyncPtrVecPush(p->arena, &p->accesses, n);
    if (n->u.access.counter != AMDSYNC_COUNTER_NONE) {
      n->u.access.async_id = p->async_ops.count;
      amdsyncPtrVecPush(p->arena, &p->async_ops, n);
    }
    break;
  case AMDSYNC_NODE_MARK:
  case AMDSYNC_NODE_WAIT:
    n->id = p->waits.count;
    amdsyncPtrVecPush(p->arena, &p->waits, n);
    break;
  case AMDSYNC_NODE_BARRIER:
    n->id = p->barriers.count;
    amdsyncPtrVecPush(p->arena, &p->barriers, n);
    break;
  }
}

static int accessOrder(const void *x, const void *y) {
  const AmdsyncNode *a = *(AmdsyncNode *const *)x, *b = *(AmdsyncNode *const *)y;
  const int64_t ka[] = {a->u.access.resource, a->u.access.flags,
                        a->u.access.lo, a->u.access.hi, a->u.access.counter};
  const int64_t kb[] = {b->u.access.resource, b->u.access.flags,
                        b->u.access.lo, b->u.access.hi, b->u.access.counter};
  for (int i = 0; i < 5; ++i)
    if (ka[i] != kb[i])
      return ka[i] < kb[i] ? -1 : 1;
  return 0;
}

/* Numbers the keys of the accesses (sorted by what makes a key). */
static void assignAccessKeys(AmdsyncProgram *p) {
  int n = p->accesses.count;
  AmdsyncNode **sorted =
      amdsyncArenaAlloc(p->arena, (size_t)(n ? n : 1) * sizeof(AmdsyncNode *));
  if (n)
    memcpy(sorted, p->accesses.items, (size_t)n * sizeof(AmdsyncNode *));
  qsort(sorted, (size_t)n, sizeof(AmdsyncNode *), accessOrder);
  int key = -1;
  for (int i = 0; i < n; ++i) {
    if (i == 0 || accessOrder(&sorted[i - 1], &sorted[i]) != 0)
      key++;
    sorted[i]->u.access.key = key;
  }
}

void amdsyncProgramSetOptions(AmdsyncProgram *p, bool waw_hazards,
                              unsigned trace) {
  assert(!p->finalized);
  p->waw_hazards = waw_hazards;
  p->trace = trace;
}

void amdsyncBarrierSetUnfenced(AmdsyncNode *n, unsigned missing) {
  assert(n->kind == AMDSYNC_NODE_BARRIER);
  n->u.barrier.unfenced = missing;
}

void amdsyncBarrierSetFences(AmdsyncNode *n, unsigned missing,
                             bool waits_after_release) {
  /* A wait after a release fence the barrier lacks is no such wait. */
  assert(!(waits_after_release && (missing & AMDSYNC_MISSING_RELEASE)));
  amdsyncBarrierSetUnfenced(n, missing);
  n->u.barrier.waits_after_release = waits_after_release;
}

void amdsyncProgramSetSingleWave(AmdsyncProgram *p, bool single_wave) {
  assert(!p->finalized); /* finalize numbers barriers as wave points or not */
  p->single_wave = single_wave;
}

void amdsyncProgramFinalize(AmdsyncProgram *p) {
  if (p->finalized)
    return;
  if (!p->cfg)
    amdsyncCfgAddBlock(amdsyncCfgCreate(p)); /* an empty function */
  for (int b = 0; b < p->cfg->nblocks; ++b)
    for (int k = 0; k < p->cfg->blocks[b]->nops; ++k)
      registerNode(p, p->cfg->blocks[b]->ops[k]);
  assignAccessKeys(p);
  /* A wait between a barrier's release fence and the barrier completes
     async transfers after the release: the fence publishes none of them
     (spec/amdgpu-async-operations.txt), so with async transfers about the
     barrier lacks the release that would (the barrier pass completes it
     with a fence after the wait; the checker reports it). */
  if (p->async_ops.count > 0)
    for (int i = 0; i < p->barriers.count; ++i) {
      AmdsyncNode *n = p->barriers.items[i];
      if (n->u.barrier.waits_after_release)
        n->u.barrier.unfenced |= AMDSYNC_MISSING_RELEASE;
    }
  p->finalized = true;
  amdsyncCfgAnalyze(p->cfg);
}

int amdsyncProgramBarrierCalls(const AmdsyncProgram *p) {
  assert(p->finalized);
  int n = 0;
  for (int i = 0; i < p->accesses.count; ++i) {
    const AmdsyncNode *a = p->accesses.items[i];
    n += (a->u.access.flags & AMDSYNC_ACCESS_BARRIER_CALL) != 0;
  }
  return n;
}

/*===--- Aliasing and hazard kinds (brief §1) -------------------------------===*/

static bool resourcesMayAlias(const AmdsyncResource *a,
                              const AmdsyncResource *b, int ia, int ib) {
  if (a->kind == AMDSYNC_RES_UNKNOWN || b->kind == AMDSYNC_RES_UNKNOWN)
    return true;
  if (ia == ib)
    return true;
  /* Distinct allocations and globals never alias. Arguments may point to
     each other and to globals, never to this function's allocations. */
  bool argA = a->kind == AMDSYNC_RES_ARGUMENT;
  bool argB = b->kind == AMDSYNC_RES_ARGUMENT;
  if (argA && argB)
    return true;
  if (argA && b->kind == AMDSYNC_RES_GLOBAL)
    return true;
  if (argB && a->kind == AMDSYNC_RES_GLOBAL)
    return true;
  return false;
}

bool amdsyncMayAlias(const AmdsyncProgram *p, const AmdsyncNode *a,
                     const AmdsyncNode *b) {
  int ia = a->u.access.resource, ib = b->u.access.resource;
  if (!resourcesMayAlias(&p->resources[ia], &p->resources[ib], ia, ib))
    return false;
  if (ia != ib || p->resources[ia].kind == AMDSYNC_RES_UNKNOWN)
    return true;
  /* Same resource: constant, provably disjoint byte ranges do not alias. */
  if (a->u.access.hi < 0 || b->u.access.hi < 0)
    return true;
  return a->u.access.lo < b->u.access.hi && b->u.access.lo < a->u.access.hi;
}

AmdsyncHazardKind amdsyncHazardBetween(const AmdsyncProgram *p,
                                       const AmdsyncNode *first,
                                       const AmdsyncNode *second) {
  /* `first == second` is one op in two iterations of a loop, run by
     different waves: a read-modify-write conflicts with itself. */
  unsigned f = first->u.access.flags, s = second->u.access.flags;
  if ((f & AMDSYNC_ACCESS_ATOMIC) && (s & AMDSYNC_ACCESS_ATOMIC))
    return AMDSYNC_HAZARD_NONE;
  if ((f & AMDSYNC_ACCESS_DMA) && (s & AMDSYNC_ACCESS_DMA))
    return AMDSYNC_HAZARD_NONE;
  bool fw = f & AMDSYNC_ACCESS_WRITE, fr = f & AMDSYNC_ACCESS_READ;
  bool sw = s & AMDSYNC_ACCESS_WRITE, sr = s & AMDSYNC_ACCESS_READ;
  AmdsyncHazardKind kind = AMDSYNC_HAZARD_NONE;
  if (fw && sr)
    kind = AMDSYNC_HAZARD_RAW;
  else if (fr && sw)
    kind = AMDSYNC_HAZARD_WAR;
  else if (fw && sw && p->waw_hazards)
    kind = AMDSYNC_HAZARD_WAW;
  if (kind == AMDSYNC_HAZARD_NONE)
    return kind;
  return amdsyncMayAlias(p, first, second) ? kind : AMDSYNC_HAZARD_NONE;
}

bool amdsyncAccessCovers(const AmdsyncProgram *p, const AmdsyncNode *later,
                         const AmdsyncNode *earlier) {
  assert(later->kind == AMDSYNC_NODE_ACCESS &&
         earlier->kind == AMDSYNC_NODE_ACCESS);
  if (later->u.access.key == earlier->u.access.key)
    return true;
  unsigned l = later->u.access.flags, e = earlier->u.access.flags;
  const unsigned rw = AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE;
  if ((e & rw) & ~(l & rw))
    return false; /* `earlier` reads or writes where `later` does not */
  if ((l & AMDSYNC_ACCESS_ATOMIC) && !(e & AMDSYNC_ACCESS_ATOMIC))
    return false; /* an atomic consumer would race `earlier` only */
  if ((l & AMDSYNC_ACCESS_DMA) && !(e & AMDSYNC_ACCESS_DMA))
    return false;
  int rl = later->u.access.resource, re = earlier->u.access.resource;
  if (p->resources[rl].kind == AMDSYNC_RES_UNKNOWN)
    return true; /* it may touch any byte */
  if (rl != re)
    return false;
  if (later->u.access.hi < 0)
    return true; /* the whole resource */
  return earlier->u.access.hi >= 0 &&
         later->u.access.lo <= earlier->u.access.lo &&
         earlier->u.access.hi <= later->u.access.hi;
}

const char *amdsyncHazardName(AmdsyncHazardKind kind) {
  switch (kind) {
  case AMDSYNC_HAZARD_RAW:
    return "RAW";
  case AMDSYNC_HAZARD_WAR:
    return "WAR";
  case AMDSYNC_HAZARD_WAW:
    return "WAW";
  case AMDSYNC_HAZARD_NONE:
    break;
  }
  return "none";
}
