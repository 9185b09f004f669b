/*===- main.c - amdsync-exec: options, kernels, schedules, the summary ------===*
 *
 *   amdsync-exec [--kernel=NAME] [--target=CHIP] [--wave=32|64]
 *                [--block=X[,Y[,Z]]] [--default-block=X[,Y[,Z]]]
 *                [--args=V1,V2,...] [--dynamic-lds=BYTES]
 *                [--local-arg-bytes=N] [--global-bytes=N] [--schedules=N]
 *                [--seed=S] [--max-steps=N] [--waw=on|off] <file.ll|->
 *
 * Owns the command line, loading the module, choosing kernels, each
 * kernel's chip, wave size and workgroup size, running the schedules and
 * printing the summary line. Exit status: 0 clean, 1 findings, 2 usage or
 * parse error, 3 unsupported IR, 4 step limit.
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "exec.h"

#include "llvm-c/IRReader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What clang emits for amdgcn-amd-amdhsa; used when a module (mlir-translate
   output) has no data layout of its own. */
static const char kAmdgpuLayout[] =
    "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-"
    "p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-"
    "v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-"
    "v2048:2048-n32:64-S32-A5-G1-ni:7:8:9";

static void usage(void) {
  fprintf(stderr,
          "usage: amdsync-exec [--kernel=NAME] [--target=CHIP] [--wave=32|64]\n"
          "                    [--block=X[,Y[,Z]]] [--default-block=X[,Y[,Z]]]\n"
          "                    [--args=V1,V2,...]\n"
          "                    [--dynamic-lds=BYTES] [--local-arg-bytes=N]\n"
          "                    [--global-bytes=N]\n"
          "                    [--schedules=N] [--seed=S] [--max-steps=N]\n"
          "                    [--waw=on|off] <file.ll|->\n");
  exit(2);
}

static bool opt(const char *arg, const char *name, const char **val) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) != 0 || arg[n] != '=')
    return false;
  *val = arg + n + 1;
  return true;
}

static uint64_t number(const char *s, const char *what) {
  char *end;
  unsigned long long x = strtoull(s, &end, 0);
  if (end == s || *end) {
    fprintf(stderr, "amdsync-exec: bad %s '%s'\n", what, s);
    exit(2);
  }
  return x;
}

static const char *stringAttr(LLVMValueRef fn, const char *key, unsigned *len) {
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
  *len = 0;
  return a ? LLVMGetStringAttributeValue(a, len) : NULL;
}

/* Chip, generation and wave size of a kernel. */
static bool chipOf(Machine *m, LLVMValueRef fn, const Options *o) {
  unsigned len = 0;
  const char *cpu = stringAttr(fn, "target-cpu", &len);
  char chip[32] = "";
  if (o->target)
    snprintf(chip, sizeof chip, "%s", o->target);
  else if (cpu && len < sizeof chip) {
    memcpy(chip, cpu, len);
    chip[len] = 0;
  }
  if (strncmp(chip, "gfx", 3) != 0 || strlen(chip) < 4) {
    fprintf(stderr,
            "amdsync-exec: %s: no target: the function has no \"target-cpu\"; "
            "give --target=<chip>\n",
            m->kname);
    return false;
  }
  size_t digits = strlen(chip + 3);
  m->gen = digits <= 3 ? chip[3] - '0' : (chip[3] - '0') * 10 + (chip[4] - '0');
  m->gfx1250 = strcmp(chip, "gfx1250") == 0;
  if (m->gen < 6 || m->gen > 12) {
    fprintf(stderr, "amdsync-exec: %s: unknown target '%s'\n", m->kname, chip);
    return false;
  }
  const char *feat = stringAttr(fn, "target-features", &len);
  bool w64 = feat && memmem(feat, len, "+wavefrontsize64", 16);
  m->wsize = o->wave ? o->wave : (m->gen <= 9 || w64) ? 64 : 32;
  return true;
}

static bool blockOf(Machine *m, LLVMValueRef fn, const Options *o) {
  if (o->have_block) {
    memcpy(m->block, o->block, sizeof m->block);
    return true;
  }
  size_t n = 0;
  LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(fn, &n);
  unsigned kind = LLVMGetMDKindIDInContext(m->ctx, "reqd_work_group_size", 20);
  bool found = false;
  for (size_t i = 0; i < n && !found; ++i) {
    if (LLVMValueMetadataEntriesGetKind(md, (unsigned)i) != kind)
      continue;
    LLVMValueRef node = LLVMMetadataAsValue(
        m->ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i));
    if (LLVMGetMDNodeNumOperands(node) != 3)
      continue;
    LLVMValueRef ops[3];
    LLVMGetMDNodeOperands(node, ops);
    for (int k = 0; k < 3; ++k)
      m->block[k] = ops[k] && LLVMIsAConstantInt(ops[k])
                        ? (int)LLVMConstIntGetZExtValue(ops[k])
                        : 1;
    found = true;
  }
  if (md)
    LLVMDisposeValueMetadataEntries(md);
  if (found)
    return true;
  unsigned len;
  const char *fw = stringAttr(fn, "amdgpu-flat-work-group-size", &len);
  if (fw) {
    char buf[64];
    snprintf(buf, sizeof buf, "%.*s", (int)len, fw);
    const char *comma = strchr(buf, ',');
    if (comma) {
      m->block[0] = atoi(comma + 1);
      m->block[1] = m->block[2] = 1;
      return true;
    }
  }
  if (o->default_block[0] > 0) {
    memcpy(m->block, o->default_block, sizeof m->block);
    return true;
  }
  fprintf(stderr,
          "amdsync-exec: %s: no workgroup size (no reqd_work_group_size, no "
          "amdgpu-flat-work-group-size); give --block=X,Y,Z\n",
          m->kname);
  return false;
}

/* Runs every schedule of one kernel; returns its exit status. */
static int runKernel(LLVMModuleRef mod, LLVMValueRef fn, const Options *o) {
  Machine mm;
  Machine *m = &mm;
  memset(m, 0, sizeof *m);
  Findings findings;
  memset(&findings, 0, sizeof findings);
  m->opt = o;
  m->mod = mod;
  m->ctx = LLVMGetModuleContext(mod);
  m->kernel = fn;
  size_t nl;
  m->kname = LLVMGetValueName2(fn, &nl);
  m->findings = &findings;
  if (!chipOf(m, fn, o) || !blockOf(m, fn, o))
    return 2;
  m->nlanes = m->block[0] * m->block[1] * m->block[2];
  if (m->nlanes <= 0 || m->nlanes > 1024 || m->block[0] <= 0 ||
      m->block[1] <= 0 || m->block[2] <= 0) {
    fprintf(stderr, "amdsync-exec: %s: workgroup of %d lanes (1 to 1024)\n",
            m->kname, m->nlanes);
    return 2;
  }
  m->nwaves = (m->nlanes + m->wsize - 1) / m->wsize;
  const char *dl = LLVMGetDataLayoutStr(mod);
  m->td = LLVMCreateTargetData(dl && *dl ? dl : kAmdgpuLayout);
  m->fninfo = pmNew();
  m->consts = pmNew();
  m->gobjs = pmNew();
  m->mmra_kind = LLVMGetMDKindIDInContext(m->ctx, "mmra", 4);
  m->scope_wave = LLVMGetSyncScopeID(m->ctx, "wavefront", 9);
  unsigned wave1as = LLVMGetSyncScopeID(m->ctx, "wavefront-one-as", 16);
  m->scope_single = LLVMGetSyncScopeID(m->ctx, "singlethread", 12);
  (void)wave1as;
  memLayout(m);

  uint64_t bmin = UINT64_MAX, bmax = 0, wmin = UINT64_MAX, wmax = 0;
  int ran = 0;
  for (int s = 0; s < o->schedules; ++s) {
    uint64_t seed = o->seed * 0x100000001B3ull + (uint64_t)s * 0x9E3779B97F4A7C15ull + 1;
    m->steps = 0;
    runSchedule(m, seed, s);
    ran++;
    if (m->step_limit)
      break;
    if (!m->aborted) {
      if (m->barriers < bmin) bmin = m->barriers;
      if (m->barriers > bmax) bmax = m->barriers;
      if (m->wave_barriers < wmin) wmin = m->wave_barriers;
      if (m->wave_barriers > wmax) wmax = m->wave_barriers;
    }
  }
  if (bmin == UINT64_MAX) {
    bmin = bmax = m->barriers;
    wmin = wmax = m->wave_barriers;
  }
  if (m->step_limit)
    printf("amdsync-exec: %s: step limit: more than %llu steps in schedule %d\n",
           m->kname, (unsigned long long)o->max_steps, ran - 1);
  char status[64] = "";
  static const struct {
    unsigned bit;
    const char *name;
  } kinds[] = {{F_RACE, "race"}, {F_HANG, "hang"}, {F_ASYNC, "async"}, {F_UB, "ub"}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i)
    if (findings.kinds & kinds[i].bit) {
      if (*status)
        strcat(status, ",");
      strcat(status, kinds[i].name);
    }
  if (!*status)
    strcpy(status, m->step_limit ? "step-limit" : "clean");
  char bs[64], ws[64];
  if (bmin == bmax)
    snprintf(bs, sizeof bs, "%llu", (unsigned long long)bmin);
  else
    snprintf(bs, sizeof bs, "%llu-%llu", (unsigned long long)bmin,
             (unsigned long long)bmax);
  if (wmin == wmax)
    snprintf(ws, sizeof ws, "%llu", (unsigned long long)wmin);
  else
    snprintf(ws, sizeof ws, "%llu-%llu", (unsigned long long)wmin,
             (unsigned long long)wmax);
  printf("amdsync-exec: %s: %s barriers=%s wave-barriers=%s schedules=%d\n",
         m->kname, status, bs, ws, ran);
  fflush(stdout);
  int rc = m->step_limit ? 4 : findings.kinds ? 1 : 0;

  /* Release what the run made. */
  for (int i = 0; i < m->nwaves; ++i) {
    Wave *w = &m->waves[i];
    for (int k = 0; k < w->nframes; ++k) {
      Frame *f = &w->frames[k];
      size_t n = (size_t)f->fi->nslots * (size_t)m->wsize;
      for (size_t j = 0; j < n; ++j)
        valFree(&f->regs[j]);
      free(f->regs);
      free(f->prev);
      free(f->priv_mark);
      free(f->stack);
    }
    free(w->frames);
    for (int c = 0; c < CNT_COUNT; ++c)
      free(w->fifo[c]);
  }
  free(m->waves);
  transfersReset(m);
  free(m->transfers);
  for (int k = 0; k < PHASE_RING; ++k)
    free(m->phases[k].clock);
  for (uint32_t b = 0; b < m->lds_size; ++b)
    free(m->shadow[b].reads);
  free(m->shadow);
  free(m->vc);
  free(m->rel_wg);
  free(m->rel_wave);
  free(m->pend_wg);
  free(m->pend_wave);
  for (int k = 0; k < m->nobjs; ++k) {
    free(m->objs[k].data);
    free(m->objs[k].init);
    free(m->objs[k].name);
  }
  free(m->objs);
  free(m->lds);
  unsigned np = LLVMCountParams(fn);
  for (unsigned i = 0; i < np; ++i)
    valFree(&m->argvals[i]);
  free(m->argvals);
  for (size_t i = 0; i < m->consts->cap; ++i)
    if (m->consts->keys[i]) {
      Val *v = m->consts->vals[i];
      valFree(v);
      free(v);
    }
  pmFree(m->consts);
  for (size_t i = 0; i < m->fninfo->cap; ++i)
    if (m->fninfo->keys[i]) {
      FnInfo *fi = m->fninfo->vals[i];
      free(fi->blocks);
      free(fi->ipdom);
      pmFree(fi->slots);
      pmFree(fi->bindex);
      free(fi);
    }
  pmFree(m->fninfo);
  pmFree(m->gobjs);
  free(findings.keys);
  LLVMDisposeTargetData(m->td);
  return rc;
}

int main(int argc, char **argv) {
  Options o;
  memset(&o, 0, sizeof o);
  o.dynamic_lds = 4096;
  o.local_arg_bytes = 4096;
  o.global_bytes = 64 * 1024;
  o.schedules = 8;
  o.seed = 1;
  o.max_steps = 5000000;
  o.waw = true;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v;
    if (opt(a, "--kernel", &v))
      o.kernel = v;
    else if (opt(a, "--target", &v))
      o.target = v;
    else if (opt(a, "--wave", &v)) {
      o.wave = (int)number(v, "--wave");
      if (o.wave != 32 && o.wave != 64)
        usage();
    } else if (opt(a, "--block", &v)) {
      o.block[0] = o.block[1] = o.block[2] = 1;
      if (sscanf(v, "%d,%d,%d", &o.block[0], &o.block[1], &o.block[2]) < 1)
        usage();
      o.have_block = true;
    } else if (opt(a, "--default-block", &v)) {
      o.default_block[0] = o.default_block[1] = o.default_block[2] = 1;
      if (sscanf(v, "%d,%d,%d", &o.default_block[0], &o.default_block[1],
                 &o.default_block[2]) < 1 ||
          o.default_block[0] <= 0)
        usage();
    } else if (opt(a, "--args", &v))
      o.args = v;
    else if (opt(a, "--dynamic-lds", &v))
      o.dynamic_lds = (uint32_t)number(v, "--dynamic-lds");
    else if (opt(a, "--local-arg-bytes", &v))
      o.local_arg_bytes = (uint32_t)number(v, "--local-arg-bytes");
    else if (opt(a, "--global-bytes", &v))
      o.global_bytes = number(v, "--global-bytes");
    else if (opt(a, "--schedules", &v))
      o.schedules = (int)number(v, "--schedules");
    else if (opt(a, "--seed", &v))
      o.seed = number(v, "--seed");
    else if (opt(a, "--max-steps", &v))
      o.max_steps = number(v, "--max-steps");
    else if (opt(a, "--waw", &v)) {
      if (strcmp(v, "on") && strcmp(v, "off"))
        usage();
      o.waw = strcmp(v, "on") == 0;
    } else if (!strcmp(a, "-h") || !strcmp(a, "--help"))
      usage();
    else if (a[0] == '-' && a[1])
      usage();
    else if (o.file)
      usage();
    else
      o.file = a;
  }
  if (!o.file || o.schedules < 1)
    usage();

  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf;
  char *err = NULL;
  LLVMBool bad = strcmp(o.file, "-") == 0
                     ? LLVMCreateMemoryBufferWithSTDIN(&buf, &err)
                     : LLVMCreateMemoryBufferWithContentsOfFile(o.file, &buf, &err);
  if (bad) {
    fprintf(stderr, "amdsync-exec: %s: %s\n", o.file, err ? err : "cannot read");
    LLVMDisposeMessage(err);
    LLVMContextDispose(ctx);
    return 2;
  }
  LLVMModuleRef mod;
  if (LLVMParseIRInContext(ctx, buf, &mod, &err)) {
    fprintf(stderr, "amdsync-exec: %s: %s\n", o.file, err ? err : "parse error");
    LLVMDisposeMessage(err);
    LLVMContextDispose(ctx);
    return 2;
  }
  int rc = 0, nk = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn))
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    if (o.kernel ? !(strlen(o.kernel) == len && !memcmp(o.kernel, name, len))
                 : LLVMGetFunctionCallConv(fn) != LLVMAMDGPUKERNELCallConv)
      continue;
    nk++;
    int r = runKernel(mod, fn, &o);
    if (r == 2 || r == 4 || (r == 1 && rc == 0))
      rc = r > rc ? r : rc;
  }
  if (!nk) {
    fprintf(stderr, "amdsync-exec: no %s%s in %s\n",
            o.kernel ? "function named " : "amdgpu_kernel function",
            o.kernel ? o.kernel : "", o.file);
    rc = 2;
  }
  LLVMDisposeModule(mod);
  LLVMContextDispose(ctx);
  return rc;
}
