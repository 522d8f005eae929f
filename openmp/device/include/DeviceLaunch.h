//===- DeviceLaunch.h - Grids launched from device code ---------*- C++ -*-===//
//
// A nested teams region (or an orphaned target teams region in a declare
// target function) becomes a child grid that a device thread launches with
// CUDA dynamic parallelism (docs/DESIGN.md, "Dynamic parallelism"). The code
// the front-end step writes at the region asks for a launch record
// (__ompgpu_child_begin), fills the frame in it with what the child and the
// code after the region need, and launches (__ompgpu_child_launch); when
// either fails, it runs the region inline. The record is the child kernel's
// launch environment, its first argument: nesting depth, the teams-reduction
// records of the launch and the frame. The link step's DeviceLaunches pass
// makes every kernel that launches or is launched record that argument for
// its block, and makes child kernels call __ompgpu_child_kernel_end after
// __kmpc_target_deinit: the last team to get there runs the continuation, if
// the launch has one, and frees the record.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_DEVICELAUNCH_H
#define OMPGPU_DEVICE_DEVICELAUNCH_H

#include "DeviceTypes.h"

namespace ompgpu {
namespace launch {

/// The launch record of a grid launched from device code. It heads a slot
/// of the record pool; the frame and the teams-reduction records follow it
/// in the slot.
struct ChildLaunchTy {
  /// 1 while the slot is taken (the pool's claim word).
  uint32_t InUse;
  /// Generations of grids above this one: 1 for a child of a kernel the host
  /// launched.
  uint32_t Depth;
  /// Teams of the child that have reached the end of the kernel.
  uint32_t TeamsDone;
  /// Bytes of the frame, which follows the header.
  uint32_t FrameBytes;
  /// Run by the child's last team, with the frame, after every team is done;
  /// null when nothing follows the region in the parent.
  void (*Continuation)(void *Frame);
  /// The child's own teams-reduction records (OffloadABI.h), in the slot.
  ReductionEnvironmentTy Reduction;
};

/// The launch record of the calling thread's kernel, or null if the host
/// launched it. Valid in kernels the DeviceLaunches pass instrumented.
ChildLaunchTy *currentLaunch();

// The entry points below are called by the code the front-end step writes
// and by the DeviceLaunches pass; their symbol names are part of the ABI
// (OffloadABI.h).

/// A launch record with FrameBytes of frame for a child of the calling
/// thread's grid; returns the frame, or null when the nesting depth limit is
/// reached, the frame does not fit or every record is in use.
void *childBegin(uint64_t FrameBytes) __asm__(OMPGPU_CHILD_BEGIN_SYMBOL);

/// Launches Child's kernel with the launch record whose frame is Frame and
/// the region's NumArgs captured values Args (clang's kernel parameters after
/// the launch environment, each 8 bytes), into the fire-and-forget stream.
/// The geometry comes from the clauses (NumTeams, ThreadLimit; 0 if absent),
/// the loop's TripCount (0 if unknown) and the occupancy of the kernel.
/// Continuation, if not null, runs after the child, in its last team.
/// Returns 1 if the child was launched; otherwise the record is released and
/// the caller runs the region inline.
int32_t childLaunch(
    ChildKernelTy *Child, void *Frame, const uint64_t *Args, uint32_t NumArgs,
    int64_t TripCount, int32_t NumTeams, int32_t ThreadLimit,
    void (*Continuation)(void *Frame)) __asm__(OMPGPU_CHILD_LAUNCH_SYMBOL);

/// Kernel entry, every thread: records the kernel's launch environment
/// argument (null from the host) for the block.
void recordLaunch(ChildLaunchTy *Launch) __asm__(OMPGPU_RECORD_LAUNCH_SYMBOL);

/// End of a child kernel, every thread that returns from
/// __kmpc_target_deinit. Returns the continuation the calling thread must
/// run with childFrame() before it calls childKernelDone(), or null.
void *childKernelEnd() __asm__(OMPGPU_CHILD_KERNEL_END_SYMBOL);
void *childFrame() __asm__(OMPGPU_CHILD_FRAME_SYMBOL);
void childKernelDone() __asm__(OMPGPU_CHILD_KERNEL_DONE_SYMBOL);

/// The teams reductions of kernels that may be launched from device code:
/// with the records of the launch when the device launched the kernel, else
/// with the image's (Reduction.cpp).
void *childReductionBuffer() __asm__(OMPGPU_CHILD_REDUCTION_BUFFER_SYMBOL);
int32_t childTeamsReduce(
    ident_t *Loc, void *Buffer, uint32_t Records, uint64_t RecordBytes,
    void *ReduceList, void *ShuffleReduce, void *InterWarpCopy,
    void *ListToGlobalCopy, void *ListToGlobalReduce, void *GlobalToListCopy,
    void *GlobalToListReduce) __asm__(OMPGPU_CHILD_TEAMS_REDUCE_SYMBOL);
int32_t childTeamsReduceDeferred(
    ident_t *Loc, void *Buffer, uint32_t Records, uint64_t RecordBytes,
    void *ReduceList, void *ShuffleReduce, void *InterWarpCopy,
    void *ListToGlobalCopy, void *ListToGlobalReduce, void *GlobalToListCopy,
    void
        *GlobalToListReduce) __asm__(OMPGPU_CHILD_TEAMS_REDUCE_DEFERRED_SYMBOL);

} // namespace launch
} // namespace ompgpu

#endif // OMPGPU_DEVICE_DEVICELAUNCH_H
