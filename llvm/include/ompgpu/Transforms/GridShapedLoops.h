//===- GridShapedLoops.h - Collapsed loops on grids of their shape -*- C++
//-*-===//
//
// A collapsed loop's thread loop (GridStrideLoops) numbers its iterations in
// one dimension: every warp divides its iteration numbers by the trip counts
// to find its indices, and every team first works out its block of the loop
// and the divisors' reciprocals. A CUDA kernel over the same grid gets its
// indices from blockIdx and threadIdx: measured on an H200 (stencil3d, a
// 510^3 interior), ours issued 590 M warp instructions against CUDA's 284 M,
// about 240 of them a warp before its first iteration.
//
// This pass gives such a kernel a second way to run: on a grid shaped like
// the loop's iterations. Team (x, y, z) takes the 32 innermost iterations
// from 32x - o (o the innermost index's lower bound modulo 32, so that lane 0
// of each warp has an index that is a multiple of 32), the next index's values
// from y * (blockDim.x / 32) (one per warp), and of a 3-D loop the outermost
// index's value z; each thread runs the one iteration those give it, if it is
// one of the loop's. The kernel runs that way when gridDim.y or gridDim.z is
// above 1, which only the host's shaped launch gives it, and as before
// otherwise. The shaped path is a copy of the thread loop's body in which the
// divisions of the iteration number are the indices themselves; the values it
// uses from before the loop are computed again from the kernel's arguments.
//
// The host must know the loop's extents before it launches: the kernel gets a
// global "<kernel>_grid_shape" (OMPGPU_KERNEL_GRID_SHAPE_SUFFIX) that says how
// to compute each from a kernel parameter (its low 32 bits plus a constant,
// clang's n - lb of an int bound) or as a constant. The kernel's guards use
// the same formulas, and the host launches the shaped grid only where the
// extents' product is the trip count clang passes it. Where every bound is a
// constant, clang's trip count is one and fits in 32 bits, so the loop
// numbers its iterations in 32 bits, divides by constants (whose remainders
// InstCombine folds into the innermost index, (X + lb) + Q * -D) and is
// bounded by the last iteration number: the extents are then the divisors and
// that number plus one over the outermost divisor.
//
// Only kernels that are the thread loop and nothing else qualify: nothing
// outside the loop writes memory (but team variables nothing the kernel runs
// reads, UnreadSharedState's storesOnly) or calls anything but pure
// intrinsics (no teams reduction, no code after the loop), the loop body
// calls nothing but intrinsics and reads neither thread, team nor grid
// numbers (whose values differ between the two ways), and it carries no
// value between iterations.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_GRIDSHAPEDLOOPS_H
#define OMPGPU_TRANSFORMS_GRIDSHAPEDLOOPS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Gives grid-stride kernels of a collapsed loop a path that runs on a grid
/// shaped like the loop (see above).
struct GridShapedLoopsPass : llvm::PassInfoMixin<GridShapedLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace ompgpu

#endif
