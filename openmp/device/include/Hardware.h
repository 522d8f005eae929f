//===- Hardware.h - Thin wrappers over NVPTX builtins -----------*- C++ -*-===//
//
// Every special register, barrier, fence and atomic the runtime uses, in one
// place, so the rest of the runtime reads in OpenMP terms. All of these are
// inline so they disappear into the kernels that use them.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_HARDWARE_H
#define OMPGPU_DEVICE_HARDWARE_H

#include "DeviceTypes.h"

namespace ompgpu {
namespace hw {

inline uint32_t threadId() { return __nvvm_read_ptx_sreg_tid_x(); }
inline uint32_t blockDim() { return __nvvm_read_ptx_sreg_ntid_x(); }
inline uint32_t blockId() { return __nvvm_read_ptx_sreg_ctaid_x(); }
inline uint32_t gridDim() { return __nvvm_read_ptx_sreg_nctaid_x(); }

inline uint32_t threadId(int Dim) {
  return Dim == 0   ? __nvvm_read_ptx_sreg_tid_x()
         : Dim == 1 ? __nvvm_read_ptx_sreg_tid_y()
                    : __nvvm_read_ptx_sreg_tid_z();
}
inline uint32_t blockDim(int Dim) {
  return Dim == 0   ? __nvvm_read_ptx_sreg_ntid_x()
         : Dim == 1 ? __nvvm_read_ptx_sreg_ntid_y()
                    : __nvvm_read_ptx_sreg_ntid_z();
}
inline uint32_t blockId(int Dim) {
  return Dim == 0   ? __nvvm_read_ptx_sreg_ctaid_x()
         : Dim == 1 ? __nvvm_read_ptx_sreg_ctaid_y()
                    : __nvvm_read_ptx_sreg_ctaid_z();
}
inline uint32_t gridDim(int Dim) {
  return Dim == 0   ? __nvvm_read_ptx_sreg_nctaid_x()
         : Dim == 1 ? __nvvm_read_ptx_sreg_nctaid_y()
                    : __nvvm_read_ptx_sreg_nctaid_z();
}

/// Size of the dynamic shared memory the host launched the block with.
inline uint32_t dynamicSharedSize() {
  uint32_t Size;
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(Size));
  return Size;
}

/// The grid's launch number in this context; different for every launch.
inline uint64_t gridLaunchId() {
  uint64_t Id;
  asm("mov.u64 %0, %%gridid;" : "=l"(Id));
  return Id;
}

/// Nanoseconds of the device-wide timer.
inline uint64_t globalTimer() { return __nvvm_read_ptx_sreg_globaltimer(); }

inline uint32_t activeMask() { return __nvvm_activemask(); }

/// Waits for the lanes in Mask; orders their memory accesses too.
inline void syncWarp(uint32_t Mask) { __nvvm_bar_warp_sync(Mask); }

/// Barrier Id of all non-exited threads of the block. Never the .aligned
/// form: the main thread and the workers of a generic kernel reach barrier 0
/// from different places, and lanes of one warp may arrive diverged. (The link
/// step's AlignedBarriers pass switches a kernel's barrier to the aligned form
/// where it can show that every thread executes that one instruction.)
inline void barrier(uint32_t Id) { __nvvm_barrier_sync(Id); }

/// Barrier Id of Count threads (a multiple of the warp size).
inline void barrier(uint32_t Id, uint32_t Count) {
  __nvvm_barrier_sync_cnt(Id, Count);
}

// Not __scoped_atomic_thread_fence: clang-22 ignores its scope on NVPTX and
// emits a system-wide fence (fence.sc.sys), which also waits for the host.
inline void fenceDevice() { __nvvm_membar_gl(); }
inline void fenceBlock() { __nvvm_membar_cta(); }

inline void sleep(uint32_t Nanoseconds) { __nvvm_nanosleep(Nanoseconds); }

/// Device-scope atomics on words that threads of different blocks may share
/// (locks, critical sections).
template <typename T> inline T loadRelaxed(T *Ptr) {
  return __scoped_atomic_load_n(Ptr, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
}
template <typename T> inline void storeRelaxed(T *Ptr, T Value) {
  __scoped_atomic_store_n(Ptr, Value, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
}
template <typename T> inline void storeRelease(T *Ptr, T Value) {
  __scoped_atomic_store_n(Ptr, Value, __ATOMIC_RELEASE, __MEMORY_SCOPE_DEVICE);
}
/// Returns true if *Ptr held Expected and now holds Desired.
template <typename T> inline bool casAcquire(T *Ptr, T Expected, T Desired) {
  return __scoped_atomic_compare_exchange_n(Ptr, &Expected, Desired, false,
                                            __ATOMIC_ACQUIRE, __ATOMIC_RELAXED,
                                            __MEMORY_SCOPE_DEVICE);
}

} // namespace hw
} // namespace ompgpu

#endif // OMPGPU_DEVICE_HARDWARE_H
