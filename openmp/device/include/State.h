//===- State.h - Team and thread state of the device runtime ----*- C++ -*-===//
//
// The state the runtime keeps in shared memory. Each thread owns one byte that
// says how it runs (SPMD or generic kernel, parallel nesting level, whether it
// is a member of an active team, whether it holds ICV records); only the
// owner reads or writes it, so it needs neither atomics nor barriers, and an
// SPMD kernel touches nothing else. The byte lives in shared memory only so
// that it outlives calls: once the runtime is inlined into a kernel, the link
// step's ThreadStatePromotion pass keeps the kernel's own accesses in a
// register, where the optimizer folds the tests on it. The team state below
// is written by the main thread of a generic kernel and read by its workers
// across the fork/join barriers.
//
// The byte is full, so one bit has two meanings: JoinRegionsBit is only ever
// set and read at level 0, where no team exists and PartialTeamBit is clear;
// entering an active region replaces it with the region's own PartialTeamBit
// (activeRegionState, which every level-0 state that becomes the state of an
// active region must go through). A region serialized at level 0 keeps it,
// which is harmless: PartialTeamBit is only read in active regions.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_STATE_H
#define OMPGPU_DEVICE_STATE_H

#include "Debug.h"
#include "DeviceTypes.h"
#include "Hardware.h"

namespace ompgpu {
namespace state {

/// Layout of a thread's state byte.
constexpr uint8_t SPMDBit = 0x80;   // the kernel runs in SPMD mode
constexpr uint8_t ActiveBit = 0x40; // member of the team of an active region
/// SPMD: the active team is smaller than the block; its size is in
/// TeamState.SPMDTeamSize.
constexpr uint8_t PartialTeamBit = 0x20;
/// SPMD: the optimizer turned this kernel from a generic into an SPMD one.
constexpr uint8_t GenericSPMDBit = 0x10;
/// SPMD, level 0 only (shares its bit with PartialTeamBit, see above): every
/// thread waits at the end of a parallel region, as the team's initial thread
/// would: kernels the optimizer made SPMD expect it, and so do team variables
/// that consecutive regions write (lastprivate).
constexpr uint8_t JoinRegionsBit = 0x20;
/// Both modes, any level: the thread holds thread-specific ICV records
/// (ICV.h) for its current level or an enclosing one. Set by the ICV setters,
/// carried into nested regions, cleared when the thread releases its last
/// record at the end of a region.
constexpr uint8_t ICVBit = 0x08;
constexpr uint8_t LevelMask = 0x07; // number of enclosing parallel regions

/// Only the outermost parallel region can be active, so its level is 1 and
/// every region nested in it is serialized.
constexpr uint8_t ActiveLevelOne = ActiveBit | 1;

/// Fixed symbol name: the link step's ThreadStatePromotion pass looks for it,
/// and relies on each thread accessing only its own byte (see the top).
extern __attribute__((address_space(3)))
uint8_t ThreadStates[MaxThreadsPerBlock] __asm__(OMPGPU_THREAD_STATES_SYMBOL);

/// Whether State is a byte the runtime produces: a member of an active team
/// is inside a region, and the SPMD-only bits appear only in SPMD kernels.
[[gnu::const]] inline bool isWellFormed(uint8_t State) {
  bool ActiveInsideRegion = !(State & ActiveBit) || (State & LevelMask);
  bool SPMDOnlyBitsInSPMD =
      (State & SPMDBit) || !(State & (GenericSPMDBit | PartialTeamBit));
  return ActiveInsideRegion && SPMDOnlyBitsInSPMD;
}

/// The calling thread's state byte. No other code touches the array: the
/// promotion pass takes every access of it for one of the caller's own byte.
inline uint8_t get() { return ThreadStates[hw::threadId()]; }
inline void set(uint8_t State) {
  OMPGPU_CHECK(isWellFormed(State), nullptr, "malformed thread state");
  ThreadStates[hw::threadId()] = State;
}

// The functions of a state byte below are [[gnu::const]], so that the
// runtime's assertions (Debug.h) can use them.
[[gnu::const]] inline bool isSPMD(uint8_t State) { return State & SPMDBit; }
[[gnu::const]] inline uint32_t level(uint8_t State) {
  return State & LevelMask;
}
[[gnu::const]] inline bool inActiveRegion(uint8_t State) {
  return State & ActiveBit;
}
[[gnu::const]] inline bool inPartialTeam(uint8_t State) {
  return State & PartialTeamBit;
}
/// Only meaningful at level 0.
[[gnu::const]] inline bool joinsRegions(uint8_t State) {
  return State & JoinRegionsBit;
}
[[gnu::const]] inline bool isGenericSPMD(uint8_t State) {
  return State & GenericSPMDBit;
}
[[gnu::const]] inline bool hasICVs(uint8_t State) { return State & ICVBit; }
/// The state of a thread of an active region entered at level 0 with State:
/// the level-0 bit JoinRegionsBit does not carry over, since inside the
/// region its place means PartialTeamBit.
[[gnu::const]] inline uint8_t activeRegionState(uint8_t State) {
  return (State & ~JoinRegionsBit) | ActiveLevelOne;
}
/// True if the innermost region around the thread is the active one, that is,
/// the thread is one of several in its current team.
[[gnu::const]] inline bool innermostIsActive(uint8_t State) {
  return (State & (ActiveBit | LevelMask)) == ActiveLevelOne;
}

/// What the main thread of a generic kernel publishes for its workers.
/// WorkFn is a parallel region wrapper, IdleWork, or null to terminate.
/// The SPMD fields are written by every thread of an SPMD block.
struct TeamStateTy {
  void *WorkFn;
  uint32_t WorkThreads;
  /// Bytes in use of the data-sharing stack in dynamic shared memory.
  uint32_t StackTop;
  /// ICVs the sequential part of a generic kernel may set. NThreadsVar is 0
  /// while unset.
  int32_t NThreadsVar;
  int32_t RunSchedKind;
  int32_t RunSchedChunk;
  uint8_t MaxActiveLevels;
  /// False when the kernel was built without a worker state machine, in
  /// which case the workers have exited and regions run serialized.
  uint8_t HasWorkers;
  /// Size of an SPMD team smaller than the block; all threads write the
  /// same value (hw::publish) and read it with relaxed atomic loads.
  uint32_t SPMDTeamSize;
  /// A variable the initial thread of an SPMD team shares with its regions,
  /// published by thread 0.
  void *SPMDTeamVariable;
  /// Teams with idle lanes (Parallelism.h), both modes: the barriers the
  /// team's thread 0 entered in the current region, which only it accesses,
  /// and the number of the barrier that ends the region, 0 until thread 0
  /// leaves it; the idle lanes read it with relaxed atomics while it may
  /// change.
  uint32_t PartialBarriers;
  uint32_t PartialEnd;
};

extern __attribute__((address_space(3))) TeamStateTy TeamState;

/// Releasing the workers with IdleWork sends them straight back to waiting:
/// it lets a block-wide barrier by the main thread (ompx_sync_block in the
/// sequential part) pass without running a region.
inline void *idleWork() { return reinterpret_cast<void *>(uintptr_t(1)); }

/// A tag for state in shared memory that nobody initializes before use (the
/// ICV table, ICV.h; the debug runtime's kernel location), unique to the
/// calling block among all blocks that ran in the CUDA context, so that what
/// another block left behind is never taken for this block's. A bijective
/// mix (splitmix64's finalizer) of the launch and block numbers, so that
/// what kernels leave in shared memory (small integers, pointers) does not
/// look like it either.
inline uint64_t blockTag() {
  uint64_t X = (hw::gridLaunchId() << 32) ^ hw::blockId();
  X ^= X >> 30;
  X *= 0xbf58476d1ce4e5b9ull;
  X ^= X >> 27;
  X *= 0x94d049bb133111ebull;
  return X ^ (X >> 31);
}

/// Makes sure that state in shared memory that nobody initializes before
/// use belongs to the calling block: once it does, *Tag holds blockTag().
/// The first thread to find another value there claims the state with a
/// compare-and-swap, runs Init and publishes the tag; the others wait until
/// it has. While a thread initializes, *Tag holds the block's tag with its
/// lowest bit flipped, which no block but this one ever writes.
template <typename TagPtrT, typename InitFn>
inline void claimForBlock(TagPtrT Tag, InitFn Init) {
  uint64_t Ours = blockTag();
  uint64_t Claiming = Ours ^ 1;
  // Starts as "being claimed" so that the first call loads it.
  uint64_t Seen = Claiming;
  hw::spinUntil<64, 64>([&] {
    if (Seen == Claiming)
      Seen = hw::loadAcquire<hw::BlockScope>(Tag);
    while (Seen != Ours) {
      if (Seen == Claiming)
        return false;
      // Whatever Seen is, it is not ours; on failure Seen is reloaded and
      // checked again at once.
      if (hw::casRelaxedOrLoadAcquire<hw::BlockScope>(Tag, Seen, Claiming)) {
        Init();
        hw::publishRelease(Tag, Ours);
        return true;
      }
    }
    return true;
  });
}

/// Generic kernels: the main thread is the first lane of the last warp; all
/// threads below it are workers.
[[gnu::const]] inline uint32_t mainThreadId() {
  return (hw::blockDim() - 1) & ~(WarpSize - 1);
}

[[gnu::const]] inline bool isGenericMain(uint32_t Tid, uint8_t State) {
  return !isSPMD(State) && Tid == mainThreadId();
}

} // namespace state
} // namespace ompgpu

#endif // OMPGPU_DEVICE_STATE_H
