//===- DeviceProperties.h - What a CUDA device is ---------------*- C++ -*-===//
//
// The properties of a device that its parts (image loading, launches,
// messages) need, read from the driver when the device is initialized.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_DEVICEPROPERTIES_H
#define OMPTARGET_DEVICEPROPERTIES_H

#include <cstdint>
#include <string>

namespace omptarget {

struct DeviceProperties {
  /// The OpenMP device number.
  int Id = 0;
  /// How many devices the process sees, for omp_get_num_devices() on the
  /// device.
  int NumDevices = 0;
  /// Compute capability as major * 10 + minor (90 for an H100).
  unsigned SM = 0;
  unsigned Multiprocessors = 0;
  /// Threads one multiprocessor holds at once (2048 on an H100).
  unsigned ThreadsPerMultiprocessor = 0;
  /// The driver's name for the GPU, "NVIDIA H100 80GB HBM3".
  std::string Name;
  /// Kernels may access any host memory (CU_DEVICE_ATTRIBUTE_PAGEABLE_-
  /// MEMORY_ACCESS: HMM, or a hardware-coherent system like Grace Hopper).
  bool PageableMemoryAccess = false;
  /// Host and device may use managed memory at the same time
  /// (CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS).
  bool ConcurrentManagedAccess = false;
  /// The largest row pitch of a 2-D or 3-D copy.
  uint64_t MaxPitch = 0;
};

} // namespace omptarget

#endif // OMPTARGET_DEVICEPROPERTIES_H
