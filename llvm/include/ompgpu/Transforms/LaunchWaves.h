//===- LaunchWaves.h - More teams for unequal iterations --------*- C++ -*-===//
//
// The host launches an SPMD kernel without a num_teams clause as one wave of
// teams, enough to fill the device once, and each thread runs its share of
// the iterations in a grid-stride loop: neighbouring teams then read
// neighbouring data at about the same time, which a stencil's reuse between
// teams in L2 needs (more teams made a 3-D stencil 1.5x slower). Where the
// iterations do unequal work, the kernel lasts as long as its slowest
// thread's share: a thread whose lookups take the longest windows of poles,
// or whose pixels take the most steps to escape, finishes long after the
// others, and a CUDA grid of one block per chunk lets the hardware hand the
// next block to whichever multiprocessor is free.
//
// This pass finds SPMD kernels whose iterations do unequal work, among those
// whose combined distribute parallel for GridStrideLoops converted: a loop of
// the program's, inside clang's two loops of the combined construct (the team's
// distribute loop and the thread's loop over its share, whose counts depend on
// the launch), whose trip count the optimizer cannot compute (its exit depends
// on what it computes: an escape test, a search), or whose count depends on a
// value loaded inside an enclosing loop (a row's length in a sparse matrix, a
// material's number of nuclides). Each such kernel gets a global
// "<kernel>_launch_waves" (OMPGPU_KERNEL_WAVES_SUFFIX) of Waves, which the host
// runtime reads when it loads the image: its teams then fill the device that
// many times over (still no more than one iteration a thread). Measured on an
// H100, 16 waves against one: a multipole lookup 3.6% faster, a CSR SpMV
// 4.5%, a cross-section lookup 4.2%, a Mandelbrot image 4-6%.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_LAUNCHWAVES_H
#define OMPGPU_TRANSFORMS_LAUNCHWAVES_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Waves of teams for kernels whose iterations do unequal work.
inline constexpr unsigned UnequalIterationWaves = 16;

/// Marks SPMD kernels whose iterations do unequal work (see above).
struct LaunchWavesPass : llvm::PassInfoMixin<LaunchWavesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
