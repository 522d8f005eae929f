//===- CompilePlugin.cpp - Our pass in clang's device compile -------------===//
//
// build/lib/libOMPGPUCompile.so, which our driver hands to clang for the
// device side of every file it compiles (-fpass-plugin): clang's own pipeline
// inlines libdevice's math functions before the link step sees the program,
// so DeferPureMath must already run there, at the start of that pipeline;
// the link step's pipeline inlines them after its optimizations
// (PureMathCalls.h). Nothing else of ours runs while compiling.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/PureMathCalls.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

using namespace llvm;

namespace {

/// DeferPureMath on NVPTX modules only: the host's pipeline gets nothing.
struct DeferPureMathOnDevicePass : PassInfoMixin<DeferPureMathOnDevicePass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    if (!M.getTargetTriple().isNVPTX())
      return PreservedAnalyses::all();
    return ompgpu::DeferPureMathPass().run(M, MAM);
  }
};

void registerCompilePasses(PassBuilder &PB) {
  // Not at -O0, where nothing would inline the functions again.
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level) {
        if (Level != OptimizationLevel::O0)
          MPM.addPass(DeferPureMathOnDevicePass());
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "OMPGPUCompile", "1", registerCompilePasses};
}
