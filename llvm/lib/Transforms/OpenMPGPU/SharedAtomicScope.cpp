//===- SharedAtomicScope.cpp - Block scope for shared-memory atomics ------===//
//
// The design is in SharedAtomicScope.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/SharedAtomicScope.h"
#include "ompgpu/Transforms/AddressSpaces.h"
#include "ompgpu/Transforms/Preserved.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-shared-atomic-scope"

using namespace llvm;

STATISTIC(NumNarrowed, "Atomics on shared memory given block scope");

namespace ompgpu {
namespace {

/// If \p I is an atomic access of shared memory wider than block scope, sets
/// its scope to \p Block and returns true.
bool narrow(Instruction &I, SyncScope::ID Block) {
  if (!I.isAtomic() || isa<FenceInst>(I))
    return false;
  const Value *Pointer = getLoadStorePointerOperand(&I);
  if (!Pointer) {
    if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
      Pointer = RMW->getPointerOperand();
    else if (auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I))
      Pointer = CAS->getPointerOperand();
  }
  if (!Pointer || Pointer->getType()->getPointerAddressSpace() !=
                      SharedAddressSpace)
    return false;
  std::optional<SyncScope::ID> Scope = getAtomicSyncScopeID(&I);
  // Only the system scope (what clang-22 emits) is known to be wider; a
  // scope the program chose (single thread, block) stays.
  if (!Scope || *Scope != SyncScope::System)
    return false;
  setAtomicSyncScopeID(&I, Block);
  return true;
}

void report(Function &F, unsigned Count) {
  OptimizationRemarkEmitter(&F).emit([&] {
    return OptimizationRemarkAnalysis(RemarkPassName, "SharedAtomicScope",
                                      &remarkAnchor(F))
           << ore::NV("Atomics", Count)
           << (Count == 1 ? " atomic on shared memory" : " atomics on shared "
                                                         "memory")
           << " in " << describeFunction(F.getName())
           << " order with the threads of the block only (block scope)";
  });
}

} // namespace

PreservedAnalyses SharedAtomicScopePass::run(Module &M,
                                             ModuleAnalysisManager &) {
  SyncScope::ID Block = M.getContext().getOrInsertSyncScopeID("block");
  bool Changed = false;
  for (Function &F : M) {
    unsigned Count = 0;
    for (Instruction &I : instructions(F))
      Count += narrow(I, Block);
    if (!Count)
      continue;
    NumNarrowed += Count;
    report(F, Count);
    Changed = true;
  }
  return preservedUnlessCFGChanged(Changed);
}

} // namespace ompgpu
