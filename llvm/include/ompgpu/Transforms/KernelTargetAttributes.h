//===- KernelTargetAttributes.h - The kernels' GPU for every function -----===//
//
// The device runtime was compiled for a baseline GPU, the user's code for the
// architecture of this link, and LLVM inlines a function only into callers
// whose target features include the callee's. So once the runtime is linked
// in, every function takes the target-cpu and target-features of the
// program's kernels (all of them are compiled for the one architecture that
// the link builds), and the runtime inlines into them.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_KERNELTARGETATTRIBUTES_H
#define OMPGPU_TRANSFORMS_KERNELTARGETATTRIBUTES_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Gives every function of a module the target attributes of its kernels.
struct KernelTargetAttributesPass
    : llvm::PassInfoMixin<KernelTargetAttributesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
