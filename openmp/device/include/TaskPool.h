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
// The pool lives as long as a kernel launch: the first allocation of a new
// launch starts the bump pointer over (it is tagged with the launch number),
// so nothing needs freeing at the end of a kernel. That relies on the host
// running one kernel at a time on a device (docs/DESIGN.md). Requests larger
// than the largest size, and any when the pool is exhausted, go to the device
// heap.
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

/// Empties the calling team's free lists; at the start of a kernel, before
/// any thread of the team allocates.
void initTeam();

/// Bytes of zeroed memory, Alignment-aligned. Stops the kernel with a
/// message when neither the pool nor the device heap has them.
void *allocate(uint64_t Bytes);

/// Frees a block of allocate() for the calling team's next allocations.
void release(void *Ptr);

} // namespace pool
} // namespace tasks
} // namespace ompgpu

#endif // OMPGPU_DEVICE_TASKPOOL_H
