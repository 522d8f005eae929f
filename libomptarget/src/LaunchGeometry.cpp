//===- LaunchGeometry.cpp - Teams and threads of a kernel launch ----------===//
//
// Threads: thread_limit clause, else the device's teams-thread-limit-var
// (OMP_TEAMS_THREAD_LIMIT), else the kernel's MaxThreads, else 128; never above
// MaxThreads (the kernel's .maxntid) nor the driver's per-kernel limit.
// Generic kernels get the master warp on top. Teams: num_teams clause, else
// the device's nteams-var (OMP_NUM_TEAMS), else enough teams for the trip
// count, else what fills the device. Enough teams for the trip count means
// one iteration a thread, but never more teams than fill the device once,
// except for kernels whose teams take blocks of their loop: they get the
// iterations a thread the link step gave them (ThreadIterations), as many
// waves as that takes. A loop whose rows the link step may pad to whole warps
// (AlignedRows) counts its padding's bound too.
//
//===----------------------------------------------------------------------===//

#include "LaunchGeometry.h"
#include "Environment.h"

#include <algorithm>

using namespace omptarget;

void omptarget::chooseThreads(const KernelShape &Kernel,
                              const __tgt_kernel_arguments &Args,
                              const TeamsIcvs &Icvs, LaunchGeometry &Geometry) {
  if (Kernel.ExecMode == 0) {
    // Bare kernels run exactly as the clauses say, in up to three dimensions.
    for (int D = 0; D < 3; ++D)
      Geometry.Threads[D] = std::max(Args.ThreadLimit[D], 1u);
    Geometry.ThreadsSource = "ompx_bare thread_limit clause";
    return;
  }
  uint32_t Threads;
  if (static_cast<int32_t>(Args.ThreadLimit[0]) > 0) {
    Threads = Args.ThreadLimit[0];
    Geometry.ThreadsSource = "thread_limit clause";
  } else if (Icvs.TeamsThreadLimit > 0) {
    Threads = Icvs.TeamsThreadLimit;
    Geometry.ThreadsSource = Icvs.TeamsThreadLimitVariable;
  } else if (Kernel.MaxThreads > 0) {
    Threads = Kernel.MaxThreads;
    Geometry.ThreadsSource = "kernel default";
  } else {
    Threads = DefaultThreads;
    Geometry.ThreadsSource = "runtime default";
  }
  if (Kernel.MaxThreads > 0 && Threads > uint32_t(Kernel.MaxThreads)) {
    Threads = Kernel.MaxThreads;
    Geometry.ThreadsSource = "capped by the kernel's maximum";
  }
  if (Kernel.ExecMode == OMP_TGT_EXEC_MODE_GENERIC)
    Threads += OMPGPU_MASTER_WARP_THREADS;
  if (Threads > Kernel.FunctionMaxThreads) {
    Threads = Kernel.FunctionMaxThreads;
    Geometry.ThreadsSource = "capped by the kernel's resource limit";
  }
  Geometry.Threads[0] = Threads;
}

void omptarget::chooseTeams(const KernelShape &Kernel,
                            const __tgt_kernel_arguments &Args,
                            int32_t NumTeams, const TeamsIcvs &Icvs,
                            uint32_t NumMultiprocessors,
                            uint32_t BlocksPerMultiprocessor,
                            LaunchGeometry &Geometry) {
  if (Kernel.ExecMode == 0) {
    for (int D = 0; D < 3; ++D)
      Geometry.Teams[D] = std::max(Args.NumTeams[D], 1u);
    Geometry.TeamsSource = "ompx_bare num_teams clause";
    return;
  }
  uint64_t Full =
      uint64_t(NumMultiprocessors) * std::max(BlocksPerMultiprocessor, 1u);
  uint64_t Teams;
  if (NumTeams == -1) {
    Teams = 1;
    Geometry.TeamsSource = "no teams construct";
  } else if (static_cast<int32_t>(Args.NumTeams[0]) > 0) {
    Teams = Args.NumTeams[0];
    Geometry.TeamsSource = "num_teams clause";
  } else if (Icvs.NumTeams > 0) {
    Teams = Icvs.NumTeams;
    Geometry.TeamsSource = Icvs.NumTeamsVariable;
  } else if (Args.Tripcount > 0) {
    // SPMD kernels spread the iterations over all threads; in the others each
    // team runs iterations of the distribute loop with all its threads.
    bool SPMD = Kernel.ExecMode == OMP_TGT_EXEC_MODE_SPMD;
    uint64_t Threads = Geometry.Threads[0];
    // A loop whose rows may be padded to whole warps runs up to
    // Tripcount / PaddedRowsSlack more iterations.
    uint64_t Iterations = Args.Tripcount;
    if (Kernel.PaddedRowsSlack > 0)
      Iterations += (Args.Tripcount + Kernel.PaddedRowsSlack - 1) /
                    Kernel.PaddedRowsSlack;
    Teams = SPMD ? (Iterations + Threads - 1) / Threads : Args.Tripcount;
    Geometry.TeamsSource = "loop trip count";
    if (Teams > Full) {
      if (SPMD && Kernel.ThreadIterations > 0) {
        uint64_t PerTeam = Threads * Kernel.ThreadIterations;
        Teams = std::max(Full, (Iterations + PerTeam - 1) / PerTeam);
        Geometry.TeamsSource =
            Kernel.ThreadIterations == 1
                ? "loop trip count, in blocks of the loop (one iteration a "
                  "thread)"
                : "loop trip count, in blocks of the loop (several "
                  "iterations a thread)";
      } else {
        Teams = Full;
        Geometry.TeamsSource = "loop trip count, capped by device occupancy";
      }
    }
  } else {
    Teams = Full;
    Geometry.TeamsSource = "device occupancy";
  }
  Geometry.Teams[0] =
      static_cast<uint32_t>(std::min<uint64_t>(Teams, MaxGridX));
}
