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

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Function.h"

namespace llvm {
class LoadInst;
class Loop;
class LoopInfo;
} // namespace llvm

namespace ompgpu {

/// The functions with a body reachable from \p Root, \p Root first. The walk
/// does not enter \p Skip.
llvm::SetVector<llvm::Function *>
functionsReachableFrom(llvm::Function &Root,
                       const llvm::Function *Skip = nullptr);

/// The first load inside a loop, in the code kernel \p Kernel can run, for
/// which \p Matches holds (given the load and its innermost loop), or null.
/// \p LoopsOf gives a function's loops.
const llvm::LoadInst *findLoadInLoop(
    llvm::Function &Kernel,
    llvm::function_ref<const llvm::LoopInfo &(llvm::Function &)> LoopsOf,
    llvm::function_ref<bool(const llvm::LoadInst &, const llvm::Loop &)>
        Matches);

} // namespace ompgpu

#endif
