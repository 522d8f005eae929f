//===- Pipeline.h - The device program's passes, in order -------*- C++ -*-===//
//
// The one place that orders the passes the link step runs on a device
// program, ours and LLVM's (Pipeline.cpp gives each its reason). There are
// three stages, each also a named pipeline of the pass plugin:
//  1. before the device runtime is linked in (ompgpu-before-runtime);
//  2. after it is linked in, before optimization (ompgpu-after-runtime);
//  3. the optimization: LLVM's pipeline at the link's -O level with our
//     passes at two of its extension points, then ours on the optimized
//     program (ompgpu-optimize<O0|O1|O2|O3>).
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_PIPELINE_H
#define OMPGPU_TRANSFORMS_PIPELINE_H

#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"

namespace llvm {
class PassBuilder;
class TargetMachine;
} // namespace llvm

namespace ompgpu {

/// Stage 1: on the user's linked device code.
llvm::ModulePassManager buildBeforeRuntimePipeline();

/// Stage 2: on the whole program, the runtime and libdevice linked in.
llvm::ModulePassManager buildAfterRuntimePipeline();

/// Adds our passes to the extension points of \p PB's default pipelines.
void registerOptimizerExtensions(llvm::PassBuilder &PB);

/// Stage 3: \p PB's pipeline at \p Level (with registerOptimizerExtensions
/// called on \p PB) and the passes that follow it.
llvm::ModulePassManager
buildOptimizationPipeline(llvm::PassBuilder &PB, llvm::OptimizationLevel Level);

/// Stages 1 to 3 in order, for a program that already has the device runtime
/// linked in (as opt sees it: the pass plugin's ompgpu-link<On>).
llvm::ModulePassManager buildLinkPipeline(llvm::PassBuilder &PB,
                                          llvm::OptimizationLevel Level);

/// What folds the runtime's state tests once ThreadStatePromotionPass has put
/// a kernel's state into a private copy; the pass runs it on those kernels.
llvm::FunctionPassManager buildThreadStateCleanup();

/// Runs stage 1 on \p M.
void runBeforeRuntimeLink(llvm::Module &M);

/// Runs stage 2 on \p M.
void runAfterRuntimeLink(llvm::Module &M);

/// Runs stage 3 on \p M, for the GPU of \p TM.
void optimizeDeviceProgram(llvm::Module &M, llvm::TargetMachine &TM,
                           llvm::OptimizationLevel Level);

} // namespace ompgpu

#endif
