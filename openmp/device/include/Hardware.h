//===- Hardware.h - Thin wrappers over NVPTX builtins -----------*- C++ -*-===//
//
// Every special register, barrier, fence and atomic the runtime uses, and its
// one spin-wait loop, in one place, so the rest of the runtime reads in OpenMP
// terms. All of these are inline so they disappear into the kernels that use
// them.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_HARDWARE_H
#define OMPGPU_DEVICE_HARDWARE_H

#include "DeviceTypes.h"

namespace ompgpu {
namespace hw {

// The launch geometry is fixed for the life of a thread: [[gnu::const]] lets
// conditions on it appear in the runtime's assertions (Debug.h).
[[gnu::const]] inline uint32_t threadId() {
  return __nvvm_read_ptx_sreg_tid_x();
}
[[gnu::const]] inline uint32_t blockDim() {
  return __nvvm_read_ptx_sreg_ntid_x();
}
[[gnu::const]] inline uint32_t blockId() {
  return __nvvm_read_ptx_sreg_ctaid_x();
}
[[gnu::const]] inline uint32_t gridDim() {
  return __nvvm_read_ptx_sreg_nctaid_x();
}

[[gnu::const]] inline uint32_t threadId(int Dim) {
  return Dim == 0   ? __nvvm_read_ptx_sreg_tid_x()
         : Dim == 1 ? __nvvm_read_ptx_sreg_tid_y()
                    : __nvvm_read_ptx_sreg_tid_z();
}
[[gnu::const]] inline uint32_t blockDim(int Dim) {
  return Dim == 0   ? __nvvm_read_ptx_sreg_ntid_x()
         : Dim == 1 ? __nvvm_read_ptx_sreg_ntid_y()
                    : __nvvm_read_ptx_sreg_ntid_z();
}
[[gnu::const]] inline uint32_t blockId(int Dim) {
  return Dim == 0   ? __nvvm_read_ptx_sreg_ctaid_x()
         : Dim == 1 ? __nvvm_read_ptx_sreg_ctaid_y()
                    : __nvvm_read_ptx_sreg_ctaid_z();
}
[[gnu::const]] inline uint32_t gridDim(int Dim) {
  return Dim == 0   ? __nvvm_read_ptx_sreg_nctaid_x()
         : Dim == 1 ? __nvvm_read_ptx_sreg_nctaid_y()
                    : __nvvm_read_ptx_sreg_nctaid_z();
}

/// Size of the dynamic shared memory the host launched the block with.
[[gnu::const]] inline uint32_t dynamicSharedSize() {
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

/// Whether the generic address Ptr lies in the calling thread's local
/// memory (its stack), which no other thread can reach through it.
inline bool isLocalMemory(const void *Ptr) {
  return __nvvm_isspacep_local(Ptr);
}

inline uint32_t activeMask() { return __nvvm_activemask(); }

/// The lane of Group that acts for it, and the calling lane's rank in it.
inline uint32_t leaderOf(uint32_t Group) { return __builtin_ctz(Group); }
inline uint32_t rankIn(uint32_t Group, uint32_t Lane) {
  return __builtin_popcount(Group & ((1u << Lane) - 1));
}

/// Whether Predicate holds in every lane of Mask, and in any (all of them
/// execute the call).
inline bool all(uint32_t Mask, bool Predicate) {
  return __nvvm_vote_all_sync(Mask, Predicate);
}
inline bool any(uint32_t Mask, bool Predicate) {
  return __nvvm_vote_any_sync(Mask, Predicate);
}

/// The lanes of Mask (which all execute this call) whose Predicate holds.
inline uint32_t ballot(uint32_t Mask, bool Predicate) {
  return __nvvm_vote_ballot_sync(Mask, Predicate);
}

/// Value of lane SourceLane, to every lane of Mask (which all execute this
/// call and include SourceLane).
inline uint32_t shuffle(uint32_t Mask, uint32_t Value, uint32_t SourceLane) {
  return __nvvm_shfl_sync_idx_i32(Mask, Value, SourceLane, WarpSize - 1);
}
inline uint64_t shuffle(uint32_t Mask, uint64_t Value, uint32_t SourceLane) {
  uint32_t Low = shuffle(Mask, uint32_t(Value), SourceLane);
  uint32_t High = shuffle(Mask, uint32_t(Value >> 32), SourceLane);
  return uint64_t(High) << 32 | Low;
}

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

/// Block barrier 0 that also tells every thread whether Predicate was true
/// on any thread of the block.
inline bool barrierOr(bool Predicate) { return __nvvm_bar0_or(Predicate); }

/// The threads an atomic orders its access with: those of the calling block
/// (the runtime's state in shared memory) or of the whole device (locks,
/// critical sections, the teams-reduction counters in global memory).
enum MemoryScope : int {
  BlockScope = __MEMORY_SCOPE_WRKGRP,
  DeviceScope = __MEMORY_SCOPE_DEVICE,
};

// Every atomic access of the runtime goes through these, named by their
// memory order. Ptr may point into any address space: the atomic keeps it,
// so accesses of shared memory stay shared-memory instructions.
template <int Scope = DeviceScope, typename PtrT>
inline auto loadRelaxed(PtrT Ptr) {
  return __scoped_atomic_load_n(Ptr, __ATOMIC_RELAXED, Scope);
}
template <int Scope = DeviceScope, typename PtrT>
inline auto loadAcquire(PtrT Ptr) {
  return __scoped_atomic_load_n(Ptr, __ATOMIC_ACQUIRE, Scope);
}
template <int Scope = DeviceScope, typename PtrT, typename T>
inline void storeRelaxed(PtrT Ptr, T Value) {
  __scoped_atomic_store_n(Ptr, Value, __ATOMIC_RELAXED, Scope);
}
template <int Scope = DeviceScope, typename PtrT, typename T>
inline void storeRelease(PtrT Ptr, T Value) {
  __scoped_atomic_store_n(Ptr, Value, __ATOMIC_RELEASE, Scope);
}
/// Returns true if *Ptr held Expected and now holds Desired; the exchange
/// acquires what the last release of *Ptr published.
template <int Scope = DeviceScope, typename PtrT, typename T>
inline bool casAcquire(PtrT Ptr, T Expected, T Desired) {
  return __scoped_atomic_compare_exchange_n(Ptr, &Expected, Desired, false,
                                            __ATOMIC_ACQUIRE, __ATOMIC_RELAXED,
                                            Scope);
}
/// Writes Desired if *Ptr holds Expected, without ordering (the caller
/// publishes what it then initializes with a release); otherwise loads *Ptr
/// into Expected with acquire. Returns whether it wrote.
template <int Scope = DeviceScope, typename PtrT, typename T>
inline bool casRelaxedOrLoadAcquire(PtrT Ptr, T &Expected, T Desired) {
  return __scoped_atomic_compare_exchange_n(Ptr, &Expected, Desired, false,
                                            __ATOMIC_RELAXED, __ATOMIC_ACQUIRE,
                                            Scope);
}
/// Writes Desired if *Ptr holds Expected, acquiring what the last release
/// of *Ptr published and releasing the caller's earlier writes; otherwise
/// loads *Ptr into Expected, without ordering. Returns whether it wrote.
template <int Scope = DeviceScope, typename PtrT, typename T>
inline bool casAcqRel(PtrT Ptr, T &Expected, T Desired) {
  return __scoped_atomic_compare_exchange_n(Ptr, &Expected, Desired, false,
                                            __ATOMIC_ACQ_REL, __ATOMIC_RELAXED,
                                            Scope);
}
/// A fence of Scope (PTX's fence.acq_rel): orders the calling thread's memory
/// accesses before it with those after it, for the threads of the block or
/// of the device. Inline assembly, since clang-22 emits its scoped fences as
/// fence.sc.sys, and fenceBlock/fenceDevice are the stronger fence.sc.
template <int Scope> inline void fence() {
  if constexpr (Scope == BlockScope)
    asm volatile("fence.acq_rel.cta;" ::: "memory");
  else
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
}

// The ordered read-modify-writes are relaxed ones between fences of their
// scope, written out here: clang-22 drops the scope of atomics on NVPTX, so
// an ordered atomicrmw would get system-scope fences from the link step
// (AtomicOrderingFences), which wait for the host, on task records and pool
// counters in global memory that only the block or the device shares.

/// Writes Value and returns what *Ptr held before, without ordering.
template <int Scope = DeviceScope, typename PtrT, typename T>
inline auto exchangeRelaxed(PtrT Ptr, T Value) {
  return __scoped_atomic_exchange_n(Ptr, Value, __ATOMIC_RELAXED, Scope);
}
/// Op, a relaxed read-modify-write, made to acquire and release.
template <int Scope, typename OpFn> inline auto acquireRelease(OpFn Op) {
  fence<Scope>();
  auto Old = Op();
  fence<Scope>();
  return Old;
}
/// Writes Value and returns what *Ptr held before; acquires and releases.
template <int Scope = DeviceScope, typename PtrT, typename T>
inline auto exchangeAcqRel(PtrT Ptr, T Value) {
  return acquireRelease<Scope>(
      [&] { return exchangeRelaxed<Scope>(Ptr, Value); });
}
/// Writes Value and returns what *Ptr held before; releases.
template <int Scope = DeviceScope, typename PtrT, typename T>
inline auto exchangeRelease(PtrT Ptr, T Value) {
  fence<Scope>();
  return exchangeRelaxed<Scope>(Ptr, Value);
}
/// Adds Value and returns what *Ptr held before, without ordering (counters
/// that hand out numbers and publish nothing).
template <int Scope = DeviceScope, typename PtrT, typename T>
inline auto fetchAddRelaxed(PtrT Ptr, T Value) {
  return __scoped_atomic_fetch_add(Ptr, Value, __ATOMIC_RELAXED, Scope);
}
/// Adds Value and returns what *Ptr held before; acquires and releases.
template <int Scope = DeviceScope, typename PtrT, typename T>
inline auto fetchAddAcqRel(PtrT Ptr, T Value) {
  return acquireRelease<Scope>(
      [&] { return fetchAddRelaxed<Scope>(Ptr, Value); });
}
/// Writes Value to *Ptr in shared memory that other threads of the block
/// read without a barrier between (ordered by a lock, a flag, or not at all
/// where every writer writes the same value). An atomic exchange rather than
/// a store: PTX's relaxed and release stores are atomic too, but they compile
/// to plain STS, which compute-sanitizer's racecheck reports against the
/// other threads' loads, while it leaves read-modify-write atomics (ATOMS)
/// alone (docs/DESIGN.md, "Race checking").
template <typename T, typename V>
inline void publish(__attribute__((address_space(3))) T *Ptr, V Value) {
  exchangeRelaxed<BlockScope>(Ptr, T(Value));
}
/// publish, releasing the calling thread's earlier writes to whoever
/// acquires *Ptr.
template <typename T, typename V>
inline void publishRelease(__attribute__((address_space(3))) T *Ptr,
                           V Value) {
  exchangeRelease<BlockScope>(Ptr, T(Value));
}
/// Subtracts one from the count *Ptr, releasing the caller's earlier writes;
/// returns true to the caller that took it to zero, which then has acquired
/// everyone's (a reference count's last owner frees what the others wrote).
/// One fence where the count stays above zero, instead of acquireRelease's
/// two.
template <int Scope = DeviceScope, typename PtrT>
inline bool dropLastOf(PtrT Ptr) {
  fence<Scope>();
  if (__scoped_atomic_fetch_sub(Ptr, 1u, __ATOMIC_RELAXED, Scope) != 1)
    return false;
  fence<Scope>();
  return true;
}
/// Sets the bits of Value in *Ptr, releasing the caller's earlier writes.
template <int Scope = DeviceScope, typename PtrT, typename T>
inline void fetchOrRelease(PtrT Ptr, T Value) {
  fence<Scope>();
  __scoped_atomic_fetch_or(Ptr, Value, __ATOMIC_RELAXED, Scope);
}
/// Writes Desired if *Ptr holds Expected, without ordering; otherwise loads
/// *Ptr into Expected. Returns whether it wrote.
template <int Scope = DeviceScope, typename PtrT, typename T>
inline bool casRelaxed(PtrT Ptr, T &Expected, T Desired) {
  return __scoped_atomic_compare_exchange_n(Ptr, &Expected, Desired, false,
                                            __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                            Scope);
}

/// What one step of a waiting thread did (spinWhileWorking).
enum class SpinStep { Done, DidWork, Idle };

/// The runtime's one way to wait for another thread, for a waiter that can
/// help meanwhile: calls Step until it reports Done. After a step that did
/// work it calls it again at once; after an idle one it sleeps, for
/// MinNanoseconds at first, twice as long after each idle step in a row up
/// to MaxNanoseconds. Sleeping leaves the issue slots to the thread being
/// waited for, which may be a lane of the same warp (threads of a warp are
/// scheduled independently since Volta).
template <uint32_t MinNanoseconds = 32, uint32_t MaxNanoseconds = 1024,
          typename StepFn>
inline void spinWhileWorking(StepFn Step) {
  uint32_t Backoff = MinNanoseconds;
  for (SpinStep Did = Step(); Did != SpinStep::Done; Did = Step()) {
    if (Did == SpinStep::DidWork) {
      Backoff = MinNanoseconds;
      continue;
    }
    sleep(Backoff);
    if (Backoff < MaxNanoseconds)
      Backoff *= 2;
  }
}

/// Waits until Done returns true (spinWhileWorking, with nothing to help).
template <uint32_t MinNanoseconds = 32, uint32_t MaxNanoseconds = 1024,
          typename DoneFn>
inline void spinUntil(DoneFn Done) {
  spinWhileWorking<MinNanoseconds, MaxNanoseconds>(
      [&] { return Done() ? SpinStep::Done : SpinStep::Idle; });
}

} // namespace hw
} // namespace ompgpu

#endif // OMPGPU_DEVICE_HARDWARE_H
