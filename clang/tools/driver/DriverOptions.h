//===- DriverOptions.h - What the driver adds to a clang-22 command line --===//
//
// The driver is stock clang-22 plus a few arguments when the command asks for
// OpenMP offloading. This header exposes that rewrite so that it can be read
// (and tested through `-###`) apart from the process handling in main().
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_DRIVER_DRIVEROPTIONS_H
#define OMPGPU_DRIVER_DRIVEROPTIONS_H

#include <optional>
#include <string>
#include <vector>

namespace ompgpu {

/// The result of looking at a user's command line.
struct OffloadRequest {
  bool Offloading = false;      ///< -fopenmp-targets= or --offload-arch= seen.
  std::optional<std::string> Error; ///< A request we cannot honour.
};

/// Decides whether \p Args ask for OpenMP offloading, and whether we support
/// what they ask for (NVPTX targets only).
OffloadRequest analyzeCommandLine(const std::vector<std::string> &Args);

/// Returns \p Args with what an offloading compile needs on top of clang-22:
/// device code kept as bitcode (-foffload-lto) so our link step can optimize
/// the whole device program, the default GPU architecture when none is named,
/// \p ToolDir as a program prefix (-B) so that clang-22 runs our
/// clang-linker-wrapper at link time, and, when the command compiles, the LLVM
/// options the device compile needs for our execution model.
std::vector<std::string> addOffloadingArguments(std::vector<std::string> Args,
                                                const std::string &ToolDir,
                                                const std::string &DefaultArch);

} // namespace ompgpu

#endif
