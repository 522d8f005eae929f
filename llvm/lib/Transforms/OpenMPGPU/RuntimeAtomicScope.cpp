//===- RuntimeAtomicScope.cpp - Device scope for the runtime's atomics ----===//
//
// The design is in RuntimeAtomicScope.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/RuntimeAtomicScope.h"
#include "ompgpu/Transforms/AtomicScopes.h"
#include "ompgpu/Transforms/Preserved.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-runtime-atomic-scope"

using namespace llvm;

STATISTIC(NumNarrowed, "System-scope atomics and fences given device scope");

namespace ompgpu {

PreservedAnalyses RuntimeAtomicScopePass::run(Module &M,
                                              ModuleAnalysisManager &) {
  SyncScope::ID Device = M.getContext().getOrInsertSyncScopeID("device");
  unsigned Count =
      rescopeAtomics(M,
                     [&](const Instruction &, SyncScope::ID Scope) {
                       return Scope == SyncScope::System ? std::optional(Device)
                                                         : std::nullopt;
                     },
                     {"RuntimeAtomicScope", "atomic", "atomics", "device"});
  NumNarrowed += Count;
  return preservedUnlessCFGChanged(Count > 0);
}

} // namespace ompgpu
