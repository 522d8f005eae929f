//===- Runtime.h - Devices and where constructs run -------------*- C++ -*-===//
//
// The process-wide state: the CUDA driver, the devices it reports, and the
// decision where a construct runs under OMP_TARGET_OFFLOAD and the device
// numbering of OpenMP (devices 0..N-1, the host is the initial device N).
// The driver and the default device start on a thread of their own when the
// first program registers (startEarly), so that the 0.1-0.3 s they take
// overlaps the program's own start instead of its first construct; the first
// construct or device query waits for them.
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
#include <thread>
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

  /// What the first registration does, before libomp starts: loads the CUDA
  /// driver library (once, unless LIBOMPTARGET_EARLY_START=0) and, where there
  /// is none or OMP_TARGET_OFFLOAD=disabled, so that every target region runs
  /// on the host, keeps libomp's hidden helper threads from running target
  /// tasks (HostOpenMP.h says why).
  void prepareHost();
  /// Starts the driver and the default device on a thread of their own, once
  /// (unless OMP_TARGET_OFFLOAD=disabled or LIBOMPTARGET_EARLY_START=0).
  void startEarly();
  /// Waits for what startEarly started (before a program unregisters).
  void finishEarlyStart();

  /// Forgets a program on every device (__tgt_unregister_lib).
  void unloadProgram(const __tgt_bin_desc *Desc);

  /// Waits for the work queued on every device (at the program's end).
  void waitForDevices();

private:
  void initialize();
  /// Loads libcuda.so.1 into Cu, or says in Unavailable why not, once.
  void loadDriver();
  int defaultDevice() const;

  std::once_flag DriverOnce;
  std::once_flag InitOnce;
  std::once_flag EarlyStartOnce;
  std::mutex EarlyStartMutex;
  std::thread EarlyStart;
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
