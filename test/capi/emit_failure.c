/* An emission that fails is an error, and the function is left exactly as
   it was (never half-synchronized): a context without the amdgpu dialect
   cannot build `amdgpu.lds_barrier`, so amdsyncMlirRunLdsBarriers must fail
   with a diagnostic and change nothing. Before, the failed op creation was
   ignored and the pass reported success with nothing inserted. */
#include "amdsync/mlir.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/MemRef.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kKernel[] =
    "gpu.module @m {\n"
    "  gpu.func @k(%g: memref<256xf32, 1>)\n"
    "      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) "
    "kernel {\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %tid = gpu.thread_id x\n"
    "    %x = memref.load %g[%tid] : memref<256xf32, 1>\n"
    "    memref.store %x, %a[%tid] : memref<256xf32, "
    "#gpu.address_space<workgroup>>\n"
    "    %t = arith.addi %tid, %c1 : index\n"
    "    %v = memref.load %a[%t] : memref<256xf32, "
    "#gpu.address_space<workgroup>>\n"
    "    memref.store %v, %g[%tid] : memref<256xf32, 1>\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

typedef struct {
  char text[65536];
  size_t len;
} Buffer;

static void append(MlirStringRef s, void *user) {
  Buffer *b = user;
  size_t n = s.length < sizeof b->text - 1 - b->len ? s.length
                                                     : sizeof b->text - 1 - b->len;
  memcpy(b->text + b->len, s.data, n);
  b->len += n;
  b->text[b->len] = '\0';
}

static int errors_seen;
static char first_error[1024];

static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *user) {
  (void)user;
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError) {
    Buffer b = {{0}, 0};
    mlirDiagnosticPrint(d, append, &b);
    if (!errors_seen++) {
      memcpy(first_error, b.text, sizeof first_error - 1);
      first_error[sizeof first_error - 1] = '\0';
    }
  }
  return mlirLogicalResultSuccess();
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectHandle handles[] = {
      mlirGetDialectHandle__arith__(), mlirGetDialectHandle__func__(),
      mlirGetDialectHandle__gpu__(), mlirGetDialectHandle__memref__()};
  for (size_t i = 0; i < sizeof handles / sizeof handles[0]; ++i)
    mlirDialectHandleLoadDialect(handles[i], ctx);
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, NULL, NULL);
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kKernel));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "emit_failure: the kernel does not parse\n");
    return 1;
  }
  MlirOperation op = mlirModuleGetOperation(module);
  Buffer before = {{0}, 0}, after = {{0}, 0};
  mlirOperationPrint(op, append, &before);
  AmdsyncMlirOptions options;
  memset(&options, 0, sizeof options);
  options.target = "gfx942";
  MlirLogicalResult r = amdsyncMlirRunLdsBarriers(op, &options, NULL);
  mlirOperationPrint(op, append, &after);
  int failures = 0;
  if (!mlirLogicalResultIsFailure(r)) {
    fprintf(stderr, "emit_failure: the pass reported success\n");
    failures++;
  }
  if (strcmp(before.text, after.text) != 0) {
    fprintf(stderr, "emit_failure: the function changed:\n%s\n", after.text);
    failures++;
  }
  if (!strstr(first_error, "could not create 'amdgpu.lds_barrier'") &&
      errors_seen < 2) {
    fprintf(stderr, "emit_failure: no error naming the op (saw: %s)\n",
            first_error);
    failures++;
  }
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  printf("emit_failure: %d failed\n", failures);
  return failures ? 1 : 0;
}
