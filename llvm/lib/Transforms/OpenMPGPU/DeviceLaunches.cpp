//===- DeviceLaunches.cpp - Kernels launched from device code -------------===//
//
// The four steps of DeviceLaunches.h. The front-end step writes each launch
// as __ompgpu_child_launch(__ompgpu_child_kernel("<kernel>", "<region>",
// Barrier), Frame, Args, NumArgs, TripCount, NumTeams, ThreadLimit,
// Continuation), so the marker's one user is the launch, whose NumArgs and
// Continuation are constants.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/DeviceLaunches.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Reachability.h"
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/RuntimeCalls.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-device-launches"

using namespace llvm;

STATISTIC(NumLaunchSites, "Regions launched as child grids");
STATISTIC(NumChildKernels, "Kernels launched from device code");
STATISTIC(NumRecordingKernels, "Kernels that record their launch for the "
                               "runtime");
STATISTIC(NumChildReductions, "Teams reductions with the records of their "
                              "launch");

namespace ompgpu {
namespace {

constexpr StringLiteral Marker = OMPGPU_CHILD_KERNEL_MARKER;
constexpr StringLiteral Launch = OMPGPU_CHILD_LAUNCH_SYMBOL;
constexpr StringLiteral TargetDeinit = OMPGPU_KMPC_TARGET_DEINIT;

/// Operands of the marker and of the launch call (DeviceLaunch.h).
enum MarkerOperand { KernelName, RegionName, Barrier };
enum LaunchOperand { NumArgsOperand = 3, ContinuationOperand = 7 };

/// The runtime's entry points that read the launch record of the block: a
/// kernel that reaches a call of one records its launch at entry.
constexpr StringLiteral LaunchAwareEntries[] = {
    OMPGPU_CHILD_BEGIN_SYMBOL,
    OMPGPU_CHILD_LAUNCH_SYMBOL,
    OMPGPU_CHILD_KERNEL_END_SYMBOL,
    OMPGPU_CHILD_REDUCTION_BUFFER_SYMBOL,
    OMPGPU_CHILD_TEAMS_REDUCE_SYMBOL,
    OMPGPU_CHILD_TEAMS_REDUCE_DEFERRED_SYMBOL};

/// clang's and DeferReductions' teams-reduction entry points, and what child
/// kernels call instead.
constexpr std::pair<StringLiteral, StringLiteral> ChildReductions[] = {
    {OMPGPU_KMPC_TEAMS_REDUCE, OMPGPU_CHILD_TEAMS_REDUCE_SYMBOL},
    {OMPGPU_TEAMS_REDUCE_DEFERRED_SYMBOL,
     OMPGPU_CHILD_TEAMS_REDUCE_DEFERRED_SYMBOL},
    {OMPGPU_KMPC_REDUCTION_GET_FIXED_BUFFER,
     OMPGPU_CHILD_REDUCTION_BUFFER_SYMBOL}};

/// A child kernel: its ChildKernelTy record and the continuations its
/// launches pass.
struct ChildKernel {
  GlobalVariable *Record = nullptr;
  SetVector<Function *> Continuations;
};

StringRef constantString(const Value *V) {
  StringRef Text;
  getConstantStringInfo(V, Text);
  return Text;
}

StringRef describeBarrier(uint64_t Kind) {
  switch (Kind) {
  case OMPGPU_CHILD_CONTINUATION:
    return "the code after it in the parent runs in the child's last team, "
           "with the reduced values";
  case OMPGPU_CHILD_NOWAIT:
    return "it is nowait: the parent goes on at once";
  default:
    return "nothing after it in the parent waits for it";
  }
}

/// The kernel's ChildKernelTy record, {kernel, its environment, 0}.
GlobalVariable *createRecord(Module &M, Function &Kernel) {
  LLVMContext &Context = M.getContext();
  auto *Ptr = PointerType::getUnqual(Context);
  auto *RecordTy =
      StructType::get(Context, {Ptr, Ptr, Type::getInt64Ty(Context)});
  Constant *Environment = M.getGlobalVariable(
      (Kernel.getName() + OMPGPU_KERNEL_ENVIRONMENT_SUFFIX).str());
  if (!Environment)
    Environment = ConstantPointerNull::get(Ptr);
  return new GlobalVariable(
      M, RecordTy, /*isConstant=*/false, GlobalValue::InternalLinkage,
      ConstantStruct::get(RecordTy,
                          {&Kernel, Environment,
                           ConstantInt::get(RecordTy->getElementType(2), 0)}),
      "__ompgpu_child." + Kernel.getName());
}

/// Why \p Kernel cannot be launched with \p Call's arguments, or "".
std::string whyNotLaunchable(const Function *Kernel, const CallBase *Call) {
  if (!Kernel || !isKernel(*Kernel))
    return "it is not a kernel of the device program";
  for (const Argument &A : Kernel->args())
    if (!A.getType()->isPointerTy() && !A.getType()->isIntegerTy(64))
      return "its parameter " + std::to_string(A.getArgNo()) +
             " is not 8 bytes";
  if (!Call || Call->arg_size() <= NumArgsOperand)
    return "";
  auto *NumArgs = dyn_cast<ConstantInt>(Call->getArgOperand(NumArgsOperand));
  if (NumArgs && NumArgs->getZExtValue() + 1 != Kernel->arg_size())
    return "the launch passes " + std::to_string(NumArgs->getZExtValue()) +
           " values for its " + std::to_string(Kernel->arg_size() - 1) +
           " captured ones";
  return "";
}

/// The launch call whose kernel operand is \p MarkerCall, if any.
CallBase *launchOf(CallBase &MarkerCall) {
  for (User *U : MarkerCall.users())
    if (auto *Call = dyn_cast<CallBase>(U))
      if (Function *Callee = Call->getCalledFunction())
        if (Callee->getName() == Launch &&
            Call->getArgOperand(0) == &MarkerCall)
          return Call;
  return nullptr;
}

/// Step 1: replaces every marker by its kernel's record.
MapVector<Function *, ChildKernel> bindMarkers(Module &M, Function &MarkerFn) {
  MapVector<Function *, ChildKernel> Children;
  SmallVector<CallBase *> Calls;
  for (User *U : MarkerFn.users())
    if (auto *Call = dyn_cast<CallBase>(U))
      Calls.push_back(Call);
  for (CallBase *Call : Calls) {
    StringRef Name = constantString(Call->getArgOperand(KernelName));
    StringRef Region = constantString(Call->getArgOperand(RegionName));
    auto *BarrierKind = dyn_cast<ConstantInt>(Call->getArgOperand(Barrier));
    Function *Kernel = M.getFunction(Name);
    CallBase *LaunchCall = launchOf(*Call);
    if (std::string Why = whyNotLaunchable(Kernel, LaunchCall); !Why.empty()) {
      M.getContext().emitError(Call, "the device launch of " + Region +
                                         " names kernel '" + Name +
                                         "', which cannot be launched: " + Why);
      Call->replaceAllUsesWith(PoisonValue::get(Call->getType()));
      Call->eraseFromParent();
      continue;
    }
    ChildKernel &Child = Children[Kernel];
    if (!Child.Record)
      Child.Record = createRecord(M, *Kernel);
    if (LaunchCall)
      if (auto *Continuation =
              dyn_cast<Function>(LaunchCall->getArgOperand(ContinuationOperand)
                                     ->stripPointerCasts()))
        Child.Continuations.insert(Continuation);
    OptimizationRemarkEmitter(Call->getFunction()).emit([&] {
      return OptimizationRemark(RemarkPassName, "DeviceLaunches", Call)
             << Region
             << " becomes a child grid, launched from the device when its if "
                "clause holds (kernel '"
             << Kernel->getName() << "'); "
             << describeBarrier(BarrierKind ? BarrierKind->getZExtValue() : 0);
    });
    ++NumLaunchSites;
    Call->replaceAllUsesWith(Child.Record);
    Call->eraseFromParent();
  }
  NumChildKernels += Children.size();
  return Children;
}

/// Where the calls that end \p Kernel after \p Deinit are in the source: at
/// \p Deinit, else, in a kernel with debug information, at its start.
DebugLoc endLocation(Function &Kernel, const CallBase &Deinit) {
  if (const DebugLoc &Loc = Deinit.getDebugLoc())
    return Loc;
  if (DISubprogram *Program = Kernel.getSubprogram())
    return DILocation::get(Kernel.getContext(), Program->getLine(), 0, Program);
  return DebugLoc();
}

/// Step 2: after each __kmpc_target_deinit of \p Kernel, the runtime's end
/// hook, and the continuation it returns called directly.
void endChildKernel(Module &M, Function &Kernel, const ChildKernel &Child) {
  LLVMContext &Context = M.getContext();
  auto *Ptr = PointerType::getUnqual(Context);
  auto *Void = Type::getVoidTy(Context);
  FunctionCallee End =
      M.getOrInsertFunction(OMPGPU_CHILD_KERNEL_END_SYMBOL, Ptr);
  FunctionCallee Frame = M.getOrInsertFunction(OMPGPU_CHILD_FRAME_SYMBOL, Ptr);
  FunctionCallee Done =
      M.getOrInsertFunction(OMPGPU_CHILD_KERNEL_DONE_SYMBOL, Void);
  SmallVector<CallBase *> Deinits;
  for (Instruction &I : instructions(Kernel))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (Function *Callee = Call->getCalledFunction())
        if (Callee->getName() == TargetDeinit)
          Deinits.push_back(Call);
  assert(!Deinits.empty() && "a child kernel is an OpenMP kernel, which ends "
                             "in __kmpc_target_deinit");
  for (CallBase *Deinit : Deinits) {
    BasicBlock *Before = Deinit->getParent();
    BasicBlock *After =
        Before->splitBasicBlock(Deinit->getNextNode(), "child.end.after");
    Before->getTerminator()->eraseFromParent();
    IRBuilder<> B(Before);
    // The calls take the location of the kernel's end: the optimizer inlines
    // the continuation, whose code then needs a call site in the kernel's
    // debug information.
    B.SetCurrentDebugLocation(endLocation(Kernel, *Deinit));
    Value *Continuation = B.CreateCall(End, {}, "child.continuation");
    auto *Run = BasicBlock::Create(Context, "child.continue", &Kernel, After);
    B.CreateCondBr(B.CreateIsNotNull(Continuation), Run, After);
    B.SetInsertPoint(Run);
    Value *FrameValue = B.CreateCall(Frame, {}, "child.frame");
    auto *Finish = BasicBlock::Create(Context, "child.done", &Kernel, After);
    for (Function *F : Child.Continuations) {
      auto *Call = BasicBlock::Create(Context, "child.call", &Kernel, Finish);
      auto *Next = BasicBlock::Create(Context, "child.next", &Kernel, Finish);
      B.CreateCondBr(B.CreateICmpEQ(Continuation, F), Call, Next);
      B.SetInsertPoint(Call);
      B.CreateCall(F->getFunctionType(), F, {FrameValue});
      B.CreateBr(Finish);
      B.SetInsertPoint(Next);
    }
    B.CreateBr(Finish);
    B.SetInsertPoint(Finish);
    B.CreateCall(Done);
    B.CreateBr(After);
  }
}

/// Step 3: the teams reductions in code \p Kernel runs use its launch's
/// records.
void redirectReductions(Function &Kernel) {
  for (Function *F : functionsReachableFrom(Kernel))
    for (Instruction &I : instructions(*F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (!Callee)
        continue;
      for (auto [From, To] : ChildReductions)
        if (Callee->getName() == From) {
          redirect(*Call, To);
          if (From != OMPGPU_KMPC_REDUCTION_GET_FIXED_BUFFER)
            ++NumChildReductions;
        }
    }
}

/// Whether code \p Kernel runs calls one of the runtime's launch-aware
/// entry points.
bool reachesLaunchAwareEntry(Function &Kernel) {
  for (Function *F : functionsReachableFrom(Kernel))
    for (Instruction &I : instructions(*F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction())
          if (is_contained(LaunchAwareEntries, Callee->getName()))
            return true;
  return false;
}

/// Step 4: every kernel that reaches a launch-aware entry point records its
/// launch environment, its first argument, at entry.
void recordLaunches(Module &M) {
  LLVMContext &Context = M.getContext();
  auto *Ptr = PointerType::getUnqual(Context);
  FunctionCallee Record = M.getOrInsertFunction(OMPGPU_RECORD_LAUNCH_SYMBOL,
                                                Type::getVoidTy(Context), Ptr);
  for (Function &K : M) {
    if (!isKernel(K) || K.arg_empty() ||
        !K.getArg(0)->getType()->isPointerTy() || !reachesLaunchAwareEntry(K))
      continue;
    IRBuilder<> B(&*K.getEntryBlock().getFirstInsertionPt());
    B.CreateCall(Record, {K.getArg(0)});
    ++NumRecordingKernels;
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName()
                      << " records its launch\n");
  }
}

} // namespace

PreservedAnalyses DeviceLaunchesPass::run(Module &M, ModuleAnalysisManager &) {
  Function *MarkerFn = M.getFunction(Marker);
  if (!MarkerFn || MarkerFn->use_empty())
    return PreservedAnalyses::all();
  MapVector<Function *, ChildKernel> Children = bindMarkers(M, *MarkerFn);
  for (auto &[Kernel, Child] : Children) {
    endChildKernel(M, *Kernel, Child);
    redirectReductions(*Kernel);
  }
  recordLaunches(M);
  if (MarkerFn->use_empty())
    MarkerFn->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace ompgpu
