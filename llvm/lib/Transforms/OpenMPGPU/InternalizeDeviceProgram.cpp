//===- InternalizeDeviceProgram.cpp - Only what the host looks up stays ---===//
#include "ompgpu/Transforms/InternalizeDeviceProgram.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/IPO/Internalize.h"

#define DEBUG_TYPE "ompgpu-internalize"

using namespace llvm;

STATISTIC(NumKeptVisible, "Symbols the host looks up, kept visible");

namespace ompgpu {

PreservedAnalyses InternalizeDeviceProgramPass::run(Module &M,
                                                    ModuleAnalysisManager &) {
  bool Changed = internalizeModule(M, [](const GlobalValue &GV) {
    bool Visible = false;
    if (const auto *F = dyn_cast<Function>(&GV))
      Visible = F->getCallingConv() == CallingConv::PTX_Kernel;
    Visible = Visible || (GV.hasProtectedVisibility() && !GV.isDeclaration());
    if (Visible) {
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": keeps " << GV.getName() << "\n");
      ++NumKeptVisible;
    }
    return Visible;
  });
  assert(none_of(M,
                 [](const Function &F) {
                   return F.getCallingConv() == CallingConv::PTX_Kernel &&
                          F.hasLocalLinkage();
                 }) &&
         "the host launches every kernel by name");
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
