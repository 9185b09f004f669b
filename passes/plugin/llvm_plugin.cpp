//===- llvm_plugin.cpp - Registers amdsync's passes with opt ---------------===//
//
// The only C++ of the LLVM side (brief: C++ only where no C entry point
// exists): the new pass manager has no C API for plugins. Three module
// passes run the C bodies (passes/llvm/passes.c) on every function
// definition: `amdsync-lds-barriers`, `amdsync-waitcnt` and
// `amdsync-verify`, each taking `<target=CHIP>` (the barrier pass also
// `strategy=minimize|disjoint` and `existing=replace|keep`) and `summary`,
// separated by `;`. `amdsync<...>` runs the three in that order, as the
// MLIR side's `amdsync{...}` pipeline does, stopping at the first failure.
// Each error is printed at its instruction (file:line:col from its debug
// location); then one LLVM error diagnostic sums them up, so opt exits 1.
// (One error diagnostic per instruction would show only the first: without
// a handler of its own, LLVMContext::diagnose exits at the first DS_Error.)
//
//===----------------------------------------------------------------------===//

#include "amdsync/llvm.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace llvm;

namespace {

// "file:line:col: " of an instruction with a debug location, else "".
std::string locationOf(const Instruction *I) {
  if (!I)
    return "";
  if (const DILocation *L = I->getDebugLoc().get())
    return (L->getFilename() + ":" + Twine(L->getLine()) + ":" +
            Twine(L->getColumn()) + ": ")
        .str();
  return "";
}

void printError(void *, LLVMValueRef func, LLVMValueRef inst,
                const char *message) {
  const Instruction *I = inst ? unwrap<Instruction>(inst) : nullptr;
  errs() << locationOf(I) << "error: ";
  if (func) // NULL for a handle the C entry point could not use
    errs() << "in function '" << unwrap<Function>(func)->getName() << "': ";
  errs() << message << "\n";
  if (I) {
    errs() << " ";
    I->print(errs());
    errs() << "\n";
  }
}

// Optimization remarks (`-pass-remarks=amdsync`): one per inserted barrier
// or split wait, at it, naming the hazard it orders.
void emitRemark(void *, LLVMValueRef func, LLVMValueRef inst,
                const char *message) {
  Function *F = unwrap<Function>(func);
  OptimizationRemarkEmitter ORE(F);
  ORE.emit(OptimizationRemark("amdsync", "Barrier", unwrap<Instruction>(inst))
           << message);
}

struct Options {
  std::string target, strategy;
  bool summary = false;
  bool replace = false;
};

AmdsyncLlvmOptions cOptions(const Options &o) {
  AmdsyncLlvmOptions c{};
  c.target = o.target.c_str();
  c.strategy = o.strategy.c_str();
  c.replace_existing = o.replace;
  c.report = printError;
  c.remark = emitRemark;
  return c;
}

void failIfErrors(Module &M, const char *pass, const AmdsyncLlvmStats &s) {
  if (s.violations)
    M.getContext().diagnose(DiagnosticInfoGeneric(
        Twine(pass) + ": " + Twine(s.violations) + " error(s) in " +
            Twine(s.functions) + " function(s)",
        DS_Error));
}

// The three pass bodies. Each reports its errors, sums them up as one LLVM
// error (so opt exits 1), sets `changed` when it changed the module and
// returns false after an error.
bool runPlace(Module &M, const Options &opts, bool &changed) {
  AmdsyncLlvmOptions o = cOptions(opts);
  AmdsyncLlvmStats s{};
  amdsyncLlvmRunLdsBarriers(wrap(&M), &o, &s);
  if (opts.summary)
    errs() << "remark: amdsync-lds-barriers: " << s.functions
           << " function(s), " << s.hazards << " hazard window(s), "
           << s.already_ordered << " already ordered; inserted " << s.barriers
           << " barrier(s), " << s.ordering_points << " ordering point(s), "
           << s.signals << " signal(s), " << s.waits << " wait(s), "
           << s.fallbacks << " fallback(s), " << s.counter_waits
           << " counter wait(s); completed " << s.barriers_completed
           << " barrier(s) with fences; removed " << s.barriers_removed
           << " LDS-only barrier(s)\n";
  failIfErrors(M, "amdsync-lds-barriers", s);
  changed |= s.barriers + s.ordering_points + s.signals + s.waits +
                 s.counter_waits + s.barriers_completed + s.barriers_removed >
             0;
  return s.violations == 0;
}

bool runWaitcnt(Module &M, const Options &opts, bool &changed) {
  AmdsyncLlvmOptions o = cOptions(opts);
  AmdsyncLlvmStats s{};
  amdsyncLlvmRunWaitcnt(wrap(&M), &o, &s);
  if (opts.summary)
    errs() << "remark: amdsync-waitcnt: " << s.functions << " function(s), "
           << s.async_ops << " async operation(s); inserted "
           << s.counter_waits << " counter wait(s); lowered "
           << s.asyncmarks_lowered << " asyncmark call(s)\n";
  failIfErrors(M, "amdsync-waitcnt", s);
  changed |= s.counter_waits + s.asyncmarks_lowered > 0;
  return s.violations == 0;
}

bool runVerify(Module &M, const Options &opts) {
  AmdsyncLlvmOptions o = cOptions(opts);
  AmdsyncLlvmStats s{};
  amdsyncLlvmRunVerify(wrap(&M), &o, &s);
  if (opts.summary)
    errs() << "remark: amdsync-verify: " << s.functions << " function(s), "
           << s.violations << " violation(s)\n";
  failIfErrors(M, "amdsync-verify", s);
  return s.violations == 0;
}

PreservedAnalyses preserved(bool changed) {
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

struct LdsBarriersPass : PassInfoMixin<LdsBarriersPass> {
  Options opts;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    bool changed = false;
    runPlace(M, opts, changed);
    return preserved(changed);
  }
};

struct WaitcntPass : PassInfoMixin<WaitcntPass> {
  Options opts;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    bool changed = false;
    runWaitcnt(M, opts, changed);
    return preserved(changed);
  }
};

struct VerifyPass : PassInfoMixin<VerifyPass> {
  Options opts;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    runVerify(M, opts);
    return PreservedAnalyses::all();
  }
};

// `amdsync<...>`: the three in order, stopping after a pass that failed.
struct AllPass : PassInfoMixin<AllPass> {
  Options opts;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    bool changed = false;
    (void)(runPlace(M, opts, changed) && runWaitcnt(M, opts, changed) &&
           runVerify(M, opts));
    return preserved(changed);
  }
};

// `PASS` or `PASS<key=value;...>`; false when `name` is not PASS or a
// parameter is unknown (opt then reports the pipeline as invalid).
bool parsePass(StringRef name, StringRef pass, bool takesStrategy,
               Options &o) {
  if (!name.consume_front(pass))
    return false;
  if (name.empty())
    return true;
  if (!name.consume_front("<") || !name.consume_back(">"))
    return false;
  SmallVector<StringRef, 4> params;
  name.split(params, ';', -1, false);
  for (StringRef p : params) {
    if (p.consume_front("target="))
      o.target = p.str();
    else if (takesStrategy && p.consume_front("strategy="))
      o.strategy = p.str();
    else if (takesStrategy && p == "existing=replace")
      o.replace = true;
    else if (takesStrategy && p == "existing=keep")
      o.replace = false;
    else if (p == "summary")
      o.summary = true;
    else
      return false;
  }
  return true;
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "AmdSync", LLVM_VERSION_STRING,
          [](PassBuilder &PB) {
            PB.registerPipelineParsingCallback(
                [](StringRef name, ModulePassManager &MPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  Options o;
                  if (parsePass(name, "amdsync-lds-barriers", true, o)) {
                    LdsBarriersPass pass;
                    pass.opts = o;
                    MPM.addPass(std::move(pass));
                    return true;
                  }
                  if (parsePass(name, "amdsync-waitcnt", false, o)) {
                    WaitcntPass pass;
                    pass.opts = o;
                    MPM.addPass(std::move(pass));
                    return true;
                  }
                  if (parsePass(name, "amdsync", true, o)) {
                    AllPass pass;
                    pass.opts = o;
                    MPM.addPass(std::move(pass));
                    return true;
                  }
                  if (parsePass(name, "amdsync-verify", false, o)) {
                    VerifyPass pass;
                    pass.opts = o;
                    MPM.addPass(std::move(pass));
                    return true;
                  }
                  return false;
                });
          }};
}
