// The device runtime's numbers for allocators, memory spaces and allocator
// traits (openmp/device/include/AllocatorHandles.h) are those of the omp.h
// that device code is compiled with: clang-22's own, and the one our driver
// puts first on the include path of every OpenMP compile (which gives
// omp_default_mem_space and omp_atv_all the numbers of the host's libomp).
// Device code of both kinds reaches the runtime: it accepts both numbers.
// RUN: %host-clangxx -fsyntax-only -std=c++17 -fopenmp -I%S/../../openmp/device/include -I%abi-include %s
// RUN: %clangxx -fsyntax-only -std=c++17 -fopenmp -I%S/../../openmp/device/include -I%abi-include %s
// The device compile of an offloading build uses the same header.
// RUN: %clangxx -fsyntax-only -std=c++17 -fopenmp -fopenmp-targets=nvptx64 --offload-device-only -I%S/../../openmp/device/include -I%abi-include %s
#include <omp.h>

#include "AllocatorHandles.h"

using namespace ompgpu;

static_assert(omp_null_allocator == omp::NullAllocator);
static_assert(omp_default_mem_alloc == omp::DefaultMemAlloc);
static_assert(omp_large_cap_mem_alloc == omp::LargeCapMemAlloc);
static_assert(omp_const_mem_alloc == omp::ConstMemAlloc);
static_assert(omp_high_bw_mem_alloc == omp::HighBwMemAlloc);
static_assert(omp_low_lat_mem_alloc == omp::LowLatMemAlloc);
static_assert(omp_cgroup_mem_alloc == omp::CGroupMemAlloc);
static_assert(omp_pteam_mem_alloc == omp::PTeamMemAlloc);
static_assert(omp_thread_mem_alloc == omp::ThreadMemAlloc);
static_assert(llvm_omp_target_host_mem_alloc == omp::TargetHostMemAlloc);
static_assert(llvm_omp_target_shared_mem_alloc == omp::TargetSharedMemAlloc);
static_assert(llvm_omp_target_device_mem_alloc == omp::TargetDeviceMemAlloc);

static_assert(omp_default_mem_space == omp::DefaultMemSpace ||
              omp_default_mem_space == omp::DefaultMemSpaceOfLLVM19);
static_assert(omp_large_cap_mem_space == omp::LargeCapMemSpace);
static_assert(omp_const_mem_space == omp::ConstMemSpace);
static_assert(omp_high_bw_mem_space == omp::HighBwMemSpace);
static_assert(omp_low_lat_mem_space == omp::LowLatMemSpace);
static_assert(llvm_omp_target_host_mem_space == omp::TargetHostMemSpace);
static_assert(llvm_omp_target_shared_mem_space == omp::TargetSharedMemSpace);
static_assert(llvm_omp_target_device_mem_space == omp::TargetDeviceMemSpace);

static_assert(omp_atk_sync_hint == omp::SyncHintKey);
static_assert(omp_atk_alignment == omp::AlignmentKey);
static_assert(omp_atk_access == omp::AccessKey);
static_assert(omp_atk_pool_size == omp::PoolSizeKey);
static_assert(omp_atk_fallback == omp::FallbackKey);
static_assert(omp_atk_fb_data == omp::FallbackDataKey);
static_assert(omp_atk_pinned == omp::PinnedKey);
static_assert(omp_atk_partition == omp::PartitionKey);

static_assert(omp_atv_false == omp::False);
static_assert(omp_atv_true == omp::True);
static_assert(omp_atv_contended == omp::Contended);
static_assert(omp_atv_uncontended == omp::Uncontended);
static_assert(omp_atv_serialized == omp::Serialized);
static_assert(omp_atv_private == omp::Private);
static_assert(omp_atv_all == omp::All || omp_atv_all == omp::AllOfLLVM19OrDevice);
static_assert(omp_atv_thread == omp::Thread);
static_assert(omp_atv_pteam == omp::PTeam);
static_assert(omp_atv_cgroup == omp::CGroup);
static_assert(omp_atv_default_mem_fb == omp::DefaultMemFallback);
static_assert(omp_atv_null_fb == omp::NullFallback);
static_assert(omp_atv_abort_fb == omp::AbortFallback);
static_assert(omp_atv_allocator_fb == omp::AllocatorFallback);
static_assert(omp_atv_environment == omp::Environment);
static_assert(omp_atv_nearest == omp::Nearest);
static_assert(omp_atv_blocked == omp::Blocked);
static_assert(omp_atv_interleaved == omp::Interleaved);
static_assert(omp_atv_default == omp::DefaultValue);

static_assert(sizeof(omp_alloctrait_t) == sizeof(omp::AllocTrait) &&
              offsetof(omp_alloctrait_t, value) ==
                  offsetof(omp::AllocTrait, Value));
