//===- WorkerDispatch.cpp - Direct calls in the worker loop ---------------===//
//
// For each generic-mode kernel K (see WorkerDispatch.h):
//  1. collect the wrappers passed to __kmpc_parallel_60 in code K can reach,
//     and whether that code may call something the walk cannot see;
//  2. build __ompgpu_dispatch.K, which compares the published pointer with
//     each wrapper and calls the match directly;
//  3. clone the runtime's worker loop and __kmpc_target_init for K so that
//     K's copy calls __ompgpu_dispatch.K instead of the indirect call.
// The runtime keeps the indirect call in its own function,
// __ompgpu_run_parallel_wrapper, and in the worker loop that calls it, so
// that both are found here; neither is inlined before this pass.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/WorkerDispatch.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Reachability.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Cloning.h"

#define DEBUG_TYPE "ompgpu-worker-dispatch"

using namespace llvm;

STATISTIC(NumKernelsSpecialized,
          "Generic kernels given their own worker dispatch");
STATISTIC(NumDirectRegions, "Parallel regions the workers call directly");
STATISTIC(NumIndirectFallbacks,
          "Worker dispatches that keep the indirect call as the last case");

namespace ompgpu {
namespace {

constexpr StringLiteral TargetInit = OMPGPU_KMPC_TARGET_INIT;
constexpr StringLiteral Parallel = OMPGPU_KMPC_PARALLEL;
constexpr StringLiteral RunWrapper = OMPGPU_RUN_PARALLEL_WRAPPER_SYMBOL;
/// __kmpc_parallel_60's wrapper operand.
constexpr unsigned WrapperOperand = 6;

struct RegionSet {
  /// The wrappers, each with the first fork that publishes it.
  MapVector<Function *, const CallBase *> Wrappers;
  /// The first instruction through which the kernel may fork a region whose
  /// wrapper is not listed, or null if there is none.
  const Instruction *Unseen = nullptr;
  bool complete() const { return !Unseen; }
};

/// Whether \p Call's target is certain to be among the functions the walk
/// sees: calls through a parameter of the calling function call what its
/// callers passed, and the walk follows every function passed as a value.
bool targetIsVisible(const CallBase &Call) {
  if (Call.isInlineAsm() || Call.getCalledFunction())
    return true;
  return isa<Argument>(Call.getCalledOperand()->stripPointerCasts());
}

/// Whether \p W can be called as the worker loop calls a wrapper: (i16, i32).
bool hasWrapperType(const Function &W) {
  FunctionType *Type = W.getFunctionType();
  return Type->getReturnType()->isVoidTy() && Type->getNumParams() == 2 &&
         Type->getParamType(0)->isIntegerTy(16) &&
         Type->getParamType(1)->isIntegerTy(32);
}

RegionSet regionsOf(Function &K, const Function *Run) {
  RegionSet Regions;
  for (Function *F : functionsReachableFrom(K, Run)) {
    if (F == Run)
      continue;
    for (Instruction &I : instructions(*F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      if (!targetIsVisible(*Call) && !Regions.Unseen)
        Regions.Unseen = Call;
      Function *Callee = Call->getCalledFunction();
      if (!Callee || Callee->getName() != Parallel ||
          Call->arg_size() <= WrapperOperand)
        continue;
      Value *Wrapper = Call->getArgOperand(WrapperOperand)->stripPointerCasts();
      auto *W = dyn_cast<Function>(Wrapper);
      if (W && hasWrapperType(*W))
        Regions.Wrappers.insert({W, Call});
      else if (!isa<ConstantPointerNull>(Wrapper) && !Regions.Unseen)
        Regions.Unseen = Call;
    }
  }
  return Regions;
}

/// Builds void __ompgpu_dispatch.K(ptr Fn, i32 Tid) with Run's attributes.
Function *buildDispatch(Function &K, Function &Run, const RegionSet &Regions) {
  assert(Run.arg_size() == 2 && Run.getArg(1)->getType()->isIntegerTy(32) &&
         "the runtime's indirect call takes the wrapper and the thread id");
  Module &M = *K.getParent();
  LLVMContext &Context = M.getContext();
  Function *Dispatch =
      Function::Create(Run.getFunctionType(), GlobalValue::InternalLinkage,
                       "__ompgpu_dispatch." + K.getName(), M);
  Dispatch->copyAttributesFrom(&Run);
  Dispatch->setLinkage(GlobalValue::InternalLinkage);
  Dispatch->setVisibility(GlobalValue::DefaultVisibility);
  Dispatch->removeFnAttr(Attribute::NoInline);
  Dispatch->addFnAttr(Attribute::AlwaysInline);
  Value *Fn = Dispatch->getArg(0);
  Value *Tid = Dispatch->getArg(1);

  BasicBlock *Test = BasicBlock::Create(Context, "test", Dispatch);
  IRBuilder<> B(Test);
  for (Function *W : Regions.Wrappers.keys()) {
    assert(hasWrapperType(*W) && "only wrappers of the worker's type listed");
    BasicBlock *Match =
        BasicBlock::Create(Context, "run." + W->getName(), Dispatch);
    BasicBlock *Next = BasicBlock::Create(Context, "test", Dispatch);
    B.CreateCondBr(B.CreateICmpEQ(Fn, W), Match, Next);
    B.SetInsertPoint(Match);
    CallInst *Call = B.CreateCall(W, {B.getInt16(0), Tid});
    Call->setCallingConv(W->getCallingConv());
    // Parameter attributes (zeroext) must match the callee's.
    for (unsigned I = 0; I < W->arg_size(); ++I)
      Call->addParamAttrs(
          I, AttrBuilder(Context, W->getAttributes().getParamAttrs(I)));
    B.CreateRetVoid();
    B.SetInsertPoint(Next);
  }
  if (Regions.complete()) {
    // The main thread publishes only wrappers of the list above.
    B.CreateIntrinsic(Intrinsic::trap, {});
    B.CreateUnreachable();
  } else {
    FunctionType *WrapperType = FunctionType::get(
        B.getVoidTy(), {B.getInt16Ty(), B.getInt32Ty()}, false);
    B.CreateCall(WrapperType, Fn, {B.getInt16(0), Tid});
    B.CreateRetVoid();
  }
  return Dispatch;
}

/// The direct calls of \p Callee in \p F.
SmallVector<CallBase *> callsIn(Function &F, const Function &Callee) {
  SmallVector<CallBase *> Calls;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (Call->getCalledFunction() == &Callee)
        Calls.push_back(Call);
  return Calls;
}

/// A private copy of \p F for kernel \p K in which calls of \p From call
/// \p To instead.
Function *cloneRedirecting(Function &F, const Function &K, const Function &From,
                           Function &To) {
  ValueToValueMapTy Map;
  Function *Clone = CloneFunction(&F, Map);
  Clone->setName(F.getName() + "." + K.getName());
  Clone->setLinkage(GlobalValue::InternalLinkage);
  Clone->setVisibility(GlobalValue::DefaultVisibility);
  for (CallBase *Call : callsIn(*Clone, From))
    Call->setCalledFunction(&To);
  return Clone;
}

/// The function that calls \p Run: the runtime's worker loop, called by
/// \p Init or \p Init itself. Null if the runtime is not shaped that way.
Function *workerLoop(Function &Init, Function &Run) {
  Function *Loop = nullptr;
  for (User *U : Run.users()) {
    auto *Call = dyn_cast<CallBase>(U);
    if (!Call || Call->getCalledFunction() != &Run ||
        (Loop && Call->getFunction() != Loop))
      return nullptr;
    Loop = Call->getFunction();
  }
  if (Loop && Loop != &Init && callsIn(Init, *Loop).empty())
    return nullptr;
  return Loop;
}

/// "'<wrapper>' (line N), ..." for the remark on \p K's dispatch.
std::string listRegions(const RegionSet &Regions) {
  std::string List;
  for (auto [W, Fork] : Regions.Wrappers) {
    if (!List.empty())
      List += ", ";
    List += "'" + W->getName().str() + "'";
    if (std::string Line = atLine(*Fork); !Line.empty())
      List += " (forked" + Line + ")";
  }
  return List;
}

void reportDispatch(Function &K, const RegionSet &Regions) {
  OptimizationRemarkEmitter ORE(&K);
  ORE.emit([&] {
    OptimizationRemark R(RemarkPassName, "WorkerDispatch", &remarkAnchor(K));
    if (Regions.Wrappers.empty() && Regions.complete())
      return R << describeFunction(K.getName())
               << " forks no parallel region: its workers only wait for "
                  "the kernel's end";
    unsigned N = Regions.Wrappers.size();
    return R << "the workers of " << describeFunction(K.getName()) << " call "
             << ore::NV("Regions", N)
             << (N == 1 ? " parallel region" : " parallel regions")
             << " directly" << (N == 0 ? "" : ": ") << listRegions(Regions);
  });
  if (Regions.complete())
    return;
  ORE.emit([&] {
    return OptimizationRemarkMissed(RemarkPassName, "WorkerDispatch",
                                    Regions.Unseen)
           << "the workers of " << describeFunction(K.getName())
           << " keep an indirect call of the region as the last case: code "
              "the kernel can run forks a region or calls a function "
              "through a pointer here, which may reach a region the link "
              "step cannot see";
  });
}

} // namespace

PreservedAnalyses WorkerDispatchPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Init = M.getFunction(TargetInit);
  Function *Run = M.getFunction(RunWrapper);
  if (!Init || Init->isDeclaration() || !Run || Run->isDeclaration() ||
      Run->arg_size() != 2 || !Run->getArg(1)->getType()->isIntegerTy(32)) {
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": no device runtime linked in\n");
    return PreservedAnalyses::all();
  }
  Function *Loop = workerLoop(*Init, *Run);
  if (!Loop) {
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": the runtime has no worker loop that "
                                    "alone calls "
                      << RunWrapper << "\n");
    return PreservedAnalyses::all();
  }
  SmallVector<Function *> GenericKernels;
  for (Function &K : M)
    if (isKernel(K) && kernelConfig(K, OMPGPU_CONFIG_EXEC_MODE) ==
                           int64_t(OMP_TGT_EXEC_MODE_GENERIC))
      GenericKernels.push_back(&K);
  bool Changed = false;
  for (Function *K : GenericKernels) {
    SmallVector<CallBase *> InitCalls = callsIn(*K, *Init);
    if (InitCalls.empty()) {
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K->getName() << " does not call "
                        << TargetInit << "\n");
      continue;
    }
    RegionSet Regions = regionsOf(*K, Run);
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K->getName() << ": "
                      << Regions.Wrappers.size() << " regions"
                      << (Regions.complete() ? "" : " and the indirect call")
                      << "\n");
    Function *Dispatch = buildDispatch(*K, *Run, Regions);
    Function *KernelInit =
        Loop == Init
            ? cloneRedirecting(*Init, *K, *Run, *Dispatch)
            : cloneRedirecting(*Init, *K, *Loop,
                               *cloneRedirecting(*Loop, *K, *Run, *Dispatch));
    for (CallBase *Call : InitCalls)
      Call->setCalledFunction(KernelInit);
    ++NumKernelsSpecialized;
    NumDirectRegions += Regions.Wrappers.size();
    if (!Regions.complete())
      ++NumIndirectFallbacks;
    reportDispatch(*K, Regions);
    Changed = true;
  }
  // What still calls the indirect form, if anything, may now inline it.
  if (Run->hasFnAttribute(Attribute::NoInline)) {
    Run->removeFnAttr(Attribute::NoInline);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
