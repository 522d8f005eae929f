//===- RedundantBarriers.h - Block barriers that order nothing --*- C++ -*-===//
//
// A block barrier orders the memory accesses of the block's threads before it
// against those after it. The runtime's and the program's barriers often have
// nothing on one side: the barrier a kernel starts with (the team's setup,
// folded away), the one that ends a `parallel` region right before the kernel
// returns, and the last trip's barrier at the end of a loop body whose loop
// then ends. Once the runtime is inlined and the barriers every thread
// reaches together have the aligned form (AlignedBarriers), such a barrier
// goes: where every path to it from the kernel's start or from another block
// barrier, or every path from it to the kernel's end or to another block
// barrier, accesses no memory that other threads may access. Where the paths
// after it that access memory leave through branches every thread takes
// alike (a loop's back edge), the barrier moves onto those edges: it then
// still orders what comes after it, and the paths that end the kernel without
// another access no longer wait (the barrier after a team's last block). The
// accesses that count: every load, store, atomic and call but loads of
// constant and parameter memory and accesses of the thread's own memory
// (its stack, by-value arguments). Runs after AlignedBarriers.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_REDUNDANTBARRIERS_H
#define OMPGPU_TRANSFORMS_REDUNDANTBARRIERS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Removes the aligned block barriers of a module's kernels that order no
/// memory access, and moves those that order accesses on some paths only
/// onto the uniform branches that lead to them.
struct RedundantBarriersPass : llvm::PassInfoMixin<RedundantBarriersPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
