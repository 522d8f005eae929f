//===- AtomicOrderingFences.cpp - Ordered atomics as fenced ones ----------===//
//
// The design is in AtomicOrderingFences.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/AtomicOrderingFences.h"
#include "ompgpu/Transforms/Preserved.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-atomic-ordering-fences"

using namespace llvm;

STATISTIC(NumFenced, "Ordered atomic read-modify-writes given fences");

namespace ompgpu {
namespace {

/// Whether \p Ordering orders the accesses before the atomic (release side).
bool releases(AtomicOrdering Ordering) {
  return Ordering == AtomicOrdering::Release ||
         Ordering == AtomicOrdering::AcquireRelease ||
         Ordering == AtomicOrdering::SequentiallyConsistent;
}

/// Whether \p Ordering orders the accesses after the atomic (acquire side).
bool acquires(AtomicOrdering Ordering) {
  return Ordering == AtomicOrdering::Acquire ||
         Ordering == AtomicOrdering::AcquireRelease ||
         Ordering == AtomicOrdering::SequentiallyConsistent;
}

/// Makes \p RMW relaxed between the fences its ordering needs.
void fence(AtomicRMWInst &RMW) {
  AtomicOrdering Ordering = RMW.getOrdering();
  SyncScope::ID Scope = RMW.getSyncScopeID();
  // A sequentially consistent atomic takes sequentially consistent fences
  // (fence.sc), which also order it with the other such atomics.
  bool Sequential = Ordering == AtomicOrdering::SequentiallyConsistent;
  if (releases(Ordering))
    new FenceInst(RMW.getContext(),
                  Sequential ? Ordering : AtomicOrdering::Release, Scope,
                  RMW.getIterator());
  if (acquires(Ordering))
    new FenceInst(RMW.getContext(),
                  Sequential ? Ordering : AtomicOrdering::Acquire, Scope,
                  std::next(RMW.getIterator()));
  RMW.setOrdering(AtomicOrdering::Monotonic);
}

void report(Function &F, unsigned Count) {
  OptimizationRemarkEmitter(&F).emit([&] {
    return OptimizationRemarkAnalysis(RemarkPassName, "AtomicOrderingFences",
                                      &remarkAnchor(F))
           << ore::NV("Atomics", Count)
           << (Count == 1 ? " ordered atomic read-modify-write"
                          : " ordered atomic read-modify-writes")
           << " in " << describeFunction(F.getName())
           << " became relaxed ones between fences (the NVPTX backend would "
              "drop their ordering)";
  });
}

} // namespace

PreservedAnalyses AtomicOrderingFencesPass::run(Module &M,
                                                ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    SmallVector<AtomicRMWInst *> Ordered;
    for (Instruction &I : instructions(F))
      if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
        if (isStrongerThanMonotonic(RMW->getOrdering()))
          Ordered.push_back(RMW);
    if (Ordered.empty())
      continue;
    for (AtomicRMWInst *RMW : Ordered) {
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": fenced " << *RMW << "\n");
      fence(*RMW);
    }
    NumFenced += Ordered.size();
    report(F, Ordered.size());
    Changed = true;
  }
  return preservedUnlessCFGChanged(Changed);
}

} // namespace ompgpu
