//===- CollapsedLoops.cpp - The shapes of clang's collapsed loops ---------===//
//
// The design is in CollapsedLoops.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/CollapsedLoops.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;

namespace ompgpu {

bool isQuotient(const BinaryOperator &Op) {
  return Op.getOpcode() == Instruction::SDiv ||
         Op.getOpcode() == Instruction::UDiv;
}

SmallVector<Instruction *, 2> remaindersOf(BinaryOperator &Div) {
  SmallVector<Instruction *, 2> Found;
  if (!isQuotient(Div))
    return Found;
  Value *X = Div.getOperand(0), *D = Div.getOperand(1);
  for (User *U : Div.users()) {
    auto *Mul = dyn_cast<BinaryOperator>(U);
    if (!Mul || Mul->getOpcode() != Instruction::Mul ||
        Mul->getOperand(Mul->getOperand(0) == &Div ? 1 : 0) != D)
      continue;
    for (User *MulUser : Mul->users()) {
      auto *Sub = dyn_cast<BinaryOperator>(MulUser);
      if (Sub && Sub->getOpcode() == Instruction::Sub &&
          Sub->getOperand(0) == X && Sub->getOperand(1) == Mul &&
          Sub->getParent() == Div.getParent() && Div.comesBefore(Sub))
        Found.push_back(Sub);
    }
  }
  return Found;
}

std::pair<PHINode *, Value *> boundedIndex(const Loop &L) {
  BasicBlock *Latch = L.getLoopLatch();
  auto *Branch = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  if (!Branch || !Branch->isConditional() || L.getExitingBlock() != Latch)
    return {};
  auto *Compare = dyn_cast<ICmpInst>(Branch->getCondition());
  if (!Compare)
    return {};
  // The predicate under which the loop goes round, with the next value left.
  CmpInst::Predicate Stay = Branch->getSuccessor(0) == L.getHeader()
                                ? Compare->getPredicate()
                                : Compare->getInversePredicate();
  Value *Next = Compare->getOperand(0), *Bound = Compare->getOperand(1);
  if (!L.isLoopInvariant(Bound)) {
    std::swap(Next, Bound);
    Stay = CmpInst::getSwappedPredicate(Stay);
  }
  if ((Stay != CmpInst::ICMP_ULE && Stay != CmpInst::ICMP_ULT) ||
      !L.isLoopInvariant(Bound))
    return {};
  for (PHINode &X : L.getHeader()->phis())
    if (X.getIncomingValueForBlock(Latch) == Next &&
        X.getType()->isIntegerTy(64))
      return {&X, Bound};
  return {};
}

void findIndexExtensions(Value &V, SmallVectorImpl<IndexExtension> &Found) {
  using namespace PatternMatch;
  for (User *U : V.users()) {
    if (!match(U, m_Shl(m_Specific(&V), m_SpecificInt(32))))
      continue;
    for (User *Shifted : U->users()) {
      if (match(Shifted, m_AShr(m_Specific(U), m_SpecificInt(32)))) {
        Found.push_back({cast<Instruction>(Shifted), &V, 0});
        continue;
      }
      const APInt *K;
      Value *OffsetValue = nullptr;
      uint64_t Offset;
      if (match(Shifted, m_Add(m_Specific(U), m_APInt(K)))) {
        if (K->countr_zero() < 32 || K->lshr(32).uge(uint64_t(1) << 30))
          continue;
        Offset = K->lshr(32).getZExtValue();
      } else if (match(Shifted,
                       m_Add(m_Specific(U),
                             m_Shl(m_Value(OffsetValue), m_SpecificInt(32))))) {
        ConstantRange Range =
            computeConstantRange(OffsetValue, /*ForSigned=*/false);
        if (Range.getUnsignedMax().uge(uint64_t(1) << 30))
          continue;
        Offset = Range.getUnsignedMax().getZExtValue();
      } else {
        continue;
      }
      for (User *Extension : Shifted->users())
        if (match(Extension, m_AShr(m_Specific(Shifted), m_SpecificInt(32))))
          Found.push_back(
              {cast<Instruction>(Extension), &V, Offset, OffsetValue});
    }
  }
}

} // namespace ompgpu
