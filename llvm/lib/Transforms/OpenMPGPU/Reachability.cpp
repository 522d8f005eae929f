//===- Reachability.cpp - What code a kernel can run ----------------------===//
#include "ompgpu/Transforms/Reachability.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ompgpu {

SetVector<Function *> functionsReachableFrom(Function &Root,
                                             const Function *Skip) {
  SetVector<Function *> Seen;
  Seen.insert(&Root);
  for (size_t I = 0; I < Seen.size(); ++I) {
    if (Seen[I] == Skip)
      continue;
    for (Instruction &Inst : instructions(*Seen[I]))
      for (Value *Operand : Inst.operands())
        if (auto *F = dyn_cast<Function>(Operand->stripPointerCasts()))
          if (!F->isDeclaration())
            Seen.insert(F);
  }
  return Seen;
}

const LoadInst *
findLoadInLoop(Function &Kernel,
               function_ref<const LoopInfo &(Function &)> LoopsOf,
               function_ref<bool(const LoadInst &, const Loop &)> Matches) {
  for (Function *F : functionsReachableFrom(Kernel)) {
    const LoopInfo &LI = LoopsOf(*F);
    for (BasicBlock &BB : *F) {
      const Loop *L = LI.getLoopFor(&BB);
      if (!L)
        continue;
      for (Instruction &I : BB)
        if (auto *Load = dyn_cast<LoadInst>(&I))
          if (Matches(*Load, *L))
            return Load;
    }
  }
  return nullptr;
}

} // namespace ompgpu
