//===- TaskPool.h - Memory for task records ---------------------*- C++ -*-===//
//
// Task descriptors, dependence records, taskgroups and task-reduction copies
// live in global memory, since any thread of the team may touch them. CUDA's
// device malloc serializes on a lock and its heap is small by default, so
// they come from a pool in the image instead: blocks of eight power-of-two
// sizes (64 bytes to 8 KiB, each with a 16-byte header), carved from one
// device-wide array by a bump pointer and, once freed, kept on per-team free
// lists in shared memory for the team's next allocation of the same size.
// Only the bump pointer is shared by the device, and a team touches it only
// until its lists hold enough blocks.
//
// The pool's blocks are handed out again from its start once no team of any
// kernel uses it: each team of a program that creates tasks counts itself in
// when its kernel starts and out when it ends, and the first team to count
// itself in when the count is zero starts the bump pointer over, so nothing
// needs freeing at the end of a kernel. Kernels that run at once (nowait
// regions on streams of their own) share the pool. Requests larger than the
// largest size, and any when the pool is exhausted (it is not reused while
// some kernel that creates tasks is always running), go to the device heap;
// when that is exhausted too, the kernel stops with a message.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_TASKPOOL_H
#define OMPGPU_DEVICE_TASKPOOL_H

#include "DeviceTypes.h"

namespace ompgpu {
namespace tasks {
namespace pool {

/// Every block is aligned to this.
constexpr uint32_t Alignment = 16;

/// Counts the calling team in as a user of the pool and empties its free
/// lists; at the start of a kernel, before any thread of the team allocates.
void initTeam();

/// Counts the calling team out: at the end of a kernel, after every thread
/// of the team is done with tasks.
void finishTeam();

/// Bytes of zeroed memory, Alignment-aligned. Stops the kernel with a
/// message when neither the pool nor the device heap has them.
void *allocate(uint64_t Bytes);

/// Frees a block of allocate() for the calling team's next allocations.
void release(void *Ptr);

} // namespace pool
} // namespace tasks
} // namespace ompgpu

#endif // OMPGPU_DEVICE_TASKPOOL_H
