//===- GridStrideLoops.h - distribute parallel for in one loop --*- C++ -*-===//
//
// Clang emits a combined `distribute parallel for` as two loops: each team
// steps through chunks as large as its block (__kmpc_distribute_static_init
// with the chunk __kmpc_get_hardware_num_threads_in_block()), and for each
// chunk enters a parallel region whose loop splits the chunk one iteration a
// thread (__kmpc_for_static_init, static chunked 1). Every thread then runs
// the outer loop's bookkeeping (its bounds, the region's entry and exit, the
// inner loop's set-up) once for each iteration it computes: a one-team region
// of 4,096 iterations executed 6,216 warp instructions against its CUDA
// twin's 1,232, whose grid-stride loop has only its increment.
//
// This pass gives such loops the runtime's grid-stride entry points, which
// have the same signatures (OMPGPU_*_GRID_STRIDE_INIT_PREFIX): the team's
// distribute loop runs once, over the team's whole range, and each thread
// steps through that range by the block size times the number of teams,
// which gives it the same iterations the two loops would; or, where the
// league has at most OMPGPU_BLOCKED_ITERATIONS iterations a thread, the
// team's range is one contiguous block of the loop, through which its
// threads step by the block size (openmp/device/include/StaticSchedule.h;
// ThreadIterations has the host launch such leagues). It applies only where
// clang's shape is certain: the distribute init's chunk is the block-size
// call, and the function makes exactly one distribute init and one parallel
// region, without num_threads and with a true if, whose outlined function is
// local, used by that region only, and makes exactly one static init of the
// same width: static chunked with chunk 1. The runtime keeps the usual
// schedules in a kernel that runs in generic mode, whose workers are not the
// block.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_GRIDSTRIDELOOPS_H
#define OMPGPU_TRANSFORMS_GRIDSTRIDELOOPS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// The attribute of a function whose combined loop the pass converted (the
/// kernel itself once clang has inlined its teams region), for
/// ThreadIterations.
inline constexpr char GridStrideAttr[] = "ompgpu-grid-stride";
/// The attribute of such a function where neither loop reads whether the
/// thread ran the loop's last iteration (clang reads it for lastprivate):
/// AlignedRows may then pad the loop's iterations.
inline constexpr char LastIterationUnreadAttr[] =
    "ompgpu-last-iteration-unread";

/// Gives combined distribute parallel for loops the grid-stride entry points.
struct GridStrideLoopsPass : llvm::PassInfoMixin<GridStrideLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
