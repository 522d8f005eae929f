//===- Synchronization.cpp - Barriers, critical sections, locks -----------===//
//
// Team barriers, flush, warp synchronization, critical/single/master/masked,
// the omp_*_lock API and ompx_sync_block.
//
// A team barrier depends on who the team is: the whole block in SPMD kernels;
// otherwise (generic kernels, and SPMD teams smaller than the block) either
// lanes of the first warp (a warp barrier) or the team's warps (named barrier
// 1, counting only those warps, so threads parked at barrier 0 do not
// matter). Where the last of those warps is partial, its idle lanes wait at
// barrier 1 too and match each barrier of the team (Parallelism.h). A team of
// one only flushes. In a program that creates tasks, team barriers are
// task scheduling points where the team runs its tasks (Tasking.h).
//
// Locks and critical sections spin on a word in global memory with
// device-scope atomics. Since Volta, threads of one warp are scheduled
// independently, so a lane holding a lock makes progress while its
// neighbours spin.
//
//===----------------------------------------------------------------------===//

#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "Mapping.h"
#include "Parallelism.h"
#include "State.h"
#include "Tasking.h"

using namespace ompgpu;

namespace {

/// The state of a thread of an SPMD block whose whole block is the team of
/// the active region: the case worth deciding with one test, since it is
/// where barriers sit in loops.
constexpr uint8_t FullSPMDTeamMask = state::SPMDBit | state::ActiveBit |
                                     state::PartialTeamBit | state::LevelMask;
constexpr uint8_t FullSPMDTeam = state::SPMDBit | state::ActiveLevelOne;

/// The state of a worker of a generic kernel in the active region.
constexpr uint8_t GenericTeamMask =
    state::SPMDBit | state::ActiveBit | state::LevelMask;

void teamBarrier() {
  // Where the runtime is inlined into a kernel, the state is usually known
  // (ThreadStatePromotion) and one of the first two tests folds.
  uint8_t State = state::get();
  if (tasks::programCreatesTasks())
    return tasks::teamBarrier(State);
  // Not the .aligned forms: the barrier directive may be reached through
  // different call sites of one function.
  if ((State & FullSPMDTeamMask) == FullSPMDTeam) {
    hw::barrier(0);
    return;
  }
  if ((State & GenericTeamMask) == state::ActiveLevelOne) {
    if (uint32_t GenericThreads = GenericBarrierThreads) {
      OMPGPU_ASSERT(GenericThreads % WarpSize == 0 &&
                        GenericThreads <= hw::blockDim(),
                    nullptr, "named barrier 1 would wait for whole warps");
      hw::barrier(1, GenericThreads);
      return;
    }
  }
  if (!state::innermostIsActive(State)) {
    hw::fenceDevice();
    return;
  }
  uint32_t Threads = mapping::activeTeamSize(State);
  if (Threads < WarpSize)
    hw::syncWarp((1u << Threads) - 1);
  else if (Threads == WarpSize)
    hw::syncWarp(~0u);
  else if (!mapping::hasIdleLanes(Threads))
    hw::barrier(1, Threads);
  else
    partialWarpBarrier(hw::threadId(), Threads);
}

/// A lock in a thread's local memory (a private omp_lock_t) can only be used
/// by that thread, and PTX has no atomics on local memory: plain accesses
/// do. Once inlined, the address space is usually known and one path stays.
bool isPrivate(void *Ptr) { return hw::isLocalMemory(Ptr); }

template <typename T> T loadWord(T *Word, bool Private) {
  return Private ? *Word : hw::loadRelaxed(Word);
}

template <typename T> void storeWord(T *Word, T Value, bool Private) {
  if (Private)
    *Word = Value;
  else
    hw::storeRelaxed(Word, Value);
}

/// Frees the lock (Value 0) or lowers its count, publishing the writes made
/// while holding it.
template <typename T> void releaseWord(T *Word, T Value, bool Private) {
  if (Private)
    *Word = Value;
  else
    hw::storeRelease(Word, Value);
}

/// Takes the lock if it is free (0) by writing Desired.
template <typename T> bool tryAcquire(T *Word, T Desired, bool Private) {
  if (!Private)
    return hw::casAcquire(Word, T(0), Desired);
  if (*Word)
    return false;
  *Word = Desired;
  return true;
}

template <typename T> void acquire(T *Word, T Desired, bool Private) {
  // No other thread can release a private lock.
  if (Private && *Word)
    fatal(nullptr, "a thread waits for a private lock it holds itself");
  hw::spinUntil([&] { return tryAcquire(Word, Desired, Private); });
}

uint32_t *lockWord(omp_lock_t *Lock) {
  return reinterpret_cast<uint32_t *>(&Lock->Lock);
}

/// What the word of a simple lock or a critical section holds while it is
/// set, by the calling thread; 0 means free. The debug runtime writes a
/// number of the thread (modulo 2^32 - 1, plus 1), so that it can tell a
/// thread that waits for itself or releases what it does not hold.
uint32_t heldValue() {
  if (!config::DebugRuntime)
    return 1;
  uint64_t Thread =
      uint64_t(hw::blockId()) * MaxThreadsPerBlock + hw::threadId();
  return uint32_t(Thread % 0xffffffffu) + 1;
}

/// A nest lock word holds the owner in the high bits and the nesting count
/// in the low NestCountBits; zero means free.
constexpr uint64_t NestCountBits = 20;
constexpr uint64_t NestCountMask = (uint64_t(1) << NestCountBits) - 1;

uint64_t *nestLockWord(omp_nest_lock_t *Lock) {
  return reinterpret_cast<uint64_t *>(&Lock->Lock);
}

/// A tag unique to the calling thread on the device, never zero.
uint64_t ownerTag() {
  uint64_t Thread =
      uint64_t(hw::blockId()) * MaxThreadsPerBlock + hw::threadId() + 1;
  return Thread << NestCountBits;
}

/// Adds one level to a nest lock the calling thread owns; returns the new
/// count. Only the owner writes the word while it is held.
int relockNest(uint64_t *Word, uint64_t Value, bool Private) {
  if ((Value & NestCountMask) == NestCountMask)
    fatal(nullptr, "omp_nest_lock_t nested too deeply");
  storeWord(Word, Value + 1, Private);
  return int((Value & NestCountMask) + 1);
}

} // namespace

extern "C" {

void __kmpc_barrier(ident_t *, int32_t) { teamBarrier(); }

// Clang's optimizer emits this barrier only in SPMD kernels, where every
// thread of the block reaches it; lanes that sat out a parallel region of a
// smaller team may arrive diverged, hence the non-aligned form.
void __kmpc_barrier_simple_spmd(ident_t *, int32_t) { hw::barrier(0); }

void __kmpc_flush(ident_t *) { hw::fenceDevice(); }

void __kmpc_syncwarp(uint64_t Mask) { hw::syncWarp(uint32_t(Mask)); }

uint64_t __kmpc_warp_active_thread_mask() { return hw::activeMask(); }

// Clang already lets the lanes of a warp enter one at a time; the lock,
// a zero-initialized global clang emits per critical name, orders warps and
// teams.
void __kmpc_critical(ident_t *Loc, int32_t, int32_t (*Name)[8]) {
  uint32_t *Word = reinterpret_cast<uint32_t *>(*Name);
  OMPGPU_CHECK(hw::loadRelaxed(Word) != heldValue(), Loc,
               "critical: the thread is inside a critical region of this "
               "name already and would wait for itself");
  acquire(Word, heldValue(), /*Private=*/false);
}

void __kmpc_end_critical(ident_t *Loc, int32_t, int32_t (*Name)[8]) {
  uint32_t *Word = reinterpret_cast<uint32_t *>(*Name);
  OMPGPU_CHECK(hw::loadRelaxed(Word) == heldValue(), Loc,
               "end of a critical region the thread is not inside");
  releaseWord(Word, 0u, /*Private=*/false);
}

// The team's thread 0 executes single regions: every member can decide that
// without talking to the others. Clang emits the barrier that follows.
int32_t __kmpc_single(ident_t *, int32_t) { return omp_get_thread_num() == 0; }

// Leaving single, master and masked regions needs no action.
void __kmpc_end_single(ident_t *, int32_t) {}

int32_t __kmpc_master(ident_t *, int32_t) { return omp_get_thread_num() == 0; }

void __kmpc_end_master(ident_t *, int32_t) {}

int32_t __kmpc_masked(ident_t *, int32_t, int32_t Filter) {
  return omp_get_thread_num() == Filter;
}

void __kmpc_end_masked(ident_t *, int32_t) {}

void omp_init_lock(omp_lock_t *Lock) {
  uint32_t *Word = lockWord(Lock);
  storeWord(Word, 0u, isPrivate(Word));
}

void omp_destroy_lock(omp_lock_t *Lock) {
  uint32_t *Word = lockWord(Lock);
  OMPGPU_CHECK(loadWord(Word, isPrivate(Word)) == 0, nullptr,
               "omp_destroy_lock: the lock is set");
  storeWord(Word, 0u, isPrivate(Word));
}

void omp_set_lock(omp_lock_t *Lock) {
  uint32_t *Word = lockWord(Lock);
  OMPGPU_CHECK(loadWord(Word, isPrivate(Word)) != heldValue(), nullptr,
               "omp_set_lock: the calling thread holds the lock already and "
               "would wait for itself");
  acquire(Word, heldValue(), isPrivate(Word));
}

void omp_unset_lock(omp_lock_t *Lock) {
  uint32_t *Word = lockWord(Lock);
  OMPGPU_CHECK(loadWord(Word, isPrivate(Word)) == heldValue(), nullptr,
               "omp_unset_lock: the calling thread does not hold the lock");
  releaseWord(Word, 0u, isPrivate(Word));
}

int omp_test_lock(omp_lock_t *Lock) {
  uint32_t *Word = lockWord(Lock);
  return tryAcquire(Word, heldValue(), isPrivate(Word));
}

void omp_init_nest_lock(omp_nest_lock_t *Lock) {
  uint64_t *Word = nestLockWord(Lock);
  storeWord(Word, uint64_t(0), isPrivate(Word));
}

void omp_destroy_nest_lock(omp_nest_lock_t *Lock) {
  uint64_t *Word = nestLockWord(Lock);
  OMPGPU_CHECK(loadWord(Word, isPrivate(Word)) == 0, nullptr,
               "omp_destroy_nest_lock: the lock is set");
  storeWord(Word, uint64_t(0), isPrivate(Word));
}

void omp_set_nest_lock(omp_nest_lock_t *Lock) {
  uint64_t *Word = nestLockWord(Lock);
  bool Private = isPrivate(Word);
  uint64_t Me = ownerTag();
  uint64_t Value = loadWord(Word, Private);
  if ((Value & ~NestCountMask) == Me)
    relockNest(Word, Value, Private);
  else
    acquire(Word, Me | 1, Private);
}

void omp_unset_nest_lock(omp_nest_lock_t *Lock) {
  uint64_t *Word = nestLockWord(Lock);
  bool Private = isPrivate(Word);
  uint64_t Value = loadWord(Word, Private);
  OMPGPU_CHECK((Value & ~NestCountMask) == ownerTag(), nullptr,
               "omp_unset_nest_lock: the calling thread does not hold the "
               "lock");
  if ((Value & NestCountMask) == 1)
    releaseWord(Word, uint64_t(0), Private);
  else
    storeWord(Word, Value - 1, Private);
}

int omp_test_nest_lock(omp_nest_lock_t *Lock) {
  uint64_t *Word = nestLockWord(Lock);
  bool Private = isPrivate(Word);
  uint64_t Me = ownerTag();
  uint64_t Value = loadWord(Word, Private);
  if ((Value & ~NestCountMask) == Me)
    return relockNest(Word, Value, Private);
  return tryAcquire(Word, Me | 1, Private);
}

// The ompx block barrier also serves kernels that never called
// __kmpc_target_init (ompx_bare), so it must not consult runtime state. In
// the sequential part of a generic kernel it meets the idle workers at
// barrier 0, who go back to waiting.
void ompx_sync_block(int Ordering) {
  if (Ordering == __ATOMIC_SEQ_CST)
    hw::fenceBlock();
  hw::barrier(0);
}

void ompx_sync_block_acq_rel() { hw::barrier(0); }

void ompx_sync_block_divergent(int Ordering) { ompx_sync_block(Ordering); }
}
