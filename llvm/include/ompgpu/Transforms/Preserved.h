//===- Preserved.h - What our passes tell the pass manager ------*- C++ -*-===//
//
// The analyses a pass of ours keeps valid, for the common case of a pass that
// changes instructions but never the control flow.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_PRESERVED_H
#define OMPGPU_TRANSFORMS_PRESERVED_H

#include "llvm/IR/Analysis.h"

namespace ompgpu {

/// Everything when the pass changed nothing, else the control-flow analyses.
inline llvm::PreservedAnalyses preservedUnlessCFGChanged(bool Changed) {
  if (!Changed)
    return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses PA;
  PA.preserveSet<llvm::CFGAnalyses>();
  return PA;
}

} // namespace ompgpu

#endif
