/* consumer.c - A generator that depends on an installed amdsync: it
   synchronizes one MLIR kernel through the pass pipeline parser
   (amdsyncMlirRegisterPasses), one through a created pass
   (amdsyncMlirCreatePass), and one LLVM IR kernel (amdsyncLlvmRun), and
   prints each result. Built by test/tools/package.sh twice, once with
   find_package(AmdSync) (CMakeLists.txt here) and once with pkg-config;
   it includes nothing from amdsync's source tree.

     consumer            prints the three results
     consumer bad        creates a pass with a bad option: the error
                         reaches this program's diagnostic handler */
#include <amdsync/llvm.h>
#include <amdsync/mlir.h>
#include <amdsync/version.h>

#include "llvm-c/IRReader.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kMlir[] =
    "gpu.module @m [#rocdl.target<chip = \"gfx942\">] {\n"
    "  gpu.func @k(%a: memref<64xf32, #gpu.address_space<workgroup>>,\n"
    "              %x: f32) kernel {\n"
    "    %i = gpu.thread_id x\n"
    "    %c = arith.constant 63 : index\n"
    "    %j = arith.subi %c, %i : index\n"
    "    memref.store %x, %a[%i] : memref<64xf32, "
    "#gpu.address_space<workgroup>>\n"
    "    %v = memref.load %a[%j] : memref<64xf32, "
    "#gpu.address_space<workgroup>>\n"
    "    \"amdsync.asyncmark\"() : () -> ()\n"
    "    \"amdsync.wait_asyncmark\"() {count = 0 : i16} : () -> ()\n"
    "    memref.store %v, %a[%j] : memref<64xf32, "
    "#gpu.address_space<workgroup>>\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

static const char kLlvm[] =
    "target triple = \"amdgcn-amd-amdhsa\"\n"
    "@l = internal addrspace(3) global [64 x float] poison\n"
    "define amdgpu_kernel void @k(i32 %i, i32 %j, float %x) #0 {\n"
    "  %p = getelementptr [64 x float], ptr addrspace(3) @l, i32 0, i32 %i\n"
    "  store float %x, ptr addrspace(3) %p\n"
    "  %q = getelementptr [64 x float], ptr addrspace(3) @l, i32 0, i32 %j\n"
    "  %v = load float, ptr addrspace(3) %q\n"
    "  store float %v, ptr addrspace(3) %p\n"
    "  ret void\n"
    "}\n"
    "attributes #0 = { \"target-cpu\"=\"gfx1201\" }\n";

static void print(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, (FILE *)user);
}

static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *user) {
  fputs("diagnostic: ", (FILE *)user);
  mlirDiagnosticPrint(d, print, user);
  fputc('\n', (FILE *)user);
  return mlirLogicalResultSuccess();
}

static MlirContext newContext(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(ctx);
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, stdout, NULL);
  if (mlirLogicalResultIsFailure(amdsyncMlirLoadDialect(ctx))) {
    fprintf(stderr, "consumer: amdsyncMlirLoadDialect failed\n");
    exit(1);
  }
  return ctx;
}

/* Parses kMlir, runs `pm` on it and prints it; 0 on success. */
static int runMlir(MlirContext ctx, MlirPassManager pm, const char *title) {
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kMlir));
  if (mlirModuleIsNull(m))
    return 1;
  MlirOperation op = mlirModuleGetOperation(m);
  int failed = mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, op));
  printf("== %s%s\n", title, failed ? " (failed)" : "");
  mlirOperationPrint(op, print, stdout);
  printf("\n");
  mlirModuleDestroy(m);
  return failed;
}

int main(int argc, char **argv) {
  printf("amdsync %s (headers %s)\n", amdsyncVersion(), AMDSYNC_VERSION_STRING);
  if (strcmp(amdsyncVersion(), AMDSYNC_VERSION_STRING) != 0)
    return 1;
  int status = 0;

  MlirContext ctx = newContext();
  if (argc > 1 && strcmp(argv[1], "bad") == 0) {
    MlirPass p = amdsyncMlirCreatePass(
        ctx, mlirStringRefCreateFromCString("target=gfx942 strategy=fast"));
    printf("pass %s\n", p.ptr ? "created" : "not created");
    mlirContextDestroy(ctx);
    return p.ptr ? 1 : 0;
  }

  /* 1. By name, through MLIR's pipeline parser. */
  amdsyncMlirRegisterPasses();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirStringRef pipeline = mlirStringRefCreateFromCString(
      "builtin.module(amdsync{target=gfx942})");
  if (mlirLogicalResultIsFailure(
          mlirParsePassPipeline(opm, pipeline, print, stderr))) {
    fprintf(stderr, "consumer: the pipeline did not parse\n");
    return 1;
  }
  status |= runMlir(ctx, pm, "MLIR by name");
  mlirPassManagerDestroy(pm);

  /* 2. A created pass, for a GFX12 chip. */
  pm = mlirPassManagerCreate(ctx);
  MlirPass pass = amdsyncMlirCreatePass(
      ctx, mlirStringRefCreateFromCString("target=gfx1201"));
  if (!pass.ptr)
    return 1;
  mlirPassManagerAddOwnedPass(pm, pass);
  status |= runMlir(ctx, pm, "MLIR by pass");
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(ctx);

  /* 3. LLVM IR. */
  LLVMContextRef lctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
      kLlvm, sizeof kLlvm - 1, "kernel.ll");
  LLVMModuleRef mod;
  char *error = NULL;
  if (LLVMParseIRInContext(lctx, buf, &mod, &error)) {
    fprintf(stderr, "consumer: %s\n", error);
    return 1;
  }
  AmdsyncPipelineStats stats;
  memset(&stats, 0, sizeof stats);
  int ok = amdsyncLlvmRun(mod, NULL, &stats);
  char *text = LLVMPrintModuleToString(mod);
  printf("== LLVM%s: %d signal(s), %d wait(s), %d violation(s)\n%s",
         ok ? "" : " (failed)", stats.barriers.signals, stats.barriers.waits,
         stats.verify.violations, text);
  LLVMDisposeMessage(text);
  LLVMDisposeModule(mod);
  LLVMContextDispose(lctx);
  return status || !ok;
}

/* What test/tools/package.sh expects (FileCheck):
   CHECK: amdsync [[V:[0-9.]+]] (headers [[V]])
   CHECK: == MLIR by name
   CHECK: memref.store
   CHECK-NEXT: amdgpu.lds_barrier
   CHECK-NEXT: memref.load
   CHECK-NEXT: amdgpu.lds_barrier
   CHECK-NEXT: memref.store
   CHECK-NOT: amdsync.
   CHECK: == MLIR by pass
   CHECK: rocdl.s.barrier.signal
   CHECK: rocdl.s.barrier.wait
   CHECK: memref.load
   CHECK: == LLVM: 2 signal(s), 2 wait(s), 0 violation(s)
   CHECK: store float %x
   CHECK: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
   CHECK: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
   CHECK: load float
   CHECK: diagnostic: amdsync: option 'strategy' takes minimize or disjoint, not 'fast'
   CHECK-NEXT: pass not created
*/
