//===- Environment.h - ICVs and settings from the environment ---*- C++ -*-===//
//
// The environment variables the runtime honours, read once at first use:
// OMP_TARGET_OFFLOAD, OMP_DEFAULT_DEVICE, LIBOMPTARGET_INFO, the device
// ICVs nteams-var and teams-thread-limit-var of OpenMP 5.2 from
// OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT with their device-specific forms,
// and the sizes of the device heap and printf buffer (LIBOMPTARGET_HEAP_SIZE,
// LIBOMPTARGET_PRINTF_BUFFER_SIZE), and how large host copies travel
// (LIBOMPTARGET_LARGE_COPIES, LIBOMPTARGET_STAGING_THREADS; LargeCopies.h),
// and whether collapsed loops may run on grids of their shape
// (LIBOMPTARGET_SHAPED_GRIDS; LaunchGeometry.h).
// (LIBOMPTARGET_PROFILE is read by Trace.cpp when the runtime is loaded:
// whether to trace must be known before the first construct.)
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_ENVIRONMENT_H
#define OMPTARGET_ENVIRONMENT_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace omptarget {

/// The target-offload-var ICV.
enum class OffloadPolicy { Default, Mandatory, Disabled };

/// How copies of large host data travel (LargeCopies.h): through pinned
/// staging buffers, from the host memory page-locked for the copy, or the
/// driver's pageable path.
enum class LargeCopyPath { Staged, Register, Pageable };

/// A device's nteams-var and teams-thread-limit-var (0 when unset, their
/// initial value), with the variables that set them, for LIBOMPTARGET_INFO.
struct TeamsIcvs {
  uint32_t NumTeams = 0;
  uint32_t TeamsThreadLimit = 0;
  const char *NumTeamsVariable = "";
  const char *TeamsThreadLimitVariable = "";
};

/// The settings of an ICV of device scope: <VAR>_DEV_<n> sets it for device
/// n, <VAR>_DEV for the devices without their own, <VAR>_ALL for all the
/// others; <VAR> itself, which OpenMP 5.2 gives the host only, applies to
/// devices last, as in LLVM's runtime, so that OMP_NUM_TEAMS keeps shaping
/// kernel launches.
class DeviceScopedSetting {
public:
  /// Reads the forms of \p Name from \p Environ ("NAME=value" strings,
  /// null-terminated, like environ). Values other than positive integers are
  /// ignored.
  void parse(const char *Name, char *const *Environ);
  /// The value for device \p Device and the variable that set it; 0 and ""
  /// when none did.
  std::pair<uint32_t, const char *> forDevice(int Device) const;

private:
  struct Setting {
    uint32_t Value;
    std::string Variable;
  };
  std::optional<Setting> PerDeviceDefault, All, Unsuffixed;
  std::map<int, Setting> PerDevice;
};

struct Environment {
  OffloadPolicy Policy = OffloadPolicy::Default;
  /// OMP_DEFAULT_DEVICE, used when the host OpenMP runtime (which owns the
  /// default-device-var ICV) is not loaded; -1 when unset.
  int DefaultDevice = -1;
  DeviceScopedSetting NumTeams, TeamsThreadLimit;
  /// LIBOMPTARGET_INFO is set to a non-zero value.
  bool Info = false;
  /// Bytes of the device heap (LIBOMPTARGET_HEAP_SIZE), of the printf
  /// buffer (LIBOMPTARGET_PRINTF_BUFFER_SIZE) and of each device thread's
  /// stack (LIBOMPTARGET_STACK_SIZE); 0 when unset.
  uint64_t HeapSize = 0;
  uint64_t PrintfBufferSize = 0;
  uint64_t StackSize = 0;
  /// LIBOMPTARGET_LARGE_COPIES ("staged", "register" or "pageable").
  LargeCopyPath LargeCopies = LargeCopyPath::Staged;
  /// Host threads that copy into and out of staging buffers
  /// (LIBOMPTARGET_STAGING_THREADS); 0 when unset.
  uint32_t StagingThreads = 0;
  /// Whether kernels whose collapsed loop may run on a grid of its shape get
  /// one (LIBOMPTARGET_SHAPED_GRIDS, not 0; chooseShapedTeams).
  bool ShapedGrids = true;
  /// Whether the driver and the default device start on a thread of their
  /// own when the program registers (LIBOMPTARGET_EARLY_START, not 0).
  bool EarlyStart = true;

  /// The teams ICVs of device \p Device.
  TeamsIcvs teams(int Device) const;
};

/// The settings of this process, parsed on the first call.
const Environment &getEnvironment();

/// Parses the settings of \p Environ ("NAME=value" strings, null-terminated);
/// the process-wide ones are parseEnvironment(environ).
Environment parseEnvironment(char *const *Environ);

} // namespace omptarget

#endif // OMPTARGET_ENVIRONMENT_H
