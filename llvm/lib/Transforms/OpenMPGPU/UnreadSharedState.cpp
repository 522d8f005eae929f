//===- UnreadSharedState.cpp - Drop shared stores no code reads -----------===//
//
// For each kernel K and each shared (address space 3) variable G defined in
// the program: follow G's uses through address arithmetic. If every use in
// code K can run is a plain store to G, and the only code K can run that
// touches G is K itself, K's stores to G are dead. Stores in functions that
// other kernels share are left alone.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/UnreadSharedState.h"
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

namespace ompgpu {
namespace {

constexpr unsigned SharedAddressSpace = 3;

/// The stores to \p G in \p Code, or nullopt if some instruction of \p Code
/// reads \p G or lets its address escape, or code outside \p Kernel uses it.
std::optional<SmallVector<StoreInst *>>
storesOnly(GlobalVariable &G, const Function &Kernel,
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
        Changed = true;
      }
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
