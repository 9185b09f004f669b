/*===- memory.c - amdsync-exec: memory objects and the LDS layout -----------===*
 *
 * Owns the memory of one workgroup: object 0 is null, object 1 the LDS
 * block, in which every addrspace(3) global of the module has an offset of
 * its own (zero-sized external globals, dynamic LDS, all share one region of
 * --dynamic-lds bytes after the static ones), and so does each addrspace(3)
 * pointer kernel argument (OpenCL's __local arguments: a region of
 * --local-arg-bytes each, after the rest); every other global is an object
 * with its initializer; each other pointer kernel argument gets a
 * zero-filled buffer of --global-bytes; the implicit-argument block and the
 * dispatch packet carry the workgroup size the way HIP and clang read it
 * (hidden_group_size_x/y/z at bytes 12/14/16 of implicitarg.ptr,
 * workgroup_size_x/y/z at bytes 4/6/8 of dispatch.ptr); each lane has a
 * private arena for its allocas. memRef checks bounds (an out-of-bounds or
 * null access is a "ub" finding).
 *===----------------------------------------------------------------------===*/
#include "exec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int objNew(Machine *m, int kind, uint64_t size, const char *name) {
  if (m->nobjs == m->capobjs) {
    m->capobjs = m->capobjs ? 2 * m->capobjs : 64;
    m->objs = xrealloc(m->objs, sizeof(Obj) * (size_t)m->capobjs);
  }
  Obj *o = &m->objs[m->nobjs];
  memset(o, 0, sizeof *o);
  o->kind = kind;
  o->size = o->cap = size;
  o->data = xcalloc(size ? size : 1, 1);
  size_t n = strlen(name);
  o->name = xmalloc(n + 1);
  memcpy(o->name, name, n + 1);
  o->lane = -1;
  return m->nobjs++;
}

static const char *valueName(LLVMValueRef v) {
  size_t n;
  const char *s = LLVMGetValueName2(v, &n);
  return n ? s : "";
}

Val globalPtr(Machine *m, LLVMValueRef g) {
  for (int i = 0; i < m->nlds; ++i)
    if (m->lds[i].g == g)
      return valPtr(OBJ_ID_LDS, m->lds[i].offset);
  void *id = pmGet(m->gobjs, g);
  if (!id) {
    if (!LLVMIsAFunction(g))
      unsupported(g, "global not laid out");
    char name[256];
    snprintf(name, sizeof name, "@%s", valueName(g));
    int k = objNew(m, OBJ_FUNC, 0, name);
    m->objs[k].global = g;
    id = (void *)(intptr_t)k;
    pmPut(m->gobjs, g, id);
  }
  return valPtr((uint32_t)(intptr_t)id, 0);
}

static uint64_t alignUp(uint64_t x, uint64_t a) {
  return a <= 1 ? x : (x + a - 1) / a * a;
}

static void put16(uint8_t *p, uint16_t x) { memcpy(p, &x, 2); }
static void put32(uint8_t *p, uint32_t x) { memcpy(p, &x, 4); }

void memLayout(Machine *m) {
  objNew(m, OBJ_NULL, 0, "null");
  objNew(m, OBJ_LDS, 0, "LDS");
  /* LDS: statics in module order, then the dynamic region. */
  uint64_t off = 0, dyn_align = 16;
  int cap = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m->mod); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != 3)
      continue;
    LLVMTypeRef t = LLVMGlobalGetValueType(g);
    uint64_t size = LLVMTypeIsSized(t) ? typeAllocSize(m, t) : 0;
    uint64_t align = LLVMGetAlignment(g) ? LLVMGetAlignment(g) : 4;
    if (m->nlds == cap) {
      cap = cap ? 2 * cap : 16;
      m->lds = xrealloc(m->lds, sizeof(LdsGlobal) * (size_t)cap);
    }
    LdsGlobal *l = &m->lds[m->nlds++];
    l->g = g;
    l->arg = -1;
    l->dynamic = size == 0 && LLVMIsDeclaration(g);
    if (l->dynamic) {
      if (align > dyn_align)
        dyn_align = align;
      continue;
    }
    off = alignUp(off, align);
    l->offset = (uint32_t)off;
    l->size = (uint32_t)size;
    off += size;
  }
  off = alignUp(off, dyn_align);
  for (int i = 0; i < m->nlds; ++i)
    if (m->lds[i].dynamic) {
      m->lds[i].offset = (uint32_t)off;
      m->lds[i].size = m->opt->dynamic_lds;
    }
  bool any_dyn = false;
  for (int i = 0; i < m->nlds; ++i)
    any_dyn |= m->lds[i].dynamic;
  if (any_dyn)
    off += m->opt->dynamic_lds;
  /* __local pointer arguments (the host's dynamic local memory in OpenCL):
     a region of --local-arg-bytes each, in argument order, none shared. */
  unsigned nparams = LLVMCountParams(m->kernel);
  for (unsigned i = 0; i < nparams; ++i) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(m->kernel, i));
    if (LLVMGetTypeKind(t) != LLVMPointerTypeKind ||
        LLVMGetPointerAddressSpace(t) != 3)
      continue;
    if (m->nlds == cap) {
      cap = cap ? 2 * cap : 16;
      m->lds = xrealloc(m->lds, sizeof(LdsGlobal) * (size_t)cap);
    }
    LdsGlobal *l = &m->lds[m->nlds++];
    l->g = LLVMGetParam(m->kernel, i);
    l->arg = (int)i;
    l->dynamic = true;
    off = alignUp(off, 16);
    l->offset = (uint32_t)off;
    l->size = m->opt->local_arg_bytes;
    off += m->opt->local_arg_bytes;
  }
  if (off > 0xffffffffu) {
    fprintf(stderr, "amdsync-exec: LDS larger than 4 GiB\n");
    exit(2);
  }
  m->lds_size = (uint32_t)off;
  Obj *lds = &m->objs[OBJ_ID_LDS];
  free(lds->data);
  lds->data = xcalloc(off ? off : 1, 1);
  lds->size = lds->cap = off;
  m->shadow = xcalloc(off ? off : 1, sizeof(Shadow));

  /* Other globals, with their initial contents. */
  for (LLVMValueRef g = LLVMGetFirstGlobal(m->mod); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3)
      continue;
    LLVMTypeRef t = LLVMGlobalGetValueType(g);
    uint64_t size = LLVMTypeIsSized(t) ? typeAllocSize(m, t) : 0;
    char name[256];
    snprintf(name, sizeof name, "@%s", valueName(g));
    int k = objNew(m, LLVMIsGlobalConstant(g) ? OBJ_CONST : OBJ_GLOBAL, size, name);
    m->objs[k].global = g;
    pmPut(m->gobjs, g, (void *)(intptr_t)k);
  }
  /* Initializers after every global has an object (they may point at each
     other). */
  for (int k = 0; k < m->nobjs; ++k) {
    Obj *o = &m->objs[k];
    if (!o->global || LLVMIsAFunction(o->global))
      continue;
    LLVMValueRef init = LLVMGetInitializer(o->global);
    if (!init || o->size == 0)
      continue;
    const char *sec = LLVMGetSection(o->global);
    if (sec && strcmp(sec, "llvm.metadata") == 0)
      continue;
    const Val *v = constVal(m, init);
    valToBytes(m, LLVMGlobalGetValueType(o->global), v, m->objs[k].data);
    m->objs[k].init = xmalloc(m->objs[k].size);
    memcpy(m->objs[k].init, m->objs[k].data, m->objs[k].size);
  }

  /* Kernel arguments: its LDS region for an addrspace(3) pointer, a buffer
     for any other pointer, values for the rest. */
  m->argvals = xcalloc(nparams, sizeof(Val));
  const char *a = m->opt->args;
  for (unsigned i = 0; i < nparams; ++i) {
    LLVMValueRef p = LLVMGetParam(m->kernel, i);
    LLVMTypeRef t = LLVMTypeOf(p);
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind &&
        LLVMGetPointerAddressSpace(t) == 3) {
      for (int k = 0; k < m->nlds; ++k)
        if (m->lds[k].arg == (int)i)
          m->argvals[i] = valPtr(OBJ_ID_LDS, m->lds[k].offset);
      continue;
    }
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
      char name[256];
      const char *pn = valueName(p);
      if (*pn)
        snprintf(name, sizeof name, "%%%s", pn);
      else
        snprintf(name, sizeof name, "argument %u", i);
      int k = objNew(m, OBJ_GLOBAL, m->opt->global_bytes, name);
      m->argvals[i] = valPtr((uint32_t)k, 0);
      continue;
    }
    /* Scalars: the next value of --args, 0 when the list is exhausted. */
    char *end = NULL;
    double d = 0;
    long long x = 0;
    bool have = a && *a;
    if (have) {
      x = strtoll(a, &end, 0);
      if (*end == '.' || *end == 'e') {
        d = strtod(a, &end);
        x = (long long)d;
      } else {
        d = (double)x;
      }
      if (end == a || (*end && *end != ',')) {
        fprintf(stderr, "amdsync-exec: bad --args value at '%s'\n", a);
        exit(2);
      }
      a = *end ? end + 1 : end;
    }
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind:
      if (LLVMGetIntTypeWidth(t) > 64)
        unsupported(p, "kernel argument wider than 64 bits");
      m->argvals[i] = valInt(LLVMGetIntTypeWidth(t), (uint64_t)x);
      break;
    case LLVMHalfTypeKind:
    case LLVMBFloatTypeKind:
    case LLVMFloatTypeKind:
    case LLVMDoubleTypeKind:
      m->argvals[i] = valFp(fpKindOf(t), d);
      break;
    default:
      if (have)
        unsupported(p, "a kernel argument of this type");
      m->argvals[i] = valZero(m, t);
      break;
    }
  }

  /* Implicit arguments (code object v5) and the dispatch packet. */
  m->implicitarg_obj = objNew(m, OBJ_CONST, 256, "implicitarg");
  uint8_t *ia = m->objs[m->implicitarg_obj].data;
  put32(ia + 0, 1);
  put32(ia + 4, 1);
  put32(ia + 8, 1);
  put16(ia + 12, (uint16_t)m->block[0]);
  put16(ia + 14, (uint16_t)m->block[1]);
  put16(ia + 16, (uint16_t)m->block[2]);
  put16(ia + 64, (uint16_t)(m->block[2] > 1 ? 3 : m->block[1] > 1 ? 2 : 1));
  m->objs[m->implicitarg_obj].init = xmalloc(256);
  memcpy(m->objs[m->implicitarg_obj].init, ia, 256);
  m->dispatch_obj = objNew(m, OBJ_CONST, 64, "dispatch");
  uint8_t *dp = m->objs[m->dispatch_obj].data;
  put16(dp + 2, (uint16_t)(m->block[2] > 1 ? 3 : m->block[1] > 1 ? 2 : 1));
  put16(dp + 4, (uint16_t)m->block[0]);
  put16(dp + 6, (uint16_t)m->block[1]);
  put16(dp + 8, (uint16_t)m->block[2]);
  put32(dp + 12, (uint32_t)m->block[0]);
  put32(dp + 16, (uint32_t)m->block[1]);
  put32(dp + 20, (uint32_t)m->block[2]);
  put32(dp + 28, m->lds_size);
  m->objs[m->dispatch_obj].init = xmalloc(64);
  memcpy(m->objs[m->dispatch_obj].init, dp, 64);

  /* Private arenas, one per lane. */
  m->priv_base = m->nobjs;
  for (int l = 0; l < m->nlanes; ++l) {
    char name[64];
    snprintf(name, sizeof name, "private of lane %d", l);
    int k = objNew(m, OBJ_PRIVATE, 0, name);
    m->objs[k].lane = l;
  }
  m->fixed_objs = m->nobjs;
}

void memReset(Machine *m) {
  for (int k = 0; k < m->nobjs; ++k) {
    Obj *o = &m->objs[k];
    if (o->kind == OBJ_PRIVATE) {
      o->size = 0;
      continue;
    }
    if (o->init)
      memcpy(o->data, o->init, o->size);
    else if (o->size)
      memset(o->data, 0, o->size);
  }
}

uint64_t privAlloc(Machine *m, int lane, uint64_t size, uint64_t align) {
  Obj *o = &m->objs[m->priv_base + lane];
  uint64_t off = alignUp(o->size, align ? align : 1);
  /* Offset 0 stays unused so that no alloca is null. */
  if (off == 0)
    off = align > 16 ? align : 16;
  uint64_t end = off + size;
  if (end > 0xffffffffu)
    unsupported(NULL, "private memory above 4 GiB");
  if (end > o->cap) {
    uint64_t cap = o->cap ? o->cap : 256;
    while (cap < end)
      cap *= 2;
    o->data = xrealloc(o->data, cap);
    o->cap = cap;
  }
  memset(o->data + o->size, 0, end - o->size);
  o->size = end;
  return off;
}

void ldsDescribe(Machine *m, uint32_t off, char *buf, size_t size) {
  for (int i = 0; i < m->nlds; ++i) {
    LdsGlobal *l = &m->lds[i];
    if (off < l->offset || off - l->offset >= l->size)
      continue;
    const char *n = valueName(l->g);
    if (l->arg < 0)
      snprintf(buf, size, "byte %u of @%s", off - l->offset, n);
    else if (*n)
      snprintf(buf, size, "byte %u of %%%s", off - l->offset, n);
    else
      snprintf(buf, size, "byte %u of argument %d", off - l->offset, l->arg);
    return;
  }
  snprintf(buf, size, "byte %u of LDS", off);
}

static void ub(Machine *m, LLVMValueRef inst, int lane, const char *what) {
  if (!findingNew(m, F_UB, inst, NULL))
    return;
  char *t = instText(inst);
  char ln[64];
  laneName(m, lane, ln, sizeof ln);
  printf("ub: %s: %s at %s (%s)\n", m->kname, what, t, ln);
  free(t);
}

uint8_t *memRef(Machine *m, LLVMValueRef inst, const Val *p, uint64_t n,
                int lane) {
  if (p->kind != V_PTR) {
    ub(m, inst, lane, "access through a non-pointer");
    return NULL;
  }
  uint32_t id = p->u.p.obj;
  if (id == OBJ_ID_NULL || id >= (uint32_t)m->nobjs ||
      m->objs[id].kind == OBJ_FUNC) {
    ub(m, inst, lane, "access through a null or invalid pointer");
    return NULL;
  }
  Obj *o = &m->objs[id];
  uint64_t off = p->u.p.off;
  if (id == OBJ_ID_LDS)
    off &= 0xffffffffu;
  if (off > o->size || n > o->size - off) {
    char what[160];
    snprintf(what, sizeof what, "out-of-bounds access to %s (byte %llu, size %llu)",
             o->name, (unsigned long long)off, (unsigned long long)o->size);
    ub(m, inst, lane, what);
    return NULL;
  }
  return o->data + off;
}
