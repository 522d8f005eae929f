//===- WorkerDispatch.h - Direct calls in the worker loop -------*- C++ -*-===//
//
// The workers of a generic-mode kernel learn which parallel region to run as a
// function pointer the main thread publishes, and the device runtime's worker
// loop calls it indirectly (__ompgpu_run_parallel_wrapper). An indirect call
// costs a call frame, keeps the region's code out of the kernel's register
// allocation and stops every optimization across it. Most kernels can reach
// only a few regions, all known at link time, so this pass gives each
// generic kernel its own copy of the worker loop that compares the pointer
// with those regions' wrappers and calls the match directly; the optimizer
// then inlines the regions into the loop. Kernels whose code may reach a
// region the pass cannot see (an indirect call through a loaded pointer) keep
// the indirect call as the last case. Once the optimizer has inlined the
// regions, EmptyUncalledFunctions removes the wrappers' bodies.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_WORKERDISPATCH_H
#define OMPGPU_TRANSFORMS_WORKERDISPATCH_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Specializes the worker loop of every generic-mode kernel of a module,
/// which must have the device runtime linked in.
struct WorkerDispatchPass : llvm::PassInfoMixin<WorkerDispatchPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
