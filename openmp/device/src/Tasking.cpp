//===- Tasking.cpp - The task entry points clang-22 calls -----------------===//
//
// task (with its if, final, depend, detach and priority clauses), taskwait
// (with depend), taskyield, taskgroup, omp_fulfill_event and omp_in_final,
// and the allocation of depobj's dependence objects.
// The scheduler behind them is TaskScheduler.h; its design is in Tasking.h.
//
// Clauses the device accepts and ignores, as OpenMP allows: untied (every
// task is tied), mergeable (a task is never merged), priority (a hint) and
// affinity (a GPU thread has no place of its own).
//
// The entry points a program may reach without creating a task (taskwait,
// taskyield, taskgroup, omp_in_final) return at once in such a program, where
// the team's task state is never initialized.
//
// The entry points that do more than a test stay out of line: inlined at
// every task site of every kernel, they made the PTX of programs with tasks
// several times larger and ptxas minutes slower, to save a call next to the
// cost of a task.
//
//===----------------------------------------------------------------------===//

#include "Tasking.h"
#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "State.h"
#include "TaskDependences.h"
#include "TaskPool.h"
#include "TaskReduction.h"
#include "TaskScheduler.h"

using namespace ompgpu;
using namespace ompgpu::tasks;

namespace {

/// Submits the task of clang's descriptor Descriptor, created by the calling
/// thread, with the dependences of two lists.
void submit(int32_t GTid, void *Descriptor, const void *Deps, int32_t NumDeps,
            const void *MoreDeps, int32_t NumMoreDeps) {
  uint32_t Tid = hw::threadId();
  TaskTy *Task = taskOf(Descriptor);
  OMPGPU_ASSERT(Task->Kind == ExplicitTask, nullptr,
                "a task is submitted that __kmpc_omp_task_alloc did not make");
  TaskTy *Parent = currentTask(Tid, state::get());
  // Clang splits an untied task's body into parts at its task scheduling
  // points; at each, the running part sets part_id and submits its own task
  // again, then returns. Tasks stay on their thread here: the next part runs
  // at once, inside this one, and the task completes when the first returns.
  if (Task == Parent) {
    Task->Task.Routine(GTid, Descriptor);
    return;
  }
  adopt(Parent, Task, Tid, /*Undeferred=*/false);
  if (NumDeps <= 0 && NumMoreDeps <= 0)
    return start(Task, Tid);
  if (NumDeps > 0)
    addDependences(Parent, Task, static_cast<const DependInfoTy *>(Deps),
                   uint32_t(NumDeps));
  if (NumMoreDeps > 0)
    addDependences(Parent, Task, static_cast<const DependInfoTy *>(MoreDeps),
                   uint32_t(NumMoreDeps));
  // Without the creator's guard the count says whether a predecessor is
  // still running; the last one to complete readies the task.
  if (hw::dropLastOf<hw::BlockScope>(&Task->PendingPredecessors))
    start(Task, Tid);
}

} // namespace

extern "C" {

void *__kmpc_omp_task_alloc(ident_t *, int32_t, int32_t Flags,
                            uint64_t TaskBytes, uint64_t SharedsBytes,
                            KmpTaskEntryTy Entry) {
  OMPGPU_ASSERT(TaskBytes >= sizeof(KmpTaskTy), nullptr,
                "clang's task descriptor is smaller than kmp_task_t");
  TaskTy *Task =
      allocateTask(ExplicitTask, uint32_t(Flags), TaskBytes, SharedsBytes);
  Task->Task.Routine = Entry;
  return &Task->Task;
}

[[gnu::noinline]] int32_t __kmpc_omp_task(ident_t *, int32_t GTid,
                                          void *Descriptor) {
  submit(GTid, Descriptor, nullptr, 0, nullptr, 0);
  return 0;
}

[[gnu::noinline]] int32_t __kmpc_omp_task_with_deps(ident_t *, int32_t GTid,
                                                    void *Task, int32_t NumDeps,
                                                    void *Deps,
                                                    int32_t NumNoaliasDeps,
                                                    void *NoaliasDeps) {
  submit(GTid, Task, Deps, NumDeps, NoaliasDeps, NumNoaliasDeps);
  return 0;
}

// An undeferred task (if(false)): clang calls its entry between these two,
// on the encountering thread, after waiting for its dependences.
[[gnu::noinline]] void __kmpc_omp_task_begin_if0(ident_t *, int32_t,
                                                 void *Descriptor) {
  uint32_t Tid = hw::threadId();
  TaskTy *Task = taskOf(Descriptor);
  adopt(currentTask(Tid, state::get()), Task, Tid, /*Undeferred=*/true);
  Task->Outer = swapCurrentTask(Tid, Task);
}

[[gnu::noinline]] void __kmpc_omp_task_complete_if0(ident_t *, int32_t,
                                                    void *Descriptor) {
  uint32_t Tid = hw::threadId();
  TaskTy *Task = taskOf(Descriptor);
  swapCurrentTask(Tid, Task->Outer);
  Task->Outer = nullptr;
  finishBody(Task, Tid);
}

[[gnu::noinline]] int32_t __kmpc_omp_taskwait(ident_t *, int32_t) {
  if (!programCreatesTasks())
    return 0;
  uint32_t Tid = hw::threadId();
  TaskTy *Task = currentTaskIfAny(Tid, state::get());
  if (!Task)
    return 0;
  waitIn(Task, Tid, Task->Level, [&] {
    return hw::loadAcquire<hw::BlockScope>(&Task->IncompleteChildren) == 0;
  });
  // No earlier child is left for a later one to wait for.
  dropDependenceTable(Task);
  return 0;
}

[[gnu::noinline]] void __kmpc_omp_taskwait_deps_51(ident_t *, int32_t,
                                                   int32_t NumDeps, void *Deps,
                                                   int32_t NumNoaliasDeps,
                                                   void *NoaliasDeps, int32_t) {
  if (!programCreatesTasks())
    return;
  uint32_t Tid = hw::threadId();
  TaskTy *Task = currentTaskIfAny(Tid, state::get());
  if (!Task)
    return;
  if (NumDeps > 0)
    waitForDependences(Task, static_cast<const DependInfoTy *>(Deps),
                       uint32_t(NumDeps), Tid, Task->Level);
  if (NumNoaliasDeps > 0)
    waitForDependences(Task, static_cast<const DependInfoTy *>(NoaliasDeps),
                       uint32_t(NumNoaliasDeps), Tid, Task->Level);
}

[[gnu::noinline]] int32_t __kmpc_omp_taskyield(ident_t *, int32_t, int32_t) {
  if (!programCreatesTasks())
    return 0;
  uint32_t Tid = hw::threadId();
  if (TaskTy *Task = currentTaskIfAny(Tid, state::get())) {
    QueueCursorTy Cursor;
    runOneReady(Task, Tid, Task->Level, Cursor);
  }
  return 0;
}

[[gnu::noinline]] void __kmpc_taskgroup(ident_t *, int32_t) {
  if (!programCreatesTasks())
    return;
  TaskTy *Task = currentTask(hw::threadId(), state::get());
  auto *Group = static_cast<TaskgroupTy *>(pool::allocate(sizeof(TaskgroupTy)));
  Group->Outer = Task->Taskgroup;
  Task->Taskgroup = Group;
}

[[gnu::noinline]] void __kmpc_end_taskgroup(ident_t *Loc, int32_t) {
  if (!programCreatesTasks())
    return;
  uint32_t Tid = hw::threadId();
  TaskTy *Task = currentTaskIfAny(Tid, state::get());
  TaskgroupTy *Group = Task ? Task->Taskgroup : nullptr;
  if (!Group)
    fatal(Loc, "end of a taskgroup that the task did not begin");
  waitIn(Task, Tid, Task->Level, [&] {
    return hw::loadAcquire<hw::BlockScope>(&Group->Incomplete) == 0;
  });
  finishReductions(Group);
  Task->Taskgroup = Group->Outer;
  pool::release(Group);
}

// detach: the task completes when its body has finished and the event is
// fulfilled, in either order. The event is the task's record.
void *__kmpc_task_allow_completion_event(ident_t *, int32_t, void *Descriptor) {
  TaskTy *Task = taskOf(Descriptor);
  OMPGPU_ASSERT(Task->Flags & OMPGPU_TASK_DETACHABLE, nullptr,
                "an event is asked for a task without detach");
  ++Task->CompletionRefs;
  return Task;
}

[[gnu::noinline]] void omp_fulfill_event(uint64_t Event) {
  auto *Task = reinterpret_cast<TaskTy *>(Event);
  OMPGPU_CHECK(Task && (Task->Flags & OMPGPU_TASK_DETACHABLE), nullptr,
               "omp_fulfill_event: not the event of a detached task");
  OMPGPU_CHECK(!isComplete(Task), nullptr,
               "omp_fulfill_event: the event was fulfilled already");
  dropCompletionRef(Task);
}

int omp_in_final() {
  if (!programCreatesTasks())
    return 0;
  TaskTy *Task = currentTaskIfAny(hw::threadId(), state::get());
  return Task && Task->Final;
}

int32_t __kmpc_omp_reg_task_with_affinity(ident_t *, int32_t, void *, int32_t,
                                          void *) {
  return 0;
}

// The depobj construct's dependence objects are the only memory clang-22's
// device code allocates through these (allocate directives and clauses on
// the device use omp_alloc or static memory).
void *__kmpc_alloc(int32_t, uint64_t Bytes, void *Allocator) {
  return omp_alloc(Bytes, reinterpret_cast<uint64_t>(Allocator));
}

void __kmpc_free(int32_t, void *Ptr, void *Allocator) {
  omp_free(Ptr, reinterpret_cast<uint64_t>(Allocator));
}
}
