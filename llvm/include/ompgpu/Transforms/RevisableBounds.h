//===- RevisableBounds.h - Launch bounds the link step may revise -*- C++ -*-=//
//
// Two passes choose launch bounds before anything has been compiled:
// MemoryParallelism asks ptxas for .minnctapersm on kernels that gather, and
// KernelBounds gives SPMD kernels without a thread_limit teams of 256
// threads. Both are guesses that ptxas' report can prove wrong: a register
// cap that makes a kernel spill, a team size whose register footprint wastes
// part of the multiprocessor. So each marks the kernels whose bound is its
// own guess, and the link step revises marked bounds once ptxas has compiled
// the kernels (ompgpu/OffloadLink/LaunchBoundsPolicy.h). Bounds the program
// set itself (thread_limit clauses, launch-bound attributes) are never
// marked and never revised.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_REVISABLEBOUNDS_H
#define OMPGPU_TRANSFORMS_REVISABLEBOUNDS_H

#include "llvm/ADT/StringRef.h"

namespace ompgpu {

/// On a kernel whose "nvvm.minctasm" MemoryParallelism chose.
inline constexpr llvm::StringLiteral RevisableMinBlocksAttr =
    "ompgpu-revisable-minctasm";

/// On an SPMD kernel whose "nvvm.maxntid" (and the MaxThreads of its
/// environment) KernelBounds chose, because the program set no thread limit.
inline constexpr llvm::StringLiteral RevisableBlockSizeAttr =
    "ompgpu-revisable-maxntid";

} // namespace ompgpu

#endif
