//===- ICV.h - Thread-specific internal control variables -------*- C++ -*-===//
//
// nthreads-var, run-sched-var and max-active-levels-var belong to the data
// environment of a task: every implicit task of a parallel region starts with
// a copy of the encountering task's values, and omp_set_num_threads,
// omp_set_schedule and omp_set_max_active_levels change only the calling
// task's copy. Almost no thread ever sets one inside a region, so copies are
// created only on demand:
//
// - The task of a generic kernel's main thread outside any region keeps its
//   values in TeamState, where the workers read them as the values they
//   inherit (the main thread cannot change them while a region runs).
// - Any other task (a thread of a region, at any level, and in SPMD kernels
//   also every thread at level 0, each standing for the team's initial
//   thread) that calls a setter gets a record on the device heap holding its
//   values and its level. The thread's records form a stack, innermost first,
//   whose top is its slot in a per-team table; a nested region's task with no
//   record of its own reads the innermost one, which is what it inherited.
// - state::ICVBit in the thread's state byte says that the thread holds
//   records. Threads without it never look at the table: the queries return
//   the team's values, and leaving a region costs one test of the thread's
//   own state byte, which folds away wherever the byte is known.
// - A thread leaving a region releases the records of the levels it leaves
//   (leaveRegion), before it restores the state byte of the enclosing level;
//   SPMD threads release their level-0 records at the end of the kernel.
// - Regions nested in a parallel region are serialized whatever its threads
//   set, so their records only change what the queries return. An SPMD
//   thread's level-0 record also sizes the region it forks
//   (enterSPMDRegion), like the team's values in a generic kernel.
//
// The per-team table lives in shared memory that nobody initializes: SPMD
// kernels initialize no runtime state and have no barrier to publish it with.
// Its header carries a tag derived from the grid's launch number and the
// block number, unique to this block among all blocks that ran in the CUDA
// context, so a header a finished block left behind never matches (and
// arbitrary leftover data only with probability 2^-64); the first thread
// that needs the table and finds another tag claims the header with a
// compare-and-swap and initializes it. The slot array holds one record
// pointer per thread of the block; it is allocated when the first thread
// needs a record and freed when the last thread releases its last one. Each
// slot is only accessed by its thread.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_ICV_H
#define OMPGPU_DEVICE_ICV_H

#include "DeviceTypes.h"
#include "State.h"

namespace ompgpu {
namespace icv {

// The slow paths stay out of line, off the fork/join path of the threads that
// never set an ICV. They leave the state byte to their inline callers, so that
// a kernel whose state lives in a register (State.h) keeps knowing it across
// them.

/// Frees the calling thread's records of levels FirstLevel and above, and the
/// table when no thread of the block holds records any more. Returns whether
/// the thread still holds records.
[[gnu::noinline, gnu::cold]] bool releaseFrom(uint32_t Tid,
                                              uint32_t FirstLevel);

/// The nthreads-var and max-active-levels-var of the calling SPMD thread at
/// level 0, applied to the parallel region it encounters: a region without a
/// num_threads clause gets nthreads-var threads, and none is active when
/// max-active-levels-var is 0.
[[gnu::noinline, gnu::cold]] void applySPMDRecord(uint32_t Tid, int32_t &IfExpr,
                                                  int32_t &NumThreads);

/// Called by a thread that leaves a parallel region, while its state byte is
/// still the region's; Outer is the state it returns to.
[[gnu::always_inline]] inline void leaveRegion(uint32_t Tid, uint8_t Outer) {
  uint8_t State = state::get();
  if (state::hasICVs(State)) [[unlikely]]
    if (!releaseFrom(Tid, state::level(Outer) + 1))
      state::set(State & ~state::ICVBit);
}

/// Called by every thread of an SPMD kernel at its end, with its state.
[[gnu::always_inline]] inline void leaveKernel(uint32_t Tid, uint8_t State) {
  if (state::hasICVs(State)) [[unlikely]]
    releaseFrom(Tid, 0);
}

/// Called by an SPMD thread at level 0 with its State before it sizes the
/// parallel region it encounters.
[[gnu::always_inline]] inline void enterSPMDRegion(uint32_t Tid, uint8_t State,
                                                   int32_t &IfExpr,
                                                   int32_t &NumThreads) {
  if (state::hasICVs(State)) [[unlikely]]
    applySPMDRecord(Tid, IfExpr, NumThreads);
}

} // namespace icv
} // namespace ompgpu

#endif // OMPGPU_DEVICE_ICV_H
