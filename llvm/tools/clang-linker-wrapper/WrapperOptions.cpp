//===- WrapperOptions.cpp - The command line clang-22 gives the wrapper ---===//
#include "WrapperOptions.h"

#include "ompgpu/OffloadLink/Commands.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace ompgpu {
namespace {

/// "--device-compiler=nvptx64-nvidia-cuda=-O2" and "--device-compiler=-O2"
/// (from -Xoffload-compiler) both carry the option after the last '='
/// that follows a target triple.
StringRef deviceOption(StringRef Value) {
  auto [Head, Rest] = Value.split('=');
  if (!Rest.empty() && !Head.starts_with("-"))
    return Rest;
  return Value;
}

Error applyDeviceCompilerOption(WrapperOptions &Options, StringRef Option) {
  if (Option.consume_front("-O")) {
    Options.DeviceOptLevel = StringSwitch<unsigned>(Option)
                                 .Case("0", 0)
                                 .Case("1", 1)
                                 .Case("2", 2)
                                 .Default(3);
    return Error::success();
  }
  // Optimization remarks of the device program, which is optimized here.
  for (auto [Flag, Filter] :
       {std::pair<StringRef, std::string *>{"-Rpass=", &Options.Remarks.Passed},
        {"-Rpass-missed=", &Options.Remarks.Missed},
        {"-Rpass-analysis=", &Options.Remarks.Analysis}})
    if (Option.consume_front(Flag)) {
      std::string Problem;
      if (!Regex(Option).isValid(Problem))
        return linkError("invalid regular expression '" + Option + "' in " +
                         Flag + ": " + Problem);
      *Filter = Option.str();
      return Error::success();
    }
  // What clang-22 forwards for every offloading link: LTO mode (device code
  // is always linked as bitcode here), verbosity and temporaries (the
  // wrapper's own flags say the same), debug info (not emitted for the
  // device yet; the compile steps already honoured it).
  if (Option.starts_with("-flto") || Option == "-v" ||
      Option.starts_with("-save-temps") || Option.starts_with("-g"))
    return Error::success();
  return linkError("unsupported device compiler option '" + Option + "'");
}

Error applyDeviceLinkerOption(WrapperOptions &Options, StringRef Option) {
  if (Option == "-lompdevice")
    return Error::success(); // Our device runtime is always linked.
  // The driver's -fopenmp-offload-report.
  if (Option == "--offload-report") {
    Options.KernelReport = true;
    return Error::success();
  }
  return linkError("unsupported device linker option '" + Option +
                   "' (the device link takes only --offload-report)");
}

} // namespace

Expected<WrapperOptions> parseWrapperOptions(int Argc, char **Argv) {
  WrapperOptions Options;
  for (int I = 1; I < Argc; ++I) {
    StringRef A = Argv[I];
    StringRef Value;
    if (A.consume_front("--should-extract=")) {
      Options.Archs.push_back(A.str());
    } else if (A.consume_front("--host-triple=")) {
      Options.HostTriple = A.str();
    } else if (A.consume_front("--linker-path=")) {
      Options.LinkerPath = A.str();
    } else if (A.consume_front("--device-compiler=")) {
      if (Error E = applyDeviceCompilerOption(Options, deviceOption(A)))
        return std::move(E);
    } else if (A.consume_front("--device-linker=")) {
      if (Error E = applyDeviceLinkerOption(Options, deviceOption(A)))
        return std::move(E);
    } else if (A == "--wrapper-verbose") {
      Options.Verbose = true;
    } else if (A == "--dry-run") {
      Options.DryRun = true;
    } else if (A == "--save-temps") {
      Options.SaveTemps = true;
    } else if (A.starts_with("--offload-opt=") || A == "--wrapper-time-trace" ||
               A.starts_with("--wrapper-jobs=")) {
      continue; // Tuning knobs of the upstream wrapper with no effect here.
    } else {
      if (A == "-o" && I + 1 < Argc)
        Options.Output = Argv[I + 1];
      Options.HostArgs.push_back(A.str());
    }
  }
  return std::move(Options);
}

} // namespace ompgpu
