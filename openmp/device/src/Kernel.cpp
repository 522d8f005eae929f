//===- Kernel.cpp - Kernel entry and exit ---------------------------------===//
//
// __kmpc_target_init sets up the state of every thread and splits the block by
// execution mode. SPMD: every thread runs the kernel body. Generic: the first
// lane of the last warp is the main thread and runs the sequential code, the
// other lanes of that warp exit, and all threads below it become workers that
// wait for parallel regions until __kmpc_target_deinit releases them.
//
//===----------------------------------------------------------------------===//

#include "Debug.h"
#include "Hardware.h"
#include "ICV.h"
#include "Interface.h"
#include "LaunchEnvironment.h"
#include "Parallelism.h"
#include "State.h"
#include "Tasking.h"

using namespace ompgpu;

[[clang::loader_uninitialized]] __attribute__((address_space(3)))
launch::LaunchEnvironmentPointer launch::BlockEnvironment;

namespace {

/// Threads whose result is -1 run the kernel body; the others return.
constexpr int32_t RunKernelBody = -1;

void initTeamState(bool HasWorkers) {
  state::TeamState.WorkFn = state::idleWork();
  state::TeamState.WorkThreads = 0;
  state::TeamState.StackTop = 0;
  state::TeamState.NThreadsVar = 0;
  state::TeamState.RunSchedKind = OmpSchedStatic;
  state::TeamState.RunSchedChunk = 0;
  state::TeamState.MaxActiveLevels = 1;
  state::TeamState.HasWorkers = HasWorkers;
}

} // namespace

extern "C" {

int32_t __kmpc_target_init(KernelEnvironmentTy *KernelEnv,
                           KernelLaunchEnvironmentTy *LaunchEnv) {
  const ConfigurationEnvironmentTy &Config = KernelEnv->Configuration;
  uint32_t Tid = hw::threadId();
  launch::BlockEnvironment = LaunchEnv;
  if constexpr (config::DebugRuntime)
    setKernelLocation(KernelEnv->Ident);
  // The host launches every kernel that calls here with a block of one
  // dimension (LaunchGeometry.cpp).
  OMPGPU_ASSERT(hw::blockDim(1) == 1 && hw::blockDim(2) == 1, KernelEnv->Ident,
                "the host launched an OpenMP kernel with a 2D or 3D block");

  // Generic-SPMD kernels were generic kernels the optimizer made SPMD; the
  // host launches them like SPMD kernels, and their parallel regions end in
  // a join.
  if (Config.ExecMode & OMP_TGT_EXEC_MODE_SPMD) {
    bool WasGeneric = Config.ExecMode & OMP_TGT_EXEC_MODE_GENERIC;
    state::set(WasGeneric ? state::SPMDBit | state::GenericSPMDBit |
                                state::JoinRegionsBit
                          : state::SPMDBit);
    if (tasks::programCreatesTasks()) {
      if (Tid == 0)
        tasks::initTeam();
      hw::barrier(0);
    }
    return RunKernelBody;
  }
  if (Config.ExecMode != OMP_TGT_EXEC_MODE_GENERIC)
    fatal(KernelEnv->Ident, "unknown kernel execution mode");

  state::set(0);
  uint32_t Main = state::mainThreadId();
  // Without the generic state machine the kernel either has no parallel
  // region or drives its workers itself, so the workers return right away.
  bool HasWorkers = Config.UseGenericStateMachine && Main > 0;
  if (Tid == Main) {
    initTeamState(HasWorkers);
    // The workers touch tasks only in regions, after the fork's barrier.
    if (tasks::programCreatesTasks())
      tasks::initTeam();
    return RunKernelBody;
  }
  if (Tid < Main && HasWorkers)
    runWorkerLoop(Tid);
  return int32_t(Tid);
}

void __kmpc_target_deinit() {
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  OMPGPU_ASSERT(state::level(State) == 0, nullptr,
                "the kernel ends inside a parallel region");
  // The target region's tasks complete before it does.
  if (tasks::programCreatesTasks())
    tasks::endKernel(Tid, State);
  icv::leaveKernel(Tid, State);
  if (state::isSPMD(State))
    return;
  // Clang frees every variable it shares with the workers before the end.
  OMPGPU_ASSERT(state::TeamState.StackTop == 0, nullptr,
                "the data-sharing stack is not empty at the end of the kernel");
  if (!state::TeamState.HasWorkers)
    return;
  // Only the main thread of a generic kernel gets here: tell the workers to
  // leave their loop.
  state::TeamState.WorkFn = nullptr;
  hw::barrier(0);
}
}
