//===- LaunchGeometry.h - Teams and threads of a kernel launch --*- C++ -*-===//
//
// The launch configuration contract with the device runtime: SPMD kernels run
// one team per CUDA block with blockDim.x threads; generic kernels add a last
// warp, the master warp, to the worker threads. These rules pick the numbers
// from the clauses, the ICVs, the kernel and the device.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_LAUNCHGEOMETRY_H
#define OMPTARGET_LAUNCHGEOMETRY_H

#include "omptarget.h"

#include <cstdint>

namespace omptarget {

struct TeamsIcvs;

/// What the runtime knows about a kernel when it launches it.
struct KernelShape {
  /// OMP_TGT_EXEC_MODE_*; 0 for bare kernels (ompx_bare, no environment).
  uint8_t ExecMode = OMP_TGT_EXEC_MODE_SPMD;
  /// MaxThreads of the kernel environment (its .maxntid); <= 0 if none.
  int32_t MaxThreads = 0;
  /// The driver's limit for the kernel
  /// (CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK).
  uint32_t FunctionMaxThreads = 1024;
  /// The iterations of each thread where the runtime chooses the number of
  /// teams of a loop whose teams take blocks of it (at least enough teams to
  /// fill the device once); 0 for other kernels, which get one wave
  /// (OMPGPU_KERNEL_THREAD_ITERATIONS_SUFFIX).
  uint32_t ThreadIterations = 0;
  /// S where the kernel's loop may run rows padded to whole warps (the link
  /// step's AlignedRows): up to T / S more iterations than its trip count T;
  /// 0 for other kernels (OMPGPU_KERNEL_PADDED_ROWS_SUFFIX).
  uint32_t PaddedRowsSlack = 0;
  /// How to compute the extents of a collapsed loop that may run on a grid
  /// of its shape (the link step's GridShapedLoops;
  /// OMPGPU_KERNEL_GRID_SHAPE_SUFFIX, enum GridShapeWord); all 0 for other
  /// kernels.
  uint32_t GridShape[OMPGPU_GRID_SHAPE_WORDS] = {};
};

struct LaunchGeometry {
  uint32_t Teams[3] = {1, 1, 1};
  uint32_t Threads[3] = {1, 1, 1};
  /// Where the numbers came from, for LIBOMPTARGET_INFO.
  const char *TeamsSource = "";
  const char *ThreadsSource = "";
};

/// Threads per team (the CUDA block), the first step: the number of teams
/// depends on how many such blocks fit on a multiprocessor. \p Icvs are the
/// device's.
void chooseThreads(const KernelShape &Kernel,
                   const __tgt_kernel_arguments &Args, const TeamsIcvs &Icvs,
                   LaunchGeometry &Geometry);

/// Number of teams, given \p NumTeams as passed to __tgt_target_kernel (-1
/// when the region has no teams construct), the device's multiprocessors and
/// how many blocks of the chosen size fit on one of them.
void chooseTeams(const KernelShape &Kernel, const __tgt_kernel_arguments &Args,
                 int32_t NumTeams, const TeamsIcvs &Icvs,
                 uint32_t NumMultiprocessors, uint32_t BlocksPerMultiprocessor,
                 LaunchGeometry &Geometry);

/// Teams on a grid of the shape of the kernel's collapsed loop (see
/// KernelShape::GridShape), from the launch's kernel parameters
/// \p Parameters (parameter p at index p), where neither a clause nor an ICV
/// sets the teams, the team is whole warps, the extents' product is the trip
/// count and the grid fits; returns false and leaves \p Geometry alone
/// elsewhere.
bool chooseShapedTeams(const KernelShape &Kernel,
                       const __tgt_kernel_arguments &Args, int32_t NumTeams,
                       const TeamsIcvs &Icvs, const uintptr_t *Parameters,
                       size_t NumParameters, LaunchGeometry &Geometry);

/// Threads per team when neither a clause, an ICV nor the kernel says.
constexpr uint32_t DefaultThreads = 128;
/// CUDA's limit on gridDim.x.
constexpr uint32_t MaxGridX = 0x7fffffff;
/// CUDA's limit on gridDim.y and gridDim.z.
constexpr uint32_t MaxGridYZ = 0xffff;

} // namespace omptarget

#endif // OMPTARGET_LAUNCHGEOMETRY_H
