//===- WrapperOptions.h - The command line clang-22 gives the wrapper -----===//
//
// clang-22 runs "clang-linker-wrapper <wrapper options> <host linker line>".
// The wrapper options start with "--" and name the device side; everything
// else is the host link, passed on to the linker with our additions.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_WRAPPER_WRAPPEROPTIONS_H
#define OMPGPU_WRAPPER_WRAPPEROPTIONS_H

#include "ompgpu/OffloadLink/RemarkPrinter.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ompgpu {

struct WrapperOptions {
  std::vector<std::string> Archs; ///< --should-extract=sm_90 (repeatable)
  std::string HostTriple = "x86_64-pc-linux-gnu";
  std::string LinkerPath = "/usr/bin/ld";
  unsigned DeviceOptLevel = 3;    ///< from --device-compiler=<triple>=-O<n>
  bool Verbose = false;           ///< --wrapper-verbose (clang -v)
  bool DryRun = false;            ///< --dry-run
  bool SaveTemps = false;         ///< --save-temps
  bool KernelReport = false;      ///< --device-linker=--offload-report
  RemarkFilters Remarks;          ///< the -Rpass options clang forwards
  std::string Output = "a.out";   ///< the host link's -o
  std::vector<std::string> HostArgs;
};

/// Parses the wrapper's command line; rejects device options we do not
/// implement rather than ignoring them.
llvm::Expected<WrapperOptions> parseWrapperOptions(int Argc, char **Argv);

} // namespace ompgpu

#endif
