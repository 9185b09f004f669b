/*===- amdsync-opt.c - Standalone driver ------------------------------------===*
 *
 * Reads an MLIR file, runs amdsync-lds-barriers and then amdsync-verify for
 * one target, and prints the IR. Pure C on the MLIR C API: the same pass
 * bodies the mlir-opt plugin runs.
 *
 *   amdsync-opt [--target=<chip>] [--strategy=minimize|disjoint]
 *               [--verify-only] [--remarks] [--summary] [-o out] <file|->
 *===----------------------------------------------------------------------===*/
#include "amdsync/mlir.h"
#include "amdsync/target.h"

#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f) {
  fprintf(f,
          "usage: amdsync-opt [--target=<chip>] [--strategy=minimize|disjoint]"
          "\n                   [--waw-hazards] [--verify-only] [--remarks]"
          " [--summary]\n                   [-o <output>] <input.mlir | ->\n"
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

int main(int argc, char **argv) {
  AmdsyncMlirOptions opts;
  memset(&opts, 0, sizeof opts);
  const char *input = NULL, *output = NULL;
  bool verify_only = false, summary = false;
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
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(ctx);

  int status = 0;
  /* Like mlir-opt: top-level ops without a builtin.module get an implicit
     one (and with it the data layout and target queries ops verify with). */
  MlirModule parsed = mlirModuleCreateParse(ctx, mlirStringRefCreate(text, len));
  free(text);
  if (mlirModuleIsNull(parsed)) {
    mlirContextDestroy(ctx);
    return 1;
  }
  MlirOperation module = mlirModuleGetOperation(parsed);
  AmdsyncMlirStats place, check;
  memset(&place, 0, sizeof place);
  memset(&check, 0, sizeof check);
  if (!verify_only &&
      mlirLogicalResultIsFailure(amdsyncMlirRunLdsBarriers(module, &opts, &place)))
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
    fprintf(stderr,
            "amdsync: %d function(s), %d hazard window(s) found, %d already "
            "ordered; placed %d barrier(s), %d ordering point(s), %d split "
            "pair(s) (%d fallback(s)); checker: %s\n",
            place.functions, place.hazards, place.already_ordered,
            place.barriers, place.ordering_points, place.signals,
            place.fallbacks, status == 0 ? "ok" : "FAILED");
  mlirModuleDestroy(parsed);
  mlirContextDestroy(ctx);
  return status;
}
