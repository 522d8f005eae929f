//===- KernelBounds.cpp - Block-size bounds of the kernels ----------------===//
#include "ompgpu/Transforms/KernelBounds.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/RevisableBounds.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#include <string>

#define DEBUG_TYPE "ompgpu-kernel-bounds"

using namespace llvm;

STATISTIC(NumGenericBoundsGrown,
          "Generic kernels whose block bound grew by the master warp");
STATISTIC(NumSPMDBoundsRaised,
          "SPMD kernels without a thread_limit raised to 256 threads");

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

PreservedAnalyses KernelBoundsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &K : M) {
    if (!isKernel(K))
      continue;
    OptimizationRemarkEmitter ORE(&K);
    const Instruction &Anchor = remarkAnchor(K);
    std::optional<int64_t> Bound = integerAttribute(K, "nvvm.maxntid");
    std::optional<int64_t> Mode = kernelConfig(K, OMPGPU_CONFIG_EXEC_MODE);
    std::optional<int64_t> MaxThreads =
        kernelConfig(K, OMPGPU_CONFIG_MAX_THREADS);
    if (!Bound || !Mode || !MaxThreads) {
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName()
                        << " has no block bound or environment\n");
      ORE.emit([&] {
        return OptimizationRemarkMissed(RemarkPassName, "KernelBounds", &Anchor)
               << describeFunction(K.getName())
               << " keeps the block bound clang gave it: it has no "
                  "nvvm.maxntid or no kernel environment";
      });
      continue;
    }
    assert(*Bound > 0 && "clang bounds every kernel's block");
    if (*Mode == OMP_TGT_EXEC_MODE_GENERIC) {
      int64_t NewBound = *Bound + OMPGPU_MASTER_WARP_THREADS;
      K.addFnAttr("nvvm.maxntid", std::to_string(NewBound));
      ++NumGenericBoundsGrown;
      Changed = true;
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName() << " generic, "
                        << *Bound << " -> " << NewBound << " threads\n");
      ORE.emit([&] {
        return OptimizationRemark(RemarkPassName, "KernelBounds", &Anchor)
               << describeFunction(K.getName()) << " runs up to "
               << ore::NV("Workers", *Bound)
               << " worker threads and the master warp: blocks of up to "
               << ore::NV("BlockSize", NewBound) << " threads";
      });
      continue;
    }
    bool ClangDefault =
        *Bound == ClangDefaultThreadLimit &&
        *MaxThreads == ClangDefaultThreadLimit &&
        integerAttribute(K, "omp_target_thread_limit") ==
            ClangDefaultThreadLimit;
    if (!ClangDefault) {
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(RemarkPassName, "KernelBounds",
                                          &Anchor)
               << describeFunction(K.getName()) << " keeps its block bound of "
               << ore::NV("BlockSize", *Bound)
               << " threads (a thread_limit of its own)";
      });
      continue;
    }
    K.addFnAttr("nvvm.maxntid", std::to_string(PreferredSPMDThreads));
    K.addFnAttr("omp_target_thread_limit",
                std::to_string(PreferredSPMDThreads));
    K.addFnAttr(RevisableBlockSizeAttr);
    bool HasEnvironment =
        setKernelConfig(K, OMPGPU_CONFIG_MAX_THREADS, PreferredSPMDThreads);
    assert(HasEnvironment && "its MaxThreads was read from it above");
    (void)HasEnvironment;
    ++NumSPMDBoundsRaised;
    Changed = true;
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName() << " SPMD, " << *Bound
                      << " -> " << PreferredSPMDThreads << " threads\n");
    ORE.emit([&] {
      return OptimizationRemark(RemarkPassName, "KernelBounds", &Anchor)
             << describeFunction(K.getName())
             << " has clang's default block bound of "
             << ore::NV("ClangDefault", ClangDefaultThreadLimit)
             << " threads: teams of up to "
             << ore::NV("BlockSize", PreferredSPMDThreads)
             << " threads, fewer where a thread_limit clause asks at launch";
    });
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
