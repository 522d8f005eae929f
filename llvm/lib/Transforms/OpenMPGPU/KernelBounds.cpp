//===- KernelBounds.cpp - Block-size bounds of the kernels ----------------===//
#include "ompgpu/Transforms/KernelBounds.h"
#include "ompgpu/Transforms/KernelEnvironment.h"

#include <string>

using namespace llvm;

namespace ompgpu {
namespace {

/// What clang-22 uses when the program sets no thread limit (NVPTX).
constexpr int64_t ClangDefaultThreadLimit = 128;
constexpr int64_t PreferredSPMDThreads = 256;

std::optional<int64_t> integerAttribute(const Function &F, StringRef Name) {
  if (!F.hasFnAttribute(Name))
    return std::nullopt;
  int64_t Value = 0;
  if (F.getFnAttribute(Name).getValueAsString().getAsInteger(10, Value))
    return std::nullopt;
  return Value;
}

} // namespace

void adjustKernelBounds(Module &M) {
  for (Function &K : M) {
    if (!isKernel(K))
      continue;
    std::optional<int64_t> Bound = integerAttribute(K, "nvvm.maxntid");
    std::optional<int64_t> Mode = kernelConfig(K, OMPGPU_CONFIG_EXEC_MODE);
    std::optional<int64_t> MaxThreads =
        kernelConfig(K, OMPGPU_CONFIG_MAX_THREADS);
    if (!Bound || !Mode || !MaxThreads)
      continue;
    if (*Mode == OMP_TGT_EXEC_MODE_GENERIC) {
      K.addFnAttr("nvvm.maxntid", std::to_string(*Bound + OMPGPU_MASTER_WARP_THREADS));
      continue;
    }
    bool ClangDefault =
        *Bound == ClangDefaultThreadLimit &&
        *MaxThreads == ClangDefaultThreadLimit &&
        integerAttribute(K, "omp_target_thread_limit") ==
            ClangDefaultThreadLimit;
    if (ClangDefault) {
      K.addFnAttr("nvvm.maxntid", std::to_string(PreferredSPMDThreads));
      K.addFnAttr("omp_target_thread_limit",
                  std::to_string(PreferredSPMDThreads));
      setKernelConfig(K, OMPGPU_CONFIG_MAX_THREADS, PreferredSPMDThreads);
    }
  }
}

} // namespace ompgpu
