//===- RedundantBarriers.cpp - Block barriers that order nothing ----------===//
//
// Two data-flow problems over a kernel's blocks, both "may": whether some path
// from the kernel's start or an aligned barrier reaches a point with an
// access after its last barrier (forward), and whether some path from a point
// reaches such an access before the next aligned barrier or the kernel's end
// (backward). A barrier with no access on either side goes. One barrier is
// removed at a time and the problems are solved again: two barriers with
// nothing between them each look redundant, but only one of them is.
//
// Moving a barrier: the paths from it are followed through blocks that
// access nothing and end in a branch every thread takes alike (and that every
// thread runs or none does, ThreadDivergence.h), as far as blocks from which
// no path reaches an access before a barrier or the kernel's end (the
// backward problem's answer). If some path ends so, and the barrier's own
// block has no access after it, the barrier moves onto each edge into a block
// that accesses memory or branches apart: every path that reaches an access
// still passes a barrier before it and after every access the old one
// followed, and the new barriers are aligned (their edges' branches are
// uniform in blocks all threads run).
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/RedundantBarriers.h"
#include "ompgpu/Transforms/AddressSpaces.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/ThreadDivergence.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#define DEBUG_TYPE "ompgpu-redundant-barriers"

using namespace llvm;

STATISTIC(NumRemoved, "Block barriers removed: no access on one side");
STATISTIC(NumMoved, "Block barriers moved onto the branches to accesses");

namespace ompgpu {
namespace {

bool isAlignedBarrier(const Instruction &I) {
  const auto *Call = dyn_cast<IntrinsicInst>(&I);
  return Call &&
         Call->getIntrinsicID() == Intrinsic::nvvm_barrier_cta_sync_aligned_all;
}

/// Memory of the thread alone: its stack and its copies of by-value
/// arguments.
bool isThreadOwn(const Value *Pointer) {
  if (Pointer->getType()->getPointerAddressSpace() == LocalAddressSpace)
    return true;
  const Value *Base = getUnderlyingObject(Pointer);
  if (isa<AllocaInst>(Base))
    return true;
  const auto *Argument = dyn_cast<llvm::Argument>(Base);
  return Argument && Argument->hasByValAttr();
}

/// Whether \p I may access memory that other threads of the block access.
bool accessesSharedMemory(const Instruction &I) {
  if (!I.mayReadOrWriteMemory())
    return false;
  if (const auto *Call = dyn_cast<IntrinsicInst>(&I))
    if (Call->isAssumeLikeIntrinsic())
      return false; // lifetime markers, assumptions, debug records
  if (const auto *Load = dyn_cast<LoadInst>(&I)) {
    if (!Load->isSimple())
      return true;
    unsigned Space = Load->getPointerAddressSpace();
    if (Space == ConstantAddressSpace || Space == ParamAddressSpace ||
        Load->hasMetadata(LLVMContext::MD_invariant_load))
      return false;
    return !isThreadOwn(Load->getPointerOperand());
  }
  if (const auto *Store = dyn_cast<StoreInst>(&I))
    return !Store->isSimple() || !isThreadOwn(Store->getPointerOperand());
  return true; // calls, atomics, fences
}

/// The state after running \p Instructions in the order given (forwards or
/// backwards), starting with \p Accessed: whether an access comes after the
/// last aligned barrier met.
template <typename RangeT>
bool accessedSinceBarrier(RangeT &&Instructions, bool Accessed) {
  for (const Instruction &I : Instructions) {
    if (isAlignedBarrier(I))
      Accessed = false;
    else if (accessesSharedMemory(I))
      Accessed = true;
  }
  return Accessed;
}

/// Both data-flow problems of the top, solved for kernel \p K.
struct AccessPaths {
  /// Some path from the start or a barrier to the block's start has an
  /// access since its last barrier.
  DenseMap<const BasicBlock *, bool> AccessedAtStart;
  /// Some path from the block's start to a barrier or the kernel's end has
  /// an access before it.
  DenseMap<const BasicBlock *, bool> AccessAhead;

  explicit AccessPaths(Function &K) {
    ReversePostOrderTraversal<Function *> Order(&K);
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (BasicBlock *B : Order) {
        bool In = any_of(predecessors(B), [&](BasicBlock *P) {
          return accessedSinceBarrier(*P, AccessedAtStart.lookup(P));
        });
        if (In && !AccessedAtStart.lookup(B))
          Changed = AccessedAtStart[B] = true;
      }
    }
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (BasicBlock *B : post_order(&K)) {
        if (accessedSinceBarrier(reverse(*B), accessAheadOfEnd(*B)) &&
            !AccessAhead.lookup(B))
          Changed = AccessAhead[B] = true;
      }
    }
  }

  /// Some path from the end of \p B has an access before a barrier.
  bool accessAheadOfEnd(const BasicBlock &B) const {
    return any_of(successors(&B),
                  [&](const BasicBlock *S) { return AccessAhead.lookup(S); });
  }

  bool accessBefore(Instruction &Barrier) const {
    BasicBlock *B = Barrier.getParent();
    return accessedSinceBarrier(make_range(B->begin(), Barrier.getIterator()),
                                AccessedAtStart.lookup(B));
  }

  bool accessAfter(Instruction &Barrier) const {
    BasicBlock *B = Barrier.getParent();
    return accessedSinceBarrier(
        reverse(make_range(std::next(Barrier.getIterator()), B->end())),
        accessAheadOfEnd(*B));
  }
};

/// Where the paths from a barrier lead: the edges a moved barrier would take.
struct PathsAhead {
  /// The edges into blocks that access memory or branch apart before any
  /// barrier.
  SmallVector<std::pair<BasicBlock *, BasicBlock *>> ToAccesses;
  /// Some path ends at a barrier or the kernel's end without an access.
  bool SomeEndWithout = false;
  /// Nothing to move: an access after the barrier in its own block, or a
  /// branch there that threads may take apart.
  bool Stuck = false;
};

/// Follows the paths from \p Barrier through blocks that access nothing and
/// end in a branch every thread takes alike, up to the blocks from which no
/// path reaches an access before a barrier or the kernel's end (\p Ahead)
/// and the edges into blocks that access memory or branch apart.
PathsAhead followPaths(Instruction &Barrier, const AccessPaths &Ahead,
                       UniformityInfo &UI, const PostDominatorTree &PDT) {
  PathsAhead Paths;
  BasicBlock *Home = Barrier.getParent();
  auto accessFree = [](BasicBlock::iterator I, BasicBlock::iterator End) {
    return std::none_of(I, End, [](Instruction &X) {
      return accessesSharedMemory(X) || isAlignedBarrier(X);
    });
  };
  if (!accessFree(std::next(Barrier.getIterator()), Home->end()) ||
      UI.hasDivergentTerminator(*Home)) {
    Paths.Stuck = true;
    return Paths;
  }
  // The barrier's own block is followed from the barrier on; a path back to
  // its start reaches an access or a barrier (that one, if no other) first.
  SmallPtrSet<BasicBlock *, 16> Followed;
  SmallVector<BasicBlock *> Work{Home};
  while (!Work.empty()) {
    BasicBlock *From = Work.pop_back_val();
    for (BasicBlock *To : successors(From)) {
      if (Followed.contains(To))
        continue;
      if (To == Home) {
        if (Ahead.AccessAhead.lookup(To) &&
            !is_contained(Paths.ToAccesses, std::make_pair(From, To)))
          Paths.ToAccesses.push_back({From, To});
        continue;
      }
      if (!Ahead.AccessAhead.lookup(To)) {
        Paths.SomeEndWithout = true;
        continue;
      }
      if (accessFree(To->begin(), To->end()) &&
          !UI.hasDivergentTerminator(*To) &&
          !divergentBranchAbove(*To, UI, PDT)) {
        Followed.insert(To);
        Work.push_back(To);
      } else if (!is_contained(Paths.ToAccesses, std::make_pair(From, To))) {
        Paths.ToAccesses.push_back({From, To});
      }
    }
  }
  return Paths;
}

void reportRemoved(Function &K, Instruction &Barrier, bool NothingBefore) {
  OptimizationRemarkEmitter ORE(&K);
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "RedundantBarriers", &Barrier)
           << "this block barrier of " << describeFunction(K.getName())
           << " orders no memory access: none "
           << (NothingBefore ? "since the kernel's start or the barrier "
                               "before it"
                             : "after it before the kernel's end or the next "
                               "barrier")
           << "; removed";
  });
}

void reportMoved(Function &K, Instruction &Barrier, unsigned Edges) {
  OptimizationRemarkEmitter ORE(&K);
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "RedundantBarriers", &Barrier)
           << "this block barrier of " << describeFunction(K.getName())
           << " moved onto the " << ore::NV("Edges", Edges)
           << " branch(es) after it that lead to memory accesses: the paths "
              "that end without one no longer wait";
  });
}

SmallVector<Instruction *> alignedBarriers(Function &K) {
  SmallVector<Instruction *> Barriers;
  for (Instruction &I : instructions(K))
    if (isAlignedBarrier(I))
      Barriers.push_back(&I);
  return Barriers;
}

/// Removes one barrier with no access on one side; false if there is none.
bool removeOne(Function &K) {
  AccessPaths Paths(K);
  for (Instruction *Barrier : alignedBarriers(K)) {
    bool NothingBefore = !Paths.accessBefore(*Barrier);
    if (!NothingBefore && Paths.accessAfter(*Barrier))
      continue;
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName() << ": removed "
                      << *Barrier << "\n");
    reportRemoved(K, *Barrier, NothingBefore);
    Barrier->eraseFromParent();
    ++NumRemoved;
    return true;
  }
  return false;
}

/// Moves one barrier onto the edges to the accesses after it (top of the
/// file); false if none can move.
bool moveOne(Function &K, FunctionAnalysisManager &Analyses) {
  AccessPaths Ahead(K);
  UniformityInfo &UI = Analyses.getResult<UniformityInfoAnalysis>(K);
  const PostDominatorTree &PDT =
      Analyses.getResult<PostDominatorTreeAnalysis>(K);
  for (Instruction *Barrier : alignedBarriers(K)) {
    PathsAhead Paths = followPaths(*Barrier, Ahead, UI, PDT);
    if (Paths.Stuck || !Paths.SomeEndWithout || Paths.ToAccesses.empty() ||
        any_of(Paths.ToAccesses, [](auto Edge) {
          return count(successors(Edge.first), Edge.second) != 1;
        }))
      continue;
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName() << ": moved "
                      << *Barrier << " onto " << Paths.ToAccesses.size()
                      << " edge(s)\n");
    reportMoved(K, *Barrier, Paths.ToAccesses.size());
    for (auto [From, To] : Paths.ToAccesses) {
      BasicBlock *Edge = SplitEdge(From, To);
      Barrier->clone()->insertBefore(Edge->getTerminator()->getIterator());
    }
    Barrier->eraseFromParent();
    ++NumMoved;
    return true;
  }
  return false;
}

bool simplifyBarriersIn(Function &K, FunctionAnalysisManager &Analyses) {
  // Each step removes a barrier, or moves one so that fewer paths pass a
  // barrier; the bound only guards against a cycle of moves.
  unsigned Steps = 4 * alignedBarriers(K).size();
  bool Changed = false;
  for (unsigned Step = 0; Step < Steps; ++Step) {
    if (!removeOne(K) && !moveOne(K, Analyses))
      break;
    Analyses.invalidate(K, PreservedAnalyses::none());
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses RedundantBarriersPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  FunctionAnalysisManager Analyses;
  registerThreadDivergenceAnalyses(Analyses);
  bool Changed = false;
  for (Function &K : M)
    if (isKernel(K) && !K.isDeclaration())
      Changed |= simplifyBarriersIn(K, Analyses);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
