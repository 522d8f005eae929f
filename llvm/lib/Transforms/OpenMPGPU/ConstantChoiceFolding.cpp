//===- ConstantChoiceFolding.cpp - Fold tests of constant choices ---------===//
//
// The design is in ConstantChoiceFolding.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/ConstantChoiceFolding.h"
#include "ompgpu/Transforms/Preserved.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "ompgpu-constant-choice-folding"

using namespace llvm;

STATISTIC(NumFolded, "Operations folded into a choice between constants");

namespace ompgpu {
namespace {

/// A select of two constants on a scalar condition, or a phi of constants.
bool isConstantChoice(const Instruction &I) {
  if (auto *S = dyn_cast<SelectInst>(&I))
    return !S->getCondition()->getType()->isVectorTy() &&
           isa<Constant>(S->getTrueValue()) &&
           isa<Constant>(S->getFalseValue());
  if (auto *P = dyn_cast<PHINode>(&I))
    return P->getNumIncomingValues() &&
           all_of(P->incoming_values(),
                  [](const Value *V) { return isa<Constant>(V); });
  return false;
}

/// The choice's constant for its \p Index-th value: 0 and 1 are a select's
/// true and false values, a phi's are its incoming values.
Constant *valueOf(Instruction &Choice, unsigned Index) {
  if (auto *S = dyn_cast<SelectInst>(&Choice))
    return cast<Constant>(Index ? S->getFalseValue() : S->getTrueValue());
  return cast<Constant>(cast<PHINode>(Choice).getIncomingValue(Index));
}

unsigned valueCount(const Instruction &Choice) {
  if (auto *P = dyn_cast<PHINode>(&Choice))
    return P->getNumIncomingValues();
  return 2;
}

/// \p User with \p Choice's \p Index-th constant for it, folded; null if
/// another operand is not a constant or the operation does not fold.
Constant *foldFor(Instruction &User, Instruction &Choice, unsigned Index,
                  const DataLayout &DL) {
  SmallVector<Constant *, 2> Operands;
  for (Value *Operand : User.operands()) {
    if (Operand == &Choice)
      Operands.push_back(valueOf(Choice, Index));
    else if (auto *C = dyn_cast<Constant>(Operand))
      Operands.push_back(C);
    else
      return nullptr;
  }
  return ConstantFoldInstOperands(&User, Operands, DL);
}

/// Replaces \p User, an operation of constants and \p Choice, by the same
/// choice between its folded values; returns the new choice, or null when
/// \p User is not such an operation.
Instruction *foldInto(Instruction &User, Instruction &Choice,
                      const DataLayout &DL) {
  // Operations that only compute: no memory, no control flow, no calls.
  if (!isa<BinaryOperator>(User) && !isa<CmpInst>(User) &&
      !isa<CastInst>(User) && !isa<UnaryOperator>(User))
    return nullptr;
  SmallVector<Constant *, 4> Folded;
  for (unsigned Index = 0, E = valueCount(Choice); Index != E; ++Index) {
    Constant *C = foldFor(User, Choice, Index, DL);
    if (!C)
      return nullptr;
    Folded.push_back(C);
  }
  Instruction *New;
  if (auto *S = dyn_cast<SelectInst>(&Choice)) {
    New = SelectInst::Create(S->getCondition(), Folded[0], Folded[1], "",
                             User.getIterator());
  } else {
    auto *P = cast<PHINode>(&Choice);
    auto *NewPhi = PHINode::Create(User.getType(), Folded.size(), "",
                                   std::next(P->getIterator()));
    for (unsigned Index = 0; Index != Folded.size(); ++Index)
      NewPhi->addIncoming(Folded[Index], P->getIncomingBlock(Index));
    New = NewPhi;
  }
  New->setDebugLoc(User.getDebugLoc());
  New->takeName(&User);
  User.replaceAllUsesWith(New);
  User.eraseFromParent();
  return New;
}

void report(Function &F, unsigned Count) {
  OptimizationRemarkEmitter(&F).emit([&] {
    return OptimizationRemark(RemarkPassName, "ConstantChoiceFolding",
                              &remarkAnchor(F))
           << ore::NV("Operations", Count) << (Count == 1 ? " test" : " tests")
           << " of a choice between "
           << "constants (the runtime's state) folded in "
           << describeFunction(F.getName());
  });
}

} // namespace

PreservedAnalyses ConstantChoiceFoldingPass::run(Function &F,
                                                 FunctionAnalysisManager &) {
  const DataLayout &DL = F.getDataLayout();
  SmallVector<Instruction *, 16> Worklist;
  for (Instruction &I : instructions(F))
    if (isConstantChoice(I))
      Worklist.push_back(&I);
  unsigned Count = 0;
  SmallVector<WeakTrackingVH, 16> Made;
  while (!Worklist.empty()) {
    Instruction *Choice = Worklist.pop_back_val();
    SmallVector<Instruction *, 8> Users;
    for (User *U : Choice->users())
      if (auto *I = dyn_cast<Instruction>(U); I && !is_contained(Users, I))
        Users.push_back(I);
    for (Instruction *User : Users)
      if (Instruction *New = foldInto(*User, *Choice, DL)) {
        LLVM_DEBUG(dbgs() << "folded into " << *New << "\n");
        Worklist.push_back(New);
        Made.push_back(New);
        ++Count;
      }
  }
  // The choices whose every test folded (the intermediate ones, always) go.
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Made);
  if (!Count)
    return PreservedAnalyses::all();
  NumFolded += Count;
  report(F, Count);
  return preservedUnlessCFGChanged(true);
}

} // namespace ompgpu
