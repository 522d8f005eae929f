//===- Parallelism.h - Worker side of generic-mode fork/join ----*- C++ -*-===//
//
// The loop the worker threads of a generic kernel run until the main thread
// terminates the kernel; entered from __kmpc_target_init. And the barrier of
// teams whose last warp is partial, shared by the regions and the team
// barriers inside them.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_PARALLELISM_H
#define OMPGPU_DEVICE_PARALLELISM_H

#include "DeviceTypes.h"
#include "Hardware.h"
#include "Mapping.h"
#include "State.h"

namespace ompgpu {

void runWorkerLoop(uint32_t Tid);

/// Team barrier of a team of Threads threads with idle lanes
/// (mapping::hasIdleLanes), called by its thread Tid. The idle lanes pass
/// named barrier 1 with the team once per barrier of the team, and once more
/// when the team leaves the region; thread 0 counts the barriers so that it
/// can tell them which one is the last.
inline void partialWarpBarrier(uint32_t Tid, uint32_t Threads) {
  if (Tid == 0)
    ++state::TeamState.PartialBarriers;
  hw::barrier(1, mapping::teamBarrierThreads(Threads));
}

} // namespace ompgpu

#endif // OMPGPU_DEVICE_PARALLELISM_H
