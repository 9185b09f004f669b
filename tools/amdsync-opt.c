/*===- amdsync-opt.c - Standalone driver ------------------------------------===*
 *
 * Reads an MLIR file, runs amdsync-lds-barriers, amdsync-waitcnt and then
 * amdsync-verify for one target (the `amdsync` pipeline), and prints the IR.
 * Pure C on the MLIR C API: the same pass bodies the mlir-opt plugin runs.
 * An LLVM IR file (`.ll`) gets the LLVM IR front end's barrier pass, wait
 * pass and checker instead, the bodies of the opt plugin.
 *
 *   amdsync-opt [--target=<chip>] [--strategy=minimize|disjoint]
 *               [--verify-only] [--remarks] [--summary] [-o out] <file.mlir|file.ll|->
 *===----------------------------------------------------------------------===*/
#include "amdsync/counters.h"
#include "amdsync/llvm.h"
#include "amdsync/mlir.h"
#include "amdsync/target.h"

#include "amdsync_irdl.h"
#include "mlir-c/Dialect/IRDL.h"
#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"
#include "llvm-c/IRReader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --emit-waits=SPEC: prints one kernel per ';'-separated group of
   "counter=value" pairs, holding that group's wait, lowered for the target exactly as the wait
   pass lowers its waits, so that tests can hold every encoding against llc. */
static int emitWaitKernel(const AmdsyncTarget *t, const char *spec) {
  printf("gpu.module @waits {\n");
  const char *p = spec;
  for (int k = 0; *p; ++k) {
    /* One kernel per group: llc would merge consecutive waits. */
    printf("  llvm.func @wait%d() attributes {rocdl.kernel} {\n", k);
    AmdsyncWaitCounts c = amdsyncWaitCountsNone();
    while (*p && *p != ';') {
      char name[16];
      int value, used = 0;
      if (sscanf(p, "%15[a-z]=%d%n", name, &value, &used) != 2) {
        fprintf(stderr, "amdsync-opt: bad --emit-waits group at '%s'\n", p);
        return 2;
      }
      int *slot = strcmp(name, "vmcnt") == 0       ? &c.vmcnt
                  : strcmp(name, "expcnt") == 0    ? &c.expcnt
                  : strcmp(name, "lgkmcnt") == 0   ? &c.lgkmcnt
                  : strcmp(name, "loadcnt") == 0   ? &c.loadcnt
                  : strcmp(name, "storecnt") == 0  ? &c.storecnt
                  : strcmp(name, "dscnt") == 0     ? &c.dscnt
                  : strcmp(name, "asynccnt") == 0  ? &c.asynccnt
                  : strcmp(name, "tensorcnt") == 0 ? &c.tensorcnt
                                                   : NULL;
      if (!slot) {
        fprintf(stderr, "amdsync-opt: unknown counter '%s'\n", name);
        return 2;
      }
      *slot = value;
      p += used;
      if (*p == ',')
        p++;
    }
    if (*p == ';')
      p++;
    AmdsyncWaitInstr instrs[AMDSYNC_MAX_WAIT_INSTRS];
    int n = amdsyncLowerWaitCounts(t, &c, instrs);
    if (n < 0) {
      fprintf(stderr, "amdsync-opt: %s lacks a counter of this group\n",
              t->chip);
      return 2;
    }
    for (int i = 0; i < n; ++i)
      printf("    \"%s\"() <{%s = %d : %s}> : () -> ()\n", instrs[i].op,
             instrs[i].attr, instrs[i].value, instrs[i].type);
    printf("    llvm.return\n  }\n");
  }
  printf("}\n");
  return 0;
}

static void usage(FILE *f) {
  fprintf(f,
          "usage: amdsync-opt [--target=<chip>] [--strategy=minimize|disjoint]"
          "\n                   [--waw-hazards] [--verify-only] [--remarks]"
          " [--summary]\n                   [-o <output>] <input.mlir | input.ll | ->\n"
          "       amdsync-opt --target=<chip> --emit-waits='vmcnt=1,lgkmcnt=0;...'\n"
          "known targets: %s\n",
          amdsyncTargetKnownList());
}

static char *readAll(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  for (;;) {
    if (n == cap) {
      cap *= 2;
      char *grown = realloc(buf, cap);
      if (!grown) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = grown;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    if (got == 0)
      break;
    n += got;
  }
  if (f != stdin)
    fclose(f);
  *len = n;
  return buf;
}

static void printToFile(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, (FILE *)user);
}

static void remarkToStderr(void *ctx, MlirLocation loc, const char *message) {
  (void)ctx;
  mlirLocationPrint(loc, printToFile, stderr);
  fprintf(stderr, ": remark: %s\n", message);
}

/* --summary: one line for either front end. */
static void printSummary(int functions, int hazards, int already_ordered,
                         int barriers, int ordering_points, int pairs,
                         int fallbacks, int counter_waits, bool ok) {
  fprintf(stderr,
          "amdsync: %d function(s), %d hazard window(s) found, %d already "
          "ordered; placed %d barrier(s), %d ordering point(s), %d split "
          "pair(s) (%d fallback(s)), %d counter wait(s); checker: %s\n",
          functions, hazards, already_ordered, barriers, ordering_points,
          pairs, fallbacks, counter_waits, ok ? "ok" : "FAILED");
}

static void llvmError(void *ctx, LLVMValueRef func, LLVMValueRef inst,
                      const char *message) {
  (void)ctx;
  size_t len;
  const char *name = LLVMGetValueName2(func, &len);
  fprintf(stderr, "error: in function '%.*s': %s\n", (int)len, name, message);
  if (inst) {
    char *text = LLVMPrintValueToString(inst);
    fprintf(stderr, " %s\n", text);
    LLVMDisposeMessage(text);
  }
}

static bool endsWith(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* An LLVM IR file: the LLVM IR front end's barrier pass, wait pass and
   checker (opt's `amdsync<...>`). */
static int runLlvmFile(const char *input, const AmdsyncMlirOptions *mo,
                       bool verify_only, bool summary, const char *output) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(input, &buf, &msg)) {
    fprintf(stderr, "amdsync-opt: cannot read '%s': %s\n", input, msg);
    LLVMDisposeMessage(msg);
    LLVMContextDispose(ctx);
    return 2;
  }
  LLVMModuleRef m;
  if (LLVMParseIRInContext(ctx, buf, &m, &msg)) { /* takes the buffer */
    fprintf(stderr, "amdsync-opt: %s: %s\n", input, msg);
    LLVMDisposeMessage(msg);
    LLVMContextDispose(ctx);
    return 1;
  }
  AmdsyncLlvmOptions o;
  memset(&o, 0, sizeof o);
  o.target = mo->target;
  o.strategy = mo->strategy;
  o.report = llvmError;
  AmdsyncLlvmStats place, waits, check;
  memset(&place, 0, sizeof place);
  memset(&waits, 0, sizeof waits);
  memset(&check, 0, sizeof check);
  int status = 0;
  if (!verify_only && !amdsyncLlvmRunLdsBarriers(m, &o, &place))
    status = 1;
  if (status == 0 && !verify_only && !amdsyncLlvmRunWaitcnt(m, &o, &waits))
    status = 1;
  if (status == 0 && !amdsyncLlvmRunVerify(m, &o, &check))
    status = 1;
  if (status == 0) {
    char *text = LLVMPrintModuleToString(m);
    FILE *out = output ? fopen(output, "w") : stdout;
    if (!out) {
      fprintf(stderr, "amdsync-opt: cannot write '%s'\n", output);
      status = 2;
    } else {
      fputs(text, out);
      if (out != stdout)
        fclose(out);
    }
    LLVMDisposeMessage(text);
  }
  fflush(stdout);
  if (summary)
    printSummary(place.functions, place.hazards, place.already_ordered,
                 place.barriers, place.ordering_points, place.signals,
                 place.fallbacks, place.counter_waits + waits.counter_waits,
                 status == 0);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return status;
}

int main(int argc, char **argv) {
  AmdsyncMlirOptions opts;
  memset(&opts, 0, sizeof opts);
  const char *input = NULL, *output = NULL;
  bool verify_only = false, summary = false;
  const char *emit_waits = NULL;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (strncmp(a, "--target=", 9) == 0)
      opts.target = a + 9;
    else if (strncmp(a, "--strategy=", 11) == 0)
      opts.strategy = a + 11;
    else if (strcmp(a, "--waw-hazards") == 0)
      opts.waw_hazards = true;
    else if (strcmp(a, "--verify-only") == 0)
      verify_only = true;
    else if (strcmp(a, "--remarks") == 0)
      opts.remarks = true;
    else if (strcmp(a, "--summary") == 0)
      summary = true;
    else if (strncmp(a, "--emit-waits=", 13) == 0)
      emit_waits = a + 13;
    else if (strcmp(a, "-o") == 0 && i + 1 < argc)
      output = argv[++i];
    else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      return 0;
    } else if (a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "amdsync-opt: unknown option '%s'\n", a);
      usage(stderr);
      return 2;
    } else if (!input)
      input = a;
    else {
      fprintf(stderr, "amdsync-opt: more than one input\n");
      return 2;
    }
  }
  if (emit_waits) {
    const AmdsyncTarget *t = amdsyncTargetLookup(opts.target);
    if (!t) {
      fprintf(stderr, "amdsync-opt: --emit-waits needs a known --target\n");
      return 2;
    }
    return emitWaitKernel(t, emit_waits);
  }
  if (!input) {
    usage(stderr);
    return 2;
  }
  if (opts.target && !amdsyncTargetLookup(opts.target)) {
    fprintf(stderr, "amdsync-opt: unknown target '%s'; known: %s\n",
            opts.target, amdsyncTargetKnownList());
    return 2;
  }
  opts.remark = remarkToStderr;
  if (endsWith(input, ".ll"))
    return runLlvmFile(input, &opts, verify_only, summary, output);

  size_t len = 0;
  char *text = readAll(input, &len);
  if (!text) {
    fprintf(stderr, "amdsync-opt: cannot read '%s'\n", input);
    return 2;
  }
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(ctx);
  /* The amdsync dialect (asyncmark, wait_asyncmark), defined in IRDL. */
  MlirModule irdl = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(kAmdsyncIrdl));
  if (mlirModuleIsNull(irdl) ||
      mlirLogicalResultIsFailure(mlirLoadIRDLDialects(irdl))) {
    fprintf(stderr, "amdsync-opt: cannot load the amdsync dialect\n");
    return 2;
  }

  int status = 0;
  /* Like mlir-opt: top-level ops without a builtin.module get an implicit
     one (and with it the data layout and target queries ops verify with). */
  MlirModule parsed =
      strcmp(input, "-") == 0
          ? mlirModuleCreateParse(ctx, mlirStringRefCreate(text, len))
          : mlirModuleCreateParseFromFile(ctx,
                                          mlirStringRefCreateFromCString(input));
  free(text);
  if (mlirModuleIsNull(parsed)) {
    mlirContextDestroy(ctx);
    return 1;
  }
  MlirOperation module = mlirModuleGetOperation(parsed);
  AmdsyncMlirStats place, waits, check;
  memset(&place, 0, sizeof place);
  memset(&waits, 0, sizeof waits);
  memset(&check, 0, sizeof check);
  if (!verify_only &&
      mlirLogicalResultIsFailure(amdsyncMlirRunLdsBarriers(module, &opts, &place)))
    status = 1;
  if (!verify_only && status == 0 &&
      mlirLogicalResultIsFailure(amdsyncMlirRunWaitcnt(module, &opts, &waits)))
    status = 1;
  if (status == 0 &&
      mlirLogicalResultIsFailure(amdsyncMlirRunVerify(module, &opts, &check)))
    status = 1;
  if (status == 0) {
    FILE *out = output ? fopen(output, "w") : stdout;
    if (!out) {
      fprintf(stderr, "amdsync-opt: cannot write '%s'\n", output);
      status = 2;
    } else {
      mlirOperationPrint(module, printToFile, out);
      fputc('\n', out);
      if (out != stdout)
        fclose(out);
    }
  }
  fflush(stdout);
  if (summary)
    printSummary(place.functions, place.hazards, place.already_ordered,
                 place.barriers, place.ordering_points, place.signals,
                 place.fallbacks, place.counter_waits + waits.counter_waits,
                 status == 0);
  mlirModuleDestroy(parsed);
  mlirModuleDestroy(irdl);
  mlirContextDestroy(ctx);
  return status;
}
