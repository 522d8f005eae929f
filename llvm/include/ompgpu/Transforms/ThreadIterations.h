//===- ThreadIterations.h - Iterations a thread of a launch ----*- C++ -*-===//
//
// A combined distribute parallel for that GridStrideLoops converted lets the
// device runtime give each team one contiguous block of the loop when the
// league has at most OMPGPU_BLOCKED_ITERATIONS iterations a thread
// (openmp/device/include/StaticSchedule.h). The host, where it chooses the
// number of teams, then launches enough teams for the loop at a few
// iterations a thread (never fewer than fill the device once): the teams take
// their blocks in launch order, as the blocks of a CUDA grid take their
// tiles, and the hardware's block scheduler keeps the teams on the device
// reading neighbouring data. One wave of teams striding through the whole
// loop lost a stencil's reuse between teams in L2 as the teams drifted apart:
// measured on an H100, a 16384^2 Jacobi sweep ran 2.0x its CUDA twin in one
// wave and 1.06x in blocks of 4 iterations a thread (1.07x at 8, 1.08x at
// 16), a 3-D stencil 1.12-2.24x (it varied with unrelated code changes) and
// 1.11x (1.19x at 8, 1.55x at 16); STREAM's kernels went from 1.00 to 0.95.
//
// This pass gives each SPMD kernel whose loop GridStrideLoops converted, and
// whose teams combine no reduction (its last step reads one record a team:
// a STREAM dot ran 1.75x CUDA at 4 iterations a thread, 0.99x in one wave), a
// global "<kernel>_thread_iterations" (OMPGPU_KERNEL_THREAD_ITERATIONS_SUFFIX)
// that the host runtime reads when it loads the image: the iterations a
// thread. It is OMPGPU_BLOCKED_ITERATIONS, or UnequalWorkIterations where the
// iterations do unequal work: a loop of the program's, inside clang's two
// loops of the combined construct (the team's distribute loop and the
// thread's loop over its share, whose counts depend on the launch), whose
// trip count the optimizer cannot compute (its exit depends on what it
// computes: an escape test, a search), or whose count depends on a value
// loaded inside an enclosing loop (a row's length in a sparse matrix, a
// material's number of nuclides). Such a kernel lasts as long as its slowest
// thread's share, and one iteration a thread lets the block scheduler hand
// the next team to whichever multiprocessor is free.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_THREADITERATIONS_H
#define OMPGPU_TRANSFORMS_THREADITERATIONS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Iterations a thread for kernels whose iterations do unequal work.
inline constexpr unsigned UnequalWorkIterations = 1;

/// Gives converted SPMD kernels their iterations a thread (see above).
struct ThreadIterationsPass : llvm::PassInfoMixin<ThreadIterationsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
