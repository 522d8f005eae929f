//===- Doacross.cpp - Cross-iteration dependences of ordered(n) loops -----===//
//
// A doacross loop names dependences between its iterations: an iteration
// waits (__kmpc_doacross_wait, depend(sink:)/doacross(sink:)) until the
// iterations it names have posted (__kmpc_doacross_post, depend(source)/
// doacross(source:)). Every thread of the team calls __kmpc_doacross_init
// before the loop, which may have any schedule, and __kmpc_doacross_fini
// after it.
//
// The loop's slot (TeamLoops.h) points to a flag per iteration, a bit in
// global memory, for the whole iteration space that clang describes
// (DoacrossIndex.h). The first thread to arrive allocates the flags; all
// threads that arrive before they are clear clear them, a block of words at a
// time, and nobody reads or sets a flag before every block is clear. The last
// thread to leave the loop frees them. Only the team's threads touch the
// flags, so block-scope atomics order them. Posting releases what the
// iteration wrote; a wait acquires it.
//
// Teams of one thread run the iterations in the loop's order, and a sink
// names an earlier iteration (a later one could never be waited for): their
// waits and posts have nothing to do.
//
//===----------------------------------------------------------------------===//

#include "Debug.h"
#include "DoacrossIndex.h"
#include "Hardware.h"
#include "Interface.h"
#include "Mapping.h"
#include "State.h"
#include "TeamLoops.h"

using namespace ompgpu;
using doacross::Dimension;

namespace ompgpu {
namespace loops {

/// The shape of a doacross loop and its flags, in one allocation: this
/// header, NumDims dimensions, their lengths, then Words words of flags.
struct DoacrossFlags {
  uint32_t NumDims;
  uint64_t Words;
  /// The blocks of BlockWords words the team clears.
  uint64_t Blocks;

  Dimension *dimensions() { return reinterpret_cast<Dimension *>(this + 1); }
  uint64_t *lengths() {
    return reinterpret_cast<uint64_t *>(dimensions() + NumDims);
  }
  uint32_t *words() { return reinterpret_cast<uint32_t *>(lengths() + NumDims); }
};

} // namespace loops
} // namespace ompgpu

namespace {

using loops::DoacrossFlags;

constexpr uint64_t BlockWords = 1024;

/// Slot::FlagsState.
constexpr uint32_t NoFlags = 0;
constexpr uint32_t Allocating = 1;
constexpr uint32_t Allocated = 2;

DoacrossFlags *allocateFlags(ident_t *Loc, uint32_t NumDims,
                             const Dimension *Dims) {
  uint64_t Count;
  if (!doacross::iterationCount(Dims, NumDims, Count))
    fatal(Loc, "the iteration space of a doacross loop is too large");
  uint64_t Words = (Count + 31) / 32;
  uint64_t Bytes = sizeof(DoacrossFlags) +
                   NumDims * (sizeof(Dimension) + sizeof(uint64_t)) +
                   Words * sizeof(uint32_t);
  auto *Flags = static_cast<DoacrossFlags *>(malloc(Bytes));
  if (!Flags)
    fatal(Loc, "out of device heap memory for the flags of a doacross loop");
  Flags->NumDims = NumDims;
  Flags->Words = Words;
  Flags->Blocks = (Words + BlockWords - 1) / BlockWords;
  for (uint32_t I = 0; I < NumDims; ++I) {
    Flags->dimensions()[I] = Dims[I];
    doacross::lengthOf(Dims[I], Flags->lengths()[I]);
  }
  return Flags;
}

/// Clears blocks of the flags until none is left to claim.
void clearFlags(loops::SlotRef S, DoacrossFlags *Flags) {
  for (;;) {
    uint64_t Block =
        hw::fetchAddRelaxed<hw::BlockScope>(&S->BlocksClaimed, uint64_t(1));
    if (Block >= Flags->Blocks)
      return;
    uint64_t End = (Block + 1) * BlockWords;
    if (End > Flags->Words)
      End = Flags->Words;
    for (uint64_t W = Block * BlockWords; W < End; ++W)
      Flags->words()[W] = 0;
    hw::fetchAddAcqRel<hw::BlockScope>(&S->BlocksCleared, uint64_t(1));
  }
}

/// The slot of the calling thread's doacross loop, or null where the thread
/// is a team of one. A loop with a dispatch schedule entered its dispatch
/// loop after the doacross loop: the thread's latest loop is then the
/// dispatch loop, whose slot nobody can reuse while the thread is still in
/// the doacross loop, which holds the slot before it.
loops::SlotRef doacrossLoop(ident_t *Loc, uint32_t Tid) {
  if (!state::innermostIsActive(state::get()))
    return nullptr;
  uint8_t Byte = loops::threadByte(Tid);
  loops::SlotRef S = loops::slotOf(Byte);
  if (hw::loadRelaxed<hw::BlockScope>(&S->Use) != loops::DoacrossLoop)
    S = loops::slotOf(Byte, 1);
  OMPGPU_CHECK(hw::loadRelaxed<hw::BlockScope>(&S->Use) ==
                   loops::DoacrossLoop,
               Loc, "a doacross dependence outside a doacross loop");
  return S;
}

/// The flags of the loop of slot S, once they are clear; null where Vector
/// lies outside the iteration space, else the word and bit of its flag in
/// Word and Bit.
uint32_t *flagOf(loops::SlotRef S, const int64_t *Vector, uint32_t &Bit) {
  auto *Flags = hw::loadRelaxed<hw::BlockScope>(&S->Flags);
  hw::spinUntil([&] {
    return hw::loadAcquire<hw::BlockScope>(&S->BlocksCleared) ==
           Flags->Blocks;
  });
  uint64_t Index;
  if (!doacross::linearIndex(Flags->dimensions(), Flags->lengths(),
                             Flags->NumDims, Vector, Index))
    return nullptr;
  Bit = 1u << (Index % 32);
  return &Flags->words()[Index / 32];
}

} // namespace

extern "C" {

void __kmpc_doacross_init(ident_t *Loc, int32_t, int32_t NumDims,
                          const Dimension *Dims) {
  if (NumDims < 1)
    fatal(Loc, "a doacross loop without dimensions");
  uint32_t Tid = hw::threadId();
  if (!state::innermostIsActive(state::get()))
    return;
  loops::SlotRef S = loops::enterLoop(Tid);
  hw::publish(&S->Use, loops::DoacrossLoop);
  uint32_t State = NoFlags;
  if (hw::casRelaxed<hw::BlockScope>(&S->FlagsState, State, Allocating)) {
    hw::publish(&S->Flags, allocateFlags(Loc, NumDims, Dims));
    hw::publishRelease(&S->FlagsState, Allocated);
  }
  hw::spinUntil([&] {
    return hw::loadAcquire<hw::BlockScope>(&S->FlagsState) == Allocated;
  });
  clearFlags(S, hw::loadRelaxed<hw::BlockScope>(&S->Flags));
}

void __kmpc_doacross_wait(ident_t *Loc, int32_t, const int64_t *Vector) {
  uint32_t Tid = hw::threadId();
  loops::SlotRef S = doacrossLoop(Loc, Tid);
  if (!S)
    return;
  uint32_t Bit;
  if (uint32_t *Word = flagOf(S, Vector, Bit))
    hw::spinUntil(
        [&] { return hw::loadAcquire<hw::BlockScope>(Word) & Bit; });
}

void __kmpc_doacross_post(ident_t *Loc, int32_t, const int64_t *Vector) {
  uint32_t Tid = hw::threadId();
  loops::SlotRef S = doacrossLoop(Loc, Tid);
  if (!S)
    return;
  uint32_t Bit;
  if (uint32_t *Word = flagOf(S, Vector, Bit))
    hw::fetchOrRelease<hw::BlockScope>(Word, Bit);
}

void __kmpc_doacross_fini(ident_t *Loc, int32_t) {
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  loops::SlotRef S = doacrossLoop(Loc, Tid);
  if (!S)
    return;
  loops::leaveLoop(Tid, S, mapping::activeTeamSize(State), State);
}
}
