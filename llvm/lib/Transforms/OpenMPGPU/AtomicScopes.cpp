//===- AtomicScopes.cpp - Rescoping atomics, for the scope passes ---------===//
//
// The design is in AtomicScopes.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/AtomicScopes.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ompgpu {

unsigned
rescopeAtomics(Module &M,
               function_ref<std::optional<SyncScope::ID>(const Instruction &,
                                                         SyncScope::ID)>
                   NewScope,
               const RescopeRemark &Remark) {
  unsigned Total = 0;
  for (Function &F : M) {
    unsigned Count = 0;
    for (Instruction &I : instructions(F)) {
      std::optional<SyncScope::ID> Scope = getAtomicSyncScopeID(&I);
      if (!Scope)
        continue;
      if (std::optional<SyncScope::ID> Wanted = NewScope(I, *Scope)) {
        setAtomicSyncScopeID(&I, *Wanted);
        ++Count;
      }
    }
    if (!Count)
      continue;
    Total += Count;
    OptimizationRemarkEmitter(&F).emit([&] {
      return OptimizationRemarkAnalysis(RemarkPassName, Remark.PassName,
                                        &remarkAnchor(F))
             << ore::NV("Atomics", Count) << " "
             << (Count == 1 ? Remark.Singular : Remark.Plural) << " in "
             << describeFunction(F.getName())
             << " order with the threads of the " << Remark.ScopeName
             << " only (" << Remark.ScopeName << " scope)";
    });
  }
  return Total;
}

} // namespace ompgpu
