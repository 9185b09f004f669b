/*===- passes.c - The passes on LLVM IR -------------------------------------===*
 *
 * Resolves a function's target (the option, else its "target-cpu"), wave
 * size ("+wavefrontsize64" in "target-features" where the chip has wave64)
 * and whether its workgroup fits one wave ("amdgpu-flat-work-group-size",
 * !reqd_work_group_size, `range` on all three workitem.id calls), translates it in an arena of its own and runs
 * the barrier placement, the wait placement or the checker of the core.
 * Nothing is shared between calls: safe under a parallel pass
 * manager.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"
#include "../shared/pipeline.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A string attribute of the function, copied into `buf` ("" if absent). */
static void functionAttr(LLVMValueRef f, const char *key, char *buf,
                         size_t size) {
  buf[0] = '\0';
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(
      f, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
  if (!a)
    return;
  unsigned len;
  const char *v = LLVMGetStringAttributeValue(a, &len);
  snprintf(buf, size, "%.*s", (int)len, v);
}

/* Function `f`'s metadata attachment `name` (`!reqd_work_group_size`,
   `!kernel_arg_addr_space`) as a value, or NULL. LLVMGetMetadata reads
   instructions only; a function's attachments come from
   LLVMGlobalCopyAllMetadata. */
LLVMValueRef amdsyncLlvmFunctionMetadata(LLVMValueRef f, const char *name) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(f));
  unsigned kind = LLVMGetMDKindIDInContext(ctx, name, (unsigned)strlen(name));
  size_t n = 0;
  LLVMValueMetadataEntry *entries = LLVMGlobalCopyAllMetadata(f, &n);
  LLVMValueRef md = NULL;
  for (unsigned i = 0; i < n && !md; ++i)
    if (LLVMValueMetadataEntriesGetKind(entries, i) == kind)
      md = LLVMMetadataAsValue(ctx,
                               LLVMValueMetadataEntriesGetMetadata(entries, i));
  if (entries)
    LLVMDisposeValueMetadataEntries(entries);
  return md;
}

/* Whether kernel `f`'s LDS pointer arguments each point to a buffer of
   their own: an OpenCL kernel (clang marks one with
   `!kernel_arg_addr_space`), whose `__local` arguments the runtime
   allocates one by one (clSetKernelArg with a size and no value; a
   "dynamic_shared_pointer" each in the code object, spec/amdgpu-usage.txt).
   A kernel from elsewhere keeps the conservative answer: its LDS pointer
   arguments may point into one another; so does a module with dynamic LDS
   (amdsyncLlvmModuleHasDynamicLds), which may share their start. */
static bool localArgumentsApart(LLVMValueRef f, LLVMValueRef launch) {
  return launch &&
         amdsyncLlvmFunctionMetadata(f, "kernel_arg_addr_space") != NULL &&
         !amdsyncLlvmModuleHasDynamicLds(LLVMGetGlobalParent(f));
}

/* The threads per dimension !reqd_work_group_size states (0: unknown). */
static void reqdWorkgroupSize(LLVMValueRef f, int64_t size[3]) {
  LLVMValueRef md = amdsyncLlvmFunctionMetadata(f, "reqd_work_group_size"), ops[3];
  for (int d = 0; d < 3; ++d)
    size[d] = 0;
  if (!md || LLVMGetMDNodeNumOperands(md) != 3)
    return;
  LLVMGetMDNodeOperands(md, ops);
  for (int d = 0; d < 3; ++d)
    if (ops[d] && LLVMIsAConstantInt(ops[d]) &&
        LLVMConstIntGetSExtValue(ops[d]) > 0)
      size[d] = LLVMConstIntGetSExtValue(ops[d]);
}

/* The most lanes a workgroup may have, or -1 when unknown. */
static long long maxWorkgroupSize(LLVMValueRef f) {
  char buf[64];
  functionAttr(f, "amdgpu-flat-work-group-size", buf, sizeof buf);
  const char *comma = strchr(buf, ',');
  if (comma) {
    char *end;
    long long hi = strtoll(comma + 1, &end, 10);
    if (end != comma + 1 && *end == '\0' && hi > 0)
      return hi;
  }
  int64_t size[3];
  reqdWorkgroupSize(f, size);
  long long product = 1;
  for (int i = 0; i < 3; ++i)
    if (size[i] <= 0 ||
        __builtin_mul_overflow(product, (long long)size[i], &product))
      return -1;
  return product;
}

/* The upper bound of a `range(iN 0, hi)` return attribute on `call` with
   hi <= 1024 (the most lanes a workgroup dimension has), or -1. The C API
   reads no constant-range attribute back, but attributes are uniqued in
   their context: the call's attribute is the one LLVMCreateConstantRange-
   Attribute makes for [0, hi), for one hi. Printing the call to read it
   numbered the whole module each time (quadratic in functions). */
static long long callRangeBound(LLVMValueRef call) {
  unsigned kind = LLVMGetEnumAttributeKindForName("range", 5);
  LLVMAttributeRef a =
      kind ? LLVMGetCallSiteEnumAttribute(call, LLVMAttributeReturnIndex, kind)
           : NULL;
  LLVMTypeRef t = LLVMTypeOf(call);
  if (!a || LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
    return -1;
  unsigned bits = LLVMGetIntTypeWidth(t);
  if (bits > 64)
    return -1;
  LLVMContextRef ctx = LLVMGetTypeContext(t);
  for (uint64_t hi = 1; hi <= 1024; ++hi) {
    uint64_t lo = 0;
    if (LLVMCreateConstantRangeAttribute(ctx, kind, bits, &lo, &hi) == a)
      return (long long)hi;
  }
  return -1;
}

int amdsyncLlvmRangeMetadata(LLVMValueRef inst, int64_t *lo, int64_t *end) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(inst));
  LLVMValueRef md =
      LLVMGetMetadata(inst, LLVMGetMDKindIDInContext(ctx, "range", 5));
  unsigned n = md ? LLVMGetMDNodeNumOperands(md) : 0;
  if (n < 2 || n % 2 != 0 || n > 64)
    return 0;
  LLVMValueRef ops[64];
  LLVMGetMDNodeOperands(md, ops);
  for (unsigned i = 0; i < n; i += 2) {
    if (!ops[i] || !ops[i + 1] || !LLVMIsAConstantInt(ops[i]) ||
        !LLVMIsAConstantInt(ops[i + 1]))
      return 0;
    int64_t a = LLVMConstIntGetSExtValue(ops[i]),
            b = LLVMConstIntGetSExtValue(ops[i + 1]);
    if (a < 0 || a >= b)
      return 0; /* wraps: no bound from it */
    *lo = i == 0 || a < *lo ? a : *lo;
    *end = i == 0 || b > *end ? b : *end;
  }
  return (int)(n / 2);
}

/* The exclusive upper bound a `range` return attribute or `!range`
   metadata puts on the value of call `call`, or -1 (none, or a range that
   wraps). */
static long long rangeUpperBound(LLVMValueRef call) {
  long long hi = callRangeBound(call);
  int64_t lo, end;
  if (amdsyncLlvmRangeMetadata(call, &lo, &end) > 0 && (hi < 0 || end < hi))
    hi = end;
  return hi;
}

/* The most lanes a workgroup may have by the ranges the function's
   `llvm.amdgcn.workitem.id.{x,y,z}` calls carry: a bound needs all three
   dimensions (a dimension the kernel never asks about may be wide), or -1. */
static long long rangeWorkgroupSize(LLVMValueRef f, long long dim[3]) {
  /* A range that a lane's id breaks makes only that call's value poison:
     a dimension is bounded only when every call of its id has a range,
     and then by the largest (a reviewer's kernel: one unused call with
     range(0, 64) and the id used from another call without). */
  bool every[3] = {true, true, true};
  for (int d = 0; d < 3; ++d)
    dim[d] = -1;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i))
        continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      size_t len = 0;
      const char *name = callee && LLVMIsAFunction(callee)
                             ? LLVMGetValueName2(callee, &len)
                             : "";
      static const char prefix[] = "llvm.amdgcn.workitem.id.";
      const size_t n = sizeof prefix - 1;
      if (len != n + 1 || memcmp(name, prefix, n) != 0 || name[n] < 'x' ||
          name[n] > 'z')
        continue;
      long long hi = rangeUpperBound(i);
      int d = name[n] - 'x';
      if (hi <= 0)
        every[d] = false;
      else if (hi > dim[d])
        dim[d] = hi;
    }
  for (int d = 0; d < 3; ++d)
    if (!every[d])
      dim[d] = -1;
  long long product = 1;
  for (int d = 0; d < 3; ++d)
    if (dim[d] < 0 || __builtin_mul_overflow(product, dim[d], &product))
      return -1;
  return product;
}

/* Resolves the target of `func` into `fn` (reporting an error when there
   is none), or NULL. */
static const AmdsyncTarget *resolveTarget(AmdsyncLlvmFunction *fn,
                                          const char *pass, int *wave) {
  char chip[64], features[1024];
  const AmdsyncLlvmOptions *o = fn->options;
  if (o->target && *o->target)
    snprintf(chip, sizeof chip, "%s", o->target);
  else
    functionAttr(fn->func, "target-cpu", chip, sizeof chip);
  const AmdsyncTarget *t = chip[0] ? amdsyncTargetLookup(chip) : NULL;
  if (!t) {
    char msg[1024];
    if (chip[0])
      snprintf(msg, sizeof msg, "amdsync: unknown target '%s'; known: %s", chip,
               amdsyncTargetKnownList());
    else
      snprintf(msg, sizeof msg,
               "amdsync: no target: give the function a \"target-cpu\" or pass "
               "the chip (%s<target=gfx942>)",
               pass);
    amdsyncLlvmError(fn, NULL, msg);
    return NULL;
  }
  functionAttr(fn->func, "target-features", features, sizeof features);
  *wave = t->supports_wave64 && strstr(features, "+wavefrontsize64")
              ? 64
              : t->default_wave_size;
  return t;
}

/* Translates `func` as it now is into a fresh `fn` (its own arena and data
   layout; release with closeFunction), finalized, asking the module's
   escape question through `escapes` (the caller's: one answer serves all
   its translations, as the passes store no pointer). False after an error
   (reported). */
/* Frees the uniformity analysis's graph of the blocks, which translation
   kept for the iteration tables (AmdsyncLlvmFunction.blocks): the peak of
   the hazard analysis that follows need not hold it. */
static void dropBlockGraph(AmdsyncLlvmFunction *fn) {
  if (fn->blocks_arena)
    amdsyncArenaDestroy(fn->blocks_arena);
  fn->blocks_arena = NULL;
  fn->blocks = NULL;
  fn->blocks_bb = NULL;
  fn->nblocks_bb = 0;
  fn->blocks_open = false;
}

/* Translates `func` as openFunction does; a helper with the parameters
   `uniform_params` names (AmdsyncLlvmFunction.uniform_params) the same in
   every lane. */
static bool openFunctionAs(AmdsyncLlvmFunction *fn, LLVMValueRef func,
                           const AmdsyncLlvmOptions *o, const char *pass,
                           const char *purpose, AmdsyncLlvmEscapes *escapes,
                           uint64_t uniform_params,
                           const AmdsyncLlvmUniformity *kept) {
  memset(fn, 0, sizeof *fn);
  fn->purpose = purpose;
  fn->func = func;
  fn->escapes = escapes;
  fn->options = o;
  fn->unknown_resource = -1;
  fn->launch = amdsyncLlvmLaunchingKernel(func);
  fn->uniform_params = uniform_params;
  fn->arguments_apart = localArgumentsApart(func, fn->launch);
  int wave = 64;
  fn->target = resolveTarget(fn, pass, &wave);
  if (!fn->target)
    return false;
  fn->arena = amdsyncArenaCreate();
  fn->program = amdsyncProgramCreate(fn->arena);
  amdsyncProgramSetOptions(fn->program, o->waw_hazards, amdsyncTraceFromEnv());
  fn->layout =
      LLVMCreateTargetData(LLVMGetDataLayoutStr(LLVMGetGlobalParent(func)));
  long long dims[3];
  /* An OpenCL kernel's body that another kernel calls too runs in that
     kernel's workgroups: the size attributes clang copied to it from its
     own kernel are not its workgroup's (a review's K1 of 256 lanes calling
     K2's body, flat size 1,128). */
  bool own_size = fn->launch || !amdsyncLlvmIsOpenclKernelBody(func);
  long long size = own_size ? maxWorkgroupSize(func) : -1,
            ranged = rangeWorkgroupSize(func, dims);
  if (ranged > 0 && (size < 0 || ranged < size))
    size = ranged;
  if (own_size)
    reqdWorkgroupSize(func, fn->extent);
  else
    fn->extent[0] = fn->extent[1] = fn->extent[2] = 0;
  /* The user's workgroup-dims: a kernel's dimensions that its
     `!reqd_work_group_size` leaves unstated, above N, are one thread (a
     thread id there is 0: valueForm); a `range` on an id is a bound, not
     a statement (clang puts range(0, 1024) on every HIP id). Not in a
     helper, which runs in its callers' workgroups, nor where the kernel
     a body runs as (fn->launch: the function itself for a kernel) states
     its own size. */
  if (fn->launch) {
    int64_t stated[3];
    reqdWorkgroupSize(fn->launch, stated);
    if (stated[0] <= 0)
      amdsyncWorkgroupDimsApply(fn->extent, o->workgroup_dims);
  }
  /* `!reqd_work_group_size` is the workgroup's extent, where every
     workgroup is whole ("uniform-work-group-size"="true": OpenCL 1.x,
     -cl-uniform-work-group-size, HIP; OpenCL 2.0 lets the last workgroup of
     a dispatch be smaller, where get_local_size(d) is the remainder and
     lanes fill waves by its extents: a review's kernel padded by
     get_enqueued_local_size - get_local_size); a `range` on the work-item
     ids only bounds it. */
  /* The launch's attribute: an OpenCL kernel's body runs in its kernel's
     workgroups (clang puts the attribute on the kernel alone). */
  char uniform_groups[8];
  functionAttr(fn->launch ? fn->launch : func, "uniform-work-group-size",
               uniform_groups, sizeof uniform_groups);
  fn->extent_exact =
      fn->extent[0] > 0 && strcmp(uniform_groups, "true") == 0;
  for (int d = 0; d < 3; ++d)
    if (dims[d] > 0 && (fn->extent[d] <= 0 || dims[d] < fn->extent[d])) {
      fn->extent[d] = dims[d];
      fn->extent_exact = false;
    }
  amdsyncLlvmSolveUniformity(fn, kept);
  bool translated = amdsyncLlvmTranslate(fn);
  dropBlockGraph(fn); /* the iteration tables' dominators: translation only */
  if (!translated)
    return false;
  if (amdsyncTracing(fn->program->trace, AMDSYNC_TRACE_PIPELINE)) {
    size_t len = 0;
    const char *name = LLVMGetValueName2(func, &len);
    amdsyncTrace(fn->program->trace, AMDSYNC_TRACE_PIPELINE,
                 "translate @%.*s for %s (llvm): %d blocks%s", (int)len, name,
                 purpose, fn->program->cfg ? fn->program->cfg->nblocks : 0,
                 kept ? ", the values' uniformity from placement" : "");
  }
  amdsyncProgramSetSingleWave(fn->program, size > 0 && size <= wave);
  amdsyncProgramSetWaveSize(fn->program, wave);
  amdsyncProgramSetWorkgroup(fn->program, fn->extent, size > 0 ? size : 0,
                             fn->extent_exact);
  amdsyncProgramFinalize(fn->program);
  return true;
}

static bool openFunction(AmdsyncLlvmFunction *fn, LLVMValueRef func,
                         const AmdsyncLlvmOptions *o, const char *pass,
                         const char *purpose, AmdsyncLlvmEscapes *escapes) {
  return openFunctionAs(fn, func, o, pass, purpose, escapes, 0, NULL);
}

static void closeFunction(AmdsyncLlvmFunction *fn) {
  if (fn->layout)
    LLVMDisposeTargetData(fn->layout);
  dropBlockGraph(fn);
  if (fn->arena)
    amdsyncArenaDestroy(fn->arena);
}

/*===--- Same bytes written by every lane, through helpers -----------------------===*/

/* The function `call` calls directly, through aliases too (a call of a
   GlobalAlias is a call of its aliasee), or NULL. */
static LLVMValueRef calledFunction(LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  for (int k = 0; callee && LLVMIsAGlobalAlias(callee) && k < 8; ++k)
    callee = LLVMAliasGetAliasee(callee);
  return callee && LLVMIsAFunction(callee) ? callee : NULL;
}

/* calledFunction when it is defined; else NULL. */
static LLVMValueRef definedCallee(LLVMValueRef call) {
  LLVMValueRef callee = calledFunction(call);
  return callee && !LLVMIsDeclaration(callee) ? callee : NULL;
}

/* Whether `f` may run a bulk memory intrinsic (amdsyncLlvmIsBulkWrite)
   itself or in a function it calls, up to `depth` calls deep; indirect
   calls and declarations answer no (a declaration's bytes are not the
   model's). The cheap question first, so that a kernel whose helpers copy
   nothing translates none of them. */
static bool mayBulkWrite(LLVMValueRef f, int depth) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      LLVMValueRef callee = LLVMIsACallInst(i) ? calledFunction(i) : NULL;
      if (!callee)
        continue;
      size_t len = 0;
      const char *name = LLVMGetValueName2(callee, &len);
      if (amdsyncLlvmIsBulkWrite(name, len))
        return true;
      if (!LLVMIsDeclaration(callee) && callee != f && depth > 0 &&
          mayBulkWrite(callee, depth - 1))
        return true;
    }
  return false;
}

static void quietReport(void *ctx, LLVMValueRef func, LLVMValueRef inst,
                        const char *message) {
  (void)ctx, (void)func, (void)inst, (void)message;
}

/* Bit k set when argument k of `call` is the same in every lane (in the
   function `fn` that makes the call). */
static uint64_t uniformArguments(const AmdsyncLlvmFunction *fn,
                                 LLVMValueRef call) {
  uint64_t mask = 0;
  unsigned n = LLVMGetNumArgOperands(call);
  for (unsigned k = 0; k < n && k < 64; ++k)
    if (amdsyncLlvmIsUniform(fn, LLVMGetOperand(call, k)))
      mask |= (uint64_t)1 << k;
  return mask;
}

/* Whether every lane that enters `f` (a defined function), called from
   `caller`, writes in one call the same LDS bytes with values that may
   differ between lanes: one of its own bulk writes of that kind
   (amdsyncLlvmCheckSameBytes's candidates) or a call of such a function,
   in a block of `f` that no divergent branch of `f` guards, `depth` calls
   below the kernel (AMDSYNC_CALL_DEPTH at most). `f` is translated on its
   own, quietly (its errors are its own pass's to report), for the
   caller's chip, with the parameters `uniform` names the same in every
   lane (the call's arguments that are) and the others lane-dependent.
   Memoized in `memo` per function and mask (AmdsyncCallMemo); a function
   asked again while being asked (a recursion) answers no and sets
   `*unsure`, and an answer that rests on it is not kept. */
static bool helperWritesSameBytes(AmdsyncLlvmFunction *caller, LLVMValueRef f,
                                  uint64_t uniform, AmdsyncCallMemo *memo,
                                  int depth, bool *unsure) {
  unsigned nparams = LLVMCountParams(f);
  uniform = amdsyncCallMask(uniform, nparams);
  int known = amdsyncCallMemoLookup(memo, f, uniform, depth, unsure);
  if (known >= 0)
    return known == 1;
  if (!mayBulkWrite(f, AMDSYNC_CALL_DEPTH - depth)) {
    amdsyncCallMemoPut(caller->arena, memo, f, uniform, depth,
                       AMDSYNC_CALL_NO);
    return false;
  }
  amdsyncCallMemoPut(caller->arena, memo, f, uniform, depth,
                     AMDSYNC_CALL_ASKING);
  AmdsyncLlvmOptions quiet;
  memset(&quiet, 0, sizeof quiet);
  quiet.target = caller->target->chip;
  quiet.report = quietReport;
  quiet.waw_hazards = caller->options->waw_hazards;
  quiet.workgroup_dims = caller->options->workgroup_dims;
  AmdsyncLlvmFunction hf;
  bool writes = false, below_unsure = false;
  if (openFunctionAs(&hf, f, &quiet, "amdsync", "a helper's bulk writes",
                     caller->escapes, uniform, NULL) &&
      hf.errors == 0) {
    writes = amdsyncAnyRunByEveryLane(&hf.same_bytes_other_values);
    const AmdsyncNode *n;
    for (int i = 0; !writes &&
                    (n = amdsyncProgramNextEveryLaneCall(hf.program, &i));) {
      LLVMValueRef call = n->origin;
      LLVMValueRef callee = definedCallee(call);
      if (callee)
        writes = helperWritesSameBytes(caller, callee,
                                       uniformArguments(&hf, call), memo,
                                       depth + 1, &below_unsure);
    }
  }
  closeFunction(&hf);
  amdsyncCallMemoSettle(caller->arena, memo, f, uniform, depth, writes,
                        below_unsure, unsure);
  return writes;
}

/* The calls of kernel `fn` that every lane makes (in a block no divergent
   branch guards) of a function that writes the same LDS bytes in every
   lane with values that may differ (helperWritesSameBytes): an error at
   each call. The kernel's own writes are amdsyncLlvmCheckSameBytes's. */
static int helperSameBytesErrors(AmdsyncLlvmFunction *fn) {
  if (!fn->launch)
    return 0; /* a helper: its callers ask */
  AmdsyncCallMemo memo;
  memset(&memo, 0, sizeof memo);
  int n = 0;
  const AmdsyncNode *a;
  for (int i = 0; (a = amdsyncProgramNextEveryLaneCall(fn->program, &i));) {
    LLVMValueRef call = a->origin;
    LLVMValueRef callee = definedCallee(call);
    bool unsure = false;
    if (!callee || !helperWritesSameBytes(fn, callee,
                                          uniformArguments(fn, call), &memo,
                                          0, &unsure))
      continue;
    size_t len = 0;
    const char *name = LLVMGetValueName2(callee, &len);
    char msg[512];
    snprintf(msg, sizeof msg,
             "amdsync: every lane of the workgroup calls '%.*s', which writes "
             "the same LDS bytes in every lane in one llvm.memset, memcpy or "
             "memmove (its destination is the same in every lane) with values "
             "that may differ between lanes: a write/write race inside one "
             "call, which no barrier can order; call it from one lane (e.g. "
             "under a thread id test), then a barrier",
             (int)(len > 64 ? 64 : len), name);
    amdsyncLlvmError(fn, call, msg);
    n++;
  }
  return n;
}

/* Bulk writes every lane makes to the same LDS bytes with values that may
   differ, its own (amdsyncLlvmCheckSameBytes) and its helpers'
   (helperSameBytesErrors); a workgroup of one lane has no other lane.
   True after an error. */
static bool sameBytesErrors(AmdsyncLlvmFunction *fn) {
  if (maxWorkgroupSize(fn->func) == 1)
    return false;
  int own = amdsyncLlvmCheckSameBytes(fn);
  return own + helperSameBytesErrors(fn) > 0;
}

/* An explanation (core explain.c) to the options' `explain`. */
static void explainAtOrigin(void *ctx, AmdsyncExplainKind kind,
                            const char *name, void *origin,
                            const char *message) {
  AmdsyncLlvmFunction *fn = ctx;
  const AmdsyncLlvmOptions *o = fn->options;
  o->explain(o->ctx, fn->func, (LLVMValueRef)origin,
             kind == AMDSYNC_EXPLAIN_MISSED ? "missed" : "analysis", name,
             message);
}

static AmdsyncDiagnostics diagnosticsOf(AmdsyncLlvmFunction *fn) {
  return (AmdsyncDiagnostics){fn,
                              amdsyncLlvmReportAt,
                              NULL,
                              amdsyncLlvmDescribe,
                              amdsyncLlvmDivergentAt,
                              amdsyncLlvmErrorWithNotes,
                              fn->options->explain ? explainAtOrigin : NULL};
}

/* Starts a pass on `func`: false for a declaration (nothing to run);
   else counts it in `*stats`, which becomes `scratch` when NULL. */
static bool startRun(LLVMValueRef func, AmdsyncLlvmStats **stats,
                     AmdsyncLlvmStats *scratch) {
  if (!*stats) {
    memset(scratch, 0, sizeof *scratch);
    *stats = scratch;
  }
  if (LLVMIsDeclaration(func))
    return false;
  (*stats)->functions++;
  return true;
}

/*===--- Handles ------------------------------------------------------------------===*/

/* NULL options are the defaults (every field zero), as on the MLIR side. */
static const AmdsyncLlvmOptions kDefaultOptions;

/* A handle a public entry point cannot use: the message goes to the
   options' report callback (with a NULL function and instruction), else to
   stderr, and counts as a violation; returns false, the entry points'
   failure value. */
static bool badHandle(const AmdsyncLlvmOptions *o, AmdsyncLlvmStats *stats,
                      const char *entry, const char *what) {
  char msg[256];
  snprintf(msg, sizeof msg, "amdsync: %s: %s; nothing was run", entry, what);
  if (o && o->report)
    o->report(o->ctx, NULL, NULL, msg);
  else
    fprintf(stderr, "error: %s\n", msg);
  if (stats)
    stats->violations++;
  return false;
}

/* Checks the handles of a per-function entry point: false (reported) for a
   NULL value or one that is not a function. */
static bool checkFunction(LLVMValueRef func, const AmdsyncLlvmOptions *o,
                          AmdsyncLlvmStats *stats, const char *entry) {
  if (!func)
    return badHandle(o, stats, entry, "the function is NULL");
  if (!LLVMIsAFunction(func))
    return badHandle(o, stats, entry, "the value is not a function");
  return true;
}

/* A pass body on one function definition (counted), asking the module's
   escape question through the escapes it is given. */
typedef bool (*FunctionPass)(LLVMValueRef, const AmdsyncLlvmOptions *,
                             AmdsyncLlvmStats *, AmdsyncLlvmEscapes *);

/* A public per-function entry point `entry`: checks the handles, skips a
   declaration, counts the function and runs `pass` with an escape question
   of its own. */
static bool runOnFunction(LLVMValueRef func, const AmdsyncLlvmOptions *options,
                          AmdsyncLlvmStats *stats, const char *entry,
                          FunctionPass pass) {
  if (!options)
    options = &kDefaultOptions;
  if (!checkFunction(func, options, stats, entry))
    return false;
  AmdsyncLlvmStats scratch;
  if (!startRun(func, &stats, &scratch))
    return true;
  AmdsyncLlvmEscapes escapes = {.state = -1,
                                .module = LLVMGetGlobalParent(func)};
  return pass(func, options, stats, &escapes);
}

/*===--- The shared pipeline's LLVM side ------------------------------------------===*/

/* The LLVM side of the shared pipeline (passes/shared/pipeline.c). */

static int sameBytesCb(void *ctx) { return sameBytesErrors(ctx) ? 1 : 0; }

static bool completeFencesCb(void *ctx, AmdsyncStats *stats) {
  return amdsyncLlvmCompleteFences(ctx, stats);
}

static bool emitCb(void *ctx, AmdsyncEmitSchedule *s,
                   const AmdsyncPlacementResult *r, AmdsyncStats *stats) {
  return amdsyncLlvmEmit(ctx, s, r, stats);
}

static bool emitWaitsCb(void *ctx, AmdsyncWaitResult *r,
                        AmdsyncStats *stats) {
  return amdsyncLlvmEmitWaits(ctx, r, stats);
}

static void eraseLoweredCb(void *ctx, const AmdsyncWaitResult *r,
                           AmdsyncStats *stats) {
  (void)ctx;
  amdsyncLlvmEraseLowered(r, stats);
}

static void eraseSinceCb(void *ctx, int mark) {
  amdsyncLlvmEraseInsertedSince(ctx, mark);
}

static const AmdsyncFrontEnd kLlvmFrontEnd = {
    .same_bytes_errors = sameBytesCb,
    .complete_fences = completeFencesCb,
    .emit = emitCb,
    .emit_waits = emitWaitsCb,
    .erase_lowered = eraseLoweredCb,
    .erase_inserted_since = eraseSinceCb,
};

/* `fn`, opened, as the pipeline runs it. */
static AmdsyncFunctionRun runOf(AmdsyncLlvmFunction *fn,
                                AmdsyncLlvmStats *stats) {
  AmdsyncFunctionRun run = {&kLlvmFrontEnd, fn, fn->program,
                            fn->target, diagnosticsOf(fn), stats,
                            &fn->errors, &fn->inserted.count,
                            NULL, NULL, NULL, 0};
  run.error_limit = amdsyncErrorLimitOf(fn->options->error_limit);
  const char *picture = fn->options->picture;
  if (picture && *picture) {
    size_t len = 0;
    const char *name = LLVMGetValueName2(fn->func, &len);
    run.picture = picture;
    run.name = amdsyncArenaStrndup(fn->arena, name, len);
    /* An error about the file: at the function (no instruction). */
  }
  return run;
}

/*===--- amdsync-lds-barriers --------------------------------------------------===*/

static bool parseStrategy(AmdsyncLlvmFunction *fn, AmdsyncStrategy *out) {
  if (amdsyncStrategyParse(fn->options->strategy, fn->target, out))
    return true;
  char msg[200];
  snprintf(msg, sizeof msg,
           "amdsync: unknown strategy '%.64s'; expected 'minimize' or "
           "'disjoint'",
           fn->options->strategy);
  amdsyncLlvmError(fn, NULL, msg);
  return false;
}

/* Workgroup barriers (not wave-level points) the stats say were inserted. */
static int workgroupBarriers(const AmdsyncLlvmStats *s) {
  return s->barriers + s->signals;
}

/* True when some call of `func` satisfies `match` (given the intrinsic
   table's entry for it, or NULL, and the callee's name). */
static bool anyCall(LLVMValueRef func,
                    bool (*match)(const AmdsyncIntrinsic *in,
                                  const char *name, size_t len)) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(func); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i))
        continue;
      const char *name;
      size_t len;
      const AmdsyncIntrinsic *in = amdsyncLlvmCalledIntrinsic(i, &name, &len);
      if (match(in, name, len))
        return true;
    }
  return false;
}

static bool callsNonIntrinsic(const AmdsyncIntrinsic *in, const char *name,
                              size_t len) {
  (void)in;
  return !(len > 5 && memcmp(name, "llvm.", 5) == 0);
}

/* Whether `func` calls anything but intrinsics. */
static bool hasCalls(LLVMValueRef func) {
  return anyCall(func, callsNonIntrinsic);
}

/* The calls of `func` once the functions they reach have their barriers
   (amdsyncRunRecheck); reported; true when none. `placed`: the calls the
   placement knew to execute a barrier. */
static bool recheckCalls(LLVMValueRef func, const AmdsyncLlvmOptions *o,
                         AmdsyncLlvmEscapes *escapes, int placed,
                         AmdsyncLlvmStats *stats) {
  AmdsyncLlvmFunction fn;
  bool ok = openFunction(&fn, func, o, "amdsync-lds-barriers", "the call recheck",
                         escapes);
  if (ok) {
    AmdsyncFunctionRun run = runOf(&fn, stats);
    ok = amdsyncRunRecheck(&run, placed);
  }
  stats->violations += fn.errors;
  closeFunction(&fn);
  return ok && fn.errors == 0;
}

/* The uniformity analysis's answers for the functions the barrier pass
   placed, kept for the checker's translation in the `amdsync` pipeline
   (amdsyncLlvmRun): the barrier pass inserts barriers, fences and waits
   only, which change no value's uniformity, so the checker's translation
   takes them instead of solving again (amdsyncLlvmSolveUniformity; debug
   builds solve and compare). The uniformity of values is the shared
   translation's, computed by the same code on the same values either way;
   the checker's own divergence of blocks (check.c) is still its own. */
typedef struct {
  AmdsyncArena *arena;
  AmdsyncPtrMap index; /* function -> its kept AmdsyncLlvmUniformity */
} KeptUniformity;

static void keepUniformity(KeptUniformity *ku, const AmdsyncLlvmFunction *fn) {
  AmdsyncLlvmUniformity *u = amdsyncArenaAlloc(ku->arena, sizeof *u);
  amdsyncLlvmKeepUniformity(fn, ku->arena, u);
  amdsyncPtrMapPutPointer(ku->arena, &ku->index, fn->func, u);
}

/* The answers kept for `func`, or NULL. */
static const AmdsyncLlvmUniformity *keptUniformity(const KeptUniformity *ku,
                                                   LLVMValueRef func) {
  return ku ? amdsyncPtrMapGetPointer(&ku->index, func) : NULL;
}

/* One function's translation, kept from the barrier pass for the wait
   pass in the `amdsync` pipeline (amdsyncLlvmRun). */
typedef struct {
  AmdsyncLlvmFunction fn;
  AmdsyncEmitted *emitted;
} Translation;

static void dropTranslation(Translation *t) {
  if (!t)
    return;
  closeFunction(&t->fn);
  free(t);
}

/* The barrier pass on one function, asking the module's escape question
   through `escapes`; `*placed` gets how many of its calls it took to
   execute a barrier. `keep` (may be NULL) gets the translation when the
   placement stands, for the wait pass to follow on (waitsOnKept); the
   caller drops it. `ku` (may be NULL) keeps its uniformity for the
   checker when the placement stands. */
static bool placeFunction(LLVMValueRef func, const AmdsyncLlvmOptions *options,
                          AmdsyncLlvmStats *stats, AmdsyncLlvmEscapes *escapes,
                          int *placed, Translation **keep,
                          KeptUniformity *ku) {
  *placed = 0;
  Translation *t = calloc(1, sizeof *t);
  if (!t)
    return false;
  AmdsyncLlvmFunction *fn = &t->fn;
  AmdsyncArena *removal = amdsyncArenaCreate();
  AmdsyncPtrVec removed = {NULL, 0, 0};
  int nremoved = options->replace_existing
                     ? amdsyncLlvmRemoveLdsOnlyBarriers(func, removal, &removed,
                                                        escapes)
                     : 0;
  bool ok = openFunction(fn, func, options, "amdsync-lds-barriers",
                         "placement", escapes);
  AmdsyncStrategy strategy = AMDSYNC_STRATEGY_MINIMIZE;
  ok = ok && parseStrategy(fn, &strategy);
  if (ok) {
    AmdsyncFunctionRun run = runOf(fn, stats);
    ok = amdsyncRunBarriers(&run, strategy, placed, keep ? &t->emitted : NULL);
  }
  ok = ok && fn->errors == 0;
  if (ok) {
    amdsyncLlvmDeleteRemoved(&removed);
    stats->barriers_removed += nremoved;
  } else {
    amdsyncLlvmRestoreBarriers(func, &removed);
  }
  amdsyncArenaDestroy(removal);
  stats->violations += fn->errors;
  /* Not where the pass deleted the input's barriers or the wait pass
     will erase marks: a deleted instruction's memory may then hold a new
     one the kept answers name (amdsyncLlvmKeepUniformity). */
  bool async = ok && amdsyncProgramHasAsyncWork(fn->program);
  if (ok && ku && nremoved == 0 && !async)
    keepUniformity(ku, fn);
  /* Kept only with async work to wait for: a module's translations held
     at once would double the pass's peak memory. */
  if (ok && keep && t->emitted && async) {
    *keep = t;
    return true;
  }
  dropTranslation(t);
  return ok;
}

/* The wait pass on a translation the barrier pass kept, counted in
   `stats` as the wait pass alone counts (the caller counts the function). */
static bool waitsOnKept(Translation *t, AmdsyncLlvmStats *stats) {
  int errors = t->fn.errors;
  AmdsyncFunctionRun run = runOf(&t->fn, stats);
  bool ok = amdsyncRunWaitsAsEmitted(&run, t->emitted);
  stats->violations += t->fn.errors - errors;
  return ok && t->fn.errors == errors;
}

/* The barrier pass on one function run alone: its own new barriers can
   reach only its calls of itself (recursion), which it then looks at
   again. */
static bool placeAlone(LLVMValueRef func, const AmdsyncLlvmOptions *options,
                       AmdsyncLlvmStats *stats, AmdsyncLlvmEscapes *escapes) {
  int before = workgroupBarriers(stats), placed;
  bool ok = placeFunction(func, options, stats, escapes, &placed, NULL, NULL);
  if (ok && workgroupBarriers(stats) > before && hasCalls(func))
    ok = recheckCalls(func, options, escapes, placed, stats);
  return ok;
}

bool amdsyncLlvmPlaceFunction(LLVMValueRef func,
                              const AmdsyncLlvmOptions *options,
                              AmdsyncLlvmStats *stats) {
  return runOnFunction(func, options, stats, __func__, placeAlone);
}

/*===--- amdsync-waitcnt ---------------------------------------------------------===*/

static bool isAsyncWork(const AmdsyncIntrinsic *in, const char *name,
                        size_t len) {
  (void)name;
  (void)len;
  return in && (in->kind == AMDSYNC_SYNC_TRANSFER ||
                in->kind == AMDSYNC_SYNC_ASYNCMARK ||
                in->kind == AMDSYNC_SYNC_WAIT_ASYNCMARK ||
                in->kind == AMDSYNC_SYNC_COUNTER_WAIT ||
                in->kind == AMDSYNC_SYNC_WAITCNT);
}

/* True when `func` holds an asynchronous or DMA transfer, an asyncmark or a
   wait: without one there is nothing to wait for, and the wait pass does
   not translate the function (as on the MLIR side). */
static bool hasAsyncWork(LLVMValueRef func) {
  return anyCall(func, isAsyncWork);
}

/* The wait pass on `func` (a definition; counted), asking the module's
   escape question through `escapes`. */
static bool waitcntFunction(LLVMValueRef func,
                            const AmdsyncLlvmOptions *options,
                            AmdsyncLlvmStats *stats,
                            AmdsyncLlvmEscapes *escapes) {
  if (!hasAsyncWork(func)) {
    /* No transfer, mark or wait: nothing to wait for. The target is still
       resolved, so a wrong one is an error wherever it is given. */
    AmdsyncLlvmFunction probe;
    memset(&probe, 0, sizeof probe);
    probe.func = func;
    probe.options = options;
    int wave;
    bool known = resolveTarget(&probe, "amdsync-waitcnt", &wave) != NULL;
    stats->violations += probe.errors;
    return known;
  }
  AmdsyncLlvmFunction fn;
  bool ok = openFunction(&fn, func, options, "amdsync-waitcnt", "waits",
                         escapes);
  if (ok) {
    AmdsyncFunctionRun run = runOf(&fn, stats);
    ok = amdsyncRunWaits(&run);
  }
  stats->violations += fn.errors;
  closeFunction(&fn);
  return ok && fn.errors == 0;
}

bool amdsyncLlvmWaitcntFunction(LLVMValueRef func,
                                const AmdsyncLlvmOptions *options,
                                AmdsyncLlvmStats *stats) {
  return runOnFunction(func, options, stats, __func__, waitcntFunction);
}

/*===--- amdsync-verify ----------------------------------------------------------===*/

/* The checker on `func` (a definition; counted), asking the module's
   escape question through `escapes`, with the uniformity the barrier
   pass kept for it (NULL: none). */
static bool verifyFunctionKept(LLVMValueRef func,
                               const AmdsyncLlvmOptions *options,
                               AmdsyncLlvmStats *stats,
                               AmdsyncLlvmEscapes *escapes,
                               const AmdsyncLlvmUniformity *kept) {
  AmdsyncLlvmFunction fn;
  bool ok = openFunctionAs(&fn, func, options, "amdsync-verify", "the checker",
                           escapes, 0, kept);
  ok = ok && !sameBytesErrors(&fn);
  if (ok) {
    AmdsyncFunctionRun run = runOf(&fn, stats);
    ok = amdsyncRunCheck(&run) == 0;
  }
  stats->violations += fn.errors;
  closeFunction(&fn);
  return ok && fn.errors == 0;
}

static bool verifyFunction(LLVMValueRef func, const AmdsyncLlvmOptions *options,
                           AmdsyncLlvmStats *stats,
                           AmdsyncLlvmEscapes *escapes) {
  return verifyFunctionKept(func, options, stats, escapes, NULL);
}

bool amdsyncLlvmVerifyFunction(LLVMValueRef func,
                               const AmdsyncLlvmOptions *options,
                               AmdsyncLlvmStats *stats) {
  return runOnFunction(func, options, stats, __func__, verifyFunction);
}

/*===--- Whole modules -----------------------------------------------------------===*/

/* Runs `pass` on every function definition of `module`; true when all
   succeeded. The module-wide escape question is asked once for the run
   (the passes change no LDS pointer's uses), as on the MLIR side, not once
   per function. */
static bool runOnModuleAsking(LLVMModuleRef module, FunctionPass pass,
                               const AmdsyncLlvmOptions *options,
                               AmdsyncLlvmStats *stats,
                               AmdsyncLlvmEscapes *escapes) {
  if (!options)
    options = &kDefaultOptions;
  AmdsyncLlvmStats scratch;
  bool ok = true;
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f))
    if (startRun(f, &stats, &scratch))
      ok &= pass(f, options, stats, escapes);
  return ok;
}

static bool runOnModule(LLVMModuleRef module, FunctionPass pass,
                        const AmdsyncLlvmOptions *options,
                        AmdsyncLlvmStats *stats) {
  AmdsyncLlvmEscapes escapes = {.state = -1, .module = module};
  return runOnModuleAsking(module, pass, options, stats, &escapes);
}

/* Deletes the declaration of `name` when nothing calls it any more. */
static void deleteIfUnused(LLVMModuleRef module, const char *name) {
  LLVMValueRef f = LLVMGetNamedFunction(module, name);
  if (f && LLVMIsDeclaration(f) && !LLVMGetFirstUse(f))
    LLVMDeleteFunction(f);
}

/* The barrier pass on every function definition of `module`. Non-kernel
   functions first: a barrier the pass puts into a helper is then in place
   when the kernels that call it are analyzed, so a call of it in divergent
   control flow is an error there (a hang otherwise). With `pipe` (the
   `amdsync` pipeline), the wait pass follows on the barrier pass's
   translations once every function has its barriers. */
static bool placeModule(LLVMModuleRef module, const AmdsyncLlvmOptions *options,
                        AmdsyncLlvmStats *stats, AmdsyncPipelineStats *pipe,
                        AmdsyncLlvmEscapes *escapes, KeptUniformity *ku) {
  int n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f))
    n++;
  LLVMValueRef *done = malloc(((size_t)n + 1) * sizeof *done);
  int *placed = malloc(((size_t)n + 1) * sizeof *placed);
  Translation **kept = calloc((size_t)n + 1, sizeof *kept);
  int ndone = 0;
  bool ok = true, gained = false;
  for (int kernels = 0; kernels < 2; ++kernels)
    for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
         f = LLVMGetNextFunction(f)) {
      if ((LLVMGetFunctionCallConv(f) == LLVMAMDGPUKERNELCallConv) != kernels ||
          LLVMIsDeclaration(f))
        continue;
      stats->functions++;
      int before = workgroupBarriers(stats);
      if (!placeFunction(f, options, stats, escapes, &placed[ndone],
                         pipe ? &kept[ndone] : NULL, ku)) {
        ok = false;
        continue;
      }
      gained |= !kernels && workgroupBarriers(stats) > before;
      done[ndone++] = f;
    }
  /* Helpers that got their first barriers in this run may be called from
     functions placed before them (helpers in module order, recursion). */
  if (gained) {
    for (int i = 0; i < ndone; ++i)
      if (hasCalls(done[i]))
        ok &= recheckCalls(done[i], options, escapes, placed[i], stats);
  }
  if (pipe && ok) {
    /* In module order, as the wait pass alone runs. */
    pipe->passes_run = 2;
    for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
         f = LLVMGetNextFunction(f))
      for (int i = 0; i < ndone; ++i)
        if (done[i] == f) {
          pipe->waits.functions++;
          if (kept[i])
            ok &= waitsOnKept(kept[i], &pipe->waits);
        }
    deleteIfUnused(module, "llvm.amdgcn.asyncmark");
    deleteIfUnused(module, "llvm.amdgcn.wait.asyncmark");
  }
  for (int i = 0; i < ndone; ++i)
    dropTranslation(kept[i]);
  free(kept);
  free(done);
  free(placed);
  return ok;
}

bool amdsyncLlvmRunLdsBarriers(LLVMModuleRef module,
                               const AmdsyncLlvmOptions *options,
                               AmdsyncLlvmStats *stats) {
  if (!module)
    return badHandle(options, stats, __func__, "the module is NULL");
  AmdsyncLlvmStats scratch;
  if (!stats) {
    memset(&scratch, 0, sizeof scratch);
    stats = &scratch;
  }
  /* asked once for the run */
  AmdsyncLlvmEscapes escapes = {.state = -1, .module = module};
  return placeModule(module, options ? options : &kDefaultOptions, stats, NULL,
                     &escapes, NULL);
}

bool amdsyncLlvmRunWaitcnt(LLVMModuleRef module,
                           const AmdsyncLlvmOptions *options,
                           AmdsyncLlvmStats *stats) {
  if (!module)
    return badHandle(options, stats, __func__, "the module is NULL");
  bool ok = runOnModule(module, waitcntFunction, options, stats);
  deleteIfUnused(module, "llvm.amdgcn.asyncmark");
  deleteIfUnused(module, "llvm.amdgcn.wait.asyncmark");
  return ok;
}

bool amdsyncLlvmRunVerify(LLVMModuleRef module,
                          const AmdsyncLlvmOptions *options,
                          AmdsyncLlvmStats *stats) {
  if (!module)
    return badHandle(options, stats, __func__, "the module is NULL");
  return runOnModule(module, verifyFunction, options, stats);
}

bool amdsyncLlvmRun(LLVMModuleRef module, const AmdsyncLlvmOptions *options,
                    AmdsyncPipelineStats *stats) {
  AmdsyncPipelineStats scratch;
  if (!stats)
    stats = &scratch;
  memset(stats, 0, sizeof *stats);
  if (!module)
    return badHandle(options, &stats->barriers, __func__, "the module is NULL");
  if (!options)
    options = &kDefaultOptions;
  stats->passes_run = 1;
  /* One escape answer for the three passes: they change no LDS pointer's
     uses (the checker's independence is in its walk, hazard predicate and
     divergence, not in what the shared translation reads). */
  AmdsyncLlvmEscapes escapes = {.state = -1, .module = module};
  KeptUniformity ku = {amdsyncArenaCreate(), {0}};
  bool ok = placeModule(module, options, &stats->barriers, stats, &escapes,
                        &ku);
  if (ok) {
    stats->passes_run = 3;
    AmdsyncLlvmStats *verify = &stats->verify, unused;
    for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
         f = LLVMGetNextFunction(f))
      if (startRun(f, &verify, &unused))
        ok &= verifyFunctionKept(f, options, verify, &escapes,
                                 keptUniformity(&ku, f));
  }
  amdsyncArenaDestroy(ku.arena);
  return ok;
}
