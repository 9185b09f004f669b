/*===- exec.h - amdsync-exec: the execution oracle's shared types -----------===*
 *
 * amdsync-exec interprets one workgroup of an AMDGPU kernel in LLVM IR, every
 * lane, and reports LDS races, barrier hangs and asynchronous LDS data used
 * before its wait. It shares no code with the passes (passes/): it is an
 * independent judge of what they produce. This header owns the types every
 * room uses:
 *
 *   values.c   runtime values (Val), constants, byte encodings of values
 *   memory.c   memory objects, LDS layout, pointers, loads and stores
 *   race.c     vector clocks, fences, the LDS shadow (races), async transfers,
 *              findings and their dedup
 *   interp.c   per-lane instruction semantics (arithmetic, casts, GEP, memory)
 *   simt.c     waves, the SIMT stack (divergence, reconvergence at the
 *              immediate post-dominator), calls, barriers, the scheduler
 *   main.c     options, module loading, kernels, schedules, the summary
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_EXEC_H
#define AMDSYNC_EXEC_H

#include "llvm-c/Core.h"
#include "llvm-c/Target.h"

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EXEC_MAX_WAVE 64
typedef uint64_t Mask; /* one bit per lane of a wave */

/*===--- Values ------------------------------------------------------------===*/

enum { V_INT, V_FP, V_PTR, V_AGG };
enum { FK_HALF = 16, FK_BF16 = 17, FK_FLOAT = 32, FK_DOUBLE = 64 };

/* A runtime value. Integers up to 64 bits (masked to their width), floats
   as doubles rounded to their kind, pointers as (object, byte offset),
   vectors, structs and arrays as arrays of elements (owned). */
typedef struct Val {
  uint8_t kind;
  uint8_t fk;
  uint16_t bits;
  uint32_t n;
  union {
    uint64_t i;
    double f;
    struct {
      uint32_t obj;
      uint64_t off;
    } p;
    struct Val *e;
  } u;
} Val;

/*===--- Options -----------------------------------------------------------===*/

typedef struct Options {
  const char *file;
  const char *kernel;
  const char *target;
  int block[3];
  bool have_block;
  int default_block[3]; /* when the kernel declares no size; 0: none */
  int wave;
  uint32_t dynamic_lds;
  uint32_t local_arg_bytes;
  uint64_t global_bytes;
  const char *args;
  int schedules;
  uint64_t seed;
  uint64_t max_steps;
  bool waw;
} Options;

/*===--- Memory ------------------------------------------------------------===*/

enum { OBJ_NULL, OBJ_LDS, OBJ_GLOBAL, OBJ_CONST, OBJ_PRIVATE, OBJ_FUNC };
enum { OBJ_ID_NULL = 0, OBJ_ID_LDS = 1 };

typedef struct Obj {
  int kind;
  uint8_t *data;
  uint8_t *init; /* initial contents (NULL: zeros) */
  uint64_t size, cap;
  char *name;          /* for messages */
  LLVMValueRef global; /* the module global or function it stands for */
  int lane;            /* private objects: the owning lane */
} Obj;

typedef struct LdsGlobal {
  LLVMValueRef g; /* the global, or the kernel argument */
  uint32_t offset, size;
  bool dynamic;
  int arg; /* index of the addrspace(3) pointer argument, -1: a global */
} LdsGlobal;

/*===--- Race detection ----------------------------------------------------===*/

enum {
  ACC_READ = 1,
  ACC_WRITE = 2,
  ACC_ATOMIC = 4,
  ACC_DMA = 8,   /* an asynchronous transfer's LDS side */
  ACC_STORE = 16, /* a plain store (write/write reporting) */
  ACC_LANDED = 32 /* a transfer that landed at its wave's counter wait */
};

typedef struct Access {
  LLVMValueRef inst;
  uint32_t lane, clock;
  uint8_t flags;
} Access;

typedef struct Shadow {
  Access write; /* write.inst == NULL: none */
  Access *reads;
  uint32_t nreads, capreads;
  uint32_t pending; /* outstanding transfer covering this byte, 0 = none */
} Shadow;

/* One asynchronous transfer: one instruction executed by one wave. */
enum { CNT_VM, CNT_ASYNC, CNT_COUNT };
typedef struct Transfer {
  LLVMValueRef inst;
  int wave;
  int counter;
  bool to_lds; /* writes LDS (a load into LDS); else reads it */
  bool done;
  uint32_t id; /* 1-based index in Machine.transfers */
  uint32_t nparts;
  struct {
    uint32_t lane, start, len;
  } *parts;
} Transfer;

/*===--- Functions and the SIMT machine -------------------------------------===*/

typedef struct FnInfo {
  LLVMValueRef fn;
  int nblocks;
  LLVMBasicBlockRef *blocks;
  int *ipdom;  /* block index of the immediate post-dominator, -1: exit */
  int nslots;  /* arguments and instructions */
  struct PtrMap *slots; /* value -> slot */
  struct PtrMap *bindex; /* block -> index */
} FnInfo;

typedef struct SimtEntry {
  int block;            /* block index */
  LLVMValueRef pc;      /* next instruction */
  int reconv;           /* block index where the entry pops, -1: none */
  Mask mask;
} SimtEntry;

typedef struct Frame {
  FnInfo *fi;
  Val *regs; /* nslots * wave size */
  int *prev; /* per lane: the block it came from */
  SimtEntry *stack;
  int depth, cap;
  Mask returned;
  Mask entered;
  uint64_t *priv_mark; /* per lane: private arena top at entry */
  LLVMValueRef call;   /* the call instruction in the caller */
} Frame;

enum { W_RUN, W_WAIT, W_DONE };

typedef struct Wave {
  int id;
  int first;  /* linear lane id of lane 0 */
  int nlanes; /* lanes that exist */
  Mask exist;
  Mask dead;
  int state;
  Frame *frames;
  int nframes, capframes;
  uint32_t sig, waited;   /* barrier phases signaled and waited */
  LLVMValueRef wait_inst; /* where it waits */
  Transfer **fifo[CNT_COUNT];
  int nfifo[CNT_COUNT], capfifo[CNT_COUNT];
} Wave;

#define PHASE_RING 8
typedef struct Phase {
  uint32_t number; /* 1-based; 0: unused */
  uint32_t *clock; /* join of the signalers' release clocks */
  LLVMValueRef wait_inst;
  int wait_wave;
} Phase;

/*===--- Findings ----------------------------------------------------------===*/

enum { F_RACE = 1, F_HANG = 2, F_ASYNC = 4, F_UB = 8 };

typedef struct Findings {
  unsigned kinds;
  int count;
  struct FindingKey {
    int kind;
    const void *a, *b;
  } *keys;
  int nkeys, capkeys;
} Findings;

/*===--- The machine --------------------------------------------------------===*/

typedef struct Machine {
  const Options *opt;
  LLVMModuleRef mod;
  LLVMContextRef ctx;
  LLVMTargetDataRef td;
  LLVMValueRef kernel;
  const char *kname;
  int gen;       /* 9, 10, 11, 12 */
  bool gfx1250;
  int block[3];
  int nlanes, wsize, nwaves;

  /* Memory. */
  Obj *objs;
  int nobjs, capobjs;
  int priv_base; /* object id of lane 0's private arena */
  int fixed_objs; /* objects that persist across schedules */
  LdsGlobal *lds;
  int nlds;
  uint32_t lds_size;
  Shadow *shadow; /* one per LDS byte */
  int implicitarg_obj, dispatch_obj;
  Val *argvals; /* kernel arguments (lane-independent) */

  /* Vector clocks: nlanes * nlanes each. */
  uint32_t *vc, *rel_wg, *rel_wave, *pend_wg, *pend_wave;

  /* Waves and barriers. */
  Wave *waves;
  Phase phases[PHASE_RING];
  Transfer **transfers;
  uint32_t ntransfers, captransfers;

  /* Caches. */
  struct PtrMap *fninfo;  /* function -> FnInfo* */
  struct PtrMap *consts;  /* constant -> Val* */
  struct PtrMap *gobjs;   /* global -> object id */
  unsigned mmra_kind;
  unsigned scope_wave, scope_single;

  /* Statistics of the current schedule. */
  uint64_t barriers, wave_barriers, steps;
  uint64_t rng;
  Findings *findings;
  jmp_buf abort_schedule;
  bool aborted, step_limit;
} Machine;

/*===--- Pointer map (open addressing) --------------------------------------===*/

typedef struct PtrMap {
  const void **keys;
  void **vals;
  size_t cap, n;
} PtrMap;
PtrMap *pmNew(void);
void pmFree(PtrMap *m);
void *pmGet(const PtrMap *m, const void *key);
bool pmHas(const PtrMap *m, const void *key);
void pmPut(PtrMap *m, const void *key, void *val);

/*===--- values.c -----------------------------------------------------------===*/

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
void valFree(Val *v);
void valCopy(Val *dst, const Val *src); /* dst must be free (no elements) */
void valSet(Val *dst, const Val *src);  /* frees dst first */
Val valInt(unsigned bits, uint64_t x);
Val valFp(int fk, double f);
Val valPtr(uint32_t obj, uint64_t off);
Val valAgg(uint32_t n);
uint64_t maskBits(unsigned bits, uint64_t x);
int64_t sext(unsigned bits, uint64_t x);
double fpRound(int fk, double f);
int fpKindOf(LLVMTypeRef t);
Val valZero(Machine *m, LLVMTypeRef t);
unsigned ptrBytes(unsigned as);
uint64_t typeStoreSize(Machine *m, LLVMTypeRef t);
uint64_t typeAllocSize(Machine *m, LLVMTypeRef t);
/* Integer form of a pointer (ptrtoint) and back (inttoptr). */
uint64_t ptrToInt(Machine *m, const Val *p, unsigned as);
Val intToPtr(Machine *m, uint64_t x, unsigned as, int lane);
/* Bytes of a value in memory (little endian) and back. */
void valToBytes(Machine *m, LLVMTypeRef t, const Val *v, uint8_t *out);
Val valFromBytes(Machine *m, LLVMTypeRef t, const uint8_t *in, int lane);
/* A constant's value (cached). */
const Val *constVal(Machine *m, LLVMValueRef c);
char *instText(LLVMValueRef v); /* trimmed IR text, malloc'd */
_Noreturn void unsupported(LLVMValueRef v, const char *why);

/*===--- memory.c -----------------------------------------------------------===*/

int objNew(Machine *m, int kind, uint64_t size, const char *name);
Val globalPtr(Machine *m, LLVMValueRef g);
void memLayout(Machine *m);          /* once per kernel */
void memReset(Machine *m);           /* per schedule */
uint8_t *memRef(Machine *m, LLVMValueRef inst, const Val *p, uint64_t n,
                int lane);            /* NULL after reporting an OOB */
void ldsDescribe(Machine *m, uint32_t off, char *buf, size_t size);
uint64_t privAlloc(Machine *m, int lane, uint64_t size, uint64_t align);

/*===--- race.c -------------------------------------------------------------===*/

void clocksReset(Machine *m);
void fenceRelease(Machine *m, int lane, bool wg);
void fenceAcquire(Machine *m, int lane, bool wg);
void ldsAccess(Machine *m, LLVMValueRef inst, int lane, uint32_t off,
               uint32_t len, unsigned flags);
void shadowReset(Machine *m);
Transfer *transferIssue(Machine *m, LLVMValueRef inst, int wave, int counter,
                        bool to_lds);
void transferPart(Machine *m, Transfer *t, int lane, uint32_t start,
                  uint32_t len);
void transferWait(Machine *m, int wave, int counter, uint32_t count);
void transfersReset(Machine *m);
bool findingNew(Machine *m, int kind, const void *a, const void *b);
void laneName(Machine *m, int lane, char *buf, size_t size);

/*===--- interp.c -----------------------------------------------------------===*/

/* Executes a lane-local instruction for one lane of the frame's wave. */
void execLane(Machine *m, Wave *w, Frame *f, LLVMValueRef inst, int lane);
const Val *operand(Machine *m, Frame *f, LLVMValueRef v, int lane);
Val *reg(Machine *m, Frame *f, LLVMValueRef v, int lane);
uint64_t opInt(Machine *m, Frame *f, LLVMValueRef v, int lane);
const char *calleeName(LLVMValueRef call, size_t *len);
bool nameIs(const char *name, size_t len, const char *lit);
bool namePrefix(const char *name, size_t len, const char *lit);
int linearLane(Machine *m, Wave *w, int lane);

/*===--- simt.c -------------------------------------------------------------===*/

FnInfo *fnInfo(Machine *m, LLVMValueRef fn);
void runSchedule(Machine *m, uint64_t seed, int index);

#endif
