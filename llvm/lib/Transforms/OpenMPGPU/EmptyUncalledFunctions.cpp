//===- EmptyUncalledFunctions.cpp - Bodies nothing can call -------------===//
#include "ompgpu/Transforms/EmptyUncalledFunctions.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-empty-uncalled-functions"

using namespace llvm;

STATISTIC(NumEmptied, "Functions used only as values whose bodies went");

namespace ompgpu {
namespace {

/// The first call through a pointer in \p M, or null.
const CallBase *firstIndirectCall(Module &M) {
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (!Call->isInlineAsm() && !Call->getCalledFunction())
          return Call;
  return nullptr;
}

/// Whether \p F has a body that only its address keeps alive.
bool isOnlyAValue(const Function &F) {
  if (F.isDeclaration() || isKernel(F) || !F.hasAddressTaken())
    return false;
  return none_of(F.users(), [&](const User *U) {
    const auto *Call = dyn_cast<CallBase>(U);
    return Call && Call->getCalledOperand() == &F;
  });
}

void reportKept(const CallBase &Indirect, unsigned Kept) {
  OptimizationRemarkEmitter(Indirect.getFunction()).emit([&] {
    return OptimizationRemarkMissed(RemarkPassName, "EmptyUncalledFunctions",
                                    &Indirect)
           << ore::NV("Functions", Kept)
           << (Kept == 1 ? " function used only as a value (a parallel "
                           "region's wrapper) keeps its body: "
                         : " functions used only as values (parallel "
                           "regions' wrappers) keep their bodies: ")
           << describeFunction(Indirect.getFunction()->getName())
           << " calls through a pointer here";
  });
}

} // namespace

PreservedAnalyses EmptyUncalledFunctionsPass::run(Module &M,
                                                  ModuleAnalysisManager &) {
  SmallVector<Function *> Uncalled;
  for (Function &F : M)
    if (isOnlyAValue(F))
      Uncalled.push_back(&F);
  if (Uncalled.empty())
    return PreservedAnalyses::all();
  if (const CallBase *Indirect = firstIndirectCall(M)) {
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": kept, indirect call " << *Indirect
                      << "\n");
    reportKept(*Indirect, Uncalled.size());
    return PreservedAnalyses::all();
  }
  for (Function *F : Uncalled) {
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": emptied " << F->getName() << "\n");
    OptimizationRemarkEmitter(F).emit([&] {
      return OptimizationRemark(RemarkPassName, "EmptyUncalledFunctions",
                                &remarkAnchor(*F))
             << "'" << ore::NV("Function", demangle(F->getName())) << "' ("
             << describeFunction(F->getName())
             << ") is only used as a value and the program calls nothing "
                "through a pointer: its body is removed";
    });
    assert(!isKernel(*F) && F->hasAddressTaken() &&
           "only bodies that nothing but an address keeps alive go");
    // Its address still tells regions apart, so the function stays.
    GlobalValue::LinkageTypes Linkage = F->getLinkage();
    F->deleteBody();
    F->setLinkage(Linkage);
    IRBuilder<>(BasicBlock::Create(M.getContext(), "", F)).CreateUnreachable();
    ++NumEmptied;
  }
  return PreservedAnalyses::none();
}

} // namespace ompgpu
