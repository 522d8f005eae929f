//===- DeviceCodegen.cpp - Optimizing a device program and emitting PTX ---===//
#include "ompgpu/OffloadLink/DeviceCodegen.h"
#include "ompgpu/OffloadLink/Commands.h"
#include "ompgpu/Transforms/AlignedBarriers.h"
#include "ompgpu/Transforms/NarrowDivision.h"
#include "ompgpu/Transforms/ThreadStatePromotion.h"
#include "ompgpu/Transforms/UnreadSharedState.h"
#include "ompgpu/Transforms/WorkerDispatch.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace ompgpu {
namespace {

Expected<std::unique_ptr<TargetMachine>>
createNVPTXTargetMachine(const Module &M, StringRef Arch, unsigned OptLevel) {
  std::string Message;
  const Triple &TT = M.getTargetTriple();
  const Target *T = TargetRegistry::lookupTarget(TT, Message);
  if (!T)
    return linkError("no NVPTX target in this LLVM: " + Message);
  std::string Features;
  for (const Function &F : M)
    if (F.hasFnAttribute("target-features")) {
      Features = F.getFnAttribute("target-features").getValueAsString().str();
      break;
    }
  CodeGenOptLevel Level = OptLevel == 0   ? CodeGenOptLevel::None
                          : OptLevel == 1 ? CodeGenOptLevel::Less
                                          : CodeGenOptLevel::Aggressive;
  return std::unique_ptr<TargetMachine>(T->createTargetMachine(
      TT, Arch, Features, TargetOptions(), Reloc::PIC_, std::nullopt, Level));
}

OptimizationLevel toOptimizationLevel(unsigned OptLevel) {
  switch (OptLevel) {
  case 0:
    return OptimizationLevel::O0;
  case 1:
    return OptimizationLevel::O1;
  case 2:
    return OptimizationLevel::O2;
  default:
    return OptimizationLevel::O3;
  }
}

void optimize(Module &M, TargetMachine &TM, unsigned OptLevel) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(&TM);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  // After the loop passes, so that the divisions are those of the final loop
  // bodies, and before the late InstCombine, which folds the index arithmetic
  // of the 32-bit path (NarrowDivision.h).
  PB.registerScalarOptimizerLateEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        FPM.addPass(NarrowDivisionPass());
      });
  // After the inliner has put the runtime into the kernels, before the loop
  // optimizations and vectorization.
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(ThreadStatePromotionPass());
      });
  OptimizationLevel Level = toOptimizationLevel(OptLevel);
  ModulePassManager MPM = Level == OptimizationLevel::O0
                              ? PB.buildO0DefaultPipeline(Level)
                              : PB.buildPerModuleDefaultPipeline(Level);
  if (Level == OptimizationLevel::O0) {
    // The runtime inlined into the user's code still chooses among its paths
    // by the call sites' constant arguments (argument counts, execution
    // modes); without folding those, each fork keeps a call of the outlined
    // function for every possible argument count, through the pointer, and
    // ptxas sizes the kernel's stack without the code they reach.
    FunctionPassManager Fold;
    Fold.addPass(InstSimplifyPass());
    Fold.addPass(SimplifyCFGPass());
    MPM.addPass(createModuleToFunctionPassAdaptor(std::move(Fold)));
    MPM.addPass(GlobalDCEPass());
  }
  MPM.run(M, MAM);
  // Everything is inlined now, so each kernel's reads of the runtime's shared
  // state and its barriers are in its own body (UnreadSharedState.h,
  // AlignedBarriers.h).
  if (Level != OptimizationLevel::O0) {
    // Before the state analysis: the bodies it removes may use runtime state.
    if (emptyUncalledFunctions(M)) {
      MAM.invalidate(M, PreservedAnalyses::none());
      ModulePassManager DCE;
      DCE.addPass(GlobalDCEPass());
      DCE.run(M, MAM);
    }
    removeUnreadSharedStores(M);
    alignUniformBarriers(M);
  }
}

} // namespace

void initializeDeviceCodegen() {
  // LLVM's own OpenMPOpt pass assumes the upstream device runtime's internals
  // (its state machine, its entry points); our runtime differs, and our own
  // passes do that work, so the stock pass stays off.
  const char *Options[] = {"clang-linker-wrapper", "-openmp-opt-disable"};
  cl::ParseCommandLineOptions(std::size(Options), Options);
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
}

Expected<std::string> optimizeAndEmitPTX(Module &Program, StringRef Arch,
                                         unsigned OptLevel) {
  Expected<std::unique_ptr<TargetMachine>> TM =
      createNVPTXTargetMachine(Program, Arch, OptLevel);
  if (!TM)
    return TM.takeError();
  Program.setDataLayout((*TM)->createDataLayout());
  optimize(Program, **TM, OptLevel);
  std::string Errors;
  raw_string_ostream ErrorStream(Errors);
  if (verifyModule(Program, &ErrorStream))
    return linkError("the optimized device program for " + Arch +
                     " is invalid (a bug in the toolchain):\n" + Errors);

  SmallString<0> PTX;
  raw_svector_ostream PTXStream(PTX);
  legacy::PassManager CodeGen;
  if ((*TM)->addPassesToEmitFile(CodeGen, PTXStream, nullptr,
                                 CodeGenFileType::AssemblyFile))
    return linkError("the NVPTX backend cannot emit PTX");
  CodeGen.run(Program);
  return std::string(PTX);
}

} // namespace ompgpu
