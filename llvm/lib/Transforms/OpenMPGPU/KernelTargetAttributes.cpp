//===- KernelTargetAttributes.cpp - The kernels' GPU for every function ---===//
#include "ompgpu/Transforms/KernelTargetAttributes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-kernel-target-attributes"

using namespace llvm;

STATISTIC(NumFunctionsRetargeted,
          "Functions given the kernels' target attributes");

namespace ompgpu {

PreservedAnalyses KernelTargetAttributesPass::run(Module &M,
                                                  ModuleAnalysisManager &) {
  Attribute CPU, Features;
  for (const Function &F : M)
    if (F.getCallingConv() == CallingConv::PTX_Kernel) {
      CPU = F.getFnAttribute("target-cpu");
      Features = F.getFnAttribute("target-features");
      break;
    }
  if (!CPU.isValid()) {
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": no kernel with a target-cpu\n");
    return PreservedAnalyses::all();
  }
  LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << CPU.getValueAsString() << "\n");
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    assert((F.getCallingConv() != CallingConv::PTX_Kernel ||
            F.getFnAttribute("target-cpu") == CPU) &&
           "a device link builds one architecture: every kernel has its CPU");
    F.addFnAttr(CPU);
    if (Features.isValid())
      F.addFnAttr(Features);
    else
      F.removeFnAttr("target-features");
    ++NumFunctionsRetargeted;
  }
  return PreservedAnalyses::none();
}

} // namespace ompgpu
