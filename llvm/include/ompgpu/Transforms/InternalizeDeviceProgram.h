//===- InternalizeDeviceProgram.h - Only what the host looks up stays -----===//
//
// The linked device program is the whole program: nothing links against it
// later. What the host runtime looks up by name must stay visible: kernels,
// and the declare-target globals and kernel environments clang gives
// protected visibility. Everything else becomes internal, so that the
// optimizer may inline, specialize and drop it.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_INTERNALIZEDEVICEPROGRAM_H
#define OMPGPU_TRANSFORMS_INTERNALIZEDEVICEPROGRAM_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Internalizes everything of a module that the host does not look up.
struct InternalizeDeviceProgramPass
    : llvm::PassInfoMixin<InternalizeDeviceProgramPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
