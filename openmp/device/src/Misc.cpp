//===- Misc.cpp - Timers, device identity and fixed answers ---------------===//
//
// The OpenMP routines whose answers do not depend on the team: wall clock,
// which device this is, the device's teams ICVs, and features the device
// runtime does not offer (cancellation, thread affinity).
//
// The device number and count and the teams ICVs come from the host runtime,
// which writes the device environment (OffloadABI.h) after it loads the
// image; until it does, the routines that need it stop with an error rather
// than guess.
//
//===----------------------------------------------------------------------===//

#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"

using namespace ompgpu;

/// Written by the host runtime through the CUDA driver when it loads the
/// image; NumDevices is 0 until then. Protected visibility, like the globals
/// clang makes for the host to find, keeps it external through the link
/// step; volatile loads keep its initial value from being folded.
__attribute__((visibility("protected"))) DeviceEnvironmentTy
    DeviceEnvironment __asm__(OMPGPU_DEVICE_ENVIRONMENT_SYMBOL) = {0, 0, 0, 0};

namespace {

DeviceEnvironmentTy deviceEnvironment(const char *Routine) {
  volatile DeviceEnvironmentTy &Env = DeviceEnvironment;
  uint32_t NumDevices = Env.NumDevices;
  if (!NumDevices)
    fatal(nullptr, Routine);
  uint32_t DeviceNum = Env.DeviceNum;
  OMPGPU_ASSERT(DeviceNum < NumDevices, nullptr,
                "the host runtime's device environment names a device beyond "
                "the device count");
  return {NumDevices, DeviceNum, Env.NumTeams, Env.TeamsThreadLimit};
}

} // namespace

extern "C" {

double omp_get_wtime() { return double(hw::globalTimer()) * 1.0e-9; }

// %globaltimer counts nanoseconds.
double omp_get_wtick() { return 1.0e-9; }

int omp_is_initial_device() { return 0; }

int omp_get_device_num() {
  return deviceEnvironment("omp_get_device_num: the host runtime did not "
                           "provide the device environment")
      .DeviceNum;
}

int omp_get_num_devices() {
  return deviceEnvironment("omp_get_num_devices: the host runtime did not "
                           "provide the device environment")
      .NumDevices;
}

// Inside a target region the device it runs on is the natural default.
int omp_get_default_device() {
  return deviceEnvironment("omp_get_default_device: the host runtime did not "
                           "provide the device environment")
      .DeviceNum;
}

// nteams-var and teams-thread-limit-var of this device, which the host sets
// from OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT (0 when unset).
int omp_get_max_teams() {
  return deviceEnvironment("omp_get_max_teams: the host runtime did not "
                           "provide the device environment")
      .NumTeams;
}

int omp_get_teams_thread_limit() {
  return deviceEnvironment("omp_get_teams_thread_limit: the host runtime did "
                           "not provide the device environment")
      .TeamsThreadLimit;
}

// cancel-var is false: the device runtime does not implement cancellation.
int omp_get_cancellation() { return 0; }

// Threads of a GPU have no places to be bound to: omp_proc_bind_false.
int omp_get_proc_bind() { return 0; }
}
