//===- ThreadLoopUnroll.h - Thread loops that keep loads in flight -*- C++
//-*-===//
//
// A grid-stride thread loop (GridStrideLoops) that reduces what it loads, a
// dot product's `sum += x[i] * y[i]`, keeps one iteration's loads in flight a
// thread: the GPU issues in order, and each iteration's arithmetic waits for
// its loads before the next iteration's loads issue. nvcc unrolls its twin
// four times and ptxas issues the eight loads first: dot's kernel ran 1.04x
// the twin's on an H200. LLVM's runtime unroller leaves our loop alone: it
// cannot count its trips (an unsigned `next <= bound` exit, a run-time stride),
// and unrolled by a count without a trip count it keeps each copy's exit test,
// so nothing moves the next copy's loads ahead of this copy's arithmetic.
//
// This pass unrolls such loops four times with a run-time test instead of a
// trip count: the unrolled loop runs while X + 3 * S (X the iteration number,
// S the stride) still passes the exit test, which it compares X against
// bound - 3 * S for; the original loop then runs the remaining iterations
// (none to three), and also the whole loop where the test cannot be made
// exact (a bound or stride of 2^(w-2) or more in a w-bit loop, so that no sum
// wraps). Within the unrolled body every load and what its address needs come
// first, in their order, then the rest: with no stores or calls in the body,
// any order that keeps each value after its operands computes the same, and
// ptxas keeps that order if it has the registers. The copies' iteration
// numbers derive from a freeze of the unrolled loop's: LoopStrengthReduce
// would otherwise give each copy's address its own 64-bit induction variable
// (dot: 40 registers instead of 32, and ptxas moved each copy's arithmetic
// back between the loads to fit them). Only small bodies qualify (one block, at
// most MaxLoads loads and MaxInstructions instructions, no stores, no calls but
// to intrinsics without side effects): larger ones have loads enough in flight,
// and four copies would cost registers.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_THREADLOOPUNROLL_H
#define OMPGPU_TRANSFORMS_THREADLOOPUNROLL_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Unrolls the grid-stride thread loops of small load-and-reduce bodies four
/// times, their loads first (see above).
struct ThreadLoopUnrollPass : llvm::PassInfoMixin<ThreadLoopUnrollPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace ompgpu

#endif
