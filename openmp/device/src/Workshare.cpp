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

template <typename T, typename ST>
void staticInit(ident_t *Loc, int32_t SchedType, int32_t *PLastIter, T *PLower,
                T *PUpper, ST *PStride, ST Incr, ST Chunk, uint32_t Id,
                uint32_t NumIds, bool Distribute) {
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

  schedule::Assignment<T, ST> A =
      schedule::assign<T, ST>(Kind, *PLower, *PUpper, Chunk, Id, NumIds);
  *PLower = A.Lower;
  *PUpper = A.Upper;
  *PStride = A.Stride;
  *PLastIter = A.LastIteration;
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

// Static loops keep no state between init and fini.
void __kmpc_for_static_fini(ident_t *, int32_t) {}
void __kmpc_distribute_static_fini(ident_t *, int32_t) {}
}
