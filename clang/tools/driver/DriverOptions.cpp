//===- DriverOptions.cpp - What the driver adds to a clang-22 command line ===//
//
// Kept free of LLVM libraries on purpose: the driver only rewrites arguments
// and execs clang-22, so it starts as fast as the stock driver.
//
//===----------------------------------------------------------------------===//
#include "DriverOptions.h"

#include <algorithm>
#include <sstream>

namespace ompgpu {
namespace {

/// The static shared memory OpenMPOpt may give master locals of one compiled
/// file: small enough that a generic kernel keeps its occupancy (twelve
/// blocks of 160 threads share an SM's 228 KiB), large enough for the
/// scalars and small arrays programs share with their parallel regions.
constexpr unsigned StaticSharedLocalsBytes = 16 * 1024;

bool startsWith(const std::string &S, const std::string &Prefix) {
  return S.compare(0, Prefix.size(), Prefix) == 0;
}

bool isSupportedTarget(const std::string &Triple) {
  return Triple == "nvptx64" || Triple == "nvptx64-nvidia-cuda";
}

std::vector<std::string> splitCommas(const std::string &List) {
  std::vector<std::string> Items;
  std::stringstream Stream(List);
  for (std::string Item; std::getline(Stream, Item, ',');)
    if (!Item.empty())
      Items.push_back(Item);
  return Items;
}

/// An architecture given with --offload-arch= or the older
/// -Xopenmp-target -march= / --cuda-gpu-arch= spellings.
bool namesArchitecture(const std::vector<std::string> &Args, size_t I) {
  const std::string &A = Args[I];
  if (startsWith(A, "--offload-arch=") || startsWith(A, "--cuda-gpu-arch=") ||
      A == "--offload-arch" || A == "--cuda-gpu-arch")
    return true;
  return startsWith(A, "-Xopenmp-target") && I + 1 < Args.size() &&
         startsWith(Args[I + 1], "-march=");
}

/// Whether the command compiles a source file (rather than only linking):
/// options for the compiler's code generation would be unused otherwise.
bool compilesSource(const std::vector<std::string> &Args) {
  static const char *const Extensions[] = {".c",   ".cc", ".cp", ".cpp", ".cxx",
                                           ".c++", ".C",  ".i",  ".ii"};
  for (const std::string &A : Args) {
    if (startsWith(A, "-x")) // -x LANG / -xLANG
      return true;
    if (A.empty() || A[0] == '-')
      continue;
    for (const char *Ext : Extensions) {
      std::string E(Ext);
      if (A.size() > E.size() &&
          A.compare(A.size() - E.size(), E.size(), E) == 0)
        return true;
    }
  }
  return false;
}

} // namespace

OffloadRequest analyzeCommandLine(const std::vector<std::string> &Args) {
  OffloadRequest Request;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    std::string Targets;
    if (startsWith(A, "-fopenmp-targets="))
      Targets = A.substr(std::string("-fopenmp-targets=").size());
    else if (A == "-fopenmp-targets" && I + 1 < Args.size())
      Targets = Args[I + 1];
    else if (startsWith(A, "--offload-arch") || startsWith(A, "--offload="))
      Request.Offloading = true;
    else if (A == "-fno-offload-lto")
      Request.Error = "-fno-offload-lto is not supported: device code is "
                      "linked and optimized as a whole program at link time";
    for (const std::string &T : splitCommas(Targets)) {
      Request.Offloading = true;
      if (!isSupportedTarget(T))
        Request.Error = "unsupported offloading target '" + T +
                        "': this toolchain supports nvptx64 "
                        "(nvptx64-nvidia-cuda) only";
    }
  }
  return Request;
}

std::vector<std::string>
addOffloadingArguments(std::vector<std::string> Args,
                       const std::string &ToolDir,
                       const std::string &DefaultArch) {
  bool HasArch = false;
  for (size_t I = 0; I < Args.size(); ++I)
    HasArch |= namesArchitecture(Args, I);
  bool HasLTO =
      std::find(Args.begin(), Args.end(), "-foffload-lto") != Args.end();
  std::vector<std::string> Extra = {"-B" + ToolDir};
  if (!HasLTO)
    Extra.push_back("-foffload-lto");
  if (!HasArch)
    Extra.push_back("--offload-arch=" + DefaultArch);
  // LLVM's OpenMPOpt, which clang runs while compiling device code, folds the
  // number of threads in a block to the kernel's thread limit. Generic-mode
  // kernels run one more warp than that (the master warp; DESIGN.md,
  // "Execution model"), so that folding would be wrong for them.
  // The same pass places master locals shared with parallel regions in
  // static shared memory where their size is known, without a bound of its
  // own: locals of a few hundred KiB would make kernels ptxas rejects. Larger
  // ones go to the data-sharing stack and its global-memory fallback.
  if (compilesSource(Args)) {
    Extra.push_back("-mllvm");
    Extra.push_back("-openmp-opt-disable-folding");
    Extra.push_back("-mllvm");
    Extra.push_back("-openmp-opt-shared-limit=" +
                    std::to_string(StaticSharedLocalsBytes));
  }
  // Our additions go first so that anything the user wrote still wins.
  Args.insert(Args.begin(), Extra.begin(), Extra.end());
  return Args;
}

} // namespace ompgpu
