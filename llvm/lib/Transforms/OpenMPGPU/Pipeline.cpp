//===- Pipeline.cpp - The device program's passes, in order ---------------===//
//
// Each pass with the reason for its place. The link step
// (llvm/lib/OffloadLink/DeviceLink.cpp) runs stage 1, links the device runtime
// and libdevice (only what the program uses) and checks that nothing is left
// undefined, runs stage 2, and hands the program to DeviceCodegen.cpp, which
// runs stage 3 and emits PTX.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/Pipeline.h"
#include "ompgpu/Transforms/AlignedBarriers.h"
#include "ompgpu/Transforms/AlignedRows.h"
#include "ompgpu/Transforms/AllocateStorage.h"
#include "ompgpu/Transforms/AtomicOrderingFences.h"
#include "ompgpu/Transforms/ConstantChoiceFolding.h"
#include "ompgpu/Transforms/DeferReductions.h"
#include "ompgpu/Transforms/DeviceLaunches.h"
#include "ompgpu/Transforms/EmptyUncalledFunctions.h"
#include "ompgpu/Transforms/FullTeamVersion.h"
#include "ompgpu/Transforms/FullWarpShuffles.h"
#include "ompgpu/Transforms/GridShapedLoops.h"
#include "ompgpu/Transforms/GridStrideLoops.h"
#include "ompgpu/Transforms/GuardedWriteBarriers.h"
#include "ompgpu/Transforms/IndirectCallLookup.h"
#include "ompgpu/Transforms/InternalizeDeviceProgram.h"
#include "ompgpu/Transforms/KernelBounds.h"
#include "ompgpu/Transforms/KernelModes.h"
#include "ompgpu/Transforms/KernelTargetAttributes.h"
#include "ompgpu/Transforms/MemoryParallelism.h"
#include "ompgpu/Transforms/MixedSpaceLoads.h"
#include "ompgpu/Transforms/NarrowDivision.h"
#include "ompgpu/Transforms/ProgramTasks.h"
#include "ompgpu/Transforms/PureMathCalls.h"
#include "ompgpu/Transforms/RedundantBarriers.h"
#include "ompgpu/Transforms/SharedAtomicScope.h"
#include "ompgpu/Transforms/SharedLocals.h"
#include "ompgpu/Transforms/SinCosPairs.h"
#include "ompgpu/Transforms/TaskSharedCaptures.h"
#include "ompgpu/Transforms/ThreadIterations.h"
#include "ompgpu/Transforms/ThreadLoopUnroll.h"
#include "ompgpu/Transforms/ThreadStatePromotion.h"
#include "ompgpu/Transforms/UnreadSharedState.h"
#include "ompgpu/Transforms/WorkerDispatch.h"

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/ADCE.h"
#include "llvm/Transforms/Scalar/CorrelatedValuePropagation.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/GVN.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Transforms/Scalar/JumpThreading.h"
#include "llvm/Transforms/Scalar/SCCP.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

using namespace llvm;

namespace ompgpu {
namespace {

/// Runs \p MPM on \p M with the analyses \p PB provides.
void runPipeline(ModulePassManager MPM, Module &M, PassBuilder &PB) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  MPM.run(M, MAM);
}

} // namespace

ModulePassManager buildBeforeRuntimePipeline() {
  ModulePassManager MPM;
  // Explanations first, of the kernels as clang and LLVM's OpenMPOpt left
  // them: each kernel's mode, and the master locals OpenMPOpt left to run
  // time, whose allocation calls the runtime's inlined allocator hides later.
  MPM.addPass(KernelModesPass());
  MPM.addPass(SharedLocalsPass());
  // On the kernels as OpenMPOpt left them, whose guarded regions it finds by
  // the shape OpenMPOpt gives them.
  MPM.addPass(GuardedWriteBarriersPass());
  // On the user's indirect calls only: the runtime's own (the worker loop's
  // call of a parallel region, a task's entry) take device addresses, and
  // the runtime's link brings the lookup.
  MPM.addPass(IndirectCallLookupPass());
  // On the program's code alone, where a variable of allocate is used only
  // by the function that declares it (and its inlined copies), and before
  // any pass reads the program's memory accesses.
  MPM.addPass(AllocateStoragePass());
  // Passes that choose among runtime entry points run before the runtime is
  // linked, so that its only-what-is-used link brings the ones they chose.
  MPM.addPass(DeferReductionsPass());
  MPM.addPass(GridStrideLoopsPass());
  // After DeferReductions: it also rewrites the callbacks handed to the
  // deferred entry points.
  MPM.addPass(FullWarpShufflesPass());
  // After both: in child kernels it redirects the teams-reduction entry
  // points they chose, and FullWarpShuffles finds the deferred ones by name.
  // It calls runtime entry points of its own, which the link brings.
  MPM.addPass(DeviceLaunchesPass());
  // On the user's code alone, whose task sites and task functions it reads
  // before the runtime's code is linked and inlined around them.
  MPM.addPass(TaskSharedCapturesPass());
  // Before libdevice's link, which brings only what the program uses.
  MPM.addPass(RequestSinCosPass());
  return MPM;
}

ModulePassManager buildAfterRuntimePipeline() {
  ModulePassManager MPM;
  // First: the runtime's functions take the kernels' architecture, or they
  // would not inline into the kernels.
  MPM.addPass(KernelTargetAttributesPass());
  // Needs the runtime's byte, and runs before the optimizer folds its tests.
  MPM.addPass(ProgramTasksPass());
  MPM.addPass(KernelBoundsPass());
  // After KernelBounds: its hint is sized by the final block bound.
  MPM.addPass(MemoryParallelismPass());
  // Needs the runtime's worker loop, and runs before the optimizer so that it
  // inlines the regions into the kernels' copies of the loop.
  MPM.addPass(WorkerDispatchPass());
  // Last: the passes above look the runtime's functions up by name.
  MPM.addPass(InternalizeDeviceProgramPass());
  return MPM;
}

FunctionPassManager buildThreadStateCleanup() {
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  // Optimistic across loops: a worker loop's state stays what it was set to
  // before the loop unless some path in the loop changes it.
  FPM.addPass(SCCPPass());
  FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
  FPM.addPass(ConstantChoiceFoldingPass());
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(JumpThreadingPass());
  FPM.addPass(CorrelatedValuePropagationPass());
  FPM.addPass(GVNPass());
  FPM.addPass(ADCEPass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(InstCombinePass());
  return FPM;
}

void registerOptimizerExtensions(PassBuilder &PB) {
  // Once the inliner is done (the module's optimization pipeline), so that a
  // combined loop's thread loop is in its kernel when either pass sees it: in
  // the inliner's function simplification, NarrowDivision gave a parallel
  // region's loop its two versions wherever the inliner simplified the region
  // before inlining it (which depends on the inliner's order), and AlignedRows
  // then found two loops bounded by one trip count. After the loop passes, so
  // that the divisions are those of the final loop bodies, and before the
  // InstCombine runs that follow vectorization, which fold the index
  // arithmetic of the 32-bit path (NarrowDivision.h). AlignedRows first:
  // NarrowDivision then divides its padded loop's rows and columns in 32 bits
  // too. Both work on loops with preheaders and dedicated exits, which the
  // simplification's last SimplifyCFG may have folded away. ThreadLoopUnroll
  // last: its loops have no divisions, and the order it gives an unrolled
  // body (loads first) must reach code generation, which only the passes
  // that follow vectorization come before.
  PB.registerVectorizerStartEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        FPM.addPass(LoopSimplifyPass());
        FPM.addPass(GridShapedLoopsPass());
        FPM.addPass(AlignedRowsPass());
        FPM.addPass(NarrowDivisionPass());
        FPM.addPass(ThreadLoopUnrollPass());
      });
  // After the inliner has put the runtime into the kernels, so that each
  // kernel's state accesses are in its own body, and before the loop
  // optimizations and vectorization, which then see the folded tests.
  // FullTeamVersion after it, where the team's size is a read of blockDim.x
  // (no longer of the runtime's state), and before those loop passes, which
  // fold the loops its copy steps by a constant.
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(ThreadStatePromotionPass(buildThreadStateCleanup()));
        MPM.addPass(createModuleToFunctionPassAdaptor(FullTeamVersionPass()));
      });
}

ModulePassManager buildOptimizationPipeline(PassBuilder &PB,
                                            OptimizationLevel Level) {
  if (Level == OptimizationLevel::O0) {
    // The always-inliner puts the runtime's fork paths into the kernels, but
    // they still choose among their paths by the call sites' constant
    // arguments (argument counts, execution modes); without folding those,
    // each fork keeps a call of the outlined function for every possible
    // argument count, through the pointer, and ptxas sizes the kernel's stack
    // without the code they reach.
    ModulePassManager MPM = PB.buildO0DefaultPipeline(Level);
    FunctionPassManager Fold;
    Fold.addPass(InstSimplifyPass());
    Fold.addPass(SimplifyCFGPass());
    MPM.addPass(createModuleToFunctionPassAdaptor(std::move(Fold)));
    MPM.addPass(GlobalDCEPass());
    MPM.addPass(SharedAtomicScopePass());
    MPM.addPass(AtomicOrderingFencesPass());
    return MPM;
  }
  ModulePassManager MPM;
  // LLVM's pipeline sees libdevice's math functions as calls of pure
  // functions, which it merges and hoists, and they are inlined after it.
  MPM.addPass(DeferPureMathPass());
  MPM.addPass(PB.buildPerModuleDefaultPipeline(Level));
  // On the calls the pipeline merged and hoisted, before they are inlined.
  MPM.addPass(PairSinCosPass());
  MPM.addPass(InlinePureMathPass());
  // On the pipeline's last SimplifyCFG, which sinks loads of two branches
  // into one from a phi of their pointers, and before code generation, whose
  // InferAddressSpaces gives each split load its space.
  MPM.addPass(MixedSpaceLoadsPass());
  // Everything is inlined now, so each kernel's reads of the runtime's shared
  // state and its barriers are in its own body.
  // First: the bodies it removes may use runtime state, which would keep
  // UnreadSharedState from removing a kernel's stores to it; GlobalDCE then
  // drops what only those bodies used.
  MPM.addPass(EmptyUncalledFunctionsPass());
  MPM.addPass(GlobalDCEPass());
  MPM.addPass(UnreadSharedStatePass());
  // On the final loops; it only adds a global the host reads.
  MPM.addPass(ThreadIterationsPass());
  // Removing stores changes no barrier, and it needs the final control flow,
  // which it keeps.
  MPM.addPass(AlignedBarriersPass());
  // On the aligned barriers, whose threads all meet at the same place, so
  // that one may go or move where the paths it orders allow.
  MPM.addPass(RedundantBarriersPass());
  // Last: no pass after them may move memory accesses across the atomics
  // AtomicOrderingFences leaves relaxed between fences, whose scope is their
  // atomic's, which SharedAtomicScope narrows first.
  MPM.addPass(SharedAtomicScopePass());
  MPM.addPass(AtomicOrderingFencesPass());
  return MPM;
}

ModulePassManager buildLinkPipeline(PassBuilder &PB, OptimizationLevel Level) {
  ModulePassManager MPM = buildBeforeRuntimePipeline();
  MPM.addPass(buildAfterRuntimePipeline());
  MPM.addPass(buildOptimizationPipeline(PB, Level));
  return MPM;
}

void runBeforeRuntimeLink(Module &M) {
  PassBuilder PB;
  runPipeline(buildBeforeRuntimePipeline(), M, PB);
}

void runAfterRuntimeLink(Module &M) {
  PassBuilder PB;
  runPipeline(buildAfterRuntimePipeline(), M, PB);
}

void optimizeDeviceProgram(Module &M, TargetMachine &TM,
                           OptimizationLevel Level) {
  PassBuilder PB(&TM);
  registerOptimizerExtensions(PB);
  runPipeline(buildOptimizationPipeline(PB, Level), M, PB);
}

} // namespace ompgpu
