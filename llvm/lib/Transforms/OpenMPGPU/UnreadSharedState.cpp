//===- UnreadSharedState.cpp - Drop shared stores no code reads -----------===//
//
// For each kernel K and each shared (address space 3) variable G defined in
// the program: follow G's uses through address arithmetic. If every use in
// code K can run is a plain store to G, and the only code K can run that
// touches G is K itself, K's stores to G are dead. Stores in functions that
// other kernels share are left alone.
//
// First, a variable used by one kernel only, through plain loads and stores
// of the whole variable (directly or through a cast to the generic address
// space), whose every store writes the same argument of the kernel (or
// constant, or a cast of one: a generic kernel's main thread shares its
// scalars and pointers with the workers this way) holds nothing a thread
// does not have: its loads become that value, computed at the kernel's
// entry (a load before any store would read uninitialized memory, which may
// be any value), and its stores are then unread. Once the unread stores are
// gone, the forwarding runs again: a variable whose address was stored into
// one nobody reads (the runtime's argument slots for worker threads, in an
// SPMD kernel) escaped before.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/UnreadSharedState.h"
#include "ompgpu/Transforms/AddressSpaces.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Reachability.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-unread-shared-state"

using namespace llvm;

STATISTIC(NumStoresRemoved, "Stores to shared variables no code reads");
STATISTIC(NumLoadsForwarded,
          "Loads of shared variables that hold a kernel argument");

namespace ompgpu {

std::optional<SmallVector<StoreInst *>>
storesOnly(const GlobalVariable &G, const Function &Kernel,
           const SetVector<Function *> &Code) {
  SmallVector<StoreInst *> Stores;
  SmallVector<const Use *> Work;
  for (const Use &U : G.uses())
    Work.push_back(&U);
  while (!Work.empty()) {
    const Use *U = Work.pop_back_val();
    User *Usr = U->getUser();
    if (isa<GEPOperator>(Usr) || isa<BitCastOperator>(Usr) ||
        isa<AddrSpaceCastOperator>(Usr)) {
      for (const Use &Next : Usr->uses())
        Work.push_back(&Next);
      continue;
    }
    auto *I = dyn_cast<Instruction>(Usr);
    if (!I)
      return std::nullopt; // a constant initializer holds the address
    if (!Code.contains(I->getFunction()))
      continue; // code this kernel cannot run
    auto *Store = dyn_cast<StoreInst>(I);
    if (!Store || Store->isVolatile() || Store->isAtomic() ||
        U->getOperandNo() != StoreInst::getPointerOperandIndex() ||
        I->getFunction() != &Kernel)
      return std::nullopt;
    Stores.push_back(Store);
  }
  return Stores;
}

namespace {

/// Whether \p V is the same in every thread of a kernel: an argument, a
/// constant, or a cast of one.
bool isKernelInvariant(const Value *V) {
  if (isa<Argument>(V) || isa<Constant>(V))
    return true;
  const auto *Cast = dyn_cast<CastInst>(V);
  return Cast && isKernelInvariant(Cast->getOperand(0));
}

/// \p V (kernel-invariant) computed at the top of \p Kernel, where it
/// dominates every use.
Value *atEntry(Value *V, Function &Kernel) {
  auto *Cast = dyn_cast<CastInst>(V);
  if (!Cast)
    return V;
  Value *Operand = atEntry(Cast->getOperand(0), Kernel);
  Instruction *Copy = Cast->clone();
  Copy->setOperand(0, Operand);
  if (auto *Before = dyn_cast<Instruction>(Operand))
    Copy->insertAfter(Before->getIterator());
  else
    Copy->insertBefore(Kernel.getEntryBlock().getFirstInsertionPt());
  return Copy;
}

/// The one value every store to \p G writes, if that value is
/// kernel-invariant, all uses of \p G are plain loads and stores of
/// that value's type in \p Kernel, and there is at least one load; else
/// nullptr.
Value *sharedArgument(GlobalVariable &G, const Function &Kernel,
                      SmallVectorImpl<LoadInst *> &Loads) {
  Value *Stored = nullptr;
  // The variable itself, or a cast of it to the generic address space (how
  // the inlined parallel regions read it).
  SmallVector<Value *, 2> Addresses = {&G};
  for (unsigned Next = 0; Next < Addresses.size(); ++Next)
    for (User *U : Addresses[Next]->users()) {
      if (auto *Cast = dyn_cast<AddrSpaceCastOperator>(U);
          Cast && !isa<Instruction>(U)) {
        Addresses.push_back(Cast);
        continue;
      }
      auto *I = dyn_cast<Instruction>(U);
      if (!I || I->getFunction() != &Kernel)
        return nullptr;
      if (auto *Load = dyn_cast<LoadInst>(I)) {
        if (!Load->isSimple())
          return nullptr;
        Loads.push_back(Load);
        continue;
      }
      auto *Store = dyn_cast<StoreInst>(I);
      if (!Store || !Store->isSimple() ||
          Store->getPointerOperand() != Addresses[Next])
        return nullptr;
      Value *V = Store->getValueOperand();
      if (!isKernelInvariant(V))
        return nullptr;
      if (Stored && Stored != V)
        return nullptr;
      Stored = V;
    }
  if (!Stored || Loads.empty())
    return nullptr;
  for (LoadInst *Load : Loads)
    if (Load->getType() != Stored->getType())
      return nullptr;
  return Stored;
}

/// Replaces the loads of shared variables of \p Kernel that hold one of its
/// arguments (see above) with the argument; returns whether it changed any.
bool forwardSharedArguments(Function &Kernel,
                            ArrayRef<GlobalVariable *> Shared) {
  bool Changed = false;
  for (GlobalVariable *G : Shared) {
    SmallVector<LoadInst *, 8> Loads;
    Value *Stored = sharedArgument(*G, Kernel, Loads);
    if (!Stored)
      continue;
    Value *Argument = atEntry(Stored, Kernel);
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << Kernel.getName() << ": "
                      << Loads.size() << " loads of " << G->getName()
                      << " read " << *Stored << "\n");
    OptimizationRemarkEmitter(&Kernel).emit([&] {
      return OptimizationRemark(RemarkPassName, "SharedArgument", Loads.front())
             << describeFunction(Kernel.getName()) << " reads '"
             << ore::NV("Variable", demangle(G->getName()))
             << "' in shared memory, which only ever holds a value every "
                "thread has: its "
             << ore::NV("Loads", unsigned(Loads.size()))
             << (Loads.size() == 1 ? " load uses" : " loads use")
             << " the value";
    });
    for (LoadInst *Load : Loads) {
      Load->replaceAllUsesWith(Argument);
      Load->eraseFromParent();
      ++NumLoadsForwarded;
    }
    Changed = true;
  }
  return Changed;
}

/// Removes \p K's stores to shared variables that no code it can run
/// (\p Code) reads; returns whether it removed any.
bool dropUnreadStores(Function &K, const SetVector<Function *> &Code,
                      ArrayRef<GlobalVariable *> Shared) {
  bool Dropped = false;
  for (GlobalVariable *G : Shared) {
    std::optional<SmallVector<StoreInst *>> Stores = storesOnly(*G, K, Code);
    if (!Stores || Stores->empty())
      continue;
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName() << ": "
                      << Stores->size() << " stores to " << G->getName()
                      << "\n");
    OptimizationRemarkEmitter(&K).emit([&] {
      return OptimizationRemark(RemarkPassName, "UnreadSharedState",
                                Stores->front())
             << describeFunction(K.getName()) << " never reads '"
             << ore::NV("Variable", demangle(G->getName())) << "' in "
             << "shared memory: its "
             << ore::NV("Stores", unsigned(Stores->size()))
             << (Stores->size() == 1 ? " store" : " stores")
             << " to it removed";
    });
    for (StoreInst *Store : *Stores) {
      assert(Store->getFunction() == &K && "only the kernel's own stores");
      Store->eraseFromParent();
      ++NumStoresRemoved;
      Dropped = true;
    }
  }
  return Dropped;
}

} // namespace

PreservedAnalyses UnreadSharedStatePass::run(Module &M,
                                             ModuleAnalysisManager &) {
  SmallVector<GlobalVariable *> Shared;
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == SharedAddressSpace && !G.isDeclaration() &&
        G.hasLocalLinkage())
      Shared.push_back(&G);
  bool Changed = false;
  for (Function &K : M) {
    if (!isKernel(K))
      continue;
    SetVector<Function *> Code = functionsReachableFrom(K);
    // Forwarding leaves a variable's stores unread; dropping unread stores
    // may drop the one that let a variable's address escape (into the
    // runtime's argument slots for worker threads, which an SPMD kernel
    // never reads), so that it can be forwarded in turn.
    for (bool Progress = true; Progress;) {
      Progress = forwardSharedArguments(K, Shared);
      Progress |= dropUnreadStores(K, Code, Shared);
      Changed |= Progress;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
