//===- Environment.cpp - ICVs and settings from the environment -----------===//
//
// Parses the environment variables listed in Environment.h. Values that do not
// parse are ignored, as the OpenMP specification leaves them
// implementation-defined.
//
//===----------------------------------------------------------------------===//

#include "Environment.h"

#include <cctype>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <strings.h>
#include <tuple>
#include <unistd.h>

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

/// A positive number of bytes, decimal, optionally followed by K, M or G
/// (binary multiples); 0 for unset / malformed values.
static uint64_t parseBytes(const char *Value) {
  if (!Value || !*Value)
    return 0;
  char *End;
  unsigned long long N = strtoull(Value, &End, 10);
  if (End == Value || *Value == '-')
    return 0;
  static const char Suffixes[] = "KMG";
  unsigned Shift = 0;
  if (const char *Suffix = *End ? strchr(Suffixes, toupper(*End)) : nullptr) {
    Shift = 10 * unsigned(Suffix - Suffixes + 1);
    ++End;
  }
  if (*End != '\0' || N == 0 || N > (UINT64_MAX >> Shift))
    return 0;
  return static_cast<uint64_t>(N) << Shift;
}

/// The value of \p Name in \p Environ, or nullptr.
static const char *lookup(char *const *Environ, const char *Name) {
  size_t Length = strlen(Name);
  for (char *const *E = Environ; E && *E; ++E)
    if (!strncmp(*E, Name, Length) && (*E)[Length] == '=')
      return *E + Length + 1;
  return nullptr;
}

void DeviceScopedSetting::parse(const char *Name, char *const *Environ) {
  std::string Base(Name);
  auto Read = [&](const std::string &Variable) -> std::optional<Setting> {
    uint32_t Value = parsePositive(lookup(Environ, Variable.c_str()));
    if (!Value)
      return std::nullopt;
    return Setting{Value, Variable};
  };
  Unsuffixed = Read(Base);
  All = Read(Base + "_ALL");
  PerDeviceDefault = Read(Base + "_DEV");
  std::string Prefix = Base + "_DEV_";
  for (char *const *E = Environ; E && *E; ++E) {
    if (strncmp(*E, Prefix.c_str(), Prefix.size()))
      continue;
    const char *Number = *E + Prefix.size();
    char *End;
    long Device = strtol(Number, &End, 10);
    if (End == Number || *End != '=' || Device < 0 || Device > INT_MAX)
      continue;
    if (std::optional<Setting> S = Read(std::string(*E, End - *E)))
      PerDevice[static_cast<int>(Device)] = *S;
  }
}

std::pair<uint32_t, const char *>
DeviceScopedSetting::forDevice(int Device) const {
  auto It = PerDevice.find(Device);
  const Setting *S = It != PerDevice.end() ? &It->second
                     : PerDeviceDefault    ? &*PerDeviceDefault
                     : All                 ? &*All
                     : Unsuffixed          ? &*Unsuffixed
                                           : nullptr;
  if (!S)
    return {0, ""};
  return {S->Value, S->Variable.c_str()};
}

TeamsIcvs Environment::teams(int Device) const {
  TeamsIcvs Icvs;
  std::tie(Icvs.NumTeams, Icvs.NumTeamsVariable) = NumTeams.forDevice(Device);
  std::tie(Icvs.TeamsThreadLimit, Icvs.TeamsThreadLimitVariable) =
      TeamsThreadLimit.forDevice(Device);
  return Icvs;
}

Environment omptarget::parseEnvironment(char *const *Environ) {
  Environment Env;
  if (const char *TargetOffload = lookup(Environ, "OMP_TARGET_OFFLOAD")) {
    if (!strcasecmp(TargetOffload, "mandatory"))
      Env.Policy = OffloadPolicy::Mandatory;
    else if (!strcasecmp(TargetOffload, "disabled"))
      Env.Policy = OffloadPolicy::Disabled;
  }
  const char *DefaultDevice = lookup(Environ, "OMP_DEFAULT_DEVICE");
  if (DefaultDevice && *DefaultDevice) {
    char *End;
    long N = strtol(DefaultDevice, &End, 10);
    if (*End == '\0' && N >= 0 && N <= INT32_MAX)
      Env.DefaultDevice = static_cast<int>(N);
  }
  Env.NumTeams.parse("OMP_NUM_TEAMS", Environ);
  Env.TeamsThreadLimit.parse("OMP_TEAMS_THREAD_LIMIT", Environ);
  // Upstream's LIBOMPTARGET_INFO is a bit mask; any non-zero value turns all of
  // our (few, one line per event) info messages on.
  const char *Info = lookup(Environ, "LIBOMPTARGET_INFO");
  Env.Info = Info && *Info && strtol(Info, nullptr, 0) != 0;
  Env.HeapSize = parseBytes(lookup(Environ, "LIBOMPTARGET_HEAP_SIZE"));
  Env.PrintfBufferSize =
      parseBytes(lookup(Environ, "LIBOMPTARGET_PRINTF_BUFFER_SIZE"));
  Env.StackSize = parseBytes(lookup(Environ, "LIBOMPTARGET_STACK_SIZE"));
  if (const char *Path = lookup(Environ, "LIBOMPTARGET_LARGE_COPIES")) {
    if (!strcasecmp(Path, "register"))
      Env.LargeCopies = LargeCopyPath::Register;
    else if (!strcasecmp(Path, "pageable"))
      Env.LargeCopies = LargeCopyPath::Pageable;
  }
  Env.StagingThreads =
      parsePositive(lookup(Environ, "LIBOMPTARGET_STAGING_THREADS"));
  if (const char *Shaped = lookup(Environ, "LIBOMPTARGET_SHAPED_GRIDS"))
    Env.ShapedGrids = strcmp(Shaped, "0") != 0;
  if (const char *Early = lookup(Environ, "LIBOMPTARGET_EARLY_START"))
    Env.EarlyStart = strcmp(Early, "0") != 0;
  return Env;
}

const Environment &omptarget::getEnvironment() {
  static const Environment Env = parseEnvironment(environ);
  return Env;
}
