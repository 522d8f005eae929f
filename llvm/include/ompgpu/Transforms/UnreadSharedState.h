//===- UnreadSharedState.h - Drop shared stores no code reads ---*- C++ -*-===//
//
// The device runtime keeps each thread's state in shared memory and every
// kernel writes it on entry and on leaving a parallel region. Once the
// runtime is inlined, the state's reads often fold away (an SPMD kernel knows
// what it wrote), but the writes stay: the optimizer cannot know that shared
// memory dies with the block, and another kernel of the program may read the
// same variable. Their only effect is that ptxas reserves the variable in the
// kernel's static shared memory (1 KiB for the thread states), which costs
// occupancy for nothing. This pass removes, per kernel, the stores to a
// shared variable that the kernel never reads and whose address does not
// escape, after the optimization pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_UNREADSHAREDSTATE_H
#define OMPGPU_TRANSFORMS_UNREADSHAREDSTATE_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Removes the stores of each kernel of a module to shared variables it
/// never reads.
struct UnreadSharedStatePass : llvm::PassInfoMixin<UnreadSharedStatePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
