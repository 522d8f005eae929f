//===- ThreadStatePromotion.cpp - A kernel's thread state in a register ---===//
//
// For the runtime's state array S and each kernel K (see the header):
//  1. K's own uses of S must all be simple i8 loads and stores, through
//     address arithmetic on S; otherwise K keeps its accesses in shared
//     memory. Each of them accesses the thread's own byte S[threadIdx.x]:
//     the runtime never indexes S otherwise (state::get and state::set).
//  2. A private i8 copy in K's entry block starts as the shared byte, so that
//     a read before the first write reads what it always read; K's accesses
//     go to the copy.
//  3. Around each call that may reach code using S (found over the call
//     graph; calls through pointers count as such), the copy is stored to the
//     shared byte before and reloaded after.
// Step 3 is right because the byte is private to its thread: nothing but the
// thread's own calls can change it while the thread runs K's code.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/ThreadStatePromotion.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "ompgpu-thread-state-promotion"

using namespace llvm;

STATISTIC(NumKernelsPromoted, "Kernels whose thread state went to a register");
STATISTIC(NumAccessesPromoted, "Thread-state accesses moved to the copy");
STATISTIC(NumWriteBacks, "Calls around which the copy is written back");

namespace ompgpu {
namespace {

/// The state array (openmp/device/include/State.h).
constexpr StringLiteral ThreadStatesName = OMPGPU_THREAD_STATES_SYMBOL;

/// Appends the instructions that use \p V, looking through constant
/// expressions; returns false if some other constant holds V's address,
/// which code could then use in ways nobody sees here.
bool collectInstructionUsers(Value *V, SmallVectorImpl<Instruction *> &Users) {
  for (User *U : V->users()) {
    if (auto *I = dyn_cast<Instruction>(U))
      Users.push_back(I);
    else if (!isa<ConstantExpr>(U) || !collectInstructionUsers(U, Users))
      return false;
  }
  return true;
}

bool isByteAccessOf(const Instruction &I, const Value &Address) {
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return Load->isSimple() && Load->getType()->isIntegerTy(8);
  if (const auto *Store = dyn_cast<StoreInst>(&I))
    return Store->isSimple() && Store->getPointerOperand() == &Address &&
           Store->getValueOperand()->getType()->isIntegerTy(8);
  return false;
}

/// Appends the loads and stores in \p K that use \p Address, an address in
/// the state array, directly or through further address arithmetic; returns
/// the first user in \p K that uses \p Address in any other way, or null.
/// Which byte they access need not be checked: by the runtime's contract,
/// every access of the array is one of the accessing thread's own byte (an
/// index that the optimizer rewrote, say to 0 where it knows that
/// threadIdx.x is 0, still is).
const User *collectByteAccesses(Value *Address, const Function &K,
                                SmallVectorImpl<Instruction *> &Accesses) {
  for (User *U : Address->users()) {
    if (auto *Expr = dyn_cast<ConstantExpr>(U)) {
      if (Expr->getOpcode() != Instruction::GetElementPtr)
        return Expr;
      if (const User *Other = collectByteAccesses(Expr, K, Accesses))
        return Other;
      continue;
    }
    auto *I = dyn_cast<Instruction>(U);
    if (!I)
      return U;
    if (I->getFunction() != &K)
      continue;
    if (isa<GetElementPtrInst>(I)) {
      if (const User *Other = collectByteAccesses(I, K, Accesses))
        return Other;
    } else if (isByteAccessOf(*I, *Address)) {
      Accesses.push_back(I);
    } else {
      return I;
    }
  }
  return nullptr;
}

/// Whether \p Call may reach code in \p MayUse; calls through pointers may
/// reach anything. Intrinsics, inline assembly and the CUDA system calls the
/// linked program still declares touch no runtime state.
bool mayReach(const CallBase &Call,
              const SmallPtrSetImpl<const Function *> &MayUse) {
  if (Call.isInlineAsm())
    return false;
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return true;
  return MayUse.contains(Callee);
}

/// The functions that use the state array, directly or through calls.
SmallPtrSet<const Function *, 16>
functionsThatMayUse(Module &M, ArrayRef<Instruction *> Users) {
  SmallPtrSet<const Function *, 16> MayUse;
  for (const Instruction *I : Users)
    MayUse.insert(I->getFunction());
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const Function &F : M) {
      if (F.isDeclaration() || MayUse.contains(&F))
        continue;
      for (const Instruction &I : instructions(F)) {
        const auto *Call = dyn_cast<CallBase>(&I);
        if (Call && mayReach(*Call, MayUse)) {
          MayUse.insert(&F);
          Grew = true;
          break;
        }
      }
    }
  }
  return MayUse;
}

/// Gives \p K its private copy; returns the number of calls around which
/// the copy is written back.
unsigned promoteIn(Function &K, GlobalVariable &States,
                   ArrayRef<Instruction *> Accesses,
                   const SmallPtrSetImpl<const Function *> &MayUse) {
  assert(all_of(Accesses,
                [&](const Instruction *I) { return I->getFunction() == &K; }) &&
         "only the kernel's own accesses move to its copy");
  SmallVector<CallBase *> Calls;
  for (Instruction &I : instructions(K))
    if (auto *Call = dyn_cast<CallBase>(&I); Call && mayReach(*Call, MayUse))
      Calls.push_back(Call);

  IRBuilder<> B(&*K.getEntryBlock().getFirstInsertionPt());
  Type *Byte = B.getInt8Ty();
  AllocaInst *Copy =
      B.CreateAlloca(Byte, K.getParent()->getDataLayout().getAllocaAddrSpace(),
                     nullptr, "thread.state");
  Value *Tid = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_tid_x, {});
  Value *Own = B.CreateInBoundsGEP(
      Byte, &States, B.CreateZExt(Tid, B.getInt64Ty()), "own.state");
  B.CreateStore(B.CreateLoad(Byte, Own), Copy);

  for (CallBase *Call : Calls) {
    B.SetInsertPoint(Call);
    B.CreateStore(B.CreateLoad(Byte, Copy), Own);
    B.SetInsertPoint(Call->getNextNode());
    B.CreateStore(B.CreateLoad(Byte, Own), Copy);
  }
  SmallVector<WeakTrackingVH> Addresses;
  for (Instruction *Access : Accesses) {
    unsigned Operand = isa<LoadInst>(Access)
                           ? LoadInst::getPointerOperandIndex()
                           : StoreInst::getPointerOperandIndex();
    Addresses.push_back(Access->getOperand(Operand));
    Access->setOperand(Operand, Copy);
  }
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Addresses);
  return Calls.size();
}

void reportPromoted(const Function &K, unsigned Accesses, unsigned Calls) {
  OptimizationRemarkEmitter(&K).emit([&] {
    return OptimizationRemark(RemarkPassName, "ThreadStatePromotion",
                              &remarkAnchor(K))
           << describeFunction(K.getName())
           << " keeps its threads' runtime state in a register ("
           << ore::NV("Accesses", Accesses) << " accesses), written back to "
           << "shared memory around " << ore::NV("Calls", Calls)
           << (Calls == 1 ? " call" : " calls") << " that may read it";
  });
}

void reportKept(const Function &K, const User &Other) {
  const auto *I = dyn_cast<Instruction>(&Other);
  OptimizationRemarkEmitter(&K).emit([&] {
    return OptimizationRemarkMissed(RemarkPassName, "ThreadStatePromotion",
                                    I ? I : &remarkAnchor(K))
           << describeFunction(K.getName())
           << " keeps its threads' runtime state in shared memory: "
           << (I ? "this instruction uses" : "a constant holds")
           << " the state array other than by loading or storing the "
              "thread's byte";
  });
}

/// The kernels of \p M given private copies of their state bytes.
SmallVector<Function *> promoteThreadStates(Module &M) {
  SmallVector<Function *> Promoted;
  GlobalVariable *States = M.getGlobalVariable(ThreadStatesName, true);
  SmallVector<Instruction *> Users;
  if (!States || !collectInstructionUsers(States, Users)) {
    LLVM_DEBUG(dbgs() << DEBUG_TYPE
               ": no state array, or a constant other "
               "than an address in it holds its address\n");
    return Promoted;
  }
  SmallPtrSet<const Function *, 16> MayUse = functionsThatMayUse(M, Users);
  SmallPtrSet<const Function *, 16> UseDirectly;
  for (const Instruction *I : Users)
    UseDirectly.insert(I->getFunction());
  for (Function &K : M) {
    if (!isKernel(K) || !UseDirectly.contains(&K))
      continue;
    SmallVector<Instruction *> Accesses;
    if (const User *Other = collectByteAccesses(States, K, Accesses)) {
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName() << " kept: " << *Other
                        << "\n");
      reportKept(K, *Other);
      continue;
    }
    unsigned Calls = promoteIn(K, *States, Accesses, MayUse);
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName() << ": "
                      << Accesses.size() << " accesses, " << Calls
                      << " write-backs\n");
    reportPromoted(K, Accesses.size(), Calls);
    ++NumKernelsPromoted;
    NumAccessesPromoted += Accesses.size();
    NumWriteBacks += Calls;
    Promoted.push_back(&K);
  }
  return Promoted;
}

} // namespace

PreservedAnalyses ThreadStatePromotionPass::run(Module &M,
                                                ModuleAnalysisManager &MAM) {
  SmallVector<Function *> Promoted = promoteThreadStates(M);
  if (Promoted.empty())
    return PreservedAnalyses::all();
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function *K : Promoted) {
    FAM.invalidate(*K, PreservedAnalyses::none());
    FAM.invalidate(*K, Cleanup.run(*K, FAM));
  }
  return PreservedAnalyses::none();
}

} // namespace ompgpu
