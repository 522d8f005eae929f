//===- Workshare.cpp - Static loop scheduling -----------------------------===//
//
// __kmpc_for_static_init_* splits the iterations [*PLower, *PUpper] of a loop
// among the threads of the innermost team, __kmpc_distribute_static_init_*
// among the teams of the league. Each caller gets its first chunk, the stride
// to its next chunk, and whether it runs the loop's last iteration.
//
// The arithmetic lives in StaticSchedule.h; this file validates the request
// and supplies the participant's number and count.
//
//===----------------------------------------------------------------------===//

#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "Mapping.h"
#include "State.h"
#include "StaticSchedule.h"

using namespace ompgpu;

namespace {

/// The schedule kind of a valid request (modifiers dropped); a fatal error
/// for a request the static schedules cannot serve.
template <typename ST>
int32_t checkedKind(ident_t *Loc, int32_t SchedType, ST Incr, ST Chunk,
                    uint32_t Id, uint32_t NumIds, bool Distribute) {
  // Clang normalizes loops to unit increments before calling here.
  if (Incr != 1)
    fatal(Loc, "static schedule with a loop increment other than 1");
  int32_t Kind =
      SchedType & ~(SchedModifierMonotonic | SchedModifierNonmonotonic);
  bool Valid = Distribute ? Kind == SchedDistributeStaticChunked ||
                                Kind == SchedDistributeStatic
                          : Kind == SchedStaticChunked || Kind == SchedStatic ||
                                Kind == SchedStaticBalancedChunked;
  if (!Valid)
    fatal(Loc, "unsupported static schedule kind");
  // Release: a chunk below 1 counts as none (libomp stops at a 0).
  OMPGPU_CHECK(
      Chunk > 0 || Kind == SchedStatic || Kind == SchedDistributeStatic, Loc,
      Distribute ? "dist_schedule(static, chunk): the chunk size is "
                   "not positive"
                 : "schedule(static, chunk): the chunk size is not "
                   "positive");
  OMPGPU_CHECK(Id < NumIds, Loc,
               "a participant of a static schedule is not among them");
  return Kind;
}

template <typename T, typename ST>
void give(const schedule::Assignment<T, ST> &A, int32_t *PLastIter, T *PLower,
          T *PUpper, ST *PStride) {
  *PLower = A.Lower;
  *PUpper = A.Upper;
  *PStride = A.Stride;
  *PLastIter = A.LastIteration;
}

template <typename T, typename ST>
void staticInit(ident_t *Loc, int32_t SchedType, int32_t *PLastIter, T *PLower,
                T *PUpper, ST *PStride, ST Incr, ST Chunk, uint32_t Id,
                uint32_t NumIds, bool Distribute) {
  int32_t Kind =
      checkedKind(Loc, SchedType, Incr, Chunk, Id, NumIds, Distribute);
  give(schedule::assign<T, ST>(Kind, *PLower, *PUpper, Chunk, Id, NumIds),
       PLastIter, PLower, PUpper, PStride);
}

template <typename T, typename ST>
void forStaticInit(ident_t *Loc, int32_t SchedType, int32_t *PLastIter,
                   T *PLower, T *PUpper, ST *PStride, ST Incr, ST Chunk) {
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  staticInit(Loc, SchedType, PLastIter, PLower, PUpper, PStride, Incr, Chunk,
             mapping::threadNum(Tid, State), mapping::numThreads(State),
             /*Distribute=*/false);
}

template <typename T, typename ST>
void distributeStaticInit(ident_t *Loc, int32_t SchedType, int32_t *PLastIter,
                          T *PLower, T *PUpper, ST *PStride, ST Incr,
                          ST Chunk) {
  staticInit(Loc, SchedType, PLastIter, PLower, PUpper, PStride, Incr, Chunk,
             hw::blockId(), hw::gridDim(), /*Distribute=*/true);
}

// The grid-stride form of a combined distribute parallel for, which the link
// step (GridStrideLoops) gives only the loops clang emits for the combined
// construct without num_threads or if: a distribute loop in chunks of the
// block's size, each split one iteration a thread by a parallel region of
// the whole block. In an SPMD kernel the team's threads then are its block,
// and the team's range and each thread's stride through it
// (StaticSchedule.h) make the two loops one: a block of the loop for each
// team where the league has few iterations a thread, else the iterations the
// two usual loops would give; in a generic kernel (workers only) both keep
// the usual schedules.

template <typename T, typename ST>
void distributeGridStrideInit(ident_t *Loc, int32_t SchedType,
                              int32_t *PLastIter, T *PLower, T *PUpper,
                              ST *PStride, ST Incr, ST Chunk) {
  if (!state::isSPMD(state::get()) || Chunk != ST(hw::blockDim()))
    return distributeStaticInit(Loc, SchedType, PLastIter, PLower, PUpper,
                                PStride, Incr, Chunk);
  checkedKind(Loc, SchedType, Incr, Chunk, hw::blockId(), hw::gridDim(),
              /*Distribute=*/true);
  give(schedule::gridStrideTeam<T, ST>(*PLower, *PUpper, Chunk, hw::blockId(),
                                       hw::gridDim()),
       PLastIter, PLower, PUpper, PStride);
}

template <typename T, typename ST>
void forGridStrideInit(ident_t *Loc, int32_t SchedType, int32_t *PLastIter,
                       T *PLower, T *PUpper, ST *PStride, ST Incr, ST Chunk) {
  uint8_t State = state::get();
  uint32_t Threads = mapping::numThreads(State);
  if (!state::isSPMD(State) || Chunk != 1 || Threads != hw::blockDim())
    return forStaticInit(Loc, SchedType, PLastIter, PLower, PUpper, PStride,
                         Incr, Chunk);
  uint32_t Id = mapping::threadNum(hw::threadId(), State);
  checkedKind(Loc, SchedType, Incr, Chunk, Id, Threads, /*Distribute=*/false);
  give(schedule::gridStrideThread<T, ST>(*PLower, *PUpper, Id, Threads,
                                         hw::gridDim()),
       PLastIter, PLower, PUpper, PStride);
}

} // namespace

extern "C" {

void __kmpc_for_static_init_4(ident_t *Loc, int32_t, int32_t SchedType,
                              int32_t *PLastIter, int32_t *PLower,
                              int32_t *PUpper, int32_t *PStride, int32_t Incr,
                              int32_t Chunk) {
  forStaticInit(Loc, SchedType, PLastIter, PLower, PUpper, PStride, Incr,
                Chunk);
}

void __kmpc_for_static_init_4u(ident_t *Loc, int32_t, int32_t SchedType,
                               int32_t *PLastIter, uint32_t *PLower,
                               uint32_t *PUpper, int32_t *PStride, int32_t Incr,
                               int32_t Chunk) {
  forStaticInit(Loc, SchedType, PLastIter, PLower, PUpper, PStride, Incr,
                Chunk);
}

void __kmpc_for_static_init_8(ident_t *Loc, int32_t, int32_t SchedType,
                              int32_t *PLastIter, int64_t *PLower,
                              int64_t *PUpper, int64_t *PStride, int64_t Incr,
                              int64_t Chunk) {
  forStaticInit(Loc, SchedType, PLastIter, PLower, PUpper, PStride, Incr,
                Chunk);
}

void __kmpc_for_static_init_8u(ident_t *Loc, int32_t, int32_t SchedType,
                               int32_t *PLastIter, uint64_t *PLower,
                               uint64_t *PUpper, int64_t *PStride, int64_t Incr,
                               int64_t Chunk) {
  forStaticInit(Loc, SchedType, PLastIter, PLower, PUpper, PStride, Incr,
                Chunk);
}

void __kmpc_distribute_static_init_4(ident_t *Loc, int32_t, int32_t SchedType,
                                     int32_t *PLastIter, int32_t *PLower,
                                     int32_t *PUpper, int32_t *PStride,
                                     int32_t Incr, int32_t Chunk) {
  distributeStaticInit(Loc, SchedType, PLastIter, PLower, PUpper, PStride, Incr,
                       Chunk);
}

void __kmpc_distribute_static_init_4u(ident_t *Loc, int32_t, int32_t SchedType,
                                      int32_t *PLastIter, uint32_t *PLower,
                                      uint32_t *PUpper, int32_t *PStride,
                                      int32_t Incr, int32_t Chunk) {
  distributeStaticInit(Loc, SchedType, PLastIter, PLower, PUpper, PStride, Incr,
                       Chunk);
}

void __kmpc_distribute_static_init_8(ident_t *Loc, int32_t, int32_t SchedType,
                                     int32_t *PLastIter, int64_t *PLower,
                                     int64_t *PUpper, int64_t *PStride,
                                     int64_t Incr, int64_t Chunk) {
  distributeStaticInit(Loc, SchedType, PLastIter, PLower, PUpper, PStride, Incr,
                       Chunk);
}

void __kmpc_distribute_static_init_8u(ident_t *Loc, int32_t, int32_t SchedType,
                                      int32_t *PLastIter, uint64_t *PLower,
                                      uint64_t *PUpper, int64_t *PStride,
                                      int64_t Incr, int64_t Chunk) {
  distributeStaticInit(Loc, SchedType, PLastIter, PLower, PUpper, PStride, Incr,
                       Chunk);
}

// Grid-stride forms (GridStrideLoops): the signatures of the entry points
// they replace.
#define GRID_STRIDE_ENTRY_POINTS(SUFFIX, T, ST)                                \
  void __ompgpu_distribute_grid_stride_init_##SUFFIX(                          \
      ident_t *Loc, int32_t, int32_t SchedType, int32_t *PLastIter, T *PLower, \
      T *PUpper, ST *PStride, ST Incr, ST Chunk) {                             \
    distributeGridStrideInit(Loc, SchedType, PLastIter, PLower, PUpper,        \
                             PStride, Incr, Chunk);                            \
  }                                                                            \
  void __ompgpu_for_grid_stride_init_##SUFFIX(                                 \
      ident_t *Loc, int32_t, int32_t SchedType, int32_t *PLastIter, T *PLower, \
      T *PUpper, ST *PStride, ST Incr, ST Chunk) {                             \
    forGridStrideInit(Loc, SchedType, PLastIter, PLower, PUpper, PStride,      \
                      Incr, Chunk);                                            \
  }
GRID_STRIDE_ENTRY_POINTS(4, int32_t, int32_t)
GRID_STRIDE_ENTRY_POINTS(4u, uint32_t, int32_t)
GRID_STRIDE_ENTRY_POINTS(8, int64_t, int64_t)
GRID_STRIDE_ENTRY_POINTS(8u, uint64_t, int64_t)
#undef GRID_STRIDE_ENTRY_POINTS

// Static loops keep no state between init and fini.
void __kmpc_for_static_fini(ident_t *, int32_t) {}
void __kmpc_distribute_static_fini(ident_t *, int32_t) {}
}
