/*===- passes.c - amdsync-verify on LLVM IR --------------------------------===*
 *
 * Resolves a function's target (the option, else its "target-cpu"), wave
 * size ("+wavefrontsize64" in "target-features" where the chip has wave64)
 * and whether its workgroup fits one wave ("amdgpu-flat-work-group-size",
 * !reqd_work_group_size), translates it in an arena of its own and runs the
 * checker. Nothing is shared between calls: safe under a parallel pass
 * manager.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

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
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(f));
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "reqd_work_group_size", 20);
  LLVMValueRef md = LLVMGetMetadata(f, kind);
  if (!md || LLVMGetMDNodeNumOperands(md) != 3)
    return -1;
  LLVMValueRef ops[3];
  LLVMGetMDNodeOperands(md, ops);
  long long product = 1;
  for (int i = 0; i < 3; ++i) {
    if (!ops[i] || !LLVMIsAConstantInt(ops[i]))
      return -1;
    long long d = LLVMConstIntGetSExtValue(ops[i]);
    if (d <= 0 || __builtin_mul_overflow(product, d, &product))
      return -1;
  }
  return product;
}

bool amdsyncLlvmVerifyFunction(LLVMValueRef func,
                               const AmdsyncLlvmOptions *options,
                               AmdsyncLlvmStats *stats) {
  AmdsyncLlvmStats scratch = {0, 0};
  if (!stats)
    stats = &scratch;
  if (LLVMIsDeclaration(func))
    return true;
  AmdsyncLlvmFunction fn;
  memset(&fn, 0, sizeof fn);
  fn.func = func;
  fn.options = options;
  fn.unknown_resource = -1;

  char chip[64], features[1024];
  if (options->target && *options->target)
    snprintf(chip, sizeof chip, "%s", options->target);
  else
    functionAttr(func, "target-cpu", chip, sizeof chip);
  const AmdsyncTarget *t = chip[0] ? amdsyncTargetLookup(chip) : NULL;
  if (!t) {
    char msg[1024];
    if (chip[0])
      snprintf(msg, sizeof msg, "amdsync: unknown target '%s'; known: %s", chip,
               amdsyncTargetKnownList());
    else
      snprintf(msg, sizeof msg,
               "amdsync: no target: give the function a \"target-cpu\" or pass "
               "the chip (amdsync-verify<target=gfx942>)");
    amdsyncLlvmError(&fn, NULL, msg);
    stats->violations += fn.errors;
    return false;
  }
  fn.target = t;
  functionAttr(func, "target-features", features, sizeof features);
  int wave = t->supports_wave64 && strstr(features, "+wavefrontsize64")
                 ? 64
                 : t->default_wave_size;

  fn.arena = amdsyncArenaCreate();
  fn.program = amdsyncProgramCreate(fn.arena);
  fn.layout = LLVMCreateTargetData(LLVMGetDataLayoutStr(LLVMGetGlobalParent(func)));
  amdsyncLlvmSolveUniformity(&fn);
  bool ok = amdsyncLlvmTranslate(&fn);
  if (ok) {
    long long size = maxWorkgroupSize(func);
    fn.program->single_wave = size > 0 && size <= wave;
    amdsyncProgramFinalize(fn.program);
    AmdsyncCheckResult r =
        amdsyncCheck(fn.program, &(AmdsyncDiagnostics){
                                     &fn, amdsyncLlvmReportAt, NULL,
                                     amdsyncLlvmDescribe});
    ok = amdsyncCheckErrors(&r) == 0;
  }
  stats->functions++;
  stats->violations += fn.errors;
  LLVMDisposeTargetData(fn.layout);
  amdsyncArenaDestroy(fn.arena);
  return ok && fn.errors == 0;
}
