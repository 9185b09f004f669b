/* Every public entry point of include/amdsync/mlir.h and llvm.h called with
   NULL or wrong-kind handles returns its documented failure value with a
   message, and never dereferences them (issue "Soundness, round three", 9:
   on 359b8e9 amdsyncLlvmRunLdsBarriers(NULL module), amdsyncLlvmPlaceFunction
   with NULL options, a NULL function or a global variable, and
   amdsyncMlirRunLdsBarriers on a null operation crash). NULL options are the
   defaults on both sides. Also run under ASan + UBSan in the sanitizer build.

     capi_null_handles <path of AmdSyncMLIR.so>

   The amdsyncMlirCreate*Pass constructors live in the plugin, which is
   loaded with dlopen, as a generator would link it. */
#include "amdsync/llvm.h"
#include "amdsync/mlir.h"
#include "llvm-c/IRReader.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/ROCDL.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define EXPECT(cond, ...)                                                      \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "null_handles:%d: ", __LINE__);                          \
      fprintf(stderr, __VA_ARGS__);                                            \
      fprintf(stderr, "\n");                                                   \
      failures++;                                                              \
    }                                                                          \
  } while (0)

/*===--- MLIR ---------------------------------------------------------------===*/

static const char kMlirModule[] =
    "gpu.module @m [#rocdl.target<chip = \"gfx942\">] {\n"
    "  func.func @f(%a: memref<64xf32, 3>, %i: index, %j: index, %x: f32) "
    "-> f32 {\n"
    "    memref.store %x, %a[%i] : memref<64xf32, 3>\n"
    "    %v = memref.load %a[%j] : memref<64xf32, 3>\n"
    "    return %v : f32\n"
    "  }\n"
    "}\n";

typedef struct {
  char text[8192];
  size_t len;
} Buffer;

static void append(MlirStringRef s, void *user) {
  Buffer *b = user;
  size_t room = sizeof b->text - 1 - b->len;
  size_t n = s.length < room ? s.length : room;
  memcpy(b->text + b->len, s.data, n);
  b->len += n;
  b->text[b->len] = '\0';
}

static Buffer mlirErrors;

static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *user) {
  (void)user;
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError) {
    mlirDiagnosticPrint(d, append, &mlirErrors);
    append(mlirStringRefCreateFromCString("\n"), &mlirErrors);
  }
  return mlirLogicalResultSuccess();
}

typedef MlirLogicalResult (*MlirRun)(MlirOperation, const AmdsyncMlirOptions *,
                                     AmdsyncMlirStats *);
typedef MlirPass (*MlirCreate)(MlirContext, MlirStringRef);

static void testMlir(const char *plugin) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectHandle handles[] = {
      mlirGetDialectHandle__arith__(), mlirGetDialectHandle__func__(),
      mlirGetDialectHandle__gpu__(), mlirGetDialectHandle__memref__(),
      mlirGetDialectHandle__rocdl__()};
  for (size_t i = 0; i < sizeof handles / sizeof handles[0]; ++i)
    mlirDialectHandleLoadDialect(handles[i], ctx);
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, NULL, NULL);
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kMlirModule));
  if (mlirModuleIsNull(module)) {
    EXPECT(0, "the MLIR module does not parse");
    mlirContextDestroy(ctx);
    return;
  }
  MlirOperation top = mlirModuleGetOperation(module);
  MlirOperation gpuModule =
      mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirOperation func = mlirBlockGetFirstOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(gpuModule, 0)));
  EXPECT(mlirStringRefEqual(
             mlirIdentifierStr(mlirOperationGetName(func)),
             mlirStringRefCreateFromCString("func.func")),
         "the test's function is not where expected");

  static const struct {
    const char *name;
    MlirRun run;
  } runs[] = {{"amdsyncMlirRunLdsBarriers", amdsyncMlirRunLdsBarriers},
              {"amdsyncMlirRunWaitcnt", amdsyncMlirRunWaitcnt},
              {"amdsyncMlirRunVerify", amdsyncMlirRunVerify}};
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; ++i) {
    AmdsyncMlirStats stats;
    memset(&stats, 0xff, sizeof stats);
    /* A null operation: failure, stats zeroed, nothing to put a diagnostic
       at (the message goes to stderr). */
    MlirLogicalResult r = runs[i].run((MlirOperation){NULL}, NULL, &stats);
    EXPECT(mlirLogicalResultIsFailure(r), "%s(null op) succeeded",
           runs[i].name);
    EXPECT(stats.functions == 0 && stats.ops_changed == 0,
           "%s(null op) left the stats unset", runs[i].name);
    /* A function: failure with an error at it, and nothing changed. */
    Buffer before = {{0}, 0}, after = {{0}, 0};
    mlirOperationPrint(top, append, &before);
    mlirErrors.len = 0;
    mlirErrors.text[0] = '\0';
    r = runs[i].run(func, NULL, NULL);
    mlirOperationPrint(top, append, &after);
    EXPECT(mlirLogicalResultIsFailure(r), "%s(func.func) succeeded",
           runs[i].name);
    EXPECT(strstr(mlirErrors.text, "cannot run on 'func.func': schedule it "
                                   "on a builtin.module or gpu.module"),
           "%s(func.func): no error naming the op (saw: %s)", runs[i].name,
           mlirErrors.text);
    EXPECT(strcmp(before.text, after.text) == 0,
           "%s(func.func) changed the IR", runs[i].name);
    /* The verifier on the gpu.module with NULL options and stats: the
       defaults (the module's #rocdl.target), which find the race. */
    mlirErrors.len = 0;
    mlirErrors.text[0] = '\0';
    if (runs[i].run == amdsyncMlirRunVerify) {
      r = runs[i].run(gpuModule, NULL, NULL);
      EXPECT(mlirLogicalResultIsFailure(r) &&
                 strstr(mlirErrors.text, "amdsync-verify"),
             "amdsyncMlirRunVerify(gpu.module, NULL, NULL) did not check "
             "with the defaults (saw: %s)",
             mlirErrors.text);
    }
  }
  /* The wait pass with NULL options on the module: the defaults (the
     gpu.module's target), nothing to wait for. */
  AmdsyncMlirStats stats;
  memset(&stats, 0, sizeof stats);
  MlirLogicalResult r = amdsyncMlirRunWaitcnt(top, NULL, &stats);
  EXPECT(mlirLogicalResultIsSuccess(r) && stats.functions == 1,
         "amdsyncMlirRunWaitcnt(module, NULL options): %d function(s): %s",
         stats.functions, mlirErrors.text);

  /* The constructors, from the plugin. */
  void *lib = dlopen(plugin, RTLD_NOW | RTLD_LOCAL);
  EXPECT(lib, "cannot load %s: %s", plugin, dlerror());
  if (lib) {
    static const char *const names[] = {
        "amdsyncMlirCreateLdsBarriersPass", "amdsyncMlirCreateWaitcntPass",
        "amdsyncMlirCreateVerifyPass", "amdsyncMlirCreatePass"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
      MlirCreate create = (MlirCreate)dlsym(lib, names[i]);
      EXPECT(create, "%s not exported", names[i]);
      if (!create)
        continue;
      /* Each error reaches the context's diagnostic handler. */
      MlirStringRef nullWithLength = {NULL, 12};
      mlirErrors.len = 0;
      mlirErrors.text[0] = '\0';
      EXPECT(create(ctx, nullWithLength).ptr == NULL,
             "%s({NULL, 12}) made a pass", names[i]);
      EXPECT(strstr(mlirErrors.text, "options string is NULL with length 12"),
             "%s({NULL, 12}): the handler saw '%s'", names[i], mlirErrors.text);
      mlirErrors.len = 0;
      mlirErrors.text[0] = '\0';
      EXPECT(create(ctx, mlirStringRefCreateFromCString("bogus=1")).ptr ==
                 NULL,
             "%s(\"bogus=1\") made a pass", names[i]);
      EXPECT(strstr(mlirErrors.text, "unknown option 'bogus'"),
             "%s(\"bogus=1\"): the handler saw '%s'", names[i],
             mlirErrors.text);
      MlirContext nullCtx = {NULL};
      EXPECT(create(nullCtx, mlirStringRefCreateFromCString("")).ptr == NULL,
             "%s(NULL context) made a pass", names[i]);
      MlirStringRef empty = {NULL, 0};
      MlirPass p = create(ctx, empty);
      EXPECT(p.ptr != NULL, "%s({NULL, 0}) made no pass", names[i]);
      if (p.ptr) {
        MlirPassManager pm = mlirPassManagerCreate(ctx);
        mlirPassManagerAddOwnedPass(pm, p);
        mlirPassManagerDestroy(pm);
      }
    }
    /* The plugin stays loaded: its static pass registrations outlive a
       dlclose. */
  }
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

/*===--- LLVM IR ------------------------------------------------------------===*/

static const char kLlvmModule[] =
    "@g = internal addrspace(3) global [64 x float] undef\n"
    "define amdgpu_kernel void @k(i32 %i, i32 %j, float %x) #0 {\n"
    "  %p = getelementptr [64 x float], ptr addrspace(3) @g, i32 0, i32 %i\n"
    "  store float %x, ptr addrspace(3) %p\n"
    "  %q = getelementptr [64 x float], ptr addrspace(3) @g, i32 0, i32 %j\n"
    "  %v = load float, ptr addrspace(3) %q\n"
    "  ret void\n"
    "}\n"
    "attributes #0 = { \"target-cpu\"=\"gfx942\" }\n";

typedef struct {
  int calls;
  int null_function;
  char last[512];
} Reports;

static void report(void *ctx, LLVMValueRef func, LLVMValueRef inst,
                   const char *message) {
  Reports *r = ctx;
  r->calls++;
  r->null_function += func == NULL && inst == NULL;
  snprintf(r->last, sizeof r->last, "%s", message);
}

typedef bool (*LlvmFunctionEntry)(LLVMValueRef, const AmdsyncLlvmOptions *,
                                  AmdsyncLlvmStats *);
typedef bool (*LlvmModuleEntry)(LLVMModuleRef, const AmdsyncLlvmOptions *,
                                AmdsyncLlvmStats *);

static void testLlvm(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
      kLlvmModule, sizeof kLlvmModule - 1, "null_handles.ll");
  LLVMModuleRef module = NULL;
  char *err = NULL;
  if (LLVMParseIRInContext(ctx, buf, &module, &err)) {
    EXPECT(0, "the LLVM module does not parse: %s", err);
    LLVMDisposeMessage(err);
    LLVMContextDispose(ctx);
    return;
  }
  LLVMValueRef kernel = LLVMGetNamedFunction(module, "k");
  LLVMValueRef global = LLVMGetNamedGlobal(module, "g");
  LLVMValueRef inst = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(kernel));

  static const struct {
    const char *name;
    LlvmFunctionEntry run;
  } fns[] = {{"amdsyncLlvmPlaceFunction", amdsyncLlvmPlaceFunction},
             {"amdsyncLlvmWaitcntFunction", amdsyncLlvmWaitcntFunction},
             {"amdsyncLlvmVerifyFunction", amdsyncLlvmVerifyFunction}};
  for (size_t i = 0; i < sizeof fns / sizeof fns[0]; ++i) {
    Reports reps = {0, 0, ""};
    AmdsyncLlvmOptions o;
    memset(&o, 0, sizeof o);
    o.report = report;
    o.ctx = &reps;
    AmdsyncLlvmStats stats;
    memset(&stats, 0, sizeof stats);
    EXPECT(!fns[i].run(NULL, &o, &stats), "%s(NULL function) succeeded",
           fns[i].name);
    EXPECT(reps.calls == 1 && reps.null_function == 1 &&
               strstr(reps.last, "the function is NULL") &&
               strstr(reps.last, fns[i].name),
           "%s(NULL function): report %d call(s): %s", fns[i].name,
           reps.calls, reps.last);
    EXPECT(stats.violations == 1, "%s(NULL function): %d violation(s)",
           fns[i].name, stats.violations);
    EXPECT(!fns[i].run(global, &o, NULL), "%s(global variable) succeeded",
           fns[i].name);
    EXPECT(strstr(reps.last, "the value is not a function"),
           "%s(global variable): %s", fns[i].name, reps.last);
    EXPECT(!fns[i].run(inst, &o, NULL), "%s(instruction) succeeded",
           fns[i].name);
    /* NULL options (and stats): the message goes to stderr. */
    EXPECT(!fns[i].run(NULL, NULL, NULL), "%s(NULL, NULL, NULL) succeeded",
           fns[i].name);
    EXPECT(!fns[i].run(global, NULL, NULL),
           "%s(global variable, NULL, NULL) succeeded", fns[i].name);
  }

  static const struct {
    const char *name;
    LlvmModuleEntry run;
  } mods[] = {{"amdsyncLlvmRunLdsBarriers", amdsyncLlvmRunLdsBarriers},
              {"amdsyncLlvmRunWaitcnt", amdsyncLlvmRunWaitcnt},
              {"amdsyncLlvmRunVerify", amdsyncLlvmRunVerify}};
  for (size_t i = 0; i < sizeof mods / sizeof mods[0]; ++i) {
    Reports reps = {0, 0, ""};
    AmdsyncLlvmOptions o;
    memset(&o, 0, sizeof o);
    o.report = report;
    o.ctx = &reps;
    AmdsyncLlvmStats stats;
    memset(&stats, 0, sizeof stats);
    EXPECT(!mods[i].run(NULL, &o, &stats), "%s(NULL module) succeeded",
           mods[i].name);
    EXPECT(reps.calls == 1 && reps.null_function == 1 &&
               strstr(reps.last, "the module is NULL") &&
               strstr(reps.last, mods[i].name),
           "%s(NULL module): report %d call(s): %s", mods[i].name, reps.calls,
           reps.last);
    EXPECT(stats.violations == 1, "%s(NULL module): %d violation(s)",
           mods[i].name, stats.violations);
    EXPECT(!mods[i].run(NULL, NULL, NULL), "%s(NULL, NULL, NULL) succeeded",
           mods[i].name);
  }

  /* NULL options are the defaults: the kernel's "target-cpu". The barrier
     pass synchronizes it, then the checker (NULL options, NULL stats) finds
     it clean, and so does a per-function run. */
  AmdsyncLlvmStats stats;
  memset(&stats, 0, sizeof stats);
  EXPECT(amdsyncLlvmRunLdsBarriers(module, NULL, &stats) && stats.barriers == 1,
         "amdsyncLlvmRunLdsBarriers(module, NULL options): %d barrier(s), "
         "%d violation(s)",
         stats.barriers, stats.violations);
  EXPECT(amdsyncLlvmRunWaitcnt(module, NULL, NULL),
         "amdsyncLlvmRunWaitcnt(module, NULL, NULL) failed");
  EXPECT(amdsyncLlvmRunVerify(module, NULL, NULL),
         "amdsyncLlvmRunVerify(module, NULL, NULL) failed");
  EXPECT(amdsyncLlvmVerifyFunction(kernel, NULL, NULL),
         "amdsyncLlvmVerifyFunction(kernel, NULL, NULL) failed");
  LLVMDisposeModule(module);
  LLVMContextDispose(ctx);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: capi_null_handles <AmdSyncMLIR.so>\n");
    return 2;
  }
  testMlir(argv[1]);
  testLlvm();
  printf("null_handles: %d failed\n", failures);
  return failures ? 1 : 0;
}
