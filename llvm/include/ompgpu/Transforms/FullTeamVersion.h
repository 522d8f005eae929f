//===- FullTeamVersion.h - Kernels specialized for whole teams --*- C++ -*-===//
//
// Code written the CUDA way strides its loops by the team's size: `for (k =
// omp_get_thread_num(); k < 256; k += omp_get_num_threads())` over a team
// array, which a CUDA block writes as one statement per thread. In an SPMD
// kernel the team's size is blockDim.x, unknown when compiling, so such a
// loop stays a loop, with its bookkeeping in every warp:
// team_adjacent_difference issued 223 M warp instructions on an H200 against
// its CUDA twin's 73 M.
//
// The host launches a kernel with the thread_limit its program gave (clang's
// nvvm.maxntid, N) unless an ICV or the kernel's resources ask for fewer, so
// this pass gives an SPMD kernel whose block bound is the program's own (not
// one KernelBounds chose, which the link step may revise) a copy of its body
// for blockDim.x == N, chosen at its entry: there blockDim.x is the constant N
// and threadIdx.x below N, and the optimizations that follow fold the loops
// that step by the team's size into straight code. Only kernels that read
// blockDim.x inside a loop get the copy (the others would only grow); kernels
// GridStrideLoops converted have their own schedule for it.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_FULLTEAMVERSION_H
#define OMPGPU_TRANSFORMS_FULLTEAMVERSION_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Gives SPMD kernels with a thread limit of their own a copy of their body
/// for teams of exactly that many threads (see above).
struct FullTeamVersionPass : llvm::PassInfoMixin<FullTeamVersionPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace ompgpu

#endif
