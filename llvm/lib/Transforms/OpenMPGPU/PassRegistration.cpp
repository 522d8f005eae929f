//===- PassRegistration.cpp - Our passes by name --------------------------===//
#include "ompgpu/Transforms/PassRegistration.h"
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
#include "ompgpu/Transforms/Pipeline.h"
#include "ompgpu/Transforms/ProgramTasks.h"
#include "ompgpu/Transforms/PureMathCalls.h"
#include "ompgpu/Transforms/RedundantBarriers.h"
#include "ompgpu/Transforms/RuntimeAtomicScope.h"
#include "ompgpu/Transforms/SharedAtomicScope.h"
#include "ompgpu/Transforms/SharedLocals.h"
#include "ompgpu/Transforms/SinCosPairs.h"
#include "ompgpu/Transforms/TaskSharedCaptures.h"
#include "ompgpu/Transforms/ThreadIterations.h"
#include "ompgpu/Transforms/ThreadLoopUnroll.h"
#include "ompgpu/Transforms/ThreadStatePromotion.h"
#include "ompgpu/Transforms/UnreadSharedState.h"
#include "ompgpu/Transforms/WorkerDispatch.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Passes/PassBuilder.h"

#include <optional>

using namespace llvm;

namespace ompgpu {
namespace {

/// The level of "<Stage><On>" if \p Name is that, else nullopt.
std::optional<OptimizationLevel> levelOf(StringRef Name, StringRef Stage) {
  if (!Name.consume_front(Stage) || !Name.consume_front("<") ||
      !Name.consume_back(">"))
    return std::nullopt;
  return StringSwitch<std::optional<OptimizationLevel>>(Name)
      .Case("O0", OptimizationLevel::O0)
      .Case("O1", OptimizationLevel::O1)
      .Case("O2", OptimizationLevel::O2)
      .Case("O3", OptimizationLevel::O3)
      .Default(std::nullopt);
}

bool parseModulePipeline(PassBuilder &PB, StringRef Name,
                         ModulePassManager &MPM) {
#define OMPGPU_MODULE_PASS(NAME, CREATE_PASS)                                  \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE_PASS);                                                  \
    return true;                                                               \
  }
#include "ompgpu/Transforms/PassRegistry.def"
  if (Name == "ompgpu-before-runtime") {
    MPM.addPass(buildBeforeRuntimePipeline());
    return true;
  }
  if (Name == "ompgpu-after-runtime") {
    MPM.addPass(buildAfterRuntimePipeline());
    return true;
  }
  if (std::optional<OptimizationLevel> Level =
          levelOf(Name, "ompgpu-optimize")) {
    MPM.addPass(buildOptimizationPipeline(PB, *Level));
    return true;
  }
  if (std::optional<OptimizationLevel> Level = levelOf(Name, "ompgpu-link")) {
    MPM.addPass(buildLinkPipeline(PB, *Level));
    return true;
  }
  return false;
}

bool parseFunctionPass(StringRef Name, FunctionPassManager &FPM) {
#define OMPGPU_FUNCTION_PASS(NAME, CREATE_PASS)                                \
  if (Name == NAME) {                                                          \
    FPM.addPass(CREATE_PASS);                                                  \
    return true;                                                               \
  }
#include "ompgpu/Transforms/PassRegistry.def"
  return false;
}

} // namespace

void registerPasses(PassBuilder &PB) {
  if (PassInstrumentationCallbacks *PIC =
          PB.getPassInstrumentationCallbacks()) {
#define OMPGPU_MODULE_PASS(NAME, CREATE_PASS)                                  \
  PIC->addClassToPassName(decltype(CREATE_PASS)::name(), NAME);
#define OMPGPU_FUNCTION_PASS(NAME, CREATE_PASS)                                \
  PIC->addClassToPassName(decltype(CREATE_PASS)::name(), NAME);
#include "ompgpu/Transforms/PassRegistry.def"
  }
  PB.registerPipelineParsingCallback(
      [&PB](StringRef Name, ModulePassManager &MPM,
            ArrayRef<PassBuilder::PipelineElement>) {
        return parseModulePipeline(PB, Name, MPM);
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        return parseFunctionPass(Name, FPM);
      });
  registerOptimizerExtensions(PB);
}

} // namespace ompgpu
