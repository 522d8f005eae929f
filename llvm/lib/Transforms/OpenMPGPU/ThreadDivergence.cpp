//===- ThreadDivergence.cpp - What differs between a block's threads ------===//
#include "ompgpu/Transforms/ThreadDivergence.h"
#include "ompgpu/Transforms/AddressSpaces.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/TargetTransformInfoImpl.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace ompgpu {
namespace {

/// The sources of divergence described in the header, for a kernel.
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

} // namespace

void registerThreadDivergenceAnalyses(FunctionAnalysisManager &Analyses) {
  // The first registration of an analysis is the one kept.
  Analyses.registerPass([] {
    return TargetIRAnalysis([](const Function &F) {
      return TargetTransformInfo(
          std::make_unique<ThreadDivergence>(F.getDataLayout()));
    });
  });
  PassBuilder().registerFunctionAnalyses(Analyses);
}

BasicBlock *divergentBranchAbove(BasicBlock &Target, UniformityInfo &UI,
                                 const PostDominatorTree &PDT) {
  SmallVector<BasicBlock *> Branches;
  for (BasicBlock &B : *Target.getParent())
    if (B.getTerminator()->getNumSuccessors() > 1)
      Branches.push_back(&B);
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

} // namespace ompgpu
