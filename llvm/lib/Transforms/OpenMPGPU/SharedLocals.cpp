//===- SharedLocals.cpp - Where master locals live ------------------------===//
#include "ompgpu/Transforms/SharedLocals.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Reachability.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-shared-locals"

using namespace llvm;

STATISTIC(NumRunTimeAllocations,
          "Master locals allocated at run time (per kernel)");

namespace ompgpu {
namespace {

/// The source name of the variable \p Allocation holds, or "".
std::string variableName(CallBase &Allocation) {
  if (auto Records = findDVRDeclares(&Allocation); !Records.empty())
    return Records.front()->getVariable()->getName().str();
  if (auto Records = findDVRValues(&Allocation); !Records.empty())
    return Records.front()->getVariable()->getName().str();
  return Allocation.getName().str();
}

void report(const Function &K, CallBase &Allocation) {
  OptimizationRemarkEmitter(Allocation.getFunction()).emit([&] {
    OptimizationRemarkMissed R(RemarkPassName, "SharedLocals", &Allocation);
    R << describeFunction(K.getName()) << " allocates a ";
    if (const auto *Bytes = dyn_cast<ConstantInt>(Allocation.getArgOperand(0)))
      R << ore::NV("Bytes", Bytes->getZExtValue()) << "-byte ";
    R << "local that parallel regions share";
    if (std::string Name = variableName(Allocation); !Name.empty())
      R << " ('" << ore::NV("Variable", Name) << "')";
    return R << " at run time, on the data-sharing stack or the device "
                "heap: LLVM's OpenMPOpt did not place it in static shared "
                "memory when compiling";
  });
}

} // namespace

PreservedAnalyses SharedLocalsPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Alloc = M.getFunction(OMPGPU_KMPC_ALLOC_SHARED);
  if (!Alloc || Alloc->use_empty())
    return PreservedAnalyses::all();
  for (Function &K : M) {
    if (!isKernel(K))
      continue;
    for (Function *F : functionsReachableFrom(K)) {
      assert(!F->isDeclaration() && "the walk only lists bodies");
      for (Instruction &I : instructions(*F)) {
        auto *Call = dyn_cast<CallBase>(&I);
        if (!Call || Call->getCalledFunction() != Alloc ||
            Call->arg_size() != 1)
          continue;
        LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName() << ": " << *Call
                          << "\n");
        ++NumRunTimeAllocations;
        report(K, *Call);
      }
    }
  }
  return PreservedAnalyses::all();
}

} // namespace ompgpu
