//===- SharedAtomicScope.h - Block scope for shared-memory atomics -*- C++ -*-===//
//
// clang-22 drops the scope of __scoped_atomic_* operations on NVPTX: the
// runtime's block-scope atomics on its shared-memory state reach the backend
// as system-scope ones (ld.acquire.sys, fence.acq_rel.sys), which order with
// the host and every GPU (and the runtime's build then gives them device
// scope, RuntimeAtomicScope.h). Shared memory is seen by the threads of one
// block only, so an atomic on it (address space 3) orders with nobody else:
// this pass gives every system- or device-scope atomic load, store,
// read-modify-write and compare-and-swap of shared memory block scope, for
// the runtime and the program alike. Runs before AtomicOrderingFences, whose
// fences take their atomic's scope.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_SHAREDATOMICSCOPE_H
#define OMPGPU_TRANSFORMS_SHAREDATOMICSCOPE_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Narrows the scope of atomics on shared memory to the block.
struct SharedAtomicScopePass : llvm::PassInfoMixin<SharedAtomicScopePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
