//===- RuntimeCalls.cpp - Finding and redirecting runtime entry points ----===//
#include "ompgpu/Transforms/RuntimeCalls.h"

using namespace llvm;

namespace ompgpu {

SmallVector<CallInst *> callsTo(Module &M, StringRef Name) {
  SmallVector<CallInst *> Calls;
  if (Function *Callee = M.getFunction(Name))
    for (User *U : Callee->users())
      if (auto *Call = dyn_cast<CallInst>(U))
        if (Call->getCalledFunction() == Callee)
          Calls.push_back(Call);
  return Calls;
}

void redirect(CallBase &Call, StringRef Name) {
  Call.setCalledFunction(
      Call.getModule()->getOrInsertFunction(Name, Call.getFunctionType()));
}

} // namespace ompgpu
