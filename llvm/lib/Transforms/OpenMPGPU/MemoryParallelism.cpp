//===- MemoryParallelism.cpp - Registers for loads in flight --------------===//
//
// A kernel gathers if some function it can run has, inside a loop, a load
// whose address is computed (through address arithmetic and conversions)
// from a load in the same loop (see MemoryParallelism.h).
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/MemoryParallelism.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Reachability.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <string>

using namespace llvm;

namespace ompgpu {
namespace {

/// Whether the address of \p Load depends on another load of loop \p L,
/// looking through the integer and pointer arithmetic that forms addresses.
bool addressComesFromLoad(const LoadInst &Load, const Loop &L) {
  SmallVector<const Value *> Work{Load.getPointerOperand()};
  SmallPtrSet<const Value *, 16> Seen;
  while (!Work.empty()) {
    const auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !L.contains(I) || !Seen.insert(I).second)
      continue;
    if (isa<LoadInst>(I))
      return true;
    if (isa<GetElementPtrInst>(I) || isa<CastInst>(I) || isa<BinaryOperator>(I))
      Work.append(I->op_begin(), I->op_end());
  }
  return false;
}

bool gathersInLoop(Function &F) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  for (BasicBlock &BB : F) {
    const Loop *L = LI.getLoopFor(&BB);
    if (!L)
      continue;
    for (Instruction &I : BB)
      if (auto *Load = dyn_cast<LoadInst>(&I))
        if (addressComesFromLoad(*Load, *L))
          return true;
  }
  return false;
}

} // namespace

void preferMemoryParallelism(Module &M) {
  for (Function &K : M) {
    if (!isKernel(K) || K.hasFnAttribute("nvvm.minctasm"))
      continue;
    for (Function *F : functionsReachableFrom(K)) {
      if (F->isDeclaration() || !gathersInLoop(*F))
        continue;
      unsigned BlockSize = 0;
      if (K.getFnAttribute("nvvm.maxntid")
              .getValueAsString()
              .getAsInteger(10, BlockSize) ||
          BlockSize == 0)
        break; // without a block bound the hint means nothing to ptxas
      unsigned Blocks = std::max(1u, MinResidentThreads / BlockSize);
      K.addFnAttr("nvvm.minctasm", std::to_string(Blocks));
      break;
    }
  }
}

} // namespace ompgpu
