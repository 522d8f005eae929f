//===- SinCosPairs.cpp - Sine and cosine of one value by one sincos -------===//
//
// The design is in SinCosPairs.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/SinCosPairs.h"
#include "ompgpu/Transforms/PureMathCalls.h"
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/RuntimeCalls.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#define DEBUG_TYPE "ompgpu-sincos-pairs"

using namespace llvm;

STATISTIC(NumPairs, "Sines and cosines of one value computed by one sincos");

namespace ompgpu {
namespace {

/// libdevice's sine, cosine and both, of one precision.
struct SinCosNames {
  StringRef Sin, Cos, SinCos;
  bool IsDouble;
};
constexpr SinCosNames Precisions[] = {
    {"__nv_sin", "__nv_cos", "__nv_sincos", true},
    {"__nv_sinf", "__nv_cosf", "__nv_sincosf", false}};

/// \p F's name without the ".N" the IR linker adds to the copies of an
/// internal function that several files brought.
StringRef baseName(const Function &F) { return F.getName().split('.').first; }

/// The function of \p M named \p Name, or one of its renamed copies.
Function *findFunction(Module &M, StringRef Name) {
  for (Function &F : M)
    if (baseName(F) == Name)
      return &F;
  return nullptr;
}

bool isCalled(Module &M, StringRef Name) {
  return any_of(M, [&](const Function &F) {
    return baseName(F) == Name && !F.use_empty();
  });
}

/// The calls of \p Name's functions that DeferPureMath kept out of line, by
/// caller and argument, in the order of the module.
using CallsByValue =
    MapVector<std::pair<Function *, Value *>, SmallVector<CallBase *, 2>>;
CallsByValue deferredCalls(Module &M, StringRef Name) {
  CallsByValue Calls;
  for (Function &F : M) {
    if (baseName(F) != Name || !F.hasFnAttribute(DeferredMathAttribute))
      continue;
    for (CallInst *Call : callsTo(F))
      Calls[{Call->getFunction(), Call->getArgOperand(0)}].push_back(Call);
  }
  return Calls;
}

/// The call among \p Calls that dominates all the others, if one does.
CallBase *dominatingCall(ArrayRef<CallBase *> Calls, DominatorTree &DT) {
  for (CallBase *Candidate : Calls)
    if (all_of(Calls, [&](CallBase *Other) {
          return Other == Candidate || DT.dominates(Candidate, Other);
        }))
      return Candidate;
  return nullptr;
}

/// Replaces \p Sines and \p Cosines of one value by one call of \p SinCos,
/// placed at \p At, which dominates them all.
void computeTogether(Function &SinCos, CallBase &At, ArrayRef<CallBase *> Sines,
                     ArrayRef<CallBase *> Cosines) {
  Function &Caller = *At.getFunction();
  const DataLayout &DL = Caller.getDataLayout();
  Type *T = At.getType();
  IRBuilder<> Entry(&Caller.getEntryBlock(),
                    Caller.getEntryBlock().getFirstInsertionPt());
  Value *SinSlot = Entry.CreateAlloca(T, DL.getAllocaAddrSpace(), nullptr);
  Value *CosSlot = Entry.CreateAlloca(T, DL.getAllocaAddrSpace(), nullptr);
  IRBuilder<> B(&At);
  Type *Generic = SinCos.getFunctionType()->getParamType(1);
  B.CreateCall(&SinCos,
               {At.getArgOperand(0),
                B.CreatePointerBitCastOrAddrSpaceCast(SinSlot, Generic),
                B.CreatePointerBitCastOrAddrSpaceCast(CosSlot, Generic)});
  Value *Sin = B.CreateLoad(T, SinSlot);
  Value *Cos = B.CreateLoad(T, CosSlot);
  for (CallBase *Call : Sines) {
    Call->replaceAllUsesWith(Sin);
    Call->eraseFromParent();
  }
  for (CallBase *Call : Cosines) {
    Call->replaceAllUsesWith(Cos);
    Call->eraseFromParent();
  }
}

} // namespace

PreservedAnalyses RequestSinCosPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (const SinCosNames &P : Precisions) {
    if (!isCalled(M, P.Sin) || !isCalled(M, P.Cos))
      continue;
    Function *SinCos = findFunction(M, P.SinCos);
    if (!SinCos) {
      LLVMContext &C = M.getContext();
      Type *T = P.IsDouble ? Type::getDoubleTy(C) : Type::getFloatTy(C);
      Type *Ptr = PointerType::getUnqual(C);
      SinCos = Function::Create(
          FunctionType::get(Type::getVoidTy(C), {T, Ptr, Ptr}, false),
          GlobalValue::ExternalLinkage, P.SinCos, M);
    }
    appendToCompilerUsed(M, {SinCos});
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

PreservedAnalyses PairSinCosPass::run(Module &M, ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (const SinCosNames &P : Precisions) {
    Function *SinCos = findFunction(M, P.SinCos);
    if (!SinCos || SinCos->isDeclaration())
      continue;
    removeFromUsedLists(M, [&](Constant *C) { return C == SinCos; });
    Changed = true;
    CallsByValue Cosines = deferredCalls(M, P.Cos);
    for (auto &[Key, Sines] : deferredCalls(M, P.Sin)) {
      auto Found = Cosines.find(Key);
      if (Found == Cosines.end())
        continue;
      SmallVector<CallBase *, 4> Both(Sines.begin(), Sines.end());
      append_range(Both, Found->second);
      Function &Caller = *Key.first;
      CallBase *At =
          dominatingCall(Both, FAM.getResult<DominatorTreeAnalysis>(Caller));
      if (!At)
        continue;
      OptimizationRemarkEmitter &ORE =
          FAM.getResult<OptimizationRemarkEmitterAnalysis>(Caller);
      ORE.emit([&] {
        DebugLoc Loc = programLocation(*At);
        return OptimizationRemark(RemarkPassName, "SinCosPair", Loc,
                                  At->getParent())
               << describeFunction(Caller.getName()) << " computes the sine "
               << "and cosine of one value with one call of '" << P.SinCos
               << "'" << atLine(Loc);
      });
      computeTogether(*SinCos, *At, Sines, Found->second);
      SinCos->addFnAttr(DeferredMathAttribute);
      FAM.invalidate(Caller, PreservedAnalyses::none());
      ++NumPairs;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
