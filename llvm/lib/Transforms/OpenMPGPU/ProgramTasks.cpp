//===- ProgramTasks.cpp - Whether the program creates tasks ---------------===//
#include "ompgpu/Transforms/ProgramTasks.h"
#include "ompgpu/Transforms/Remarks.h"

#include "OffloadABI.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "ompgpu-program-tasks"

using namespace llvm;

STATISTIC(NumProgramsWithTasks, "Device programs that create tasks");

namespace ompgpu {
namespace {

/// Says, at one task creation of the program, that its barriers schedule
/// tasks.
void report(Function &Alloc) {
  for (User *U : Alloc.users()) {
    auto *Call = dyn_cast<CallBase>(U);
    if (!Call)
      continue;
    OptimizationRemarkEmitter(Call->getFunction()).emit([&] {
      return OptimizationRemarkAnalysis(RemarkPassName, "ProgramTasks", Call)
             << describeFunction(Call->getFunction()->getName())
             << " creates tasks" << atLine(*Call)
             << ": the program's team barriers and parallel regions run "
                "tasks while their threads wait";
    });
    return;
  }
}

/// Replaces the loads of the byte with its value and folds what follows from
/// it: the branches on it and the code they no longer reach. Later passes of
/// this stage (WorkerDispatch) look at what a kernel can call, and a task
/// hook left behind a branch the optimizer would fold only later still looks
/// callable to them.
void foldReadsOf(GlobalVariable &Flag) {
  SmallVector<Instruction *, 16> Worklist;
  SmallPtrSet<Function *, 8> Functions;
  for (User *U : make_early_inc_range(Flag.users())) {
    auto *Load = dyn_cast<LoadInst>(U);
    if (!Load || Load->getType() != Flag.getValueType())
      continue;
    for (User *LoadUser : Load->users())
      Worklist.push_back(cast<Instruction>(LoadUser));
    Functions.insert(Load->getFunction());
    Load->replaceAllUsesWith(Flag.getInitializer());
    Load->eraseFromParent();
  }
  const DataLayout &DL = Flag.getParent()->getDataLayout();
  while (!Worklist.empty()) {
    Instruction *I = Worklist.pop_back_val();
    Value *Folded = simplifyInstruction(I, SimplifyQuery(DL));
    if (!Folded)
      continue;
    for (User *IUser : I->users())
      Worklist.push_back(cast<Instruction>(IUser));
    I->replaceAllUsesWith(Folded);
  }
  for (Function *F : Functions) {
    for (BasicBlock &BB : *F)
      ConstantFoldTerminator(&BB, /*DeleteDeadConditions=*/true);
    removeUnreachableBlocks(*F);
  }
}

} // namespace

PreservedAnalyses ProgramTasksPass::run(Module &M, ModuleAnalysisManager &) {
  GlobalVariable *Flag =
      M.getGlobalVariable(OMPGPU_PROGRAM_CREATES_TASKS_SYMBOL);
  if (!Flag || Flag->isDeclaration() || Flag->isConstant())
    return PreservedAnalyses::all();
  Function *Alloc = M.getFunction(OMPGPU_KMPC_OMP_TASK_ALLOC);
  bool CreatesTasks = Alloc && !Alloc->use_empty();
  LLVM_DEBUG(dbgs() << DEBUG_TYPE ": the program "
                    << (CreatesTasks ? "creates" : "creates no") << " tasks\n");
  if (CreatesTasks) {
    ++NumProgramsWithTasks;
    report(*Alloc);
  }
  assert(Flag->getValueType()->isIntegerTy(8) && "the runtime's byte");
  Flag->setInitializer(ConstantInt::get(Flag->getValueType(), CreatesTasks));
  Flag->setConstant(true);
  foldReadsOf(*Flag);
  return PreservedAnalyses::none();
}

} // namespace ompgpu
