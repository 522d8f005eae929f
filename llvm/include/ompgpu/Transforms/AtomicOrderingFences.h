//===- AtomicOrderingFences.h - Ordered atomics as fenced ones --*- C++ -*-===//
//
// LLVM 22's NVPTX backend emits every atomicrmw (add, or, exchange, min, ...)
// as a relaxed `atom`, dropping the acquire, release or sequentially
// consistent ordering the IR asks for; cmpxchg and atomic loads and stores
// keep theirs. A release exchange that publishes an ordered block's writes,
// or an acq_rel counter after a team's partial results, then publishes
// nothing, and other threads read stale data (seen on an H100). This pass
// gives each such read-modify-write the ordering PTX's memory model maps it
// to: a fence of the atomic's scope before it where it releases, one after it
// where it acquires, and the atomic itself relaxed. It covers the runtime's
// atomics and the program's (`omp atomic seq_cst`, `acq_rel`, ...) alike.
// Runs last, after every pass that could move memory accesses across the
// fences' atomics.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_ATOMICORDERINGFENCES_H
#define OMPGPU_TRANSFORMS_ATOMICORDERINGFENCES_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Rewrites every atomicrmw stronger than monotonic into a monotonic one
/// between fences of its ordering and scope.
struct AtomicOrderingFencesPass
    : llvm::PassInfoMixin<AtomicOrderingFencesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
