//===- Dispatch.cpp - Dynamic, guided, runtime and auto schedules ---------===//
//
// Clang runs loops with schedule(dynamic|guided|runtime|auto), and every loop
// with the ordered clause, through these entry points:
// __kmpc_dispatch_init_* starts the loop, each thread of the innermost team
// then asks __kmpc_dispatch_next_* for chunks until it returns 0, and
// __kmpc_dispatch_deinit ends the loop for the thread. (Ordered loops also
// call __kmpc_dispatch_fini_* after every iteration: Ordered.cpp.)
//
// A team of several threads keeps the loop in a slot of TeamLoops.h. A
// thread's first chunk follows from its number; later chunks come from the
// slot's counter, which the lanes of a warp that ask together claim with one
// shared-memory atomic (DynamicSchedule.h has the arithmetic). A loop that
// gives each thread at most one chunk, and an empty loop, takes no slot: the
// thread's chunk follows from its number and the bounds clang passes, and the
// thread keeps the chunk size in its word of loops::SoleWords. A team of one
// thread runs the whole loop as one chunk and keeps no state: clang sets the
// loop's bounds and a last-iteration flag of 0 before it calls init, so next
// leaves the bounds as they are and sets the flag, which says on the next
// call that the loop is done.
//
//===----------------------------------------------------------------------===//

#include "Debug.h"
#include "DynamicSchedule.h"
#include "Hardware.h"
#include "Interface.h"
#include "Mapping.h"
#include "Ordered.h"
#include "State.h"
#include "TeamLoops.h"

using namespace ompgpu;
using schedule::Method;
using schedule::Share;

namespace {

/// Slot::Schedule of a dispatch loop: the method.
constexpr uint32_t MethodMask = 0x3;

/// Writes the loop [Lower, Lower + Span] of policy P, chunks of Size, into
/// the slot of the calling thread's next loop. Out of line: a loop starts once
/// per thread, and inlined, the schedule's arithmetic (every method's, for
/// schedule(runtime)) would be copied into every loop of every kernel.
template <typename U>
[[gnu::noinline]] void startLoop(schedule::Policy P, U Lower, U Span, U Size,
                                 uint32_t Tid, uint32_t Threads) {
  loops::SlotRef S = loops::enterLoop(Tid);
  uint32_t Schedule = uint32_t(P.How);
  // Every thread of the loop writes the same values.
  hw::publish(&S->Use, loops::DispatchLoop);
  hw::publish(&S->Schedule, Schedule);
  hw::publish(&S->Lower, Lower);
  hw::publish(&S->Span, Span);
  hw::publish(&S->Chunk, Size);
  hw::publish(&S->Bound, schedule::boundOf<U>(P.How, Span, Size, Threads));
  if (P.Ordered)
    hw::publish(&S->OrderedIterations, ordered::iterations());
}

template <typename T, typename ST>
void dispatchInit(ident_t *Loc, int32_t SchedType, T Lower, T Upper, ST Incr,
                  ST Chunk) {
  using U = typename schedule::LoopTypes<T>::Unsigned;
  // Clang normalizes loops to unit increments before calling here.
  if (Incr != 1)
    fatal(Loc, "dispatch schedule with a loop increment other than 1");
  int32_t RunKind = OmpSchedStatic, RunChunk = 0;
  if (schedule::baseKind(SchedType) == SchedRuntime)
    omp_get_schedule(&RunKind, &RunChunk);
  schedule::Policy P =
      schedule::policyFor(SchedType, Chunk, RunKind, RunChunk);
  if (!P.Valid)
    fatal(Loc, "unsupported schedule kind");
  // Release: a chunk below 1 counts as 1 (as none for static).
  OMPGPU_CHECK(Chunk > 0 || !schedule::takesChunk(SchedType), Loc,
               "schedule(kind, chunk): the chunk size is not positive");

  uint8_t State = state::get();
  if (!state::innermostIsActive(State))
    return;
  bool Empty = Lower > Upper;
  U Span = Empty ? 0 : U(Upper) - U(Lower);
  uint32_t Tid = hw::threadId();
  uint32_t Threads = mapping::activeTeamSize(State);
  U Size =
      P.ChunkFromLoop ? schedule::dynamicChunk<U>(Span, Threads) : U(P.Chunk);
  // Loops of at most one chunk a thread, and empty loops, run without the
  // team: next finds the loop's bounds where clang keeps them (see there).
  schedule::SoleChunk<U> Sole = schedule::soleChunk<U>(P, Span, Size, Threads);
  if (Empty || Sole.Fits) {
    loops::SoleWords[Tid] = uint16_t(
        loops::SoleLoop | (Empty ? loops::SoleChunkTaken : 0) |
        (uint32_t(Sole.Size) << loops::SoleSizeShift));
    return;
  }
  loops::SoleWords[Tid] = 0;
  startLoop<U>(P, U(Lower), Span, Size, Tid, Threads);
}

/// The chunk of a thread in a loop of sole chunks, whose word is Sole. Clang
/// stores the loop's bounds in *PLower and *PUpper before it passes them to
/// init, and they are unchanged at the first call of next.
template <typename T, typename ST>
int32_t soleNext(uint16_t Sole, uint32_t Tid, uint32_t Threads,
                 int32_t *PLastIter, T *PLower, T *PUpper, ST *PStride) {
  using U = typename schedule::LoopTypes<T>::Unsigned;
  if (Sole & loops::SoleChunkTaken)
    return 0;
  loops::SoleWords[Tid] = Sole | loops::SoleChunkTaken;
  U Lower = U(*PLower);
  Share<U> C = schedule::soleChunkOf<U>(
      U(*PUpper) - Lower, U(Sole >> loops::SoleSizeShift), Tid, Threads);
  if (C.Empty)
    return 0;
  *PLower = T(Lower + C.First);
  *PUpper = T(Lower + C.Last);
  *PStride = 1;
  *PLastIter = C.HasLastIteration;
  return 1;
}

/// Dynamic: a chunk from the counter of slot S, claimed together with the
/// lanes of the warp that ask at the same time.
template <typename U>
Share<U> claimDynamic(loops::SlotRef S, uint32_t Tid, U Span, U Chunk,
                      U LastChunk, uint32_t Threads) {
  // Loops of at most a chunk per thread touch no counter.
  if (LastChunk < Threads ||
      schedule::dynamicExhausted<U>(
          LastChunk, Threads, hw::loadRelaxed<hw::BlockScope>(&S->Claimed)))
    return {};
  uint32_t Group = loops::lanesWithSlot(S);
  uint64_t Claim = loops::claimTogether(&S->Claimed, Group, Tid % WarpSize);
  return schedule::claimedChunk<U>(Span, Chunk, LastChunk, Threads, Claim);
}

/// Guided: the lanes of the warp that ask together get chunks of one size,
/// which their leader claims with a compare-and-swap loop on the counter of
/// iterations handed out after the first round.
template <typename U>
Share<U> claimGuided(loops::SlotRef S, uint32_t Tid, U Span, U MinChunk,
                     U FirstRoundLast, uint32_t Threads) {
  if (FirstRoundLast == Span)
    return {};
  uint32_t Lane = Tid % WarpSize;
  uint32_t Group = loops::lanesWithSlot(S);
  uint32_t Leader = hw::leaderOf(Group);
  uint32_t Count = __builtin_popcount(Group);
  uint64_t Claimed = 0;
  if (Lane == Leader) {
    Claimed = hw::loadRelaxed<hw::BlockScope>(&S->Claimed);
    for (;;) {
      schedule::GuidedClaim<U> G = schedule::guidedClaim<U>(
          Span, MinChunk, FirstRoundLast, Threads, Claimed, Count);
      if (G.Empty ||
          hw::casRelaxed<hw::BlockScope>(&S->Claimed, Claimed,
                                         Claimed + G.TotalMinusOne + 1))
        break;
    }
  }
  // Every lane works out the claim from what the leader saw.
  Claimed = hw::shuffle(Group, Claimed, Leader);
  schedule::GuidedClaim<U> G = schedule::guidedClaim<U>(
      Span, MinChunk, FirstRoundLast, Threads, Claimed, Count);
  return schedule::guidedPart<U>(G, hw::rankIn(Group, Lane), Span);
}

/// The chunks the hot path of dispatchNext leaves out: the first chunk of a
/// balanced or guided loop, and later chunks of static chunked and guided
/// loops. Out of line, so that their divisions and the guided claim loop are
/// not copied into every call of every kernel.
template <typename U>
[[gnu::noinline]] Share<U> otherChunk(loops::SlotRef S, Method How, bool First,
                                      U Span, U Chunk, U Bound, U Previous,
                                      uint32_t Tid, uint32_t Threads) {
  if (First)
    return schedule::firstChunk<U>(How, Span, Chunk, Bound, Tid, Threads);
  if (How == Method::StaticChunked)
    return schedule::nextStaticChunk<U>(Span, Chunk, Previous, Threads);
  return claimGuided<U>(S, Tid, Span, Chunk, Bound, Threads);
}

template <typename T, typename ST>
int32_t dispatchNext(ident_t *Loc, int32_t *PLastIter, T *PLower, T *PUpper,
                     ST *PStride) {
  using U = typename schedule::LoopTypes<T>::Unsigned;
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  if (!state::innermostIsActive(State)) {
    if (*PLastIter || *PLower > *PUpper)
      return 0;
    *PStride = 1;
    *PLastIter = 1;
    return 1;
  }

  uint32_t Threads = mapping::activeTeamSize(State);
  if (uint16_t Sole = loops::SoleWords[Tid])
    return soleNext(Sole, Tid, Threads, PLastIter, PLower, PUpper, PStride);
  uint8_t Byte = loops::threadByte(Tid);
  loops::SlotRef S = loops::slotOf(Byte);
  OMPGPU_CHECK(hw::loadRelaxed<hw::BlockScope>(&S->Use) == loops::DispatchLoop,
               Loc, "a thread asks for a chunk outside a dispatch loop");
  uint32_t Schedule = hw::loadRelaxed<hw::BlockScope>(&S->Schedule);
  U Lower = U(hw::loadRelaxed<hw::BlockScope>(&S->Lower));
  U Span = U(hw::loadRelaxed<hw::BlockScope>(&S->Span));
  U Chunk = U(hw::loadRelaxed<hw::BlockScope>(&S->Chunk));
  U Bound = U(hw::loadRelaxed<hw::BlockScope>(&S->Bound));
  Method How = Method(Schedule & MethodMask);

  bool First = !(Byte & loops::FirstChunkTaken);
  if (First)
    loops::setThreadByte(Tid, Byte | loops::FirstChunkTaken);
  // Inline, the cases of dynamic loops, which is what they run: a first chunk
  // as chunk number Tid, later ones claimed; and a balanced loop's end.
  Share<U> C;
  if (How == Method::Dynamic)
    C = First ? schedule::firstChunk<U>(How, Span, Chunk, Bound, Tid, Threads)
              : claimDynamic<U>(S, Tid, Span, Chunk, Bound, Threads);
  else if (First || How != Method::StaticBalanced)
    // A static chunked loop's thread finds its last chunk in its bounds.
    C = otherChunk<U>(S, How, First, Span, Chunk, Bound, U(*PLower) - Lower,
                      Tid, Threads);
  if (C.Empty)
    return 0;
  *PLower = T(Lower + C.First);
  *PUpper = T(Lower + C.Last);
  *PStride = 1;
  *PLastIter = C.HasLastIteration;
  if (uint64_t *Iterations =
          hw::loadRelaxed<hw::BlockScope>(&S->OrderedIterations))
    Iterations[Tid] = C.First;
  return 1;
}

} // namespace

extern "C" {

void __kmpc_dispatch_init_4(ident_t *Loc, int32_t, int32_t SchedType,
                            int32_t Lower, int32_t Upper, int32_t Incr,
                            int32_t Chunk) {
  dispatchInit(Loc, SchedType, Lower, Upper, Incr, Chunk);
}

void __kmpc_dispatch_init_4u(ident_t *Loc, int32_t, int32_t SchedType,
                             uint32_t Lower, uint32_t Upper, int32_t Incr,
                             int32_t Chunk) {
  dispatchInit(Loc, SchedType, Lower, Upper, Incr, Chunk);
}

void __kmpc_dispatch_init_8(ident_t *Loc, int32_t, int32_t SchedType,
                            int64_t Lower, int64_t Upper, int64_t Incr,
                            int64_t Chunk) {
  dispatchInit(Loc, SchedType, Lower, Upper, Incr, Chunk);
}

void __kmpc_dispatch_init_8u(ident_t *Loc, int32_t, int32_t SchedType,
                             uint64_t Lower, uint64_t Upper, int64_t Incr,
                             int64_t Chunk) {
  dispatchInit(Loc, SchedType, Lower, Upper, Incr, Chunk);
}

int32_t __kmpc_dispatch_next_4(ident_t *Loc, int32_t, int32_t *PLastIter,
                               int32_t *PLower, int32_t *PUpper,
                               int32_t *PStride) {
  return dispatchNext(Loc, PLastIter, PLower, PUpper, PStride);
}

int32_t __kmpc_dispatch_next_4u(ident_t *Loc, int32_t, int32_t *PLastIter,
                                uint32_t *PLower, uint32_t *PUpper,
                                int32_t *PStride) {
  return dispatchNext(Loc, PLastIter, PLower, PUpper, PStride);
}

int32_t __kmpc_dispatch_next_8(ident_t *Loc, int32_t, int32_t *PLastIter,
                               int64_t *PLower, int64_t *PUpper,
                               int64_t *PStride) {
  return dispatchNext(Loc, PLastIter, PLower, PUpper, PStride);
}

int32_t __kmpc_dispatch_next_8u(ident_t *Loc, int32_t, int32_t *PLastIter,
                                uint64_t *PLower, uint64_t *PUpper,
                                int64_t *PStride) {
  return dispatchNext(Loc, PLastIter, PLower, PUpper, PStride);
}

void __kmpc_dispatch_deinit(ident_t *Loc, int32_t) {
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  if (!state::innermostIsActive(State) || loops::SoleWords[Tid])
    return;
  loops::SlotRef S = loops::slotOf(loops::threadByte(Tid));
  OMPGPU_CHECK(hw::loadRelaxed<hw::BlockScope>(&S->Use) ==
                   loops::DispatchLoop,
               Loc, "a thread ends a dispatch loop it is not in");
  loops::leaveLoop(Tid, S, mapping::activeTeamSize(State), State);
}
}
