//===- RuntimeCalls.h - Finding and redirecting entry points ----*- C++ -*-===//
//
// Passes that choose among the runtime's entry points find clang's calls of
// one by name and point them at another with the same signature, which the
// runtime's link then brings in; others find the calls of a function they
// hold (libdevice's math functions, PureMathCalls.h).
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_RUNTIMECALLS_H
#define OMPGPU_TRANSFORMS_RUNTIMECALLS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

namespace ompgpu {

/// The direct calls in \p M of the function named \p Name, in use-list order.
llvm::SmallVector<llvm::CallInst *> callsTo(llvm::Module &M,
                                            llvm::StringRef Name);

/// The direct calls of \p Callee, in use-list order.
llvm::SmallVector<llvm::CallInst *> callsTo(llvm::Function &Callee);

/// Points \p Call at the entry point \p Name, declared with \p Call's
/// function type if the module does not have it yet.
void redirect(llvm::CallBase &Call, llvm::StringRef Name);

} // namespace ompgpu

#endif
