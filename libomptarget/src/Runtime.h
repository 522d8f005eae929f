//===- Runtime.h - Devices and where constructs run -------------*- C++ -*-===//
//
// The process-wide state: the CUDA driver, loaded at the first target
// construct (or device query), the devices it reports, and the decision where
// a construct runs under OMP_TARGET_OFFLOAD and the device numbering of
// OpenMP (devices 0..N-1, the host is the initial device N).
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_RUNTIME_H
#define OMPTARGET_RUNTIME_H

#include "omptarget.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace omptarget {

class Device;
struct CudaDriver;

class Runtime {
public:
  static Runtime &get();

  /// The device that runs a construct with device clause \p DeviceId (-1: the
  /// default device), or nullptr when the host runs it. Under
  /// OMP_TARGET_OFFLOAD=mandatory, a construct no GPU can run ends the process.
  Device *deviceForConstruct(int64_t DeviceId);

  /// The device of an omp_* API device number: nullptr with \p IsHost set for
  /// the initial device, nullptr without it for invalid numbers.
  Device *deviceForApi(int DeviceNum, bool &IsHost);

  /// omp_get_num_devices().
  int numDevices();

  /// Forgets a program on every device (__tgt_unregister_lib).
  void unloadProgram(const __tgt_bin_desc *Desc);

  /// Waits for the work queued on every device (at the program's end).
  void waitForDevices();

private:
  void initialize();
  int defaultDevice() const;

  std::once_flag InitOnce;
  std::atomic<bool> Initialized{false};
  const CudaDriver *Cu = nullptr;
  std::vector<std::unique_ptr<Device>> Devices;
  /// Why no GPU can be used, when none can.
  std::string Unavailable;
  /// omp_get_default_device of the host OpenMP runtime, which owns the
  /// default-device-var ICV, when it is loaded.
  int (*HostDefaultDevice)() = nullptr;
};

} // namespace omptarget

#endif // OMPTARGET_RUNTIME_H
