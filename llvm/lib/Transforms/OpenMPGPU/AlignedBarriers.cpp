//===- AlignedBarriers.cpp - The aligned form where all threads meet ------===//
//
// For each call of llvm.nvvm.barrier.cta.sync.all (`barrier.sync N`, the
// whole block) in a kernel K: the block holding it runs for every thread or
// for none if every branch it is control dependent on, and every branch those
// blocks are control dependent on in turn, is uniform (ThreadDivergence.h).
// K's entry is reached by all threads. Counted barriers (`barrier.sync N,
// count`) involve part of the block, which such a test cannot speak for, and
// stay as they are.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/AlignedBarriers.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Preserved.h"
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/ThreadDivergence.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-aligned-barriers"

using namespace llvm;

STATISTIC(NumAligned, "Block barriers given the aligned form");
STATISTIC(NumKeptPlain, "Block barriers some threads may reach apart");

namespace ompgpu {
namespace {

void reportBarrier(const Function &K, const IntrinsicInst &Barrier,
                   const BasicBlock *Divergent) {
  OptimizationRemarkEmitter ORE(&K);
  if (!Divergent) {
    ORE.emit([&] {
      return OptimizationRemark(RemarkPassName, "AlignedBarriers", &Barrier)
             << "all threads of " << describeFunction(K.getName())
             << " reach this block barrier together: it takes the aligned "
                "form";
    });
    return;
  }
  ORE.emit([&] {
    return OptimizationRemarkMissed(RemarkPassName, "AlignedBarriers", &Barrier)
           << "this block barrier of " << describeFunction(K.getName())
           << " stays unaligned: whether a thread reaches it depends on a "
              "branch that threads may take differently"
           << atLine(*Divergent->getTerminator());
  });
}

bool alignIn(Function &K, FunctionAnalysisManager &Analyses) {
  SmallVector<IntrinsicInst *> Barriers;
  for (Instruction &I : instructions(K))
    if (auto *Call = dyn_cast<IntrinsicInst>(&I))
      if (Call->getIntrinsicID() == Intrinsic::nvvm_barrier_cta_sync_all)
        Barriers.push_back(Call);
  if (Barriers.empty())
    return false;
  UniformityInfo &UI = Analyses.getResult<UniformityInfoAnalysis>(K);
  const PostDominatorTree &PDT =
      Analyses.getResult<PostDominatorTreeAnalysis>(K);
  Function *AlignedForm = Intrinsic::getOrInsertDeclaration(
      K.getParent(), Intrinsic::nvvm_barrier_cta_sync_aligned_all);
  bool Changed = false;
  for (IntrinsicInst *Barrier : Barriers) {
    BasicBlock *Divergent =
        divergentBranchAbove(*Barrier->getParent(), UI, PDT);
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName() << ": " << *Barrier
                      << (Divergent ? " stays" : " aligned") << "\n");
    reportBarrier(K, *Barrier, Divergent);
    if (Divergent) {
      ++NumKeptPlain;
      continue;
    }
    // Only the callee changes: the control flow, and every analysis, stays.
    assert(AlignedForm->getFunctionType() == Barrier->getFunctionType() &&
           "both forms take the barrier number");
    Barrier->setCalledFunction(AlignedForm);
    ++NumAligned;
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses AlignedBarriersPass::run(Module &M, ModuleAnalysisManager &) {
  FunctionAnalysisManager Analyses;
  registerThreadDivergenceAnalyses(Analyses);
  bool Changed = false;
  for (Function &K : M)
    if (isKernel(K))
      Changed |= alignIn(K, Analyses);
  // Only calls' callees changed.
  return preservedUnlessCFGChanged(Changed);
}

} // namespace ompgpu
