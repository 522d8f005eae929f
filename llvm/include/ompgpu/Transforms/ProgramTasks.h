//===- ProgramTasks.h - Whether the program creates tasks -------*- C++ -*-===//
//
// The device runtime makes barriers and the ends of parallel regions task
// scheduling points, which costs a count of arrivals in shared memory instead
// of a hardware barrier, but only where the program can have tasks: it tests
// a byte of its own (OMPGPU_PROGRAM_CREATES_TASKS_SYMBOL), 1 by default. This
// pass, once the runtime is linked, makes the byte a constant: 0 when no code
// of the program creates a task (calls __kmpc_omp_task_alloc), so that the
// optimizer folds the tests and the team's task state away, and programs
// without tasks keep their barriers and their PTX.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_PROGRAMTASKS_H
#define OMPGPU_TRANSFORMS_PROGRAMTASKS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Makes the runtime's "program creates tasks" byte a constant.
struct ProgramTasksPass : llvm::PassInfoMixin<ProgramTasksPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
