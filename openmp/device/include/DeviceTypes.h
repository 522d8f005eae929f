//===- DeviceTypes.h - Basic types and the clang-22 device ABI --*- C++ -*-===//
//
// Fixed-width integer types for the freestanding build, and the structures and
// constants that clang-22 emits into device code: ident_t, the kernel
// environment handed to __kmpc_target_init, execution modes and schedule
// kinds. Layouts here must match clang's IR exactly.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_DEVICETYPES_H
#define OMPGPU_DEVICE_DEVICETYPES_H

// Only clang's own resource headers are reachable (-nostdlibinc), so these
// define the types themselves instead of pulling in a host C library.
#include <stddef.h>
#include <stdint.h>

namespace ompgpu {

/// The source location clang passes to most entry points. PSource has the form
/// ";file;function;line;column;;".
struct IdentTy {
  int32_t Reserved1;
  int32_t Flags;
  int32_t Reserved2;
  int32_t Reserved3;
  const char *PSource;
};

/// Per-kernel configuration, a constant global clang emits for every kernel.
struct ConfigurationEnvironmentTy {
  uint8_t UseGenericStateMachine;
  uint8_t MayUseNestedParallelism;
  uint8_t ExecMode;
  int32_t MinThreads;
  int32_t MaxThreads;
  int32_t MinTeams;
  int32_t MaxTeams;
  int32_t ReductionDataSize;
  int32_t ReductionBufferLength;
};

struct DynamicEnvironmentTy {
  uint16_t DebugIndentionLevel;
};

struct KernelEnvironmentTy {
  ConfigurationEnvironmentTy Configuration;
  IdentTy *Ident;
  DynamicEnvironmentTy *DynamicEnv;
};

/// The launch environment is the first kernel argument. The host runtime
/// passes null today, so the runtime never looks inside it.
struct KernelLaunchEnvironmentTy;

/// Bits of ConfigurationEnvironmentTy::ExecMode. Generic-SPMD (both bits) is a
/// generic kernel that the optimizer turned into an SPMD one; it runs as SPMD.
enum ExecModeFlags : uint8_t {
  ExecModeGeneric = 1,
  ExecModeSPMD = 2,
};

/// Schedule kinds (kmp_sched_t) clang passes to the static worksharing
/// entry points, and the modifier bits it may OR into them.
enum ScheduleKind : int32_t {
  SchedStaticChunked = 33,
  SchedStatic = 34,
  SchedStaticBalancedChunked = 45,
  SchedDistributeStaticChunked = 91,
  SchedDistributeStatic = 92,
  SchedModifierMonotonic = 1 << 29,
  SchedModifierNonmonotonic = 1 << 30,
};

/// omp_sched_t::omp_sched_static, the initial run-sched-var.
constexpr int32_t OmpSchedStatic = 1;

/// The outlined parallel region wrapper clang emits for generic kernels: it is
/// called with the parallel level and the thread number and fetches the
/// captured variables through __kmpc_get_shared_variables.
using ParallelWrapperTy = void (*)(uint16_t, uint32_t);

constexpr uint32_t WarpSize = 32;
constexpr uint32_t MaxThreadsPerBlock = 1024;

} // namespace ompgpu

#endif // OMPGPU_DEVICE_DEVICETYPES_H
