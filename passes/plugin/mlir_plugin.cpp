//===- mlir_plugin.cpp - The mlir-opt plugin's entry point ----------------===//
//
// `mlir-opt --load-pass-plugin=AmdSyncMLIR.so` asks for
// mlirGetPassPluginInfo: amdsync's name, its version, and the function that
// registers its four passes (passes/mlir/pass_manager.cpp). The passes
// themselves, and everything else in the plugin, are hidden.
//
//===----------------------------------------------------------------------===//

#include "amdsync/mlir.h"
#include "amdsync/version.h"

#include "mlir/Tools/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK AMDSYNC_API ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "AmdSync", AMDSYNC_VERSION_STRING,
          [] { amdsyncMlirRegisterPasses(); }};
}
