//===- pass_manager.cpp - amdsync's passes for MLIR's pass manager -------===//
//
// The only C++ of the MLIR side (brief: C++ only where no C entry point
// exists). The MLIR C API has no hook for pass options, statistics or
// remarks, so each pass is a thin mlir::PassWrapper whose runOnOperation
// calls the C pass body (passes/mlir/passes.c) with its options, and
// copies the C counters into Statistics. This file owns the passes' names,
// options and statistics, and the C functions of include/amdsync/mlir.h
// that create and register them; the mlir-opt plugin
// (passes/plugin/mlir_plugin.cpp) only registers them, and libamdsync
// exports them to generators.
//
//===----------------------------------------------------------------------===//

#include "amdsync/mlir.h"
#include "amdsync/target.h"
#include "../shared/pipeline.h"
#include "../shared/stats_table.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace {

// Where the passes' remarks go: as plain remark diagnostics (remarks=true)
// and, where the context has MLIR's remark engine (mlir-opt
// --remarks-filter=amdsync ...), as optimization remarks of category
// `amdsync` that its streamers write (--remark-format=yaml).
struct RemarkSink {
  bool plain;
  bool engine;
  std::string function; // the function the remarks are about (beginFunction)
};

// The function the next remarks are about, for the engine's records.
void beginFunction(void *ctx, MlirOperation func) {
  RemarkSink *sink = static_cast<RemarkSink *>(ctx);
  mlir::Operation *op = unwrap(func);
  auto name = op->getAttrOfType<mlir::StringAttr>("sym_name");
  sink->function = name ? name.getValue().str() : std::string();
}

// The explanations (`analysis`, `missed`) go to the remark engine only:
// remarks=true prints the barriers' remarks, as before.
void emitExplainAt(void *ctx, const char *kind, const char *name,
                   MlirLocation loc, const char *message) {
  const RemarkSink *sink = static_cast<const RemarkSink *>(ctx);
  if (!sink->engine)
    return;
  mlir::remark::RemarkOpts opts = mlir::remark::RemarkOpts::name(name)
                                      .category("amdsync")
                                      .function(sink->function);
  if (llvm::StringRef(kind) == "missed")
    mlir::remark::missed(unwrap(loc), opts) << llvm::StringRef(message);
  else
    mlir::remark::analysis(unwrap(loc), opts) << llvm::StringRef(message);
}

void emitRemarkAt(void *ctx, MlirLocation loc, const char *message) {
  const RemarkSink *sink = static_cast<const RemarkSink *>(ctx);
  if (sink->plain)
    mlir::emitRemark(unwrap(loc), message);
  if (sink->engine)
    mlir::remark::passed(unwrap(loc), mlir::remark::RemarkOpts::name(
                                          "synchronization")
                                          .category("amdsync")
                                          .function(sink->function))
        << llvm::StringRef(message);
}

// The options the passes and the pipeline take, and which are booleans.
constexpr llvm::StringLiteral kOptionNames[] = {
    "target", "strategy", "existing", "waw-hazards", "summary", "remarks",
    "picture", "workgroup-dims", "error-limit"};
// What llvm::cl::opt<bool> accepts.
constexpr llvm::StringLiteral kBooleanSpellings[] = {
    "true", "false", "1", "0", "TRUE", "FALSE", "True", "False"};
bool isBooleanOption(llvm::StringRef key) {
  return key == "waw-hazards" || key == "summary" || key == "remarks";
}

// Checks an option string ("a=b c={...} d") before MLIR parses it, and
// returns the message for the first key that is not an option, or value
// the option does not take: an unknown chip or strategy, a boolean that is
// not one ("" when all are fine). So a wrong value is an error where the
// pipeline is parsed, not when the pass runs. llvm::cl would print its
// own complaint about a bad boolean on stderr and leave MLIR's error
// message empty (an empty `error:` line); an unknown key would be
// "<Pass-Options-Parser>: no such option".
std::string checkOptions(llvm::StringRef pass, llvm::StringRef text) {
  size_t i = 0, n = text.size();
  while (i < n) {
    while (i < n && llvm::isSpace(text[i]))
      ++i;
    if (i == n)
      break;
    size_t keyStart = i;
    while (i < n && text[i] != '=' && !llvm::isSpace(text[i]))
      ++i;
    llvm::StringRef key = text.slice(keyStart, i);
    bool hasValue = i < n && text[i] == '=';
    size_t valueStart = hasValue ? ++i : i;
    // A value runs to the next space outside quotes and braces.
    int depth = 0;
    char quote = 0;
    while (i < n && (quote || depth > 0 || !llvm::isSpace(text[i]))) {
      char c = text[i++];
      if (quote)
        quote = c == quote ? 0 : quote;
      else if (c == '"' || c == '\'')
        quote = c;
      else if (c == '{')
        ++depth;
      else if (c == '}')
        --depth;
    }
    llvm::StringRef value = text.slice(valueStart, i);
    if (!llvm::is_contained(kOptionNames, key))
      return (pass + ": unknown option '" + key +
              "'; options: target, strategy, existing, waw-hazards, summary, "
              "remarks, picture, workgroup-dims, error-limit")
          .str();
    // A quoted value is the text inside the quotes, as MLIR reads it.
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
        value.back() == value.front())
      value = value.drop_front().drop_back();
    if (key == "target" && !value.empty() &&
        !amdsyncTargetLookup(value.str().c_str()))
      return (pass + ": option 'target': unknown target '" + value +
              "'; known: " + amdsyncTargetKnownList())
          .str();
    if (key == "strategy" && !value.empty() && value != "minimize" &&
        value != "disjoint")
      return (pass + ": option 'strategy' takes minimize or disjoint, not '" +
              value + "'")
          .str();
    if (key == "existing" && value != "keep" && value != "replace")
      return (pass + ": option 'existing' takes keep or replace, not '" +
              value + "'")
          .str();
    if (key == "workgroup-dims" && value != "1" && value != "2" &&
        value != "3")
      return (pass + ": option 'workgroup-dims' takes 1, 2 or 3 (the "
              "dimensions of the workgroups the kernels run in), not '" +
              value + "'")
          .str();
    unsigned count;
    if (key == "error-limit" &&
        (value.getAsInteger(10, count) || count > AMDSYNC_MAX_ERROR_LIMIT))
      return (pass + ": option 'error-limit' takes a count of errors per "
              "function (0: no limit), not '" +
              value + "'")
          .str();
    if (key == "picture" && value.empty())
      return (pass + ": option 'picture' needs a file name (picture=k.svg "
              "writes k.<function>.svg)")
          .str();
    if (isBooleanOption(key) && hasValue &&
        !llvm::is_contained(kBooleanSpellings, value))
      return (pass + ": option '" + key + "' takes true or false, not '" +
              value + "'")
          .str();
  }
  return "";
}

// Options shared by both passes.
template <typename Derived>
struct AmdSyncPassBase
    : public mlir::PassWrapper<Derived, mlir::OperationPass<>> {
  AmdSyncPassBase() = default;
  AmdSyncPassBase(const AmdSyncPassBase &other)
      : mlir::PassWrapper<Derived, mlir::OperationPass<>>(other) {}

  mlir::Pass::Option<std::string> target{
      *this, "target",
      llvm::cl::desc("Target chip (gfx942, gfx1201, ...); default: the "
                     "enclosing gpu.module's #rocdl.target")};
  mlir::Pass::Option<std::string> strategy{
      *this, "strategy",
      llvm::cl::desc("Placement strategy: minimize or disjoint (default: "
                     "disjoint on split-barrier targets, minimize elsewhere)")};
  mlir::Pass::Option<std::string> existing{
      *this, "existing",
      llvm::cl::desc("keep (default) or replace: the barrier pass first "
                     "removes the input's barriers that order only LDS and "
                     "places its own"),
      llvm::cl::init("keep")};
  mlir::Pass::Option<bool> wawHazards{
      *this, "waw-hazards",
      llvm::cl::desc("Treat write-after-write between distinct stores as a "
                     "hazard"),
      llvm::cl::init(false)};
  mlir::Pass::Option<bool> summary{
      *this, "summary",
      llvm::cl::desc("Emit one remark with the pass's counts (the "
                     "distribution's MLIR is built without statistics)"),
      llvm::cl::init(false)};
  mlir::Pass::Option<bool> remarks{
      *this, "remarks",
      llvm::cl::desc("Emit a remark per inserted barrier naming the hazard"),
      llvm::cl::init(false)};
  mlir::Pass::Option<unsigned> workgroupDims{
      *this, "workgroup-dims",
      llvm::cl::desc("The dimensions of the workgroups the kernels run in "
                     "(1, 2 or 3, the default): the extents a kernel does "
                     "not state above them are one thread"),
      llvm::cl::init(3)};
  mlir::Pass::Option<unsigned> errorLimit{
      *this, "error-limit",
      llvm::cl::desc("The most errors reported at one function (0: no "
                     "limit); the rest are counted in one error"),
      llvm::cl::init(AMDSYNC_DEFAULT_ERROR_LIMIT)};
  mlir::Pass::Option<std::string> picture{
      *this, "picture",
      llvm::cl::desc("Draw the barrier pass's decisions on each function as "
                     "an SVG file: picture=k.svg writes k.<function>.svg")};

  // Options are checked first (checkOptions): a clear message instead of
  // llvm::cl's stderr line and an empty error.
  mlir::LogicalResult initializeOptions(
      llvm::StringRef options,
      llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)>
          errorHandler) override {
    std::string bad = checkOptions(this->getArgument(), options);
    if (!bad.empty())
      return errorHandler(bad);
    return mlir::Pass::initializeOptions(options, errorHandler);
  }

  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::amdgpu::AMDGPUDialect, mlir::ROCDL::ROCDLDialect,
                    mlir::LLVM::LLVMDialect>();
  }

  RemarkSink sink{false, false, {}};

  // Whether MLIR's remark engine takes amdsync's remarks. mlir-opt always
  // has an engine, and only it knows its filters: a `passed` remark that
  // the pass runs asks it (an empty one when the category is filtered
  // out), so that the barriers' remarks are built only when they are
  // wanted (building them for 22,703 barriers cost 0.8 s on deep32).
  bool remarkCategoryEnabled() {
    if (!this->getContext().getRemarkEngine())
      return false;
    mlir::remark::detail::InFlightRemark probe = mlir::remark::passed(
        this->getOperation()->getLoc(),
        mlir::remark::RemarkOpts::name("run").category("amdsync"));
    if (!probe)
      return false;
    std::string what = ("amdsync: " + this->getArgument() + " runs").str();
    probe << llvm::StringRef(what);
    return true;
  }

  AmdsyncMlirOptions cOptions() {
    AmdsyncMlirOptions o{};
    o.target = target.c_str();
    o.strategy = strategy.c_str();
    o.waw_hazards = wawHazards;
    o.workgroup_dims = workgroupDims == 3 ? 0 : (int)workgroupDims;
    o.error_limit = amdsyncErrorLimitOption(errorLimit);
    o.replace_existing = existing == "replace";
    sink.plain = remarks;
    sink.engine = remarkCategoryEnabled();
    o.remarks = sink.plain || sink.engine;
    o.remark = emitRemarkAt;
    o.remark_ctx = &sink;
    o.explain = sink.engine ? emitExplainAt : nullptr;
    o.function_begin = sink.engine ? beginFunction : nullptr;
    o.picture = picture.c_str();
    return o;
  }
};

// The summaries (summary=true), one remark per pass, the same from the
// pass alone and from the `amdsync` pass.
void summarizeBarriers(mlir::Operation *op, const AmdsyncStats &s,
                       bool replace) {
  mlir::InFlightDiagnostic d = mlir::emitRemark(op->getLoc());
  d << "amdsync-lds-barriers: " << s.functions << " function(s), "
    << s.hazards << " hazard window(s), " << s.already_ordered
    << " already ordered; inserted " << s.barriers << " barrier(s), "
    << s.ordering_points << " ordering point(s), " << s.signals
    << " signal(s), " << s.waits << " wait(s), " << s.fallbacks
    << " fallback(s); completed " << s.barriers_completed
    << " barrier(s) with fences";
  if (replace)
    d << "; removed " << s.barriers_removed << " LDS-only barrier(s)";
}

void summarizeWaits(mlir::Operation *op, const AmdsyncStats &s) {
  mlir::emitRemark(op->getLoc())
      << "amdsync-waitcnt: " << s.functions << " function(s), " << s.async_ops
      << " async operation(s); inserted " << s.counter_waits
      << " counter wait(s), lowered " << s.asyncmarks_lowered
      << " asyncmark op(s)";
}

void summarizeVerify(mlir::Operation *op, const AmdsyncStats &s) {
  mlir::emitRemark(op->getLoc())
      << "amdsync-verify: " << s.functions << " function(s), " << s.violations
      << " violation(s)";
}

// Each pass's counters as MLIR statistics (--mlir-pass-statistics), from
// the one table of counts (passes/shared/stats_table.c): the rows the
// pass produces (`passes`), less those another statistics object of the
// same pass already shows (`shown`: the `amdsync` pass has the barrier
// pass's, then the wait pass's, then the checker's).
struct TableStatistics {
  TableStatistics(mlir::Pass *p, unsigned passes, unsigned shown) {
    int n;
    const AmdsyncStatRow *rows = amdsyncStatRows(&n);
    for (int i = 0; i < n; ++i)
      if ((rows[i].passes & passes) && !(rows[i].passes & shown))
        entries.push_back({&rows[i], std::make_unique<mlir::Pass::Statistic>(
                                         p, rows[i].name,
                                         rows[i].description)});
  }
  void add(const AmdsyncStats &s) {
    for (Entry &e : entries)
      *e.statistic += amdsyncStatValue(&s, e.row);
  }

private:
  struct Entry {
    const AmdsyncStatRow *row;
    std::unique_ptr<mlir::Pass::Statistic> statistic;
  };
  std::vector<Entry> entries;
};

struct LdsBarriersPass : public AmdSyncPassBase<LdsBarriersPass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LdsBarriersPass)
  LdsBarriersPass() = default;
  LdsBarriersPass(const LdsBarriersPass &other) : AmdSyncPassBase(other) {}
  llvm::StringRef getArgument() const final { return "amdsync-lds-barriers"; }
  // The name --mlir-timing and the pass statistics show (the class name
  // in a namespace of its own would be "{anonymous}::LdsBarriersPass").
  llvm::StringRef getName() const final { return "AmdsyncLdsBarriers"; }
  llvm::StringRef getDescription() const final {
    return "Insert the fewest LDS barriers (split signal/wait on GFX12) that "
           "order every LDS hazard";
  }

  TableStatistics stats{this, AMDSYNC_STAT_BARRIERS, 0};

  void runOnOperation() final {
    AmdsyncMlirOptions o = cOptions();
    AmdsyncMlirStats s{};
    MlirLogicalResult r =
        amdsyncMlirRunLdsBarriers(wrap(getOperation()), &o, &s);
    stats.add(s);
    if (summary)
      summarizeBarriers(getOperation(), s, existing == "replace");
    if (mlirLogicalResultIsFailure(r))
      signalPassFailure();
    else if (s.ops_changed == 0)
      markAllAnalysesPreserved(); // also skips the verifier after the pass
  }
};

struct VerifyPass : public AmdSyncPassBase<VerifyPass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VerifyPass)
  VerifyPass() = default;
  VerifyPass(const VerifyPass &other) : AmdSyncPassBase(other) {}
  llvm::StringRef getArgument() const final { return "amdsync-verify"; }
  llvm::StringRef getName() const final { return "AmdsyncVerify"; }
  llvm::StringRef getDescription() const final {
    return "Check that every LDS hazard is ordered by a barrier on every path "
           "and that barriers are hang-free";
  }

  TableStatistics stats{this, AMDSYNC_STAT_VERIFY, 0};

  void runOnOperation() final {
    AmdsyncMlirOptions o = cOptions();
    AmdsyncMlirStats s{};
    MlirLogicalResult r = amdsyncMlirRunVerify(wrap(getOperation()), &o, &s);
    stats.add(s);
    if (summary)
      summarizeVerify(getOperation(), s);
    if (mlirLogicalResultIsFailure(r))
      signalPassFailure();
    else if (s.ops_changed == 0)
      markAllAnalysesPreserved(); // also skips the verifier after the pass
  }
};

struct WaitcntPass : public AmdSyncPassBase<WaitcntPass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(WaitcntPass)
  WaitcntPass() = default;
  WaitcntPass(const WaitcntPass &other) : AmdSyncPassBase(other) {}
  llvm::StringRef getArgument() const final { return "amdsync-waitcnt"; }
  llvm::StringRef getName() const final { return "AmdsyncWaitcnt"; }
  llvm::StringRef getDescription() const final {
    return "Insert s_wait_asynccnt / s_wait_tensorcnt (and GFX9 vmcnt) waits "
           "for asynchronous LDS transfers, with the largest safe counts, and "
           "lower amdsync.asyncmark / amdsync.wait_asyncmark";
  }

  TableStatistics stats{this, AMDSYNC_STAT_WAITS, 0};

  void runOnOperation() final {
    AmdsyncMlirOptions o = cOptions();
    AmdsyncMlirStats s{};
    MlirLogicalResult r = amdsyncMlirRunWaitcnt(wrap(getOperation()), &o, &s);
    stats.add(s);
    if (summary)
      summarizeWaits(getOperation(), s);
    if (mlirLogicalResultIsFailure(r))
      signalPassFailure();
    else if (s.ops_changed == 0)
      markAllAnalysesPreserved(); // also skips the verifier after the pass
  }
};

// `amdsync`: the barrier pass and the wait pass on one translation of each
// function, then the checker (amdsyncMlirRun), with the options of all
// three (a step ignores what does not concern it). One pass rather than a
// pipeline of the three, so that the wait pass works on the barrier pass's
// model instead of translating the function again.
struct AllPass : public AmdSyncPassBase<AllPass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AllPass)
  AllPass() = default;
  AllPass(const AllPass &other) : AmdSyncPassBase(other) {}
  llvm::StringRef getArgument() const final { return "amdsync"; }
  llvm::StringRef getName() const final { return "Amdsync"; }
  llvm::StringRef getDescription() const final {
    return "amdsync-lds-barriers, then amdsync-waitcnt (on the same "
           "translation of each function), then amdsync-verify, with the "
           "same options";
  }

  TableStatistics barrierStats{this, AMDSYNC_STAT_BARRIERS, 0};
  TableStatistics waitStats{this, AMDSYNC_STAT_WAITS, AMDSYNC_STAT_BARRIERS};
  TableStatistics verifyStats{this, AMDSYNC_STAT_VERIFY,
                              AMDSYNC_STAT_BARRIERS | AMDSYNC_STAT_WAITS};

  void runOnOperation() final {
    AmdsyncMlirOptions o = cOptions();
    AmdsyncPipelineStats s{};
    MlirLogicalResult r = amdsyncMlirRun(wrap(getOperation()), &o, &s);
    // The counts both passes make, once: the barrier pass's row shows the
    // errors of all three and the counter waits of both.
    AmdsyncStats all = s.barriers;
    all.violations += s.waits.violations + s.verify.violations;
    all.counter_waits += s.waits.counter_waits;
    barrierStats.add(all);
    waitStats.add(s.waits);
    verifyStats.add(s.verify);
    // Each summary as the pass alone gives it: the barrier pass's always,
    // none for a pass that did not run (after a failure).
    if (summary) {
      summarizeBarriers(getOperation(), s.barriers, existing == "replace");
      if (s.passes_run >= 2)
        summarizeWaits(getOperation(), s.waits);
      if (s.passes_run >= 3)
        summarizeVerify(getOperation(), s.verify);
    }
    if (mlirLogicalResultIsFailure(r))
      signalPassFailure();
    else if (s.barriers.ops_changed + s.waits.ops_changed == 0)
      markAllAnalysesPreserved(); // also skips the verifier after the pass
  }
};

// A pass of type P with `options`, or a null pass after an error at
// `ctx`'s unknown location (its diagnostic handlers see it).
template <typename P>
MlirPass createWithOptions(MlirContext ctx, MlirStringRef options) {
  if (mlirContextIsNull(ctx)) {
    llvm::errs() << "error: amdsync: the context is NULL; no pass was "
                    "created\n";
    return MlirPass{nullptr};
  }
  mlir::Location where = mlir::UnknownLoc::get(unwrap(ctx));
  if (!options.data && options.length != 0) {
    mlir::emitError(where) << "amdsync: the options string is NULL with "
                              "length "
                           << options.length << "; no pass was created";
    return MlirPass{nullptr};
  }
  auto pass = std::make_unique<P>();
  if (mlir::failed(pass->initializeOptions(
          unwrap(options), [&](const llvm::Twine &msg) {
            // checkOptions's messages name the pass.
            mlir::emitError(where) << llvm::StringRef(msg.str()).trim();
            return mlir::failure();
          })))
    return MlirPass{nullptr};
  return wrap(static_cast<mlir::Pass *>(pass.release()));
}

} // namespace

extern "C" MlirPass amdsyncMlirCreateLdsBarriersPass(MlirContext ctx,
                                                     MlirStringRef options) {
  return createWithOptions<LdsBarriersPass>(ctx, options);
}

extern "C" MlirPass amdsyncMlirCreateVerifyPass(MlirContext ctx,
                                                MlirStringRef options) {
  return createWithOptions<VerifyPass>(ctx, options);
}

extern "C" MlirPass amdsyncMlirCreateWaitcntPass(MlirContext ctx,
                                                 MlirStringRef options) {
  return createWithOptions<WaitcntPass>(ctx, options);
}

extern "C" MlirPass amdsyncMlirCreatePass(MlirContext ctx,
                                          MlirStringRef options) {
  return createWithOptions<AllPass>(ctx, options);
}

extern "C" void amdsyncMlirRegisterPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] {
    mlir::PassRegistration<LdsBarriersPass>();
    mlir::PassRegistration<VerifyPass>();
    mlir::PassRegistration<WaitcntPass>();
    mlir::PassRegistration<AllPass>();
  });
}
