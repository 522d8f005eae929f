//===- GuardedWriteBarriers.h - Barriers before guarded writes --*- C++ -*-===//
//
// LLVM's OpenMPOpt makes a generic kernel SPMD by running its sequential code
// on every thread and guarding the side effects: thread 0 makes each write
// for the team, and a block barrier after it publishes the write. It puts no
// barrier before the write. Where the other threads read the same memory
// after the last barrier (a loop counter the team reads, `k` of `for (k..)
// { parallel ... }`, which thread 0 then increments), thread 0 may write it
// before a slower thread has read the old value: that thread then runs with
// the next iteration's value (compute-sanitizer's racecheck reported it on an
// H100; the PTX has no barrier between the reads and the write). This pass
// finds OpenMPOpt's guarded regions (a branch on thread id == 0 to blocks
// that write, joining at a __kmpc_barrier_simple_spmd) and adds a barrier
// before the branch where something since the last block barrier may read
// what the guarded code writes. Runs before the runtime is linked, on the
// kernels as OpenMPOpt left them.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_GUARDEDWRITEBARRIERS_H
#define OMPGPU_TRANSFORMS_GUARDEDWRITEBARRIERS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Adds a block barrier before each guarded write of an SPMD-converted
/// kernel that may overwrite what other threads still read.
struct GuardedWriteBarriersPass
    : llvm::PassInfoMixin<GuardedWriteBarriersPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
