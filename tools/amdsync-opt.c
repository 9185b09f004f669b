/*===- amdsync-opt.c - Standalone driver ------------------------------------===*
 *
 * Reads an MLIR file, runs amdsync-lds-barriers, amdsync-waitcnt and then
 * amdsync-verify for one target (the `amdsync` pipeline), and prints the IR.
 * Pure C on the MLIR C API: the same pass bodies the mlir-opt plugin runs.
 * An LLVM IR file (`.ll`) gets the LLVM IR front end's barrier pass, wait
 * pass and checker instead, the bodies of the opt plugin.
 *
 *   amdsync-opt [--target=<chip>] [--strategy=minimize|disjoint]
 *               [--verify-only] [--remarks] [--summary] [--stats]
 *               [--input=mlir|llvm]
 *               [--picture=FILE.svg] [-o out] <file.mlir|file.ll|file.bc|->
 *   amdsync-opt --version
 *
 * LLVM IR is recognized by --input=llvm, by its name (.ll, .bc) or by its
 * content (bitcode, or textual IR: looksLikeLlvmIr); anything else is
 * parsed as MLIR.
 *===----------------------------------------------------------------------===*/
#include "amdsync/counters.h"
#include "amdsync/llvm.h"
#include "amdsync/mlir.h"
#include "amdsync/target.h"
#include "../passes/shared/pipeline.h"
#include "../passes/shared/stats_table.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"
#include "llvm-c/Core.h"
#include "llvm-c/IRReader.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --emit-waits=SPEC: prints one kernel per ';'-separated group of
   "counter=value" pairs, holding that group's wait, lowered for the target
   exactly as the wait pass lowers its waits, so that tests can hold every
   encoding against llc. A value is a decimal count from 0 to 2^31-1; one
   above the counter's maximum is clamped down, as the wait pass clamps.
   Anything else (a negative or too large number, a counter the target
   lacks, trailing text) is an error. */
/* Prints to `out`, or only checks `spec` when `out` is NULL. */
static int emitWaitKernel(const AmdsyncTarget *t, const char *spec,
                          FILE *out) {
  if (out)
    fprintf(out, "gpu.module @waits {\n");
  const char *p = spec;
  for (int k = 0; *p; ++k) {
    /* One kernel per group: llc would merge consecutive waits. */
    if (out)
      fprintf(out, "  llvm.func @wait%d() attributes {rocdl.kernel} {\n", k);
    AmdsyncWaitCounts c = amdsyncWaitCountsNone();
    while (*p && *p != ';') {
      char name[16];
      int used = 0;
      if (sscanf(p, "%15[a-z]=%n", name, &used) != 1 || used == 0) {
        fprintf(stderr,
                "amdsync-opt: --emit-waits: expected counter=value at '%s'\n",
                p);
        return 2;
      }
      const char *num = p + used;
      char *end;
      errno = 0;
      long value = strtol(num, &end, 10);
      size_t numlen = strcspn(num, ",;");
      if (end == num || end != num + numlen) {
        fprintf(stderr,
                "amdsync-opt: --emit-waits: %s=%.*s is not a decimal count\n",
                name, (int)numlen, num);
        return 2;
      }
      if (errno == ERANGE || value < 0 || value > INT_MAX) {
        fprintf(stderr,
                "amdsync-opt: --emit-waits: %s=%.*s is out of range: a count "
                "is 0 to %d\n",
                name, (int)numlen, num, INT_MAX);
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
      *slot = (int)value;
      p = end;
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
    for (int i = 0; out && i < n; ++i)
      fprintf(out, "    \"%s\"() <{%s = %d : %s}> : () -> ()\n", instrs[i].op,
              instrs[i].attr, instrs[i].value, instrs[i].type);
    if (out)
      fprintf(out, "    llvm.return\n  }\n");
  }
  if (out)
    fprintf(out, "}\n");
  return 0;
}

/* Prints a diagnostic and its notes, "<loc>: error: ...", then each
   "<loc>: note: ..." (the location as MLIR prints it, loc("f.mlir":3:5)):
   without a handler, MLIR prints the diagnostic alone. */
static void printToStderr(MlirStringRef s, void *user) {
  (void)user;
  fwrite(s.data, 1, s.length, stderr);
}

static void printDiagnostic(MlirDiagnostic d) {
  static const char *const kSeverity[] = {"error", "warning", "note",
                                          "remark"};
  MlirDiagnosticSeverity sev = mlirDiagnosticGetSeverity(d);
  mlirLocationPrint(mlirDiagnosticGetLocation(d), printToStderr, NULL);
  fprintf(stderr, ": %s: ",
          (unsigned)sev < 4 ? kSeverity[sev] : "diagnostic");
  mlirDiagnosticPrint(d, printToStderr, NULL);
  fputc('\n', stderr);
  for (intptr_t i = 0, n = mlirDiagnosticGetNumNotes(d); i < n; ++i)
    printDiagnostic(mlirDiagnosticGetNote(d, i));
}

static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *user) {
  (void)user;
  printDiagnostic(d);
  return mlirLogicalResultSuccess();
}

static void usage(FILE *f) {
  fprintf(f,
          "usage: amdsync-opt [--target=<chip>] [--strategy=minimize|disjoint]"
          "\n                   [--waw-hazards] [--workgroup-dims=1|2|3]"
          " [--error-limit=<n>]"
          "\n                   [--verify-only] [--remarks]"
          " [--summary]\n                   [--stats] [--input=mlir|llvm]"
          " [--picture=<file>.svg] [-o <output>]"
          " <input.mlir | input.ll | input.bc | ->\n"
          "       amdsync-opt --version\n"
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

/* --summary and --stats after a run: the one line, and each pass's counts
   as opt's -stats prints them (passes/shared/stats_table.c). */
static void printReports(const AmdsyncPipelineStats *stats, bool verify_only,
                         bool summary, bool table, bool ok) {
  const AmdsyncStats *place = &stats->barriers, *waits = &stats->waits;
  if (summary)
    printSummary(place->functions, place->hazards, place->already_ordered,
                 place->barriers, place->ordering_points, place->signals,
                 place->fallbacks, place->counter_waits + waits->counter_waits,
                 ok);
  if (!table)
    return;
  if (!verify_only) {
    amdsyncStatsPrint(stderr, "amdsync-lds-barriers", AMDSYNC_STAT_BARRIERS,
                      place);
    amdsyncStatsPrint(stderr, "amdsync-waitcnt", AMDSYNC_STAT_WAITS, waits);
  }
  amdsyncStatsPrint(stderr, "amdsync-verify", AMDSYNC_STAT_VERIFY,
                    &stats->verify);
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


/* Whether `text` is LLVM IR: bitcode (its magic, or the wrapper's), or
   textual IR whose first line that is not blank or an MLIR `//` comment
   starts as only LLVM IR does: a `;` comment (clang's `; ModuleID`),
   `target`, `source_filename`, `define`, `declare`, `attributes #`,
   `module asm`, a global (`@`), a comdat (`$`), metadata (`!<digit>`,
   `!llvm.`), `uselistorder`, or a named type (`%T = type`). MLIR files
   start with ops, `#`/`!` aliases, `//` comments or `{-#`. */
static bool looksLikeLlvmIr(const char *text, size_t len) {
  const unsigned char *u = (const unsigned char *)text;
  if (len >= 4 && ((u[0] == 'B' && u[1] == 'C' && u[2] == 0xC0 &&
                    u[3] == 0xDE) ||
                   (u[0] == 0xDE && u[1] == 0xC0 && u[2] == 0x17 &&
                    u[3] == 0x0B)))
    return true;
  size_t i = 0;
  for (;;) {
    while (i < len && isspace(u[i]))
      ++i;
    if (i + 1 < len && text[i] == '/' && text[i + 1] == '/') {
      while (i < len && text[i] != '\n')
        ++i;
      continue;
    }
    break;
  }
  if (i == len)
    return false;
  const char *s = text + i;
  size_t n = len - i, line = 0;
  while (line < n && s[line] != '\n')
    ++line;
  static const char *const kStarts[] = {
      ";",        "target ", "source_filename", "define ",       "declare ",
      "attributes #", "module asm", "@",        "$",             "!llvm.",
      "uselistorder"};
  for (size_t k = 0; k < sizeof kStarts / sizeof kStarts[0]; ++k) {
    size_t m = strlen(kStarts[k]);
    if (n >= m && memcmp(s, kStarts[k], m) == 0)
      return true;
  }
  if (n >= 2 && s[0] == '!' && isdigit((unsigned char)s[1]))
    return true;
  if (s[0] == '%') {
    for (size_t k = 0; k + 8 <= line; ++k)
      if (memcmp(s + k, " = type ", 8) == 0)
        return true;
  }
  return false;
}

/* LLVM IR (`text`, read from `input`): the LLVM IR front end's barrier
   pass, wait pass and checker (opt's `amdsync<...>`). */
static int runLlvmFile(const char *input, const char *text, size_t len,
                       const AmdsyncMlirOptions *mo, bool verify_only,
                       bool summary, bool table, const char *output) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(text, len, input);
  char *msg = NULL;
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
  o.picture = mo->picture;
  o.waw_hazards = mo->waw_hazards;
  o.workgroup_dims = mo->workgroup_dims;
  o.error_limit = mo->error_limit;
  o.report = llvmError;
  AmdsyncPipelineStats stats;
  memset(&stats, 0, sizeof stats);
  int status = 0;
  if (verify_only ? !amdsyncLlvmRunVerify(m, &o, &stats.verify)
                  : !amdsyncLlvmRun(m, &o, &stats))
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
  printReports(&stats, verify_only, summary, table, status == 0);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return status;
}

int main(int argc, char **argv) {
  AmdsyncMlirOptions opts;
  memset(&opts, 0, sizeof opts);
  const char *input = NULL, *output = NULL;
  bool verify_only = false, summary = false, table = false;
  const char *emit_waits = NULL;
  const char *kind = NULL; /* --input=mlir|llvm; NULL: guessed */
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (strncmp(a, "--target=", 9) == 0)
      opts.target = a + 9;
    else if (strncmp(a, "--strategy=", 11) == 0)
      opts.strategy = a + 11;
    else if (strcmp(a, "--waw-hazards") == 0)
      opts.waw_hazards = true;
    else if (strncmp(a, "--workgroup-dims=", 17) == 0) {
      const char *v = a + 17;
      if ((v[0] != '1' && v[0] != '2' && v[0] != '3') || v[1]) {
        fprintf(stderr, "amdsync-opt: --workgroup-dims takes 1, 2 or 3 (the "
                        "dimensions of the workgroups the kernels run in)\n");
        return 2;
      }
      opts.workgroup_dims = v[0] == '3' ? 0 : v[0] - '0';
    }
    else if (strncmp(a, "--error-limit=", 14) == 0) {
      char *end;
      unsigned long long n = strtoull(a + 14, &end, 10);
      if (a[14] < '0' || a[14] > '9' || *end || n > AMDSYNC_MAX_ERROR_LIMIT) {
        fprintf(stderr, "amdsync-opt: --error-limit takes a count of errors "
                        "per function (0: no limit; default %d)\n",
                AMDSYNC_DEFAULT_ERROR_LIMIT);
        return 2;
      }
      opts.error_limit = amdsyncErrorLimitOption(n);
    }
    else if (strcmp(a, "--verify-only") == 0)
      verify_only = true;
    else if (strcmp(a, "--remarks") == 0)
      opts.remarks = true;
    else if (strcmp(a, "--summary") == 0)
      summary = true;
    else if (strcmp(a, "--stats") == 0)
      table = true;
    else if (strncmp(a, "--picture=", 10) == 0) {
      opts.picture = a + 10;
      if (!*opts.picture) {
        fprintf(stderr, "amdsync-opt: --picture needs a file name "
                        "(--picture=k.svg writes k.<function>.svg)\n");
        return 2;
      }
    }
    else if (strncmp(a, "--emit-waits=", 13) == 0)
      emit_waits = a + 13;
    else if (strncmp(a, "--input=", 8) == 0) {
      kind = a + 8;
      if (strcmp(kind, "mlir") != 0 && strcmp(kind, "llvm") != 0) {
        fprintf(stderr,
                "amdsync-opt: --input takes mlir or llvm, not '%s'\n", kind);
        return 2;
      }
    } else if (strcmp(a, "-o") == 0) {
      if (i + 1 == argc) {
        fprintf(stderr, "amdsync-opt: option '-o' needs an argument: the "
                        "output file ('-' for stdout)\n");
        return 2;
      }
      output = argv[++i];
      if (strcmp(output, "-") == 0)
        output = NULL;
    }
    else if (strcmp(a, "--version") == 0) {
      unsigned major, minor, patch;
      LLVMGetVersion(&major, &minor, &patch);
      printf("amdsync %s (LLVM and MLIR %u.%u.%u)\n", AMDSYNC_VERSION_STRING,
             major, minor, patch);
      return 0;
    } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
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
    /* Checked first, so that an error prints no half module. */
    int status = emitWaitKernel(t, emit_waits, NULL);
    return status ? status : emitWaitKernel(t, emit_waits, stdout);
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

  size_t len = 0;
  char *text = readAll(input, &len);
  if (!text) {
    fprintf(stderr, "amdsync-opt: cannot read '%s'\n", input);
    return 2;
  }
  /* LLVM IR by --input=, else by the name (.ll, .bc), else by content
     (bitcode, or textual IR: looksLikeLlvmIr). */
  bool guessed = kind == NULL;
  bool llvm = kind ? strcmp(kind, "llvm") == 0
                   : endsWith(input, ".ll") || endsWith(input, ".bc") ||
                         looksLikeLlvmIr(text, len);
  if (llvm) {
    int status =
        runLlvmFile(input, text, len, &opts, verify_only, summary, table,
                    output);
    free(text);
    return status;
  }
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(ctx);
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, NULL, NULL);
  /* The amdsync dialect (asyncmark, wait_asyncmark), defined in IRDL. */
  if (mlirLogicalResultIsFailure(amdsyncMlirLoadDialect(ctx))) {
    fprintf(stderr, "amdsync-opt: cannot load the amdsync dialect\n");
    mlirContextDestroy(ctx);
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
    if (guessed)
      fprintf(stderr,
              "amdsync-opt: '%s' was read as MLIR (it does not start like "
              "LLVM IR); for LLVM IR pass --input=llvm\n",
              input);
    mlirContextDestroy(ctx);
    return 1;
  }
  MlirOperation module = mlirModuleGetOperation(parsed);
  AmdsyncPipelineStats stats;
  memset(&stats, 0, sizeof stats);
  if (mlirLogicalResultIsFailure(
          verify_only ? amdsyncMlirRunVerify(module, &opts, &stats.verify)
                      : amdsyncMlirRun(module, &opts, &stats)))
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
  printReports(&stats, verify_only, summary, table, status == 0);
  mlirModuleDestroy(parsed);
  mlirContextDestroy(ctx);
  return status;
}
