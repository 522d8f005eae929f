//===- KernelModes.h - Which kernels run SPMD, and why not ------*- C++ -*-===//
//
// A target region runs in one of two modes (DESIGN.md, "Execution model"):
// SPMD, every thread of a team runs the whole region; or generic, one main
// thread runs the code outside parallel regions and forks the team's worker
// threads for each parallel region, which costs a fork and a join on block
// barriers each time. Clang emits the combined constructs as SPMD kernels and
// the others as generic ones, and LLVM's OpenMPOpt converts generic kernels
// to SPMD at compile time where it can (generic-SPMD). This pass only
// explains: it reports each kernel's mode, and for a generic kernel the first
// operation outside its parallel regions that does more than compute and use
// the thread's own stack (a call of code the compiler cannot see into or of a
// runtime construct, a store to shared or global memory): in SPMD mode every
// thread would run that code. Runs before the device runtime is linked, on
// the kernels as clang and OpenMPOpt left them.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_KERNELMODES_H
#define OMPGPU_TRANSFORMS_KERNELMODES_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Reports the execution mode of every kernel of a module (see above).
struct KernelModesPass : llvm::PassInfoMixin<KernelModesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
