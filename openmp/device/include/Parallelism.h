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

/// Generic kernels: the thread count of named barrier 1 for the team of the
/// active region when the team is whole warps, more than one, else 0. The
/// main thread sets it when it forks, so a team barrier needs no arithmetic.
extern __attribute__((address_space(3))) uint32_t GenericBarrierThreads;

/// Runs the parallel region wrapper WrapperFn on worker Tid. The link step's
/// WorkerDispatch pass finds the worker loop's call by this symbol name.
void runParallelWrapper(void *WrapperFn, uint32_t Tid)
    __asm__(OMPGPU_RUN_PARALLEL_WRAPPER_SYMBOL);

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
