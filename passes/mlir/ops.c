/*===- ops.c - What each MLIR op does to LDS --------------------------------===*
 *
 * The one table of op semantics for the MLIR front end (brief §1): which
 * ops read or write workgroup memory through which operand, which are
 * barriers, which are calls. Anything not listed that takes an LDS operand
 * is treated by translate.c as reading and writing it.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

#include <limits.h>
#include <stdio.h>

typedef struct {
  char *buf;
  size_t size;
  size_t len;
} TextSink;

static void appendText(MlirStringRef s, void *user) {
  TextSink *t = user;
  size_t room = t->size - 1 - t->len;
  size_t n = s.length < room ? s.length : room;
  memcpy(t->buf + t->len, s.data, n);
  t->len += n;
  t->buf[t->len] = '\0';
}

void amdsyncMlirAttrText(MlirAttribute attr, char *buf, size_t size) {
  TextSink t = {buf, size, 0};
  buf[0] = '\0';
  mlirAttributePrint(attr, appendText, &t);
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
  char text[96];
  amdsyncMlirAttrText(space, text, sizeof text);
  return strcmp(text, "#gpu.address_space<workgroup>") == 0 ||
         strcmp(text, "#gpu<address_space workgroup>") == 0;
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

static bool nameHasPrefix(MlirStringRef n, const char *prefix) {
  size_t k = strlen(prefix);
  return n.length >= k && memcmp(n.data, prefix, k) == 0;
}

static int firstLdsOperand(MlirOperation op, AmdsyncTypeCache *cache) {
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i)
    if (amdsyncMlirIsLdsValue(mlirOperationGetOperand(op, i), cache))
      return (int)i;
  return -1;
}

/* llvm.call_intrinsic "name": the callee string. */
static MlirStringRef intrinsicName(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("intrin"));
  if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a))
    return mlirStringAttrGetValue(a);
  return mlirStringRefCreate("", 0);
}

#define strEq(s, lit) amdsyncNameIs((s), lit "", sizeof(lit "") - 1)

/* The 'count' of a wait. Signless counts are unsigned immediates of their
   width (like the hardware's); a hardware counter wait above every count
   the model tracks waits for nothing, so it is clamped to INT_MAX (exact).
   A mark wait above AMDSYNC_MLIR_MAX_MARK_WAIT is refused: the model keeps
   that many marks per state. */
static void readCount(MlirOperation op, bool marks, AmdsyncOpInfo *info) {
  AmdsyncMlirInt c;
  info->wait_count = -1;
  if (!amdsyncMlirIntAttr(mlirOperationGetAttributeByName(
                              op, mlirStringRefCreateFromCString("count")),
                          &c)) {
    info->count_status = AMDSYNC_COUNT_MISSING;
    return;
  }
  info->count_value = c;
  if (c.is_signed_type && amdsyncMlirIntSigned(c) < 0) {
    info->count_status = AMDSYNC_COUNT_NEGATIVE;
    return;
  }
  if (marks && c.bits > AMDSYNC_MLIR_MAX_MARK_WAIT) {
    info->count_status = AMDSYNC_COUNT_TOO_LARGE;
    return;
  }
  info->count_status = AMDSYNC_COUNT_OK;
  info->wait_count = c.bits > INT_MAX ? INT_MAX : (int)c.bits;
}

static AmdsyncOpInfo asyncAccess(MlirOperation op, AmdsyncTypeCache *cache,
                                 unsigned flags,
                                 AmdsyncAsyncKind kind) {
  AmdsyncOpInfo info = {.cls = AMDSYNC_OP_ACCESS,
                        .operand = firstLdsOperand(op, cache),
                        .flags = flags,
                        .barrier = AMDSYNC_BARRIER_FULL,
                        .async_kind = (int)kind,
                        .wait_counter = AMDSYNC_COUNTER_NONE};
  return info;
}

AmdsyncOpInfo amdsyncMlirClassifyOp(MlirOperation op, AmdsyncTypeCache *cache) {
  AmdsyncOpInfo info = {.cls = AMDSYNC_OP_OTHER,
                        .operand = -1,
                        .barrier = AMDSYNC_BARRIER_FULL,
                        .async_kind = -1,
                        .wait_counter = AMDSYNC_COUNTER_NONE};
  MlirStringRef name = amdsyncOpName(op);

  /* asyncmark and waits (spec/amdgpu-async-operations.txt). */
  if (strEq(name, "amdsync.asyncmark")) {
    info.cls = AMDSYNC_OP_MARK;
    return info;
  }
  if (strEq(name, "amdsync.wait_asyncmark") ||
      strEq(name, "rocdl.s.wait.asynccnt") ||
      strEq(name, "rocdl.s.wait.tensorcnt")) {
    info.cls = AMDSYNC_OP_WAIT;
    info.wait_counter = strEq(name, "rocdl.s.wait.asynccnt")
                            ? AMDSYNC_COUNTER_ASYNC
                        : strEq(name, "rocdl.s.wait.tensorcnt")
                            ? AMDSYNC_COUNTER_TENSOR
                            : AMDSYNC_COUNTER_NONE;
    readCount(op, info.wait_counter == AMDSYNC_COUNTER_NONE, &info);
    return info;
  }

  /* Existing barriers (brief §2: they count as placed). */
  if (strEq(name, "gpu.barrier") || strEq(name, "amdgpu.lds_barrier") ||
      strEq(name, "rocdl.barrier") || strEq(name, "rocdl.s.barrier")) {
    info.cls = AMDSYNC_OP_BARRIER;
    return info;
  }
  if (strEq(name, "rocdl.s.barrier.signal")) {
    info.cls = AMDSYNC_OP_BARRIER;
    info.barrier = AMDSYNC_BARRIER_SIGNAL;
    return info;
  }
  if (strEq(name, "rocdl.s.barrier.wait")) {
    info.cls = AMDSYNC_OP_BARRIER;
    info.barrier = AMDSYNC_BARRIER_WAIT;
    return info;
  }
  if (strEq(name, "llvm.call_intrinsic")) {
    MlirStringRef in = intrinsicName(op);
    if (strEq(in, "llvm.amdgcn.wave.barrier")) {
      info.cls = AMDSYNC_OP_BARRIER;
      info.barrier = AMDSYNC_BARRIER_WAVE;
      return info;
    }
    if (strEq(in, "llvm.amdgcn.s.barrier")) {
      info.cls = AMDSYNC_OP_BARRIER;
      return info;
    }
    /* Other intrinsics: only through their LDS operands (translate.c). */
    return info;
  }

  /* gfx1250 async transfers between global memory and LDS. */
  if (nameHasPrefix(name, "rocdl.global.load.async.to.lds") ||
      nameHasPrefix(name, "rocdl.cluster.load.async.to.lds"))
    return asyncAccess(op, cache, R | W | D, AMDSYNC_ASYNC_LDS_LOAD);
  if (nameHasPrefix(name, "rocdl.global.store.async.from.lds"))
    return asyncAccess(op, cache, R | D, AMDSYNC_ASYNC_LDS_STORE);
  /* Tensor DMA: the LDS address hides in a descriptor; the access goes to
     the resource translate.c finds behind it, or to unknown memory. */
  if (strEq(name, "amdgpu.tensor_load_to_lds") ||
      nameHasPrefix(name, "rocdl.tensor.load.to.lds"))
    return asyncAccess(op, cache, R | W | D, AMDSYNC_ASYNC_TENSOR);
  if (strEq(name, "amdgpu.tensor_store_from_lds") ||
      nameHasPrefix(name, "rocdl.tensor.store.from.lds"))
    return asyncAccess(op, cache, R | D, AMDSYNC_ASYNC_TENSOR);
  /* GFX9 LDS DMA. */
  if (strEq(name, "amdgpu.gather_to_lds") || strEq(name, "rocdl.load.to.lds") ||
      strEq(name, "rocdl.global.load.lds")) {
    AmdsyncOpInfo dma = asyncAccess(op, cache, R | W | D, AMDSYNC_ASYNC_LDS_DMA);
    if (dma.operand < 0)
      dma.cls = AMDSYNC_OP_OTHER;
    return dma;
  }

  for (size_t i = 0; i < sizeof(kAccessRules) / sizeof(kAccessRules[0]); ++i) {
    if (!amdsyncNameIs(name, kAccessRules[i].name.text,
                       kAccessRules[i].name.length))
      continue;
    int operand = kAccessRules[i].operand;
    if (operand >= mlirOperationGetNumOperands(op))
      return info;
    /* LDS when its root is, whatever the operand's own address space (a
       flat view made by memory_space_cast or addrspacecast). */
    if (!amdsyncMlirIsLdsValue(mlirOperationGetOperand(op, operand), cache))
      return info; /* an access, but not to LDS */
    info.cls = AMDSYNC_OP_ACCESS;
    info.operand = operand;
    info.flags = kAccessRules[i].flags;
    return info;
  }

  if (strEq(name, "func.call") || strEq(name, "func.call_indirect") ||
      strEq(name, "llvm.call") || strEq(name, "gpu.launch_func")) {
    info.cls = AMDSYNC_OP_CALL;
    return info;
  }
  return info;
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
