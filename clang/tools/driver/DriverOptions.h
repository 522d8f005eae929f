//===- DriverOptions.h - What the driver adds to a clang-22 command line --===//
//
// The driver is stock clang-22 plus a few arguments when the command asks for
// OpenMP offloading, and, on every OpenMP compile, an omp.h that agrees with
// the host OpenMP runtime programs load. This header exposes that rewrite so
// that it can be read (and tested through `-###`) apart from the process
// handling in main().
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_DRIVER_DRIVEROPTIONS_H
#define OMPGPU_DRIVER_DRIVEROPTIONS_H

#include <optional>
#include <string>
#include <vector>

namespace ompgpu {

/// The result of looking at a user's command line (response files expanded).
struct OffloadRequest {
  bool Offloading = false; ///< -fopenmp-targets= or --offload-arch= seen.
  /// The line offloads but has no -fopenmp option, and the driver adds one:
  /// -fopenmp-targets= means OpenMP anywhere, --offload-arch= on a link line.
  /// Build systems put the OpenMP library on link lines without -fopenmp
  /// (CMake's FindOpenMP does), which would make clang-22 skip the device link.
  bool AddOpenMP = false;
  bool NamesArchitecture = false;   ///< --offload-arch= or an older spelling.
  bool HasOffloadLTO = false;       ///< -foffload-lto already there.
  bool CompilesSource = false;      ///< A source file is compiled.
  /// A source file is compiled with OpenMP and LLVM's host runtime (libomp),
  /// with the standard include paths.
  bool CompilesOpenMP = false;
  bool LinksProgram = false;        ///< The command ends in a link.
  /// -fopenmp-offload-report: the link step prints what each kernel uses.
  bool KernelReport = false;
  std::optional<std::string> Error; ///< A request we cannot honour.
  /// Something that will not work as the user probably expects, said before
  /// clang-22 runs (an object with device code in a link without offloading).
  std::optional<std::string> Warning;
};

/// Decides whether \p Args ask for OpenMP offloading, and whether we support
/// what they ask for (NVPTX targets only). Reads the response files (@file)
/// the line names, and, for a link that does not offload, the input objects,
/// to warn when they carry device code that such a link leaves out.
OffloadRequest analyzeCommandLine(const std::vector<std::string> &Args);

/// The C and C++ source files \p Args name on the line itself (not in
/// response files), by their extension.
std::vector<std::string> sourceInputs(const std::vector<std::string> &Args);

/// Removes the options only this driver knows from \p Args (clang-22 would
/// reject them) and records them in \p Request: -fopenmp-offload-report and
/// -fno-openmp-offload-report, the last of which wins. Options inside
/// response files stay, and clang-22 reports them.
void takeDriverOptions(std::vector<std::string> &Args, OffloadRequest &Request);

/// Returns \p Args with \p IncludeDir first among the system include paths:
/// its omp.h (clang/lib/Headers/omp.h.in) wraps clang-22's and agrees with
/// the host libomp.so.5 that programs load.
std::vector<std::string> addHostOpenMPHeader(std::vector<std::string> Args,
                                             const std::string &IncludeDir);

/// Returns \p Args with what an offloading compile needs on top of clang-22:
/// -fopenmp where \p Request says so, device code kept as bitcode
/// (-foffload-lto) so our link step can optimize the whole device program,
/// the default GPU architecture when none is named, \p ToolDir as a program
/// prefix (-B) so that clang-22 runs our clang-linker-wrapper at link time,
/// when the command compiles, the LLVM options the device compile needs for
/// our execution model, and, when it links, the link step's option for the
/// kernel report.
std::vector<std::string> addOffloadingArguments(std::vector<std::string> Args,
                                                const OffloadRequest &Request,
                                                const std::string &ToolDir,
                                                const std::string &DefaultArch);

} // namespace ompgpu

#endif
