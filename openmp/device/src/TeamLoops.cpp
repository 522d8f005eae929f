//===- TeamLoops.cpp - State a team shares in its loops -------------------===//
//
// The slots of the loops of a block's team and its threads' loop counts
// (the design is in TeamLoops.h): claiming them for the block, entering a
// loop, and leaving it, where the last thread resets the slot.
//
//===----------------------------------------------------------------------===//

#include "TeamLoops.h"
#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "Mapping.h"
#include "State.h"

namespace ompgpu {
namespace loops {

[[clang::loader_uninitialized]] __attribute__((address_space(3)))
TeamLoopsTy TeamLoops;

[[clang::loader_uninitialized]] __attribute__((address_space(3))) uint16_t
    SoleWords[MaxThreadsPerBlock];

namespace {

/// Clears the counters and pointers of slot S (the loop's description is
/// written by the threads that enter the loop); publish, since the threads
/// of the slot's next loop read them without a barrier between.
void clearSlot(SlotRef S) {
  hw::publish(&S->Flags, nullptr);
  hw::publish(&S->FlagsState, 0);
  hw::publish(&S->BlocksClaimed, 0);
  hw::publish(&S->BlocksCleared, 0);
  hw::publish(&S->Claimed, 0);
  hw::publish(&S->OrderedTurn, 0);
  hw::publish(&S->OrderedIterations, nullptr);
  hw::publish(&S->Left, 0);
}

/// Every thread's next loop is loop 0, and slot I waits for loop I. The
/// bytes are cleared a word at a time (exchanges: see hw::publish).
[[gnu::noinline, gnu::cold]] void initialize() {
  auto *Words = reinterpret_cast<__attribute__((address_space(3))) uint32_t *>(
      &TeamLoops.ThreadBytes[0]);
  static_assert(MaxThreadsPerBlock % sizeof(uint32_t) == 0 &&
                    __builtin_offsetof(TeamLoopsTy, ThreadBytes) %
                            sizeof(uint32_t) ==
                        0,
                "the thread bytes are whole aligned words");
  for (uint32_t I = 0; I < MaxThreadsPerBlock / sizeof(uint32_t); ++I)
    hw::publish(&Words[I], 0);
  for (uint32_t I = 0; I < NumSlots; ++I) {
    SlotRef S = &TeamLoops.Slots[I];
    clearSlot(S);
    hw::publish(&S->Ticket, I);
  }
}

/// Called by the last thread to leave the loop of slot S, whose team has
/// Threads threads: makes the slot ready for the loop NumSlots ahead. Out of
/// line: one warp of each loop runs it, and every loop's end would copy it.
[[gnu::noinline, gnu::cold]] void recycle(SlotRef S, uint32_t Threads, uint8_t State) {
  uint32_t Loop = S->Ticket;
  if (S->Flags)
    free(S->Flags);
  clearSlot(S);
  // The threads that may join a later team but not this one wait for the
  // region to end: count this loop for them.
  uint8_t Next = (Loop + 1) & CountMask;
  for (uint32_t Tid = Threads, End = mapping::maxTeamThreads(State); Tid < End;
       ++Tid)
    TeamLoops.ThreadBytes[Tid] = Next;
  hw::publishRelease(&S->Ticket, (Loop + NumSlots) & CountMask);
}

} // namespace

SlotRef enterLoop(uint32_t Tid) {
  state::claimForBlock(&TeamLoops.Tag, initialize);
  uint8_t Loop = threadByte(Tid) & CountMask;
  SlotRef S = &TeamLoops.Slots[Loop % NumSlots];
  hw::spinUntil(
      [&] { return hw::loadAcquire<hw::BlockScope>(&S->Ticket) == Loop; });
  setThreadByte(Tid, (Loop + 1) & CountMask);
  return S;
}

// Out of line: every loop's end would otherwise copy it into its kernel, for
// a cost paid once per loop and thread.
[[gnu::noinline]] void leaveLoop(uint32_t Tid, SlotRef S, uint32_t Threads,
                                 uint8_t State) {
  uint32_t Lane = Tid % WarpSize;
  uint32_t Group = lanesWithSlot(S);
  // Orders the group's accesses to the slot before its leader's release.
  hw::syncWarp(Group);
  if (Lane != hw::leaderOf(Group))
    return;
  uint32_t Leaving = __builtin_popcount(Group);
  uint32_t Before = hw::fetchAddAcqRel<hw::BlockScope>(&S->Left, Leaving);
  OMPGPU_CHECK(Before + Leaving <= Threads, nullptr,
               "more threads left a worksharing loop than its team has");
  if (Before + Leaving == Threads)
    recycle(S, Threads, State);
}

} // namespace loops
} // namespace ompgpu
