//===- TaskSharedCaptures.h - Tasks that other threads can run --*- C++ -*-===//
//
// The device runtime lets another thread of the team run a task only if none
// of the task's data is an address in the creating thread's local memory,
// which another thread cannot reach (openmp/device/include/Tasking.h). clang-22
// leaves much of what tasks in parallel regions capture by reference in local
// memory: the parallel region's copies of the variables it captured by value
// (a mapped pointer, a loop bound) and the loop variables of the construct
// around the task, whose addresses go into the task's shared block even where
// the task only uses its firstprivate copy.
//
// This pass, on the user's device code, looks at each task created with
// __kmpc_omp_task_alloc and submitted with __kmpc_omp_task(_with_deps) or
// __kmpc_taskloop(_5), at what the task's entry (and a taskloop's copy
// function) does with each field of the shared block, and rewrites the field
// where the runtime would otherwise see a local address:
// - a field the task never reads gets null;
// - a field through which the task only reads a local variable of the
//   creating function (an alloca whose address goes nowhere but into such
//   fields, which the function does not write once the task can exist) gets
//   the address of a copy of the variable, made when the task is submitted
//   in room the pass adds to the task's shared block.
// Fields written through, or whose address escapes, stay as they are; the
// runtime then runs that task on its creating thread.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_TASKSHAREDCAPTURES_H
#define OMPGPU_TRANSFORMS_TASKSHAREDCAPTURES_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Moves read-only local captures of tasks into the tasks' shared blocks.
struct TaskSharedCapturesPass : llvm::PassInfoMixin<TaskSharedCapturesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
