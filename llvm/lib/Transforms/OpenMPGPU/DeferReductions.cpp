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
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/RuntimeCalls.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-defer-reductions"

using namespace llvm;

STATISTIC(NumTeamsDeferred, "Teams reductions that reduce the block once");
STATISTIC(NumParallelDeferred,
          "Parallel-level reductions that keep each thread's partial");

namespace ompgpu {
namespace {

constexpr StringLiteral ParallelReduce = OMPGPU_KMPC_PARALLEL_REDUCE;
constexpr StringLiteral TeamsReduce = OMPGPU_KMPC_TEAMS_REDUCE;
constexpr StringLiteral DeferredParallelReduce =
    OMPGPU_PARALLEL_REDUCE_DEFERRED_SYMBOL;
constexpr StringLiteral DeferredTeamsReduce =
    OMPGPU_TEAMS_REDUCE_DEFERRED_SYMBOL;

using KernelSet = SmallPtrSet<const Function *, 4>;

/// Why kernel \p K is not a pure SPMD kernel that reduces across teams, or
/// "" if it is one.
std::string whyNotQualified(const Function &K) {
  if (kernelConfig(K, OMPGPU_CONFIG_EXEC_MODE) != OMP_TGT_EXEC_MODE_SPMD)
    return describeFunction(K.getName()) + " does not run in pure SPMD mode";
  if (!reducesAcrossTeams(K))
    return describeFunction(K.getName()) + " does not reduce across teams";
  return "";
}

bool qualifies(const Function &K) { return whyNotQualified(K).empty(); }

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

void redirectAll(ArrayRef<CallInst *> Calls, StringRef NewName) {
  for (CallInst *Call : Calls) {
    assert(Call->getFunctionType() == Calls.front()->getFunctionType() &&
           "clang calls each reduction entry point with one signature");
    redirect(*Call, NewName);
  }
}

} // namespace

PreservedAnalyses DeferReductionsPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<CallInst *> TeamsCalls = callsTo(M, TeamsReduce);
  SmallVector<CallInst *> ParallelCalls = callsTo(M, ParallelReduce);
  if (TeamsCalls.empty() || ParallelCalls.empty())
    return PreservedAnalyses::all();
  DenseMap<const Function *, KernelSet> Reaching = kernelsReaching(M);
  auto AllQualify = [&](const Function *F, auto &&Predicate) {
    auto It = Reaching.find(F);
    if (It == Reaching.end() || It->second.empty())
      return false;
    return all_of(It->second, Predicate);
  };
  auto Qualifies = [](const Function *K) { return qualifies(*K); };
  /// Why the reduction \p Call is left as it is, for its remark.
  auto WhyKept = [&](const CallInst *Call) -> std::string {
    auto It = Reaching.find(Call->getFunction());
    if (It == Reaching.end() || It->second.empty())
      return "no kernel reaches it";
    for (const Function *K : It->second)
      if (std::string Why = whyNotQualified(*K); !Why.empty())
        return Why;
    return "";
  };

  SmallVector<CallInst *> DeferredTeams;
  KernelSet KeepingTeamsCalls;
  for (CallInst *Call : TeamsCalls) {
    const Function *F = Call->getFunction();
    OptimizationRemarkEmitter ORE(F);
    if (AllQualify(F, Qualifies)) {
      DeferredTeams.push_back(Call);
      ORE.emit([&] {
        return OptimizationRemark(RemarkPassName, "DeferReductions", Call)
               << "in " << describeFunction(F->getName())
               << " each thread keeps its own partial across distribute "
                  "chunks and the team reduces once, here, instead of once "
                  "per chunk";
      });
      continue;
    }
    if (auto It = Reaching.find(F); It != Reaching.end())
      KeepingTeamsCalls.insert(It->second.begin(), It->second.end());
    ORE.emit([&] {
      return OptimizationRemarkMissed(RemarkPassName, "DeferReductions", Call)
             << "this teams reduction stays as clang emitted it: "
             << WhyKept(Call);
    });
  }
  SmallVector<CallInst *> DeferredParallel;
  for (CallInst *Call : ParallelCalls) {
    const Function *F = Call->getFunction();
    if (AllQualify(F, [&](const Function *K) {
          return Qualifies(K) && !KeepingTeamsCalls.contains(K);
        })) {
      DeferredParallel.push_back(Call);
    } else if (AllQualify(F, Qualifies)) {
      OptimizationRemarkEmitter(F).emit([&] {
        return OptimizationRemarkMissed(RemarkPassName, "DeferReductions", Call)
               << "this parallel-level reduction stays: a kernel that reaches "
                  "it keeps a teams reduction that is not deferred";
      });
    }
  }
  // A parallel-level reduction may keep its partials only where the teams
  // reduction of each kernel reaching it reduces them.
  assert((DeferredParallel.empty() || !DeferredTeams.empty()) &&
         "parallel-level reductions deferred without their teams reduction");
  LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << DeferredTeams.size() << " of "
                    << TeamsCalls.size() << " teams and "
                    << DeferredParallel.size() << " of " << ParallelCalls.size()
                    << " parallel-level reductions deferred\n");
  NumTeamsDeferred += DeferredTeams.size();
  NumParallelDeferred += DeferredParallel.size();
  redirectAll(DeferredTeams, DeferredTeamsReduce);
  redirectAll(DeferredParallel, DeferredParallelReduce);
  return DeferredTeams.empty() ? PreservedAnalyses::all()
                               : PreservedAnalyses::none();
}

} // namespace ompgpu
