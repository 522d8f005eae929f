//===- KernelBounds.h - Block-size bounds of the kernels ------------------===//
//
// Clang bounds every kernel's block with "nvvm.maxntid" (PTX .maxntid) and
// MaxThreads in its environment: the thread_limit clause, or 128 when the
// program gives none. Two adjustments for our execution model:
// - generic-mode kernels run that many workers plus the master warp
//   (DESIGN.md, "Execution model"), so their bound grows by one warp;
// - SPMD kernels without a thread_limit of their own may run 256 threads, the
//   block size CUDA programmers use for such loops: twice the reuse of data
//   within a block (gathers in SpMV, neighbours in stencils). Whether the
//   program gave a thread_limit is known only at launch, so the host runtime
//   still honours a clause of 128 or less there. 256 is a guess for kernels
//   whose registers fit it; the link step picks a smaller team where ptxas'
//   register count lets more warps onto a multiprocessor (RevisableBounds.h).
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_KERNELBOUNDS_H
#define OMPGPU_TRANSFORMS_KERNELBOUNDS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Adjusts the block-size bounds of every kernel of a module (see above).
struct KernelBoundsPass : llvm::PassInfoMixin<KernelBoundsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
