//===- State.cpp - Runtime state and internal control variables -----------===//
//
// Defines the shared-memory state declared in State.h and the OpenMP routines
// that read and set internal control variables (ICVs). Per-task ICVs can be
// set in the sequential part of a generic kernel, where one thread runs and
// the value is the team's; setting them from inside a parallel region or an
// SPMD kernel would need per-thread ICV copies this runtime does not keep, so
// it stops with an error instead of silently dropping the value.
//
//===----------------------------------------------------------------------===//

#include "State.h"
#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "Mapping.h"

using namespace ompgpu;

namespace ompgpu {
namespace state {

[[clang::loader_uninitialized]] __attribute__((address_space(3)))
uint8_t ThreadStates[MaxThreadsPerBlock];

[[clang::loader_uninitialized]] __attribute__((address_space(3)))
TeamStateTy TeamState;

} // namespace state
} // namespace ompgpu

namespace {

/// True where a per-task ICV is the team's: the main thread of a generic
/// kernel outside any parallel region.
bool inSequentialPart(uint8_t &State) {
  uint32_t Tid = hw::threadId();
  State = state::get(Tid);
  return state::isGenericMain(Tid, State) && state::level(State) == 0;
}

} // namespace

extern "C" {

void omp_set_num_threads(int NumThreads) {
  uint8_t State;
  if (!inSequentialPart(State))
    fatal(nullptr, "omp_set_num_threads is supported on the device only in "
                   "the sequential part of a non-SPMD target region");
  // Like the host runtime, ignore values that are not a thread count.
  if (NumThreads > 0)
    state::TeamState.NThreadsVar = NumThreads;
}

int omp_get_max_threads() {
  uint8_t State = state::get(hw::threadId());
  uint32_t Max = mapping::maxTeamThreads(State);
  if (state::isSPMD(State))
    return Max;
  int32_t Requested = state::TeamState.NThreadsVar;
  return Requested > 0 && uint32_t(Requested) < Max ? Requested : Max;
}

// The runtime never adjusts team sizes dynamically; the OpenMP specification
// says dyn-var then stays false whatever the program sets.
void omp_set_dynamic(int) {}
int omp_get_dynamic() { return 0; }

// Nested regions are always serialized.
int omp_get_nested() { return 0; }

void omp_set_max_active_levels(int Levels) {
  uint8_t State;
  // Inside parallel and teams regions the effect is implementation defined;
  // this runtime then keeps the value its team started with.
  if (Levels < 0 || !inSequentialPart(State))
    return;
  // One active level is all the runtime supports; larger requests are capped
  // at it, as the specification prescribes.
  state::TeamState.MaxActiveLevels = Levels > 0 ? 1 : 0;
}

int omp_get_max_active_levels() {
  uint8_t State = state::get(hw::threadId());
  return state::isSPMD(State) ? 1 : state::TeamState.MaxActiveLevels;
}

void omp_set_schedule(int Kind, int Chunk) {
  uint8_t State;
  if (!inSequentialPart(State))
    fatal(nullptr, "omp_set_schedule is supported on the device only in the "
                   "sequential part of a non-SPMD target region");
  state::TeamState.RunSchedKind = Kind;
  state::TeamState.RunSchedChunk = Chunk;
}

void omp_get_schedule(int *Kind, int *Chunk) {
  uint8_t State = state::get(hw::threadId());
  if (state::isSPMD(State)) {
    *Kind = OmpSchedStatic;
    *Chunk = 0;
    return;
  }
  *Kind = state::TeamState.RunSchedKind;
  *Chunk = state::TeamState.RunSchedChunk;
}
}
