/*===- arena.c - Region allocator ------------------------------------------===*
 *
 * Owns the memory of one pass invocation: a linked list of chunks, bump
 * allocated, freed together, and large blocks each on the heap alone, so
 * that an array replaced by a larger copy is freed when it is replaced
 * (amdsyncArenaRelease) instead of staying until the end: a function's
 * pointer maps and vectors would otherwise hold a dead copy as large as
 * the live one.
 *===----------------------------------------------------------------------===*/
#include "amdsync/arena.h"

#include <assert.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ArenaChunk {
  struct ArenaChunk *next;
  size_t size;
  size_t used;
  /* Payload follows, aligned to max_align_t. */
} ArenaChunk;

/* A large block, on the heap alone, in a doubly linked list. */
typedef struct ArenaBig {
  struct ArenaBig *prev, *next;
  const struct AmdsyncArena *arena; /* the owner (asserted on release) */
  size_t size;
  /* Payload follows, aligned to max_align_t. */
} ArenaBig;

struct AmdsyncArena {
  ArenaChunk *head;
  int nchunks;
  ArenaBig *big;
};

/* Chunks grow from kFirstChunkSize to kDefaultChunkSize: many arenas are
   scratch for one small walk (a loop's blocks, one query), and calloc
   clears every byte of a chunk it hands out again. A request of
   kBigSize bytes or more is a block of its own (it would leave most of a
   chunk unused, and may be released early); debug builds make blocks of
   a few hundred bytes large, so that a pointer kept into a released array
   is a use after free the sanitizers report. */
enum { kFirstChunkSize = 2 * 1024, kDefaultChunkSize = 64 * 1024 };
#ifdef NDEBUG
enum { kBigSize = kDefaultChunkSize / 4 };
#else
enum { kBigSize = 256 };
#endif

static size_t alignUp(size_t n) {
  const size_t a = _Alignof(max_align_t);
  return (n + a - 1) & ~(a - 1);
}

static void *xcalloc(size_t n) {
  void *p = calloc(1, n);
  if (!p) {
    fputs("amdsync: out of memory\n", stderr);
    abort();
  }
  return p;
}

AmdsyncArena *amdsyncArenaCreate(void) { return xcalloc(sizeof(AmdsyncArena)); }

void amdsyncArenaDestroy(AmdsyncArena *arena) {
  if (!arena)
    return;
  ArenaChunk *c = arena->head;
  while (c) {
    ArenaChunk *next = c->next;
    free(c);
    c = next;
  }
  for (ArenaBig *b = arena->big, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  free(arena);
}

/* A block of its own for `size` (aligned, >= kBigSize) bytes. */
static void *allocBig(AmdsyncArena *arena, size_t size) {
  const size_t header = alignUp(sizeof(ArenaBig));
  ArenaBig *b = xcalloc(header + size);
  b->arena = arena;
  b->size = size;
  b->next = arena->big;
  if (arena->big)
    arena->big->prev = b;
  arena->big = b;
  return (char *)b + header;
}

void amdsyncArenaRelease(AmdsyncArena *arena, void *p, size_t size) {
  if (!p || alignUp(size ? size : 1) < kBigSize)
    return; /* a chunk's: freed with the arena */
  ArenaBig *b = (ArenaBig *)((char *)p - alignUp(sizeof(ArenaBig)));
  assert(b->arena == arena && b->size == alignUp(size ? size : 1));
  if (b->prev)
    b->prev->next = b->next;
  else
    arena->big = b->next;
  if (b->next)
    b->next->prev = b->prev;
  free(b);
}

void *amdsyncArenaAlloc(AmdsyncArena *arena, size_t size) {
  size = alignUp(size ? size : 1);
  if (size >= kBigSize)
    return allocBig(arena, size);
  const size_t header = alignUp(sizeof(ArenaChunk));
  ArenaChunk *c = arena->head;
  if (!c || c->used + size > c->size) {
    size_t grown = arena->nchunks >= 5 ? (size_t)kDefaultChunkSize
                                        : (size_t)kFirstChunkSize
                                              << arena->nchunks;
    size_t chunk = size > grown ? size : grown;
    c = xcalloc(header + chunk);
    arena->nchunks++;
    c->size = chunk;
    c->next = arena->head;
    arena->head = c;
  }
  void *p = (char *)c + header + c->used;
  c->used += size;
  return p; /* chunks come from calloc and are never reused: already zero */
}

char *amdsyncArenaStrndup(AmdsyncArena *arena, const char *s, size_t len) {
  char *p = amdsyncArenaAlloc(arena, len + 1);
  memcpy(p, s, len);
  p[len] = '\0';
  return p;
}

char *amdsyncArenaPrintf(AmdsyncArena *arena, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0)
    n = 0;
  char *p = amdsyncArenaAlloc(arena, (size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return p;
}

void *amdsyncArenaGrow(AmdsyncArena *arena, void *items, int count,
                       int *capacity, size_t elem) {
  assert(count >= 0 && count <= *capacity);
  if (count < *capacity)
    return items;
  if (*capacity > INT_MAX / 2 || (size_t)*capacity * 2 > SIZE_MAX / elem) {
    fputs("amdsync: array too large\n", stderr);
    abort();
  }
  /* Most arrays stay small (a block's edges, a window's gaps): start at
     32 bytes, at least two elements. */
  int first = elem >= 16 ? 2 : (int)(32 / elem);
  int cap = *capacity ? *capacity * 2 : first;
  void *grown = amdsyncArenaAlloc(arena, (size_t)cap * elem);
  if (count)
    memcpy(grown, items, (size_t)count * elem);
  amdsyncArenaRelease(arena, items, (size_t)*capacity * elem);
  *capacity = cap;
  return grown;
}

void amdsyncPtrVecPush(AmdsyncArena *arena, AmdsyncPtrVec *vec, void *item) {
  vec->items = amdsyncArenaGrow(arena, vec->items, vec->count, &vec->capacity,
                                sizeof(void *));
  vec->items[vec->count++] = item;
}

static size_t hashPtr(const void *key) {
  uintptr_t x = (uintptr_t)key;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)x;
}

bool amdsyncPtrMapGet(const AmdsyncPtrMap *map, const void *key, long *value) {
  if (!map->capacity)
    return false;
  size_t mask = (size_t)map->capacity - 1;
  for (size_t i = hashPtr(key) & mask;; i = (i + 1) & mask) {
    const AmdsyncPtrMapEntry *e = &map->slots[i];
    if (!e->key)
      return false;
    if (e->key == key) {
      *value = e->value;
      return true;
    }
  }
}

/* The slot of `key` in `map` (capacity > 0): its own, or the empty one
   where it would go. */
static AmdsyncPtrMapEntry *ptrMapSlot(const AmdsyncPtrMap *map,
                                      const void *key) {
  size_t mask = (size_t)map->capacity - 1;
  size_t i = hashPtr(key) & mask;
  while (map->slots[i].key && map->slots[i].key != key)
    i = (i + 1) & mask;
  return &map->slots[i];
}

/* Doubles `map` when one more key would fill it past half. */
static void ptrMapReserve(AmdsyncArena *arena, AmdsyncPtrMap *map) {
  if ((map->count + 1) * 2 <= map->capacity)
    return;
  AmdsyncPtrMap grown = {NULL, 0, map->capacity ? 2 * map->capacity : 64};
  grown.slots = amdsyncArenaAlloc(arena, (size_t)grown.capacity *
                                             sizeof(AmdsyncPtrMapEntry));
  for (int i = 0; i < map->capacity; ++i)
    if (map->slots[i].key) {
      *ptrMapSlot(&grown, map->slots[i].key) = map->slots[i];
      grown.count++;
    }
  assert(grown.count == map->count);
  amdsyncArenaRelease(arena, map->slots,
                      (size_t)map->capacity * sizeof(AmdsyncPtrMapEntry));
  *map = grown;
}

void amdsyncPtrMapPut(AmdsyncArena *arena, AmdsyncPtrMap *map, const void *key,
                      long value) {
  assert(key);
  ptrMapReserve(arena, map);
  AmdsyncPtrMapEntry *e = ptrMapSlot(map, key);
  if (!e->key)
    map->count++;
  e->key = key;
  e->value = value;
}

bool amdsyncPtrMapAdd(AmdsyncArena *arena, AmdsyncPtrMap *map, const void *key,
                      long value) {
  assert(key);
  ptrMapReserve(arena, map);
  AmdsyncPtrMapEntry *e = ptrMapSlot(map, key);
  if (e->key)
    return false;
  map->count++;
  e->key = key;
  e->value = value;
  return true;
}

const void *amdsyncPtrMapKeyAt(const AmdsyncPtrMap *map, int i) {
  assert(i >= 0 && i < map->capacity);
  return map->slots[i].key;
}

_Static_assert(sizeof(long) >= sizeof(void *),
               "AmdsyncPtrMap values hold pointers (LP64)");

void amdsyncPtrMapPutPointer(AmdsyncArena *arena, AmdsyncPtrMap *map,
                             const void *key, const void *value) {
  amdsyncPtrMapPut(arena, map, key, (long)(intptr_t)value);
}

const void *amdsyncPtrMapGetPointer(const AmdsyncPtrMap *map, const void *key) {
  long v;
  return amdsyncPtrMapGet(map, key, &v) ? (const void *)(intptr_t)v : NULL;
}

void amdsyncPtrMapCopy(AmdsyncArena *arena, const AmdsyncPtrMap *from,
                       AmdsyncPtrMap *out) {
  *out = *from;
  if (!from->capacity)
    return;
  size_t bytes = (size_t)from->capacity * sizeof *from->slots;
  out->slots = amdsyncArenaAlloc(arena, bytes);
  memcpy(out->slots, from->slots, bytes);
}

bool amdsyncPtrMapHasKeysOf(const AmdsyncPtrMap *map, const AmdsyncPtrMap *of,
                            bool (*exempt)(const void *key)) {
  long v;
  for (int i = 0; i < of->capacity; ++i) {
    const void *k = of->slots[i].key;
    if (k && !amdsyncPtrMapGet(map, k, &v) && !(exempt && exempt(k)))
      return false;
  }
  return true;
}
