//===- TaskSharedCaptures.cpp - Tasks that other threads can run ----------===//
//
// For each task site (TaskSharedCaptures.h): the calls that make and submit
// the task, the loads of its shared-block pointer and the stores into the
// block's fields; the fields' uses in the task's functions; then, per
// function, which allocas captured that way may be copied, and the rewrite.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/TaskSharedCaptures.h"
#include "ompgpu/Transforms/Remarks.h"

#include "OffloadABI.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-task-shared-captures"

using namespace llvm;

STATISTIC(NumCopiedLocals, "Local variables copied into a task's shared block");
STATISTIC(NumClearedFields, "Shared-block fields no task function reads");

namespace ompgpu {
namespace {

/// The largest local the pass copies into a task.
constexpr uint64_t MaxCopiedBytes = 256;

/// What a task's functions do with one field of its shared block: nothing,
/// only read through the address it holds, or anything else.
enum class FieldUse { Unused, ReadOnly, Other };

/// A field of a task's shared block that the creating function stores an
/// address into.
struct CaptureTy {
  StoreInst *Store;
  uint64_t Field;
  /// The local variable the address points into, if it does, and where.
  AllocaInst *Local;
  uint64_t OffsetInLocal;
};

/// One task: its creation, its submission and what goes into its block.
struct TaskSiteTy {
  CallBase *Alloc = nullptr;
  CallBase *Submit = nullptr;
  SmallVector<CaptureTy> Captures;
  DenseMap<uint64_t, FieldUse> Uses;
};

/// Whether \p Name submits a task for deferred execution.
bool isSubmission(StringRef Name) {
  return Name == OMPGPU_KMPC_OMP_TASK ||
         Name == OMPGPU_KMPC_OMP_TASK_WITH_DEPS ||
         Name == OMPGPU_KMPC_TASKLOOP || Name == OMPGPU_KMPC_TASKLOOP_5;
}

bool isTaskloop(const CallBase &Submit) {
  StringRef Name = Submit.getCalledFunction()->getName();
  return Name == OMPGPU_KMPC_TASKLOOP || Name == OMPGPU_KMPC_TASKLOOP_5;
}

/// Calls \p Fn(User, Offset) for each use of the address \p Base plus a
/// constant offset, looking through casts and constant-offset GEPs; returns
/// false if some use is neither (a GEP with a variable index).
template <typename FnT>
bool forEachOffsetUse(Value *Base, const DataLayout &DL, FnT Fn) {
  SmallVector<std::pair<Value *, uint64_t>> Work{{Base, 0}};
  while (!Work.empty()) {
    auto [V, Offset] = Work.pop_back_val();
    for (User *U : V->users()) {
      if (isa<AddrSpaceCastInst>(U) || isa<BitCastInst>(U)) {
        Work.push_back({U, Offset});
        continue;
      }
      if (auto *GEP = dyn_cast<GEPOperator>(U)) {
        APInt Delta(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
        if (GEP->getPointerOperand() != V ||
            !GEP->accumulateConstantOffset(DL, Delta))
          return false;
        Work.push_back({U, Offset + Delta.getZExtValue()});
        continue;
      }
      if (!Fn(U, V, Offset))
        return false;
    }
  }
  return true;
}

/// How the code uses the address \p Field, loaded from a shared block.
FieldUse useOfAddress(Value *Field) {
  SmallVector<Value *> Work{Field};
  SmallPtrSet<Value *, 16> Seen;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (User *U : V->users()) {
      if (isa<GetElementPtrInst>(U) || isa<CastInst>(U)) {
        if (isa<PtrToIntInst>(U))
          return FieldUse::Other;
        Work.push_back(U);
        continue;
      }
      if (auto *Load = dyn_cast<LoadInst>(U)) {
        if (Load->isVolatile())
          return FieldUse::Other;
        continue;
      }
      if (isa<ICmpInst>(U))
        continue;
      // Stores through it, stores of it, calls, phis: not only a read.
      return FieldUse::Other;
    }
  }
  return FieldUse::ReadOnly;
}

/// Merges what the task's functions do with the fields of the shared block
/// that the task pointer \p Task reaches into \p Uses; false when the block
/// or the task pointer goes somewhere the pass cannot follow.
bool collectUses(Value *Task, const DataLayout &DL,
                 DenseMap<uint64_t, FieldUse> &Uses) {
  return forEachOffsetUse(Task, DL, [&](User *U, Value *V, uint64_t Offset) {
    if (auto *II = dyn_cast<IntrinsicInst>(U))
      return II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II);
    auto *Load = dyn_cast<LoadInst>(U);
    if (auto *Store = dyn_cast<StoreInst>(U))
      return Offset != 0 && Store->getValueOperand() != V;
    if (!Load)
      return false;
    // Private copies and taskloop bounds are not the task's business here.
    if (Offset != 0)
      return true;
    return forEachOffsetUse(Load, DL,
                            [&](User *FieldUser, Value *, uint64_t Field) {
                              auto *FieldLoad = dyn_cast<LoadInst>(FieldUser);
                              if (!FieldLoad)
                                return false;
                              if (!FieldLoad->getType()->isPointerTy())
                                return true;
                              FieldUse &Use = Uses[Field];
                              Use = std::max(Use, useOfAddress(FieldLoad));
                              return true;
                            });
  });
}

/// The site of the task \p Alloc makes, or nullopt when it is submitted in a
/// way the pass leaves alone (undeferred, several times, through memory).
std::optional<TaskSiteTy> siteOf(CallBase &Alloc, const DataLayout &DL) {
  TaskSiteTy Site;
  Site.Alloc = &Alloc;
  for (User *U : Alloc.users()) {
    auto *Call = dyn_cast<CallBase>(U);
    Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee || !isSubmission(Callee->getName()) ||
        Call->getArgOperand(OMPGPU_TASK_SUBMIT_TASK_ARGUMENT) != &Alloc)
      continue;
    if (Site.Submit)
      return std::nullopt;
    Site.Submit = Call;
  }
  if (!Site.Submit)
    return std::nullopt;
  SmallVector<LoadInst *> SharedBlocks;
  // The submission also takes a taskloop's bounds inside the descriptor;
  // any other call (an undeferred task's, detach's event) is left alone.
  bool Understood =
      forEachOffsetUse(&Alloc, DL, [&](User *U, Value *V, uint64_t Offset) {
        if (auto *Call = dyn_cast<CallBase>(U))
          return Call == Site.Submit;
        if (auto *Load = dyn_cast<LoadInst>(U)) {
          if (Offset == 0)
            SharedBlocks.push_back(Load);
          return true;
        }
        // Clang's stores of the private copies and the taskloop bounds.
        auto *Store = dyn_cast<StoreInst>(U);
        return Store && Offset != 0 && Store->getValueOperand() != V;
      });
  if (!Understood)
    return std::nullopt;
  for (LoadInst *Block : SharedBlocks) {
    Understood =
        forEachOffsetUse(Block, DL, [&](User *U, Value *V, uint64_t Field) {
          auto *Store = dyn_cast<StoreInst>(U);
          if (!Store || Store->getPointerOperand() != V)
            return false;
          if (!Store->getValueOperand()->getType()->isPointerTy())
            return true;
          CaptureTy Capture{Store, Field, nullptr, 0};
          APInt Offset(DL.getIndexTypeSizeInBits(V->getType()), 0);
          Value *Base =
              Store->getValueOperand()->stripAndAccumulateConstantOffsets(
                  DL, Offset, /*AllowNonInbounds=*/true);
          if (auto *Local = dyn_cast<AllocaInst>(Base->stripPointerCasts());
              Local && Local->getFunction() == Alloc.getFunction()) {
            Capture.Local = Local;
            Capture.OffsetInLocal = Offset.getZExtValue();
          }
          Site.Captures.push_back(Capture);
          return true;
        });
    if (!Understood)
      return std::nullopt;
  }
  auto *Entry = dyn_cast<Function>(
      Alloc.getArgOperand(OMPGPU_TASK_ALLOC_ENTRY)->stripPointerCasts());
  if (!Entry || Entry->isDeclaration() || Entry->arg_size() < 2 ||
      !collectUses(Entry->getArg(1), DL, Site.Uses))
    return std::nullopt;
  if (isTaskloop(*Site.Submit)) {
    Value *Dup = Site.Submit->getArgOperand(Site.Submit->arg_size() - 1);
    if (auto *DupFn = dyn_cast<Function>(Dup->stripPointerCasts())) {
      if (DupFn->isDeclaration() || DupFn->arg_size() < 2 ||
          !collectUses(DupFn->getArg(0), DL, Site.Uses) ||
          !collectUses(DupFn->getArg(1), DL, Site.Uses))
        return std::nullopt;
    } else if (!isa<ConstantPointerNull>(Dup)) {
      return std::nullopt;
    }
  }
  return Site;
}

FieldUse useOf(const TaskSiteTy &Site, uint64_t Field) {
  auto It = Site.Uses.find(Field);
  return It == Site.Uses.end() ? FieldUse::Unused : It->second;
}

/// Whether \p Local may be copied into the tasks that capture it: fixed and
/// small, its address going only into the capture stores of \p Sites, and no
/// store to it reachable from the submission of a task that reads it.
bool mayCopy(AllocaInst &Local, ArrayRef<TaskSiteTy> Sites,
             const SmallPtrSetImpl<StoreInst *> &CaptureStores,
             const DataLayout &DL, DominatorTree &DT, LoopInfo &LI) {
  std::optional<TypeSize> Bytes = Local.getAllocationSize(DL);
  if (!Bytes || Bytes->isScalable() || Bytes->getFixedValue() > MaxCopiedBytes)
    return false;
  SmallVector<Instruction *> Writes;
  SmallVector<Value *> Work{&Local};
  SmallPtrSet<Value *, 16> Seen;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (User *U : V->users()) {
      auto *I = cast<Instruction>(U);
      if (isa<GetElementPtrInst>(I) || isa<AddrSpaceCastInst>(I) ||
          isa<BitCastInst>(I)) {
        Work.push_back(I);
      } else if (isa<LoadInst>(I)) {
      } else if (auto *Store = dyn_cast<StoreInst>(I)) {
        if (Store->getPointerOperand() == V)
          Writes.push_back(Store);
        else if (!CaptureStores.contains(Store))
          return false;
      } else if (auto *II = dyn_cast<IntrinsicInst>(I);
                 !II || !II->isLifetimeStartOrEnd()) {
        return false;
      }
    }
  }
  for (const TaskSiteTy &Site : Sites)
    for (const CaptureTy &Capture : Site.Captures)
      if (Capture.Local == &Local &&
          useOf(Site, Capture.Field) == FieldUse::ReadOnly)
        for (Instruction *Write : Writes)
          if (isPotentiallyReachable(Site.Submit, Write, nullptr, &DT, &LI))
            return false;
  return true;
}

void remark(const TaskSiteTy &Site, unsigned Copied, bool KeepsLocal) {
  OptimizationRemarkEmitter ORE(Site.Alloc->getFunction());
  std::string Where = describeFunction(Site.Alloc->getFunction()->getName());
  if (KeepsLocal) {
    ORE.emit([&] {
      return OptimizationRemarkMissed(RemarkPassName, "TaskSharedCaptures",
                                      Site.Alloc)
             << "a task created" << atLine(*Site.Alloc) << " in " << Where
             << " keeps the address of a local variable that it writes, or "
                "that its creator writes or passes on after creating it: the "
                "task runs on the thread that creates it";
    });
    return;
  }
  if (!Copied)
    return;
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "TaskSharedCaptures", Site.Alloc)
           << "a task created" << atLine(*Site.Alloc) << " in " << Where
           << " gets its own copy of " << ore::NV("Locals", Copied)
           << (Copied == 1 ? " local variable" : " local variables")
           << " it only reads, so that any thread of the team may run it";
  });
}

/// Rewrites the sites of one function; returns whether it changed any.
bool rewrite(MutableArrayRef<TaskSiteTy> Sites, const DataLayout &DL,
             DominatorTree &DT, LoopInfo &LI) {
  SmallPtrSet<StoreInst *, 16> CaptureStores;
  MapVector<AllocaInst *, bool> Locals;
  for (TaskSiteTy &Site : Sites) {
    for (CaptureTy &Capture : Site.Captures) {
      CaptureStores.insert(Capture.Store);
      if (!Capture.Local)
        continue;
      FieldUse Use = useOf(Site, Capture.Field);
      bool &Copyable = Locals.insert({Capture.Local, true}).first->second;
      Copyable = Copyable && Use != FieldUse::Other;
    }
  }
  for (auto &[Local, Copyable] : Locals)
    Copyable = Copyable && mayCopy(*Local, Sites, CaptureStores, DL, DT, LI);

  bool Changed = false;
  for (TaskSiteTy &Site : Sites) {
    auto *SharedsBytes = dyn_cast<ConstantInt>(
        Site.Alloc->getArgOperand(OMPGPU_TASK_ALLOC_SHAREDS_BYTES));
    bool KeepsLocal = false;
    unsigned Copied = 0;
    uint64_t End = SharedsBytes ? SharedsBytes->getZExtValue() : 0;
    DenseMap<AllocaInst *, uint64_t> CopyOffsets;
    for (CaptureTy &Capture : Site.Captures) {
      if (!Capture.Local)
        continue;
      FieldUse Use = useOf(Site, Capture.Field);
      auto *Block = cast<Instruction>(Capture.Store->getPointerOperand());
      Value *Base = getUnderlyingObject(Block);
      if (Use == FieldUse::Unused) {
        Capture.Store->setOperand(
            0, ConstantPointerNull::get(cast<PointerType>(
                   Capture.Store->getValueOperand()->getType())));
        ++NumClearedFields;
        Changed = true;
        continue;
      }
      auto *BlockLoad = dyn_cast<LoadInst>(Base);
      if (!SharedsBytes || !Locals.lookup(Capture.Local) || !BlockLoad ||
          !DT.dominates(BlockLoad, Site.Submit)) {
        KeepsLocal = true;
        continue;
      }
      auto [It, New] = CopyOffsets.insert({Capture.Local, 0});
      if (New) {
        // The copy is made when the task is submitted: the creator writes
        // the variable no more after that.
        Align Alignment = Capture.Local->getAlign();
        End = alignTo(End, Alignment);
        It->second = End;
        End += Capture.Local->getAllocationSize(DL)->getFixedValue();
        IRBuilder<> B(Site.Submit);
        Value *Copy =
            B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), BlockLoad, It->second);
        B.CreateMemCpy(Copy, Alignment, Capture.Local, Alignment,
                       Capture.Local->getAllocationSize(DL)->getFixedValue());
        ++NumCopiedLocals;
        ++Copied;
      }
      IRBuilder<> B(Capture.Store);
      Capture.Store->setOperand(
          0, B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), BlockLoad,
                                          It->second + Capture.OffsetInLocal));
      Changed = true;
    }
    if (SharedsBytes && End != SharedsBytes->getZExtValue())
      Site.Alloc->setArgOperand(
          OMPGPU_TASK_ALLOC_SHAREDS_BYTES,
          ConstantInt::get(SharedsBytes->getType(), alignTo(End, 8)));
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << *Site.Alloc << ": " << Copied
                      << " copied" << (KeepsLocal ? ", keeps a local" : "")
                      << "\n");
    remark(Site, Copied, KeepsLocal);
  }
  return Changed;
}

} // namespace

PreservedAnalyses TaskSharedCapturesPass::run(Module &M,
                                              ModuleAnalysisManager &MAM) {
  Function *Alloc = M.getFunction(OMPGPU_KMPC_OMP_TASK_ALLOC);
  if (!Alloc)
    return PreservedAnalyses::all();
  MapVector<Function *, SmallVector<TaskSiteTy>> SitesByFunction;
  for (User *U : Alloc->users())
    if (auto *Call = dyn_cast<CallBase>(U);
        Call && Call->getCalledFunction() == Alloc)
      if (std::optional<TaskSiteTy> Site = siteOf(*Call, M.getDataLayout()))
        SitesByFunction[Call->getFunction()].push_back(std::move(*Site));
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (auto &[F, Sites] : SitesByFunction) {
    if (!rewrite(Sites, M.getDataLayout(),
                 FAM.getResult<DominatorTreeAnalysis>(*F),
                 FAM.getResult<LoopAnalysis>(*F)))
      continue;
    Changed = true;
    FAM.invalidate(*F, PreservedAnalyses::none());
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
