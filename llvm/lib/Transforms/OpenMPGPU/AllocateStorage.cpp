//===- AllocateStorage.cpp - Storage for variables of allocate ------------===//
#include "ompgpu/Transforms/AllocateStorage.h"
#include "ompgpu/Transforms/AddressSpaces.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-allocate-storage"

using namespace llvm;

STATISTIC(NumPerTeam, "Variables of allocate given one copy per team");
STATISTIC(NumPerThread, "Variables of allocate made locals of a function");

namespace ompgpu {
namespace {

/// The functions whose instructions use \p G, through constant expressions
/// or not; false if something else uses it.
bool userFunctions(const GlobalVariable &G, SetVector<Function *> &Users) {
  SmallVector<const Value *, 8> Work{&G};
  while (!Work.empty()) {
    for (const User *U : Work.pop_back_val()->users()) {
      if (const auto *I = dyn_cast<Instruction>(U))
        Users.insert(const_cast<Function *>(I->getFunction()));
      else if (isa<ConstantExpr>(U))
        Work.push_back(U);
      else
        return false;
    }
  }
  return true;
}

/// The kernel whose team's initial thread alone runs \p F: F itself if it
/// is a kernel, else the kernel of the one function that calls F, directly
/// and in one place (clang's outlined teams region, or a function inlined
/// nowhere yet); null if threads of a parallel region may run F.
const Function *teamKernel(const Function &F) {
  const Function *Callee = &F;
  // Chains of single callers are short; a longer one is taken for a cycle.
  for (int Depth = 0; Depth < 16; ++Depth) {
    if (isKernel(*Callee))
      return Callee;
    if (!Callee->hasOneUse())
      return nullptr;
    const auto *Call = dyn_cast<CallBase>(Callee->user_back());
    if (!Call || !Call->isCallee(&*Callee->use_begin()))
      return nullptr;
    Callee = Call->getFunction();
  }
  return nullptr;
}

void remark(const Function &F, StringRef Variable, StringRef Storage) {
  OptimizationRemarkEmitter(&F).emit([&] {
    return OptimizationRemark(RemarkPassName, "AllocateStorage",
                              &remarkAnchor(F))
           << "the variable '" << ore::NV("Variable", Variable)
           << "' of an 'allocate' directive or clause in "
           << describeFunction(F.getName()) << " gets " << Storage
           << " (clang-22 made it one variable of the whole device program)";
  });
}

/// One variable per team: a static variable of the block's shared memory.
void placeInSharedMemory(GlobalVariable &G) {
  auto *Team = new GlobalVariable(
      *G.getParent(), G.getValueType(), /*isConstant=*/false,
      GlobalValue::InternalLinkage, PoisonValue::get(G.getValueType()), "",
      nullptr, GlobalValue::NotThreadLocal, SharedAddressSpace);
  Team->takeName(&G);
  Team->setAlignment(G.getAlign());
  G.replaceAllUsesWith(ConstantExpr::getAddrSpaceCast(Team, G.getType()));
  G.eraseFromParent();
}

/// Makes \p G a local of each function of \p Users (its users, which the
/// optimizer may have made copies of one another by inlining), if its
/// address stays in the calling thread; false otherwise (G is unchanged,
/// though its constant expressions may now be instructions).
bool makeLocal(GlobalVariable &G, ArrayRef<Function *> Users) {
  for (Function *F : Users)
    convertUsersOfConstantsToInstructions({&G}, F);
  if (PointerMayBeCaptured(&G, /*ReturnCaptures=*/true))
    return false;
  for (Function *F : Users) {
    BasicBlock::iterator Entry = F->getEntryBlock().getFirstInsertionPt();
    // In the data layout's alloca address space, as clang's own allocas: the
    // NVPTX back end moves those to local memory itself, while an alloca it
    // finds already in local memory (5) it addresses through the generic
    // stack pointer, which faults.
    unsigned AllocaSpace = F->getDataLayout().getAllocaAddrSpace();
    Instruction *Local =
        new AllocaInst(G.getValueType(), AllocaSpace, nullptr,
                       G.getAlign().valueOrOne(), G.getName(), Entry);
    if (Local->getType() != G.getType())
      Local = new AddrSpaceCastInst(Local, G.getType(),
                                    G.getName() + ".generic", Entry);
    G.replaceUsesWithIf(Local, [F](Use &U) {
      return cast<Instruction>(U.getUser())->getFunction() == F;
    });
  }
  G.eraseFromParent();
  return true;
}

} // namespace

bool isStaticAllocateVariable(const GlobalVariable &G, unsigned AddressSpace) {
  return G.hasLocalLinkage() && !G.isConstant() &&
         G.getAddressSpace() == AddressSpace && G.hasInitializer() &&
         isa<PoisonValue>(G.getInitializer());
}

PreservedAnalyses AllocateStoragePass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<GlobalVariable *, 8> Variables;
  for (GlobalVariable &G : M.globals())
    if (isStaticAllocateVariable(G) && !G.use_empty())
      Variables.push_back(&G);
  const DataLayout &DL = M.getDataLayout();
  DenseMap<const Function *, uint64_t> SharedBytes;
  bool Changed = false;
  for (GlobalVariable *G : Variables) {
    SetVector<Function *> Users;
    if (!userFunctions(*G, Users))
      continue;
    SetVector<const Function *> Kernels;
    for (const Function *F : Users)
      Kernels.insert(teamKernel(*F));
    std::string Name = G->getName().str();
    const Function &First = *Users.front();
    if (!Kernels.contains(nullptr)) {
      // Team-level code only: one variable per team, if every kernel that
      // runs the code has the room.
      uint64_t Bytes = DL.getTypeAllocSize(G->getValueType());
      if (any_of(Kernels, [&](const Function *K) {
            return Bytes > SharedBytesPerKernel - SharedBytes[K];
          }))
        continue;
      for (const Function *K : Kernels)
        SharedBytes[K] += Bytes;
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": per team: " << Name << "\n");
      placeInSharedMemory(*G);
      ++NumPerTeam;
      remark(First, Name, "one copy per team, in shared memory");
      Changed = true;
      continue;
    }
    // Used by team-level code and by code that threads of parallel regions
    // run: no one storage fits both.
    if (Kernels.size() > 1)
      continue;
    Changed = true;
    if (!makeLocal(*G, Users.getArrayRef()))
      continue;
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": per thread: " << Name << "\n");
    ++NumPerThread;
    remark(First, Name, "one copy per call, on the thread's stack");
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
