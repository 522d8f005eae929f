//===- Reachability.cpp - What code a kernel can run ----------------------===//
#include "ompgpu/Transforms/Reachability.h"

#include "llvm/IR/InstIterator.h"

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

} // namespace ompgpu
