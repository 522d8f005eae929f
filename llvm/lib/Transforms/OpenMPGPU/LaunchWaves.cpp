//===- LaunchWaves.cpp - More waves of teams for unequal iterations -------===//
//
// The design is in LaunchWaves.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/LaunchWaves.h"
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

#define DEBUG_TYPE "ompgpu-launch-waves"

using namespace llvm;

STATISTIC(NumMarked, "Kernels given several waves of teams");

namespace ompgpu {
namespace {

/// The depth of the loops an iteration of a combined distribute parallel for
/// runs: clang's two loops (GridStrideLoops makes the outer one run once a
/// team) enclose them.
constexpr unsigned ProgramLoopDepth = 3;

/// NVPTX's global address space, where the host can read the marker.
constexpr unsigned GlobalAddressSpace = 1;

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

void mark(Function &K, BasicBlock &Header, const DebugLoc &Location) {
  Module &M = *K.getParent();
  Type *Int32 = Type::getInt32Ty(M.getContext());
  auto *Waves = new GlobalVariable(
      M, Int32, /*isConstant=*/true, GlobalValue::ExternalLinkage,
      ConstantInt::get(Int32, UnequalIterationWaves),
      K.getName() + OMPGPU_KERNEL_WAVES_SUFFIX, nullptr,
      GlobalValue::NotThreadLocal, GlobalAddressSpace);
  Waves->setVisibility(GlobalValue::ProtectedVisibility);
  OptimizationRemarkEmitter ORE(&K);
  ORE.emit([&] {
    return OptimizationRemarkAnalysis(RemarkPassName, "LaunchWaves", Location,
                                      &Header)
           << describeFunction(K.getName())
           << ": its iterations do unequal work (a loop whose trip count "
           << "changes from one iteration to the next), so the host launches "
           << ore::NV("Waves", UnequalIterationWaves)
           << " waves of teams instead of one";
  });
}

} // namespace

PreservedAnalyses LaunchWavesPass::run(Module &M, ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &K : M) {
    // A combined construct's loops, as GridStrideLoops found them, in the
    // kernel itself (an unoptimized program keeps them in the teams region's
    // function) and run by the whole block.
    if (!isKernel(K) || K.isDeclaration() ||
        !K.hasFnAttribute(GridStrideAttr) ||
        kernelConfig(K, OMPGPU_CONFIG_EXEC_MODE) != OMP_TGT_EXEC_MODE_SPMD)
      continue;
    auto [Header, Location] = unequalLoop(K, FAM);
    if (Header) {
      LLVM_DEBUG(dbgs() << K.getName() << ": unequal iterations at "
                        << Header->getName() << "\n");
      mark(K, *Header, Location);
      ++NumMarked;
      Changed = true;
    }
  }
  // Only a global was added.
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
