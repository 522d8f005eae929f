//===- RuntimeCalls.cpp - Finding and redirecting runtime entry points ----===//
#include "ompgpu/Transforms/RuntimeCalls.h"

using namespace llvm;

namespace ompgpu {

SmallVector<CallInst *> callsTo(Module &M, StringRef Name) {
  if (Function *Callee = M.getFunction(Name))
    return callsTo(*Callee);
  return {};
}

SmallVector<CallInst *> callsTo(Function &Callee) {
  SmallVector<CallInst *> Calls;
  for (User *U : Callee.users())
    if (auto *Call = dyn_cast<CallInst>(U))
      if (Call->getCalledFunction() == &Callee)
        Calls.push_back(Call);
  return Calls;
}

void redirect(CallBase &Call, StringRef Name) {
  Call.setCalledFunction(
      Call.getModule()->getOrInsertFunction(Name, Call.getFunctionType()));
}

} // namespace ompgpu
