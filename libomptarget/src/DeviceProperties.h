//===- DeviceProperties.h - What a CUDA device is ---------------*- C++ -*-===//
//
// The properties of a device that its parts (image loading, launches,
// messages) need, read from the driver when the device is initialized.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_DEVICEPROPERTIES_H
#define OMPTARGET_DEVICEPROPERTIES_H

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
  /// The driver's name for the GPU, "NVIDIA H100 80GB HBM3".
  std::string Name;
};

} // namespace omptarget

#endif // OMPTARGET_DEVICEPROPERTIES_H
