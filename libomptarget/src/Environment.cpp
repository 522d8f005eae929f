//===- Environment.cpp - ICVs and settings from the environment -----------===//
//
// Parses the environment variables listed in Environment.h. Values that do not
// parse are ignored, as the OpenMP specification leaves them
// implementation-defined.
//
//===----------------------------------------------------------------------===//

#include "Environment.h"

#include <cstdlib>
#include <strings.h>

using namespace omptarget;

/// A positive decimal integer, or 0 for unset / malformed values.
static uint32_t parsePositive(const char *Value) {
  if (!Value || !*Value)
    return 0;
  char *End;
  long long N = strtoll(Value, &End, 10);
  if (*End != '\0' || N <= 0 || N > INT32_MAX)
    return 0;
  return static_cast<uint32_t>(N);
}

Environment omptarget::parseEnvironment(const char *TargetOffload,
                                        const char *DefaultDevice,
                                        const char *NumTeams,
                                        const char *TeamsThreadLimit,
                                        const char *Info) {
  Environment Env;
  if (TargetOffload) {
    if (!strcasecmp(TargetOffload, "mandatory"))
      Env.Policy = OffloadPolicy::Mandatory;
    else if (!strcasecmp(TargetOffload, "disabled"))
      Env.Policy = OffloadPolicy::Disabled;
  }
  if (DefaultDevice && *DefaultDevice) {
    char *End;
    long N = strtol(DefaultDevice, &End, 10);
    if (*End == '\0' && N >= 0 && N <= INT32_MAX)
      Env.DefaultDevice = static_cast<int>(N);
  }
  Env.NumTeams = parsePositive(NumTeams);
  Env.TeamsThreadLimit = parsePositive(TeamsThreadLimit);
  // Upstream's LIBOMPTARGET_INFO is a bit mask; any non-zero value turns all of
  // our (few, one line per event) info messages on.
  Env.Info = Info && *Info && strtol(Info, nullptr, 0) != 0;
  return Env;
}

const Environment &omptarget::getEnvironment() {
  static const Environment Env = parseEnvironment(
      getenv("OMP_TARGET_OFFLOAD"), getenv("OMP_DEFAULT_DEVICE"),
      getenv("OMP_NUM_TEAMS"), getenv("OMP_TEAMS_THREAD_LIMIT"),
      getenv("LIBOMPTARGET_INFO"));
  return Env;
}
