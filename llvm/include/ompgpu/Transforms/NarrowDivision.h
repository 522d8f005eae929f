//===- NarrowDivision.h - 32-bit division of loop indices where values fit -===//
//
// Clang computes the indices of collapse(N) loops and of 64-bit loop
// variables by dividing a 64-bit logical iteration number by constant trip
// counts. A 64-bit division by a constant costs the GPU a 64x64-bit high
// multiply (~25 SASS instructions, several per index); the same division of a
// value below 2^32 is one 32-bit high multiply and a shift. Programs almost
// always run with such values, but nothing in the IR proves it (the bounds come
// from the runtime's loop partitioning through loop-carried phis), so the link
// step versions each such division: when the dividend is below 2^32 it takes the
// 32-bit path, otherwise the original 64-bit one. Both paths give the same
// result for every input.
//
// A collapsed loop whose trip counts are run-time values divides by a value
// the loop does not change. Such a division gets a 32-bit path too, without
// a division: the preheader of the outermost loop that keeps the divisor
// computes a 32-bit reciprocal once, and each division whose operands are
// below 2^32 becomes a high multiply and one correction step, which also give
// the remainder X - (X / D) * D that clang computes for the inner index.
// Where the loop goes round only while its next iteration number is at most
// a loop-invariant bound (clang's loop over a thread's share) and every such
// division divides that number or another's remainder, the test moves out of
// the loop: the loop gets a copy that keeps the 64-bit divisions, and the
// preheader runs the original, now divided in 32 bits with no test inside,
// where the first iteration number, the bound and the divisors are below
// 2^32. A test and a branch around each division of every iteration go.
// The copy also computes the indices clang derives from the quotients (the
// loop's lower bound plus the quotient, sign-extended for addressing) as
// 32-bit additions, zero-extended, where the bound is below 2^31 less the
// largest lower bound: the backend then multiplies them by the grid's
// extents with one wide multiply each.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_NARROWDIVISION_H
#define OMPGPU_TRANSFORMS_NARROWDIVISION_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Narrows the 64-bit divisions and remainders of a function by constants
/// and by loop-invariant values (see above).
struct NarrowDivisionPass : llvm::PassInfoMixin<NarrowDivisionPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace ompgpu

#endif
