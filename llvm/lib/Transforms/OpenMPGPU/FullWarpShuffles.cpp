//===- FullWarpShuffles.cpp - Shuffles that know the whole warp takes part ===//
//
// A shuffle-and-reduce callback is the function operand ShuffleReduce of the
// reduction entry points, of type void(ptr ReduceList, i16 LaneId, i16
// Offset, i16 AlgoVersion). Each call of __kmpc_shuffle_int32/64 in its body
// becomes a call of __ompgpu_shuffle_int32/64 with the callback's AlgoVersion
// appended. Nothing else calls the callbacks but the runtime, which passes
// the full-warp version only when all 32 lanes take part.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/FullWarpShuffles.h"

#include "OffloadABI.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ompgpu {
namespace {

/// Reduction entry points and the position of their ShuffleReduce operand.
constexpr std::pair<StringLiteral, unsigned> ReductionEntries[] = {
    {OMPGPU_KMPC_PARALLEL_REDUCE, 3},
    {OMPGPU_KMPC_TEAMS_REDUCE, 5},
    {OMPGPU_PARALLEL_REDUCE_DEFERRED_SYMBOL, 3},
    {OMPGPU_TEAMS_REDUCE_DEFERRED_SYMBOL, 5},
};

/// Each clang shuffle and the entry that takes the algorithm version too.
constexpr std::pair<StringLiteral, StringLiteral> Shuffles[] = {
    {OMPGPU_KMPC_SHUFFLE_INT32, OMPGPU_SHUFFLE_INT32_SYMBOL},
    {OMPGPU_KMPC_SHUFFLE_INT64, OMPGPU_SHUFFLE_INT64_SYMBOL},
};

/// Whether \p F has the callback's signature and a body to rewrite.
bool isShuffleReduceCallback(const Function &F) {
  FunctionType *Type = F.getFunctionType();
  return !F.isDeclaration() && Type->getReturnType()->isVoidTy() &&
         Type->getNumParams() == 4 && Type->getParamType(0)->isPointerTy() &&
         Type->getParamType(1)->isIntegerTy(16) &&
         Type->getParamType(2)->isIntegerTy(16) &&
         Type->getParamType(3)->isIntegerTy(16);
}

SetVector<Function *> shuffleReduceCallbacks(Module &M) {
  SetVector<Function *> Callbacks;
  for (const auto &[Name, Operand] : ReductionEntries) {
    Function *Entry = M.getFunction(Name);
    if (!Entry)
      continue;
    for (User *U : Entry->users()) {
      auto *Call = dyn_cast<CallBase>(U);
      if (!Call || Call->getCalledFunction() != Entry ||
          Call->arg_size() <= Operand)
        continue;
      auto *F =
          dyn_cast<Function>(Call->getArgOperand(Operand)->stripPointerCasts());
      if (F && isShuffleReduceCallback(*F))
        Callbacks.insert(F);
    }
  }
  return Callbacks;
}

/// Rewrites the shuffles in \p Callback; returns true if there were any.
bool passAlgoVersion(Function &Callback) {
  Module &M = *Callback.getParent();
  Value *AlgoVersion = Callback.getArg(3);
  bool Changed = false;
  for (const auto &[Name, NewName] : Shuffles) {
    Function *Shuffle = M.getFunction(Name);
    if (!Shuffle)
      continue;
    SmallVector<CallInst *> Calls;
    for (Instruction &I : instructions(Callback))
      if (auto *Call = dyn_cast<CallInst>(&I))
        if (Call->getCalledFunction() == Shuffle && Call->arg_size() == 3)
          Calls.push_back(Call);
    for (CallInst *Call : Calls) {
      FunctionType *Old = Call->getFunctionType();
      SmallVector<Type *, 4> Params(Old->params());
      Params.push_back(AlgoVersion->getType());
      FunctionCallee New = M.getOrInsertFunction(
          NewName, FunctionType::get(Old->getReturnType(), Params, false));
      IRBuilder<> B(Call);
      SmallVector<Value *, 4> Args(Call->args());
      Args.push_back(AlgoVersion);
      CallInst *Replacement = B.CreateCall(New, Args);
      // The i16 operands keep their extension attributes, which the NVPTX
      // calling convention relies on should the call stay a call.
      LLVMContext &Context = M.getContext();
      for (unsigned I = 0; I < Call->arg_size(); ++I)
        Replacement->addParamAttrs(
            I, AttrBuilder(Context, Call->getAttributes().getParamAttrs(I)));
      Replacement->addParamAttrs(
          Call->arg_size(),
          AttrBuilder(Context, Callback.getAttributes().getParamAttrs(3)));
      Replacement->takeName(Call);
      Call->replaceAllUsesWith(Replacement);
      Call->eraseFromParent();
      Changed = true;
    }
  }
  return Changed;
}

} // namespace

bool useFullWarpShuffles(Module &M) {
  bool Changed = false;
  for (Function *Callback : shuffleReduceCallbacks(M))
    Changed |= passAlgoVersion(*Callback);
  return Changed;
}

} // namespace ompgpu
