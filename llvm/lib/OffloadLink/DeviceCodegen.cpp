//===- DeviceCodegen.cpp - Optimizing a device program and emitting PTX ---===//
#include "ompgpu/OffloadLink/DeviceCodegen.h"
#include "ompgpu/OffloadLink/Commands.h"
#include "ompgpu/Transforms/Pipeline.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"

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

/// The PTX of \p Program, which code generation rewrites.
Expected<std::string> emitPTX(Module &Program, TargetMachine &TM) {
  SmallString<0> PTX;
  raw_svector_ostream PTXStream(PTX);
  legacy::PassManager CodeGen;
  if (TM.addPassesToEmitFile(CodeGen, PTXStream, nullptr,
                             CodeGenFileType::AssemblyFile))
    return linkError("the NVPTX backend cannot emit PTX");
  CodeGen.run(Program);
  return std::string(PTX);
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

Expected<CompiledDeviceProgram>
compileDeviceProgram(Module &Program, StringRef Arch, unsigned OptLevel,
                     PtxAssembler Assemble,
                     function_ref<Error(const Module &)> Optimized) {
  Expected<std::unique_ptr<TargetMachine>> TM =
      createNVPTXTargetMachine(Program, Arch, OptLevel);
  if (!TM)
    return TM.takeError();
  Program.setDataLayout((*TM)->createDataLayout());
  optimizeDeviceProgram(Program, **TM, toOptimizationLevel(OptLevel));
  std::string Errors;
  raw_string_ostream ErrorStream(Errors);
  if (verifyModule(Program, &ErrorStream))
    return linkError("the optimized device program for " + Arch +
                     " is invalid (a bug in the toolchain):\n" + Errors);
  if (Optimized)
    if (Error E = Optimized(Program))
      return std::move(E);

  CompiledDeviceProgram Compiled;
  LaunchBoundsPolicy Policy(Program, Arch);
  while (true) {
    // Code generation rewrites the module it runs on: a program whose
    // bounds may still change is emitted from a copy.
    std::unique_ptr<Module> Copy =
        Policy.empty() ? nullptr : CloneModule(Program);
    Expected<std::string> PTX = emitPTX(Copy ? *Copy : Program, **TM);
    if (!PTX)
      return PTX.takeError();
    Expected<std::vector<KernelResources>> Kernels = Assemble(*PTX);
    if (!Kernels)
      return Kernels.takeError();
    Compiled.PTX = std::move(*PTX);
    Compiled.Kernels = std::move(*Kernels);
    ++Compiled.Compiles;
    if (Policy.empty() || Compiled.Compiles == MaxCompiles ||
        !Policy.revise(Compiled.Kernels))
      break;
  }
  Compiled.Decisions = Policy.decisions();
  return std::move(Compiled);
}

} // namespace ompgpu
