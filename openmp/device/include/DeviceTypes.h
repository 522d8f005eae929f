//===- DeviceTypes.h - Basic types and the clang-22 device ABI --*- C++ -*-===//
//
// Fixed-width integer types for the freestanding build, the ABI shared with
// clang-22, the host runtime and the link step (abi/OffloadABI.h: ident_t, the
// kernel environment, execution modes, the warp size), and the device-only
// parts of clang's ABI: schedule kinds and the parallel-region wrapper.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_DEVICETYPES_H
#define OMPGPU_DEVICE_DEVICETYPES_H

// Only clang's own resource headers are reachable (-nostdlibinc), so these
// define the types themselves instead of pulling in a host C library.
#include <stddef.h>
#include <stdint.h>

#include "OffloadABI.h"

namespace ompgpu {

/// Schedule kinds (kmp_sched_t) clang passes to the worksharing entry
/// points, and the modifier bits it may OR into them. A loop with the ordered
/// clause gets the kind of its schedule plus SchedOrderedOffset.
enum ScheduleKind : int32_t {
  SchedStaticChunked = 33,
  SchedStatic = 34,
  SchedDynamicChunked = 35,
  SchedGuidedChunked = 36,
  SchedRuntime = 37,
  SchedAuto = 38,
  SchedStaticBalancedChunked = 45,
  SchedOrderedOffset = 32,
  SchedOrderedStaticChunked = 65,
  SchedOrderedAuto = 70,
  SchedDistributeStaticChunked = 91,
  SchedDistributeStatic = 92,
  SchedModifierMonotonic = 1 << 29,
  SchedModifierNonmonotonic = 1 << 30,
};

/// omp_sched_t, the kinds of run-sched-var (omp_set_schedule); static is the
/// initial one. omp_sched_monotonic may be ORed into any of them.
constexpr int32_t OmpSchedStatic = 1;
constexpr int32_t OmpSchedDynamic = 2;
constexpr int32_t OmpSchedGuided = 3;
constexpr int32_t OmpSchedAuto = 4;
constexpr uint32_t OmpSchedMonotonic = 0x80000000u;

/// Whether Kind is a kind of omp_sched_t (static, dynamic, guided, auto),
/// with or without the monotonic modifier; the runtime has no kinds of its
/// own.
[[gnu::const]] inline bool isOmpSchedKind(int32_t Kind) {
  int32_t Base = int32_t(uint32_t(Kind) & ~OmpSchedMonotonic);
  return Base >= OmpSchedStatic && Base <= OmpSchedAuto;
}

/// The outlined parallel region wrapper clang emits for generic kernels: it is
/// called with the parallel level and the thread number and fetches the
/// captured variables through __kmpc_get_shared_variables.
using ParallelWrapperTy = void (*)(uint16_t, uint32_t);

constexpr uint32_t WarpSize = OMPGPU_WARP_SIZE;
constexpr uint32_t MaxThreadsPerBlock = OMPGPU_MAX_THREADS_PER_BLOCK;

} // namespace ompgpu

#endif // OMPGPU_DEVICE_DEVICETYPES_H
