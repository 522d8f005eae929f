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
// (AlignedRows) counts its padding's bound too. Before all that, a collapsed
// loop the link step gave a path on a grid of its shape (GridShapedLoops) gets
// that grid where no clause or ICV sets the teams (chooseShapedTeams).
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

bool omptarget::chooseShapedTeams(const KernelShape &Kernel,
                                  const __tgt_kernel_arguments &Args,
                                  int32_t NumTeams, const TeamsIcvs &Icvs,
                                  const uintptr_t *Parameters,
                                  size_t NumParameters,
                                  LaunchGeometry &Geometry) {
  const uint32_t *Words = Kernel.GridShape;
  const uint32_t Dimensions = Words[OMPGPU_GRID_SHAPE_DIMENSIONS];
  const uint32_t Threads = Geometry.Threads[0];
  if (Dimensions < 2 || Dimensions > 3 ||
      Kernel.ExecMode != OMP_TGT_EXEC_MODE_SPMD || NumTeams == -1 ||
      static_cast<int32_t>(Args.NumTeams[0]) > 0 || Icvs.NumTeams > 0 ||
      Threads < OMPGPU_WARP_SIZE || Threads % OMPGPU_WARP_SIZE != 0 ||
      Args.Tripcount == 0)
    return false;
  uint64_t Extents[3] = {1, 1, 1};
  for (uint32_t D = 0; D < Dimensions; ++D) {
    const uint32_t Parameter = Words[OMPGPU_GRID_SHAPE_EXTENTS + 2 * D];
    const uint32_t Offset = Words[OMPGPU_GRID_SHAPE_EXTENTS + 2 * D + 1];
    if (Parameter > NumParameters)
      return false;
    // The low half of the parameter plus the offset, as the kernel computes
    // it, or the constant.
    const int32_t Extent = static_cast<int32_t>(
        Parameter ? static_cast<uint32_t>(Parameters[Parameter - 1]) + Offset
                  : Offset);
    if (Extent <= 0)
      return false;
    Extents[D] = static_cast<uint64_t>(Extent);
  }
  // The extents are the link step's reading of the kernel's loop: they must
  // give the trip count clang computed.
  unsigned __int128 Product =
      static_cast<unsigned __int128>(Extents[0]) * Extents[1] * Extents[2];
  if (Product != Args.Tripcount)
    return false;
  const uint64_t RowsPerTeam = Threads / OMPGPU_WARP_SIZE;
  const uint64_t X = (Extents[0] + Words[OMPGPU_GRID_SHAPE_COLUMN_OFFSET] +
                      OMPGPU_WARP_SIZE - 1) /
                     OMPGPU_WARP_SIZE;
  const uint64_t Y = (Extents[1] + RowsPerTeam - 1) / RowsPerTeam;
  const uint64_t Z = Extents[2];
  // A grid with one row of teams is the kernel's grid-stride launch.
  if (X > MaxGridX || Y > MaxGridYZ || Z > MaxGridYZ || (Y == 1 && Z == 1))
    return false;
  Geometry.Teams[0] = static_cast<uint32_t>(X);
  Geometry.Teams[1] = static_cast<uint32_t>(Y);
  Geometry.Teams[2] = static_cast<uint32_t>(Z);
  Geometry.TeamsSource = "loop shape (a team a tile of 32 innermost "
                         "iterations by one row a warp)";
  return true;
}
