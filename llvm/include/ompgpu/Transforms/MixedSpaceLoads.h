//===- MixedSpaceLoads.h - Loads of one address space each ------*- C++ -*-===//
//
// Where two branches load from the same offset of different pointers,
// LLVM's SimplifyCFG sinks the two loads into one, after the branches, from a
// phi of the pointers. When one of them points into shared memory and the
// other into global memory, the phi can only be a generic pointer: the GPU
// then makes a generic load, which checks the address's window at run time,
// where each branch had a load the backend could give its own space. CUDA-
// style code has this shape: `k ? tile[k] - tile[k - 1] : tile[0] - in[i -
// 1]` over a team's shared array became one generic load of both `[k - 1]`s
// (the team-array adjacent difference, 1.10x its CUDA twin, whose loads of
// the tile are ld.shared).
//
// This pass moves such a load back into the blocks that branch to it: a
// generic load whose address is a phi, or a constant offset from one, of
// pointers that come from different address spaces (shared, global, local,
// constant, or not known), in a block where nothing writes memory before it,
// and whose predecessors all branch there unconditionally. Each predecessor
// then loads from its own pointer, which InferAddressSpaces gives its own
// space, and a phi of the loaded values replaces the load. The load executes
// on the same paths as before, after the same stores.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_MIXEDSPACELOADS_H
#define OMPGPU_TRANSFORMS_MIXEDSPACELOADS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Splits generic loads from phis of pointers into different address spaces.
struct MixedSpaceLoadsPass : llvm::PassInfoMixin<MixedSpaceLoadsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
