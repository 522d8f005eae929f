//===- TeamLoops.h - State a team shares in its loops -----------*- C++ -*-===//
//
// Dispatch loops (schedule(dynamic|guided|runtime|auto) and ordered loops)
// and doacross loops keep state that the threads of their team share: the
// counter they claim chunks from, the loop's shape, the ordered turn, the
// doacross flags. A block has at most one team of several threads (only the
// outermost parallel region is active), which keeps that state in a few slots
// in shared memory. Teams of one thread (serialized regions, the sequential
// part of a kernel, SPMD threads outside parallel regions) use none of it.
//
// Loops of a team may overlap: after a loop with nowait, and between the
// inner loops of a combined construct (one per distribute chunk, with no
// barrier between them), a thread may start the next loop while others still
// finish the last one. So each thread counts the loops it enters (a byte per
// thread); loop number L uses slot L mod NumSlots, and a thread waits only
// when it is NumSlots loops ahead of the slowest. The last thread to leave a
// loop resets its slot for loop L + NumSlots: no barrier, ever, and the slot
// is clean before anyone uses it again. Threads outside a team that is smaller
// than the block miss its loops; the last thread to leave each of them moves
// their counts on (they are waiting for the region to end, so nobody else
// touches them).
//
// A loop that gives every thread at most one chunk (schedule::soleChunk; the
// inner loops of combined constructs) takes no slot and is not counted: each
// thread keeps the loop's chunk size in a word of its own, which
// __kmpc_dispatch_init writes for every loop, sole or not, so that the words
// need no initialization and no thread waits for another.
//
// Nobody initializes this state (SPMD kernels initialize no runtime state):
// its tag says whether it belongs to the calling block (state::claimForBlock),
// and the first thread to need it initializes it.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_TEAMLOOPS_H
#define OMPGPU_DEVICE_TEAMLOOPS_H

#include "DeviceTypes.h"
#include "DynamicSchedule.h"
#include "Hardware.h"

namespace ompgpu {
namespace loops {

constexpr uint32_t NumSlots = 4;

/// A thread's byte: the number of the next loop it enters, modulo 32 (more
/// than twice NumSlots, so that a slot's ticket tells its next loop from the
/// one before), and flags about its current loop.
constexpr uint8_t CountMask = 0x1f;
/// Dispatch loops: the thread got its first chunk.
constexpr uint8_t FirstChunkTaken = 0x20;
/// Ordered loops: the thread ran the ordered block of its current iteration.
constexpr uint8_t OrderedBlockDone = 0x40;

/// What a slot serves.
enum SlotUse : uint32_t { DispatchLoop, DoacrossLoop };

/// The flags of a doacross loop and their shape, on the device heap.
struct DoacrossFlags;

struct Slot {
  /// The number (modulo 32) of the loop the slot serves, or of the next one
  /// it will serve. The only field read by threads not in that loop.
  uint32_t Ticket;
  /// Threads that have left the loop.
  uint32_t Left;
  /// What the loop's threads write when they enter it, all the same values:
  /// the use, for dispatch loops the schedule (Dispatch.cpp) and the loop's
  /// lower bound, iteration count minus one, chunk and schedule::boundOf.
  uint32_t Use;
  uint32_t Schedule;
  uint64_t Lower;
  uint64_t Span;
  uint64_t Chunk;
  uint64_t Bound;
  /// Ordered loops: where each thread keeps the offset of the iteration it
  /// runs (Ordered.cpp); null for other loops, which leave it as the slot's
  /// reset left it.
  uint64_t *OrderedIterations;
  /// Counters, 0 when the loop starts. Dispatch: the claims made after the
  /// first round (chunks, or iterations for guided schedules), and the offset
  /// of the next iteration whose ordered block may run. Doacross: the blocks
  /// of the flags claimed and cleared, and the flags' state.
  uint64_t Claimed;
  uint64_t OrderedTurn;
  uint64_t BlocksClaimed;
  uint64_t BlocksCleared;
  uint32_t FlagsState;
  DoacrossFlags *Flags;
};

using SlotRef = __attribute__((address_space(3))) Slot *;

struct TeamLoopsTy {
  /// state::blockTag() once the rest belongs to this block.
  uint64_t Tag;
  uint8_t ThreadBytes[MaxThreadsPerBlock];
  Slot Slots[NumSlots];
};

extern __attribute__((address_space(3))) TeamLoopsTy TeamLoops;

/// A thread's sole-chunk word: 0 while its loop uses a slot; for a loop of
/// sole chunks SoleLoop, SoleChunkTaken once the thread got its chunk (or for
/// an empty loop), and the chunk size (0: static balanced) above
/// SoleSizeShift.
constexpr uint16_t SoleLoop = 0x1;
constexpr uint16_t SoleChunkTaken = 0x2;
constexpr uint32_t SoleSizeShift = 2;
static_assert(schedule::MaxSoleChunk <= 0xffffu >> SoleSizeShift,
              "a sole chunk size fits in the word");

extern __attribute__((address_space(3))) uint16_t
    SoleWords[MaxThreadsPerBlock];

/// The calling thread's byte. Only the thread itself accesses it, except
/// while it waits outside a smaller team (see the top).
inline uint8_t threadByte(uint32_t Tid) { return TeamLoops.ThreadBytes[Tid]; }
inline void setThreadByte(uint32_t Tid, uint8_t Byte) {
  TeamLoops.ThreadBytes[Tid] = Byte;
}

/// The slot of the loop the thread with byte Byte entered Back loops ago.
inline SlotRef slotOf(uint8_t Byte, uint32_t Back = 0) {
  return &TeamLoops.Slots[uint32_t(Byte - 1 - Back) % NumSlots];
}

/// Called by every thread of a team of several threads, in the same order of
/// loops, when it enters a loop: waits until the loop's slot is free for it
/// and counts the loop. Returns the slot; the thread's flags are clear.
SlotRef enterLoop(uint32_t Tid);

/// Called by every thread of a team of Threads threads, in state State, when
/// it leaves the loop of slot S. The last one resets the slot for the loop
/// NumSlots ahead (freeing a doacross loop's flags).
void leaveLoop(uint32_t Tid, SlotRef S, uint32_t Threads, uint8_t State);

/// The lanes of the calling warp that call this together with the same Slot.
/// Lanes of one warp may be in different loops of their team.
inline uint32_t lanesWithSlot(SlotRef S) {
  uint32_t Index = uint32_t(S - &TeamLoops.Slots[0]);
  uint32_t Active = hw::activeMask();
  uint32_t Bit0 = hw::ballot(Active, Index & 1);
  uint32_t Bit1 = hw::ballot(Active, Index & 2);
  static_assert(NumSlots == 4, "two ballots tell four slots apart");
  return Active & (Index & 1 ? Bit0 : ~Bit0) & (Index & 2 ? Bit1 : ~Bit1);
}

/// Adds one per lane of Group (which all call this together) to *Counter
/// with one atomic, and returns to each lane a number of its own: what the
/// counter held plus the lane's rank.
inline uint64_t claimTogether(__attribute__((address_space(3)))
                              uint64_t *Counter,
                              uint32_t Group, uint32_t Lane) {
  uint32_t Leader = hw::leaderOf(Group);
  uint64_t Base = 0;
  if (Lane == Leader)
    Base = hw::fetchAddRelaxed<hw::BlockScope>(
        Counter, uint64_t(__builtin_popcount(Group)));
  return hw::shuffle(Group, Base, Leader) + hw::rankIn(Group, Lane);
}

} // namespace loops
} // namespace ompgpu

#endif // OMPGPU_DEVICE_TEAMLOOPS_H
