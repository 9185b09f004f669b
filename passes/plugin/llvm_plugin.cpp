//===- llvm_plugin.cpp - Registers amdsync's passes with opt ---------------===//
//
// The only C++ of the LLVM side (brief: C++ only where no C entry point
// exists): the new pass manager has no C API for plugins. `amdsync-verify`
// (optionally `amdsync-verify<target=gfx942>`) runs the C checker
// (passes/llvm/passes.c) on every function definition of the module,
// prints each violation as an error at its instruction, and then fails
// through LLVM's diagnostics (opt exits 1) when there was any.
//
//===----------------------------------------------------------------------===//

#include "amdsync/llvm.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace llvm;

namespace {

void printError(void *, LLVMValueRef func, LLVMValueRef inst,
                const char *message) {
  Function *F = unwrap<Function>(func);
  errs() << "error: in function '" << F->getName() << "': " << message
         << "\n";
  if (inst) {
    errs() << " ";
    unwrap(inst)->print(errs());
    errs() << "\n";
  }
}

struct VerifyPass : PassInfoMixin<VerifyPass> {
  std::string target;

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    AmdsyncLlvmOptions o{};
    o.target = target.c_str();
    o.report = printError;
    AmdsyncLlvmStats s{};
    for (Function &F : M)
      amdsyncLlvmVerifyFunction(wrap(&F), &o, &s);
    if (s.violations)
      M.getContext().diagnose(DiagnosticInfoGeneric(
          "amdsync-verify: " + Twine(s.violations) + " violation(s) in " +
              Twine(s.functions) + " function(s)",
          DS_Error));
    return PreservedAnalyses::all();
  }
};

// `amdsync-verify` or `amdsync-verify<target=CHIP>`.
bool parseVerify(StringRef name, VerifyPass &pass) {
  if (name == "amdsync-verify")
    return true;
  if (!name.consume_front("amdsync-verify<") || !name.consume_back(">"))
    return false;
  if (!name.consume_front("target="))
    return false;
  pass.target = name.str();
  return true;
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "AmdSync", LLVM_VERSION_STRING,
          [](PassBuilder &PB) {
            PB.registerPipelineParsingCallback(
                [](StringRef name, ModulePassManager &MPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  VerifyPass pass;
                  if (!parseVerify(name, pass))
                    return false;
                  MPM.addPass(std::move(pass));
                  return true;
                });
          }};
}
