//===- TeamArena.h - Allocations in a team's shared memory ------*- C++ -*-===//
//
// The memory of omp_pteam_mem_alloc and omp_cgroup_mem_alloc (and of user
// allocators in the low-latency memory space with pteam or cgroup access):
// a fixed arena in the block's static shared memory, which every thread of
// the team (the contention group of a teams region is the block) reaches at
// shared-memory latency. Only kernels that may allocate from it carry it:
// the arena is an ordinary static shared variable, which the link step drops
// from kernels whose allocator calls never reach it.
//
// Allocation bumps a top offset; each block is freed individually but the
// space is only reused once every block is free, when the top returns to the
// start. Teams allocate little and briefly, so this keeps allocation to one
// compare-and-swap. Allocations that do not fit fail, and the allocator's
// fallback decides what happens (global memory, for the predefined ones).
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_TEAMARENA_H
#define OMPGPU_DEVICE_TEAMARENA_H

#include "DeviceTypes.h"

namespace ompgpu {
namespace arena {

/// Bytes of shared memory each block of a kernel that uses the arena gets.
constexpr uint32_t Capacity = 8192;
/// Alignment of every block the arena hands out.
constexpr uint32_t Alignment = 16;

/// Bytes (rounded up to Alignment) of the calling team's arena, or null
/// when they do not fit.
void *allocate(uint64_t Bytes);

/// Frees a block from allocate().
void release(void *Ptr);

} // namespace arena
} // namespace ompgpu

#endif // OMPGPU_DEVICE_TEAMARENA_H
