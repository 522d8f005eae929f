//===- Reachability.h - What code a kernel can run --------------*- C++ -*-===//
//
// Our passes decide per kernel, so they need the functions a kernel can run:
// its callees, and the functions its code passes on as values (outlined
// parallel regions and reduction callbacks handed to the runtime, which calls
// them back), transitively.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_REACHABILITY_H
#define OMPGPU_TRANSFORMS_REACHABILITY_H

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Function.h"

namespace ompgpu {

/// The functions with a body reachable from \p Root, \p Root first. The walk
/// does not enter \p Skip.
llvm::SetVector<llvm::Function *>
functionsReachableFrom(llvm::Function &Root,
                       const llvm::Function *Skip = nullptr);

} // namespace ompgpu

#endif
