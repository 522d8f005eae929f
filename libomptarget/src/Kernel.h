//===- Kernel.h - A kernel of a loaded device image -------------*- C++ -*-===//
//
// What the runtime knows about a target region's kernel once its image is
// loaded on a device (its kernel environment, limits and launch caches), and
// the buffers that the launches on a device reuse.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_KERNEL_H
#define OMPTARGET_KERNEL_H

#include "CudaDriver.h"
#include "LaunchGeometry.h"

#include <string>
#include <utility>
#include <vector>

namespace omptarget {

struct Kernel {
  std::string Name;
  /// As the source names it, "main:12" (kernelSourceName), for the trace.
  std::string SourceName;
  CUfunction Function = nullptr;
  KernelShape Shape;
  /// Occupancy cache: blocks per multiprocessor for the last block size and
  /// dynamic shared memory launched (asking the driver costs a call).
  uint32_t OccupancyBlockSize = 0;
  uint32_t OccupancySharedMemory = 0;
  uint32_t BlocksPerMultiprocessor = 0;
  /// Dynamic shared memory the kernel was allowed beyond the default 48 KiB.
  uint32_t SharedMemoryLimit = 48 * 1024;
  /// Bytes of one teams-reduction record and the records the kernel asks
  /// for; 0 if it does not reduce across teams.
  uint32_t ReductionRecordBytes = 0;
  uint32_t ReductionRecords = 0;
  /// The program's device code calls printf, whose output reaches the host
  /// only when the host waits for the device.
  bool Prints = false;
};

/// Per-device storage reused by every launch (the driver copies the
/// arguments when it queues the launch).
struct LaunchBuffers {
  std::vector<uintptr_t> DeviceBegins;
  std::vector<uintptr_t> Arguments;
  /// Host staging of firstprivate copies, and for each the argument it feeds
  /// and its offset in the device buffer (adjusted to the base pointer).
  std::vector<char> Privates;
  std::vector<std::pair<size_t, intptr_t>> PrivateSlots;
};

} // namespace omptarget

#endif // OMPTARGET_KERNEL_H
