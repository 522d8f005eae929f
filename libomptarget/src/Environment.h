//===- Environment.h - ICVs and settings from the environment ---*- C++ -*-===//
//
// The environment variables the runtime honours, read once at first use:
// OMP_TARGET_OFFLOAD, OMP_DEFAULT_DEVICE, OMP_NUM_TEAMS,
// OMP_TEAMS_THREAD_LIMIT and LIBOMPTARGET_INFO. (LIBOMPTARGET_PROFILE is read
// by Trace.cpp when the runtime is loaded: whether to trace must be known
// before the first construct.)
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_ENVIRONMENT_H
#define OMPTARGET_ENVIRONMENT_H

#include <cstdint>

namespace omptarget {

/// The target-offload-var ICV.
enum class OffloadPolicy { Default, Mandatory, Disabled };

struct Environment {
  OffloadPolicy Policy = OffloadPolicy::Default;
  /// OMP_DEFAULT_DEVICE, used when the host OpenMP runtime (which owns the
  /// default-device-var ICV) is not loaded; -1 when unset.
  int DefaultDevice = -1;
  /// nteams-var and teams-thread-limit-var; 0 when unset.
  uint32_t NumTeams = 0;
  uint32_t TeamsThreadLimit = 0;
  /// LIBOMPTARGET_INFO is set to a non-zero value.
  bool Info = false;
};

/// The settings of this process, parsed on the first call.
const Environment &getEnvironment();

/// Parses a settings block from explicit values (nullptr = unset); the
/// process-wide one is parseEnvironment(getenv(...), ...).
Environment parseEnvironment(const char *TargetOffload,
                             const char *DefaultDevice, const char *NumTeams,
                             const char *TeamsThreadLimit, const char *Info);

} // namespace omptarget

#endif // OMPTARGET_ENVIRONMENT_H
