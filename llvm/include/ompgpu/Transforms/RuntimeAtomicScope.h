//===- RuntimeAtomicScope.h - Device scope for runtime atomics -*- C++ -*-===//
//
// clang-22 drops the scope of __scoped_atomic_* operations on NVPTX
// (SharedAtomicScope.h): the device runtime's atomics, which its sources give
// block or device scope (Hardware.h), reach the backend as system-scope ones.
// An ordered one then orders with the host and the other GPUs too: a release
// store or compare-and-swap is a system-wide fence (MEMBAR.SYS) and an
// atomic, on words that only the device's threads touch (locks, the task
// pool's top, the teams-reduction record locks, the launch records of grids
// launched from the device). No atomic of the runtime orders with the host.
//
// This pass gives every system-scope atomic and fence of a module device
// scope. It is not part of the link pipeline, where the runtime's code and the
// program's are one (the program's atomics keep the scope clang gave them): the
// runtime's build runs it on the runtime's bitcode (openmp/CMakeLists.txt).
// Shared-memory atomics, which the sources give block scope, get it back at
// link time from SharedAtomicScope, which narrows device scope too, once the
// inliner and InferAddressSpaces have shown which accesses are to shared
// memory.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_RUNTIMEATOMICSCOPE_H
#define OMPGPU_TRANSFORMS_RUNTIMEATOMICSCOPE_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Narrows the scope of system-scope atomics and fences to the device.
struct RuntimeAtomicScopePass : llvm::PassInfoMixin<RuntimeAtomicScopePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
