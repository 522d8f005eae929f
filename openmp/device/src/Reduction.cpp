//===- Reduction.cpp - Reductions of parallel and teams regions -----------===//
//
// The entry points clang-22 calls at the end of a region with a reduction
// clause. Clang generates the type-specific parts as callbacks over a
// "reduce list" (an array of pointers to the calling thread's private
// copies): a shuffle-and-reduce step, an inter-warp copy through
// __openmp_nvptx_data_transfer_temporary_storage, and copies/reductions
// between the list and a record of a global buffer. The runtime decides who
// combines with whom; a return value of 1 tells the one thread holding the
// final value to combine it into the original variable.
//
// Parallel level: each warp reduces with shuffles, lane 0 of every warp
// passes its partial through shared memory to the first warp, which reduces
// those with shuffles again. Teams are threads 0..N-1 of the block (see
// Parallelism.cpp), so a warp's active lanes are always contiguous from lane
// 0 and only the last warp may be partial. Whole warps shuffle in the
// FullWarp form; the link step's FullWarpShuffles pass lets the callback's
// shuffles know it, so they run with a constant mask instead of querying the
// active lanes before each step. The first warp's second round runs on the
// whole warp too, whatever the number of partials.
//
// Teams level: each team's value goes to a record of the global buffer; the
// team that finishes last (a device-wide arrival counter) reduces all records
// with all its threads, as above. With more teams than records, team T
// combines into record T % Records under a per-record lock, so no team waits
// for another to be scheduled. The last team resets the counter and the locks
// for the next launch.
//
// Deferred form (SPMD combined constructs, chosen by the link step's
// DeferReductions pass): clang reduces the parallel level once per distribute
// chunk into a team-level copy that is private to each thread in SPMD
// kernels. The pass makes those parallel-level calls return 1 at once, so
// each thread accumulates its own partial, and calls the deferred teams entry,
// which reduces the block once before the teams step.
//
//===----------------------------------------------------------------------===//

#include "Debug.h"
#include "DeviceLaunch.h"
#include "Hardware.h"
#include "Interface.h"
#include "LaunchEnvironment.h"
#include "Mapping.h"
#include "State.h"

using namespace ompgpu;

namespace {

using ShuffleReduceFnTy = void (*)(void *ReduceList, int16_t LaneId,
                                   int16_t Offset, int16_t AlgoVersion);
using InterWarpCopyFnTy = void (*)(void *ReduceList, int32_t NumWarps);
using ListGlobalFnTy = void (*)(void *Buffer, int32_t Index, void *ReduceList);

/// Algorithm versions of clang's shuffle-and-reduce callback. FullWarp: every
/// lane combines with the lane Offset above it (the upper lanes' results are
/// never used). ContiguousLanes, for warps whose first lanes are active:
/// lanes below Offset combine with the lane Offset above them, the others
/// take over that lane's value.
constexpr int16_t FullWarp = 0;
constexpr int16_t ContiguousLanes = 1;

/// States of a record's lock word.
constexpr uint32_t RecordEmpty = 0;
constexpr uint32_t RecordLocked = 1;
constexpr uint32_t RecordFilled = 2;

/// Reduces the values of the 32 lanes of the calling warp into lane 0. All 32
/// lanes call it: the FullWarp form promises that to the shuffles, which then
/// need no query of the active lanes (see __ompgpu_shuffle_int32).
void reduceFullWarp(void *ReduceList, uint32_t Lane,
                    ShuffleReduceFnTy ShuffleReduce) {
  // Shuffles whose callback was not rewritten take the active lanes.
  hw::syncWarp(~0u);
  for (uint32_t Offset = WarpSize / 2; Offset > 0; Offset /= 2)
    ShuffleReduce(ReduceList, int16_t(Lane), int16_t(Offset), FullWarp);
}

/// Reduces the values of lanes 0..Values-1 of the calling warp into lane 0.
/// The lanes in Mask call it (lanes 0..Values-1 at least); lanes at or above
/// Values only carry values along that nobody reads.
void reduceContiguous(void *ReduceList, uint32_t Lane, uint32_t Values,
                      uint32_t Mask, ShuffleReduceFnTy ShuffleReduce) {
  // The shuffles take the lanes that are active together; make sure all the
  // lanes in Mask are.
  hw::syncWarp(Mask);
  // Halve the number of live values each step: the lower half combines with
  // the upper half, and the odd one out moves down to stay contiguous.
  for (uint32_t Live = Values; Live > 1; Live = (Live + 1) / 2)
    ShuffleReduce(ReduceList, int16_t(Lane), int16_t(Live / 2),
                  ContiguousLanes);
}

/// Reduces the values of the lanes of team threads 0..Threads-1 in the
/// calling thread's warp into its lane 0.
void reduceTeamWarp(void *ReduceList, uint32_t Tid, uint32_t Threads,
                    ShuffleReduceFnTy ShuffleReduce) {
  uint32_t Lane = Tid % WarpSize;
  uint32_t Lanes = Threads - (Tid - Lane);
  if (Lanes >= WarpSize)
    reduceFullWarp(ReduceList, Lane, ShuffleReduce);
  else
    reduceContiguous(ReduceList, Lane, Lanes, (1u << Lanes) - 1, ShuffleReduce);
}

/// Reduces the values of threads 0..Threads-1 of the block into thread 0.
/// Every thread that __kmpc_barrier waits for must call it, since the
/// inter-warp copy contains team barriers.
void reduceThreads(void *ReduceList, uint32_t Tid, uint32_t Threads,
                   ShuffleReduceFnTy ShuffleReduce,
                   InterWarpCopyFnTy InterWarpCopy) {
  OMPGPU_CHECK(Threads > 0 && Threads <= hw::blockDim(), nullptr,
               "a reduction over a team of impossible size");
  if (Tid < Threads)
    reduceTeamWarp(ReduceList, Tid, Threads, ShuffleReduce);
  if (Threads <= WarpSize)
    return;
  // Lane 0 of warp W now holds warp W's partial; the copy moves it to lane W
  // of the first warp, at most 32 of them.
  uint32_t Warps = (Threads + WarpSize - 1) / WarpSize;
  InterWarpCopy(ReduceList, int32_t(Warps));
  // A team of more than one warp has all of the first warp, so the whole warp
  // reduces: its other lanes still hold values of the element type.
  if (Tid < WarpSize)
    reduceContiguous(ReduceList, Tid, Warps, ~0u, ShuffleReduce);
}

/// The records of the launch, which the host runtime passes in the launch
/// environment of every kernel that reduces across teams.
ReductionEnvironmentTy reductionEnvironment() {
  KernelLaunchEnvironmentTy *Env = launch::environment();
  OMPGPU_ASSERT(Env, nullptr,
                "the host runtime passed no launch environment to a kernel "
                "that reduces across teams");
  return Env->Reduction;
}

/// The reduction environment of the calling thread's launch: the records of
/// the launch for a grid launched from device code, else the image's.
ReductionEnvironmentTy launchReductionEnvironment() {
  if (launch::ChildLaunchTy *Launch = launch::currentLaunch())
    return Launch->Reduction;
  return reductionEnvironment();
}

/// Stores the team's value, held by the calling thread, in the global buffer
/// and returns true if the calling team is the last one to do so. Called by
/// one thread per team. GetEnv returns the reduction environment of the
/// launch: the image's (reductionEnvironment), or a child grid's
/// (DeviceLaunch.h).
template <typename EnvFn>
bool storeTeamValue(EnvFn GetEnv, void *ReduceList, void *Buffer,
                    uint32_t Records, ListGlobalFnTy ListToGlobalCopy,
                    ListGlobalFnTy ListToGlobalReduce) {
  ReductionEnvironmentTy Env = GetEnv();
  OMPGPU_ASSERT(Env.TeamsDone && Env.RecordStates, nullptr,
                "the host runtime did not provide the teams reduction "
                "counters");
  uint32_t Team = hw::blockId();
  uint32_t NumTeams = hw::gridDim();
  if (NumTeams <= Records) {
    ListToGlobalCopy(Buffer, int32_t(Team), ReduceList);
  } else {
    uint32_t Record = Team % Records;
    uint32_t *Lock = &Env.RecordStates[Record];
    uint32_t State;
    hw::spinUntil([&] {
      State = hw::loadRelaxed(Lock);
      return State != RecordLocked && hw::casAcquire(Lock, State, RecordLocked);
    });
    if (State == RecordEmpty)
      ListToGlobalCopy(Buffer, int32_t(Record), ReduceList);
    else
      ListToGlobalReduce(Buffer, int32_t(Record), ReduceList);
    hw::storeRelease(Lock, RecordFilled);
  }
  // Release the record to whichever team turns out to be last (the calling
  // thread wrote it).
  uint32_t Done = hw::fetchAddAcqRel(Env.TeamsDone, 1u);
  OMPGPU_ASSERT(Done < NumTeams, nullptr,
                "more teams stored a reduction value than the league has: "
                "the counter was not reset");
  return Done == NumTeams - 1;
}

/// Leaves the counters as the next launch expects them. Only the last team
/// calls it, when every other team has stored its value.
template <typename EnvFn>
void resetCounters(EnvFn GetEnv, uint32_t Tid, uint32_t Threads,
                   uint32_t Records) {
  ReductionEnvironmentTy Env = GetEnv();
  if (Tid == 0)
    hw::storeRelaxed(Env.TeamsDone, 0u);
  if (hw::gridDim() > Records)
    for (uint32_t Record = Tid; Record < Records; Record += Threads)
      hw::storeRelaxed(&Env.RecordStates[Record], RecordEmpty);
}

/// Reduces the reduce lists of all threads of an SPMD block into thread 0's.
/// The inter-warp copy synchronizes with __kmpc_barrier, which waits for the
/// block only inside an active parallel region; the threads form one for the
/// duration.
void reduceBlock(void *ReduceList, uint32_t Tid, uint32_t Threads,
                 ShuffleReduceFnTy ShuffleReduce,
                 InterWarpCopyFnTy InterWarpCopy) {
  uint8_t State = state::get();
  state::set(state::activeRegionState(State));
  reduceThreads(ReduceList, Tid, Threads, ShuffleReduce, InterWarpCopy);
  state::set(State);
}

/// Teams level where every thread of the block has a reduce list of its own
/// (SPMD kernels): thread 0's holds the team's value, or, when
/// \p EveryThreadHoldsAPartial (deferred form), each thread's holds a part
/// of it.
template <typename EnvFn>
int32_t reduceTeamsSPMD(EnvFn GetEnv, void *ReduceList, void *Buffer,
                        uint32_t Records, ShuffleReduceFnTy ShuffleReduce,
                        InterWarpCopyFnTy InterWarpCopy,
                        ListGlobalFnTy ListToGlobalCopy,
                        ListGlobalFnTy ListToGlobalReduce,
                        ListGlobalFnTy GlobalToListCopy,
                        ListGlobalFnTy GlobalToListReduce,
                        bool EveryThreadHoldsAPartial) {
  uint32_t Tid = hw::threadId();
  uint32_t Threads = hw::blockDim();
  if (EveryThreadHoldsAPartial)
    reduceBlock(ReduceList, Tid, Threads, ShuffleReduce, InterWarpCopy);
  bool Last = Tid == 0 && storeTeamValue(GetEnv, ReduceList, Buffer, Records,
                                         ListToGlobalCopy, ListToGlobalReduce);
  if (!hw::barrierOr(Last))
    return 0;
  // Thread 0 acquired what the other teams stored; the barrier passes that on
  // to the threads that read the records with it, and the fence orders their
  // reads after it.
  hw::fence<hw::DeviceScope>();
  uint32_t NumTeams = hw::gridDim();
  uint32_t Used = NumTeams < Records ? NumTeams : Records;
  if (Tid < Used) {
    GlobalToListCopy(Buffer, int32_t(Tid), ReduceList);
    for (uint32_t Record = Tid + Threads; Record < Used; Record += Threads)
      GlobalToListReduce(Buffer, int32_t(Record), ReduceList);
  }
  resetCounters(GetEnv, Tid, Threads, Records);
  reduceBlock(ReduceList, Tid, Used < Threads ? Used : Threads, ShuffleReduce,
              InterWarpCopy);
  return Tid == 0;
}

/// Teams level where one thread per team holds the team's value: the main
/// thread of a generic kernel (its workers have no reduce lists), or thread 0
/// of a kernel the optimizer made SPMD (whose team-level variables all
/// threads may share). That thread reduces the records alone.
template <typename EnvFn>
int32_t reduceTeamsSingle(EnvFn GetEnv, void *ReduceList, void *Buffer,
                          uint32_t Records, ListGlobalFnTy ListToGlobalCopy,
                          ListGlobalFnTy ListToGlobalReduce,
                          ListGlobalFnTy GlobalToListCopy,
                          ListGlobalFnTy GlobalToListReduce) {
  if (!storeTeamValue(GetEnv, ReduceList, Buffer, Records, ListToGlobalCopy,
                      ListToGlobalReduce))
    return 0;
  uint32_t NumTeams = hw::gridDim();
  uint32_t Used = NumTeams < Records ? NumTeams : Records;
  GlobalToListCopy(Buffer, 0, ReduceList);
  for (uint32_t Record = 1; Record < Used; ++Record)
    GlobalToListReduce(Buffer, int32_t(Record), ReduceList);
  resetCounters(GetEnv, 0, 1, Records);
  return 1;
}

template <typename EnvFn>
int32_t reduceTeams(EnvFn GetEnv, ident_t *Loc, void *Buffer, uint32_t Records,
                    void *ReduceList, void *ShuffleReduce, void *InterWarpCopy,
                    void *ListToGlobalCopy, void *ListToGlobalReduce,
                    void *GlobalToListCopy, void *GlobalToListReduce,
                    bool EveryThreadHoldsAPartial) {
  // The record size is not among the arguments (the one clang passes adds
  // up the reduced values, not the padded record it indexes by); the host
  // sized the records by the kernel environments.
  if (Records > GetEnv().Records)
    fatal(Loc, "the teams reduction buffer has fewer records than the kernel "
               "asks for");
  // Clang passes the buffer it got from __kmpc_reduction_get_fixed_buffer.
  OMPGPU_CHECK(Buffer == GetEnv().Buffer, Loc,
               "the teams reduction buffer is not the host runtime's");
  OMPGPU_ASSERT(Records > 0, Loc, "a teams reduction buffer without records");
  // The host gives a launch at least clang's count (1,024 by default) and,
  // where they fit in its budget, a record per team: teams that do not share
  // a record store without taking its lock.
  Records = GetEnv().Records;
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  auto *LGCopy = reinterpret_cast<ListGlobalFnTy>(ListToGlobalCopy);
  auto *LGReduce = reinterpret_cast<ListGlobalFnTy>(ListToGlobalReduce);
  auto *GLCopy = reinterpret_cast<ListGlobalFnTy>(GlobalToListCopy);
  auto *GLReduce = reinterpret_cast<ListGlobalFnTy>(GlobalToListReduce);
  if (state::isSPMD(State) && !state::isGenericSPMD(State))
    return reduceTeamsSPMD(GetEnv, ReduceList, Buffer, Records,
                           reinterpret_cast<ShuffleReduceFnTy>(ShuffleReduce),
                           reinterpret_cast<InterWarpCopyFnTy>(InterWarpCopy),
                           LGCopy, LGReduce, GLCopy, GLReduce,
                           EveryThreadHoldsAPartial);
  if (EveryThreadHoldsAPartial)
    fatal(Loc, "deferred teams reduction outside an SPMD kernel");
  if (state::isSPMD(State) && Tid != 0)
    return 0;
  return reduceTeamsSingle(GetEnv, ReduceList, Buffer, Records, LGCopy,
                           LGReduce, GLCopy, GLReduce);
}

/// The value of the lane Delta above the calling one, among the lanes in
/// Mask; lanes past the end of the Width-lane segment keep their own value.
int32_t shuffleDown(uint32_t Mask, int32_t Value, int16_t Delta,
                    int16_t Width) {
  int32_t Clamp = ((int32_t(WarpSize) - Width) << 8) | int32_t(WarpSize - 1);
  return __nvvm_shfl_sync_down_i32(Mask, Value, Delta, Clamp);
}

int64_t shuffleDown(uint32_t Mask, int64_t Value, int16_t Delta,
                    int16_t Width) {
  uint64_t Bits = uint64_t(Value);
  uint32_t Low = uint32_t(shuffleDown(Mask, int32_t(Bits), Delta, Width));
  uint32_t High =
      uint32_t(shuffleDown(Mask, int32_t(Bits >> 32), Delta, Width));
  return int64_t((uint64_t(High) << 32) | Low);
}

/// The lanes a shuffle of a shuffle-and-reduce callback runs with: all of
/// them where the algorithm version says the whole warp takes part, which
/// spares the query of the active lanes before every shuffle.
uint32_t shuffleMask(int16_t AlgoVersion) {
  return AlgoVersion == FullWarp ? ~0u : hw::activeMask();
}

} // namespace

extern "C" {

int32_t __kmpc_shuffle_int32(int32_t Value, int16_t Delta, int16_t Width) {
  return shuffleDown(hw::activeMask(), Value, Delta, Width);
}

int64_t __kmpc_shuffle_int64(int64_t Value, int16_t Delta, int16_t Width) {
  return shuffleDown(hw::activeMask(), Value, Delta, Width);
}

int32_t __kmpc_nvptx_parallel_reduce_nowait_v2(ident_t *, uint64_t,
                                               void *ReduceList,
                                               void *ShuffleReduce,
                                               void *InterWarpCopy) {
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  // A serialized region's only thread already holds the result.
  if (!state::innermostIsActive(State))
    return 1;
  reduceThreads(ReduceList, Tid, mapping::activeTeamSize(State),
                reinterpret_cast<ShuffleReduceFnTy>(ShuffleReduce),
                reinterpret_cast<InterWarpCopyFnTy>(InterWarpCopy));
  return Tid == 0;
}

void *__kmpc_reduction_get_fixed_buffer() {
  void *Buffer = reductionEnvironment().Buffer;
  if (!Buffer)
    fatal(nullptr, "the host runtime did not provide the teams reduction "
                   "buffer");
  return Buffer;
}

int32_t __kmpc_nvptx_teams_reduce_nowait_v2(
    ident_t *Loc, void *Buffer, uint32_t Records, uint64_t, void *ReduceList,
    void *ShuffleReduce, void *InterWarpCopy, void *ListToGlobalCopy,
    void *ListToGlobalReduce, void *GlobalToListCopy,
    void *GlobalToListReduce) {
  return reduceTeams(reductionEnvironment, Loc, Buffer, Records, ReduceList,
                     ShuffleReduce, InterWarpCopy, ListToGlobalCopy,
                     ListToGlobalReduce, GlobalToListCopy, GlobalToListReduce,
                     /*EveryThreadHoldsAPartial=*/false);
}
}

int32_t ompgpu::shuffleInt32(int32_t Value, int16_t Delta, int16_t Width,
                             int16_t AlgoVersion) {
  return shuffleDown(shuffleMask(AlgoVersion), Value, Delta, Width);
}

int64_t ompgpu::shuffleInt64(int64_t Value, int16_t Delta, int16_t Width,
                             int16_t AlgoVersion) {
  return shuffleDown(shuffleMask(AlgoVersion), Value, Delta, Width);
}

int32_t ompgpu::parallelReduceDeferred(ident_t *, uint64_t, void *, void *,
                                       void *) {
  return 1;
}

int32_t ompgpu::teamsReduceDeferred(ident_t *Loc, void *Buffer,
                                    uint32_t Records, uint64_t,
                                    void *ReduceList, void *ShuffleReduce,
                                    void *InterWarpCopy, void *ListToGlobalCopy,
                                    void *ListToGlobalReduce,
                                    void *GlobalToListCopy,
                                    void *GlobalToListReduce) {
  return reduceTeams(reductionEnvironment, Loc, Buffer, Records, ReduceList,
                     ShuffleReduce, InterWarpCopy, ListToGlobalCopy,
                     ListToGlobalReduce, GlobalToListCopy, GlobalToListReduce,
                     /*EveryThreadHoldsAPartial=*/true);
}

// Child kernels may run many at once, so each launch has records of its own;
// a launch gets fewer records than clang's buffer has, and more teams share
// them, as with the image's buffer.
void *launch::childReductionBuffer() {
  if (launch::ChildLaunchTy *Launch = launch::currentLaunch())
    return Launch->Reduction.Buffer;
  return __kmpc_reduction_get_fixed_buffer();
}

int32_t launch::childTeamsReduce(ident_t *Loc, void *Buffer, uint32_t Records,
                                 uint64_t, void *ReduceList,
                                 void *ShuffleReduce, void *InterWarpCopy,
                                 void *ListToGlobalCopy,
                                 void *ListToGlobalReduce,
                                 void *GlobalToListCopy,
                                 void *GlobalToListReduce) {
  uint32_t Available = launchReductionEnvironment().Records;
  return reduceTeams(launchReductionEnvironment, Loc, Buffer,
                     Records < Available ? Records : Available, ReduceList,
                     ShuffleReduce, InterWarpCopy, ListToGlobalCopy,
                     ListToGlobalReduce, GlobalToListCopy, GlobalToListReduce,
                     /*EveryThreadHoldsAPartial=*/false);
}

int32_t launch::childTeamsReduceDeferred(
    ident_t *Loc, void *Buffer, uint32_t Records, uint64_t, void *ReduceList,
    void *ShuffleReduce, void *InterWarpCopy, void *ListToGlobalCopy,
    void *ListToGlobalReduce, void *GlobalToListCopy,
    void *GlobalToListReduce) {
  uint32_t Available = launchReductionEnvironment().Records;
  return reduceTeams(launchReductionEnvironment, Loc, Buffer,
                     Records < Available ? Records : Available, ReduceList,
                     ShuffleReduce, InterWarpCopy, ListToGlobalCopy,
                     ListToGlobalReduce, GlobalToListCopy, GlobalToListReduce,
                     /*EveryThreadHoldsAPartial=*/true);
}
