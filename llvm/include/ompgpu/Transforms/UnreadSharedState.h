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
// Before that, it makes loads of shared variables that only ever hold a
// kernel argument (the scalars a generic or SPMD-converted kernel's main
// thread shares with its parallel regions) read the argument: CUDA kernels
// read their parameters where they are, and a shared-memory load per use in
// each loop iteration, and the slot itself, are work the kernel does not need.
// The stores to those variables are then unread, and removed.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_UNREADSHAREDSTATE_H
#define OMPGPU_TRANSFORMS_UNREADSHAREDSTATE_H

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

#include <optional>

namespace llvm {
class GlobalVariable;
class StoreInst;
} // namespace llvm

namespace ompgpu {

/// The stores to shared variable \p G in \p Code (the functions kernel
/// \p Kernel can run), or nullopt if some instruction of \p Code reads \p G
/// or lets its address escape, or code outside \p Kernel stores to it: the
/// stores a kernel may drop, or skip, since nothing it runs reads them.
std::optional<llvm::SmallVector<llvm::StoreInst *>>
storesOnly(const llvm::GlobalVariable &G, const llvm::Function &Kernel,
           const llvm::SetVector<llvm::Function *> &Code);

/// Makes each kernel of a module read its arguments rather than shared
/// variables holding them, then removes its stores to shared variables it
/// never reads.
struct UnreadSharedStatePass : llvm::PassInfoMixin<UnreadSharedStatePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
