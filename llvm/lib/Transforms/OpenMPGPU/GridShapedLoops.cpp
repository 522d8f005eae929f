//===- GridShapedLoops.cpp - Collapsed loops on grids of their shape ------===//
//
// The design is in GridShapedLoops.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/GridShapedLoops.h"
#include "ompgpu/Transforms/AddressSpaces.h"
#include "ompgpu/Transforms/CollapsedLoops.h"
#include "ompgpu/Transforms/GridStrideLoops.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Reachability.h"
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/UnreadSharedState.h"

#include "OffloadABI.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <optional>

#define DEBUG_TYPE "ompgpu-grid-shaped-loops"

using namespace llvm;

STATISTIC(NumShaped, "Collapsed loops given a path on a grid of their shape");
STATISTIC(NumColumnIndices,
          "Innermost indices of shaped paths made 32-bit additions");

namespace ompgpu {
namespace {

/// The attribute of a kernel this pass changed: it changes a kernel once.
constexpr char GridShapedAttr[] = "ompgpu-grid-shaped";

/// How the host computes one extent of the loop (OffloadABI.h's
/// GridShapeWord): the low half of a parameter plus Offset, or the constant
/// Offset where there is no parameter.
struct Extent {
  Argument *Parameter = nullptr;
  int32_t Offset = 0;
};

/// \p V, a trip count, as an Extent of kernel \p K, if the host can compute it.
std::optional<Extent> extentOf(Value *V, const Function &K) {
  if (auto *C = dyn_cast<ConstantInt>(V)) {
    if (C->getValue().isStrictlyPositive() &&
        C->getValue().getActiveBits() < 32)
      return Extent{nullptr, int32_t(C->getZExtValue())};
    return std::nullopt;
  }
  // A parameter itself: a factor of a masked 32-bit product (otherFactor).
  std::optional<TripCount> Count =
      isa<Argument>(V) ? TripCount{V, 0} : tripCountOf(V);
  if (!Count)
    return std::nullopt;
  auto *Parameter = dyn_cast<Argument>(Count->Source);
  if (!Parameter || Parameter->getParent() != &K ||
      !Parameter->getType()->isIntegerTy() ||
      Parameter->getType()->getIntegerBitWidth() < 32 ||
      Count->Offset < INT32_MIN || Count->Offset > INT32_MAX)
    return std::nullopt;
  return Extent{Parameter, int32_t(Count->Offset)};
}

/// Whether \p I reads a thread, team or grid number (or size).
bool readsSpecialRegister(const Instruction &I) {
  auto *Intrinsic = dyn_cast<IntrinsicInst>(&I);
  return Intrinsic && Intrinsic->getCalledFunction()->getName().starts_with(
                          "llvm.nvvm.read.ptx.sreg.");
}

/// Whether \p I computes its value from its operands alone, so that a copy of
/// it anywhere they are available computes the same.
bool isPure(const Instruction &I) {
  if (isa<PHINode>(I) || isa<AllocaInst>(I) || I.isTerminator() ||
      I.mayReadOrWriteMemory() || I.mayHaveSideEffects() ||
      readsSpecialRegister(I))
    return false;
  if (auto *Call = dyn_cast<CallBase>(&I))
    return isa<IntrinsicInst>(Call) && !Call->isConvergent();
  return true;
}

/// Whether the thread loop's body may run as one iteration in the shaped
/// path: calls only to intrinsics that touch no thread numbers and do not
/// synchronize.
bool bodyRunsAlone(const Instruction &I) {
  auto *Call = dyn_cast<CallBase>(&I);
  if (!Call)
    return true;
  auto *Intrinsic = dyn_cast<IntrinsicInst>(Call);
  if (!Intrinsic || Call->isConvergent() || readsSpecialRegister(I))
    return false;
  return !Call->mayHaveSideEffects() || isa<MemIntrinsic>(Intrinsic) ||
         Intrinsic->isAssumeLikeIntrinsic();
}

/// Whether \p I, outside the thread loop, only computes, or stores to a team
/// variable (shared memory) that nothing kernel \p K runs (\p Code) reads
/// (the runtime's launch environment, once nothing that needed it is left):
/// the shaped path skips it. \p Unread caches the answer per variable.
bool onlyComputes(const Instruction &I, const Function &K,
                  const SetVector<Function *> &Code,
                  DenseMap<const GlobalVariable *, bool> &Unread) {
  if (auto *Intrinsic = dyn_cast<IntrinsicInst>(&I))
    if (Intrinsic->isAssumeLikeIntrinsic())
      return true;
  if (auto *Store = dyn_cast<StoreInst>(&I)) {
    auto *Variable = dyn_cast<GlobalVariable>(
        getUnderlyingObject(Store->getPointerOperand()));
    if (!Variable || Variable->getAddressSpace() != SharedAddressSpace ||
        !Variable->hasLocalLinkage())
      return false;
    auto [It, New] = Unread.try_emplace(Variable, false);
    if (New)
      It->second = storesOnly(*Variable, K, Code).has_value();
    return It->second;
  }
  return !I.mayHaveSideEffects();
}

/// A kernel's collapsed thread loop that can run on a grid of its shape.
struct ShapedLoop {
  Loop *L = nullptr;
  PHINode *X = nullptr;
  /// The divisions of X by the trip counts, outermost first (CollapsedLoops).
  SmallVector<Level, 3> Levels;
  /// Innermost first: the columns, the rows (the middle index of a 3-D
  /// loop), the outermost index of a 3-D loop.
  SmallVector<Extent, 3> Extents;
  /// The columns before the innermost index's first in the first tile.
  uint32_t ColumnOffset = 0;
  /// The loop body's instructions the shaped path keeps, and the values from
  /// before the loop they use, in an order that puts operands first.
  SmallPtrSet<Instruction *, 32> Live;
  SetVector<Instruction *> Recomputed;
};

/// Adds \p I and the instructions it is computed from to \p Order, operands
/// first; false if one of them is not pure.
bool recompute(Instruction *I, SetVector<Instruction *> &Order,
               unsigned Depth = 0) {
  if (Order.contains(I))
    return true;
  if (!isPure(*I) || Depth > 64)
    return false;
  for (Value *Operand : I->operands())
    if (auto *Def = dyn_cast<Instruction>(Operand))
      if (!recompute(Def, Order, Depth + 1))
        return false;
  Order.insert(I);
  return true;
}

/// The factor of \p Product besides \p Factor (otherFactor), where
/// \p Factor may also be a parameter whose low half the product's other
/// operand extends (a masked product's factor, against a sign extension).
Value *factorBesides(Value *Product, Value *Factor) {
  if (Value *Other = otherFactor(Product, Factor, nullptr))
    return Other;
  Value *L, *R;
  if (!isa<Argument>(Factor) ||
      !match(Product, PatternMatch::m_Mul(PatternMatch::m_Value(L),
                                          PatternMatch::m_Value(R))))
    return nullptr;
  auto Extends = [&](Value *V) {
    std::optional<TripCount> Count = tripCountOf(V);
    return Count && Count->Source == Factor && Count->Offset == 0;
  };
  return Extends(L) ? R : Extends(R) ? L : nullptr;
}

/// The extents of \p S, innermost first, where its divisors are constants
/// and its bound \p Bound gives a constant trip count; empty elsewhere.
SmallVector<Extent, 3> constantExtents(const ShapedLoop &S, Value *Bound) {
  SmallVector<uint64_t, 2> Divisors;
  for (const Level &Division : S.Levels) {
    auto *D = dyn_cast<ConstantInt>(Division.Quotient->getOperand(1));
    if (!D || !D->getValue().isStrictlyPositive() ||
        D->getValue().getActiveBits() > 31)
      return {};
    Divisors.push_back(D->getZExtValue());
  }
  // Innermost first: T, then the plane's rows (a 3-D loop), then the rest.
  uint64_t T = Divisors.back(), Outermost = Divisors.front();
  if (Outermost % T)
    return {};
  uint64_t Total = constantTripCount(Bound, Outermost);
  SmallVector<uint64_t, 3> Counts{T};
  if (S.Levels.size() == 2)
    Counts.push_back(Outermost / T);
  Counts.push_back(Total / Outermost);
  SmallVector<Extent, 3> Extents;
  for (uint64_t Count : Counts) {
    if (Count == 0 || Count > uint64_t(INT32_MAX))
      return {};
    Extents.push_back(Extent{nullptr, int32_t(Count)});
  }
  return Extents;
}

/// The extents of the loop of \p S whose bound is \p Bound, innermost first;
/// empty where the host cannot compute them.
SmallVector<Extent, 3> extentsOf(const ShapedLoop &S, Value *Bound,
                                 const Function &K) {
  Value *T = S.Levels.back().Quotient->getOperand(1);
  BinaryOperator *Total = tripProduct(Bound, T);
  if (!Total)
    return constantExtents(S, Bound);
  SmallVector<Value *, 3> Counts{T};
  Value *Outer = otherFactor(Total, T, nullptr);
  if (S.Levels.size() == 2) {
    // Total is (I * J) * T or I * (J * T), J * T the first divisor.
    Value *Plane = S.Levels[0].Quotient->getOperand(1);
    Value *J = otherFactor(Plane, T, nullptr);
    if (!J)
      return {};
    Counts.push_back(J);
    Value *I = Outer ? factorBesides(Outer, J) : nullptr;
    if (!I && (Total->getOperand(0) == Plane || Total->getOperand(1) == Plane))
      I = Total->getOperand(Total->getOperand(0) == Plane ? 1 : 0);
    Outer = I;
  }
  if (!Outer)
    return {};
  Counts.push_back(Outer);
  SmallVector<Extent, 3> Extents;
  for (Value *Count : Counts) {
    std::optional<Extent> E = extentOf(Count, K);
    if (!E)
      return {};
    Extents.push_back(*E);
  }
  return Extents;
}

/// The thread loop \p L of kernel \p K as a ShapedLoop, if it qualifies
/// (GridShapedLoops.h).
std::optional<ShapedLoop> analyze(Loop &L, Function &K) {
  auto [X, Bound, Stay] = boundedIndex(L);
  BasicBlock *Latch = L.getLoopLatch();
  if (!X || !L.isInnermost() || !L.getLoopPreheader() || hasLiveOuts(L))
    return std::nullopt;
  ShapedLoop S;
  S.L = &L;
  S.X = X;
  S.Levels = indexDivisions(*X, L, /*FoldedRemainders=*/true);
  if (S.Levels.empty() || S.Levels.size() > 2)
    return std::nullopt;
  // The loop carries nothing but X, whose next value only the exit test
  // reads (extended, where X has 32 bits).
  auto *Next = dyn_cast<Instruction>(X->getIncomingValueForBlock(Latch));
  auto *LatchBranch = cast<BranchInst>(Latch->getTerminator());
  auto *ExitTest = dyn_cast<Instruction>(LatchBranch->getCondition());
  auto ReadsNext = [&](User *U) {
    return U == X || U == ExitTest ||
           (isa<CastInst>(U) && U->hasOneUse() && U->user_back() == ExitTest);
  };
  if (!Next || !ExitTest || !ExitTest->hasOneUse() ||
      !all_of(Next->users(), ReadsNext) ||
      any_of(L.getHeader()->phis(), [&](PHINode &P) { return &P != X; }))
    return std::nullopt;
  // Everything else in the kernel only computes.
  SetVector<Function *> Code = functionsReachableFrom(K);
  DenseMap<const GlobalVariable *, bool> Unread;
  for (BasicBlock &Block : K)
    if (!L.contains(&Block))
      for (Instruction &I : Block)
        if (!onlyComputes(I, K, Code, Unread))
          return std::nullopt;
  // What the body keeps: its effects and branches, and what they use, with X
  // and its divisions given by the grid.
  SmallPtrSet<Value *, 8> FromGrid{X};
  for (const Level &Division : S.Levels) {
    FromGrid.insert(Division.Quotient);
    if (Division.Remainder)
      FromGrid.insert(Division.Remainder);
  }
  SmallVector<Instruction *, 32> Work;
  for (BasicBlock *Block : L.blocks())
    for (Instruction &I : *Block) {
      if (FromGrid.contains(&I) || &I == Next || &I == ExitTest ||
          &I == LatchBranch)
        continue;
      if (!bodyRunsAlone(I))
        return std::nullopt;
      if (I.isTerminator() || I.mayHaveSideEffects())
        Work.push_back(&I);
    }
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    if (!S.Live.insert(I).second)
      continue;
    for (Value *Operand : I->operands()) {
      auto *Def = dyn_cast<Instruction>(Operand);
      if (!Def || FromGrid.contains(Def))
        continue;
      if (L.contains(Def))
        Work.push_back(Def);
      else if (!recompute(Def, S.Recomputed))
        return std::nullopt;
    }
  }
  S.Extents = extentsOf(S, Bound, K);
  if (S.Extents.empty())
    return std::nullopt;
  if (Instruction *Innermost = S.Levels.back().Remainder)
    S.ColumnOffset =
        (lowerBound(*Innermost) + uint64_t(S.Levels.back().RemainderOffset)) %
        OMPGPU_WARP_SIZE;
  return S;
}

/// The value of extent \p E in the kernel, as the host computes it: an int
/// (32 bits).
Value *extentValue(IRBuilder<> &B, const Extent &E) {
  if (!E.Parameter)
    return B.getInt32(E.Offset);
  return B.CreateAdd(B.CreateTrunc(E.Parameter, B.getInt32Ty()),
                     B.getInt32(uint32_t(E.Offset)));
}

/// Gives kernel \p K the shaped path of \p S: a branch at its entry on the
/// grid's shape to a block that computes this thread's indices and runs one
/// copy of the loop's body for them.
void addShapedPath(Function &K, ShapedLoop &S) {
  LLVMContext &Context = K.getContext();
  BasicBlock &Entry = K.getEntryBlock();
  BasicBlock *Linear = SplitBlock(&Entry, Entry.getFirstNonPHIOrDbgOrAlloca(),
                                  static_cast<DominatorTree *>(nullptr),
                                  nullptr, nullptr, "grid.stride");
  BasicBlock *Shaped = BasicBlock::Create(Context, "grid.shaped", &K);
  BasicBlock *Done = BasicBlock::Create(Context, "grid.shaped.done", &K);
  ReturnInst::Create(Context, Done);

  IRBuilder<> B(Entry.getTerminator());
  auto Register = [&](Intrinsic::ID ID) {
    return B.CreateIntrinsic(B.getInt32Ty(), ID, ArrayRef<Value *>());
  };
  // The host's shaped grid has more than one row of teams, or planes of a
  // 3-D loop (a 2-D loop's grid has one plane).
  Value *One = B.getInt32(1);
  Value *IsShaped =
      B.CreateICmpNE(Register(Intrinsic::nvvm_read_ptx_sreg_nctaid_y), One);
  if (S.Levels.size() == 2)
    IsShaped = B.CreateOr(
        IsShaped,
        B.CreateICmpNE(Register(Intrinsic::nvvm_read_ptx_sreg_nctaid_z), One));
  IsShaped->setName("grid.is.shaped");
  Entry.getTerminator()->eraseFromParent();
  BranchInst::Create(Shaped, Linear, IsShaped, &Entry);

  // The values from before the loop that the body uses, computed again.
  B.SetInsertPoint(Shaped);
  ValueToValueMapTy Map;
  for (Instruction *I : S.Recomputed) {
    Instruction *Copy = I->clone();
    Copy->setName(I->getName());
    B.Insert(Copy);
    RemapInstruction(Copy, Map,
                     RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
    Map[I] = Copy;
  }
  // This thread's indices: 32 columns a warp, one row a warp, in 32 bits:
  // inside the grid each is below its int extent. The row cannot wrap
  // (gridDim.y is below 2^16, a team at most 32 warps); the column, taken as
  // unsigned, is exact where the team number is below 2^27 (the host's grids
  // have at most 2^26 + 1 teams in x), and the columns before the first wrap
  // to values above every extent.
  Value *Thread = Register(Intrinsic::nvvm_read_ptx_sreg_tid_x);
  Value *Team = Register(Intrinsic::nvvm_read_ptx_sreg_ctaid_x);
  Value *Column =
      B.CreateSub(B.CreateAdd(B.CreateShl(Team, 5),
                              B.CreateAnd(Thread, OMPGPU_WARP_SIZE - 1)),
                  B.getInt32(S.ColumnOffset), "grid.column");
  Value *Row = B.CreateAdd(
      B.CreateMul(
          Register(Intrinsic::nvvm_read_ptx_sreg_ctaid_y),
          B.CreateLShr(Register(Intrinsic::nvvm_read_ptx_sreg_ntid_x), 5)),
      B.CreateLShr(Thread, 5), "grid.row");
  Value *Columns = extentValue(B, S.Extents[0]);
  Value *Rows = extentValue(B, S.Extents[1]);
  Value *Inside =
      B.CreateAnd(B.CreateAnd(B.CreateICmpULT(Column, Columns),
                              B.CreateICmpULT(Team, B.getInt32(1u << 27))),
                  B.CreateICmpULT(Row, Rows));
  Value *Outer = nullptr;
  if (S.Levels.size() == 2) {
    Outer = Register(Intrinsic::nvvm_read_ptx_sreg_ctaid_z);
    Inside = B.CreateAnd(Inside,
                         B.CreateICmpULT(Outer, extentValue(B, S.Extents[2])));
  }
  Inside->setName("grid.inside");
  // The iteration number and its divisions, outermost first, in 64 bits
  // (where the body runs, the indices and extents are not negative).
  Value *Column64 = widen(B, Column), *Row64 = widen(B, Row),
        *Columns64 = widen(B, Columns);
  Value *InPlane = B.CreateAdd(B.CreateMul(Row64, Columns64), Column64);
  SmallVector<std::pair<Value *, Value *>, 2> Divisions;
  Value *X = InPlane;
  if (Outer) {
    Value *Outer64 = widen(B, Outer);
    X = B.CreateAdd(
        B.CreateMul(Outer64, B.CreateMul(widen(B, Rows), Columns64)), InPlane);
    Divisions.push_back({Outer64, InPlane});
  }
  Divisions.push_back({Row64, Column64});
  X->setName("grid.iteration");

  // The innermost index's sign extensions (64-bit iteration numbers only:
  // 32-bit ones have no such extensions). Inside the grid the column is
  // below its extent, an int (at most 2^31 - 1) or a constant E, so the
  // column plus an offset of at most 1 (at most 2^31 - E) stays below 2^31:
  // those extensions become 32-bit additions, zero-extended, as
  // NarrowDivision's copies have them, where InstCombine cannot see it (the
  // row's range it knows from gridDim.y's).
  SmallVector<IndexExtension, 4> ColumnIndices;
  Instruction *InnermostRemainder = S.Levels.back().Remainder;
  if (InnermostRemainder && S.X->getType()->isIntegerTy(64)) {
    uint64_t MaxOffset =
        S.Extents[0].Parameter ? 1 : (uint64_t(1) << 31) - S.Extents[0].Offset;
    findIndexExtensions(*InnermostRemainder, ColumnIndices);
    erase_if(ColumnIndices, [&](const IndexExtension &Ext) {
      return Ext.Offset > MaxOffset || !S.Live.contains(Ext.Extension);
    });
  }

  // One copy of the body, without the latch's step and test.
  SmallVector<BasicBlock *, 8> Copies;
  for (BasicBlock *Block : S.L->blocks()) {
    BasicBlock *Copy = CloneBasicBlock(Block, Map, ".grid", &K);
    Map[Block] = Copy;
    Copies.push_back(Copy);
  }
  // Until remapped, the copies use the originals: those not kept can go.
  for (BasicBlock *Block : S.L->blocks())
    for (Instruction &I : *Block)
      if (!S.Live.contains(&I)) {
        auto *Copy = cast<Instruction>(Map[&I]);
        Copy->eraseFromParent();
        Map.erase(&I);
      }
  BranchInst::Create(Done, cast<BasicBlock>(Map[S.L->getLoopLatch()]));
  // In the loop's width (32 bits where clang's trip count is a constant
  // below 2^31).
  auto Fit = [&](Value *V) { return B.CreateTrunc(V, S.X->getType()); };
  Map[S.X] = Fit(X);
  for (auto [Division, Values] : zip(S.Levels, Divisions)) {
    Map[Division.Quotient] = Fit(Values.first);
    if (!Division.Remainder)
      continue;
    Value *Remainder = Fit(Values.second);
    if (Division.RemainderOffset)
      Remainder =
          B.CreateNSWAdd(Remainder, ConstantInt::get(S.X->getType(),
                                                     Division.RemainderOffset));
    Map[Division.Remainder] = Remainder;
  }
  remapInstructionsInBlocks(Copies, Map);
  for (const IndexExtension &Ext : ColumnIndices) {
    Value *OffsetValue = Ext.OffsetValue;
    if (Value *Copied = OffsetValue ? Map.lookup(OffsetValue) : nullptr)
      OffsetValue = Copied;
    narrowIndexExtension({cast<Instruction>(Map[Ext.Extension]), Column,
                          Ext.Offset, OffsetValue},
                         Column);
    ++NumColumnIndices;
  }
  B.CreateCondBr(Inside, cast<BasicBlock>(Map[S.L->getHeader()]), Done);
}

void report(const Function &K, const ShapedLoop &S) {
  OptimizationRemarkEmitter ORE(&K);
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "GridShapedLoops",
                              S.L->getStartLoc(), S.L->getHeader())
           << "the " << ore::NV("Dimensions", unsigned(S.Extents.size()))
           << "-D collapsed loop of " << describeFunction(K.getName())
           << " may run on a grid of its shape, one iteration a thread, "
              "its innermost index's lower bound less "
           << ore::NV("Offset", S.ColumnOffset) << " at lane 0";
  });
}

/// Gives kernel \p K the global that tells the host how to shape its grid.
void markKernel(Function &K, const ShapedLoop &S) {
  SmallVector<uint32_t, OMPGPU_GRID_SHAPE_WORDS> Words(OMPGPU_GRID_SHAPE_WORDS,
                                                       0);
  Words[OMPGPU_GRID_SHAPE_DIMENSIONS] = S.Extents.size();
  Words[OMPGPU_GRID_SHAPE_COLUMN_OFFSET] = S.ColumnOffset;
  for (auto [Index, E] : enumerate(S.Extents)) {
    Words[OMPGPU_GRID_SHAPE_EXTENTS + 2 * Index] =
        E.Parameter ? E.Parameter->getArgNo() + 1 : 0;
    Words[OMPGPU_GRID_SHAPE_EXTENTS + 2 * Index + 1] = uint32_t(E.Offset);
  }
  addKernelWords(K, OMPGPU_KERNEL_GRID_SHAPE_SUFFIX, Words);
  K.addFnAttr(GridShapedAttr);
}

} // namespace

PreservedAnalyses GridShapedLoopsPass::run(Function &F,
                                           FunctionAnalysisManager &FAM) {
  if (!isKernel(F) || !F.hasFnAttribute(GridStrideAttr) ||
      !F.hasFnAttribute(LastIterationUnreadAttr) ||
      F.hasFnAttribute(GridShapedAttr) || !F.getReturnType()->isVoidTy())
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  for (Loop *L : LI.getLoopsInPreorder())
    if (std::optional<ShapedLoop> S = analyze(*L, F)) {
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": shaped path in " << F.getName()
                        << "\n");
      report(F, *S);
      addShapedPath(F, *S);
      markKernel(F, *S);
      ++NumShaped;
      return PreservedAnalyses::none();
    }
  return PreservedAnalyses::all();
}

} // namespace ompgpu
