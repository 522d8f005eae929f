//===- Runtime.cpp - Devices and where constructs run ---------------------===//
//
// Without a usable GPU (no libcuda.so.1, no device, OMP_TARGET_OFFLOAD=
// disabled) there are zero devices and constructs run on the host, which
// clang's code does whenever __tgt_target_kernel fails. Where that is known
// before libomp starts (no libcuda.so.1, or offloading disabled), libomp is
// asked to keep target tasks off its hidden helper threads (HostOpenMP.h).
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"
#include "CudaDriver.h"
#include "Device.h"
#include "Diagnostics.h"
#include "Environment.h"
#include "HostOpenMP.h"

#include <dlfcn.h>

using namespace omptarget;

namespace {
/// OMP_DEVICEID_UNDEF: no device clause.
constexpr int64_t DefaultDeviceId = -1;
/// omp_invalid_device of OpenMP 5.2: using it is an error.
constexpr int64_t InvalidDeviceId = -2;
/// omp_initial_device of OpenMP 5.2, accepted by the omp_* API routines.
constexpr int InitialDeviceId = -1;
} // namespace

Runtime &Runtime::get() {
  // Never destroyed: exit handlers (__tgt_unregister_lib) may use it after
  // static destructors ran.
  static Runtime *Instance = new Runtime();
  return *Instance;
}

void Runtime::loadDriver() {
  std::call_once(DriverOnce, [this] {
    if (getEnvironment().Policy == OffloadPolicy::Disabled)
      Unavailable = "OMP_TARGET_OFFLOAD=disabled";
    else
      Cu = loadCudaDriver(Unavailable);
  });
}

void Runtime::prepareHost() {
  // Loading the library is part of starting early, which the program can
  // turn off: then only OMP_TARGET_OFFLOAD=disabled is known in time.
  const Environment &Env = getEnvironment();
  if (Env.Policy != OffloadPolicy::Disabled && !Env.EarlyStart)
    return;
  loadDriver();
  if (!Cu)
    hostomp::keepTargetTasksOffHiddenHelpers();
}

void Runtime::initialize() {
  loadDriver();
  if (Cu) {
    int Count = 0;
    CUresult Result = Cu->Init(0);
    if (Result == CUDA_SUCCESS)
      Result = Cu->DeviceGetCount(&Count);
    if (Result != CUDA_SUCCESS)
      Unavailable = "the CUDA driver failed to start: " + Cu->describe(Result);
    else if (Count == 0)
      Unavailable = "the CUDA driver reports no device";
    for (int I = 0; I < Count; ++I) {
      CUdevice Handle;
      Result = Cu->DeviceGet(&Handle, I);
      if (Result != CUDA_SUCCESS) {
        Unavailable = "the CUDA driver cannot open device " +
                      std::to_string(I) + ": " + Cu->describe(Result);
        Devices.clear();
        break;
      }
      Devices.push_back(std::make_unique<Device>(*Cu, I, Count, Handle));
    }
  }
  HostDefaultDevice = reinterpret_cast<int (*)()>(
      dlsym(RTLD_DEFAULT, "omp_get_default_device"));
  if (Devices.empty()) {
    info("no GPU is available (%s): target regions run on the host",
         Unavailable.c_str());
  } else {
    info("%zu CUDA device(s) available", Devices.size());
    // Target regions do not wait for their kernels: the program's end waits
    // for them, and reports their faults. Registered after the driver
    // started, so that it runs before the driver's own exit handlers.
    atexit([] { Runtime::get().waitForDevices(); });
  }
  Initialized.store(true, std::memory_order_release);
}

void Runtime::startEarly() {
  const Environment &Env = getEnvironment();
  if (Env.Policy == OffloadPolicy::Disabled || !Env.EarlyStart)
    return;
  std::call_once(EarlyStartOnce, [this] {
    std::lock_guard<std::mutex> Lock(EarlyStartMutex);
    EarlyStart = std::thread([this] {
      std::call_once(InitOnce, [this] { initialize(); });
      // The host OpenMP runtime may not have started yet: OMP_DEFAULT_DEVICE
      // or device 0 stands for the default device.
      int Id = getEnvironment().DefaultDevice;
      if (Id < 0)
        Id = 0;
      if (Id < static_cast<int>(Devices.size()))
        Devices[Id]->startEarly();
    });
  });
}

void Runtime::finishEarlyStart() {
  std::lock_guard<std::mutex> Lock(EarlyStartMutex);
  if (EarlyStart.joinable())
    EarlyStart.join();
}

int Runtime::defaultDevice() const {
  if (HostDefaultDevice)
    return HostDefaultDevice();
  int Env = getEnvironment().DefaultDevice;
  return Env >= 0 ? Env : 0;
}

Device *Runtime::deviceForConstruct(int64_t DeviceId) {
  std::call_once(InitOnce, [this] { initialize(); });
  const Environment &Env = getEnvironment();
  if (Env.Policy == OffloadPolicy::Disabled)
    return nullptr;
  bool Mandatory = Env.Policy == OffloadPolicy::Mandatory;
  if (DeviceId == DefaultDeviceId)
    DeviceId = defaultDevice();
  int64_t N = static_cast<int64_t>(Devices.size());
  if (N == 0) {
    if (Mandatory)
      fatal("OMP_TARGET_OFFLOAD=mandatory but no GPU is available (%s)",
            Unavailable.c_str());
    return nullptr;
  }
  if (DeviceId == N)
    return nullptr;
  if (DeviceId < 0 || DeviceId > N) {
    if (Mandatory || DeviceId == InvalidDeviceId)
      fatal("device number %lld is not valid: there are %lld devices "
            "(0 to %lld) and the host is device %lld",
            static_cast<long long>(DeviceId), static_cast<long long>(N),
            static_cast<long long>(N - 1), static_cast<long long>(N));
    info("device number %lld is not valid: the construct runs on the host",
         static_cast<long long>(DeviceId));
    return nullptr;
  }
  return Devices[DeviceId].get();
}

Device *Runtime::deviceForApi(int DeviceNum, bool &IsHost) {
  std::call_once(InitOnce, [this] { initialize(); });
  int N = static_cast<int>(Devices.size());
  IsHost = DeviceNum == N || DeviceNum == InitialDeviceId;
  if (IsHost || DeviceNum < 0 || DeviceNum > N)
    return nullptr;
  return Devices[DeviceNum].get();
}

int Runtime::numDevices() {
  std::call_once(InitOnce, [this] { initialize(); });
  return static_cast<int>(Devices.size());
}

void Runtime::waitForDevices() {
  for (auto &D : Devices)
    D->waitForQueuedWork();
}

void Runtime::unloadProgram(const __tgt_bin_desc *Desc) {
  // Nothing was loaded if the runtime never started.
  if (!Initialized.load(std::memory_order_acquire))
    return;
  for (auto &D : Devices)
    D->unloadProgram(Desc);
}
