//===- NarrowDivision.cpp - 32-bit division of loop indices where values fit
//-===//
#include "ompgpu/Transforms/NarrowDivision.h"
#include "ompgpu/Transforms/CollapsedLoops.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#define DEBUG_TYPE "ompgpu-narrow-division"

using namespace llvm;

STATISTIC(NumNarrowed, "Divisions by constants known to fit 32 bits");
STATISTIC(NumGuarded, "Divisions by constants given a guarded 32-bit path");
STATISTIC(NumReciprocal,
          "Divisions by loop-invariant values given a reciprocal path");
STATISTIC(NumVersioned, "Loops given a copy whose divisions are 32-bit");
STATISTIC(NumIndexExtensions,
          "Sign extensions of loop indices made 32-bit additions");

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
  Value *X = B.CreateTrunc(Op.getOperand(0), B.getInt32Ty());
  Value *D = B.CreateTrunc(Op.getOperand(1), B.getInt32Ty());
  Value *Narrow = isQuotient(Op) ? B.CreateUDiv(X, D) : B.CreateURem(X, D);
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
    SplitBlockAndInsertIfThenElse(Fits, Op->getIterator(), &ThenTerm, &ElseTerm,
                                  Weights);
    B.SetInsertPoint(ThenTerm);
    Value *Narrow = narrowForm(B, *Op);
    BasicBlock *Tail = Op->getParent();
    Op->moveBefore(ElseTerm->getIterator());
    PHINode *Result =
        PHINode::Create(Op->getType(), 2, "", Tail->getFirstNonPHIIt());
    Op->replaceAllUsesWith(Result);
    Result->addIncoming(Narrow, ThenTerm->getParent());
    Result->addIncoming(Op, ElseTerm->getParent());
    assert(Result->getParent() == Tail && Op->getParent() != Tail &&
           "the 64-bit division moved to its own path");
  }
  return !Work.empty();
}

/// A 64-bit division or remainder by a non-constant value inside a loop that
/// does not change it: the preheader of the outermost such loop that has one,
/// where the reciprocal is computed once; nullptr for other instructions.
BasicBlock *reciprocalBlock(const Instruction &I, const LoopInfo &LI) {
  auto *Op = dyn_cast<BinaryOperator>(&I);
  if (!Op || !Op->getType()->isIntegerTy(64) || !Op->isIntDivRem() ||
      isa<Constant>(Op->getOperand(0)) || isa<Constant>(Op->getOperand(1)))
    return nullptr;
  Value *Divisor = Op->getOperand(1);
  BasicBlock *Preheader = nullptr;
  for (Loop *L = LI.getLoopFor(Op->getParent());
       L && L->isLoopInvariant(Divisor); L = L->getParentLoop())
    if (BasicBlock *Block = L->getLoopPreheader())
      Preheader = Block;
  return Preheader;
}

/// What the loop's preheader computes once for a divisor D: whether D is in
/// [1, 2^32), its low 32 bits, and M = min(floor(2^32 / D), 2^32 - 1).
struct Reciprocal {
  Value *Fits, *Divisor32, *Multiplier;
};

Reciprocal computeReciprocal(IRBuilder<> &B, Value *Divisor) {
  Value *Fits = B.CreateICmpULT(B.CreateSub(Divisor, B.getInt64(1)),
                                B.getInt64(0xffffffffu), "divisor.fits32");
  // A divisor outside the range takes the original path; 1 keeps this
  // division defined.
  Value *Safe = B.CreateTrunc(B.CreateSelect(Fits, Divisor, B.getInt64(1)),
                              B.getInt32Ty());
  // floor(2^32 / D) = floor((2^32 - D) / D) + 1 for D >= 2: a 32-bit
  // division, where a 64-bit one costs every thread of the kernel several
  // times as much before its first iteration. D = 1 takes the cap.
  Value *Quotient = B.CreateUDiv(B.CreateNeg(Safe), Safe);
  Value *Multiplier = B.CreateSelect(
      B.CreateICmpEQ(Safe, B.getInt32(1)), B.getInt32(0xffffffffu),
      B.CreateAdd(Quotient, B.getInt32(1)), "reciprocal");
  return {Fits, B.CreateTrunc(Divisor, B.getInt32Ty()), Multiplier};
}

/// The high 32 bits of the 64-bit product of \p A and \p C: one mul.hi.u32
/// on the GPU. (The portable form is not one there: InstCombine widens it to
/// a 64-bit multiply of the dividend, which the 32-bit path knows fits.)
Value *highProduct(IRBuilder<> &B, Value *A, Value *C) {
  if (B.GetInsertBlock()->getModule()->getTargetTriple().isNVPTX())
    return B.CreateIntrinsic(Intrinsic::nvvm_mulhi_ui, {}, {A, C});
  Value *Product = B.CreateMul(B.CreateZExt(A, B.getInt64Ty()),
                               B.CreateZExt(C, B.getInt64Ty()));
  return B.CreateTrunc(B.CreateLShr(Product, 32), B.getInt32Ty());
}

/// The 32-bit quotient and remainder of X / D for X in [0, 2^32) and D in
/// [1, 2^32) from R's multiplier: Q = floor(X * M / 2^32) is floor(X / D) or
/// one less (X * M / 2^32 lies within (X / D - 1, X / D]), so one correction
/// step makes it exact; X - Q * D never exceeds X, so no step overflows 32
/// bits.
std::pair<Value *, Value *> divideByReciprocal(IRBuilder<> &B, Value *X,
                                               const Reciprocal &R) {
  Value *X32 = B.CreateTrunc(X, B.getInt32Ty());
  Value *Estimate = highProduct(B, X32, R.Multiplier);
  Value *Rest = B.CreateSub(X32, B.CreateMul(Estimate, R.Divisor32));
  Value *Short = B.CreateICmpUGE(Rest, R.Divisor32);
  Value *Quotient = B.CreateAdd(Estimate, B.CreateZExt(Short, B.getInt32Ty()));
  Value *Remainder =
      B.CreateSelect(Short, B.CreateSub(Rest, R.Divisor32), Rest);
  return {Quotient, Remainder};
}

/// Says that \p Op, a division by a loop-invariant value, is divided by a
/// reciprocal as \p How says.
void reportReciprocal(OptimizationRemarkEmitter &ORE, const BinaryOperator &Op,
                      const Twine &How) {
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "NarrowDivision", &Op)
           << "64-bit " << Op.getOpcodeName()
           << " by a loop-invariant value in "
           << describeFunction(Op.getFunction()->getName()) << " " << How.str();
  });
}

/// Whether every division of \p Ops (those of one loop) divides \p X, the
/// remainder of another of them, or the quotient of another whose dividend
/// is such a value, so that all their dividends are below 2^32 where X is
/// and the divisors are (a quotient is at most its dividend for a divisor of
/// at least 1; AlignedRows divides a quotient of X again).
bool dividendsBounded(ArrayRef<std::pair<BinaryOperator *, Reciprocal>> Ops,
                      PHINode &X) {
  SmallPtrSet<Value *, 8> Bounded;
  Bounded.insert(&X);
  for (auto &[Op, R] : Ops)
    for (Instruction *Sub : remaindersOf(*Op))
      Bounded.insert(Sub);
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (auto &[Op, R] : Ops)
      if (isQuotient(*Op) && Bounded.contains(Op->getOperand(0)))
        Grew |= Bounded.insert(Op).second;
  }
  return all_of(Ops, [&](const std::pair<BinaryOperator *, Reciprocal> &Op) {
    return Bounded.contains(Op.first->getOperand(0));
  });
}

/// Gives \p L, which has a preheader, one exit block and the LCSSA form, a
/// copy (".wide") that its preheader runs where \p Fits does not hold, L
/// itself (through a new preheader, ".narrow") where it does; the exit's
/// phis take the copy's values too.
void addWideCopy(Loop &L, Value *Fits, LoopInfo &LI, DominatorTree &DT) {
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Exit = L.getExitBlock();
  BasicBlock *NarrowPreheader =
      SplitBlock(Preheader, Preheader->getTerminator(), &DT, &LI, nullptr,
                 Preheader->getName() + ".narrow");
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 8> WideBlocks;
  Loop *Wide = cloneLoopWithPreheader(NarrowPreheader, Preheader, &L, VMap,
                                      ".wide", &LI, &DT, WideBlocks);
  remapInstructionsInBlocks(WideBlocks, VMap);
  Wide->getLoopPreheader()->setName(Preheader->getName() + ".wide");
  Instruction *Jump = Preheader->getTerminator();
  BranchInst::Create(NarrowPreheader, Wide->getLoopPreheader(), Fits,
                     Jump->getIterator());
  Jump->eraseFromParent();
  BasicBlock *Latch = L.getLoopLatch();
  for (PHINode &Phi : Exit->phis()) {
    Value *V = Phi.getIncomingValueForBlock(Latch);
    Value *WideValue = VMap.count(V) ? static_cast<Value *>(VMap[V]) : V;
    Phi.addIncoming(WideValue, cast<BasicBlock>(VMap[Latch]));
  }
  // The exit may also be reached from outside the loop (a test that skips
  // it): its dominator is then above the preheader already.
  BasicBlock *ExitDominator = DT.getNode(Exit)->getIDom()->getBlock();
  DT.changeImmediateDominator(
      Exit, DT.findNearestCommonDominator(ExitDominator, Preheader));
}

/// Gives \p L, whose divisions \p Ops all have dividends below 2^32 where
/// its bound is, two versions: the original for large values, and one that
/// divides in 32 bits by the reciprocals \p Rs with no test in the loop,
/// which the preheader picks where the loop's first and last iteration
/// numbers and its divisors are below 2^32. Per-division tests would cost a
/// test and a branch in every iteration. Returns false, changing nothing,
/// where \p L is not such a loop.
bool versionLoop(Loop &L, ArrayRef<std::pair<BinaryOperator *, Reciprocal>> Ops,
                 LoopInfo &LI, DominatorTree &DT) {
  auto [X, Bound, Stay] = boundedIndex(L);
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Exit = L.getExitBlock();
  if (!X || !X->getType()->isIntegerTy(64) || !Preheader || !Exit ||
      !L.isInnermost() || !dividendsBounded(Ops, *X))
    return false;
  // The exit's phis take the copy's values too (clang's loops are in LCSSA
  // form already).
  if (!formLoopLCSSA(L, DT, LI))
    return false;
  // The indices the divisions give: where the loop has some, its values
  // must stay below 2^31 less their largest offset, not only below 2^32.
  SmallVector<IndexExtension, 8> Extensions;
  for (auto &[Op, R] : Ops) {
    findIndexExtensions(*Op, Extensions);
    for (Instruction *Sub : remaindersOf(*Op))
      findIndexExtensions(*Sub, Extensions);
  }
  uint64_t Limit32 = uint64_t(1) << 32;
  for (const IndexExtension &Ext : Extensions)
    Limit32 = std::min(Limit32, (uint64_t(1) << 31) - Ext.Offset);
  IRBuilder<> B(Preheader->getTerminator());
  Value *Start = X->getIncomingValueForBlock(Preheader);
  Value *Limit = B.getInt64(Limit32);
  Value *Fits =
      B.CreateAnd(B.CreateICmpULT(Start, Limit), B.CreateICmpULT(Bound, Limit));
  for (auto &[Op, R] : Ops)
    Fits = B.CreateAnd(Fits, R.Fits);
  Fits->setName("loop.fits32");
  addWideCopy(L, Fits, LI, DT);
  // The original loop divides in 32 bits, its copy keeps the divisions.
  OptimizationRemarkEmitter ORE(L.getHeader()->getParent());
  for (auto &[Op, R] : Ops) {
    reportReciprocal(ORE, *Op,
                     Extensions.empty()
                         ? Twine("is 32-bit, a multiply by a reciprocal, in a "
                                 "copy of the loop that runs where its bound "
                                 "and divisors are below 2^32")
                         : "is 32-bit, a multiply by a reciprocal, in a copy "
                           "of the loop that runs where its divisors are "
                           "below 2^32 and its bound below " +
                               Twine(Limit32) + ", with 32-bit indices");
    ++NumReciprocal;
    SmallVector<Instruction *, 2> Remainders = remaindersOf(*Op);
    IRBuilder<> At(Op);
    auto [Quotient32, Remainder32] =
        divideByReciprocal(At, Op->getOperand(0), R);
    Value *Quotient = widen(At, Quotient32),
          *Remainder = widen(At, Remainder32);
    for (const IndexExtension &Ext : Extensions) {
      if (Ext.Of == Op)
        narrowIndexExtension(Ext, isQuotient(*Op) ? Quotient32 : Remainder32);
      else if (is_contained(Remainders, Ext.Of))
        narrowIndexExtension(Ext, Remainder32);
      else
        continue;
      ++NumIndexExtensions;
    }
    for (Instruction *Sub : Remainders) {
      auto *Product = cast<Instruction>(Sub->getOperand(1));
      Sub->replaceAllUsesWith(Remainder);
      Sub->eraseFromParent();
      if (Product->use_empty())
        Product->eraseFromParent();
    }
    Op->replaceAllUsesWith(isQuotient(*Op) ? Quotient : Remainder);
    Op->eraseFromParent();
  }
  ++NumVersioned;
  return true;
}

/// Gives each division and remainder by a loop-invariant value a 32-bit
/// path through a reciprocal that the loop's preheader computes, the way the
/// backend's division by a constant uses one computed at compile time: a
/// multiply and one correction step instead of a full division per
/// iteration. Returns whether it changed \p F.
bool divideByInvariantReciprocals(Function &F, LoopInfo &LI,
                                  DominatorTree &DT) {
  // Every reciprocal is computed before any block is split: the splits leave
  // the loop information out of date and move instructions, but keep their
  // order, so what dominated a loop then still does.
  SmallVector<std::pair<BinaryOperator *, BasicBlock *>, 8> Found;
  for (Instruction &I : instructions(F))
    if (BasicBlock *Preheader = reciprocalBlock(I, LI))
      Found.push_back({cast<BinaryOperator>(&I), Preheader});
  SmallVector<std::pair<BinaryOperator *, Reciprocal>, 8> Work;
  DenseMap<std::pair<Value *, BasicBlock *>, Reciprocal> Reciprocals;
  for (auto [Op, Preheader] : Found) {
    Value *D = Op->getOperand(1);
    auto [It, New] = Reciprocals.try_emplace({D, Preheader});
    if (New) {
      IRBuilder<> Pre(Preheader->getTerminator());
      It->second = computeReciprocal(Pre, D);
    }
    Work.push_back({Op, It->second});
  }
  // Loops whose iteration numbers are bounded get a 32-bit copy first, while
  // the loop information is still that of the function.
  MapVector<Loop *, SmallVector<std::pair<BinaryOperator *, Reciprocal>, 4>>
      ByLoop;
  for (auto &[Op, R] : Work)
    ByLoop[LI.getLoopFor(Op->getParent())].push_back({Op, R});
  SmallPtrSet<BinaryOperator *, 8> Done;
  for (auto &[L, Ops] : ByLoop)
    if (versionLoop(*L, Ops, LI, DT))
      for (auto &[Op, R] : Ops)
        Done.insert(Op);
  OptimizationRemarkEmitter ORE(&F);
  for (auto &[Op, R] : Work) {
    if (Done.contains(Op))
      continue;
    Value *X = Op->getOperand(0), *D = Op->getOperand(1);
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": reciprocal for " << *Op << "\n");
    reportReciprocal(ORE, *Op,
                     "takes a 32-bit path, a multiply by a reciprocal computed "
                     "before the loop, when both operands are below 2^32");
    ++NumReciprocal;
    SmallVector<Instruction *, 2> Remainders = remaindersOf(*Op);

    IRBuilder<> B(Op);
    Value *Fits = B.CreateAnd(B.CreateICmpULT(X, B.getInt64(uint64_t(1) << 32)),
                              R.Fits, "fits32");
    Instruction *ThenTerm = nullptr, *ElseTerm = nullptr;
    MDNode *Weights = MDBuilder(F.getContext()).createLikelyBranchWeights();
    SplitBlockAndInsertIfThenElse(Fits, Op->getIterator(), &ThenTerm, &ElseTerm,
                                  Weights);
    B.SetInsertPoint(ThenTerm);
    auto [Quotient32, Remainder32] = divideByReciprocal(B, X, R);
    Value *Quotient = widen(B, Quotient32), *Remainder = widen(B, Remainder32);
    BasicBlock *Tail = Op->getParent();
    Op->moveBefore(ElseTerm->getIterator());
    PHINode *Result =
        PHINode::Create(Op->getType(), 2, "", Tail->getFirstNonPHIIt());
    Op->replaceAllUsesWith(Result);
    Result->addIncoming(isQuotient(*Op) ? Quotient : Remainder,
                        ThenTerm->getParent());
    Result->addIncoming(Op, ElseTerm->getParent());
    // The remainders X - Q * D of the division take the 32-bit remainder;
    // the original path computes theirs from its quotient.
    for (Instruction *Sub : Remainders) {
      B.SetInsertPoint(ElseTerm);
      Value *Wide = B.CreateSub(X, B.CreateMul(Op, D));
      PHINode *Merged =
          PHINode::Create(Op->getType(), 2, "", Tail->getFirstNonPHIIt());
      Merged->addIncoming(Remainder, ThenTerm->getParent());
      Merged->addIncoming(Wide, ElseTerm->getParent());
      Sub->replaceAllUsesWith(Merged);
    }
  }
  return !Work.empty();
}

} // namespace

PreservedAnalyses NarrowDivisionPass::run(Function &F,
                                          FunctionAnalysisManager &FAM) {
  bool Changed =
      divideByInvariantReciprocals(F, FAM.getResult<LoopAnalysis>(F),
                                   FAM.getResult<DominatorTreeAnalysis>(F));
  Changed |= narrowConstantDivisions(F);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
