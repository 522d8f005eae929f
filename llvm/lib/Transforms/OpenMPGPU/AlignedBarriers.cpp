//===- AlignedBarriers.cpp - The aligned form where all threads meet ------===//
//
// For each call of llvm.nvvm.barrier.cta.sync.all (`barrier.sync N`, the
// whole block) in a kernel K: the block holding it runs for every thread or
// for none if every branch it is control dependent on, and every branch those
// blocks are control dependent on in turn, is uniform. Control dependence is
// read off K's post-dominator tree: block X depends on a branch in B when X
// post-dominates a successor of B but not B itself. K's entry is reached by
// all threads. Counted barriers (`barrier.sync N, count`) involve part of the
// block, which such a test cannot speak for, and stay as they are.
//
// The uniformity analysis is LLVM's, with its sources of divergence defined
// here rather than by the NVPTX target, which counts every call result as
// divergent, %ntid.x included. Values that differ between the threads of a
// block: the thread and lane indices, the results of calls of functions and
// of NVVM intrinsics other than the block's and grid's geometry and the
// block-wide barrier reductions, atomics, and loads through generic or local
// pointers (which may point to thread-private memory). Loads from global and
// shared memory at a uniform address are uniform in a program without data
// races, as OpenMP requires.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/AlignedBarriers.h"
#include "ompgpu/Transforms/AddressSpaces.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Preserved.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/TargetTransformInfoImpl.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-aligned-barriers"

using namespace llvm;

STATISTIC(NumAligned, "Block barriers given the aligned form");
STATISTIC(NumKeptPlain, "Block barriers some threads may reach apart");

namespace ompgpu {
namespace {

/// The sources of divergence described at the top, for a kernel.
class ThreadDivergence final : public TargetTransformInfoImplBase {
public:
  explicit ThreadDivergence(const DataLayout &DL)
      : TargetTransformInfoImplBase(DL) {}

  bool hasBranchDivergence(const Function *) const override { return true; }

  InstructionUniformity
  getInstructionUniformity(const Value *V) const override {
    const auto *I = dyn_cast<Instruction>(V);
    if (!I) // a kernel's arguments and constants
      return InstructionUniformity::Default;
    if (I->isAtomic())
      return InstructionUniformity::NeverUniform;
    if (const auto *Load = dyn_cast<LoadInst>(I))
      return Load->getPointerAddressSpace() == GenericAddressSpace ||
                     Load->getPointerAddressSpace() == LocalAddressSpace
                 ? InstructionUniformity::NeverUniform
                 : InstructionUniformity::Default;
    const auto *Call = dyn_cast<CallBase>(I);
    if (!Call || Call->getType()->isVoidTy())
      return InstructionUniformity::Default;
    const Function *Callee = Call->getCalledFunction();
    if (!Callee || !Callee->isIntrinsic())
      return InstructionUniformity::NeverUniform;
    switch (Callee->getIntrinsicID()) {
    case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
    case Intrinsic::nvvm_barrier_cta_red_and_aligned_all:
    case Intrinsic::nvvm_barrier_cta_red_or_aligned_all:
    case Intrinsic::nvvm_barrier_cta_red_popc_aligned_all:
      return InstructionUniformity::Default;
    default:
      // Target-independent intrinsics compute from their operands.
      return Callee->getName().starts_with("llvm.nvvm.")
                 ? InstructionUniformity::NeverUniform
                 : InstructionUniformity::Default;
    }
  }
};

/// If threads that enter the kernel may differ in whether they run block
/// \p Target, the block of a divergent branch it depends on; null if every
/// thread runs it or none does. \p Branches are the kernel's blocks with more
/// than one successor.
BasicBlock *divergentBranchAbove(BasicBlock &Target,
                                 ArrayRef<BasicBlock *> Branches,
                                 UniformityInfo &UI,
                                 const PostDominatorTree &PDT) {
  SmallPtrSet<BasicBlock *, 16> Seen{&Target};
  SmallVector<BasicBlock *> Work{&Target};
  while (!Work.empty()) {
    BasicBlock *X = Work.pop_back_val();
    for (BasicBlock *B : Branches) {
      if (PDT.dominates(X, B) || none_of(successors(B), [&](BasicBlock *S) {
            return PDT.dominates(X, S);
          }))
        continue; // X does not depend on B's branch
      if (UI.hasDivergentTerminator(*B))
        return B;
      if (Seen.insert(B).second)
        Work.push_back(B);
    }
  }
  return nullptr;
}

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
  SmallVector<BasicBlock *> Branches;
  for (BasicBlock &B : K)
    if (B.getTerminator()->getNumSuccessors() > 1)
      Branches.push_back(&B);
  Function *AlignedForm = Intrinsic::getOrInsertDeclaration(
      K.getParent(), Intrinsic::nvvm_barrier_cta_sync_aligned_all);
  bool Changed = false;
  for (IntrinsicInst *Barrier : Barriers) {
    BasicBlock *Divergent =
        divergentBranchAbove(*Barrier->getParent(), Branches, UI, PDT);
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
  // LLVM's analyses, with the target's sources of divergence replaced by the
  // ones above (the first registration of an analysis is the one kept).
  FunctionAnalysisManager Analyses;
  Analyses.registerPass([] {
    return TargetIRAnalysis([](const Function &F) {
      return TargetTransformInfo(
          std::make_unique<ThreadDivergence>(F.getDataLayout()));
    });
  });
  PassBuilder().registerFunctionAnalyses(Analyses);
  bool Changed = false;
  for (Function &K : M)
    if (isKernel(K))
      Changed |= alignIn(K, Analyses);
  // Only calls' callees changed.
  return preservedUnlessCFGChanged(Changed);
}

} // namespace ompgpu
