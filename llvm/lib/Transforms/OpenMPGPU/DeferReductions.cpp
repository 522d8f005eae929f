//===- DeferReductions.cpp - One block reduction per team in SPMD kernels -===//
//
// Which calls may change: a parallel-level reduction may skip its block
// reduction only where the value it would combine into is thread-private, and
// the teams-level reduction then must reduce every thread's partial. Both hold
// for pure SPMD kernels (execution mode 2 in the kernel environment, the
// combined constructs clang emits in SPMD mode) that reduce across teams
// (ReductionDataSize > 0): their reduction clause applies to the teams and the
// parallel level alike, and a worksharing construct cannot be nested in their
// loop, so no other parallel-level reduction with a shared original runs in
// them (nested parallel regions are serialized, where both forms agree).
// A function is changed only if every kernel that reaches it qualifies. A
// teams reduction that reduces the block once more than needed is only
// slower (the other threads hold the identity), so teams calls change
// whenever their kernels qualify, and parallel calls only where every kernel
// reaching them has all its teams calls changed.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/DeferReductions.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Reachability.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ompgpu {
namespace {

constexpr StringLiteral ParallelReduce = OMPGPU_KMPC_PARALLEL_REDUCE;
constexpr StringLiteral TeamsReduce = OMPGPU_KMPC_TEAMS_REDUCE;
constexpr StringLiteral DeferredParallelReduce =
    OMPGPU_PARALLEL_REDUCE_DEFERRED_SYMBOL;
constexpr StringLiteral DeferredTeamsReduce =
    OMPGPU_TEAMS_REDUCE_DEFERRED_SYMBOL;

using KernelSet = SmallPtrSet<const Function *, 4>;

/// Whether kernel \p K is a pure SPMD kernel that reduces across teams.
bool qualifies(const Function &K) {
  return kernelConfig(K, OMPGPU_CONFIG_EXEC_MODE) == OMP_TGT_EXEC_MODE_SPMD &&
         kernelConfig(K, OMPGPU_CONFIG_REDUCTION_DATA_SIZE).value_or(0) > 0;
}

/// For each function, the kernels from which it can be reached.
DenseMap<const Function *, KernelSet> kernelsReaching(Module &M) {
  DenseMap<const Function *, KernelSet> Reaching;
  for (Function &K : M) {
    if (!isKernel(K))
      continue;
    for (Function *F : functionsReachableFrom(K))
      Reaching[F].insert(&K);
  }
  return Reaching;
}

SmallVector<CallInst *> callsTo(Module &M, StringRef Name) {
  SmallVector<CallInst *> Calls;
  if (Function *Callee = M.getFunction(Name))
    for (User *U : Callee->users())
      if (auto *Call = dyn_cast<CallInst>(U))
        if (Call->getCalledFunction() == Callee)
          Calls.push_back(Call);
  return Calls;
}

void redirect(ArrayRef<CallInst *> Calls, Module &M, StringRef NewName) {
  if (Calls.empty())
    return;
  FunctionCallee Replacement =
      M.getOrInsertFunction(NewName, Calls.front()->getFunctionType());
  for (CallInst *Call : Calls)
    Call->setCalledFunction(Replacement);
}

} // namespace

bool deferReductions(Module &M) {
  SmallVector<CallInst *> TeamsCalls = callsTo(M, TeamsReduce);
  SmallVector<CallInst *> ParallelCalls = callsTo(M, ParallelReduce);
  if (TeamsCalls.empty() || ParallelCalls.empty())
    return false;
  DenseMap<const Function *, KernelSet> Reaching = kernelsReaching(M);
  auto AllQualify = [&](const Function *F, auto &&Predicate) {
    auto It = Reaching.find(F);
    if (It == Reaching.end() || It->second.empty())
      return false;
    return all_of(It->second, Predicate);
  };
  auto Qualifies = [](const Function *K) { return qualifies(*K); };

  SmallVector<CallInst *> DeferredTeams;
  KernelSet KeepingTeamsCalls;
  for (CallInst *Call : TeamsCalls) {
    const Function *F = Call->getFunction();
    if (AllQualify(F, Qualifies))
      DeferredTeams.push_back(Call);
    else if (auto It = Reaching.find(F); It != Reaching.end())
      KeepingTeamsCalls.insert(It->second.begin(), It->second.end());
  }
  SmallVector<CallInst *> DeferredParallel;
  for (CallInst *Call : ParallelCalls)
    if (AllQualify(Call->getFunction(), [&](const Function *K) {
          return Qualifies(K) && !KeepingTeamsCalls.contains(K);
        }))
      DeferredParallel.push_back(Call);
  redirect(DeferredTeams, M, DeferredTeamsReduce);
  redirect(DeferredParallel, M, DeferredParallelReduce);
  return !DeferredTeams.empty();
}

} // namespace ompgpu
