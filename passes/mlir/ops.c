/*===- ops.c - What each MLIR op does to LDS --------------------------------===*
 *
 * The one table of op semantics for the MLIR front end (brief §1): which
 * ops read or write workgroup memory through which operand, which are
 * barriers, which are calls. Anything not listed that takes an LDS operand
 * is treated by translate.c as reading and writing it.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"
#include "../shared/spelling.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  char *buf;
  size_t size;
  size_t len;
} TextSink;

/* Appends to a growing malloc'd string: printed attributes are read whole,
   never cut to a buffer (passes/shared/spelling.h). */
static void appendText(MlirStringRef s, void *user) {
  TextSink *t = user;
  if (t->len + s.length + 1 > t->size) {
    while (t->len + s.length + 1 > t->size)
      t->size *= 2;
    t->buf = realloc(t->buf, t->size);
    if (!t->buf)
      abort();
  }
  memcpy(t->buf + t->len, s.data, s.length);
  t->len += s.length;
  t->buf[t->len] = '\0';
}

char *amdsyncMlirAttrPrint(MlirAttribute attr) {
  TextSink t = {malloc(256), 256, 0};
  if (!t.buf)
    abort();
  t.buf[0] = '\0';
  mlirAttributePrint(attr, appendText, &t);
  return t.buf;
}

bool amdsyncMlirAttrIs(MlirAttribute attr, const char *dialect,
                       const char *spelling) {
  if (mlirAttributeIsNull(attr))
    return false;
  MlirStringRef ns = mlirDialectGetNamespace(mlirAttributeGetDialect(attr));
  if (ns.length != strlen(dialect) || memcmp(ns.data, dialect, ns.length) != 0)
    return false;
  MlirAttribute want = mlirAttributeParseGet(
      mlirAttributeGetContext(attr), mlirStringRefCreateFromCString(spelling));
  return !mlirAttributeIsNull(want) && mlirAttributeEqual(attr, want);
}

bool amdsyncMlirIntAttr(MlirAttribute a, AmdsyncMlirInt *out) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  MlirType t = mlirAttributeGetType(a);
  unsigned width;
  uint64_t bits;
  if (mlirTypeIsAIndex(t)) {
    width = 0; /* stored as 64 bits; lowered to 32 or 64 */
    out->is_signed_type = false;
    bits = (uint64_t)mlirIntegerAttrGetValueInt(a);
  } else if (mlirTypeIsAInteger(t)) {
    width = mlirIntegerTypeGetWidth(t);
    if (width == 0 || width > 64)
      return false; /* wider values are not read (no wrapped low word) */
    out->is_signed_type = mlirIntegerTypeIsSigned(t);
    if (mlirIntegerTypeIsSigned(t))
      bits = (uint64_t)mlirIntegerAttrGetValueSInt(a);
    else if (mlirIntegerTypeIsUnsigned(t))
      bits = mlirIntegerAttrGetValueUInt(a);
    else
      bits = (uint64_t)mlirIntegerAttrGetValueInt(a);
    if (width < 64)
      bits &= (UINT64_C(1) << width) - 1;
  } else {
    return false;
  }
  out->bits = bits;
  out->width = width;
  return true;
}

int64_t amdsyncMlirIntSigned(AmdsyncMlirInt v) {
  unsigned w = v.width ? v.width : 64;
  if (w == 64)
    return (int64_t)v.bits;
  uint64_t sign = UINT64_C(1) << (w - 1);
  return (int64_t)(v.bits ^ sign) - (int64_t)sign;
}

bool amdsyncMlirConstantIntBits(MlirValue v, AmdsyncMlirInt *out) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!amdsyncOpIs(def, "arith.constant") &&
      !amdsyncOpIs(def, "llvm.mlir.constant") &&
      !amdsyncOpIs(def, "index.constant"))
    return false;
  return amdsyncMlirIntAttr(mlirOperationGetAttributeByName(
                                def, mlirStringRefCreateFromCString("value")),
                            out);
}

bool amdsyncMlirConstantInt(MlirValue v, int64_t *out) {
  AmdsyncMlirInt c;
  if (!amdsyncMlirConstantIntBits(v, &c))
    return false;
  *out = amdsyncMlirIntSigned(c);
  return true;
}

static bool workgroupSpace(MlirAttribute space);

bool amdsyncMlirIsLdsType(MlirType type, AmdsyncTypeCache *cache) {
  if (mlirTypeIsAVector(type)) /* a vector of pointers (gathers, scatters) */
    type = mlirShapedTypeGetElementType(type);
  if (mlirTypeIsALLVMPointerType(type))
    return mlirLLVMPointerTypeGetAddressSpace(type) == 3;
  if (!mlirTypeIsAMemRef(type) && !mlirTypeIsAUnrankedMemRef(type))
    return false;
  AmdsyncTypeFacts *f = amdsyncTypeFactsOf(cache, type);
  if (f && f->lds != AMDSYNC_FACT_UNKNOWN)
    return f->lds == AMDSYNC_FACT_YES;
  MlirAttribute space = mlirTypeIsAMemRef(type)
                            ? mlirMemRefTypeGetMemorySpace(type)
                            : mlirUnrankedMemrefGetMemorySpace(type);
  bool lds = workgroupSpace(space);
  if (f)
    f->lds = lds ? AMDSYNC_FACT_YES : AMDSYNC_FACT_NO;
  return lds;
}

static bool workgroupSpace(MlirAttribute space) {
  if (mlirAttributeIsNull(space))
    return false;
  if (mlirAttributeIsAInteger(space))
    return mlirIntegerAttrGetValueInt(space) == 3;
  /* Compared with the attribute itself (uniqued), not read as text. */
  return amdsyncMlirAttrIs(space, "gpu", "#gpu.address_space<workgroup>");
}

intptr_t amdsyncMlirFunctionInputs(MlirOperation func, MlirBlock entry) {
  MlirAttribute ft = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type"));
  if (!mlirAttributeIsNull(ft) && mlirAttributeIsAType(ft)) {
    MlirType t = mlirTypeAttrGetValue(ft);
    if (mlirTypeIsAFunction(t))
      return mlirFunctionTypeGetNumInputs(t);
  }
  return mlirBlockGetNumArguments(entry);
}

bool amdsyncMlirIsFunction(MlirOperation op) {
  return amdsyncOpIs(op, "func.func") || amdsyncOpIs(op, "gpu.func") ||
         amdsyncOpIs(op, "llvm.func");
}

bool amdsyncMlirIsModule(MlirOperation op) {
  return amdsyncOpIs(op, "builtin.module") || amdsyncOpIs(op, "gpu.module");
}

typedef struct {
  AmdsyncName name;
  int operand;
  unsigned flags;
} AccessRule;

enum {
  R = AMDSYNC_ACCESS_READ,
  W = AMDSYNC_ACCESS_WRITE,
  A = AMDSYNC_ACCESS_ATOMIC,
  D = AMDSYNC_ACCESS_DMA,
};

static const AccessRule kAccessRules[] = {
    {AMDSYNC_NAME("memref.load"), 0, R},
    {AMDSYNC_NAME("memref.store"), 1, W},
    {AMDSYNC_NAME("memref.atomic_rmw"), 1, A},
    {AMDSYNC_NAME("memref.generic_atomic_rmw"), 0, A},
    {AMDSYNC_NAME("affine.load"), 0, R},
    {AMDSYNC_NAME("affine.store"), 1, W},
    {AMDSYNC_NAME("affine.vector_load"), 0, R},
    {AMDSYNC_NAME("affine.vector_store"), 1, W},
    {AMDSYNC_NAME("vector.load"), 0, R},
    {AMDSYNC_NAME("vector.store"), 1, W},
    {AMDSYNC_NAME("vector.transfer_read"), 0, R},
    {AMDSYNC_NAME("vector.transfer_write"), 1, W},
    {AMDSYNC_NAME("vector.maskedload"), 0, R},
    {AMDSYNC_NAME("vector.maskedstore"), 0, W},
    {AMDSYNC_NAME("vector.gather"), 0, R},
    {AMDSYNC_NAME("vector.scatter"), 0, W},
    {AMDSYNC_NAME("vector.expandload"), 0, R},
    {AMDSYNC_NAME("vector.compressstore"), 0, W},
    {AMDSYNC_NAME("amdgpu.transpose_load"), 0, R},
    {AMDSYNC_NAME("llvm.load"), 0, R},
    {AMDSYNC_NAME("llvm.store"), 1, W},
    {AMDSYNC_NAME("llvm.atomicrmw"), 0, A},
    {AMDSYNC_NAME("llvm.cmpxchg"), 0, A},
};


static int firstLdsOperand(MlirOperation op, AmdsyncTypeCache *cache) {
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i)
    if (amdsyncMlirIsLdsValue(mlirOperationGetOperand(op, i), cache))
      return (int)i;
  return -1;
}

#define strEq(s, lit) amdsyncNameIs((s), lit "", sizeof(lit "") - 1)

/* The intrinsic a call names: `llvm.call_intrinsic "llvm.amdgcn.x"` or
   `llvm.call @llvm.amdgcn.x`; empty for anything else. */
MlirStringRef amdsyncMlirCallee(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("intrin"));
  if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a))
    return mlirStringAttrGetValue(a);
  a = mlirOperationGetAttributeByName(op,
                                      mlirStringRefCreateFromCString("callee"));
  if (!mlirAttributeIsNull(a) && mlirAttributeIsAFlatSymbolRef(a))
    return mlirFlatSymbolRefAttrGetValue(a);
  return mlirStringRefCreate("", 0);
}

static MlirStringRef calledIntrinsic(MlirOperation op, MlirStringRef name) {
  if (strEq(name, "llvm.call_intrinsic") || strEq(name, "llvm.call"))
    return amdsyncMlirCallee(op);
  return mlirStringRefCreate("", 0);
}

/* The table's entry for callee `callee`, or NULL. OpenCL's mangled
   built-ins count only where the module declares them (amdsyncTrustedCallee),
   which this side does not look up: never here (a call). (The device
   library's `__ockl_*` queries are taken by name, as upstream's lowering
   of gpu.thread_id declares them.) */
static const AmdsyncIntrinsic *calleeIntrinsic(MlirStringRef callee) {
  if (callee.length >= 2 && callee.data[0] == '_' && callee.data[1] == 'Z')
    return NULL;
  return amdsyncIntrinsicLookup(callee.data, callee.length);
}

/* The `rocdl` ops that spell an intrinsic: rocdl.X is llvm.amdgcn.X, with
   its immediate operands as properties (TOOLCHAIN-FACTS.md). */
static const AmdsyncIntrinsic *rocdlIntrinsic(MlirStringRef name) {
  static const char kRocdl[] = "rocdl.", kAmdgcn[] = "llvm.amdgcn.";
  enum { kMax = 96 };
  if (name.length <= sizeof kRocdl - 1 || name.length > kMax ||
      memcmp(name.data, kRocdl, sizeof kRocdl - 1) != 0)
    return NULL;
  char buf[kMax + sizeof kAmdgcn];
  size_t rest = name.length - (sizeof kRocdl - 1);
  memcpy(buf, kAmdgcn, sizeof kAmdgcn - 1);
  memcpy(buf + sizeof kAmdgcn - 1, name.data + sizeof kRocdl - 1, rest);
  return amdsyncIntrinsicLookup(buf, sizeof kAmdgcn - 1 + rest);
}

/* The table entry of the intrinsic `op` spells (a call of it, or the
   rocdl op), or NULL. */
const AmdsyncIntrinsic *amdsyncMlirOpIntrinsic(MlirOperation op) {
  MlirStringRef name = amdsyncOpName(op);
  MlirStringRef callee = calledIntrinsic(op, name);
  if (callee.length)
    return calleeIntrinsic(callee);
  return rocdlIntrinsic(name);
}

/* Reads a count, from an integer attribute or a constant operand. Signless
   counts are unsigned immediates of their width (like the hardware's); a
   count above INT_MAX is clamped (it waits for nothing the model tracks).
   A mark wait above AMDSYNC_MLIR_MAX_MARK_WAIT is refused: the model keeps
   that many marks per state. */
static void readCount(AmdsyncOpWait *w, bool found, AmdsyncMlirInt c) {
  w->count = -1;
  if (!found) {
    w->status = AMDSYNC_COUNT_MISSING;
    return;
  }
  w->value = c;
  if (c.is_signed_type && amdsyncMlirIntSigned(c) < 0) {
    w->status = AMDSYNC_COUNT_NEGATIVE;
    return;
  }
  if (w->counter == AMDSYNC_HW_MARKS && c.bits > AMDSYNC_MLIR_MAX_MARK_WAIT) {
    w->status = AMDSYNC_COUNT_TOO_LARGE;
    return;
  }
  w->status = AMDSYNC_COUNT_OK;
  w->count = c.bits > INT_MAX ? INT_MAX : (int)c.bits;
}

static void addWaitAttr(AmdsyncOpInfo *info, MlirOperation op,
                        AmdsyncHwCounter counter, const char *attr) {
  assert(info->nwaits < AMDSYNC_MLIR_MAX_OP_WAITS);
  AmdsyncOpWait *w = &info->waits[info->nwaits++];
  w->counter = counter;
  AmdsyncMlirInt c = {0, 0, false};
  bool found = amdsyncMlirIntAttr(
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(attr)),
      &c);
  readCount(w, found, c);
}

static void addWaitOperand(AmdsyncOpInfo *info, MlirOperation op,
                           AmdsyncHwCounter counter, int operand) {
  assert(info->nwaits < AMDSYNC_MLIR_MAX_OP_WAITS);
  AmdsyncOpWait *w = &info->waits[info->nwaits++];
  w->counter = counter;
  AmdsyncMlirInt c = {0, 0, false};
  bool found = operand < mlirOperationGetNumOperands(op) &&
               amdsyncMlirConstantIntBits(mlirOperationGetOperand(op, operand),
                                          &c);
  readCount(w, found, c);
}

static AmdsyncOpInfo asyncAccess(MlirOperation op, AmdsyncTypeCache *cache,
                                 unsigned flags, AmdsyncAsyncKind kind) {
  AmdsyncOpInfo info = {.cls = AMDSYNC_OP_ACCESS,
                        .operand = firstLdsOperand(op, cache),
                        .flags = flags,
                        .barrier = AMDSYNC_BARRIER_FULL,
                        .async_kind = (int)kind};
  /* GFX9 LDS DMA without a traceable LDS operand: only by its operands. */
  if (kind == AMDSYNC_ASYNC_LDS_DMA && info.operand < 0)
    info.cls = AMDSYNC_OP_OTHER;
  return info;
}

/* The barrier id of a split signal or wait: property `id` of the rocdl op,
   or the first operand of the call; -1 is the workgroup barrier. */
static bool isWorkgroupBarrierId(MlirOperation op, bool call) {
  AmdsyncMlirInt id;
  bool found =
      call ? mlirOperationGetNumOperands(op) > 0 &&
                 amdsyncMlirConstantIntBits(mlirOperationGetOperand(op, 0), &id)
           : amdsyncMlirIntAttr(mlirOperationGetAttributeByName(
                                    op, mlirStringRefCreateFromCString("id")),
                                &id);
  return found && amdsyncMlirIntSigned(id) == -1;
}

/* What an intrinsic (in any spelling) does, from the shared table. `call`:
   the call form, whose immediates are operands. */
static AmdsyncOpInfo fromIntrinsic(MlirOperation op, AmdsyncTypeCache *cache,
                                   const AmdsyncIntrinsic *in, bool call,
                                   AmdsyncOpInfo info) {
  switch (in->kind) {
  case AMDSYNC_SYNC_BARRIER:
  case AMDSYNC_SYNC_FENCED_BARRIER:
  case AMDSYNC_SYNC_SIGNAL:
  case AMDSYNC_SYNC_WAIT:
  case AMDSYNC_SYNC_WAVE_BARRIER:
    info.cls = AMDSYNC_OP_BARRIER;
    info.barrier = in->kind == AMDSYNC_SYNC_SIGNAL ? AMDSYNC_BARRIER_SIGNAL
                   : in->kind == AMDSYNC_SYNC_WAIT ? AMDSYNC_BARRIER_WAIT
                   : in->kind == AMDSYNC_SYNC_WAVE_BARRIER
                       ? AMDSYNC_BARRIER_WAVE
                       : AMDSYNC_BARRIER_FULL;
    info.needs_fences = in->kind != AMDSYNC_SYNC_FENCED_BARRIER;
    if (in->kind == AMDSYNC_SYNC_SIGNAL || in->kind == AMDSYNC_SYNC_WAIT)
      info.named_barrier = !isWorkgroupBarrierId(op, call);
    return info;
  case AMDSYNC_SYNC_COUNTER_WAIT:
  case AMDSYNC_SYNC_WAITCNT:
  case AMDSYNC_SYNC_WAIT_ASYNCMARK: {
    AmdsyncHwCounter c = in->kind == AMDSYNC_SYNC_WAITCNT ? AMDSYNC_HW_WAITCNT
                         : in->kind == AMDSYNC_SYNC_WAIT_ASYNCMARK
                             ? AMDSYNC_HW_MARKS
                             : in->counter;
    info.cls = AMDSYNC_OP_WAIT;
    if (call)
      addWaitOperand(&info, op, c, in->count_operand);
    else
      addWaitAttr(&info, op, c,
                  in->kind == AMDSYNC_SYNC_WAITCNT ? "bitfield" : "count");
    return info;
  }
  case AMDSYNC_SYNC_ASYNCMARK:
    info.cls = AMDSYNC_OP_MARK;
    return info;
  case AMDSYNC_SYNC_TRANSFER:
    return asyncAccess(op, cache, in->flags, in->async_kind);
  case AMDSYNC_SYNC_LDS_ACCESS:
    info.cls = AMDSYNC_OP_ACCESS;
    info.operand = firstLdsOperand(op, cache);
    info.flags = in->flags;
    info.async_kind = -1;
    if (info.operand < 0)
      info.cls = AMDSYNC_OP_OTHER; /* no traceable LDS operand: by operands */
    return info;
  case AMDSYNC_SYNC_NO_MEMORY:
    info.cls = AMDSYNC_OP_IGNORED;
    return info;
  case AMDSYNC_SYNC_CL_BARRIER:
    /* Not reached: calleeIntrinsic keeps OpenCL's mangled names out (this
       side does not look up whether the module defines them); a call. */
    info.cls = AMDSYNC_OP_CALL;
    return info;
  case AMDSYNC_SYNC_NONE:
    break;
  }
  return info;
}

/* amdgpu.memory_counter_wait: one optional property per counter, which
   upstream encodes per chip (TOOLCHAIN-FACTS.md). */
static AmdsyncOpInfo memoryCounterWait(MlirOperation op, AmdsyncOpInfo info) {
  static const struct {
    const char *attr;
    AmdsyncHwCounter counter;
  } kFields[] = {{"load", AMDSYNC_HW_LOADCNT},
                 {"store", AMDSYNC_HW_STORECNT},
                 {"ds", AMDSYNC_HW_DSCNT},
                 {"exp", AMDSYNC_HW_EXPCNT},
                 {"tensor", AMDSYNC_HW_TENSORCNT}};
  info.cls = AMDSYNC_OP_WAIT;
  for (size_t i = 0; i < sizeof kFields / sizeof kFields[0]; ++i)
    if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(
            op, mlirStringRefCreateFromCString(kFields[i].attr))))
      addWaitAttr(&info, op, kFields[i].counter, kFields[i].attr);
  return info;
}

/* The spellings that are not an intrinsic (brief §2): barriers that bring
   their own workgroup fences, and ops whose lowering synchronizes the whole
   workgroup with such barriers (gpu.all_reduce: TOOLCHAIN-FACTS.md). */
static const AmdsyncName kFencedBarriers[] = {
    AMDSYNC_NAME("amdgpu.lds_barrier"),
    AMDSYNC_NAME("gpu.barrier"),
    AMDSYNC_NAME("rocdl.barrier"),
    AMDSYNC_NAME("gpu.all_reduce"),
};

/* An op named by access rule `rule`: an access to LDS when its operand's
   root is LDS. */
static AmdsyncOpInfo fromAccessRule(MlirOperation op, AmdsyncTypeCache *cache,
                                    const AccessRule *rule, AmdsyncOpInfo info) {
  if (rule->operand >= mlirOperationGetNumOperands(op))
    return info;
  /* LDS when its root is, whatever the operand's own address space (a
     flat view made by memory_space_cast or addrspacecast). */
  if (!amdsyncMlirIsLdsValue(mlirOperationGetOperand(op, rule->operand),
                             cache)) {
    /* An access, but not to LDS: storing an LDS address as data into
       global memory touches no LDS. */
    info.cls = AMDSYNC_OP_IGNORED;
    info.other_memory = true;
    return info;
  }
  info.cls = AMDSYNC_OP_ACCESS;
  info.operand = rule->operand;
  info.flags = rule->flags;
  return info;
}

/* What the name of `op` alone decides, remembered by name (names are
   uniqued per context): AMDSYNC_NAME_PLAIN, an index in kAccessRules, or
   AMDSYNC_NAME_UNDECIDED when the op itself must be read. */
static AmdsyncNameFacts *nameFactsOf(AmdsyncTypeCache *cache, const void *id) {
  if (!cache)
    return NULL;
  AmdsyncNameFacts *f =
      &cache->names[((uintptr_t)id >> 4) % AMDSYNC_NAME_CACHE_SIZE];
  if (f->name != id)
    *f = (AmdsyncNameFacts){.name = id, .decision = AMDSYNC_NAME_UNDECIDED};
  return f;
}

static AmdsyncOpInfo classifyByName(MlirOperation op, MlirStringRef name,
                                    AmdsyncTypeCache *cache, AmdsyncOpInfo info,
                                    int *decision) {
  /* The amdsync dialect (spec/amdgpu-async-operations.txt). */
  if (strEq(name, "amdsync.asyncmark")) {
    info.cls = AMDSYNC_OP_MARK;
    return info;
  }
  if (strEq(name, "amdsync.wait_asyncmark")) {
    info.cls = AMDSYNC_OP_WAIT;
    addWaitAttr(&info, op, AMDSYNC_HW_MARKS, "count");
    return info;
  }
  if (amdsyncNameFind(name, kFencedBarriers,
                      sizeof kFencedBarriers / sizeof kFencedBarriers[0]) >= 0) {
    info.cls = AMDSYNC_OP_BARRIER;
    return info;
  }
  if (strEq(name, "amdgpu.memory_counter_wait"))
    return memoryCounterWait(op, info);

  /* Intrinsics, in all three spellings. */
  MlirStringRef callee = calledIntrinsic(op, name);
  if (callee.length > 0) {
    const AmdsyncIntrinsic *in = calleeIntrinsic(callee);
    if (in)
      return fromIntrinsic(op, cache, in, true, info);
    /* An intrinsic the table does not know: only by its LDS operands
       (translate.c); any other callee is a call. */
    if (callee.length > 5 && memcmp(callee.data, "llvm.", 5) == 0)
      return info;
    info.cls = AMDSYNC_OP_CALL;
    return info;
  }
  const AmdsyncIntrinsic *in = rocdlIntrinsic(name);
  if (in)
    return fromIntrinsic(op, cache, in, false, info);

  /* MLIR's own transfers into and out of LDS. */
  if (strEq(name, "amdgpu.gather_to_lds"))
    return asyncAccess(op, cache, R | W | D, AMDSYNC_ASYNC_LDS_DMA);
  /* Tensor DMA: the LDS address hides in a descriptor; the access goes to
     the resource translate.c finds behind it, or to unknown memory. */
  if (strEq(name, "amdgpu.tensor_load_to_lds"))
    return asyncAccess(op, cache, R | W | D, AMDSYNC_ASYNC_TENSOR);
  if (strEq(name, "amdgpu.tensor_store_from_lds"))
    return asyncAccess(op, cache, R | D, AMDSYNC_ASYNC_TENSOR);

  for (size_t i = 0; i < sizeof(kAccessRules) / sizeof(kAccessRules[0]); ++i) {
    if (amdsyncNameIs(name, kAccessRules[i].name.text,
                      kAccessRules[i].name.length)) {
      *decision = (int)i;
      return fromAccessRule(op, cache, &kAccessRules[i], info);
    }
  }

  if (strEq(name, "llvm.inline_asm")) {
    /* Upstream writes amdgpu.lds_barrier as `s_barrier` assembly before
       gfx90a: that is the barrier (amdsyncAsmLookup); other assembly is a
       call. */
    MlirAttribute a = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("asm_string"));
    if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a)) {
      MlirStringRef text = mlirStringAttrGetValue(a);
      const AmdsyncIntrinsic *in = amdsyncAsmLookup(text.data, text.length);
      if (in)
        return fromIntrinsic(op, cache, in, false, info);
    }
    info.cls = AMDSYNC_OP_CALL;
    return info;
  }
  if (strEq(name, "func.call") || strEq(name, "func.call_indirect") ||
      strEq(name, "llvm.call") || strEq(name, "gpu.launch_func")) {
    info.cls = AMDSYNC_OP_CALL;
    return info;
  }
  *decision = AMDSYNC_NAME_PLAIN;
  return info;
}

AmdsyncOpInfo amdsyncMlirClassifyOp(MlirOperation op, AmdsyncTypeCache *cache) {
  AmdsyncOpInfo info = {.cls = AMDSYNC_OP_OTHER,
                        .operand = -1,
                        .barrier = AMDSYNC_BARRIER_FULL,
                        .async_kind = -1};
  MlirIdentifier id = mlirOperationGetName(op);
  AmdsyncNameFacts *facts = nameFactsOf(cache, id.ptr);
  if (facts && facts->decision == AMDSYNC_NAME_PLAIN)
    return info;
  if (facts && facts->decision >= 0)
    return fromAccessRule(op, cache, &kAccessRules[facts->decision], info);
  int decision = AMDSYNC_NAME_UNDECIDED;
  info = classifyByName(op, mlirIdentifierStr(id), cache, info, &decision);
  if (facts)
    facts->decision = decision;
  return info;
}

/* Fences (brief §2: a barrier orders memory only with its fences). LLVM
   orderings: 4 acquire, 5 release, 6 acq_rel, 7 seq_cst. Scopes from the
   AMDGPU memory model (spec/amdgpu-usage.txt): a fence at a scope orders
   for every narrower one; "one-as" scopes and unknown ones do not count. */
static int fenceScopeRank(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("syncscope"));
  if (mlirAttributeIsNull(a))
    return 3; /* system */
  if (!mlirAttributeIsAString(a))
    return -1;
  MlirStringRef s = mlirStringAttrGetValue(a);
  if (s.length == 0)
    return 3;
  if (strEq(s, "agent"))
    return 2;
  if (strEq(s, "workgroup"))
    return 1;
  if (strEq(s, "wavefront"))
    return 0;
  return -1;
}

char *amdsyncMlirMmraText(MlirOperation fence) {
  MlirAttribute m = mlirOperationGetAttributeByName(
      fence, mlirStringRefCreateFromCString("llvm.mmra"));
  return mlirAttributeIsNull(m) ? NULL : amdsyncMlirAttrPrint(m);
}

/* Whether the fence's MMRA lets it order LDS: none, or one whose
   amdgpu-synchronize-as tags include "local". */
static bool fenceCoversLds(MlirOperation op) {
  char *text = amdsyncMlirMmraText(op);
  if (!text)
    return true;
  bool local = amdsyncSpellMmraOrdersLocal(text);
  free(text);
  return local;
}

bool amdsyncMlirFenceOrdersLds(MlirOperation op, bool release, bool wave) {
  if (mlirOperationIsNull(op) || !amdsyncOpIs(op, "llvm.fence"))
    return false;
  AmdsyncMlirInt ord;
  if (!amdsyncMlirIntAttr(mlirOperationGetAttributeByName(
                              op, mlirStringRefCreateFromCString("ordering")),
                          &ord))
    return false;
  bool kind_ok = ord.bits == 6 || ord.bits == 7 || ord.bits == (release ? 5u : 4u);
  int scope = fenceScopeRank(op);
  return kind_ok && scope >= (wave ? 0 : 1) && fenceCoversLds(op);
}

unsigned amdsyncMlirMissingFences(MlirOperation prev, MlirOperation next,
                                  AmdsyncBarrierOp barrier) {
  bool wave = barrier == AMDSYNC_BARRIER_WAVE;
  unsigned missing = 0;
  if (barrier != AMDSYNC_BARRIER_WAIT &&
      !amdsyncMlirFenceOrdersLds(prev, true, wave))
    missing |= AMDSYNC_MISSING_RELEASE;
  if (barrier != AMDSYNC_BARRIER_SIGNAL &&
      !amdsyncMlirFenceOrdersLds(next, false, wave))
    missing |= AMDSYNC_MISSING_ACQUIRE;
  return missing;
}

/* Walk callback: stops at the first async transfer, mark or wait. */
static MlirWalkResult findAsyncWork(MlirOperation op, void *user) {
  MlirStringRef n = amdsyncOpName(op);
  /* Only these dialects spell async transfers, marks and waits. */
  if (!(n.length > 8 && (memcmp(n.data, "amdsync.", 8) == 0 ||
                         memcmp(n.data, "amdgpu.", 7) == 0 ||
                         memcmp(n.data, "rocdl.", 6) == 0 ||
                         memcmp(n.data, "llvm.call", 9) == 0)))
    return MlirWalkResultAdvance;
  AmdsyncOpInfo info = amdsyncMlirClassifyOp(op, NULL);
  if (info.cls == AMDSYNC_OP_MARK || info.cls == AMDSYNC_OP_WAIT ||
      (info.cls == AMDSYNC_OP_ACCESS && info.async_kind >= 0)) {
    *(bool *)user = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

bool amdsyncMlirHasAsyncWork(MlirOperation func) {
  bool found = false;
  mlirOperationWalk(func, findAsyncWork, &found, MlirWalkPreOrder);
  return found;
}
