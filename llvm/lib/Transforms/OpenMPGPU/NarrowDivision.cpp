//===- NarrowDivision.cpp - 32-bit division by constants where values fit -===//
#include "ompgpu/Transforms/NarrowDivision.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#define DEBUG_TYPE "ompgpu-narrow-division"

using namespace llvm;

STATISTIC(NumNarrowed, "Divisions by constants known to fit 32 bits");
STATISTIC(NumGuarded, "Divisions by constants given a guarded 32-bit path");

namespace ompgpu {
namespace {

/// A 64-bit division or remainder by a constant that has a 32-bit twin: for a
/// dividend in [0, 2^32) and a divisor in [2, 2^32), sdiv/srem equal
/// udiv/urem, and those equal their 32-bit forms on the truncated operands.
bool isCandidate(const Instruction &I) {
  auto *Op = dyn_cast<BinaryOperator>(&I);
  if (!Op || !Op->getType()->isIntegerTy(64))
    return false;
  switch (Op->getOpcode()) {
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    break;
  default:
    return false;
  }
  const auto *Divisor = dyn_cast<ConstantInt>(Op->getOperand(1));
  if (!Divisor || isa<Constant>(Op->getOperand(0)))
    return false;
  // Divisors that are powers of two are shifts and masks already.
  const APInt &D = Divisor->getValue();
  return D.ugt(1) && D.ult(APInt(64, 1).shl(32)) && !D.isPowerOf2();
}

/// The 32-bit form of \p Op on its truncated operands, zero-extended back.
Value *narrowForm(IRBuilder<> &B, BinaryOperator &Op) {
  bool IsDivision = Op.getOpcode() == Instruction::SDiv ||
                    Op.getOpcode() == Instruction::UDiv;
  Value *X = B.CreateTrunc(Op.getOperand(0), B.getInt32Ty());
  Value *D = B.CreateTrunc(Op.getOperand(1), B.getInt32Ty());
  Value *Narrow = IsDivision ? B.CreateUDiv(X, D) : B.CreateURem(X, D);
  return B.CreateZExt(Narrow, Op.getType(), "", /*IsNonNeg=*/true);
}

void report(OptimizationRemarkEmitter &ORE, const BinaryOperator &Op,
            bool Guarded) {
  ORE.emit([&] {
    OptimizationRemark R(RemarkPassName, "NarrowDivision", &Op);
    R << "64-bit " << Op.getOpcodeName() << " by "
      << ore::NV("Divisor", cast<ConstantInt>(Op.getOperand(1))->getZExtValue())
      << " in " << describeFunction(Op.getFunction()->getName());
    if (Guarded)
      return R << " takes a 32-bit path when the dividend is below 2^32";
    return R << " is 32-bit: the dividend is known to be below 2^32";
  });
}

/// Narrows the candidates of \p F; returns whether it changed \p F.
bool narrowConstantDivisions(Function &F) {
  SmallVector<BinaryOperator *, 8> Work;
  for (Instruction &I : instructions(F))
    if (isCandidate(I))
      Work.push_back(cast<BinaryOperator>(&I));
  const DataLayout &DL = F.getDataLayout();
  OptimizationRemarkEmitter ORE(&F);
  for (BinaryOperator *Op : Work) {
    Value *X = Op->getOperand(0);
    // Provably below 2^32: no test needed.
    if (computeKnownBits(X, DL).countMinLeadingZeros() >= 32) {
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": narrowed " << *Op << "\n");
      report(ORE, *Op, /*Guarded=*/false);
      ++NumNarrowed;
      IRBuilder<> B(Op);
      Value *Narrow = narrowForm(B, *Op);
      Op->replaceAllUsesWith(Narrow);
      Op->eraseFromParent();
      continue;
    }
    // Otherwise test it: a branch that in practice goes the same way for the
    // whole warp, instead of the 64-bit multiply sequence on every path.
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": guarded " << *Op << "\n");
    report(ORE, *Op, /*Guarded=*/true);
    ++NumGuarded;
    IRBuilder<> B(Op);
    Value *Fits = B.CreateICmpULT(X, B.getInt64(uint64_t(1) << 32), "fits32");
    Instruction *ThenTerm = nullptr, *ElseTerm = nullptr;
    MDNode *Weights = MDBuilder(F.getContext()).createLikelyBranchWeights();
    SplitBlockAndInsertIfThenElse(Fits, Op->getIterator(), &ThenTerm,
                                  &ElseTerm, Weights);
    B.SetInsertPoint(ThenTerm);
    Value *Narrow = narrowForm(B, *Op);
    BasicBlock *Tail = Op->getParent();
    Op->moveBefore(ElseTerm->getIterator());
    PHINode *Result = PHINode::Create(Op->getType(), 2, "",
                                      Tail->getFirstNonPHIIt());
    Op->replaceAllUsesWith(Result);
    Result->addIncoming(Narrow, ThenTerm->getParent());
    Result->addIncoming(Op, ElseTerm->getParent());
    assert(Result->getParent() == Tail && Op->getParent() != Tail &&
           "the 64-bit division moved to its own path");
  }
  return !Work.empty();
}

} // namespace

PreservedAnalyses NarrowDivisionPass::run(Function &F,
                                          FunctionAnalysisManager &) {
  return narrowConstantDivisions(F) ? PreservedAnalyses::none()
                                    : PreservedAnalyses::all();
}

} // namespace ompgpu
