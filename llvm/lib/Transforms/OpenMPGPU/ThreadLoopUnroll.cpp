//===- ThreadLoopUnroll.cpp - Thread loops that keep loads in flight ------===//
//
// The design is in ThreadLoopUnroll.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/ThreadLoopUnroll.h"
#include "ompgpu/Transforms/CollapsedLoops.h"
#include "ompgpu/Transforms/GridStrideLoops.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <optional>

#define DEBUG_TYPE "ompgpu-thread-loop-unroll"

using namespace llvm;
using namespace llvm::PatternMatch;

STATISTIC(NumUnrolled, "Thread loops unrolled with their loads first");

namespace ompgpu {
namespace {

/// The copies of the body the unrolled loop runs, as nvcc unrolls its twins.
constexpr unsigned Copies = 4;
/// Bodies larger than these keep enough loads in flight, or would cost
/// more registers than unrolling gains.
constexpr unsigned MaxLoads = 4;
constexpr unsigned MaxInstructions = 24;

/// The attribute of a function whose thread loops this pass unrolled: the
/// original loop stays as the unrolled one's remainder.
constexpr char UnrolledAttr[] = "ompgpu-thread-loops-unrolled";

/// A thread loop of one block that goes round while its next iteration
/// number, X + Stride, passes Stay against a loop-invariant bound.
struct ThreadLoop {
  Loop *L = nullptr;
  BasicBlock *Block = nullptr, *Preheader = nullptr, *Exit = nullptr;
  PHINode *X = nullptr;
  Value *Bound = nullptr, *Stride = nullptr;
  Instruction *Next = nullptr;
  ICmpInst *Test = nullptr;
  CmpInst::Predicate Stay = CmpInst::ICMP_ULE;
  unsigned Loads = 0;
};

/// \p L as a ThreadLoop whose body qualifies (ThreadLoopUnroll.h), if it is
/// one.
std::optional<ThreadLoop> analyze(Loop &L) {
  auto [X, Bound, Stay] = boundedIndex(L);
  BasicBlock *Block = L.getHeader();
  if (!X || !L.isInnermost() || L.getNumBlocks() != 1 ||
      !L.getLoopPreheader() || !L.getExitBlock())
    return std::nullopt;
  ThreadLoop T;
  T.L = &L;
  T.Block = Block;
  T.Preheader = L.getLoopPreheader();
  T.Exit = L.getExitBlock();
  T.X = X;
  T.Bound = Bound;
  T.Stay = Stay;
  auto *Branch = cast<BranchInst>(Block->getTerminator());
  T.Test = dyn_cast<ICmpInst>(Branch->getCondition());
  T.Next = dyn_cast<Instruction>(X->getIncomingValueForBlock(Block));
  // The test compares the next number itself (not extended) and decides
  // nothing else; the next number is X plus a loop-invariant stride.
  if (!T.Test || !T.Test->hasOneUse() || !T.Next ||
      (T.Test->getOperand(0) != T.Next && T.Test->getOperand(1) != T.Next) ||
      !match(T.Next, m_c_Add(m_Specific(X), m_Value(T.Stride))) ||
      !L.isLoopInvariant(T.Stride))
    return std::nullopt;
  unsigned Instructions = 0;
  for (Instruction &I : *Block) {
    if (isa<PHINode>(I) || I.isTerminator())
      continue;
    ++Instructions;
    if (auto *Load = dyn_cast<LoadInst>(&I)) {
      if (!Load->isSimple())
        return std::nullopt;
      ++T.Loads;
      continue;
    }
    if (I.mayReadOrWriteMemory() || I.mayHaveSideEffects())
      return std::nullopt;
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (!isa<IntrinsicInst>(Call) || Call->isConvergent())
        return std::nullopt;
  }
  if (T.Loads == 0 || T.Loads > MaxLoads || Instructions > MaxInstructions)
    return std::nullopt;
  return T;
}

/// Orders the instructions of \p Block between its phis and its terminator:
/// the loads and every instruction of the block their operands need first,
/// then the rest, each group in its order. Valid for a block without
/// stores or calls with side effects, whose instructions depend on one
/// another only through their operands.
void loadsFirst(BasicBlock &Block) {
  SmallVector<Instruction *, 64> Order;
  for (Instruction &I : Block)
    if (!isa<PHINode>(I) && !I.isTerminator())
      Order.push_back(&I);
  SmallPtrSet<Instruction *, 32> First;
  for (Instruction *I : reverse(Order)) {
    if (!isa<LoadInst>(I) && !First.contains(I))
      continue;
    First.insert(I);
    for (Value *Operand : I->operands())
      if (auto *Def = dyn_cast<Instruction>(Operand))
        if (Def->getParent() == &Block && !isa<PHINode>(Def))
          First.insert(Def);
  }
  Instruction *Terminator = Block.getTerminator();
  for (bool Early : {true, false})
    for (Instruction *I : Order)
      if (First.contains(I) == Early)
        I->moveBefore(Terminator->getIterator());
}

/// Gives \p T an unrolled loop that its preheader enters where the first
/// Copies iterations all run and the test is exact, and that hands the
/// remaining iterations to the original loop (ThreadLoopUnroll.h).
void unroll(ThreadLoop &T) {
  Function &F = *T.Block->getParent();
  LLVMContext &Context = F.getContext();
  Type *Type = T.X->getType();
  const unsigned Width = Type->getIntegerBitWidth();
  SmallVector<PHINode *, 4> Phis;
  for (PHINode &Phi : T.Block->phis())
    Phis.push_back(&Phi);
  auto Carried = [&](PHINode *Phi) {
    return Phi->getIncomingValueForBlock(T.Block);
  };

  // The preheader's test: bound and stride below 2^(w-2), so that nothing
  // below wraps, and X + (Copies - 1) * Stride passing the loop's test,
  // which X against Limit = Bound - (Copies - 1) * Stride decides.
  IRBuilder<> B(T.Preheader->getTerminator());
  Value *Quarter =
      ConstantInt::get(Type, APInt::getOneBitSet(Width, Width - 2));
  Value *Ahead = B.CreateMul(T.Stride, ConstantInt::get(Type, Copies - 1));
  Value *Limit = B.CreateSub(T.Bound, Ahead, "unroll.limit");
  Value *X0 = T.X->getIncomingValueForBlock(T.Preheader);
  Value *Enter = B.CreateAnd(B.CreateAnd(B.CreateICmpULT(T.Bound, Quarter),
                                         B.CreateICmpULT(T.Stride, Quarter)),
                             B.CreateAnd(B.CreateICmpUGE(T.Bound, Ahead),
                                         B.CreateICmp(T.Stay, X0, Limit)),
                             "unroll.enter");
  BasicBlock *Unrolled = BasicBlock::Create(
      Context, T.Block->getName() + ".unrolled", &F, T.Block);
  BasicBlock *UnrolledExit = BasicBlock::Create(
      Context, T.Block->getName() + ".unrolled.exit", &F, T.Block);
  BasicBlock *Rest =
      BasicBlock::Create(Context, T.Block->getName() + ".rest", &F, T.Block);
  T.Preheader->getTerminator()->eraseFromParent();
  BranchInst::Create(Unrolled, Rest, Enter, T.Preheader);

  // The copies: copy K's phis are copy K - 1's carried values.
  B.SetInsertPoint(Unrolled);
  DenseMap<PHINode *, PHINode *> UnrolledPhis;
  for (PHINode *Phi : Phis) {
    PHINode *Copy =
        B.CreatePHI(Phi->getType(), 2, Phi->getName() + ".unrolled");
    Copy->addIncoming(Phi->getIncomingValueForBlock(T.Preheader), T.Preheader);
    UnrolledPhis[Phi] = Copy;
  }
  SmallVector<DenseMap<Value *, Value *>, Copies> CopyOf(Copies);
  auto In = [&](unsigned K, Value *V) {
    auto It = CopyOf[K].find(V);
    return It == CopyOf[K].end() ? V : It->second;
  };
  // The copies' iteration numbers derive from a freeze of the unrolled
  // loop's (a no-op: it is never poison), which ScalarEvolution does not
  // see through: LoopStrengthReduce then leaves their addresses as they are
  // instead of giving each its own 64-bit induction variable, which cost the
  // registers that hold the loads.
  Value *FrozenX = B.CreateFreeze(UnrolledPhis[T.X], "unroll.x");
  for (unsigned K = 0; K < Copies; ++K) {
    ValueToValueMapTy Map;
    for (PHINode *Phi : Phis) {
      Value *Start =
          K == 0
              ? (Phi == T.X ? FrozenX : static_cast<Value *>(UnrolledPhis[Phi]))
              : In(K - 1, Carried(Phi));
      Map[Phi] = Start;
      CopyOf[K][Phi] = Start;
    }
    for (Instruction &I : *T.Block) {
      if (isa<PHINode>(I) || I.isTerminator() || &I == T.Test)
        continue;
      Instruction *Copy = I.clone();
      B.Insert(Copy, I.hasName() ? I.getName() + ".u" + Twine(K) : "");
      RemapInstruction(Copy, Map,
                       RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
      Map[&I] = Copy;
      CopyOf[K][&I] = Copy;
    }
  }
  const unsigned Last = Copies - 1;
  Value *After = In(Last, T.Next);
  B.CreateCondBr(B.CreateICmp(T.Stay, After, Limit, "unroll.more"), Unrolled,
                 UnrolledExit);
  for (PHINode *Phi : Phis)
    UnrolledPhis[Phi]->addIncoming(In(Last, Carried(Phi)), Unrolled);
  loadsFirst(*Unrolled);

  // The rest of the iterations, if any, in the original loop.
  B.SetInsertPoint(UnrolledExit);
  B.CreateCondBr(B.CreateICmp(T.Stay, After, T.Bound, "unroll.rest"), Rest,
                 T.Exit);
  B.SetInsertPoint(Rest);
  for (PHINode *Phi : Phis) {
    PHINode *Start = B.CreatePHI(Phi->getType(), 2, Phi->getName() + ".rest");
    Start->addIncoming(Phi->getIncomingValueForBlock(T.Preheader), T.Preheader);
    Start->addIncoming(In(Last, Carried(Phi)), UnrolledExit);
    int Index = Phi->getBasicBlockIndex(T.Preheader);
    Phi->setIncomingBlock(Index, Rest);
    Phi->setIncomingValue(Index, Start);
  }
  B.CreateBr(T.Block);
  // The loop's values used after it (LCSSA phis): the last copy's.
  for (PHINode &Phi : T.Exit->phis())
    Phi.addIncoming(In(Last, Phi.getIncomingValueForBlock(T.Block)),
                    UnrolledExit);
}

void report(OptimizationRemarkEmitter &ORE, const ThreadLoop &T) {
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "ThreadLoopUnroll",
                              T.L->getStartLoc(), T.Block)
           << "the thread loop of "
           << describeFunction(T.Block->getParent()->getName())
           << " is unrolled " << ore::NV("Copies", Copies) << " times, its "
           << ore::NV("Loads", T.Loads * Copies) << " loads first";
  });
}

} // namespace

PreservedAnalyses ThreadLoopUnrollPass::run(Function &F,
                                            FunctionAnalysisManager &FAM) {
  if (!F.hasFnAttribute(GridStrideAttr) || F.hasFnAttribute(UnrolledAttr))
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  SmallVector<ThreadLoop, 2> Found;
  for (Loop *L : LI.getLoopsInPreorder()) {
    std::optional<ThreadLoop> T = analyze(*L);
    if (!T)
      continue;
    // The exit's phis take the unrolled loop's values too.
    if (formLoopLCSSA(*L, DT, LI))
      Found.push_back(*T);
  }
  if (Found.empty())
    return PreservedAnalyses::all();
  OptimizationRemarkEmitter ORE(&F);
  for (ThreadLoop &T : Found) {
    report(ORE, T);
    unroll(T);
    ++NumUnrolled;
  }
  F.addFnAttr(UnrolledAttr);
  return PreservedAnalyses::none();
}

} // namespace ompgpu
