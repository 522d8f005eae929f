//===- ThreadIterations.cpp - Iterations of each thread of a launch -------===//
//
// The design is in ThreadIterations.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/ThreadIterations.h"
#include "ompgpu/Transforms/GridStrideLoops.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-thread-iterations"

using namespace llvm;

STATISTIC(NumMarked, "Kernels given their iterations a thread");
STATISTIC(NumUnequal, "Kernels whose iterations do unequal work");

namespace ompgpu {
namespace {

/// The depth of the loops an iteration of a combined distribute parallel for
/// runs: clang's two loops (GridStrideLoops makes the outer one run once a
/// team) enclose them.
constexpr unsigned ProgramLoopDepth = 3;

/// Whether \p Count, a loop's backedge-taken count, contains a value loaded
/// inside some loop of \p LI: it then changes from one iteration of that loop
/// to the next.
bool dependsOnLoadInLoop(const SCEV *Count, const LoopInfo &LI) {
  return SCEVExprContains(Count, [&](const SCEV *S) {
    const auto *Unknown = dyn_cast<SCEVUnknown>(S);
    const auto *Load =
        Unknown ? dyn_cast<LoadInst>(Unknown->getValue()) : nullptr;
    return Load && LI.getLoopFor(Load->getParent());
  });
}

/// The header of the first loop of \p K whose trip count makes iterations
/// unequal, with the loop's location; a null header if there is none.
std::pair<BasicBlock *, DebugLoc> unequalLoop(Function &K,
                                              FunctionAnalysisManager &FAM) {
  const LoopInfo &LI = FAM.getResult<LoopAnalysis>(K);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(K);
  for (const Loop *L : LI.getLoopsInPreorder()) {
    // The program's loops: inside the team's distribute loop and the thread's
    // loop over its share, whose counts depend on the launch.
    if (L->getLoopDepth() < ProgramLoopDepth)
      continue;
    const SCEV *Count = SE.getBackedgeTakenCount(L);
    if (isa<SCEVCouldNotCompute>(Count) || dependsOnLoadInLoop(Count, LI))
      return {L->getHeader(), L->getStartLoc()};
  }
  return {nullptr, DebugLoc()};
}

void mark(Function &K, unsigned Iterations, BasicBlock *UnequalHeader,
          const DebugLoc &Location) {
  addKernelWord(K, OMPGPU_KERNEL_THREAD_ITERATIONS_SUFFIX, Iterations);
  OptimizationRemarkEmitter ORE(&K);
  ORE.emit([&] {
    OptimizationRemarkAnalysis R =
        UnequalHeader
            ? OptimizationRemarkAnalysis(RemarkPassName, "ThreadIterations",
                                         Location, UnequalHeader)
            : OptimizationRemarkAnalysis(RemarkPassName, "ThreadIterations",
                                         &K);
    R << describeFunction(K.getName()) << ": the host launches teams for "
      << ore::NV("Iterations", Iterations)
      << (Iterations == 1 ? " iteration" : " iterations")
      << " a thread, each team one block of the loop";
    if (UnequalHeader)
      R << " (its iterations do unequal work: a loop whose trip count changes "
           "from one iteration to the next)";
    return R;
  });
}

} // namespace

PreservedAnalyses ThreadIterationsPass::run(Module &M,
                                            ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &K : M) {
    // A combined construct's loops, as GridStrideLoops found them, in the
    // kernel itself (an unoptimized program keeps them in the teams region's
    // function) and run by the whole block.
    // A reduction across teams costs more the more teams there are (its last
    // step reads one record a team): such kernels keep one wave.
    if (!isKernel(K) || K.isDeclaration() ||
        !K.hasFnAttribute(GridStrideAttr) ||
        kernelConfig(K, OMPGPU_CONFIG_EXEC_MODE) != OMP_TGT_EXEC_MODE_SPMD ||
        reducesAcrossTeams(K))
      continue;
    auto [Header, Location] = unequalLoop(K, FAM);
    LLVM_DEBUG(if (Header) dbgs() << K.getName() << ": unequal iterations at "
                                  << Header->getName() << "\n");
    mark(K, Header ? UnequalWorkIterations : OMPGPU_BLOCKED_ITERATIONS, Header,
         Location);
    ++NumMarked;
    NumUnequal += Header != nullptr;
    Changed = true;
  }
  // Only a global was added.
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
