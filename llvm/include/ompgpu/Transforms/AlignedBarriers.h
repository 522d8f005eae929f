//===- AlignedBarriers.h - The aligned form where all threads meet --------===//
//
// The device runtime synchronizes a team with PTX's plain `barrier.sync`,
// which lets the threads of a warp arrive at it separately: OpenMP allows
// threads to reach one barrier region through different code (a function
// with a barrier called from both arms of a branch on the thread number), and
// the generic kernels' main thread and workers meet at barrier 0 from
// different places. The `.aligned` form promises that all threads of the
// block execute that same instruction; ptxas then predicates it instead of
// branching around it, which makes a barrier in a loop about a quarter faster
// on an H100. Once the runtime is inlined into a kernel, the promise can be
// checked: a block barrier whose block depends, directly or through other
// branches, only on branches every thread decides alike (LLVM's uniformity
// analysis) is executed by every thread or by none. Such barriers take the
// aligned form. Runs on the optimized device program.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_ALIGNEDBARRIERS_H
#define OMPGPU_TRANSFORMS_ALIGNEDBARRIERS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Gives the block barriers of a module's kernels that all threads reach
/// together the aligned form.
struct AlignedBarriersPass : llvm::PassInfoMixin<AlignedBarriersPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
