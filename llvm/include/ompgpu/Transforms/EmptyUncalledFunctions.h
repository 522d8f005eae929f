//===- EmptyUncalledFunctions.h - Bodies nothing can call ---*- C++ -*-===//
//
// Once the optimizer has inlined the parallel regions into the worker loops
// (WorkerDispatch.h), the regions' wrappers stay in the program only as the
// values the main thread publishes and the workers compare. Where nothing in
// the program calls through a pointer any more, nothing can call them either,
// and their bodies go: they would otherwise keep code, and the runtime state
// it uses, in every kernel that publishes them. Each such function keeps its
// address (it still tells the regions apart) with `unreachable` as its body.
// Runs after the optimization pipeline, followed by GlobalDCE.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_EMPTYUNCALLEDFUNCTIONS_H
#define OMPGPU_TRANSFORMS_EMPTYUNCALLEDFUNCTIONS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// If a module makes no call through a pointer, replaces the bodies of the
/// functions it only uses as values by `unreachable`.
struct EmptyUncalledFunctionsPass
    : llvm::PassInfoMixin<EmptyUncalledFunctionsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
