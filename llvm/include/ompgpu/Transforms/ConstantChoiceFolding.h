//===- ConstantChoiceFolding.h - Fold tests of constant choices -*- C++ -*-===//
//
// After ThreadStatePromotion a kernel's thread-state byte is often a choice
// between two constants, `select (ntid > 1), 0xD1, 0xB1` (an active team or a
// team of one thread), that the runtime's inlined code tests bit by bit:
// `(S & 0x41) == 0x41`, `(S & 0xE1) == 0xC1`. Every test is the same condition
// again, but InstCombine folds an operation into a select only when the
// select has one use, so each test stays, and the paths behind them (the
// barriers of a team of one thread, of a warp, of a partial warp) stay in
// the kernel, which keeps values alive across its loops and costs registers.
//
// This pass folds any operation whose operands are constants but for one
// choice between constants (a select or phi whose values are all constants)
// into the same choice between the folded constants: `(S & 0x41) == 0x41`
// becomes `select (ntid > 1), true, false`, which InstCombine then turns into
// the condition itself, and SimplifyCFG removes the paths it decides. It never
// adds code: each folded operation is replaced by one select or phi.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_CONSTANTCHOICEFOLDING_H
#define OMPGPU_TRANSFORMS_CONSTANTCHOICEFOLDING_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Folds operations of constants and one choice between constants into a
/// choice between the folded constants (see above).
struct ConstantChoiceFoldingPass
    : llvm::PassInfoMixin<ConstantChoiceFoldingPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace ompgpu

#endif
