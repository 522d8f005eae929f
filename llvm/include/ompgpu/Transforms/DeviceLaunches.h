//===- DeviceLaunches.h - Kernels launched from device code -----*- C++ -*-===//
//
// The front-end step (clang/tools/nested-teams) turns a nested teams region,
// and an orphaned target teams region in a declare target function, into code
// that launches the region's kernel from the device (CUDA dynamic
// parallelism, openmp/device/include/DeviceLaunch.h). At the source level
// clang's kernel has no name a program can use, so that code names it in a
// marker call, OMPGPU_CHILD_KERNEL_MARKER("<kernel>", "<region>", Barrier).
// This pass, on the linked user code before the device runtime is linked:
//  1. replaces each marker by a ChildKernelTy record of the kernel (its
//     address and environment, abi/OffloadABI.h), checking that the kernel
//     exists and that the launch passes one value per kernel parameter;
//  2. ends every child kernel with the runtime's end hook, after
//     __kmpc_target_deinit, and calls the continuations launched with it
//     directly (an indirect call would keep ptxas from sizing the stack);
//  3. makes the teams reductions of code child kernels run use the records of
//     their launch (child kernels run many at once, the image's reduction
//     buffer serves one kernel at a time);
//  4. makes every kernel that reaches a launch or one of the calls above
//     record its launch environment argument for the runtime at entry.
// Programs without markers are left alone, so their code does not change.
// It runs after DeferReductions and FullWarpShuffles, whose entry points it
// redirects in child kernels, and before the runtime is linked, which brings
// the entry points it calls.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_DEVICELAUNCHES_H
#define OMPGPU_TRANSFORMS_DEVICELAUNCHES_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Binds the device-side launches of a module to their kernels (see above).
struct DeviceLaunchesPass : llvm::PassInfoMixin<DeviceLaunchesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
