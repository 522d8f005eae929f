//===- Plugin.cpp - Our passes as an LLVM pass plugin ---------------------===//
//
// build/lib/libOMPGPU.so: `opt-22 -load-pass-plugin build/lib/libOMPGPU.so
// -passes=ompgpu-kernel-bounds` runs one of our passes on an .ll or .bc file
// (PassRegistration.h lists what it registers).
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/PassRegistration.h"

#include "llvm/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "OMPGPU", "1", ompgpu::registerPasses};
}
