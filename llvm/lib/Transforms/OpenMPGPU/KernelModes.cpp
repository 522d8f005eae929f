//===- KernelModes.cpp - Which kernels run SPMD, and why not --------------===//
//
// A generic kernel's own body is its code outside parallel regions: clang
// outlines each parallel region into a function that the kernel only passes
// to the fork (__kmpc_parallel_60). The body is walked in reverse post-order,
// so that "first" follows the program's order wherever control flow allows.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/KernelModes.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-kernel-modes"

using namespace llvm;

STATISTIC(NumSPMD, "Kernels in SPMD mode");
STATISTIC(NumGenericSPMD, "Generic kernels OpenMPOpt converted to SPMD");
STATISTIC(NumGeneric, "Kernels in generic mode");

namespace ompgpu {
namespace {

/// Runtime calls that do nothing a thread could not repeat: the kernel's
/// start and end, the fork, thread queries, master-local allocation.
bool isBookkeeping(StringRef Callee) {
  return Callee == OMPGPU_KMPC_TARGET_INIT ||
         Callee == OMPGPU_KMPC_TARGET_DEINIT ||
         Callee == OMPGPU_KMPC_PARALLEL ||
         Callee == OMPGPU_KMPC_GLOBAL_THREAD_NUM ||
         Callee == OMPGPU_KMPC_WARP_ACTIVE_THREAD_MASK ||
         Callee == OMPGPU_KMPC_ALLOC_SHARED ||
         Callee == OMPGPU_KMPC_FREE_SHARED ||
         Callee.starts_with("__kmpc_get_") || Callee.starts_with("omp_get_");
}

bool isOnThreadStack(const Value *Address) {
  return isa<AllocaInst>(getUnderlyingObject(Address));
}

/// What \p I does beyond computing and using the thread's own stack, for the
/// remark, or "" if nothing.
std::string outsideEffect(const Instruction &I) {
  if (const auto *Call = dyn_cast<CallBase>(&I)) {
    const Function *Callee = Call->getCalledFunction();
    if (!Callee)
      return Call->isInlineAsm() ? "runs inline assembly"
                                 : "calls through a pointer";
    if (const auto *Transfer = dyn_cast<MemIntrinsic>(Call))
      return isOnThreadStack(Transfer->getDest())
                 ? ""
                 : "writes memory other than the thread's stack";
    if (Callee->isIntrinsic() || isBookkeeping(Callee->getName()) ||
        Call->onlyReadsMemory())
      return "";
    return "calls '" + demangle(Callee->getName()) + "'";
  }
  if (const auto *Store = dyn_cast<StoreInst>(&I))
    return isOnThreadStack(Store->getPointerOperand())
               ? ""
               : "stores to memory other than the thread's stack";
  if (I.mayWriteToMemory())
    return isa<FenceInst>(I) ? "has a memory fence"
                             : "updates memory atomically";
  return "";
}

void reportMode(const Function &K, int64_t Mode) {
  OptimizationRemarkEmitter(&K).emit([&] {
    OptimizationRemarkAnalysis R(RemarkPassName, "KernelMode",
                                 &remarkAnchor(K));
    R << describeFunction(K.getName());
    if (Mode == OMP_TGT_EXEC_MODE_SPMD)
      return R << " runs in SPMD mode: every thread of a team runs the "
                  "whole region";
    if (Mode == OMP_TGT_EXEC_MODE_GENERIC_SPMD)
      return R << " runs in SPMD mode: LLVM's OpenMPOpt converted it from "
                  "generic mode at compile time";
    return R << " runs in generic mode: a main thread runs the code outside "
                "parallel regions and forks the team's workers for each "
                "parallel region";
  });
}

/// Explains why generic kernel \p K stayed generic.
void reportGeneric(const Function &K) {
  OptimizationRemarkEmitter ORE(&K);
  if (!ORE.allowExtraAnalysis(RemarkPassName))
    return; // nobody asked for remarks
  ReversePostOrderTraversal<const Function *> Order(&K);
  for (const BasicBlock *BB : Order)
    for (const Instruction &I : *BB) {
      std::string Effect = outsideEffect(I);
      if (Effect.empty())
        continue;
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName() << ": " << I << "\n");
      ORE.emit([&] {
        return OptimizationRemarkMissed(RemarkPassName, "KernelMode", &I)
               << describeFunction(K.getName())
               << " is not SPMD: its code outside parallel regions " << Effect
               << ", which in SPMD mode every thread would do "
                  "(-Rpass-analysis=openmp-opt when compiling shows what "
                  "LLVM's OpenMPOpt found)";
      });
      return;
    }
  ORE.emit([&] {
    return OptimizationRemarkMissed(RemarkPassName, "KernelMode",
                                    &remarkAnchor(K))
           << describeFunction(K.getName())
           << " is not SPMD, although its code outside parallel regions "
              "only computes and uses the thread's stack: LLVM's OpenMPOpt "
              "did not convert it when compiling (is it disabled, or "
              "was the file compiled at -O0?)";
  });
}

} // namespace

PreservedAnalyses KernelModesPass::run(Module &M, ModuleAnalysisManager &) {
  for (Function &K : M) {
    if (!isKernel(K))
      continue;
    std::optional<int64_t> Mode = kernelConfig(K, OMPGPU_CONFIG_EXEC_MODE);
    if (!Mode)
      continue; // not an OpenMP kernel
    reportMode(K, *Mode);
    switch (*Mode) {
    case OMP_TGT_EXEC_MODE_SPMD:
      ++NumSPMD;
      break;
    case OMP_TGT_EXEC_MODE_GENERIC_SPMD:
      ++NumGenericSPMD;
      break;
    default:
      assert(*Mode == OMP_TGT_EXEC_MODE_GENERIC && "an unknown mode");
      ++NumGeneric;
      reportGeneric(K);
    }
  }
  return PreservedAnalyses::all();
}

} // namespace ompgpu
