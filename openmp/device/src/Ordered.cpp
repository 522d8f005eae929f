//===- Ordered.cpp - Ordered blocks of worksharing loops ------------------===//
//
// In a loop with the ordered clause the ordered blocks of its iterations run
// one at a time, in the loop's order (__kmpc_ordered and __kmpc_end_ordered
// around each), while the rest of the iterations runs in parallel. Clang runs
// such loops through the dispatch entry points (Dispatch.cpp), with any
// schedule, and calls __kmpc_dispatch_fini_* at the end of every iteration.
//
// The loop's slot (TeamLoops.h) holds the turn: the offset of the iteration
// whose ordered block may run next. Each thread keeps the offset of the
// iteration it runs in a per-thread array (set from its chunk by
// dispatch_next, counted on here at the end of each iteration). An ordered
// block waits for its iteration's turn and passes the turn on when it ends;
// an iteration that ran no ordered block (a conditional one) still waits for
// its turn when it ends and passes it on, so that later iterations do not
// wait forever. Chunks are handed out in the loop's order and every thread
// runs its chunk's iterations in order, so the thread whose turn it is never
// waits for a thread that waits for a later turn. Teams of one thread run
// their iterations in order anyway: nothing to do.
//
//===----------------------------------------------------------------------===//

#include "Ordered.h"
#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "State.h"
#include "TeamLoops.h"

using namespace ompgpu;

namespace {

/// 8 bytes a thread: offsets of 64-bit loops would wrap in fewer.
[[clang::loader_uninitialized]] __attribute__((address_space(3)))
uint64_t IterationOffsets[MaxThreadsPerBlock];

/// The slot of the calling thread's ordered loop, or null where the thread is
/// a team of one.
loops::SlotRef orderedLoop(ident_t *Loc, uint32_t Tid) {
  if (!state::innermostIsActive(state::get()))
    return nullptr;
  loops::SlotRef S = loops::slotOf(loops::threadByte(Tid));
  OMPGPU_CHECK(hw::loadRelaxed<hw::BlockScope>(&S->Use) ==
                       loops::DispatchLoop &&
                   hw::loadRelaxed<hw::BlockScope>(&S->OrderedIterations),
               Loc, "an ordered block outside a loop with the ordered clause");
  return S;
}

void waitForTurn(loops::SlotRef S, uint64_t Iteration) {
  hw::spinUntil([&] {
    return hw::loadAcquire<hw::BlockScope>(&S->OrderedTurn) == Iteration;
  });
}

/// Passes the turn on from Iteration, publishing what its ordered block wrote.
void passTurn(loops::SlotRef S, uint64_t Iteration) {
  hw::publishRelease(&S->OrderedTurn, Iteration + 1);
}

void finishIteration(ident_t *Loc) {
  uint32_t Tid = hw::threadId();
  loops::SlotRef S = orderedLoop(Loc, Tid);
  if (!S)
    return;
  uint64_t Iteration = IterationOffsets[Tid];
  uint8_t Byte = loops::threadByte(Tid);
  if (Byte & loops::OrderedBlockDone) {
    loops::setThreadByte(Tid, Byte & ~loops::OrderedBlockDone);
  } else {
    waitForTurn(S, Iteration);
    passTurn(S, Iteration);
  }
  IterationOffsets[Tid] = Iteration + 1;
}

} // namespace

namespace ompgpu {
namespace ordered {

uint64_t *iterations() {
  return (uint64_t *)&IterationOffsets[0];
}

} // namespace ordered
} // namespace ompgpu

extern "C" {

void __kmpc_ordered(ident_t *Loc, int32_t) {
  uint32_t Tid = hw::threadId();
  if (loops::SlotRef S = orderedLoop(Loc, Tid))
    waitForTurn(S, IterationOffsets[Tid]);
}

void __kmpc_end_ordered(ident_t *Loc, int32_t) {
  uint32_t Tid = hw::threadId();
  loops::SlotRef S = orderedLoop(Loc, Tid);
  if (!S)
    return;
  passTurn(S, IterationOffsets[Tid]);
  loops::setThreadByte(Tid,
                       loops::threadByte(Tid) | loops::OrderedBlockDone);
}

// The end of an iteration of an ordered loop, whatever its index type.
void __kmpc_dispatch_fini_4(ident_t *Loc, int32_t) { finishIteration(Loc); }
void __kmpc_dispatch_fini_4u(ident_t *Loc, int32_t) { finishIteration(Loc); }
void __kmpc_dispatch_fini_8(ident_t *Loc, int32_t) { finishIteration(Loc); }
void __kmpc_dispatch_fini_8u(ident_t *Loc, int32_t) { finishIteration(Loc); }
}
