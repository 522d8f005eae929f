//===- AlignedRows.cpp - Collapsed loops' rows in whole warps -------------===//
//
// The design is in AlignedRows.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/AlignedRows.h"
#include "ompgpu/Transforms/CollapsedLoops.h"
#include "ompgpu/Transforms/GridStrideLoops.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Remarks.h"

#include "OffloadABI.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/InstSimplifyFolder.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <optional>

#define DEBUG_TYPE "ompgpu-aligned-rows"

using namespace llvm;
using namespace llvm::PatternMatch;

STATISTIC(NumAligned, "Collapsed loops given rows of whole, aligned warps");

namespace ompgpu {
namespace {

/// The attribute of a kernel this pass changed: it changes a kernel once.
constexpr char AlignedRowsAttr[] = "ompgpu-aligned-rows";

/// Whether the values computed from \p Total without a phi are used in
/// \p L other than by its exit test \p Exit: a use by the program's own
/// code, which must keep the trip count (the loop's control, the runtime's
/// scheduling, reaches the loop through phis).
bool usedByLoopBody(Instruction &Total, const Loop &L, const Value *Exit) {
  SmallVector<Instruction *, 8> Work{&Total};
  SmallPtrSet<Instruction *, 16> Seen{&Total};
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    for (User *U : I->users()) {
      auto *UserInst = cast<Instruction>(U);
      if (L.contains(UserInst)) {
        if (UserInst != Exit)
          return true;
        continue;
      }
      if (!isa<PHINode>(UserInst) && Seen.insert(UserInst).second)
        Work.push_back(UserInst);
    }
  }
  return false;
}

/// Whether \p Total also bounds a loop other than \p L (a copy of the thread's
/// loop that NarrowDivision made before the inliner put it in the kernel, or
/// another path's copy): padding the trip count would change its iterations
/// too, so the pass leaves such kernels alone.
bool boundsAnotherLoop(BinaryOperator &Total, Value *T, const Loop &L,
                       LoopInfo &LI) {
  for (Loop *Other : LI.getLoopsInPreorder()) {
    if (Other == &L)
      continue;
    auto [X, Bound, Stay] = boundedIndex(*Other);
    if (X && tripProduct(Bound, T) == &Total)
      return true;
  }
  return false;
}

/// What the padded loop needs: the innermost trip count T, the row length P
/// and the offset o the kernel chose (T and 0 where it does not pad), the
/// offset where it pads, whether it pads, and for each outer division its
/// divisor over T.
struct Padding {
  Value *T, *RowLength, *Offset, *Pads;
  uint64_t PaddedOffset;
  SmallVector<Value *, 2> OuterCounts;
};

/// Makes \p L, the loop over \p X with the divisions \p Levels, run the
/// numbering \p Pad: the indices from the row X / P and the column X % P
/// less the offset (and the original iteration number for \p OtherUsesOfX),
/// and a skip to the latch for padding iterations. Where the kernel does not
/// pad, P is T and the offset 0: the original numbering, with no padding.
void padLoop(Loop &L, PHINode &X, ArrayRef<Level> Levels,
             ArrayRef<Instruction *> OtherUsesOfX, const Padding &Pad,
             LoopInfo &LI, DominatorTree &DT) {
  BasicBlock *Header = L.getHeader();
  BasicBlock *Latch = L.getLoopLatch();
  auto *Next = cast<Instruction>(X.getIncomingValueForBlock(Latch));
  auto *Exit = cast<Instruction>(
      cast<BranchInst>(Latch->getTerminator())->getCondition());
  // The latch's own work (the next iteration number and the exit test) last,
  // so that a padding iteration can go straight to it.
  Next->moveBefore(Latch->getTerminator()->getIterator());
  Exit->moveBefore(Latch->getTerminator()->getIterator());

  IRBuilder<> B(Header, Header->getFirstInsertionPt());
  Value *Row = B.CreateSDiv(&X, Pad.RowLength, "row");
  Value *Column =
      B.CreateSub(&X, B.CreateMul(Row, Pad.RowLength), "column", false, true);
  Value *Inner = Pad.PaddedOffset ? B.CreateSub(Column, Pad.Offset) : Column;
  Value *Real = B.CreateICmpULT(Inner, Pad.T, "real.iteration");
  auto *Split = cast<Instruction>(Real)->getNextNode();
  BasicBlock *Body =
      SplitBlock(Header, Split, &DT, &LI, nullptr, Header->getName() + ".real");
  // The original indices from the row: its divisions by the outer counts.
  // On real iterations the original iteration number is Row * T + Inner, the
  // m-th quotient that of the row's m-th division, the innermost quotient the
  // row's last remainder, and the m-th remainder that remainder times T plus
  // Inner.
  B.SetInsertPoint(Body, Body->getFirstInsertionPt());
  Value *Dividend = Row;
  SmallVector<Value *, 3> Remainders;
  for (auto [Index, Count] : enumerate(Pad.OuterCounts)) {
    Value *Quotient = B.CreateSDiv(Dividend, Count);
    Levels[Index].Quotient->replaceAllUsesWith(Quotient);
    Dividend =
        B.CreateSub(Dividend, B.CreateMul(Quotient, Count), "", false, true);
    Remainders.push_back(Dividend);
  }
  Levels.back().Quotient->replaceAllUsesWith(Dividend);
  if (Instruction *Innermost = Levels.back().Remainder)
    Innermost->replaceAllUsesWith(Inner);
  auto Original = [&](Value *RowPart) {
    return B.CreateAdd(B.CreateMul(RowPart, Pad.T, "", false, true), Inner, "",
                       false, true);
  };
  for (auto [Index, Remainder] : enumerate(Remainders)) {
    Instruction *Old = Levels[Index].Remainder;
    if (!all_of(Old->users(), [&](User *U) {
          return U == Levels[Index + 1].Quotient ||
                 U == Levels[Index + 1].Remainder;
        }))
      Old->replaceAllUsesWith(Original(Remainder));
  }
  if (!OtherUsesOfX.empty()) {
    Value *OriginalX = Original(Row);
    for (Instruction *U : OtherUsesOfX)
      U->replaceUsesOfWith(&X, OriginalX);
  }
  // Clang's innermost index lb + (int)(c - o), with lb >= o where the kernel
  // pads, is (lb - o) + (int)c, o the padded offset or 0: NarrowDivision
  // then finds it as an index (with an offset that is a value it bounds).
  if (Pad.PaddedOffset) {
    SmallVector<IndexExtension, 2> Extensions;
    findIndexExtensions(*Inner, Extensions);
    for (const IndexExtension &Ext : Extensions) {
      if (Ext.Offset < Pad.PaddedOffset || Ext.OffsetValue)
        continue;
      IRBuilder<> At(Ext.Extension);
      Value *Offset =
          At.CreateSelect(Pad.Pads, At.getInt64(Ext.Offset - Pad.PaddedOffset),
                          At.getInt64(Ext.Offset));
      Value *Shifted =
          At.CreateAdd(At.CreateShl(Column, 32), At.CreateShl(Offset, 32));
      Ext.Extension->replaceAllUsesWith(
          At.CreateAShr(Shifted, 32, "", /*isExact=*/true));
      RecursivelyDeleteTriviallyDeadInstructions(Ext.Extension);
    }
  }
  // The original divisions of X are dead now.
  SmallVector<WeakTrackingVH, 6> Dead;
  for (const Level &Level : reverse(Levels))
    Dead.append({Level.Remainder, Level.Quotient});
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Dead);
  // A padding iteration goes to the latch's own work; the loop-carried
  // values keep theirs.
  BasicBlock *LatchWork = SplitBlock(Next->getParent(), Next, &DT, &LI, nullptr,
                                     Header->getName() + ".next");
  BasicBlock *BodyEnd = LatchWork->getSinglePredecessor();
  Header->getTerminator()->eraseFromParent();
  BranchInst::Create(Body, LatchWork, Real, Header);
  for (PHINode &Carried : Header->phis()) {
    if (&Carried == &X)
      continue;
    Value *Value = Carried.getIncomingValueForBlock(LatchWork);
    if (Value == &Carried)
      continue;
    PHINode *Kept = PHINode::Create(Carried.getType(), 2, "",
                                    LatchWork->getFirstNonPHIIt());
    Kept->addIncoming(Value, BodyEnd);
    Kept->addIncoming(&Carried, Header);
    Carried.setIncomingValueForBlock(LatchWork, Kept);
  }
  DT.recalculate(*Header->getParent());
}

void report(const Loop &L, const Padding &Pad) {
  OptimizationRemarkEmitter ORE(L.getHeader()->getParent());
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "AlignedRows", L.getStartLoc(),
                              L.getHeader())
           << "the collapsed loop of "
           << describeFunction(L.getHeader()->getParent()->getName())
           << " runs its rows padded to whole warps, its innermost index's "
              "lower bound less "
           << ore::NV("Offset", Pad.PaddedOffset)
           << " at lane 0, where that adds at most 1/"
           << ore::NV("Slack", unsigned(OMPGPU_PADDED_ROWS_SLACK))
           << " to its iterations";
  });
}

/// Gives kernel \p K the global that has the host launch teams for the
/// padded loop.
void markKernel(Function &K) {
  addKernelWord(K, OMPGPU_KERNEL_PADDED_ROWS_SUFFIX, OMPGPU_PADDED_ROWS_SLACK);
  K.addFnAttr(AlignedRowsAttr);
}

/// Pads the rows of \p L if it is a collapsed loop of the kernel's combined
/// construct (AlignedRows.h); returns whether it did.
bool alignRows(Loop &L, LoopInfo &LI, DominatorTree &DT) {
  auto [X, Bound, Stay] = boundedIndex(L);
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Exit = L.getExitBlock();
  if (!X || !X->getType()->isIntegerTy(64) || !Preheader || !Exit ||
      !L.isInnermost() || hasLiveOuts(L))
    return false;
  SmallVector<Level, 3> Levels = indexDivisions(*X, L);
  if (Levels.empty())
    return false;
  // X's uses besides its divisions and the next iteration number take the
  // original iteration number.
  Value *Next = X->getIncomingValueForBlock(L.getLoopLatch());
  auto *ExitTest =
      cast<BranchInst>(L.getLoopLatch()->getTerminator())->getCondition();
  SmallVector<Instruction *, 4> OtherUsesOfX;
  for (User *U : X->users())
    if (U != Levels[0].Quotient && U != Levels[0].Remainder && U != Next)
      OtherUsesOfX.push_back(cast<Instruction>(U));
  auto *NextInst = dyn_cast<Instruction>(Next);
  if (!NextInst || NextInst->getParent() != L.getLoopLatch() ||
      !isa<Instruction>(ExitTest) ||
      cast<Instruction>(ExitTest)->getParent() != L.getLoopLatch() ||
      !ExitTest->hasOneUse() ||
      any_of(Next->users(), [&](User *U) { return U != X && U != ExitTest; }) ||
      any_of(OtherUsesOfX, [](Instruction *U) { return isa<PHINode>(U); }))
    return false;
  // Padding only pays where the column is used.
  if (!Levels.back().Remainder && OtherUsesOfX.empty())
    return false;
  Value *T = Levels.back().Quotient->getOperand(1);
  for (const Level &Outer : drop_end(Levels))
    if (!otherFactor(Outer.Quotient->getOperand(1), T, nullptr))
      return false;
  BinaryOperator *Total = tripProduct(Bound, T);
  if (!Total || !DT.dominates(Total, Preheader->getTerminator()) ||
      usedByLoopBody(*Total, L, ExitTest) ||
      boundsAnotherLoop(*Total, T, L, LI))
    return false;

  Padding Pad;
  Pad.T = T;
  Pad.PaddedOffset =
      Levels.back().Remainder
          ? lowerBound(*Levels.back().Remainder) % OMPGPU_WARP_SIZE
          : 0;
  // Where the trip count is computed: the padded row length, and whether
  // padding adds at most 1/OMPGPU_PADDED_ROWS_SLACK. The folder makes them
  // constants for a constant T without inserting anything, and a constant T
  // decides now: rows that need no padding, or too much, keep the loop as it
  // is. NarrowDivision then divides by the constant row length as by any
  // constant.
  bool TFirst = sameTripCount(Total->getOperand(0), T);
  Value *KernelT = Total->getOperand(TFirst ? 0 : 1);
  Value *Rows = Total->getOperand(TFirst ? 1 : 0);
  IRBuilder<InstSimplifyFolder> B(
      Total->getContext(),
      InstSimplifyFolder(Total->getModule()->getDataLayout()));
  B.SetInsertPoint(Total->getNextNode());
  Value *Padded = B.CreateAnd(
      B.CreateAdd(KernelT, B.getInt64(Pad.PaddedOffset + OMPGPU_WARP_SIZE - 1)),
      B.getInt64(-int64_t(OMPGPU_WARP_SIZE)), "padded.row");
  Value *Waste = B.CreateSub(Padded, KernelT);
  Value *WithinSlack = B.CreateICmpULE(
      B.CreateMul(Waste, B.getInt64(OMPGPU_PADDED_ROWS_SLACK)), KernelT);
  if (auto *Constant = dyn_cast<ConstantInt>(KernelT))
    if (Constant->isNegative() || Padded == KernelT ||
        match(WithinSlack, m_Zero()))
      return false;
  // From here on the loop changes.
  IRBuilder<> Pre(Preheader->getTerminator());
  for (const Level &Outer : drop_end(Levels))
    Pad.OuterCounts.push_back(
        otherFactor(Outer.Quotient->getOperand(1), T, &Pre));
  // Below 2^56, the padded count (at most 33/32 of it) cannot overflow.
  Value *Small = B.CreateICmpULT(Total, B.getInt64(uint64_t(1) << 56));
  Pad.Pads = B.CreateAnd(WithinSlack, Small, "pads.rows");
  Value *PaddedTotal = B.CreateMul(Rows, Padded, "", false, true);
  Value *TripCount = B.CreateSelect(Pad.Pads, PaddedTotal, Total, "trip.count");
  Total->replaceUsesWithIf(TripCount, [&](Use &U) {
    return U.getUser() != TripCount && U.getUser() != Small;
  });
  Pad.RowLength = B.CreateSelect(Pad.Pads, Padded, KernelT, "row.length");
  Pad.Offset = B.CreateSelect(Pad.Pads, B.getInt64(Pad.PaddedOffset),
                              B.getInt64(0), "row.offset");
  report(L, Pad);
  padLoop(L, *X, Levels, OtherUsesOfX, Pad, LI, DT);
  return true;
}

} // namespace

PreservedAnalyses AlignedRowsPass::run(Function &F,
                                       FunctionAnalysisManager &FAM) {
  if (!isKernel(F) || !F.hasFnAttribute(GridStrideAttr) ||
      !F.hasFnAttribute(LastIterationUnreadAttr) ||
      F.hasFnAttribute(AlignedRowsAttr))
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  for (Loop *L : LI.getLoopsInPreorder())
    if (alignRows(*L, LI, DT)) {
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": padded rows in " << F.getName()
                        << "\n");
      ++NumAligned;
      markKernel(F);
      return PreservedAnalyses::none();
    }
  return PreservedAnalyses::all();
}

} // namespace ompgpu
