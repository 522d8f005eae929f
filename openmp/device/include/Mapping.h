//===- Mapping.h - Where a thread sits in its team --------------*- C++ -*-===//
//
// Thread number and team size of the innermost parallel region, derived from
// the hardware geometry and the calling thread's state byte. Shared by the
// OpenMP queries, worksharing and synchronization.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_MAPPING_H
#define OMPGPU_DEVICE_MAPPING_H

#include "DeviceTypes.h"
#include "Hardware.h"
#include "State.h"

namespace ompgpu {
namespace mapping {

/// Teams of generic kernels are whole warps, or a single warp that may be
/// partial: a team barrier is then either a named barrier over full warps or
/// a warp barrier, and never has lanes of one warp waiting at two barriers.
inline uint32_t roundTeamSize(uint32_t Threads) {
  return Threads > WarpSize ? Threads & ~(WarpSize - 1) : Threads;
}

/// Largest team a parallel region of this kernel can get.
inline uint32_t maxTeamThreads(uint8_t State) {
  if (state::isSPMD(State))
    return hw::blockDim();
  uint32_t Workers = roundTeamSize(state::mainThreadId());
  return Workers ? Workers : 1;
}

/// omp_get_thread_num of the calling thread.
inline uint32_t threadNum(uint32_t Tid, uint8_t State) {
  return state::innermostIsActive(State) ? Tid : 0;
}

/// Size of the team of the active region the thread is in.
inline uint32_t activeTeamSize(uint8_t State) {
  if (!state::isSPMD(State))
    return state::TeamState.WorkThreads;
  if (state::inPartialTeam(State))
    return __scoped_atomic_load_n(&state::TeamState.SPMDTeamSize,
                                  __ATOMIC_RELAXED, __MEMORY_SCOPE_WRKGRP);
  return hw::blockDim();
}

/// omp_get_num_threads of the calling thread.
inline uint32_t numThreads(uint8_t State) {
  return state::innermostIsActive(State) ? activeTeamSize(State) : 1;
}

} // namespace mapping
} // namespace ompgpu

#endif // OMPGPU_DEVICE_MAPPING_H
