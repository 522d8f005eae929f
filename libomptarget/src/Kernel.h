//===- Kernel.h - Target region kernels and their launch --------*- C++ -*-===//
//
// A kernel of a loaded device image, with what its kernel environment says, and
// the launch of a target region: map its data, pass its arguments, pick the
// geometry, run it and unmap.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_KERNEL_H
#define OMPTARGET_KERNEL_H

#include "CudaDriver.h"
#include "LaunchGeometry.h"

#include <string>
#include <vector>

namespace omptarget {

class Device;

struct Kernel {
  std::string Name;
  CUfunction Function = nullptr;
  KernelShape Shape;
  /// Occupancy cache: blocks per multiprocessor for the last block size and
  /// dynamic shared memory launched (asking the driver costs a call).
  uint32_t OccupancyBlockSize = 0;
  uint32_t OccupancySharedMemory = 0;
  uint32_t BlocksPerMultiprocessor = 0;
  /// Dynamic shared memory the kernel was allowed beyond the default 48 KiB.
  uint32_t SharedMemoryLimit = 48 * 1024;
};

/// Per-device storage reused by every launch.
struct LaunchBuffers {
  std::vector<uintptr_t> DeviceBegins;
  std::vector<uintptr_t> Arguments;
  std::vector<void *> ArgumentPointers;
  /// Host staging of firstprivate copies, and for each the argument it feeds
  /// and its offset in the device buffer (adjusted to the base pointer).
  std::vector<char> Privates;
  std::vector<std::pair<size_t, intptr_t>> PrivateSlots;
};

/// Runs a target region on \p D (whose lock the caller holds): the data
/// mapping of its map clauses around the launch of \p K.
void launchKernel(Device &D, Kernel &K, int32_t NumTeams,
                  const __tgt_kernel_arguments &Args);

} // namespace omptarget

#endif // OMPTARGET_KERNEL_H
