//===- CollapsedLoops.cpp - The shapes of clang's collapsed loops ---------===//
//
// The design is in CollapsedLoops.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/CollapsedLoops.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace ompgpu {

namespace {
/// The value whose low 32 bits \p V is.
Value *lowHalfOf(Value *V) {
  Value *Wide;
  if (match(V, m_Trunc(m_Value(Wide))))
    V = Wide;
  if (match(V, m_And(m_Value(Wide), m_SpecificInt(0xffffffffu))))
    V = Wide;
  return V;
}

/// \p V, a 32-bit value, as a TripCount.
TripCount tripCount32(Value *V) {
  Value *Base;
  const APInt *C;
  if (match(V, m_NSWAdd(m_Value(Base), m_APInt(C))))
    return {lowHalfOf(Base), C->getSExtValue()};
  return {lowHalfOf(V), 0};
}

} // namespace

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

BoundedIndex boundedIndex(const Loop &L) {
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
  // A 32-bit iteration number (a loop of constant trip count below 2^31) is
  // compared extended.
  Value *Narrow;
  if (match(Next, m_SExt(m_Value(Narrow))) ||
      match(Next, m_ZExt(m_Value(Narrow))))
    Next = Narrow;
  for (PHINode &X : L.getHeader()->phis())
    if (X.getIncomingValueForBlock(Latch) == Next &&
        (X.getType()->isIntegerTy(64) || X.getType()->isIntegerTy(32)))
      return {&X, Bound, Stay};
  return {};
}

Value *widen(IRBuilder<> &B, Value *V) {
  return B.CreateZExt(V, B.getInt64Ty(), "", /*IsNonNeg=*/true);
}

bool formLoopLCSSA(Loop &L, DominatorTree &DT, LoopInfo &LI) {
  if (L.isLCSSAForm(DT))
    return true;
  if (!L.hasDedicatedExits())
    return false;
  formLCSSA(L, DT, &LI, nullptr);
  return true;
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

void narrowIndexExtension(const IndexExtension &Ext, Value *Narrow) {
  IRBuilder<> B(Ext.Extension);
  Value *Offset = Ext.OffsetValue
                      ? B.CreateTrunc(Ext.OffsetValue, B.getInt32Ty())
                      : static_cast<Value *>(B.getInt32(Ext.Offset));
  Value *Index = B.CreateAdd(Narrow, Offset, "index",
                             /*HasNUW=*/true, /*HasNSW=*/true);
  Ext.Extension->replaceAllUsesWith(widen(B, Index));
}

std::optional<TripCount> tripCountOf(Value *V) {
  if (V->getType()->isIntegerTy(32))
    return tripCount32(V);
  Value *Narrow;
  if (match(V, m_SExt(m_Value(Narrow))) ||
      match(V, m_NNegZExt(m_Value(Narrow))))
    return tripCount32(Narrow);
  Value *Shifted, *Wide;
  if (!match(V, m_AShr(m_Value(Shifted), m_SpecificInt(32))))
    return std::nullopt;
  const APInt *C;
  int64_t Offset = 0;
  if (match(Shifted, m_Add(m_Value(Wide), m_APInt(C))) &&
      C->countr_zero() >= 32) {
    Offset = C->ashr(32).getSExtValue();
    Shifted = Wide;
  }
  if (!match(Shifted, m_Shl(m_Value(Wide), m_SpecificInt(32))))
    return std::nullopt;
  return TripCount{lowHalfOf(Wide), Offset};
}

bool sameTripCount(Value *A, Value *B) {
  if (A == B)
    return true;
  std::optional<TripCount> TA = tripCountOf(A), TB = tripCountOf(B);
  return TA && TB && *TA == *TB;
}

Value *otherFactor(Value *Product, Value *T, IRBuilder<> *B) {
  Value *L, *R;
  // A 32-bit product InstCombine computes in 64 bits and masks: the factors'
  // low halves.
  if (match(Product,
            m_And(m_Mul(m_Value(L), m_Value(R)), m_SpecificInt(0xffffffffu)))) {
    std::optional<TripCount> Count = tripCountOf(T);
    if (!Count)
      return nullptr;
    auto IsT = [&](Value *V) { return TripCount{lowHalfOf(V), 0} == *Count; };
    Value *Other = IsT(L) ? R : IsT(R) ? L : nullptr;
    if (!Other || !B)
      return Other;
    return B->CreateAnd(Other, B->getInt64(0xffffffffu));
  }
  Value *Narrow = nullptr;
  bool Signed = match(Product, m_SExt(m_Value(Narrow)));
  if (!Signed && !match(Product, m_NNegZExt(m_Value(Narrow))))
    Narrow = nullptr;
  Value *Of = Narrow ? Narrow : Product;
  if (!match(Of, m_Mul(m_Value(L), m_Value(R))))
    return nullptr;
  Value *Other = sameTripCount(L, T) ? R : sameTripCount(R, T) ? L : nullptr;
  if (!Other || !Narrow || !B)
    return Other;
  return Signed ? B->CreateSExt(Other, Product->getType())
                : B->CreateZExt(Other, Product->getType(), "", true);
}

namespace {
/// The remainder of \p Quotient (of \p Dividend by a constant D) in
/// InstCombine's form of clang's lb + (X - Q * D): X + Q * -D, or
/// (X + lb) + Q * -D, with lb in \p Offset; null where there is none (or more
/// than one).
Instruction *foldedRemainder(BinaryOperator &Quotient, Value &Dividend,
                             int64_t &Offset) {
  const APInt *D;
  if (!match(Quotient.getOperand(1), m_APInt(D)))
    return nullptr;
  Instruction *Found = nullptr;
  for (User *U : Quotient.users()) {
    const APInt *Factor;
    if (!match(U, m_Mul(m_Specific(&Quotient), m_APInt(Factor))) ||
        *Factor != -*D)
      continue;
    for (User *Sum : U->users()) {
      Value *Base;
      if (!match(Sum, m_c_Add(m_Specific(U), m_Value(Base))))
        continue;
      const APInt *Lb;
      int64_t SumOffset = 0;
      if (match(Base, m_Add(m_Specific(&Dividend), m_APInt(Lb))))
        SumOffset = Lb->getSExtValue();
      else if (Base != &Dividend)
        continue;
      if (Found)
        return nullptr;
      Found = cast<Instruction>(Sum);
      Offset = SumOffset;
    }
  }
  return Found;
}
} // namespace

SmallVector<Level, 3> indexDivisions(PHINode &X, const Loop &L,
                                     bool FoldedRemainders) {
  SmallVector<Level, 3> Levels;
  Value *Dividend = &X;
  while (true) {
    BinaryOperator *Quotient = nullptr;
    for (User *U : Dividend->users()) {
      auto *Op = dyn_cast<BinaryOperator>(U);
      if (!Op || !isQuotient(*Op) || Op->getOperand(0) != Dividend ||
          !L.contains(Op) || !L.isLoopInvariant(Op->getOperand(1)))
        continue;
      if (Quotient)
        return {};
      Quotient = Op;
    }
    if (!Quotient)
      break;
    SmallVector<Instruction *, 2> Remainders = remaindersOf(*Quotient);
    if (Remainders.size() > 1)
      return {};
    Instruction *Remainder = Remainders.empty() ? nullptr : Remainders[0];
    int64_t Offset = 0;
    if (!Remainder && FoldedRemainders)
      Remainder = foldedRemainder(*Quotient, *Dividend, Offset);
    Levels.push_back({Quotient, Remainder, Offset});
    // An offset remainder is an index, not a dividend of the next level.
    if (!Remainder || Offset)
      break;
    Dividend = Remainder;
  }
  return Levels;
}

namespace {
/// Calls \p Visit on the values that reach a loop's \p Bound through the
/// runtime's scheduling (extensions, phis, selects, minimums and maximums),
/// \p Bound first, until it returns true.
void visitBoundSources(Value *Bound, function_ref<bool(Value *)> Visit) {
  SmallVector<Value *, 8> Work{Bound};
  SmallPtrSet<Value *, 16> Seen;
  while (!Work.empty() && Seen.size() < 64) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (Visit(V))
      return;
    if (isa<SExtInst>(V) || isa<ZExtInst>(V))
      Work.push_back(cast<CastInst>(V)->getOperand(0));
    else if (auto *Phi = dyn_cast<PHINode>(V))
      append_range(Work, Phi->incoming_values());
    else if (auto *Select = dyn_cast<SelectInst>(V))
      Work.append({Select->getTrueValue(), Select->getFalseValue()});
    else if (auto *MinMax = dyn_cast<MinMaxIntrinsic>(V))
      Work.append({MinMax->getLHS(), MinMax->getRHS()});
  }
}
} // namespace

BinaryOperator *tripProduct(Value *Bound, Value *T) {
  BinaryOperator *Found = nullptr;
  visitBoundSources(Bound, [&](Value *V) {
    Value *Total;
    if (!match(V, m_Add(m_Value(Total), m_AllOnes())))
      return false;
    auto *Product = dyn_cast<BinaryOperator>(Total);
    if (Product && Product->getOpcode() == Instruction::Mul &&
        Product->getType()->isIntegerTy(64) &&
        (sameTripCount(Product->getOperand(0), T) ||
         sameTripCount(Product->getOperand(1), T)))
      Found = Product;
    return Found != nullptr;
  });
  return Found;
}

uint64_t constantTripCount(Value *Bound, uint64_t Divisor) {
  uint64_t Total = 0;
  visitBoundSources(Bound, [&](Value *V) {
    auto *C = dyn_cast<ConstantInt>(V);
    if (C && !C->isNegative() && C->getValue().getActiveBits() < 63 &&
        (C->getZExtValue() + 1) % Divisor == 0)
      Total = std::max(Total, C->getZExtValue() + 1);
    return false;
  });
  return Total;
}

uint64_t lowerBound(Value &R) {
  SmallVector<IndexExtension, 2> Extensions;
  findIndexExtensions(R, Extensions);
  if (!Extensions.empty())
    return Extensions[0].Offset;
  for (User *U : R.users()) {
    const APInt *C;
    if (R.getType()->isIntegerTy(32) &&
        match(U, m_Add(m_Specific(&R), m_APInt(C))) && !C->isNegative())
      return C->getZExtValue();
    if (isa<TruncInst>(U) && U->getType()->isIntegerTy(32))
      for (User *Sum : U->users())
        if (match(Sum, m_Add(m_Specific(U), m_APInt(C))) && !C->isNegative())
          return C->getZExtValue();
  }
  return 0;
}

bool hasLiveOuts(const Loop &L) {
  for (BasicBlock *Block : L.blocks())
    for (Instruction &I : *Block)
      for (User *U : I.users())
        if (!L.contains(cast<Instruction>(U)))
          return true;
  return false;
}

} // namespace ompgpu
