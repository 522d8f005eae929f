//===- PureMathCalls.h - Optimize math calls before inlining them -*- C++
//-*-===//
//
// libdevice's math functions (__nv_sin, __nv_exp, ...) reach the link step
// marked alwaysinline, and clang marks every call in device code convergent.
// LLVM's pipeline inlines them first, so its optimizations only ever see
// their bodies: a few hundred instructions with table loads and a call of the
// out-of-line argument reduction, which no pass may merge with another copy or
// hoist out of a loop. A loop that computes sin(y) of a value it does not
// change computes it in every iteration, keeps the polynomial's coefficients
// live across the loop, and is not unrolled (RSBench's Faddeeva kernel: 109
// registers where nvcc, which optimizes calls of math functions before it
// inlines them, needs 66).
//
// DeferPureMathPass runs before LLVM's pipeline. It finds the __nv_ functions
// whose arguments and result are scalars and whose bodies (with everything
// they call) read only globals nothing writes and their own stack and contain
// no convergent operation, and marks them noinline, memory(none), nounwind,
// willreturn and not convergent, together with their calls. LLVM's passes
// then treat each call as the pure function it is: they merge equal calls,
// hoist loop-invariant ones out of loops and remove unused ones.
// InlinePureMathPass runs after the pipeline: it makes those functions
// alwaysinline again, inlines them and cleans up the code they leave.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_PUREMATHCALLS_H
#define OMPGPU_TRANSFORMS_PUREMATHCALLS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// The function attribute of the functions DeferPureMathPass keeps out of
/// line and InlinePureMathPass inlines.
inline constexpr char DeferredMathAttribute[] = "ompgpu-deferred-math";

/// Marks libdevice's pure math functions and their calls as pure and keeps
/// them out of line while LLVM's pipeline runs (see above).
struct DeferPureMathPass : llvm::PassInfoMixin<DeferPureMathPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// Inlines the functions DeferPureMathPass kept out of line, then simplifies
/// the functions that received them.
struct InlinePureMathPass : llvm::PassInfoMixin<InlinePureMathPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
