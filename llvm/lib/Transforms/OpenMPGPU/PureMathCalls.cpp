//===- PureMathCalls.cpp - Optimize math calls before inlining them -------===//
//
// The design is in PureMathCalls.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/PureMathCalls.h"
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/RuntimeCalls.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/Cloning.h"

#define DEBUG_TYPE "ompgpu-pure-math-calls"

using namespace llvm;

STATISTIC(NumDeferred, "Math functions kept out of line as pure functions");
STATISTIC(NumCallsInlined, "Calls of those functions inlined after the "
                           "optimizer");

namespace ompgpu {
namespace {

/// Whether every use of \p V, through address computations, is a load.
bool isOnlyLoaded(const Value &V) {
  return all_of(V.users(), [](const User *U) {
    if (isa<LoadInst>(U))
      return true;
    if (isa<GEPOperator>(U) || isa<BitCastOperator>(U) ||
        isa<AddrSpaceCastOperator>(U))
      return isOnlyLoaded(*U);
    return false;
  });
}

/// Whether \p Ptr points into the stack frame of the function that uses it,
/// or (for a read) into a global nothing writes: a constant, or an internal
/// global the program only loads from (libdevice's table for the float
/// trigonometric functions' reduction is not marked constant).
bool isPrivateOrConstant(const Value *Ptr, bool ForWrite) {
  const Value *Object = getUnderlyingObject(Ptr);
  if (isa<AllocaInst>(Object))
    return true;
  const auto *Global = dyn_cast<GlobalVariable>(Object);
  return !ForWrite && Global &&
         (Global->isConstant() ||
          (Global->hasLocalLinkage() && isOnlyLoaded(*Global)));
}

bool hasPureBody(Function &F, DenseMap<Function *, bool> &Known);

/// Whether \p I leaves no effect but its value and depends on nothing but
/// its operands, globals nothing writes and its function's own stack.
bool isPureInstruction(Instruction &I, DenseMap<Function *, bool> &Known) {
  if (auto *Load = dyn_cast<LoadInst>(&I))
    return Load->isSimple() &&
           isPrivateOrConstant(Load->getPointerOperand(), false);
  if (auto *Store = dyn_cast<StoreInst>(&I))
    return Store->isSimple() &&
           isPrivateOrConstant(Store->getPointerOperand(), true);
  if (auto *Call = dyn_cast<CallBase>(&I)) {
    // libdevice's multi-word arithmetic (the reduction of large arguments).
    if (const auto *Asm = dyn_cast<InlineAsm>(Call->getCalledOperand()))
      return !Asm->hasSideEffects() && !Call->isConvergent() &&
             Call->doesNotAccessMemory();
    Function *Callee = Call->getCalledFunction();
    if (!Callee)
      return false;
    // libdevice's query of compile-time options, which NVVMReflect replaces
    // by a constant early in LLVM's pipeline.
    if (Callee->getName() == "__nvvm_reflect")
      return true;
    // clang marks the bitcode it links in convergent, like all device code,
    // so only an intrinsic's convergence is real (barriers, shuffles, votes).
    if (Callee->isIntrinsic()) {
      if (Callee->isConvergent())
        return false;
      return Call->doesNotAccessMemory() || isa<LifetimeIntrinsic>(Call);
    }
    return hasPureBody(*Callee, Known);
  }
  return !I.mayReadOrWriteMemory();
}

/// Whether \p F and everything it calls are pure (see isPureInstruction).
/// A function being checked counts as impure, so recursion is never pure.
bool hasPureBody(Function &F, DenseMap<Function *, bool> &Known) {
  if (auto It = Known.find(&F); It != Known.end())
    return It->second;
  Known[&F] = false;
  bool Pure =
      !F.isDeclaration() && all_of(instructions(F), [&](Instruction &I) {
        return isPureInstruction(I, Known);
      });
  Known[&F] = Pure;
  return Pure;
}

bool isScalar(const Type *T) {
  return T->isFloatingPointTy() || T->isIntegerTy();
}

/// A libdevice math function whose result depends on its scalar arguments
/// alone.
bool isPureMathFunction(Function &F, DenseMap<Function *, bool> &Known) {
  return F.getName().starts_with("__nv_") && !F.isDeclaration() &&
         isScalar(F.getReturnType()) &&
         all_of(F.args(),
                [](const Argument &A) { return isScalar(A.getType()); }) &&
         hasPureBody(F, Known);
}

/// Tells LLVM that \p F is pure: its calls may be merged, hoisted and
/// removed (none of this is convergent, whatever clang marked).
void markPure(Function &F) {
  F.removeFnAttr(Attribute::Convergent);
  F.setDoesNotAccessMemory();
  F.setDoesNotThrow();
  F.setWillReturn();
  F.setNoSync();
}

} // namespace

PreservedAnalyses DeferPureMathPass::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  DenseMap<Function *, bool> Known;
  bool Changed = false;
  for (Function &F : M) {
    if (!isPureMathFunction(F, Known))
      continue;
    SmallVector<CallInst *> Calls = callsTo(F);
    if (Calls.empty())
      continue;
    F.removeFnAttr(Attribute::AlwaysInline);
    F.addFnAttr(Attribute::NoInline);
    F.addFnAttr(DeferredMathAttribute);
    ++NumDeferred;
    Changed = true;
    OptimizationRemarkEmitter &ORE =
        FAM.getResult<OptimizationRemarkEmitterAnalysis>(
            *Calls.front()->getFunction());
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(RemarkPassName, "PureMathCall",
                                        programLocation(*Calls.front()),
                                        Calls.front()->getParent())
             << "'" << F.getName() << "' is a pure function of its arguments: "
             << "the optimizer sees its " << std::to_string(Calls.size())
             << " call(s) as such (equal calls merged, loop-invariant ones "
                "hoisted) and inlines them after it";
    });
  }
  if (!Changed)
    return PreservedAnalyses::all();
  // And what they call out of line (the trigonometric functions' reduction
  // of large arguments): once inlined, those calls are pure too.
  for (auto [F, Pure] : Known)
    if (Pure && !F->isIntrinsic()) {
      markPure(*F);
      for (CallInst *Call : callsTo(*F))
        Call->setNotConvergent();
    }
  return PreservedAnalyses::none();
}

PreservedAnalyses InlinePureMathPass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  SmallSetVector<Function *, 8> Receivers;
  SmallVector<Function *, 8> Inlined;
  for (Function &F : M) {
    if (!F.hasFnAttribute(DeferredMathAttribute))
      continue;
    F.removeFnAttr(DeferredMathAttribute);
    F.removeFnAttr(Attribute::NoInline);
    F.addFnAttr(Attribute::AlwaysInline);
    for (CallInst *Call : callsTo(F)) {
      Function *Caller = Call->getFunction();
      InlineFunctionInfo Info;
      if (!InlineFunction(*Call, Info).isSuccess())
        continue;
      Receivers.insert(Caller);
      ++NumCallsInlined;
    }
    Inlined.push_back(&F);
  }
  if (Inlined.empty())
    return PreservedAnalyses::all();
  // The inlined bodies meet their arguments now: constants fold, and the
  // range reductions' branches meet known operands.
  FunctionPassManager Cleanup;
  // First: sincos writes its results through pointers (SinCosPairs.h).
  Cleanup.addPass(SROAPass(SROAOptions::ModifyCFG));
  Cleanup.addPass(EarlyCSEPass());
  Cleanup.addPass(InstCombinePass());
  Cleanup.addPass(SimplifyCFGPass());
  for (Function *Receiver : Receivers) {
    FAM.invalidate(*Receiver, PreservedAnalyses::none());
    Cleanup.run(*Receiver, FAM);
  }
  for (Function *F : Inlined) {
    // Such as the used list PairSinCos took sincos out of.
    F->removeDeadConstantUsers();
    if (F->use_empty() && F->hasLocalLinkage()) {
      FAM.clear(*F, F->getName());
      F->eraseFromParent();
    }
  }
  return PreservedAnalyses::none();
}

} // namespace ompgpu
