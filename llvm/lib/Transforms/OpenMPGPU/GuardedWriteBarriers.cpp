//===- GuardedWriteBarriers.cpp - Barriers before guarded writes ----------===//
//
// The design is in GuardedWriteBarriers.h. A guarded region as OpenMPOpt
// builds it:
//   check:   %tid = call @__kmpc_get_hardware_thread_id_in_block()
//            %is0 = icmp eq i32 %tid, 0
//            br i1 %is0, label %guarded, label %barrier
//   guarded: ...writes...; br label %barrier
//   barrier: call @__kmpc_barrier_simple_spmd(ptr %loc, i32 %tid)
// The reads that may race with the writes are those reachable backwards from
// the branch without passing a block barrier.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/GuardedWriteBarriers.h"
#include "ompgpu/Transforms/Preserved.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-guarded-write-barriers"

using namespace llvm;
using namespace llvm::PatternMatch;

STATISTIC(NumAdded, "Barriers added before guarded writes");
STATISTIC(NumNotNeeded, "Guarded writes nothing before them may read");

namespace ompgpu {
namespace {

constexpr char ThreadIdFn[] = "__kmpc_get_hardware_thread_id_in_block";
constexpr char SPMDBarrierFn[] = "__kmpc_barrier_simple_spmd";

const CallInst *asCallTo(const Instruction &I, StringRef Name) {
  const auto *Call = dyn_cast<CallInst>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && Callee->getName() == Name ? Call : nullptr;
}

/// Whether \p I is a barrier of the whole block.
bool isBlockBarrier(const Instruction &I) {
  if (asCallTo(I, SPMDBarrierFn) || asCallTo(I, "__kmpc_barrier"))
    return true;
  const auto *Intrinsic = dyn_cast<IntrinsicInst>(&I);
  return Intrinsic &&
         (Intrinsic->getIntrinsicID() == Intrinsic::nvvm_barrier_cta_sync_all ||
          Intrinsic->getIntrinsicID() ==
              Intrinsic::nvvm_barrier_cta_sync_aligned_all);
}

/// Whether \p I is a call of the runtime that reads none of the program's
/// memory: the kernel's start and the thread-number queries that
/// OpenMPOpt's guarded regions and clang's code make.
bool readsOnlyRuntimeState(const Instruction &I) {
  return asCallTo(I, ThreadIdFn) || asCallTo(I, "__kmpc_global_thread_num") ||
         asCallTo(I, "__kmpc_target_init");
}

/// A guarded region: the branch that picks thread 0, the blocks only thread
/// 0 runs, and the barrier that ends the region.
struct GuardedRegion {
  BranchInst *Branch = nullptr;
  SmallVector<BasicBlock *> Guarded;
  CallInst *EndBarrier = nullptr;
};

/// The blocks reachable from \p First without passing \p End, or none if
/// one of them leaves the region some other way (returns).
SmallVector<BasicBlock *> blocksUntil(BasicBlock *First, BasicBlock *End) {
  SmallVector<BasicBlock *> Blocks{First};
  SmallPtrSet<BasicBlock *, 8> Seen{First};
  for (size_t I = 0; I < Blocks.size(); ++I) {
    if (succ_empty(Blocks[I]))
      return {};
    for (BasicBlock *Next : successors(Blocks[I]))
      if (Next != End && Seen.insert(Next).second)
        Blocks.push_back(Next);
  }
  return Blocks;
}

/// The guarded region \p Branch starts, if it starts one.
std::optional<GuardedRegion> asGuardedRegion(BranchInst &Branch) {
  Value *Tid;
  CmpPredicate Pred;
  if (!Branch.isConditional() ||
      !match(Branch.getCondition(),
             m_ICmp(Pred, m_Value(Tid), m_Zero())) ||
      Pred != ICmpInst::ICMP_EQ)
    return std::nullopt;
  auto *TidCall = dyn_cast<CallInst>(Tid);
  if (!TidCall || !asCallTo(*TidCall, ThreadIdFn))
    return std::nullopt;
  BasicBlock *End = Branch.getSuccessor(1);
  auto *EndBarrier =
      const_cast<CallInst *>(asCallTo(*End->getFirstNonPHIIt(), SPMDBarrierFn));
  if (!EndBarrier)
    return std::nullopt;
  SmallVector<BasicBlock *> Guarded = blocksUntil(Branch.getSuccessor(0), End);
  if (Guarded.empty())
    return std::nullopt;
  return GuardedRegion{&Branch, std::move(Guarded), EndBarrier};
}

/// The instructions every path to \p Branch runs since its last block
/// barrier (all of a block reached without one).
SmallVector<Instruction *> sinceLastBarrier(BranchInst &Branch) {
  SmallVector<Instruction *> Found;
  SmallPtrSet<BasicBlock *, 16> Seen;
  SmallVector<std::pair<BasicBlock *, BasicBlock::iterator>> Work;
  Work.push_back({Branch.getParent(), Branch.getIterator()});
  while (!Work.empty()) {
    auto [Block, End] = Work.pop_back_val();
    bool Stopped = false;
    for (auto It = End; It != Block->begin();) {
      Instruction &I = *--It;
      if (isBlockBarrier(I)) {
        Stopped = true;
        break;
      }
      Found.push_back(&I);
    }
    if (Stopped)
      continue;
    for (BasicBlock *Pred : predecessors(Block))
      if (Seen.insert(Pred).second)
        Work.push_back({Pred, Pred->end()});
  }
  return Found;
}

/// Whether something in \p Before may read memory that \p Guarded writes.
bool mayReadWhatIsWritten(ArrayRef<Instruction *> Before,
                          ArrayRef<BasicBlock *> Guarded, AAResults &AA) {
  for (const BasicBlock *Block : Guarded)
    for (const Instruction &W : *Block) {
      if (!W.mayWriteToMemory())
        continue;
      std::optional<MemoryLocation> Written = MemoryLocation::getOrNone(&W);
      for (const Instruction *R : Before) {
        if (!R->mayReadFromMemory() || readsOnlyRuntimeState(*R))
          continue;
        // A write we cannot locate meets every read.
        if (!Written || isRefSet(AA.getModRefInfo(R, *Written)))
          return true;
      }
    }
  return false;
}

void report(const GuardedRegion &Region) {
  Function &F = *Region.Branch->getFunction();
  OptimizationRemarkEmitter(&F).emit([&] {
    return OptimizationRemark(RemarkPassName, "GuardedWriteBarriers",
                              Region.Branch)
           << "a block barrier now precedes the write thread 0 makes for the "
              "team"
           << atLine(*Region.Branch) << " in " << describeFunction(F.getName())
           << ": other threads read that memory since the last barrier";
  });
}

} // namespace

PreservedAnalyses GuardedWriteBarriersPass::run(Module &M,
                                                ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    SmallVector<GuardedRegion> Regions;
    for (BasicBlock &B : F)
      if (auto *Branch = dyn_cast<BranchInst>(B.getTerminator()))
        if (auto Region = asGuardedRegion(*Branch))
          Regions.push_back(*Region);
    if (Regions.empty())
      continue;
    AAResults &AA = FAM.getResult<AAManager>(F);
    bool ChangedF = false;
    for (const GuardedRegion &Region : Regions) {
      if (!mayReadWhatIsWritten(sinceLastBarrier(*Region.Branch),
                                Region.Guarded, AA)) {
        ++NumNotNeeded;
        continue;
      }
      // The same call as the region's end barrier, before the branch.
      Instruction *Barrier = Region.EndBarrier->clone();
      Barrier->insertBefore(Region.Branch->getIterator());
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": barrier before guarded block "
                        << Region.Guarded.front()->getName() << " in "
                        << F.getName() << "\n");
      report(Region);
      ++NumAdded;
      ChangedF = true;
    }
    if (ChangedF)
      FAM.invalidate(F, PreservedAnalyses::none());
    Changed |= ChangedF;
  }
  return preservedUnlessCFGChanged(Changed);
}

} // namespace ompgpu
