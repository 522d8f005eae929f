//===- AllocateStorage.h - Storage for variables of allocate ----*- C++ -*-===//
//
// clang-22 lowers the allocate directive and clause in device code without
// any runtime call. A variable of omp_pteam_mem_alloc gets a static variable
// in shared memory (one per team) and one of omp_thread_mem_alloc or of a
// user-defined allocator the thread's stack, as the program expects; but a
// variable of any other allocator (the default, large-capacity, constant,
// high-bandwidth, low-latency and cgroup ones) gets one static variable of
// the whole device program: internal, writable, uninitialized (poison), in
// global memory. Every team and thread that runs the code would then share
// one variable where each expects its own.
//
// This pass gives such a variable the storage its declaration asks for, from
// the functions that use it (clang refers to it only where it is declared,
// and parallel regions get its address as an argument; the optimizer may
// have inlined that function into others, each a copy of the declaration):
//
// - when only team-level code uses it (kernels, and functions called in one
//   place only, from team-level code: clang's outlined teams region), the
//   declaration belongs to the team's initial thread: one variable per team,
//   in the block's static shared memory, which the team's parallel regions
//   reach (the storage omp_cgroup_mem_alloc and omp_pteam_mem_alloc ask for,
//   and a correct one for the others), up to SharedBytesPerKernel per kernel;
// - when only other code uses it (a parallel region's, a declare target
//   function), each call is a thread's own: a local of each function, when
//   its address does not leave the thread (it is not stored, nor passed
//   where it may be kept).
//
// Anything else stays as clang-22 made it, and the link step warns about
// each such variable left after optimization (OffloadLink's
// AllocateVariables.h). Runs before the device runtime is linked, on the
// program's code alone.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_ALLOCATESTORAGE_H
#define OMPGPU_TRANSFORMS_ALLOCATESTORAGE_H

#include "ompgpu/Transforms/AddressSpaces.h"

#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>

namespace ompgpu {

/// Shared memory the pass gives the variables of one kernel at most; the
/// same bound the driver gives LLVM's OpenMPOpt for master locals, so that a
/// kernel keeps most of the 48 KiB of static shared memory ptxas allows.
constexpr uint64_t SharedBytesPerKernel = 16384;

/// Whether \p G has the shape clang-22 gives a variable of an allocate
/// directive or clause whose allocator has no storage of its own on the
/// GPU (above), in \p AddressSpace. (The device runtime's uninitialized
/// globals are undef, not poison.)
bool isStaticAllocateVariable(const llvm::GlobalVariable &G,
                              unsigned AddressSpace = GenericAddressSpace);

/// Gives the variables of allocate directives and clauses per-team or
/// per-thread storage (above).
struct AllocateStoragePass : llvm::PassInfoMixin<AllocateStoragePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
