//===- AllocatorHandles.h - omp.h's numbers for memory management -*- C++ -*-//
//
// The predefined allocator handles, memory spaces, allocator trait keys and
// trait values as programs pass them to the device runtime. The runtime
// cannot include omp.h (its declarations clash with the runtime's own), so it
// repeats the numbers here; test/device-runtime/allocator-handles.cpp checks
// them against clang-22's omp.h and against the omp.h our driver puts first
// on the include path of every OpenMP compile, device compiles included.
//
// The two headers differ in two numbers, and device code may come with
// either: ours gives programs the numbers of the host's libomp (LLVM 19's),
// where omp_default_mem_space is 0 and omp_atv_all 7; clang-22's has
// omp_default_mem_space 99 (0 is omp_null_mem_space there) and omp_atv_all 19
// (7 is omp_atv_device). The runtime accepts both: 0 and 99 both name the
// default memory space, and 7 and 19 both mean memory every thread of the
// device reaches, which on one GPU is the same thing.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_ALLOCATORHANDLES_H
#define OMPGPU_DEVICE_ALLOCATORHANDLES_H

#include "DeviceTypes.h"

namespace ompgpu {
namespace omp {

/// omp_allocator_handle_t values; any other handle is a record of
/// omp_init_allocator.
enum Allocator : uint64_t {
  NullAllocator = 0,
  DefaultMemAlloc = 1,
  LargeCapMemAlloc = 2,
  ConstMemAlloc = 3,
  HighBwMemAlloc = 4,
  LowLatMemAlloc = 5,
  CGroupMemAlloc = 6,
  PTeamMemAlloc = 7,
  ThreadMemAlloc = 8,
  TargetHostMemAlloc = 100,
  TargetSharedMemAlloc = 101,
  TargetDeviceMemAlloc = 102,
};

/// omp_memspace_handle_t values.
enum MemorySpace : uint64_t {
  DefaultMemSpaceOfLLVM19 = 0,
  LargeCapMemSpace = 1,
  ConstMemSpace = 2,
  HighBwMemSpace = 3,
  LowLatMemSpace = 4,
  DefaultMemSpace = 99,
  TargetHostMemSpace = 100,
  TargetSharedMemSpace = 101,
  TargetDeviceMemSpace = 102,
};

/// omp_alloctrait_key_t values (OpenMP 5.x; the keys of OpenMP 6.0 are not
/// supported on the device).
enum TraitKey : int32_t {
  SyncHintKey = 1,
  AlignmentKey = 2,
  AccessKey = 3,
  PoolSizeKey = 4,
  FallbackKey = 5,
  FallbackDataKey = 6,
  PinnedKey = 7,
  PartitionKey = 8,
};

/// omp_alloctrait_value_t values.
enum TraitValue : uint64_t {
  False = 0,
  True = 1,
  Contended = 3,
  Uncontended = 4,
  Serialized = 5,
  Private = 6,
  /// omp_atv_all in LLVM 19's numbering, omp_atv_device in clang-22's.
  AllOfLLVM19OrDevice = 7,
  Thread = 8,
  PTeam = 9,
  CGroup = 10,
  DefaultMemFallback = 11,
  NullFallback = 12,
  AbortFallback = 13,
  AllocatorFallback = 14,
  Environment = 15,
  Nearest = 16,
  Blocked = 17,
  Interleaved = 18,
  All = 19,
  /// omp_atv_default: the trait's default value.
  DefaultValue = ~uint64_t(0),
};

/// omp_alloctrait_t.
struct AllocTrait {
  int32_t Key;
  uint64_t Value;
};

} // namespace omp
} // namespace ompgpu

#endif // OMPGPU_DEVICE_ALLOCATORHANDLES_H
