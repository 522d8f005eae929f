//===- FullWarpShuffles.h - Shuffles that know the whole warp takes part --===//
//
// Clang's shuffle-and-reduce callbacks call __kmpc_shuffle_int32/64(Value,
// Delta, Width), which carry no lane mask, so the runtime must query the
// active lanes before every shuffle (a vote, a move to a uniform register and
// a divergence test in front of each step). The callback itself knows more:
// its algorithm version argument says whether the whole warp takes part. This
// pass makes the callbacks handed to the reduction entry points pass that
// argument on, to __ompgpu_shuffle_int32/64, which shuffles the whole warp
// with a constant mask in the full-warp form. Runs on the linked user device
// code, before the device runtime is linked.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_FULLWARPSHUFFLES_H
#define OMPGPU_TRANSFORMS_FULLWARPSHUFFLES_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Rewrites the shuffles of a module's shuffle-and-reduce callbacks.
struct FullWarpShufflesPass : llvm::PassInfoMixin<FullWarpShufflesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
