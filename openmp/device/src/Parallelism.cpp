//===- Parallelism.cpp - Parallel regions ---------------------------------===//
//
// __kmpc_parallel_60 and the worker loop of generic kernels.
//
// SPMD kernels: every thread of the block reaches the region and runs it as
// one member of the team. The region ends in a block barrier (the join) only
// where something after it depends on the team having finished: kernels the
// optimizer made SPMD, team variables such as a combined construct's
// lastprivate, and teams smaller than the block (num_threads in a kernel the
// optimizer made SPMD). Clang's plain combined constructs need none.
//
// Generic kernels (fork/join by warp specialization): the main thread copies
// the argument array to shared memory (ArgSlots), publishes the region's
// wrapper and team size, and passes named barrier 0 twice: once to release the
// workers waiting there, once to wait until they are done. Workers above the
// team size go straight to the second barrier. Workers call the wrapper through
// __ompgpu_run_parallel_wrapper, which the link step replaces in each kernel
// by direct calls of the wrappers the kernel can reach (WorkerDispatch.h).
//
// In both modes teams have exactly the requested size. One larger than a warp
// whose size is not a multiple of the warp size leaves idle lanes in its last
// warp: they cannot wait at barrier 0 while their neighbours use the team's
// named barrier 1, so they wait at barrier 1 with the team until it leaves the
// region (partialWarpBarrier), and only then go on to the join.
//
// Regions nested in an active region, regions whose if clause is false, and
// teams of one thread run serialized on the encountering thread.
//
// In a program that creates tasks, the end of every region is where its
// team runs the tasks that are left (Tasking.h).
//
//===----------------------------------------------------------------------===//

#include "Parallelism.h"
#include "Debug.h"
#include "Hardware.h"
#include "ICV.h"
#include "Interface.h"
#include "Mapping.h"
#include "State.h"
#include "Tasking.h"

using namespace ompgpu;

namespace {

/// The most captured variables an outlined region may take.
constexpr int64_t MaxOutlinedArgs = 64;

/// The argument array of a generic-mode region, copied from the main
/// thread's local memory, which the workers cannot read. A fixed place lets
/// the compiler see that the workers' loads of it are shared-memory loads.
using ArgSlotTy = void *;
[[clang::loader_uninitialized]] __attribute__((address_space(3)))
ArgSlotTy ArgSlots[MaxOutlinedArgs];

template <uint32_t... Is> struct IndexList {};
template <uint32_t N, uint32_t... Is>
struct MakeIndexList : MakeIndexList<N - 1, N - 1, Is...> {};
template <uint32_t... Is> struct MakeIndexList<0, Is...> {
  using Type = IndexList<Is...>;
};
template <uint32_t> using ArgTy = void *;

template <uint32_t... Is>
[[gnu::always_inline]] inline void callOutlined(void *Fn, int32_t *GTid,
                                                int32_t *BTid, void **Args,
                                                IndexList<Is...>) {
  // Every captured value travels as one pointer-sized word, which is how
  // clang declares them in the argument array.
  using FnTy = void (*)(int32_t *, int32_t *, ArgTy<Is>...);
  reinterpret_cast<FnTy>(Fn)(GTid, BTid, Args[Is]...);
}

template <uint32_t... Is>
[[gnu::always_inline]] inline void copyArgs(void **Args, IndexList<Is...>) {
  ((ArgSlots[Is] = Args[Is]), ...);
}

/// Calls Body with IndexList<0, ..., NArgs - 1>. Clang always passes a
/// constant NArgs, so once inlined only that one case remains, in which the
/// argument array is indexed with constants only.
template <uint32_t N = 0, typename BodyTy>
[[gnu::always_inline]] inline void withArgIndices(ident_t *Loc, int64_t NArgs,
                                                  BodyTy Body) {
  if (NArgs == N)
    return Body(typename MakeIndexList<N>::Type{});
  if constexpr (N < MaxOutlinedArgs)
    withArgIndices<N + 1>(Loc, NArgs, Body);
  else
    fatal(Loc, "a parallel region captures more than 64 variables");
}

/// Calls the outlined function with the NArgs values of Args.
[[gnu::always_inline]] inline void invokeOutlined(ident_t *Loc, void *Fn,
                                                  int32_t ThreadNum,
                                                  void **Args, int64_t NArgs) {
  int32_t GTid = ThreadNum, BTid = 0;
  withArgIndices(
      Loc, NArgs, [&](auto Indices) __attribute__((always_inline)) {
        callOutlined(Fn, &GTid, &BTid, Args, Indices);
      });
}

/// Copies the NArgs values of Args to ArgSlots for the workers; with constant
/// slots, the main thread's argument array need not exist in memory.
[[gnu::always_inline]] inline void publishArgs(ident_t *Loc, void **Args,
                                               int64_t NArgs) {
  withArgIndices(
      Loc, NArgs, [&](auto Indices) __attribute__((always_inline)) {
        copyArgs(Args, Indices);
      });
}

// PartialEnd is written by thread 0 while the idle lanes read it between
// barriers, so its accesses are atomic. They are read-modify-write atomics
// rather than relaxed loads and stores (which are atomic too in PTX, but are
// plain LDS/STS in SASS): compute-sanitizer's racecheck leaves atomics alone
// and reports plain accesses (docs/DESIGN.md, "Race checking"). The idle lanes
// are idle, and thread 0 writes twice per region of a team with idle lanes.

/// What thread Tid of a team of Threads threads does before it runs the
/// region. In a team with idle lanes, thread 0 restarts the count of its
/// barriers; the idle lanes read PartialEnd only after passing a barrier
/// with thread 0, so they never see the previous region's value.
[[gnu::always_inline]] inline void enterRegion(uint32_t Tid, uint32_t Threads) {
  if (Tid != 0 || !mapping::hasIdleLanes(Threads))
    return;
  state::TeamState.PartialBarriers = 0;
  hw::exchangeRelaxed<hw::BlockScope>(&state::TeamState.PartialEnd, 0u);
}

/// What thread Tid of a team of Threads threads does once it finished the
/// region: release the idle lanes, if any, with one last barrier whose number
/// thread 0 publishes before it arrives there.
[[gnu::always_inline]] inline void leaveRegion(uint32_t Tid, uint32_t Threads) {
  if (!mapping::hasIdleLanes(Threads))
    return;
  if (Tid == 0)
    hw::exchangeRelaxed<hw::BlockScope>(&state::TeamState.PartialEnd,
                                        state::TeamState.PartialBarriers + 1);
  hw::barrier(1, mapping::teamBarrierThreads(Threads));
}

/// What an idle lane of a team of Threads threads does during the region:
/// pass the team's barriers until the last one. After an earlier barrier it
/// reads either 0 or a larger number.
[[gnu::always_inline]] inline void idleInRegion(uint32_t Threads) {
  for (uint32_t Passed = 1;; ++Passed) {
    hw::barrier(1, mapping::teamBarrierThreads(Threads));
    uint32_t End =
        hw::fetchAddRelaxed<hw::BlockScope>(&state::TeamState.PartialEnd, 0u);
    if (End == Passed)
      return;
    OMPGPU_CHECK(End == 0 || End > Passed, nullptr,
                 "an idle lane missed the last barrier of its team's region");
  }
}

/// After a region's body: the body, and the regions nested in it, left the
/// thread's state as the region entered it with (apart from ICV records,
/// which leaving the region releases).
[[gnu::always_inline]] inline void checkRegionLeftState(ident_t *Loc,
                                                        uint8_t RegionState) {
  OMPGPU_CHECK(((state::get() ^ RegionState) & ~state::ICVBit) == 0, Loc,
               "a parallel region left its thread in another state than it "
               "entered with");
}

/// Thread Tid of an SPMD team of Threads threads, with state RegionState,
/// finished the region's body: its tasks complete at the region's end.
[[gnu::always_inline]] inline void
endSPMDRegionTasks(uint32_t Tid, uint32_t Threads, uint8_t RegionState) {
  if (!tasks::programCreatesTasks())
    return;
  if (Threads > 1)
    tasks::endActiveRegion(Tid, Threads, RegionState);
  else
    tasks::endSerializedRegion(Tid, RegionState);
}

/// Runs the region on the calling thread as a team of one.
[[gnu::always_inline]] inline void runSerialized(ident_t *Loc, uint32_t Tid,
                                                 uint8_t State, void *Fn,
                                                 void **Args, int64_t NArgs) {
  if (state::level(State) == state::LevelMask)
    fatal(Loc, "parallel regions are nested too deeply");
  state::set(State + 1);
  invokeOutlined(Loc, Fn, 0, Args, NArgs);
  if (tasks::programCreatesTasks())
    tasks::endSerializedRegion(Tid, State + 1);
  checkRegionLeftState(Loc, State + 1);
  icv::leaveRegion(Tid, State);
  state::set(State);
}

void checkStrict(ident_t *Loc, int32_t Strict, int32_t NumThreads,
                 uint32_t Threads) {
  if (Strict && NumThreads > 0 && Threads != uint32_t(NumThreads))
    fatal(Loc, "num_threads(strict:) asks for a team size this kernel "
               "cannot provide");
}

[[gnu::always_inline]] inline void parallelSPMD(ident_t *Loc, uint32_t Tid,
                                                uint8_t State, int32_t IfExpr,
                                                int32_t NumThreads,
                                                int32_t Strict, void *Fn,
                                                void **Args, int64_t NArgs) {
  if (state::level(State) > 0)
    return runSerialized(Loc, Tid, State, Fn, Args, NArgs);

  // Outside any region all threads stand for the team's initial thread. The
  // host sizes SPMD blocks to the team, but kernels the optimizer made SPMD
  // may still ask for fewer threads; the others sit the region out.
  icv::enterSPMDRegion(Tid, State, IfExpr, NumThreads);
  uint32_t Block = hw::blockDim();
  uint32_t Threads = Block;
  if (!IfExpr)
    Threads = 1;
  else if (NumThreads > 0 && uint32_t(NumThreads) < Block)
    Threads = NumThreads;
  if (IfExpr)
    checkStrict(Loc, Strict, NumThreads, Threads);

  if (Threads == Block) {
    // A block of one thread makes an inactive region.
    uint8_t RegionState =
        Threads > 1 ? state::activeRegionState(State) : State + 1;
    state::set(RegionState);
    invokeOutlined(Loc, Fn, int32_t(Tid), Args, NArgs);
    endSPMDRegionTasks(Tid, Threads, RegionState);
    checkRegionLeftState(Loc, RegionState);
  } else if (Threads > 1) {
    hw::publish(&state::TeamState.SPMDTeamSize, Threads);
    if (Tid < Threads) {
      uint8_t RegionState =
          state::activeRegionState(State) | state::PartialTeamBit;
      state::set(RegionState);
      enterRegion(Tid, Threads);
      invokeOutlined(Loc, Fn, int32_t(Tid), Args, NArgs);
      endSPMDRegionTasks(Tid, Threads, RegionState);
      checkRegionLeftState(Loc, RegionState);
      leaveRegion(Tid, Threads);
    } else if (mapping::isIdleLane(Tid, Threads)) {
      idleInRegion(Threads);
    }
  } else if (Tid == 0) {
    state::set(State + 1);
    invokeOutlined(Loc, Fn, 0, Args, NArgs);
    endSPMDRegionTasks(Tid, 1, State + 1);
    checkRegionLeftState(Loc, State + 1);
  }

  // The join. Clang's own SPMD kernels need none unless they share team
  // variables with the region: otherwise the code outside only steps to the
  // next chunk of a distribute loop. A partial team must finish before
  // SPMDTeamSize is reused.
  if (state::joinsRegions(State) || (Threads > 1 && Threads < Block))
    hw::barrier(0);
  icv::leaveRegion(Tid, State);
  // Restoring the state last, on every path, lets the compiler see that a
  // distribute loop around this region leaves it unchanged.
  state::set(State);
}

[[gnu::always_inline]] inline void
parallelGeneric(ident_t *Loc, uint32_t Tid, uint8_t State, int32_t IfExpr,
                int32_t NumThreads, int32_t Strict, void *Fn, void *WrapperFn,
                void **Args, int64_t NArgs) {
  // Workers are always inside the active region, and the main thread inside
  // a serialized one cannot fork either: run those regions here.
  if (state::level(State) > 0 || !IfExpr || !state::TeamState.HasWorkers ||
      !state::TeamState.MaxActiveLevels)
    return runSerialized(Loc, Tid, State, Fn, Args, NArgs);

  uint32_t Max = mapping::maxTeamThreads(State);
  int32_t NThreadsVar = state::TeamState.NThreadsVar;
  uint32_t Requested = NumThreads > 0    ? uint32_t(NumThreads)
                       : NThreadsVar > 0 ? uint32_t(NThreadsVar)
                                         : Max;
  uint32_t Threads = Requested < Max ? Requested : Max;
  checkStrict(Loc, Strict, NumThreads, Threads);
  if (Threads <= 1)
    return runSerialized(Loc, Tid, State, Fn, Args, NArgs);
  // The main warp forks only from outside any region, onto idle workers.
  OMPGPU_CHECK(state::isGenericMain(Tid, State), Loc,
               "a thread other than the main thread forks the workers");

  publishArgs(Loc, Args, NArgs);

  state::TeamState.WorkThreads = Threads;
  GenericBarrierThreads =
      Threads > WarpSize && Threads % WarpSize == 0 ? Threads : 0;
  state::TeamState.WorkFn = WrapperFn;
  // Barrier 0 orders the writes above before the workers' reads.
  hw::barrier(0);
  hw::barrier(0);
  state::TeamState.WorkFn = state::idleWork();
}

} // namespace

namespace ompgpu {

[[clang::loader_uninitialized]] __attribute__((address_space(3)))
uint32_t GenericBarrierThreads;

void runWorkerLoop(uint32_t Tid) {
  // A worker runs code only as a member of the active region's team, so its
  // state says so throughout.
  state::set(state::ActiveLevelOne);
  for (;;) {
    hw::barrier(0);
    void *Fn = state::TeamState.WorkFn;
    // Read together with Fn, before the tests, so that the region starts one
    // shared-memory round trip earlier (a plain load would sink below them).
    uint32_t Threads =
        *static_cast<volatile __attribute__((address_space(3))) uint32_t *>(
            &state::TeamState.WorkThreads);
    if (!Fn)
      return;
    if (Fn == state::idleWork())
      continue;
    OMPGPU_CHECK(Threads > 1 &&
                     Threads <= mapping::maxTeamThreads(state::ActiveLevelOne),
                 nullptr, "the main thread forked a team of impossible size");
    if (Tid < Threads) {
      enterRegion(Tid, Threads);
      runParallelWrapper(Fn, Tid);
      if (tasks::programCreatesTasks())
        tasks::endActiveRegion(Tid, Threads, state::ActiveLevelOne);
      checkRegionLeftState(nullptr, state::ActiveLevelOne);
      leaveRegion(Tid, Threads);
    } else if (mapping::isIdleLane(Tid, Threads)) {
      idleInRegion(Threads);
    }
    hw::barrier(0);
    // After the join, where it delays nobody: the main thread does not wait
    // for the workers again before it forks the next region.
    icv::leaveRegion(Tid, 0);
  }
}

// Kept out of line so that the link step finds the call in the worker loop.
[[gnu::noinline]] void runParallelWrapper(void *WrapperFn, uint32_t Tid) {
  reinterpret_cast<ParallelWrapperTy>(WrapperFn)(0, Tid);
}

} // namespace ompgpu

extern "C" {

// Always inlined, with everything below it: clang passes constant functions,
// argument counts and most clauses, which fold the region down to the path
// the call site takes. Even without optimization that leaves direct calls of
// the outlined function only (the link step folds constants at -O0 too),
// where a call through the pointer would hide the call graph from ptxas,
// whose stack size for the kernel would then be too small.
[[gnu::always_inline]] void
__kmpc_parallel_60(ident_t *Loc, int32_t, int32_t IfExpr, int32_t NumThreads,
                   int32_t, void *Fn, void *WrapperFn, void **Args,
                   int64_t NArgs, int32_t NumThreadsStrict) {
  // Clang passes -1 for a region without the clause. Release: a value below
  // 1 counts as no clause.
  OMPGPU_CHECK(NumThreads > 0 || NumThreads == -1, Loc,
               "num_threads: the number of threads is not positive");
  // proc_bind has no meaning on a GPU: threads have no places to bind to.
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  if (state::isSPMD(State))
    return parallelSPMD(Loc, Tid, State, IfExpr, NumThreads, NumThreadsStrict,
                        Fn, Args, NArgs);
  // Clang leaves out the wrapper only for regions it compiled for SPMD
  // kernels; without it the workers could not unpack the arguments.
  if (!WrapperFn)
    return runSerialized(Loc, Tid, State, Fn, Args, NArgs);
  parallelGeneric(Loc, Tid, State, IfExpr, NumThreads, NumThreadsStrict, Fn,
                  WrapperFn, Args, NArgs);
}

void __kmpc_get_shared_variables(void ***Args) {
  *Args = (void **)&ArgSlots[0];
}

int32_t __kmpc_global_thread_num(ident_t *) {
  uint32_t Tid = hw::threadId();
  return mapping::threadNum(Tid, state::get());
}
}
