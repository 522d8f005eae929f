//===- SinCosPairs.h - Sine and cosine of one value by one sincos -*- C++
//-*-===//
//
// libdevice computes sin(x) and cos(x) with the same argument reduction (and,
// for large arguments, the same out-of-line call) and the same two
// polynomials; __nv_sincos does that work once for both, with the same
// results. A program that takes both of one value (a complex exponential, a
// rotation) pays it twice unless the compiler pairs them, as nvcc does.
//
// RequestSinCosPass runs before libdevice is linked: in a program that calls
// both sine and cosine of one precision, it declares libdevice's sincos of
// that precision and keeps it in llvm.compiler.used, so that the link (which
// brings only what the program uses) brings it and LLVM's pipeline keeps it.
// PairSinCosPass runs after LLVM's pipeline, while DeferPureMath still keeps
// the math functions out of line (PureMathCalls.h), so that equal calls are
// merged and hoisted already: where one call of a function dominates every
// other sine and cosine of the same value there, it computes both with one
// sincos call at that point, and marks sincos for InlinePureMath to inline.
// It releases sincos from llvm.compiler.used either way.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_SINCOSPAIRS_H
#define OMPGPU_TRANSFORMS_SINCOSPAIRS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Brings libdevice's sincos into programs that call sine and cosine.
struct RequestSinCosPass : llvm::PassInfoMixin<RequestSinCosPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// Computes the sine and cosine of one value with one sincos call.
struct PairSinCosPass : llvm::PassInfoMixin<PairSinCosPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
