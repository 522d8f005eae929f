//===- DeferReductions.h - One block reduction per team in SPMD kernels ---===//
//
// In an SPMD kernel of a combined construct with a reduction (`target teams
// distribute parallel for reduction(...)`), clang reduces the parallel level
// at the end of every distribute chunk, that is, once per blockDim
// iterations, into a team-level copy that each thread of an SPMD kernel holds
// privately. This pass lets each thread accumulate its own partial instead
// (the parallel-level calls become __ompgpu_parallel_reduce_deferred, which
// returns 1 at once) and reduces the block once, in the teams reduction
// (__ompgpu_teams_reduce_deferred). Runs on the linked user device code,
// before the device runtime is linked.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_DEFERREDUCTIONS_H
#define OMPGPU_TRANSFORMS_DEFERREDUCTIONS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Defers the reductions of a module where it is safe.
struct DeferReductionsPass : llvm::PassInfoMixin<DeferReductionsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
