//===- SharedAtomicScope.cpp - Block scope for shared-memory atomics ------===//
//
// The design is in SharedAtomicScope.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/SharedAtomicScope.h"
#include "ompgpu/Transforms/AddressSpaces.h"
#include "ompgpu/Transforms/AtomicScopes.h"
#include "ompgpu/Transforms/Preserved.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-shared-atomic-scope"

using namespace llvm;

STATISTIC(NumNarrowed, "Atomics on shared memory given block scope");

namespace ompgpu {
namespace {

/// Whether \p I, an atomic, accesses shared memory (fences access nothing).
bool accessesShared(const Instruction &I) {
  const Value *Pointer = getLoadStorePointerOperand(&I);
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    Pointer = RMW->getPointerOperand();
  else if (auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I))
    Pointer = CAS->getPointerOperand();
  return Pointer &&
         Pointer->getType()->getPointerAddressSpace() == SharedAddressSpace;
}

} // namespace

PreservedAnalyses SharedAtomicScopePass::run(Module &M,
                                             ModuleAnalysisManager &) {
  SyncScope::ID Device = M.getContext().getOrInsertSyncScopeID("device");
  SyncScope::ID Block = M.getContext().getOrInsertSyncScopeID("block");
  unsigned Count =
      rescopeAtomics(M,
                     [&](const Instruction &I,
                         SyncScope::ID Scope) -> std::optional<SyncScope::ID> {
                       // The system scope (what clang-22 emits) and the device
                       // scope (what the runtime's build gives its atomics,
                       // RuntimeAtomicScope.h) are wider than the block; a
                       // narrower scope the program chose (single thread,
                       // block) stays.
                       if ((Scope != SyncScope::System && Scope != Device) ||
                           !accessesShared(I))
                         return std::nullopt;
                       return Block;
                     },
                     {"SharedAtomicScope", "atomic on shared memory",
                      "atomics on shared memory", "block"});
  NumNarrowed += Count;
  return preservedUnlessCFGChanged(Count > 0);
}

} // namespace ompgpu
