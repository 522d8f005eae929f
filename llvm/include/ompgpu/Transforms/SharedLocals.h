//===- SharedLocals.h - Where master locals live ----------------*- C++ -*-===//
//
// The workers of a generic kernel cannot see its main thread's stack, so
// clang allocates each local of the main thread that a parallel region uses
// with __kmpc_alloc_shared. LLVM's OpenMPOpt replaces at compile time the
// allocations it can by static shared memory (a known size, within the bound
// the driver passes, 16 KiB per compiled file); the calls left at link time
// allocate at run time, on the data-sharing stack in the block's dynamic
// shared memory or on the device heap (openmp/device/src/Memory.cpp says
// which). This pass only explains: it reports each such call, for each kernel
// that can reach it, with the variable's name where the program's debug
// information or value names give it. Runs before the device runtime is
// linked, whose inlined allocator would hide the calls.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_SHAREDLOCALS_H
#define OMPGPU_TRANSFORMS_SHAREDLOCALS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Reports the run-time allocations of master locals (see above).
struct SharedLocalsPass : llvm::PassInfoMixin<SharedLocalsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
