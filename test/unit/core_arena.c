/* The arena's blocks released early and its growth helper (their
   contents intact, the sanitizers see any freed block touched), its
   pointer map (amdsync/arena.h) against a brute-force list, its copies,
   key-set comparison and pointer values, and the CFG's dense edge arrays (AmdsyncCfg.succ_at and the rest)
   against the blocks' own edge lists, on random graphs with duplicate
   edges, self loops and unreachable blocks. */
#include "amdsync/arena.h"
#include "unit.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A fixed-seed generator (xorshift64*): the same cases on every run. */
static uint64_t rngState = 0x9e3779b97f4a7c15ull;
static uint64_t rng(void) {
  rngState ^= rngState >> 12;
  rngState ^= rngState << 25;
  rngState ^= rngState >> 27;
  return rngState * 0x2545f4914f6cdd1dull;
}

enum { kKeys = 3000, kOps = 40000 };

/* Random puts, adds and lookups over `kKeys` distinct keys; the map must
   agree with the list after every operation, count its keys, and list
   each key once by slot. */
static void testPointerMap(void) {
  static char keys[kKeys];
  static long value[kKeys];
  static bool present[kKeys];
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncPtrMap map = {0};
  long v;
  CHECK(!amdsyncPtrMapGet(&map, &keys[0], &v)); /* empty, no slots */
  int count = 0;
  for (int op = 0; op < kOps; ++op) {
    int k = (int)(rng() % (op < kOps / 2 ? kKeys / 3 : kKeys));
    long x = (long)(rng() % 1000) - 500;
    switch (rng() % 3) {
    case 0:
      amdsyncPtrMapPut(arena, &map, &keys[k], x);
      count += !present[k];
      present[k] = true;
      value[k] = x;
      break;
    case 1: {
      bool added = amdsyncPtrMapAdd(arena, &map, &keys[k], x);
      CHECK_EQ(added, !present[k]);
      if (added) {
        present[k] = true;
        value[k] = x;
        count++;
      }
      break;
    }
    default: {
      bool got = amdsyncPtrMapGet(&map, &keys[k], &v);
      CHECK_EQ(got, present[k]);
      if (got && present[k])
        CHECK_EQ(v, value[k]);
    }
    }
    CHECK_EQ(map.count, count);
    CHECK(map.capacity == 0 || 2 * map.count <= map.capacity);
  }
  for (int k = 0; k < kKeys; ++k) {
    bool got = amdsyncPtrMapGet(&map, &keys[k], &v);
    CHECK_EQ(got, present[k]);
    if (got)
      CHECK_EQ(v, value[k]);
  }
  static int seen[kKeys];
  int listed = 0;
  for (int i = 0; i < map.capacity; ++i) {
    const char *key = amdsyncPtrMapKeyAt(&map, i);
    if (!key)
      continue;
    CHECK(key >= keys && key < keys + kKeys);
    seen[key - keys]++;
    listed++;
  }
  CHECK_EQ(listed, count);
  for (int k = 0; k < kKeys; ++k)
    CHECK_EQ(seen[k], present[k] ? 1 : 0);
  amdsyncArenaDestroy(arena);
}

/* A copy outlives the arena of its original (the kept uniformity answers:
   amdsyncPtrMapCopy), key sets compare with an exemption
   (amdsyncPtrMapHasKeysOf), and values may be pointers
   (amdsyncPtrMapPutPointer). */
static const char *gExtra;
static bool isExtra(const void *key) { return key == gExtra; }

static void testCopyAndPointers(void) {
  static char keys[600];
  AmdsyncArena *a = amdsyncArenaCreate(), *b = amdsyncArenaCreate();
  AmdsyncPtrMap m = {0}, copy;
  for (int k = 0; k < 500; ++k)
    amdsyncPtrMapPut(a, &m, &keys[k], 3 * k);
  amdsyncPtrMapCopy(b, &m, &copy);
  CHECK(amdsyncPtrMapHasKeysOf(&copy, &m, NULL));
  CHECK(amdsyncPtrMapHasKeysOf(&m, &copy, NULL));
  gExtra = &keys[550];
  amdsyncPtrMapPut(b, &copy, gExtra, 7);
  CHECK(amdsyncPtrMapHasKeysOf(&copy, &m, NULL));
  CHECK(!amdsyncPtrMapHasKeysOf(&m, &copy, NULL));
  CHECK(amdsyncPtrMapHasKeysOf(&m, &copy, isExtra));
  amdsyncArenaDestroy(a); /* the copy's slots are b's */
  long v;
  for (int k = 0; k < 500; ++k)
    CHECK(amdsyncPtrMapGet(&copy, &keys[k], &v) && v == 3 * k);
  CHECK(!amdsyncPtrMapGet(&copy, &keys[520], &v));
  AmdsyncPtrMap ptrs = {0};
  CHECK(amdsyncPtrMapGetPointer(&ptrs, &keys[0]) == NULL);
  for (int k = 0; k < 600; k += 2)
    amdsyncPtrMapPutPointer(b, &ptrs, &keys[k], &keys[599 - k]);
  for (int k = 0; k < 600; ++k)
    CHECK(amdsyncPtrMapGetPointer(&ptrs, &keys[k]) ==
          (k % 2 ? NULL : &keys[599 - k]));
  amdsyncArenaDestroy(b);
}

/* Random graphs: the dense arrays hold each block's successors and
   predecessors in the order of its own lists. */
static void testEdgeArrays(void) {
  for (int round = 0; round < 200; ++round) {
    AmdsyncArena *arena = amdsyncArenaCreate();
    AmdsyncProgram *p = amdsyncProgramCreate(arena);
    AmdsyncBlock *entry = unitEntry(p);
    int n = 1 + (int)(rng() % 40);
    for (int i = 1; i < n; ++i)
      amdsyncCfgAddBlock(p->cfg);
    int nedges = (int)(rng() % (3 * (unsigned)n + 1));
    for (int e = 0; e < nedges; ++e) {
      /* Duplicates and self loops included; some blocks stay
         unreachable. */
      AmdsyncBlock *from = p->cfg->blocks[rng() % (unsigned)n];
      AmdsyncBlock *to = p->cfg->blocks[rng() % (unsigned)n];
      if (to != entry)
        amdsyncCfgAddEdge(p->cfg, from, to);
    }
    amdsyncProgramFinalize(p);
    const AmdsyncCfg *g = p->cfg;
    CHECK_EQ(g->succ_at[0], 0);
    CHECK_EQ(g->pred_at[0], 0);
    int total = 0;
    for (int i = 0; i < g->nblocks; ++i) {
      const AmdsyncBlock *b = g->blocks[i];
      CHECK_EQ(g->succ_at[i + 1] - g->succ_at[i], b->nsucc);
      CHECK_EQ(g->pred_at[i + 1] - g->pred_at[i], b->npred);
      for (int k = 0; k < b->nsucc; ++k)
        CHECK_EQ(g->succ_ids[g->succ_at[i] + k], b->succ[k]->id);
      for (int k = 0; k < b->npred; ++k)
        CHECK_EQ(g->pred_ids[g->pred_at[i] + k], b->pred[k]->id);
      total += b->nsucc;
    }
    CHECK_EQ(g->succ_at[g->nblocks], total);
    CHECK_EQ(g->pred_at[g->nblocks], total);
    amdsyncArenaDestroy(arena);
  }
}

/* Blocks of every size, small and large, each filled with its own byte;
   a random half released in random order, more allocated; every block
   still held keeps its bytes (a release that freed or unlinked the wrong
   block shows here or under the sanitizers). */
static void testRelease(void) {
  enum { kBlocks = 600 };
  static unsigned char *block[kBlocks];
  static size_t size[kBlocks];
  static bool held[kBlocks];
  AmdsyncArena *arena = amdsyncArenaCreate();
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < kBlocks; ++i) {
      if (held[i])
        continue;
      size[i] = 1 + (size_t)(rng() % (rng() % 2 ? 200 : 70000));
      block[i] = amdsyncArenaAlloc(arena, size[i]);
      for (size_t k = 0; k < size[i]; ++k)
        CHECK_EQ(block[i][k], 0); /* zeroed */
      memset(block[i], i & 0xff, size[i]);
      held[i] = true;
    }
    for (int i = 0; i < kBlocks; ++i) {
      int j = (int)(rng() % kBlocks);
      if (!held[j] || rng() % 2)
        continue;
      amdsyncArenaRelease(arena, block[j], size[j]);
      held[j] = false;
    }
    for (int i = 0; i < kBlocks; ++i)
      for (size_t k = 0; held[i] && k < size[i]; k += 97)
        CHECK_EQ(block[i][k], i & 0xff);
  }
  amdsyncArenaRelease(arena, NULL, 100000); /* nothing */
  amdsyncArenaDestroy(arena);
}

/* Twenty arrays grown in turn past 5,000 elements (each growth releases
   the old copy): each keeps every element in order. */
static void testGrow(void) {
  enum { kArrays = 20, kElems = 5000 };
  AmdsyncArena *arena = amdsyncArenaCreate();
  int *items[kArrays] = {0};
  int count[kArrays] = {0}, cap[kArrays] = {0};
  for (int n = 0; n < kElems; ++n)
    for (int a = 0; a < kArrays; ++a) {
      items[a] = amdsyncArenaGrow(arena, items[a], count[a], &cap[a],
                                  sizeof(int));
      CHECK(count[a] < cap[a]);
      items[a][count[a]++] = a * kElems + n;
    }
  for (int a = 0; a < kArrays; ++a)
    for (int n = 0; n < kElems; ++n)
      CHECK_EQ(items[a][n], a * kElems + n);
  amdsyncArenaDestroy(arena);
}

int main(void) {
  testRelease();
  testGrow();
  testPointerMap();
  testCopyAndPointers();
  testEdgeArrays();
  return unitReport("core_arena");
}
