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
#include "ompgpu/Transforms/Remarks.h"

#include "OffloadABI.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-full-warp-shuffles"

using namespace llvm;

STATISTIC(NumCallbacksRewritten,
          "Shuffle-and-reduce callbacks that pass their algorithm version on");
STATISTIC(NumShufflesRewritten, "Shuffles told the algorithm version");

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

/// The shuffle-and-reduce callbacks of \p M, each with the first reduction
/// that passes it. Reductions whose callback operand is something else are
/// reported as left alone.
MapVector<Function *, const CallBase *> shuffleReduceCallbacks(Module &M) {
  MapVector<Function *, const CallBase *> Callbacks;
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
      if (F && isShuffleReduceCallback(*F)) {
        Callbacks.insert({F, Call});
        continue;
      }
      OptimizationRemarkEmitter(Call->getFunction()).emit([&] {
        return OptimizationRemarkMissed(RemarkPassName, "FullWarpShuffles",
                                        Call)
               << "the shuffles of this reduction query the active lanes "
                  "before every step: its shuffle-and-reduce operand is not "
                  "a callback with a body";
      });
    }
  }
  return Callbacks;
}

/// Rewrites the shuffles in \p Callback; returns how many there were.
unsigned passAlgoVersion(Function &Callback) {
  Module &M = *Callback.getParent();
  Value *AlgoVersion = Callback.getArg(3);
  assert(AlgoVersion->getType()->isIntegerTy(16) &&
         "only callbacks of clang's signature are rewritten");
  unsigned Rewritten = 0;
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
      ++Rewritten;
    }
  }
  return Rewritten;
}

} // namespace

PreservedAnalyses FullWarpShufflesPass::run(Module &M,
                                            ModuleAnalysisManager &) {
  bool Changed = false;
  for (auto [Callback, Reduction] : shuffleReduceCallbacks(M)) {
    unsigned Rewritten = passAlgoVersion(*Callback);
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << Callback->getName() << ": "
                      << Rewritten << " shuffles\n");
    if (Rewritten == 0)
      continue;
    ++NumCallbacksRewritten;
    NumShufflesRewritten += Rewritten;
    Changed = true;
    OptimizationRemarkEmitter(Reduction->getFunction()).emit([&] {
      return OptimizationRemark(RemarkPassName, "FullWarpShuffles", Reduction)
             << "the warp shuffles of this reduction in "
             << describeFunction(Reduction->getFunction()->getName())
             << " use a constant lane mask where the whole warp reduces ("
             << ore::NV("Shuffles", Rewritten)
             << (Rewritten == 1 ? " shuffle in " : " shuffles in ")
             << ore::NV("Callback", Callback) << ")";
    });
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
