//===- ThreadDivergence.h - What differs between threads -------*- C++ -*-===//
//
// Which values of a kernel may differ between the threads of one block, and
// so which blocks of it every thread runs or none does: LLVM's uniformity
// analysis with sources of divergence defined here rather than by the NVPTX
// target, which counts every call result as divergent, %ntid.x included.
// Values that differ between the threads of a block: the thread and lane
// indices, the results of calls of functions and of NVVM intrinsics other
// than the block's and grid's geometry and the block-wide barrier reductions,
// atomics, and loads through generic or local pointers (which may point to
// thread-private memory). Loads from global and shared memory at a uniform
// address are uniform in a program without data races, as OpenMP requires.
// The passes that place block barriers (AlignedBarriers, RedundantBarriers)
// decide with it where all threads meet.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_THREADDIVERGENCE_H
#define OMPGPU_TRANSFORMS_THREADDIVERGENCE_H

#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class BasicBlock;
class PostDominatorTree;
} // namespace llvm

namespace ompgpu {

/// Registers LLVM's function analyses in \p Analyses, with the sources of
/// divergence above in place of the target's.
void registerThreadDivergenceAnalyses(llvm::FunctionAnalysisManager &Analyses);

/// If threads that enter the kernel may differ in whether they run block
/// \p Target, the block of a divergent branch it depends on; null if every
/// thread runs it or none does. Control dependence is read off the kernel's
/// post-dominator tree: block X depends on a branch in B when X
/// post-dominates a successor of B but not B itself; X then depends on every
/// branch B depends on in turn.
llvm::BasicBlock *divergentBranchAbove(llvm::BasicBlock &Target,
                                       llvm::UniformityInfo &UI,
                                       const llvm::PostDominatorTree &PDT);

} // namespace ompgpu

#endif
