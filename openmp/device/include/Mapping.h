//===- Mapping.h - Where a thread sits in its team --------------*- C++ -*-===//
//
// Thread number and team size of the innermost parallel region, derived from
// the hardware geometry and the calling thread's state byte. Shared by the
// OpenMP queries, worksharing and synchronization.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_MAPPING_H
#define OMPGPU_DEVICE_MAPPING_H

#include "Debug.h"
#include "DeviceTypes.h"
#include "Hardware.h"
#include "State.h"

namespace ompgpu {
namespace mapping {

/// Largest team a parallel region of this kernel can get, the thread limit:
/// the block in SPMD kernels; generic blocks have the main warp on top of it
/// (so a limit that is not a multiple of the warp size leaves lanes of the
/// workers' last warp unused).
[[gnu::const]] inline uint32_t maxTeamThreads(uint8_t State) {
  uint32_t Block = hw::blockDim();
  if (state::isSPMD(State))
    return Block;
  return Block > WarpSize ? Block - WarpSize : 1;
}

/// Teams of any size up to a warp sit in the first warp and synchronize with
/// warp barriers. Larger teams use named barrier 1, whose count must be whole
/// warps; a warp cannot have lanes waiting at two named barriers at once, so
/// the lanes of a partial last warp that have no thread (idle lanes) join
/// every barrier of the team until the region ends.
[[gnu::const]] inline uint32_t teamBarrierThreads(uint32_t Threads) {
  return (Threads + WarpSize - 1) & ~(WarpSize - 1);
}

/// True if the team of Threads threads leaves idle lanes in its last warp.
[[gnu::const]] inline bool hasIdleLanes(uint32_t Threads) {
  return Threads > WarpSize && Threads % WarpSize != 0;
}

/// True if the thread with hardware id Tid is an idle lane of such a team.
[[gnu::const]] inline bool isIdleLane(uint32_t Tid, uint32_t Threads) {
  return hasIdleLanes(Threads) && Tid >= Threads &&
         Tid < teamBarrierThreads(Threads);
}

/// omp_get_thread_num of the calling thread.
inline uint32_t threadNum(uint32_t Tid, uint8_t State) {
  return state::innermostIsActive(State) ? Tid : 0;
}

/// Size of the team of the active region the thread is in.
inline uint32_t activeTeamSize(uint8_t State) {
  if (!state::isSPMD(State)) {
    uint32_t Threads = state::TeamState.WorkThreads;
    OMPGPU_CHECK(Threads > 1 && Threads <= maxTeamThreads(State), nullptr,
                 "the team of the active region has an impossible size");
    return Threads;
  }
  if (state::inPartialTeam(State)) {
    uint32_t Threads =
        hw::loadRelaxed<hw::BlockScope>(&state::TeamState.SPMDTeamSize);
    OMPGPU_CHECK(Threads > 1 && Threads < hw::blockDim(), nullptr,
                 "the SPMD team smaller than the block has an impossible "
                 "size");
    return Threads;
  }
  return hw::blockDim();
}

/// omp_get_num_threads of the calling thread.
inline uint32_t numThreads(uint8_t State) {
  return state::innermostIsActive(State) ? activeTeamSize(State) : 1;
}

} // namespace mapping
} // namespace ompgpu

#endif // OMPGPU_DEVICE_MAPPING_H
