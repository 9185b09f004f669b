/*===- amdsync/arena.h - Region allocator for one pass invocation -*- C -*-===*
 *
 * Everything the core builds for one function (program model, hazard
 * windows, placements, checker graph) lives in one arena and is freed
 * at once when the arena is destroyed. There are no globals: an arena is
 * owned by exactly one pass invocation, so concurrent invocations under the
 * multi-threaded pass manager never share state.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_ARENA_H
#define AMDSYNC_ARENA_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AmdsyncArena AmdsyncArena;

/// Creates an empty arena. The caller owns it and must destroy it.
AmdsyncArena *amdsyncArenaCreate(void);
/// Frees every allocation made from `arena`, then the arena itself.
void amdsyncArenaDestroy(AmdsyncArena *arena);
/// Returns `size` zeroed bytes owned by `arena`. Aborts on out-of-memory.
void *amdsyncArenaAlloc(AmdsyncArena *arena, size_t size);
/// Gives back the `size` bytes at `p` (from amdsyncArenaAlloc on `arena`,
/// with that size) before the arena goes: a large block is freed now, a
/// small one stays until amdsyncArenaDestroy. For arrays replaced by a
/// larger copy (amdsyncArenaGrow, pointer maps); nothing may point into
/// `p` afterwards. Debug builds treat more blocks as large, so that the
/// sanitizers see a pointer kept into a replaced array.
void amdsyncArenaRelease(AmdsyncArena *arena, void *p, size_t size);
/// Copies `len` bytes of `s` into the arena and NUL-terminates the copy.
char *amdsyncArenaStrndup(AmdsyncArena *arena, const char *s, size_t len);
/// printf into arena-owned storage.
char *amdsyncArenaPrintf(AmdsyncArena *arena, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/// Growable array of pointers whose storage lives in an arena.
typedef struct {
  void **items;
  int count;
  int capacity;
} AmdsyncPtrVec;

/// The one growth helper: makes room for one more element in an arena
/// array of `*count` elements of `elem` bytes with capacity `*capacity`,
/// doubling it when full (the old storage is released:
/// amdsyncArenaRelease). Returns the array, which the caller stores back;
/// no pointer into the old one may be kept. Aborts when the size
/// overflows.
void *amdsyncArenaGrow(AmdsyncArena *arena, void *items, int count,
                       int *capacity, size_t elem);

void amdsyncPtrVecPush(AmdsyncArena *arena, AmdsyncPtrVec *vec, void *item);

/// One slot of an AmdsyncPtrMap: a key (NULL: empty) beside its value, so
/// that a probe touches one cache line.
typedef struct {
  const void *key;
  long value;
} AmdsyncPtrMapEntry;

/// Open-addressing map from non-NULL pointers to integers, arena-owned
/// (amdsyncPtrMapPutPointer: or to pointers).
typedef struct {
  AmdsyncPtrMapEntry *slots;
  int count;
  int capacity; /* power of two or 0 */
} AmdsyncPtrMap;

/// A remembered yes/no answer, zero until asked (fits memset structs).
typedef enum {
  AMDSYNC_MEMO_UNKNOWN = 0,
  AMDSYNC_MEMO_NO,
  AMDSYNC_MEMO_YES
} AmdsyncMemo;

/// Looks `key` up; returns true and sets *value when present.
bool amdsyncPtrMapGet(const AmdsyncPtrMap *map, const void *key, long *value);
/// Inserts or replaces `key`.
void amdsyncPtrMapPut(AmdsyncArena *arena, AmdsyncPtrMap *map, const void *key,
                      long value);
/// Inserts `key` with `value` when absent (one probe): true when it was
/// inserted, false when present (its value unchanged).
bool amdsyncPtrMapAdd(AmdsyncArena *arena, AmdsyncPtrMap *map, const void *key,
                      long value);
/// The key in slot `i` (0 <= i < map->capacity), or NULL for an empty
/// slot: every key once, in no particular order.
const void *amdsyncPtrMapKeyAt(const AmdsyncPtrMap *map, int i);
/// Inserts or replaces `key` with a pointer as its value (held in the long:
/// as wide on the targets amdsync builds for, LP64; arena.c asserts it).
void amdsyncPtrMapPutPointer(AmdsyncArena *arena, AmdsyncPtrMap *map,
                             const void *key, const void *value);
/// The pointer amdsyncPtrMapPutPointer put at `key`, or NULL when absent.
const void *amdsyncPtrMapGetPointer(const AmdsyncPtrMap *map, const void *key);
/// A copy of `from` in `arena`, slot for slot (`from` may live in another
/// arena, which may then be destroyed).
void amdsyncPtrMapCopy(AmdsyncArena *arena, const AmdsyncPtrMap *from,
                       AmdsyncPtrMap *out);
/// Whether every key of `of` is a key of `map`, but those `exempt` (may be
/// NULL) says need not be (the debug checks of kept answers).
bool amdsyncPtrMapHasKeysOf(const AmdsyncPtrMap *map, const AmdsyncPtrMap *of,
                            bool (*exempt)(const void *key));

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_ARENA_H */
