//===- TaskDependences.h - depend clauses between sibling tasks -*- C++ -*-===//
//
// A task's depend clauses order it after earlier tasks with the same parent
// (its siblings). The parent's thread is the only one that creates its
// children, so the parent's table of addresses, which says which earlier
// siblings a new one must wait for, is only touched by that thread. Each
// address keeps its last group of writers (one out, inout or mutexinoutset
// task, or the tasks of one inoutset run), the in tasks since, and, for an
// inoutset group, what its members wait for. A mutexinoutset task is ordered
// like an inout one, which keeps the mutual exclusion the clause asks for.
//
// The edges run the other way: each task keeps a list of the tasks waiting
// for it, which any thread may add to until the task completes and closes
// the list; a successor whose count of incomplete predecessors drops to zero
// is ready.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_TASKDEPENDENCES_H
#define OMPGPU_DEVICE_TASKDEPENDENCES_H

#include "DeviceTypes.h"
#include "TaskRecords.h"

namespace ompgpu {
namespace tasks {

/// One dependence as clang-22 passes it (kmp_depend_info); depobj
/// dependences arrive expanded into these.
struct DependInfoTy {
  intptr_t Address;
  uint64_t Bytes;
  uint8_t Flags;
};

enum DependFlags : uint8_t {
  DependIn = 0x1,
  DependOut = 0x2, // inout is DependIn | DependOut
  DependMutexInoutset = 0x4,
  DependInoutset = 0x8,
  DependAllMemory = 0x80, // out or inout on omp_all_memory
};

/// Records the new task Task, a child of Parent, in Parent's table under its
/// NumDeps dependences, and counts in Task->PendingPredecessors the earlier
/// siblings it must wait for.
void addDependences(TaskTy *Parent, TaskTy *Task, const DependInfoTy *Deps,
                    uint32_t NumDeps);

/// Waits, running queued descendants of Parent on thread Tid at level Level
/// meanwhile, until every earlier child of Parent that a task with these
/// dependences would wait for has completed (taskwait depend, and an
/// undeferred task's dependences).
void waitForDependences(TaskTy *Parent, const DependInfoTy *Deps,
                        uint32_t NumDeps, uint32_t Tid, uint8_t Level);

/// Task completes: closes its list of successors and makes ready those it
/// was the last predecessor of.
void releaseSuccessors(TaskTy *Task);

/// Whether Task's list of successors is closed: it has completed.
bool successorsClosed(TaskTy *Task);

/// Parent creates no more children that could wait for the earlier ones
/// (its body has returned, or they have all completed): its table goes.
void dropDependenceTable(TaskTy *Parent);

} // namespace tasks
} // namespace ompgpu

#endif // OMPGPU_DEVICE_TASKDEPENDENCES_H
