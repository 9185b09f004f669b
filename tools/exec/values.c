/*===- values.c - amdsync-exec: runtime values and constants ----------------===*
 *
 * Owns the runtime value (Val): integers masked to their width, floats
 * rounded to their kind, pointers as (object, offset), aggregates; the
 * integer encoding of pointers (ptrtoint/inttoptr); values as bytes in
 * memory; constants (cached per module); a pointer-keyed hash map; the
 * `unsupported` exit.
 *
 * Pointer integers: LDS and private pointers (address spaces 3 and 5) are
 * 32-bit offsets (LDS: into the one LDS block; private: into the executing
 * lane's arena). 64-bit pointers are object id << 40 | offset.
 *===----------------------------------------------------------------------===*/
#include "exec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) {
    fprintf(stderr, "amdsync-exec: out of memory\n");
    exit(2);
  }
  return p;
}
void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) {
    fprintf(stderr, "amdsync-exec: out of memory\n");
    exit(2);
  }
  return p;
}
void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) {
    fprintf(stderr, "amdsync-exec: out of memory\n");
    exit(2);
  }
  return p;
}

/*===--- Pointer map --------------------------------------------------------===*/

PtrMap *pmNew(void) {
  PtrMap *m = xcalloc(1, sizeof *m);
  m->cap = 64;
  m->keys = xcalloc(m->cap, sizeof *m->keys);
  m->vals = xcalloc(m->cap, sizeof *m->vals);
  return m;
}
void pmFree(PtrMap *m) {
  if (!m)
    return;
  free(m->keys);
  free(m->vals);
  free(m);
}
static size_t pmSlot(const PtrMap *m, const void *key) {
  uintptr_t h = (uintptr_t)key;
  h ^= h >> 17;
  h *= 0x9E3779B97F4A7C15ull;
  size_t i = (size_t)(h >> 7) & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->cap - 1);
  return i;
}
void *pmGet(const PtrMap *m, const void *key) {
  size_t i = pmSlot(m, key);
  return m->keys[i] ? m->vals[i] : NULL;
}
bool pmHas(const PtrMap *m, const void *key) {
  return m->keys[pmSlot(m, key)] != NULL;
}
void pmPut(PtrMap *m, const void *key, void *val) {
  if ((m->n + 1) * 2 > m->cap) {
    PtrMap old = *m;
    m->cap *= 2;
    m->keys = xcalloc(m->cap, sizeof *m->keys);
    m->vals = xcalloc(m->cap, sizeof *m->vals);
    m->n = 0;
    for (size_t i = 0; i < old.cap; ++i)
      if (old.keys[i])
        pmPut(m, old.keys[i], old.vals[i]);
    free(old.keys);
    free(old.vals);
  }
  size_t i = pmSlot(m, key);
  if (!m->keys[i]) {
    m->keys[i] = key;
    m->n++;
  }
  m->vals[i] = val;
}

/*===--- Values -------------------------------------------------------------===*/

void valFree(Val *v) {
  if (v->kind == V_AGG && v->u.e) {
    for (uint32_t i = 0; i < v->n; ++i)
      valFree(&v->u.e[i]);
    free(v->u.e);
  }
  v->kind = V_INT;
  v->u.i = 0;
  v->n = 0;
}

void valCopy(Val *dst, const Val *src) {
  *dst = *src;
  if (src->kind == V_AGG) {
    dst->u.e = xmalloc(sizeof(Val) * (src->n ? src->n : 1));
    for (uint32_t i = 0; i < src->n; ++i)
      valCopy(&dst->u.e[i], &src->u.e[i]);
  }
}

void valSet(Val *dst, const Val *src) {
  if (dst == src)
    return;
  Val tmp;
  valCopy(&tmp, src);
  valFree(dst);
  *dst = tmp;
}

uint64_t maskBits(unsigned bits, uint64_t x) {
  return bits >= 64 ? x : x & ((1ull << bits) - 1);
}
int64_t sext(unsigned bits, uint64_t x) {
  if (bits >= 64)
    return (int64_t)x;
  uint64_t sign = 1ull << (bits - 1);
  x = maskBits(bits, x);
  return (int64_t)((x ^ sign) - sign);
}

Val valInt(unsigned bits, uint64_t x) {
  Val v = {0};
  v.kind = V_INT;
  v.bits = (uint16_t)bits;
  v.u.i = maskBits(bits, x);
  return v;
}

static float bf16ToFloat(uint16_t b) {
  uint32_t u = (uint32_t)b << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static uint16_t floatToBf16(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  if ((u & 0x7fffffff) > 0x7f800000)
    return (uint16_t)((u >> 16) | 0x40);
  u += 0x7fff + ((u >> 16) & 1);
  return (uint16_t)(u >> 16);
}

double fpRound(int fk, double f) {
  switch (fk) {
  case FK_HALF:
    return (double)(_Float16)f;
  case FK_BF16:
    return (double)bf16ToFloat(floatToBf16((float)f));
  case FK_FLOAT:
    return (double)(float)f;
  default:
    return f;
  }
}

Val valFp(int fk, double f) {
  Val v = {0};
  v.kind = V_FP;
  v.fk = (uint8_t)fk;
  v.bits = (uint16_t)(fk == FK_BF16 ? 16 : fk);
  v.u.f = fpRound(fk, f);
  return v;
}

Val valPtr(uint32_t obj, uint64_t off) {
  Val v = {0};
  v.kind = V_PTR;
  v.u.p.obj = obj;
  v.u.p.off = off;
  return v;
}

Val valAgg(uint32_t n) {
  Val v = {0};
  v.kind = V_AGG;
  v.n = n;
  v.u.e = xcalloc(n ? n : 1, sizeof(Val));
  return v;
}

int fpKindOf(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMHalfTypeKind:
    return FK_HALF;
  case LLVMBFloatTypeKind:
    return FK_BF16;
  case LLVMFloatTypeKind:
    return FK_FLOAT;
  case LLVMDoubleTypeKind:
    return FK_DOUBLE;
  default:
    return 0;
  }
}

unsigned ptrBytes(unsigned as) { return as == 3 || as == 5 || as == 6 ? 4 : 8; }

/* The bytes between the elements of array or vector type `t` in memory:
   a vector's are packed at their store size, an array's padded to their
   alloc size. Vectors of sub-byte integers are not modelled. */
static uint64_t elementStep(Machine *m, LLVMTypeRef t) {
  LLVMTypeRef et = LLVMGetElementType(t);
  bool vector = LLVMGetTypeKind(t) == LLVMVectorTypeKind;
  if (vector && LLVMGetTypeKind(et) == LLVMIntegerTypeKind &&
      LLVMGetIntTypeWidth(et) % 8 != 0)
    unsupported(NULL, "vectors of sub-byte integers in memory");
  return vector ? typeStoreSize(m, et) : typeAllocSize(m, et);
}

static uint32_t aggCount(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMStructTypeKind:
    return LLVMCountStructElementTypes(t);
  case LLVMArrayTypeKind:
    return (uint32_t)LLVMGetArrayLength2(t);
  case LLVMVectorTypeKind:
    return LLVMGetVectorSize(t);
  default:
    return 0;
  }
}
static LLVMTypeRef aggElem(LLVMTypeRef t, uint32_t i) {
  return LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(t, i)
                                                  : LLVMGetElementType(t);
}

Val valZero(Machine *m, LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    if (w > 64)
      unsupported(NULL, "integers wider than 64 bits");
    return valInt(w, 0);
  }
  case LLVMHalfTypeKind:
  case LLVMBFloatTypeKind:
  case LLVMFloatTypeKind:
  case LLVMDoubleTypeKind:
    return valFp(fpKindOf(t), 0.0);
  case LLVMPointerTypeKind: {
    unsigned as = LLVMGetPointerAddressSpace(t);
    return valPtr(as == 3 ? OBJ_ID_LDS : OBJ_ID_NULL, 0);
  }
  case LLVMStructTypeKind:
  case LLVMArrayTypeKind:
  case LLVMVectorTypeKind: {
    uint32_t n = aggCount(t);
    Val v = valAgg(n);
    for (uint32_t i = 0; i < n; ++i)
      v.u.e[i] = valZero(m, aggElem(t, i));
    return v;
  }
  default:
    unsupported(NULL, "a value of this type");
  }
}

uint64_t typeStoreSize(Machine *m, LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) == LLVMPointerTypeKind)
    return ptrBytes(LLVMGetPointerAddressSpace(t));
  return LLVMStoreSizeOfType(m->td, t);
}
uint64_t typeAllocSize(Machine *m, LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) == LLVMPointerTypeKind)
    return ptrBytes(LLVMGetPointerAddressSpace(t));
  return LLVMABISizeOfType(m->td, t);
}

/*===--- Pointers as integers ----------------------------------------------===*/

#define OFF_BITS 40
uint64_t ptrToInt(Machine *m, const Val *p, unsigned as) {
  (void)m;
  if (ptrBytes(as) == 4)
    return p->u.p.off & 0xffffffffu;
  if (p->u.p.obj == OBJ_ID_NULL)
    return p->u.p.off;
  return ((uint64_t)p->u.p.obj << OFF_BITS) |
         (p->u.p.off & ((1ull << OFF_BITS) - 1));
}

Val intToPtr(Machine *m, uint64_t x, unsigned as, int lane) {
  if (as == 3)
    return valPtr(OBJ_ID_LDS, x & 0xffffffffu);
  if (as == 5)
    return valPtr((uint32_t)(m->priv_base + lane), x & 0xffffffffu);
  uint64_t obj = x >> OFF_BITS;
  if (obj >= (uint64_t)m->nobjs)
    return valPtr(OBJ_ID_NULL, x);
  return valPtr((uint32_t)obj, x & ((1ull << OFF_BITS) - 1));
}

/*===--- Values as bytes ----------------------------------------------------===*/

void valToBytes(Machine *m, LLVMTypeRef t, const Val *v, uint8_t *out) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: {
    uint64_t n = typeStoreSize(m, t);
    for (uint64_t i = 0; i < n; ++i)
      out[i] = (uint8_t)(i < 8 ? v->u.i >> (8 * i) : 0);
    return;
  }
  case LLVMHalfTypeKind: {
    _Float16 h = (_Float16)v->u.f;
    memcpy(out, &h, 2);
    return;
  }
  case LLVMBFloatTypeKind: {
    uint16_t b = floatToBf16((float)v->u.f);
    memcpy(out, &b, 2);
    return;
  }
  case LLVMFloatTypeKind: {
    float f = (float)v->u.f;
    memcpy(out, &f, 4);
    return;
  }
  case LLVMDoubleTypeKind:
    memcpy(out, &v->u.f, 8);
    return;
  case LLVMPointerTypeKind: {
    unsigned as = LLVMGetPointerAddressSpace(t);
    uint64_t x = ptrToInt(m, v, as);
    for (unsigned i = 0; i < ptrBytes(as); ++i)
      out[i] = (uint8_t)(x >> (8 * i));
    return;
  }
  case LLVMStructTypeKind:
    for (uint32_t i = 0; i < v->n; ++i)
      valToBytes(m, LLVMStructGetTypeAtIndex(t, i), &v->u.e[i],
                 out + LLVMOffsetOfElement(m->td, t, i));
    return;
  case LLVMArrayTypeKind:
  case LLVMVectorTypeKind: {
    LLVMTypeRef et = LLVMGetElementType(t);
    uint64_t step = elementStep(m, t);
    for (uint32_t i = 0; i < v->n; ++i)
      valToBytes(m, et, &v->u.e[i], out + i * step);
    return;
  }
  default:
    unsupported(NULL, "storing a value of this type");
  }
}

Val valFromBytes(Machine *m, LLVMTypeRef t, const uint8_t *in, int lane) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    if (w > 64)
      unsupported(NULL, "integers wider than 64 bits");
    uint64_t n = typeStoreSize(m, t), x = 0;
    for (uint64_t i = 0; i < n && i < 8; ++i)
      x |= (uint64_t)in[i] << (8 * i);
    return valInt(w, x);
  }
  case LLVMHalfTypeKind: {
    _Float16 h;
    memcpy(&h, in, 2);
    return valFp(FK_HALF, (double)h);
  }
  case LLVMBFloatTypeKind: {
    uint16_t b;
    memcpy(&b, in, 2);
    return valFp(FK_BF16, (double)bf16ToFloat(b));
  }
  case LLVMFloatTypeKind: {
    float f;
    memcpy(&f, in, 4);
    return valFp(FK_FLOAT, (double)f);
  }
  case LLVMDoubleTypeKind: {
    double d;
    memcpy(&d, in, 8);
    return valFp(FK_DOUBLE, d);
  }
  case LLVMPointerTypeKind: {
    unsigned as = LLVMGetPointerAddressSpace(t);
    uint64_t x = 0;
    for (unsigned i = 0; i < ptrBytes(as); ++i)
      x |= (uint64_t)in[i] << (8 * i);
    return intToPtr(m, x, as, lane);
  }
  case LLVMStructTypeKind: {
    uint32_t n = LLVMCountStructElementTypes(t);
    Val v = valAgg(n);
    for (uint32_t i = 0; i < n; ++i)
      v.u.e[i] = valFromBytes(m, LLVMStructGetTypeAtIndex(t, i),
                              in + LLVMOffsetOfElement(m->td, t, i), lane);
    return v;
  }
  case LLVMArrayTypeKind:
  case LLVMVectorTypeKind: {
    LLVMTypeRef et = LLVMGetElementType(t);
    uint64_t step = elementStep(m, t);
    uint32_t n = aggCount(t);
    Val v = valAgg(n);
    for (uint32_t i = 0; i < n; ++i)
      v.u.e[i] = valFromBytes(m, et, in + i * step, lane);
    return v;
  }
  default:
    unsupported(NULL, "loading a value of this type");
  }
}

/*===--- Constants ----------------------------------------------------------===*/

char *instText(LLVMValueRef v) {
  char *s = LLVMPrintValueToString(v);
  const char *t = s;
  while (*t == ' ')
    ++t;
  size_t n = strlen(t);
  while (n && (t[n - 1] == ' ' || t[n - 1] == '\n'))
    --n;
  char *r = xmalloc(n + 1);
  memcpy(r, t, n);
  r[n] = 0;
  LLVMDisposeMessage(s);
  return r;
}

_Noreturn void unsupported(LLVMValueRef v, const char *why) {
  fflush(stdout);
  if (v) {
    char *t = instText(v);
    fprintf(stderr, "amdsync-exec: unsupported: %s%s%s\n", t, why ? ": " : "",
            why ? why : "");
    free(t);
  } else {
    fprintf(stderr, "amdsync-exec: unsupported: %s\n", why);
  }
  exit(3);
}

Val constExprVal(Machine *m, LLVMValueRef c);

static Val constCompute(Machine *m, LLVMValueRef c) {
  LLVMTypeRef t = LLVMTypeOf(c);
  if (LLVMIsAGlobalValue(c)) {
    return globalPtr(m, c);
  }
  if (LLVMIsAUndefValue(c) || LLVMIsAPoisonValue(c) ||
      LLVMIsAConstantAggregateZero(c) || LLVMIsAConstantPointerNull(c))
    return valZero(m, t);
  if (LLVMIsAConstantInt(c)) {
    unsigned w = LLVMGetIntTypeWidth(t);
    if (w > 64)
      unsupported(c, "integers wider than 64 bits");
    return valInt(w, LLVMConstIntGetZExtValue(c));
  }
  if (LLVMIsAConstantFP(c)) {
    LLVMBool loses;
    return valFp(fpKindOf(t), LLVMConstRealGetDouble(c, &loses));
  }
  if (LLVMIsAConstantExpr(c))
    return constExprVal(m, c);
  switch (LLVMGetTypeKind(t)) {
  case LLVMStructTypeKind:
  case LLVMArrayTypeKind:
  case LLVMVectorTypeKind: {
    uint32_t n = aggCount(t);
    Val v = valAgg(n);
    for (uint32_t i = 0; i < n; ++i) {
      LLVMValueRef e = LLVMGetAggregateElement(c, i);
      if (!e)
        unsupported(c, "constant aggregate element");
      valCopy(&v.u.e[i], constVal(m, e));
    }
    return v;
  }
  default:
    break;
  }
  unsupported(c, "constant");
}

const Val *constVal(Machine *m, LLVMValueRef c) {
  Val *v = pmGet(m->consts, c);
  if (v)
    return v;
  Val r = constCompute(m, c);
  v = xmalloc(sizeof *v);
  *v = r;
  pmPut(m->consts, c, v);
  return v;
}

/* Constant expressions: the ones LLVM 22 still has (GEP, casts, a few
   binary operators) by evaluating them like instructions for lane 0. */
Val constExprVal(Machine *m, LLVMValueRef c) {
  LLVMOpcode op = LLVMGetConstOpcode(c);
  LLVMTypeRef t = LLVMTypeOf(c);
  switch (op) {
  case LLVMAddrSpaceCast:
  case LLVMBitCast: {
    const Val *a = constVal(m, LLVMGetOperand(c, 0));
    LLVMTypeRef st = LLVMTypeOf(LLVMGetOperand(c, 0));
    if (op == LLVMBitCast && (LLVMGetTypeKind(st) != LLVMPointerTypeKind ||
                              LLVMGetTypeKind(t) != LLVMPointerTypeKind)) {
      /* A change of representation (i64 to <2 x float>, ...): through the
         bytes, as the instruction does. */
      uint64_t n = typeStoreSize(m, st);
      uint8_t buf[512];
      if (n > sizeof buf)
        unsupported(c, "bitcast of a large constant");
      memset(buf, 0, sizeof buf);
      valToBytes(m, st, a, buf);
      return valFromBytes(m, t, buf, 0);
    }
    Val r;
    valCopy(&r, a);
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind &&
        ptrBytes(LLVMGetPointerAddressSpace(t)) == 4)
      r.u.p.off &= 0xffffffffu;
    return r;
  }
  case LLVMPtrToInt: {
    const Val *a = constVal(m, LLVMGetOperand(c, 0));
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(c, 0)));
    return valInt(LLVMGetIntTypeWidth(t), ptrToInt(m, a, as));
  }
  case LLVMIntToPtr: {
    const Val *a = constVal(m, LLVMGetOperand(c, 0));
    return intToPtr(m, a->u.i, LLVMGetPointerAddressSpace(t), 0);
  }
  case LLVMGetElementPtr: {
    const Val *base = constVal(m, LLVMGetOperand(c, 0));
    LLVMTypeRef cur = LLVMGetGEPSourceElementType(c);
    int64_t off = 0;
    unsigned n = (unsigned)LLVMGetNumOperands(c);
    for (unsigned i = 1; i < n; ++i) {
      const Val *ix = constVal(m, LLVMGetOperand(c, i));
      if (ix->kind != V_INT)
        unsupported(c, "vector constant GEP");
      int64_t k = sext(ix->bits, ix->u.i);
      if (i == 1) {
        off += k * (int64_t)typeAllocSize(m, cur);
      } else if (LLVMGetTypeKind(cur) == LLVMStructTypeKind) {
        off += (int64_t)LLVMOffsetOfElement(m->td, cur, (unsigned)k);
        cur = LLVMStructGetTypeAtIndex(cur, (unsigned)k);
      } else {
        cur = LLVMGetElementType(cur);
        off += k * (int64_t)typeAllocSize(m, cur);
      }
    }
    Val r = *base;
    r.u.p.off = base->u.p.off + (uint64_t)off;
    if (ptrBytes(LLVMGetPointerAddressSpace(t)) == 4)
      r.u.p.off &= 0xffffffffu;
    return r;
  }
  case LLVMAdd:
  case LLVMSub:
  case LLVMXor:
  case LLVMMul: {
    const Val *a = constVal(m, LLVMGetOperand(c, 0));
    const Val *b = constVal(m, LLVMGetOperand(c, 1));
    uint64_t x = op == LLVMAdd   ? a->u.i + b->u.i
                 : op == LLVMSub ? a->u.i - b->u.i
                 : op == LLVMMul ? a->u.i * b->u.i
                                 : a->u.i ^ b->u.i;
    return valInt(LLVMGetIntTypeWidth(t), x);
  }
  case LLVMTrunc: {
    const Val *a = constVal(m, LLVMGetOperand(c, 0));
    return valInt(LLVMGetIntTypeWidth(t), a->u.i);
  }
  default:
    unsupported(c, "constant expression");
  }
}
