/*===- interp.c - amdsync-exec: what one lane does with one instruction ----===*
 *
 * Owns the lane-local semantics: integer and floating-point arithmetic and
 * compares (elementwise on vectors), casts, select, GEP (vector GEP too),
 * alloca, load, store, atomicrmw, cmpxchg, fence, aggregate and vector
 * element operations, freeze, memcpy/memmove/memset, the masked loads and
 * stores (load, store, gather, scatter), and the lane-local
 * intrinsics (ids, implicit arguments, mbcnt, min/max and friends, math,
 * no-ops). Control flow, calls of module functions and everything that
 * involves other lanes (barriers, waits, transfers, readfirstlane, ballot,
 * ds.bpermute) belong to simt.c. Undefined behaviour the oracle can see
 * (division by zero, unreachable, out-of-bounds) is a "ub" finding.
 *===----------------------------------------------------------------------===*/
#include "exec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===--- Operands -----------------------------------------------------------===*/

Val *reg(Machine *m, Frame *f, LLVMValueRef v, int lane) {
  intptr_t slot = (intptr_t)pmGet(f->fi->slots, v);
  if (!slot)
    unsupported(v, "value without a slot");
  return &f->regs[(size_t)(slot - 1) * (size_t)m->wsize + (size_t)lane];
}

/* A plain load whose value is only the expected value of a cmpxchg loop
   on the same address (through the loop's phi): upstream's lowering of an
   atomic read-modify-write (memref.generic_atomic_rmw) reads a guess that
   the cmpxchg checks and retries, so a racing write can only cost an
   iteration, never a wrong result (whatever else computes from the guess,
   the new value included, is stored only if the guess was right). It
   counts as part of the atomic. */
static bool onlyGuessesCmpxchg(LLVMValueRef load) {
  LLVMValueRef ptr = LLVMGetOperand(load, 0);
  bool any = false;
  for (LLVMUseRef u = LLVMGetFirstUse(load); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef phi = LLVMGetUser(u);
    if (!LLVMIsAPHINode(phi))
      return false;
    bool checked = false; /* the guess is what the cmpxchg compares */
    for (LLVMUseRef w = LLVMGetFirstUse(phi); w && !checked;
         w = LLVMGetNextUse(w)) {
      LLVMValueRef x = LLVMGetUser(w);
      checked = LLVMIsAAtomicCmpXchgInst(x) && LLVMGetOperand(x, 0) == ptr &&
                LLVMGetOperand(x, 1) == phi;
    }
    if (!checked)
      return false;
    any = true;
  }
  return any;
}

const Val *operand(Machine *m, Frame *f, LLVMValueRef v, int lane) {
  if (LLVMIsAInstruction(v) || LLVMIsAArgument(v))
    return reg(m, f, v, lane);
  if (LLVMIsAConstant(v))
    return constVal(m, v);
  unsupported(v, "operand");
}

uint64_t opInt(Machine *m, Frame *f, LLVMValueRef v, int lane) {
  const Val *x = operand(m, f, v, lane);
  if (x->kind != V_INT)
    unsupported(v, "expected an integer");
  return x->u.i;
}

int linearLane(Machine *m, Wave *w, int lane) {
  (void)m;
  return w->first + lane;
}

const char *calleeName(LLVMValueRef call, size_t *len) {
  LLVMValueRef c = LLVMGetCalledValue(call);
  *len = 0;
  if (!c || !LLVMIsAFunction(c))
    return "";
  return LLVMGetValueName2(c, len);
}
bool nameIs(const char *name, size_t len, const char *lit) {
  size_t n = strlen(lit);
  return len == n && memcmp(name, lit, n) == 0;
}
bool namePrefix(const char *name, size_t len, const char *lit) {
  size_t n = strlen(lit);
  return len >= n && memcmp(name, lit, n) == 0;
}

static void ubAt(Machine *m, LLVMValueRef inst, int gl, const char *what) {
  if (!findingNew(m, F_UB, inst, what))
    return;
  char *t = instText(inst);
  char ln[64];
  laneName(m, gl, ln, sizeof ln);
  printf("ub: %s: %s at %s (%s)\n", m->kname, what, t, ln);
  free(t);
}

/*===--- Scalars ------------------------------------------------------------===*/

static uint64_t ptrKey(const Val *p) {
  return ((uint64_t)p->u.p.obj << 40) | (p->u.p.off & ((1ull << 40) - 1));
}

static Val intBin(LLVMOpcode op, const Val *a, const Val *b, bool *ub) {
  unsigned w = a->bits;
  uint64_t x = a->u.i, y = b->u.i, r = 0;
  int64_t sx = sext(w, x), sy = sext(w, y);
  switch (op) {
  case LLVMAdd: r = x + y; break;
  case LLVMSub: r = x - y; break;
  case LLVMMul: r = x * y; break;
  case LLVMUDiv:
  case LLVMURem:
    if (y == 0) {
      *ub = true;
      break;
    }
    r = op == LLVMUDiv ? x / y : x % y;
    break;
  case LLVMSDiv:
  case LLVMSRem:
    if (sy == 0 || (sy == -1 && sx == sext(w, 1ull << (w - 1)))) {
      *ub = true;
      break;
    }
    r = (uint64_t)(op == LLVMSDiv ? sx / sy : sx % sy);
    break;
  case LLVMShl: r = y >= w ? 0 : x << y; break;
  case LLVMLShr: r = y >= w ? 0 : x >> y; break;
  case LLVMAShr: r = y >= w ? 0 : (uint64_t)(sx >> y); break;
  case LLVMAnd: r = x & y; break;
  case LLVMOr: r = x | y; break;
  case LLVMXor: r = x ^ y; break;
  default: break;
  }
  return valInt(w, r);
}

static Val fpBin(LLVMOpcode op, const Val *a, const Val *b) {
  double x = a->u.f, y = b->u.f, r = 0;
  switch (op) {
  case LLVMFAdd: r = x + y; break;
  case LLVMFSub: r = x - y; break;
  case LLVMFMul: r = x * y; break;
  case LLVMFDiv: r = x / y; break;
  case LLVMFRem: r = fmod(x, y); break;
  default: break;
  }
  if (a->fk == FK_FLOAT) {
    float fx = (float)x, fy = (float)y;
    switch (op) {
    case LLVMFAdd: r = fx + fy; break;
    case LLVMFSub: r = fx - fy; break;
    case LLVMFMul: r = fx * fy; break;
    case LLVMFDiv: r = fx / fy; break;
    case LLVMFRem: r = fmodf(fx, fy); break;
    default: break;
    }
  }
  return valFp(a->fk, r);
}

static Val mapBin(LLVMOpcode op, const Val *a, const Val *b, bool *ub) {
  if (a->kind == V_AGG) {
    Val r = valAgg(a->n);
    for (uint32_t i = 0; i < a->n; ++i)
      r.u.e[i] = mapBin(op, &a->u.e[i], &b->u.e[i], ub);
    return r;
  }
  if (a->kind == V_FP)
    return fpBin(op, a, b);
  return intBin(op, a, b, ub);
}

static bool icmp(LLVMIntPredicate p, const Val *a, const Val *b) {
  uint64_t x, y;
  int64_t sx, sy;
  if (a->kind == V_PTR) {
    x = ptrKey(a);
    y = ptrKey(b);
    sx = (int64_t)x;
    sy = (int64_t)y;
  } else {
    x = a->u.i;
    y = b->u.i;
    sx = sext(a->bits, x);
    sy = sext(a->bits, y);
  }
  switch (p) {
  case LLVMIntEQ: return x == y;
  case LLVMIntNE: return x != y;
  case LLVMIntUGT: return x > y;
  case LLVMIntUGE: return x >= y;
  case LLVMIntULT: return x < y;
  case LLVMIntULE: return x <= y;
  case LLVMIntSGT: return sx > sy;
  case LLVMIntSGE: return sx >= sy;
  case LLVMIntSLT: return sx < sy;
  case LLVMIntSLE: return sx <= sy;
  }
  return false;
}

static bool fcmp(LLVMRealPredicate p, double x, double y) {
  bool uno = isnan(x) || isnan(y);
  switch (p) {
  case LLVMRealPredicateFalse: return false;
  case LLVMRealOEQ: return !uno && x == y;
  case LLVMRealOGT: return !uno && x > y;
  case LLVMRealOGE: return !uno && x >= y;
  case LLVMRealOLT: return !uno && x < y;
  case LLVMRealOLE: return !uno && x <= y;
  case LLVMRealONE: return !uno && x != y;
  case LLVMRealORD: return !uno;
  case LLVMRealUNO: return uno;
  case LLVMRealUEQ: return uno || x == y;
  case LLVMRealUGT: return uno || x > y;
  case LLVMRealUGE: return uno || x >= y;
  case LLVMRealULT: return uno || x < y;
  case LLVMRealULE: return uno || x <= y;
  case LLVMRealUNE: return uno || x != y;
  case LLVMRealPredicateTrue: return true;
  }
  return false;
}

static Val mapCmp(LLVMValueRef inst, const Val *a, const Val *b) {
  if (a->kind == V_AGG) {
    Val r = valAgg(a->n);
    for (uint32_t i = 0; i < a->n; ++i)
      r.u.e[i] = mapCmp(inst, &a->u.e[i], &b->u.e[i]);
    return r;
  }
  if (LLVMGetInstructionOpcode(inst) == LLVMICmp)
    return valInt(1, icmp(LLVMGetICmpPredicate(inst), a, b));
  return valInt(1, fcmp(LLVMGetFCmpPredicate(inst), a->u.f, b->u.f));
}

static LLVMTypeRef scalarOf(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

static Val castScalar(Machine *m, LLVMValueRef inst, LLVMOpcode op,
                      const Val *a, LLVMTypeRef st, LLVMTypeRef dt, int gl) {
  switch (op) {
  case LLVMTrunc:
  case LLVMZExt:
    return valInt(LLVMGetIntTypeWidth(dt), a->u.i);
  case LLVMSExt:
    return valInt(LLVMGetIntTypeWidth(dt), (uint64_t)sext(a->bits, a->u.i));
  case LLVMFPTrunc:
  case LLVMFPExt:
    return valFp(fpKindOf(dt), a->u.f);
  case LLVMFPToUI:
  case LLVMFPToSI: {
    double d = trunc(a->u.f);
    unsigned w = LLVMGetIntTypeWidth(dt);
    if (isnan(d) || d >= 18446744073709551616.0 || d < -9223372036854775808.0)
      return valInt(w, 0);
    return valInt(w, d < 0 ? (uint64_t)(int64_t)d : (uint64_t)d);
  }
  case LLVMUIToFP:
    return valFp(fpKindOf(dt), (double)a->u.i);
  case LLVMSIToFP:
    return valFp(fpKindOf(dt), (double)sext(a->bits, a->u.i));
  case LLVMPtrToInt:
    return valInt(LLVMGetIntTypeWidth(dt),
                  ptrToInt(m, a, LLVMGetPointerAddressSpace(st)));
  case LLVMIntToPtr:
    return intToPtr(m, a->u.i, LLVMGetPointerAddressSpace(dt), gl);
  case LLVMAddrSpaceCast: {
    Val r = *a;
    if (ptrBytes(LLVMGetPointerAddressSpace(dt)) == 4)
      r.u.p.off &= 0xffffffffu;
    return r;
  }
  default:
    unsupported(inst, "cast");
  }
}

static Val castVal(Machine *m, LLVMValueRef inst, const Val *a,
                   LLVMTypeRef st, LLVMTypeRef dt, int gl) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  if (op == LLVMBitCast) {
    if (LLVMGetTypeKind(st) == LLVMPointerTypeKind &&
        LLVMGetTypeKind(dt) == LLVMPointerTypeKind) {
      Val r;
      valCopy(&r, a);
      return r;
    }
    uint64_t n = typeStoreSize(m, st);
    uint8_t buf[512];
    if (n > sizeof buf)
      unsupported(inst, "bitcast of a large value");
    memset(buf, 0, sizeof buf);
    valToBytes(m, st, a, buf);
    return valFromBytes(m, dt, buf, gl);
  }
  if (a->kind == V_AGG) {
    Val r = valAgg(a->n);
    for (uint32_t i = 0; i < a->n; ++i)
      r.u.e[i] = castScalar(m, inst, op, &a->u.e[i], scalarOf(st), scalarOf(dt), gl);
    return r;
  }
  return castScalar(m, inst, op, a, st, dt, gl);
}

/*===--- GEP ----------------------------------------------------------------===*/

static Val gepOne(Machine *m, LLVMValueRef inst, Frame *f, int lane,
                  uint32_t elem /* vector GEP lane, or UINT32_MAX */) {
  const Val *base = operand(m, f, LLVMGetOperand(inst, 0), lane);
  if (base->kind == V_AGG)
    base = &base->u.e[elem];
  LLVMTypeRef cur = LLVMGetGEPSourceElementType(inst);
  LLVMTypeRef rt = LLVMTypeOf(inst);
  unsigned as = LLVMGetPointerAddressSpace(scalarOf(rt));
  uint64_t off = base->u.p.off;
  unsigned n = (unsigned)LLVMGetNumOperands(inst);
  for (unsigned i = 1; i < n; ++i) {
    const Val *ix = operand(m, f, LLVMGetOperand(inst, i), lane);
    if (ix->kind == V_AGG)
      ix = &ix->u.e[elem];
    int64_t k = sext(ix->bits, ix->u.i);
    if (i == 1) {
      off += (uint64_t)k * typeAllocSize(m, cur);
    } else if (LLVMGetTypeKind(cur) == LLVMStructTypeKind) {
      off += LLVMOffsetOfElement(m->td, cur, (unsigned)k);
      cur = LLVMStructGetTypeAtIndex(cur, (unsigned)k);
    } else {
      cur = LLVMGetElementType(cur);
      off += (uint64_t)k * typeAllocSize(m, cur);
    }
  }
  Val r = *base;
  r.u.p.off = ptrBytes(as) == 4 ? off & 0xffffffffu : off;
  return r;
}

/*===--- Memory -------------------------------------------------------------===*/

/* Bounds, then the LDS shadow. */
static uint8_t *access(Machine *m, LLVMValueRef inst, const Val *p, uint64_t n,
                       int gl, unsigned flags) {
  uint8_t *d = memRef(m, inst, p, n, gl);
  if (d && p->u.p.obj == OBJ_ID_LDS && n)
    ldsAccess(m, inst, gl, (uint32_t)p->u.p.off, (uint32_t)n, flags);
  return d;
}

static bool fenceCoversLds(Machine *m, LLVMValueRef inst) {
  LLVMValueRef md = LLVMGetMetadata(inst, m->mmra_kind);
  if (!md)
    return true;
  /* An MMRA is a tag !{!"key", !"value"} or a tuple of tags. */
  LLVMValueRef ops[64];
  unsigned n = LLVMGetMDNodeNumOperands(md);
  if (n > 64)
    return true;
  LLVMGetMDNodeOperands(md, ops);
  LLVMValueRef tags[64];
  unsigned ntags = 0;
  if (n == 2 && ops[0] && LLVMIsAMDString(ops[0]))
    tags[ntags++] = md;
  else
    for (unsigned i = 0; i < n; ++i)
      if (ops[i] && LLVMIsAMDNode(ops[i]))
        tags[ntags++] = ops[i];
  bool tagged = false, local = false;
  for (unsigned i = 0; i < ntags; ++i) {
    if (LLVMGetMDNodeNumOperands(tags[i]) != 2)
      continue;
    LLVMValueRef kv[2];
    LLVMGetMDNodeOperands(tags[i], kv);
    unsigned kl = 0, vl = 0;
    const char *k = kv[0] && LLVMIsAMDString(kv[0]) ? LLVMGetMDString(kv[0], &kl) : NULL;
    const char *v = kv[1] && LLVMIsAMDString(kv[1]) ? LLVMGetMDString(kv[1], &vl) : NULL;
    if (!k || kl != 21 || memcmp(k, "amdgpu-synchronize-as", 21) != 0)
      continue;
    tagged = true;
    if (v && vl == 5 && memcmp(v, "local", 5) == 0)
      local = true;
  }
  return !tagged || local;
}

static void execFence(Machine *m, LLVMValueRef inst, int gl) {
  unsigned scope = LLVMGetAtomicSyncScopeID(inst);
  if (scope == m->scope_single || !fenceCoversLds(m, inst))
    return;
  bool wg = scope != m->scope_wave;
  LLVMAtomicOrdering o = LLVMGetOrdering(inst);
  bool rel = o == LLVMAtomicOrderingRelease ||
             o == LLVMAtomicOrderingAcquireRelease ||
             o == LLVMAtomicOrderingSequentiallyConsistent;
  bool acq = o == LLVMAtomicOrderingAcquire ||
             o == LLVMAtomicOrderingAcquireRelease ||
             o == LLVMAtomicOrderingSequentiallyConsistent;
  if (acq)
    fenceAcquire(m, gl, wg);
  if (rel)
    fenceRelease(m, gl, wg);
}

static Val rmw(LLVMAtomicRMWBinOp op, const Val *old, const Val *v) {
  if (old->kind == V_FP) {
    double a = old->u.f, b = v->u.f, r = b;
    switch (op) {
    case LLVMAtomicRMWBinOpXchg: r = b; break;
    case LLVMAtomicRMWBinOpFAdd: r = a + b; break;
    case LLVMAtomicRMWBinOpFSub: r = a - b; break;
    case LLVMAtomicRMWBinOpFMax: r = fmax(a, b); break;
    case LLVMAtomicRMWBinOpFMin: r = fmin(a, b); break;
    case LLVMAtomicRMWBinOpFMaximum: r = isnan(a) || isnan(b) ? NAN : fmax(a, b); break;
    case LLVMAtomicRMWBinOpFMinimum: r = isnan(a) || isnan(b) ? NAN : fmin(a, b); break;
    default: break;
    }
    return valFp(old->fk, r);
  }
  if (old->kind == V_PTR)
    return *v;
  unsigned w = old->bits;
  uint64_t a = old->u.i, b = v->u.i, r = b;
  switch (op) {
  case LLVMAtomicRMWBinOpXchg: r = b; break;
  case LLVMAtomicRMWBinOpAdd: r = a + b; break;
  case LLVMAtomicRMWBinOpSub: r = a - b; break;
  case LLVMAtomicRMWBinOpAnd: r = a & b; break;
  case LLVMAtomicRMWBinOpNand: r = ~(a & b); break;
  case LLVMAtomicRMWBinOpOr: r = a | b; break;
  case LLVMAtomicRMWBinOpXor: r = a ^ b; break;
  case LLVMAtomicRMWBinOpMax: r = sext(w, a) > sext(w, b) ? a : b; break;
  case LLVMAtomicRMWBinOpMin: r = sext(w, a) < sext(w, b) ? a : b; break;
  case LLVMAtomicRMWBinOpUMax: r = a > b ? a : b; break;
  case LLVMAtomicRMWBinOpUMin: r = a < b ? a : b; break;
  case LLVMAtomicRMWBinOpUIncWrap: r = a >= b ? 0 : a + 1; break;
  case LLVMAtomicRMWBinOpUDecWrap: r = (a == 0 || a > b) ? b : a - 1; break;
  case LLVMAtomicRMWBinOpUSubCond: r = a >= b ? a - b : a; break;
  case LLVMAtomicRMWBinOpUSubSat: r = a >= b ? a - b : 0; break;
  default: break;
  }
  return valInt(w, r);
}

static void execMem(Machine *m, Frame *f, LLVMValueRef inst, int lane, int gl,
                    uint64_t len, int kind) {
  /* kind 0: memcpy/memmove (dst, src, len), 1: memset (dst, byte, len) */
  const Val *dst = operand(m, f, LLVMGetOperand(inst, 0), lane);
  if (len == 0)
    return;
  if (len > (1ull << 32))
    unsupported(inst, "a very large memory intrinsic");
  uint8_t *tmp = xmalloc(len);
  if (kind == 1) {
    memset(tmp, (int)(opInt(m, f, LLVMGetOperand(inst, 1), lane) & 0xff), len);
  } else {
    const Val *src = operand(m, f, LLVMGetOperand(inst, 1), lane);
    uint8_t *s = access(m, inst, src, len, gl, ACC_READ);
    if (!s) {
      free(tmp);
      return;
    }
    memcpy(tmp, s, len);
  }
  uint8_t *d = access(m, inst, dst, len, gl, ACC_WRITE | ACC_STORE);
  if (d)
    memcpy(d, tmp, len);
  free(tmp);
}


/* llvm.masked.load/store/gather/scatter: one access per enabled element
   (contiguous elements from one pointer, or a vector of pointers); a
   disabled element of a load takes the pass-through operand's element.
   LLVM 22 spells the alignment as a parameter attribute; an older explicit
   i32 alignment operand is skipped (the mask is found from the end). */
static void execMasked(Machine *m, Frame *f, LLVMValueRef inst, int lane, int gl,
                       bool load, bool vector_of_ptrs, Val *out) {
  unsigned nargs = LLVMGetNumArgOperands(inst);
  LLVMTypeRef vt = load ? LLVMTypeOf(inst) : LLVMTypeOf(LLVMGetOperand(inst, 0));
  LLVMTypeRef et = LLVMGetElementType(vt);
  if (LLVMGetTypeKind(vt) != LLVMVectorTypeKind ||
      (LLVMGetTypeKind(et) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(et) % 8))
    unsupported(inst, "a masked access of this type");
  unsigned ne = LLVMGetVectorSize(vt);
  uint64_t esz = typeStoreSize(m, et);
  if (esz > 256)
    unsupported(inst, "a masked access of elements over 256 bytes");
  LLVMValueRef pv = LLVMGetOperand(inst, load ? 0 : 1);
  const Val *ptrs = operand(m, f, pv, lane);
  const Val *mask = operand(m, f, LLVMGetOperand(inst, load ? nargs - 2 : nargs - 1), lane);
  const Val *pass = load ? operand(m, f, LLVMGetOperand(inst, nargs - 1), lane) : NULL;
  const Val *val = load ? NULL : operand(m, f, LLVMGetOperand(inst, 0), lane);
  unsigned as = LLVMGetPointerAddressSpace(vector_of_ptrs ? LLVMGetElementType(LLVMTypeOf(pv))
                                                          : LLVMTypeOf(pv));
  if (load)
    *out = valAgg(ne);
  for (unsigned i = 0; i < ne; ++i) {
    bool on = mask->kind == V_AGG ? (mask->u.e[i].u.i & 1) : (mask->u.i & 1);
    Val p = vector_of_ptrs ? ptrs->u.e[i] : *ptrs;
    if (!vector_of_ptrs) {
      p.u.p.off += i * esz;
      if (ptrBytes(as) == 4)
        p.u.p.off &= 0xffffffffu;
    }
    if (load) {
      uint8_t *d = on ? access(m, inst, &p, esz, gl, ACC_READ) : NULL;
      if (d)
        out->u.e[i] = valFromBytes(m, et, d, gl);
      else if (on)
        out->u.e[i] = valZero(m, et);
      else
        valCopy(&out->u.e[i], pass->kind == V_AGG ? &pass->u.e[i] : pass);
      continue;
    }
    if (!on)
      continue;
    uint8_t buf[256];
    memset(buf, 0, esz);
    valToBytes(m, et, &val->u.e[i], buf);
    uint8_t *d = access(m, inst, &p, esz, gl, ACC_WRITE | ACC_STORE);
    if (d)
      memcpy(d, buf, esz);
  }
}

/*===--- Lane-local intrinsics ----------------------------------------------===*/

static Val intrinsic1(const char *n, size_t len, const Val *a) {
  if (a->kind == V_FP) {
    double x = a->u.f, r;
    if (namePrefix(n, len, "llvm.fabs.")) r = fabs(x);
    else if (namePrefix(n, len, "llvm.sqrt.") || namePrefix(n, len, "llvm.amdgcn.sqrt.")) r = sqrt(x);
    else if (namePrefix(n, len, "llvm.floor.")) r = floor(x);
    else if (namePrefix(n, len, "llvm.ceil.")) r = ceil(x);
    else if (namePrefix(n, len, "llvm.trunc.")) r = trunc(x);
    else if (namePrefix(n, len, "llvm.round.")) r = round(x);
    else if (namePrefix(n, len, "llvm.rint.") || namePrefix(n, len, "llvm.nearbyint.") ||
             namePrefix(n, len, "llvm.roundeven.")) r = nearbyint(x);
    else if (namePrefix(n, len, "llvm.exp2.")) r = exp2(x);
    else if (namePrefix(n, len, "llvm.exp.")) r = exp(x);
    else if (namePrefix(n, len, "llvm.log2.")) r = log2(x);
    else if (namePrefix(n, len, "llvm.log10.")) r = log10(x);
    else if (namePrefix(n, len, "llvm.log.")) r = log(x);
    else if (namePrefix(n, len, "llvm.sin.")) r = sin(x);
    else if (namePrefix(n, len, "llvm.cos.")) r = cos(x);
    else if (namePrefix(n, len, "llvm.canonicalize.")) r = x;
    else if (namePrefix(n, len, "llvm.amdgcn.rcp.")) r = 1.0 / x;
    else if (namePrefix(n, len, "llvm.amdgcn.rsq.")) r = 1.0 / sqrt(x);
    else if (namePrefix(n, len, "llvm.amdgcn.fract.")) r = x - floor(x);
    else {
      Val bad = {0};
      bad.kind = 0xff;
      return bad;
    }
    return valFp(a->fk, r);
  }
  unsigned w = a->bits;
  uint64_t x = a->u.i, r = 0;
  if (namePrefix(n, len, "llvm.ctpop.")) r = (uint64_t)__builtin_popcountll(x);
  else if (namePrefix(n, len, "llvm.ctlz.")) r = x ? (uint64_t)(__builtin_clzll(x) - (64 - (int)w)) : w;
  else if (namePrefix(n, len, "llvm.cttz.")) r = x ? (uint64_t)__builtin_ctzll(x) : w;
  else if (namePrefix(n, len, "llvm.abs.")) r = sext(w, x) < 0 ? (uint64_t)(-sext(w, x)) : x;
  else if (namePrefix(n, len, "llvm.bswap.")) {
    for (unsigned i = 0; i < w / 8; ++i)
      r |= ((x >> (8 * i)) & 0xff) << (w - 8 - 8 * i);
  } else if (namePrefix(n, len, "llvm.bitreverse.")) {
    for (unsigned i = 0; i < w; ++i)
      if (x >> i & 1)
        r |= 1ull << (w - 1 - i);
  } else {
    Val bad = {0};
    bad.kind = 0xff;
    return bad;
  }
  return valInt(w, r);
}

static Val intrinsic2(const char *n, size_t len, const Val *a, const Val *b) {
  if (a->kind == V_FP) {
    double x = a->u.f, y = b->u.f, r;
    if (namePrefix(n, len, "llvm.minnum.")) r = fmin(x, y);
    else if (namePrefix(n, len, "llvm.maxnum.")) r = fmax(x, y);
    else if (namePrefix(n, len, "llvm.minimum.")) r = isnan(x) || isnan(y) ? NAN : fmin(x, y);
    else if (namePrefix(n, len, "llvm.maximum.")) r = isnan(x) || isnan(y) ? NAN : fmax(x, y);
    else if (namePrefix(n, len, "llvm.copysign.")) r = copysign(x, y);
    else if (namePrefix(n, len, "llvm.pow.")) r = pow(x, y);
    else if (namePrefix(n, len, "llvm.ldexp.") || namePrefix(n, len, "llvm.amdgcn.ldexp.")) r = ldexp(x, (int)sext(b->bits, b->u.i));
    else if (namePrefix(n, len, "llvm.powi.")) r = pow(x, (double)sext(b->bits, b->u.i));
    else {
      Val bad = {0};
      bad.kind = 0xff;
      return bad;
    }
    return valFp(a->fk, r);
  }
  unsigned w = a->bits;
  uint64_t x = a->u.i, y = b->u.i, r;
  int64_t sx = sext(w, x), sy = sext(w, y);
  int64_t smax = (int64_t)((w >= 64 ? ~0ull : (1ull << (w - 1)) - 1) & INT64_MAX);
  int64_t smin = -smax - 1;
  uint64_t umax = maskBits(w, ~0ull);
  if (namePrefix(n, len, "llvm.smax.")) r = sx > sy ? x : y;
  else if (namePrefix(n, len, "llvm.smin.")) r = sx < sy ? x : y;
  else if (namePrefix(n, len, "llvm.umax.")) r = x > y ? x : y;
  else if (namePrefix(n, len, "llvm.umin.")) r = x < y ? x : y;
  else if (namePrefix(n, len, "llvm.uadd.sat.")) r = maskBits(w, x + y) < x ? umax : x + y;
  else if (namePrefix(n, len, "llvm.usub.sat.")) r = x < y ? 0 : x - y;
  else if (namePrefix(n, len, "llvm.sadd.sat.") || namePrefix(n, len, "llvm.ssub.sat.")) {
    __int128 s = namePrefix(n, len, "llvm.sadd.sat.") ? (__int128)sx + sy : (__int128)sx - sy;
    r = (uint64_t)(s > smax ? smax : s < smin ? smin : (int64_t)s);
  } else {
    Val bad = {0};
    bad.kind = 0xff;
    return bad;
  }
  return valInt(w, r);
}

static Val mapIntrinsic(const char *n, size_t len, const Val *a, const Val *b,
                        LLVMValueRef inst) {
  if (a->kind == V_AGG) {
    Val r = valAgg(a->n);
    for (uint32_t i = 0; i < a->n; ++i)
      r.u.e[i] = mapIntrinsic(n, len, &a->u.e[i],
                              b ? (b->kind == V_AGG ? &b->u.e[i] : b) : NULL, inst);
    return r;
  }
  Val r = b ? intrinsic2(n, len, a, b) : intrinsic1(n, len, a);
  if (r.kind == 0xff)
    unsupported(inst, NULL);
  return r;
}

static Val fma3(const Val *a, const Val *b, const Val *c) {
  if (a->kind == V_AGG) {
    Val r = valAgg(a->n);
    for (uint32_t i = 0; i < a->n; ++i)
      r.u.e[i] = fma3(&a->u.e[i], &b->u.e[i], &c->u.e[i]);
    return r;
  }
  if (a->fk == FK_FLOAT)
    return valFp(a->fk, (double)fmaf((float)a->u.f, (float)b->u.f, (float)c->u.f));
  return valFp(a->fk, fma(a->u.f, b->u.f, c->u.f));
}

static Val funnel(bool left, const Val *a, const Val *b, const Val *c) {
  if (a->kind == V_AGG) {
    Val r = valAgg(a->n);
    for (uint32_t i = 0; i < a->n; ++i)
      r.u.e[i] = funnel(left, &a->u.e[i], &b->u.e[i], &c->u.e[i]);
    return r;
  }
  unsigned w = a->bits;
  unsigned s = (unsigned)(c->u.i % w);
  uint64_t x = a->u.i, y = b->u.i, r;
  if (s == 0)
    r = left ? x : y;
  else if (left)
    r = (x << s) | (y >> (w - s));
  else
    r = (y >> s) | (x << (w - s));
  return valInt(w, r);
}

static bool laneIntrinsic(Machine *m, Wave *w, Frame *f, LLVMValueRef inst,
                          int lane, const char *n, size_t len, Val *out) {
  int gl = linearLane(m, w, lane);
  unsigned nargs = LLVMGetNumArgOperands(inst);
  if (namePrefix(n, len, "llvm.amdgcn.workitem.id.")) {
    int d = n[len - 1] - 'x';
    int v = d == 0 ? gl % m->block[0]
            : d == 1 ? (gl / m->block[0]) % m->block[1]
                     : gl / (m->block[0] * m->block[1]);
    *out = valInt(32, (uint64_t)v);
    return true;
  }
  /* The ROCm device library's work-item functions (what gpu.block_dim and
     friends lower to upstream): one workgroup, of the run's size. */
  if (nameIs(n, len, "__ockl_get_local_size") || nameIs(n, len, "__ockl_get_global_size") ||
      nameIs(n, len, "__ockl_get_local_id") || nameIs(n, len, "__ockl_get_global_id") ||
      nameIs(n, len, "__ockl_get_group_id") || nameIs(n, len, "__ockl_get_num_groups")) {
    uint64_t d = opInt(m, f, LLVMGetOperand(inst, 0), lane);
    uint64_t id[3] = {(uint64_t)(gl % m->block[0]),
                      (uint64_t)((gl / m->block[0]) % m->block[1]),
                      (uint64_t)(gl / (m->block[0] * m->block[1]))};
    uint64_t v = d > 2                               ? (n[11] == 's' || n[11] == 'n' ? 1 : 0)
                 : strstr(n, "size")                 ? (uint64_t)m->block[d]
                 : strstr(n, "_id") && n[11] != 'g' ? id[d]
                 : nameIs(n, len, "__ockl_get_num_groups") ? 1
                                                         : 0;
    if (nameIs(n, len, "__ockl_get_global_id"))
      v = d <= 2 ? id[d] : 0;
    *out = valInt(LLVMGetIntTypeWidth(LLVMTypeOf(inst)), v);
    return true;
  }
  if (namePrefix(n, len, "llvm.vector.reduce.")) {
    bool ordered = namePrefix(n, len, "llvm.vector.reduce.fadd.") ||
                   namePrefix(n, len, "llvm.vector.reduce.fmul.");
    const Val *v = operand(m, f, LLVMGetOperand(inst, ordered ? 1 : 0), lane);
    if (v->kind != V_AGG || v->n == 0)
      unsupported(inst, NULL);
    const char *op = n + strlen("llvm.vector.reduce.");
    Val acc;
    valCopy(&acc, ordered ? operand(m, f, LLVMGetOperand(inst, 0), lane) : &v->u.e[0]);
    for (uint32_t i = ordered ? 0 : 1; i < v->n; ++i) {
      const Val *x = &v->u.e[i];
      if (acc.kind == V_FP) {
        double a = acc.u.f, b = x->u.f, r;
        if (!strncmp(op, "fadd.", 5)) r = a + b;
        else if (!strncmp(op, "fmul.", 5)) r = a * b;
        else if (!strncmp(op, "fmax.", 5) || !strncmp(op, "fmaximum.", 9)) r = fmax(a, b);
        else if (!strncmp(op, "fmin.", 5) || !strncmp(op, "fminimum.", 9)) r = fmin(a, b);
        else unsupported(inst, NULL);
        acc = valFp(acc.fk, r);
        continue;
      }
      unsigned w = acc.bits;
      uint64_t a = acc.u.i, b = x->u.i, r;
      if (!strncmp(op, "add.", 4)) r = a + b;
      else if (!strncmp(op, "mul.", 4)) r = a * b;
      else if (!strncmp(op, "and.", 4)) r = a & b;
      else if (!strncmp(op, "or.", 3)) r = a | b;
      else if (!strncmp(op, "xor.", 4)) r = a ^ b;
      else if (!strncmp(op, "smax.", 5)) r = sext(w, a) > sext(w, b) ? a : b;
      else if (!strncmp(op, "smin.", 5)) r = sext(w, a) < sext(w, b) ? a : b;
      else if (!strncmp(op, "umax.", 5)) r = a > b ? a : b;
      else if (!strncmp(op, "umin.", 5)) r = a < b ? a : b;
      else unsupported(inst, NULL);
      acc = valInt(w, r);
    }
    *out = acc;
    return true;
  }
  if (namePrefix(n, len, "llvm.amdgcn.workgroup.id.")) {
    *out = valInt(32, 0);
    return true;
  }
  if (nameIs(n, len, "llvm.amdgcn.implicitarg.ptr")) {
    *out = valPtr((uint32_t)m->implicitarg_obj, 0);
    return true;
  }
  if (nameIs(n, len, "llvm.amdgcn.dispatch.ptr")) {
    *out = valPtr((uint32_t)m->dispatch_obj, 0);
    return true;
  }
  if (nameIs(n, len, "llvm.amdgcn.groupstaticsize")) {
    uint32_t s = 0;
    for (int i = 0; i < m->nlds; ++i)
      if (!m->lds[i].dynamic && m->lds[i].offset + m->lds[i].size > s)
        s = m->lds[i].offset + m->lds[i].size;
    *out = valInt(32, s);
    return true;
  }
  if (nameIs(n, len, "llvm.amdgcn.mbcnt.lo") || nameIs(n, len, "llvm.amdgcn.mbcnt.hi")) {
    uint64_t mask = opInt(m, f, LLVMGetOperand(inst, 0), lane) & 0xffffffffu;
    uint64_t acc = opInt(m, f, LLVMGetOperand(inst, 1), lane);
    int base = n[len - 1] == 'o' ? 0 : 32;
    int below = lane - base;
    if (below > 32)
      below = 32;
    uint64_t c = below <= 0 ? 0 : (uint64_t)__builtin_popcountll(mask & ((1ull << below) - 1));
    *out = valInt(32, acc + c);
    return true;
  }
  if (namePrefix(n, len, "llvm.lifetime.") || namePrefix(n, len, "llvm.dbg.") ||
      nameIs(n, len, "llvm.assume") || nameIs(n, len, "llvm.donothing") ||
      nameIs(n, len, "llvm.sideeffect") ||
      nameIs(n, len, "llvm.experimental.noalias.scope.decl") ||
      nameIs(n, len, "llvm.amdgcn.s.sleep") ||
      nameIs(n, len, "llvm.amdgcn.sched.barrier") ||
      nameIs(n, len, "llvm.amdgcn.sched.group.barrier") ||
      nameIs(n, len, "llvm.amdgcn.s.setprio") ||
      nameIs(n, len, "llvm.amdgcn.s.nop") ||
      nameIs(n, len, "llvm.amdgcn.iglp.opt") ||
      namePrefix(n, len, "llvm.var.annotation") ||
      namePrefix(n, len, "llvm.invariant.end"))
    return true;
  if (namePrefix(n, len, "llvm.invariant.start")) {
    *out = valPtr(0, 0);
    return true;
  }
  if (namePrefix(n, len, "llvm.memcpy.") || namePrefix(n, len, "llvm.memmove.") ||
      namePrefix(n, len, "llvm.memset.")) {
    uint64_t l = opInt(m, f, LLVMGetOperand(inst, 2), lane);
    execMem(m, f, inst, lane, gl, l, namePrefix(n, len, "llvm.memset.") ? 1 : 0);
    return true;
  }
  if (namePrefix(n, len, "llvm.masked.load.") || namePrefix(n, len, "llvm.masked.store.") ||
      namePrefix(n, len, "llvm.masked.gather.") || namePrefix(n, len, "llvm.masked.scatter.")) {
    execMasked(m, f, inst, lane, gl,
               namePrefix(n, len, "llvm.masked.load.") || namePrefix(n, len, "llvm.masked.gather."),
               namePrefix(n, len, "llvm.masked.gather.") || namePrefix(n, len, "llvm.masked.scatter."),
               out);
    return true;
  }
  if (namePrefix(n, len, "llvm.expect.") || namePrefix(n, len, "llvm.annotation.") ||
      namePrefix(n, len, "llvm.launder.invariant.group") ||
      namePrefix(n, len, "llvm.strip.invariant.group") ||
      namePrefix(n, len, "llvm.ssa.copy")) {
    valCopy(out, operand(m, f, LLVMGetOperand(inst, 0), lane));
    return true;
  }
  if (namePrefix(n, len, "llvm.ptrmask.")) {
    const Val *p = operand(m, f, LLVMGetOperand(inst, 0), lane);
    uint64_t mask = opInt(m, f, LLVMGetOperand(inst, 1), lane);
    *out = *p;
    out->u.p.off &= mask;
    return true;
  }
  if (namePrefix(n, len, "llvm.fma.") || namePrefix(n, len, "llvm.fmuladd.")) {
    *out = fma3(operand(m, f, LLVMGetOperand(inst, 0), lane),
                operand(m, f, LLVMGetOperand(inst, 1), lane),
                operand(m, f, LLVMGetOperand(inst, 2), lane));
    return true;
  }
  if (namePrefix(n, len, "llvm.fshl.") || namePrefix(n, len, "llvm.fshr.")) {
    *out = funnel(n[8] == 'l', operand(m, f, LLVMGetOperand(inst, 0), lane),
                  operand(m, f, LLVMGetOperand(inst, 1), lane),
                  operand(m, f, LLVMGetOperand(inst, 2), lane));
    return true;
  }
  if (namePrefix(n, len, "llvm.sadd.with.overflow.") ||
      namePrefix(n, len, "llvm.uadd.with.overflow.") ||
      namePrefix(n, len, "llvm.ssub.with.overflow.") ||
      namePrefix(n, len, "llvm.usub.with.overflow.") ||
      namePrefix(n, len, "llvm.smul.with.overflow.") ||
      namePrefix(n, len, "llvm.umul.with.overflow.")) {
    const Val *a = operand(m, f, LLVMGetOperand(inst, 0), lane);
    const Val *b = operand(m, f, LLVMGetOperand(inst, 1), lane);
    if (a->kind != V_INT)
      unsupported(inst, "vector overflow intrinsic");
    unsigned wd = a->bits;
    bool sgn = n[5] == 's';
    char op = n[6];
    __int128 x = sgn ? (__int128)sext(wd, a->u.i) : (__int128)a->u.i;
    __int128 y = sgn ? (__int128)sext(wd, b->u.i) : (__int128)b->u.i;
    __int128 r = op == 'a' ? x + y : op == 's' ? x - y : x * y;
    uint64_t res = maskBits(wd, (uint64_t)r);
    __int128 back = sgn ? (__int128)sext(wd, res) : (__int128)res;
    Val v = valAgg(2);
    v.u.e[0] = valInt(wd, res);
    v.u.e[1] = valInt(1, back != r);
    *out = v;
    return true;
  }
  if (nargs == 1 || nargs == 2) {
    /* Elementwise math and integer helpers; is the name one of them? */
    static const char *const known[] = {
        "llvm.fabs.", "llvm.sqrt.", "llvm.amdgcn.sqrt.", "llvm.floor.", "llvm.ceil.",
        "llvm.trunc.", "llvm.round.", "llvm.rint.", "llvm.nearbyint.",
        "llvm.roundeven.", "llvm.exp2.", "llvm.exp.", "llvm.log2.", "llvm.log10.",
        "llvm.log.", "llvm.sin.", "llvm.cos.", "llvm.canonicalize.",
        "llvm.amdgcn.rcp.", "llvm.amdgcn.rsq.", "llvm.amdgcn.fract.", "llvm.ctpop.",
        "llvm.ctlz.", "llvm.cttz.", "llvm.abs.", "llvm.bswap.", "llvm.bitreverse.",
        "llvm.minnum.", "llvm.maxnum.", "llvm.minimum.", "llvm.maximum.",
        "llvm.copysign.", "llvm.pow.", "llvm.ldexp.", "llvm.amdgcn.ldexp.",
        "llvm.powi.", "llvm.smax.", "llvm.smin.", "llvm.umax.", "llvm.umin.",
        "llvm.uadd.sat.", "llvm.usub.sat.", "llvm.sadd.sat.", "llvm.ssub.sat."};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i)
      if (namePrefix(n, len, known[i])) {
        /* ctlz/cttz/abs carry an i1 flag as their second operand. */
        bool unary = nargs == 1 || namePrefix(n, len, "llvm.ctlz.") ||
                     namePrefix(n, len, "llvm.cttz.") || namePrefix(n, len, "llvm.abs.");
        const Val *a = operand(m, f, LLVMGetOperand(inst, 0), lane);
        const Val *b = unary ? NULL : operand(m, f, LLVMGetOperand(inst, 1), lane);
        *out = mapIntrinsic(n, len, a, b, inst);
        return true;
      }
  }
  return false;
}

/*===--- One instruction, one lane ------------------------------------------===*/

void execLane(Machine *m, Wave *w, Frame *f, LLVMValueRef inst, int lane) {
  int gl = linearLane(m, w, lane);
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  LLVMTypeRef rt = LLVMTypeOf(inst);
  Val out = {0};
  bool has = LLVMGetTypeKind(rt) != LLVMVoidTypeKind;
  switch (op) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv:
  case LLVMURem: case LLVMSRem: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMFAdd: case LLVMFSub:
  case LLVMFMul: case LLVMFDiv: case LLVMFRem: {
    bool bad = false;
    out = mapBin(op, operand(m, f, LLVMGetOperand(inst, 0), lane),
                 operand(m, f, LLVMGetOperand(inst, 1), lane), &bad);
    if (bad)
      ubAt(m, inst, gl, "division by zero or overflow");
    break;
  }
  case LLVMFNeg: {
    const Val *a = operand(m, f, LLVMGetOperand(inst, 0), lane);
    valCopy(&out, a);
    if (out.kind == V_AGG)
      for (uint32_t i = 0; i < out.n; ++i)
        out.u.e[i].u.f = -out.u.e[i].u.f;
    else
      out.u.f = -out.u.f;
    break;
  }
  case LLVMICmp:
  case LLVMFCmp:
    out = mapCmp(inst, operand(m, f, LLVMGetOperand(inst, 0), lane),
                 operand(m, f, LLVMGetOperand(inst, 1), lane));
    break;
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPTrunc:
  case LLVMFPExt: case LLVMFPToUI: case LLVMFPToSI: case LLVMUIToFP:
  case LLVMSIToFP: case LLVMPtrToInt: case LLVMIntToPtr: case LLVMBitCast:
  case LLVMAddrSpaceCast: {
    LLVMValueRef src = LLVMGetOperand(inst, 0);
    out = castVal(m, inst, operand(m, f, src, lane), LLVMTypeOf(src), rt, gl);
    break;
  }
  case LLVMSelect: {
    const Val *c = operand(m, f, LLVMGetOperand(inst, 0), lane);
    const Val *a = operand(m, f, LLVMGetOperand(inst, 1), lane);
    const Val *b = operand(m, f, LLVMGetOperand(inst, 2), lane);
    if (c->kind == V_AGG) {
      out = valAgg(a->n);
      for (uint32_t i = 0; i < a->n; ++i)
        valCopy(&out.u.e[i], c->u.e[i].u.i ? &a->u.e[i] : &b->u.e[i]);
    } else {
      valCopy(&out, c->u.i ? a : b);
    }
    break;
  }
  case LLVMFreeze:
    valCopy(&out, operand(m, f, LLVMGetOperand(inst, 0), lane));
    break;
  case LLVMGetElementPtr:
    if (LLVMGetTypeKind(rt) == LLVMVectorTypeKind) {
      uint32_t n = LLVMGetVectorSize(rt);
      out = valAgg(n);
      for (uint32_t i = 0; i < n; ++i)
        out.u.e[i] = gepOne(m, inst, f, lane, i);
    } else {
      out = gepOne(m, inst, f, lane, UINT32_MAX);
    }
    break;
  case LLVMAlloca: {
    LLVMTypeRef t = LLVMGetAllocatedType(inst);
    /* An alloca is per-lane memory; one in LDS (what memref.alloca in the
       workgroup space lowers to) is IR the AMDGPU verifier rejects. */
    if (LLVMGetPointerAddressSpace(rt) == 3)
      unsupported(inst, "an alloca in LDS (addrspace(3))");
    uint64_t count = opInt(m, f, LLVMGetOperand(inst, 0), lane);
    uint64_t size = typeAllocSize(m, t) * count;
    out = valPtr((uint32_t)(m->priv_base + gl),
                 privAlloc(m, gl, size, LLVMGetAlignment(inst)));
    break;
  }
  case LLVMLoad: {
    const Val *p = operand(m, f, LLVMGetOperand(inst, 0), lane);
    uint64_t n = typeStoreSize(m, rt);
    unsigned fl = ACC_READ | (LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic ||
                                      onlyGuessesCmpxchg(inst)
                                  ? ACC_ATOMIC
                                  : 0);
    uint8_t *d = access(m, inst, p, n, gl, fl);
    out = d ? valFromBytes(m, rt, d, gl) : valZero(m, rt);
    break;
  }
  case LLVMStore: {
    LLVMValueRef v = LLVMGetOperand(inst, 0);
    const Val *p = operand(m, f, LLVMGetOperand(inst, 1), lane);
    LLVMTypeRef vt = LLVMTypeOf(v);
    uint64_t n = typeStoreSize(m, vt);
    bool atomic = LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic;
    uint8_t buf[1024];
    if (n > sizeof buf)
      unsupported(inst, "a store of more than 1 KiB");
    memset(buf, 0, n);
    valToBytes(m, vt, operand(m, f, v, lane), buf);
    uint8_t *d = access(m, inst, p, n, gl,
                        ACC_WRITE | (atomic ? ACC_ATOMIC : ACC_STORE));
    if (d)
      memcpy(d, buf, n);
    break;
  }
  case LLVMAtomicRMW: {
    const Val *p = operand(m, f, LLVMGetOperand(inst, 0), lane);
    const Val *v = operand(m, f, LLVMGetOperand(inst, 1), lane);
    uint64_t n = typeStoreSize(m, rt);
    uint8_t *d = access(m, inst, p, n, gl, ACC_READ | ACC_WRITE | ACC_ATOMIC);
    if (!d) {
      out = valZero(m, rt);
      break;
    }
    out = valFromBytes(m, rt, d, gl);
    Val nv = rmw(LLVMGetAtomicRMWBinOp(inst), &out, v);
    valToBytes(m, rt, &nv, d);
    break;
  }
  case LLVMAtomicCmpXchg: {
    const Val *p = operand(m, f, LLVMGetOperand(inst, 0), lane);
    const Val *cmp = operand(m, f, LLVMGetOperand(inst, 1), lane);
    const Val *nv = operand(m, f, LLVMGetOperand(inst, 2), lane);
    LLVMTypeRef vt = LLVMTypeOf(LLVMGetOperand(inst, 1));
    uint64_t n = typeStoreSize(m, vt);
    uint8_t *d = access(m, inst, p, n, gl, ACC_READ | ACC_WRITE | ACC_ATOMIC);
    out = valAgg(2);
    if (!d) {
      out.u.e[0] = valZero(m, vt);
      out.u.e[1] = valInt(1, 0);
      break;
    }
    out.u.e[0] = valFromBytes(m, vt, d, gl);
    bool eq = out.u.e[0].kind == V_PTR ? icmp(LLVMIntEQ, &out.u.e[0], cmp)
                                       : out.u.e[0].u.i == cmp->u.i;
    out.u.e[1] = valInt(1, eq);
    if (eq)
      valToBytes(m, vt, nv, d);
    break;
  }
  case LLVMFence:
    execFence(m, inst, gl);
    break;
  case LLVMExtractValue: {
    const Val *a = operand(m, f, LLVMGetOperand(inst, 0), lane);
    unsigned ni = LLVMGetNumIndices(inst);
    const unsigned *ix = LLVMGetIndices(inst);
    for (unsigned i = 0; i < ni; ++i)
      a = &a->u.e[ix[i]];
    valCopy(&out, a);
    break;
  }
  case LLVMInsertValue: {
    valCopy(&out, operand(m, f, LLVMGetOperand(inst, 0), lane));
    unsigned ni = LLVMGetNumIndices(inst);
    const unsigned *ix = LLVMGetIndices(inst);
    Val *a = &out;
    for (unsigned i = 0; i < ni; ++i)
      a = &a->u.e[ix[i]];
    valSet(a, operand(m, f, LLVMGetOperand(inst, 1), lane));
    break;
  }
  case LLVMExtractElement: {
    const Val *a = operand(m, f, LLVMGetOperand(inst, 0), lane);
    uint64_t i = opInt(m, f, LLVMGetOperand(inst, 1), lane);
    if (i >= a->n)
      out = valZero(m, rt);
    else
      valCopy(&out, &a->u.e[i]);
    break;
  }
  case LLVMInsertElement: {
    valCopy(&out, operand(m, f, LLVMGetOperand(inst, 0), lane));
    uint64_t i = opInt(m, f, LLVMGetOperand(inst, 2), lane);
    if (i < out.n)
      valSet(&out.u.e[i], operand(m, f, LLVMGetOperand(inst, 1), lane));
    break;
  }
  case LLVMShuffleVector: {
    const Val *a = operand(m, f, LLVMGetOperand(inst, 0), lane);
    const Val *b = operand(m, f, LLVMGetOperand(inst, 1), lane);
    unsigned n = LLVMGetNumMaskElements(inst);
    out = valAgg(n);
    LLVMTypeRef et = LLVMGetElementType(rt);
    for (unsigned i = 0; i < n; ++i) {
      int k = LLVMGetMaskValue(inst, i);
      if (k == LLVMGetUndefMaskElem() || k < 0)
        out.u.e[i] = valZero(m, et);
      else if ((uint32_t)k < a->n)
        valCopy(&out.u.e[i], &a->u.e[k]);
      else
        valCopy(&out.u.e[i], &b->u.e[(uint32_t)k - a->n]);
    }
    break;
  }
  case LLVMCall: {
    size_t len;
    const char *n = calleeName(inst, &len);
    if (!len || !laneIntrinsic(m, w, f, inst, lane, n, len, &out))
      unsupported(inst, NULL);
    break;
  }
  default:
    unsupported(inst, NULL);
  }
  if (has) {
    Val *r = reg(m, f, inst, lane);
    valFree(r);
    *r = out;
  } else {
    valFree(&out);
  }
}
