//===- llvm_plugin.cpp - Registers amdsync's passes with opt ---------------===//
//
// The only C++ of the LLVM side (brief: C++ only where no C entry point
// exists): the new pass manager has no C API for plugins. Three module
// passes run the C bodies (passes/llvm/passes.c) on every function
// definition: `amdsync-lds-barriers`, `amdsync-waitcnt` and
// `amdsync-verify`, each taking `<target=CHIP>` (the barrier pass also
// `strategy=minimize|disjoint`, `existing=replace|keep` and
// `picture=<file>.svg`), `waw-hazards`,
// `remarks` and `summary`,
// separated by `;`. `amdsync<...>` runs the three in that order, as the
// MLIR side's `amdsync{...}` pipeline does, stopping at the first failure.
// Parameters are checked when the pipeline is parsed ("invalid amdsync
// pass parameter ..." through reportFatalUsageError, as a wrong parameter
// of LLVM's own passes); each pass prints itself back with its parameters
// (-print-pipeline-passes), and its name is registered for -print-after,
// -print-before and -time-passes.
// Each error is printed at its instruction (file:line:col from its debug
// location); then one LLVM error diagnostic sums them up, so opt exits 1.
// (One error diagnostic per instruction would show only the first: without
// a handler of its own, LLVMContext::diagnose exits at the first DS_Error.)
//
// Where a default pipeline runs (clang -fpass-plugin=AmdSyncLLVM.so at
// every level, opt -passes='default<O2>'), the plugin adds itself at the
// optimizer's last extension point (after inlining and SROA from -O1), for
// AMDGPU modules only: `amdsync` (insert and check) with each function's
// target-cpu, or the checker alone, or nothing, as `-amdsync-ep` says
// (-mllvm -amdsync-ep=insert|verify|off; docs/usage.md).
//
//===----------------------------------------------------------------------===//

#include "amdsync/llvm.h"
#include "amdsync/target.h"
#include "amdsync/version.h"
#include "../shared/pipeline.h"
#include "../shared/stats_table.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMRemarkStreamer.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

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

// `I` as one line of IR text, leading blanks cut.
std::string instructionText(const Instruction *I) {
  std::string text;
  raw_string_ostream os(text);
  I->print(os);
  return StringRef(text).trim().str();
}

// "<file:line:col: >error: in function 'f': message", or "note: message",
// then the instruction on a line of its own.
void printDiagnostic(const char *severity, LLVMValueRef func,
                     LLVMValueRef inst, const char *message) {
  const Instruction *I = inst ? unwrap<Instruction>(inst) : nullptr;
  errs() << locationOf(I) << severity << ": ";
  if (func && StringRef(severity) == "error") // NULL for a bad handle
    errs() << "in function '" << unwrap<Function>(func)->getName() << "': ";
  errs() << message << "\n";
  if (I) {
    errs() << " ";
    I->print(errs());
    errs() << "\n";
  }
}

void printError(void *, LLVMValueRef func, LLVMValueRef inst,
                const char *message) {
  printDiagnostic("error", func, inst, message);
}

// A note explaining the error before it (a hazard's other access, the
// branch that makes a barrier's control flow divergent), on stderr.
void printNote(void *, LLVMValueRef func, LLVMValueRef inst,
               const char *message) {
  printDiagnostic("note", func, inst, message);
}

// Hands `DI` to the context's diagnostic handler the way LLVMContext::
// diagnose does, but without its fallback, which exits at the first error:
// false when the handler did not take it (opt has none of its own; clang's
// takes everything), and the caller prints it instead.
bool deliver(LLVMContext &C, const DiagnosticInfo &DI) {
  DiagnosticHandler *h = const_cast<DiagnosticHandler *>(C.getDiagHandlerPtr());
  if (!h)
    return false;
  if (DI.getSeverity() == DS_Error)
    h->HasErrors = true;
  return h->handleDiagnostics(DI);
}

// `located` as an LLVM diagnostic of `severity` at `inst`'s source line
// where it has one (-g), else `unlocated`; printed by printDiagnostic
// where no handler takes it (opt), so that every one is shown and the
// pass's summing-up error ends the run.
void diagnoseAt(DiagnosticSeverity severity, LLVMValueRef func,
                LLVMValueRef inst, const char *message,
                const std::string &located, const std::string &unlocated) {
  Function *F = unwrap<Function>(func);
  const Instruction *I = unwrap<Instruction>(inst);
  bool taken =
      I->getDebugLoc()
          ? deliver(F->getContext(),
                    DiagnosticInfoGenericWithLoc(
                        located, *F, DiagnosticLocation(I->getDebugLoc()),
                        severity))
          : deliver(F->getContext(), DiagnosticInfoGeneric(unlocated, severity));
  if (!taken)
    printDiagnostic(severity == DS_Error ? "error" : "note", func, inst,
                    message);
}

// Each error as an LLVM error diagnostic at its instruction (its file,
// line and column with -g; the instruction's text without), for the
// default pipeline's pass: clang's handler reports every one through
// clang's diagnostics and fails the compile.
void diagnoseError(void *, LLVMValueRef func, LLVMValueRef inst,
                   const char *message) {
  if (!func) {
    printError(nullptr, func, inst, message);
    return;
  }
  std::string what = ("in function '" + unwrap<Function>(func)->getName() +
                      "': " + message)
                         .str();
  if (!inst) { // at the function: its name, no line
    if (!deliver(unwrap<Function>(func)->getContext(),
                 DiagnosticInfoGeneric(what, DS_Error)))
      printError(nullptr, func, inst, message);
    return;
  }
  diagnoseAt(DS_Error, func, inst, message, what,
             what + " (at '" + instructionText(unwrap<Instruction>(inst)) +
                 "'; -g gives its source line)");
}

// The same as an LLVM note diagnostic, after diagnoseError's error.
void diagnoseNote(void *, LLVMValueRef func, LLVMValueRef inst,
                  const char *message) {
  if (!func || !inst) {
    printNote(nullptr, func, inst, message);
    return;
  }
  diagnoseAt(DS_Note, func, inst, message, message, message);
}

// Optimization remarks (-pass-remarks=amdsync, -pass-remarks-output): one
// per inserted barrier or split wait, at it, as arguments: the kind and
// the resource of each window its barrier orders, and each access as an
// argument of its own with its debug location, so that remark files and
// opt-viewer link both accesses; the text reads as the C side's.
DiagnosticInfoOptimizationBase::Argument accessArg(StringRef key,
                                                   LLVMValueRef v) {
  const Instruction *I = unwrap<Instruction>(v);
  DiagnosticInfoOptimizationBase::Argument a(key, I);
  a.Val = "'" + instructionText(I) + "'";
  return a;
}

void emitHazardRemark(void *, LLVMValueRef func, LLVMValueRef inst,
                      const char *what, int n, const char *const *kinds,
                      const char *const *resources,
                      const LLVMValueRef *producers,
                      const LLVMValueRef *consumers) {
  Function *F = unwrap<Function>(func);
  OptimizationRemarkEmitter ORE(F);
  OptimizationRemark R("amdsync", "Barrier", unwrap<Instruction>(inst));
  R << "amdsync: " << what << " orders ";
  for (int i = 0; i < n; ++i) {
    if (i)
      R << "; and ";
    R << ore::NV("Kind", kinds[i]) << " hazard on "
      << ore::NV("Resource", resources[i]) << " between "
      << accessArg("Producer", producers[i]) << " and "
      << accessArg("Consumer", consumers[i]);
  }
  ORE.emit(R);
}

// The explanations: an analysis remark per hazard an index proof
// discharged, a missed remark per barrier that a cheaper position could
// not take (-pass-remarks-analysis=amdsync, -pass-remarks-missed=amdsync,
// remark files), named for the rule or the reason.
void emitExplanation(void *, LLVMValueRef func, LLVMValueRef inst,
                     const char *kind, const char *name, const char *message) {
  Function *F = unwrap<Function>(func);
  OptimizationRemarkEmitter ORE(F);
  Instruction *I = unwrap<Instruction>(inst);
  if (StringRef(kind) == "missed")
    ORE.emit(OptimizationRemarkMissed("amdsync", name, I) << message);
  else
    ORE.emit(OptimizationRemarkAnalysis("amdsync", name, I) << message);
}

// `remarks` (as on the MLIR side): the same remarks printed on stderr
// whether or not -pass-remarks asks for them.
void printRemark(void *, LLVMValueRef func, LLVMValueRef inst,
                 const char *message) {
  errs() << locationOf(unwrap<Instruction>(inst)) << "remark: in function '"
         << unwrap<Function>(func)->getName() << "': " << message << "\n";
}

struct Options {
  std::string target, strategy;
  /// The barrier pass's picture (picture=<file>.svg), "" for none.
  std::string picture;
  bool summary = false;
  bool replace = false;
  bool waw = false;
  bool remarks = false;
  /// workgroup-dims=N (1, 2; 0: none): kernels' unstated extents above N
  /// are one thread.
  int dims = 0;
  /// error-limit=N: 0 the default (AMDSYNC_DEFAULT_ERROR_LIMIT), -1 none
  /// (error-limit=0), else N.
  int errorLimit = 0;
  /// Errors as LLVM diagnostics (diagnoseError), not on stderr.
  bool llvmDiagnostics = false;

  // `PASS<...>` with the parameters that differ from the defaults, in the
  // form parsePass reads back.
  void print(raw_ostream &OS, StringRef pass) const {
    OS << pass;
    SmallVector<std::string, 6> params;
    if (!target.empty())
      params.push_back("target=" + target);
    if (!strategy.empty())
      params.push_back("strategy=" + strategy);
    if (replace)
      params.push_back("existing=replace");
    if (waw)
      params.push_back("waw-hazards");
    if (dims)
      params.push_back("workgroup-dims=" + std::to_string(dims));
    if (errorLimit)
      params.push_back("error-limit=" +
                       std::to_string(errorLimit < 0 ? 0 : errorLimit));
    if (remarks)
      params.push_back("remarks");
    if (summary)
      params.push_back("summary");
    if (!picture.empty())
      params.push_back("picture=" + picture);
    if (params.empty())
      return;
    OS << "<" << join(params, ";") << ">";
  }
};

// The remark callback only when `-pass-remarks` asks for amdsync's, or a
// remark file is written (-pass-remarks-output, clang's
// -fsave-optimization-record): each
// remark describes two instructions, and printing an instruction numbers
// its whole function, so building remarks nobody reads made the pass
// quadratic (15 s for 3,300 barriers in one block).
AmdsyncLlvmOptions cOptions(const Options &o, Module &M) {
  AmdsyncLlvmOptions c{};
  c.target = o.target.c_str();
  c.strategy = o.strategy.c_str();
  c.picture = o.picture.c_str();
  c.replace_existing = o.replace;
  c.waw_hazards = o.waw;
  c.workgroup_dims = o.dims;
  c.error_limit = o.errorLimit;
  c.report = o.llvmDiagnostics ? diagnoseError : printError;
  c.note = o.llvmDiagnostics ? diagnoseNote : printNote;
  const DiagnosticHandler *h = M.getContext().getDiagHandlerPtr();
  bool streamed = M.getContext().getLLVMRemarkStreamer() != nullptr;
  c.remark = o.remarks ? printRemark : nullptr;
  c.remark_hazards =
      !o.remarks && (streamed || (h && h->isPassedOptRemarkEnabled("amdsync")))
          ? emitHazardRemark
          : nullptr;
  c.explain = streamed || (h && (h->isMissedOptRemarkEnabled("amdsync") ||
                                 h->isAnalysisRemarkEnabled("amdsync")))
                  ? emitExplanation
                  : nullptr;
  return c;
}

// -stats: the distribution's LLVM is built without statistics (its
// STATISTICs are no-ops and -stats prints "Statistics are disabled"), so
// each pass prints its counts itself, in LLVM's table form, when -stats
// asks for statistics (llvm::AreStatisticsEnabled).
void printStatistics(const char *pass, const AmdsyncStats &s) {
  if (!AreStatisticsEnabled())
    return;
  errs().flush();
  amdsyncStatsPrint(stderr, pass,
                    AMDSYNC_STAT_BARRIERS | AMDSYNC_STAT_WAITS |
                        AMDSYNC_STAT_VERIFY,
                    &s);
}

void failIfErrors(Module &M, const char *pass, const AmdsyncLlvmStats &s) {
  printStatistics(pass, s);
  if (s.violations)
    M.getContext().diagnose(DiagnosticInfoGeneric(
        Twine(pass) + ": " + Twine(s.violations) + " error(s) in " +
            Twine(s.functions) + " function(s)",
        DS_Error));
}

// What each pass did, as summaries (summary=true) and errors: each reports
// its errors, sums them up as one LLVM error (so opt exits 1), says whether
// it changed the module and whether it succeeded. The same for a pass alone
// and for its part of the `amdsync` pass.
// The summary as a remark through the context's diagnostic handler (opt
// prints "remark: ...", clang reports it as its own remark).
void summarize(Module &M, const std::string &text) {
  M.getContext().diagnose(DiagnosticInfoGeneric(text, DS_Remark));
}

bool endPlace(Module &M, const Options &opts, const AmdsyncStats &s,
              bool &changed) {
  if (opts.summary) {
    std::string text;
    raw_string_ostream os(text);
    os << "amdsync-lds-barriers: " << s.functions
           << " function(s), " << s.hazards << " hazard window(s), "
           << s.already_ordered << " already ordered; inserted " << s.barriers
           << " barrier(s), " << s.ordering_points << " ordering point(s), "
           << s.signals << " signal(s), " << s.waits << " wait(s), "
           << s.fallbacks << " fallback(s), " << s.counter_waits
           << " counter wait(s); completed " << s.barriers_completed
           << " barrier(s) with fences; removed " << s.barriers_removed
           << " LDS-only barrier(s)";
    summarize(M, text);
  }
  failIfErrors(M, "amdsync-lds-barriers", s);
  changed |= s.barriers + s.ordering_points + s.signals + s.waits +
                 s.counter_waits + s.barriers_completed + s.barriers_removed >
             0;
  return s.violations == 0;
}

bool endWaitcnt(Module &M, const Options &opts, const AmdsyncStats &s,
                bool &changed) {
  if (opts.summary)
    summarize(M, "amdsync-waitcnt: " + std::to_string(s.functions) +
                     " function(s), " + std::to_string(s.async_ops) +
                     " async operation(s); inserted " +
                     std::to_string(s.counter_waits) +
                     " counter wait(s); lowered " +
                     std::to_string(s.asyncmarks_lowered) +
                     " asyncmark call(s)");
  failIfErrors(M, "amdsync-waitcnt", s);
  changed |= s.counter_waits + s.asyncmarks_lowered > 0;
  return s.violations == 0;
}

bool endVerify(Module &M, const Options &opts, const AmdsyncStats &s) {
  if (opts.summary)
    summarize(M, "amdsync-verify: " + std::to_string(s.functions) +
                     " function(s), " + std::to_string(s.violations) +
                     " violation(s)");
  failIfErrors(M, "amdsync-verify", s);
  return s.violations == 0;
}

bool runPlace(Module &M, const Options &opts, bool &changed) {
  AmdsyncLlvmOptions o = cOptions(opts, M);
  AmdsyncLlvmStats s{};
  amdsyncLlvmRunLdsBarriers(wrap(&M), &o, &s);
  return endPlace(M, opts, s, changed);
}

bool runWaitcnt(Module &M, const Options &opts, bool &changed) {
  AmdsyncLlvmOptions o = cOptions(opts, M);
  AmdsyncLlvmStats s{};
  amdsyncLlvmRunWaitcnt(wrap(&M), &o, &s);
  return endWaitcnt(M, opts, s, changed);
}

bool runVerify(Module &M, const Options &opts) {
  AmdsyncLlvmOptions o = cOptions(opts, M);
  AmdsyncLlvmStats s{};
  amdsyncLlvmRunVerify(wrap(&M), &o, &s);
  return endVerify(M, opts, s);
}

PreservedAnalyses preserved(bool changed) {
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

struct LdsBarriersPass : PassInfoMixin<LdsBarriersPass> {
  Options opts;
  static StringRef name() { return "AmdsyncLdsBarriersPass"; }
  static constexpr StringLiteral kPassName = "amdsync-lds-barriers";
  void printPipeline(raw_ostream &OS, function_ref<StringRef(StringRef)>) {
    opts.print(OS, kPassName);
  }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    bool changed = false;
    runPlace(M, opts, changed);
    return preserved(changed);
  }
};

struct WaitcntPass : PassInfoMixin<WaitcntPass> {
  Options opts;
  static StringRef name() { return "AmdsyncWaitcntPass"; }
  static constexpr StringLiteral kPassName = "amdsync-waitcnt";
  void printPipeline(raw_ostream &OS, function_ref<StringRef(StringRef)>) {
    opts.print(OS, kPassName);
  }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    bool changed = false;
    runWaitcnt(M, opts, changed);
    return preserved(changed);
  }
};

struct VerifyPass : PassInfoMixin<VerifyPass> {
  Options opts;
  static StringRef name() { return "AmdsyncVerifyPass"; }
  static constexpr StringLiteral kPassName = "amdsync-verify";
  void printPipeline(raw_ostream &OS, function_ref<StringRef(StringRef)>) {
    opts.print(OS, kPassName);
  }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    runVerify(M, opts);
    return PreservedAnalyses::all();
  }
};

// `amdsync<...>`: the three in order, stopping after a pass that failed;
// the wait pass on the barrier pass's translation of each function
// (amdsyncLlvmRun).
struct AllPass : PassInfoMixin<AllPass> {
  Options opts;
  static StringRef name() { return "AmdsyncPass"; }
  static constexpr StringLiteral kPassName = "amdsync";
  void printPipeline(raw_ostream &OS, function_ref<StringRef(StringRef)>) {
    opts.print(OS, kPassName);
  }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    AmdsyncLlvmOptions o = cOptions(opts, M);
    AmdsyncPipelineStats s{};
    amdsyncLlvmRun(wrap(&M), &o, &s);
    bool changed = false;
    (void)(endPlace(M, opts, s.barriers, changed) && s.passes_run >= 2 &&
           endWaitcnt(M, opts, s.waits, changed) && s.passes_run >= 3 &&
           endVerify(M, opts, s.verify));
    return preserved(changed);
  }
};

enum class Parse { NotThisPass, Ok, Error };

// `PASS` or `PASS<key=value;...>`. NotThisPass when `name` is not PASS;
// Error (with `error` set) for an unknown parameter or a bad value.
Parse parsePass(StringRef name, StringRef pass, bool takesStrategy,
                Options &o, std::string &error) {
  StringRef whole = name;
  if (!name.consume_front(pass))
    return Parse::NotThisPass;
  if (name.empty())
    return Parse::Ok;
  if (!name.starts_with("<"))
    return Parse::NotThisPass; // another pass whose name starts with PASS
  if (!name.consume_front("<") || !name.consume_back(">")) {
    error = ("invalid " + pass + " pass parameters in '" + whole +
             "': they go in <...>")
                .str();
    return Parse::Error;
  }
  std::string takes =
      (pass + " takes target=<chip>" +
       (takesStrategy ? ", strategy=minimize|disjoint, existing=keep|replace, "
                        "picture=<file>.svg"
                      : "") +
       ", waw-hazards, remarks, summary, workgroup-dims=1|2|3, "
       "error-limit=<n>")
          .str();
  SmallVector<StringRef, 4> params;
  name.split(params, ';', -1, false);
  for (StringRef p : params) {
    auto bad = [&](const Twine &what) {
      error = ("invalid " + pass + " pass parameter '" + p + "': " + what)
                  .str();
      return Parse::Error;
    };
    StringRef key = p.split('=').first;
    StringRef value = p.split('=').second;
    bool hasValue = p.contains('=');
    if (key == "target" && hasValue) {
      if (!amdsyncTargetLookup(value.str().c_str()))
        return bad("unknown target; known: " +
                   Twine(amdsyncTargetKnownList()));
      o.target = value.str();
    } else if (takesStrategy && key == "strategy" && hasValue) {
      if (value != "minimize" && value != "disjoint")
        return bad("strategy takes minimize or disjoint");
      o.strategy = value.str();
    } else if (takesStrategy && key == "existing" && hasValue) {
      if (value != "keep" && value != "replace")
        return bad("existing takes keep or replace");
      o.replace = value == "replace";
    } else if (takesStrategy && key == "picture" && hasValue &&
               !value.empty()) {
      o.picture = value.str();
    } else if (key == "summary" && !hasValue) {
      o.summary = true;
    } else if (key == "workgroup-dims") {
      if (value != "1" && value != "2" && value != "3")
        return bad("workgroup-dims takes 1, 2 or 3 (the dimensions of the "
                   "workgroups the kernels run in; 3: no statement)");
      o.dims = value == "3" ? 0 : value[0] - '0';
    } else if (key == "error-limit") {
      unsigned n;
      if (!hasValue || value.getAsInteger(10, n) || n > AMDSYNC_MAX_ERROR_LIMIT)
        return bad("error-limit takes a count of errors per function "
                   "(0: no limit; default " +
                   Twine(AMDSYNC_DEFAULT_ERROR_LIMIT) + ")");
      o.errorLimit = amdsyncErrorLimitOption(n);
    } else if (key == "waw-hazards" || key == "remarks") {
      // As on the MLIR side: waw-hazards, waw-hazards=true|false.
      if (hasValue && value != "true" && value != "false")
        return bad(key + " takes true or false");
      (key == "remarks" ? o.remarks : o.waw) = !hasValue || value == "true";
    } else if (hasValue && (key == "summary" || key == "target" ||
                            (takesStrategy && (key == "strategy" ||
                                               key == "existing")))) {
      return bad(key + " takes no value; " + takes);
    } else if (key == "target" ||
               (takesStrategy && (key == "strategy" || key == "existing" ||
                                  key == "picture"))) {
      return bad(key + " needs a value; " + takes);
    } else {
      return bad("no such parameter; " + takes);
    }
  }
  return Parse::Ok;
}

// What the plugin does in a default pipeline (clang -fpass-plugin).
enum class EpMode { Insert, Verify, Off };

cl::opt<EpMode> epMode(
    "amdsync-ep",
    cl::desc("What amdsync does where a default pipeline runs it (clang "
             "-fpass-plugin): insert barriers and waits and check the "
             "result, check only, or nothing"),
    cl::init(EpMode::Insert),
    cl::values(clEnumValN(EpMode::Insert, "insert",
                          "amdsync: barriers, waits, then the checker"),
               clEnumValN(EpMode::Verify, "verify", "amdsync-verify only"),
               clEnumValN(EpMode::Off, "off", "nothing")));

// workgroup-dims for a default pipeline (clang -mllvm).
enum WorkgroupDims { kDims1 = 1, kDims2 = 2, kDims3 = 3 };
cl::opt<WorkgroupDims> workgroupDims(
    "amdsync-workgroup-dims",
    cl::desc("The dimensions of the workgroups every kernel runs in: the "
             "extents a kernel does not state above them are one thread "
             "(HIP kernels state none)"),
    cl::init(kDims3),
    cl::values(clEnumValN(kDims1, "1", "one-dimensional workgroups"),
               clEnumValN(kDims2, "2", "two-dimensional workgroups"),
               clEnumValN(kDims3, "3", "no statement")));

// error-limit for a default pipeline (clang -mllvm).
cl::opt<unsigned> errorLimit(
    "amdsync-error-limit",
    cl::desc("The most errors amdsync reports at one function (0: no "
             "limit); the rest are counted in one error"),
    cl::init(AMDSYNC_DEFAULT_ERROR_LIMIT));

// amdsync at the optimizer's last extension point: AMDGPU modules only,
// each function's chip from its target-cpu (no target option).
// Also in a pipeline by name, `amdsync-default`, which is how
// -print-pipeline-passes prints it.
struct DefaultPipelinePass : PassInfoMixin<DefaultPipelinePass> {
  static StringRef name() { return "AmdsyncDefaultPipelinePass"; }
  static constexpr StringLiteral kPassName = "amdsync-default";
  void printPipeline(raw_ostream &OS, function_ref<StringRef(StringRef)>) {
    OS << kPassName;
  }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &AM) {
    if (epMode == EpMode::Off || !Triple(M.getTargetTriple()).isAMDGPU())
      return PreservedAnalyses::all();
    Options o;
    o.llvmDiagnostics = true;
    o.dims = workgroupDims == kDims3 ? 0 : (int)workgroupDims;
    o.errorLimit = amdsyncErrorLimitOption(errorLimit);
    if (epMode == EpMode::Verify)
      return VerifyPass{{}, o}.run(M, AM);
    return AllPass{{}, o}.run(M, AM);
  }
};

// Adds the amdsync pass `name` names to MPM; false when it names none.
// Wrong parameters end the program as LLVM's own passes' do, when the
// pipeline is parsed (before any pass runs).
bool parsePipelineElement(StringRef name, ModulePassManager &MPM) {
  if (name == DefaultPipelinePass::kPassName) {
    MPM.addPass(DefaultPipelinePass{});
    return true;
  }
  Options o;
  std::string error;
  // Longest names first: `amdsync` is a prefix of the rest.
  Parse r;
  if ((r = parsePass(name, LdsBarriersPass::kPassName, true, o, error)) ==
      Parse::Ok)
    MPM.addPass(LdsBarriersPass{{}, o});
  else if (r == Parse::NotThisPass &&
           (r = parsePass(name, WaitcntPass::kPassName, false, o, error)) ==
               Parse::Ok)
    MPM.addPass(WaitcntPass{{}, o});
  else if (r == Parse::NotThisPass &&
           (r = parsePass(name, VerifyPass::kPassName, false, o, error)) ==
               Parse::Ok)
    MPM.addPass(VerifyPass{{}, o});
  else if (r == Parse::NotThisPass &&
           (r = parsePass(name, AllPass::kPassName, true, o, error)) ==
               Parse::Ok)
    MPM.addPass(AllPass{{}, o});
  if (r == Parse::Error)
    reportFatalUsageError(Twine(error));
  return r != Parse::NotThisPass;
}

// Each pass's class name (what -time-passes shows) to its pipeline name
// (what -print-after, -print-before and -print-pipeline-passes use).
void registerPassNames(PassInstrumentationCallbacks *PIC) {
  if (!PIC) // opt and clang have one; a program of its own may not
    return;
  PIC->addClassToPassName(LdsBarriersPass::name(), LdsBarriersPass::kPassName);
  PIC->addClassToPassName(WaitcntPass::name(), WaitcntPass::kPassName);
  PIC->addClassToPassName(VerifyPass::name(), VerifyPass::kPassName);
  PIC->addClassToPassName(AllPass::name(), AllPass::kPassName);
  PIC->addClassToPassName(DefaultPipelinePass::name(),
                          DefaultPipelinePass::kPassName);
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK AMDSYNC_API PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "AmdSync", AMDSYNC_VERSION_STRING,
          [](PassBuilder &PB) {
            registerPassNames(PB.getPassInstrumentationCallbacks());
            // Where the optimizer ends: after inlining and SROA at -O1 and
            // above; at -O0 on clang's unoptimized IR (locals in private
            // slots, __syncthreads a call: docs/usage.md, "In clang").
            PB.registerOptimizerLastEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel,
                   ThinOrFullLTOPhase) {
                  MPM.addPass(DefaultPipelinePass{});
                });
            PB.registerPipelineParsingCallback(
                [](StringRef name, ModulePassManager &MPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  return parsePipelineElement(name, MPM);
                });
          }};
}
