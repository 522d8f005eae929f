//===- TaskRecords.h - What the runtime keeps about tasks -------*- C++ -*-===//
//
// The records behind OpenMP tasks on the device: the header the runtime puts
// in front of clang's task descriptor (KmpTaskTy, OffloadABI.h), the records
// of implicit tasks that create tasks, and taskgroups. The scheduler's design
// is in Tasking.h.
//
// Every task belongs to the binding team of the region it was created in:
// the block's active team at level 1, or, in a region that runs serialized
// (a team of one thread), that thread alone. Tasks of a team of one run on
// their creating thread only (Owner).
//
// Two counts keep a record alive and say when its task is complete:
// - CompletionRefs: 1 while the body has not finished, plus 1 while a
//   detached task's event is unfulfilled. The task completes when it drops
//   to 0.
// - RefCount: references to the memory: the task's own until it completes,
//   one for each child record (children point to their parent), one for
//   each list of the parent's dependence table that names the task, one for
//   the ready queue while the task waits there, one for the pattern of a
//   taskloop from each of its chunks. The record is freed when it drops to 0.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_TASKRECORDS_H
#define OMPGPU_DEVICE_TASKRECORDS_H

#include "DeviceTypes.h"

namespace ompgpu {
namespace tasks {

struct DependenceTableTy;
struct SuccessorTy;
struct TaskgroupTy;

/// Owner of a task any thread of the active team may run.
constexpr uint32_t AnyThread = ~0u;

enum TaskKind : uint8_t {
  /// A task of a task construct, a taskloop chunk, or an undeferred task.
  ExplicitTask,
  /// The record of an implicit task, made when it first needs one.
  ImplicitTask,
  /// The task a taskloop's chunks are copied from; it never runs.
  TaskloopPattern,
};

struct TaskTy {
  TaskKind Kind;
  /// Set when the task or an ancestor is final: its children are included
  /// (run at once by the encountering thread), and omp_in_final() says so.
  bool Final;
  /// Nesting level of the parallel region the task was created in.
  uint8_t Level;
  /// Explicit tasks between the task and its implicit task (0 for that).
  uint32_t Depth;
  /// clang's flags (KmpTaskFlags).
  uint32_t Flags;
  /// Bytes of clang's descriptor with the private copies, and of the shared
  /// block after them.
  uint32_t TaskBytes;
  uint32_t SharedsBytes;
  /// AnyThread, or the hardware thread number of the only thread that may
  /// run the task.
  uint32_t Owner;

  uint32_t RefCount;
  uint32_t CompletionRefs;
  /// Children created and not complete (taskwait).
  uint32_t IncompleteChildren;
  /// Predecessors not complete, plus 1 while the creator still adds them.
  uint32_t PendingPredecessors;
  /// Implicit tasks of a team of one: its explicit tasks not complete.
  uint32_t SerialIncomplete;

  /// The creating task: an explicit task or an implicit task's record.
  TaskTy *Parent;
  /// The counter of the binding team's explicit tasks that are not complete.
  uint32_t *TeamIncomplete;
  /// The innermost taskgroup the task is in: its parent's when it was
  /// created, then the ones it opens.
  TaskgroupTy *Taskgroup;
  /// The taskgroup that counted this task when it was created.
  TaskgroupTy *CountedIn;
  /// The tasks waiting for this one, until it completes (TaskDependences.h).
  SuccessorTy *Successors;
  /// The dependences of this task's children on one another.
  DependenceTableTy *Dependences;
  /// Next (newer) and previous (older) task of the ready queue.
  TaskTy *NextReady;
  TaskTy *PrevReady;
  /// Implicit tasks: the task that was current on the thread before. The
  /// thread's current task while an explicit task runs undeferred through
  /// __kmpc_omp_task_begin_if0.
  TaskTy *Outer;
  /// Taskloop chunks: the pattern their descriptor was copied from.
  TaskTy *Pattern;

  /// clang's descriptor, then the private copies, then the shared block
  /// (explicit tasks and patterns only).
  KmpTaskTy Task;

  char *privates() { return reinterpret_cast<char *>(&Task + 1); }
  char *shareds() { return reinterpret_cast<char *>(&Task) + TaskBytes; }
};

/// Bytes of an implicit task's record, which has no descriptor.
constexpr uint64_t ImplicitTaskBytes = __builtin_offsetof(TaskTy, Task);

/// The task whose clang descriptor is Task.
inline TaskTy *taskOf(void *Task) {
  return reinterpret_cast<TaskTy *>(static_cast<char *>(Task) -
                                    __builtin_offsetof(TaskTy, Task));
}

/// One list item of a task reduction (task_reduction, a taskloop's
/// reduction, reduction(task, ...)) in a taskgroup.
struct ReductionItemTy {
  /// The variable the item reduces into, which tasks name when they ask for
  /// their copy: the original of a task_reduction, or the implicit task's
  /// private copy of a task-modifier reduction.
  void *Shared;
  /// What the initializer gets as the original list item.
  void *Original;
  uint64_t Bytes;
  void (*Init)(void *Private, void *Original);
  void (*Fini)(void *Private);
  void (*Combine)(void *Into, void *From);
  /// One private copy for each hardware thread of the block, made when that
  /// thread first asks for it; only that thread writes its entry.
  void **Copies;
};

struct TaskgroupTy {
  TaskgroupTy *Outer;
  /// Tasks counted in the group that are not complete. A task counts in the
  /// innermost taskgroup of its creator; its descendants count in that group
  /// too unless they open their own.
  uint32_t Incomplete;
  uint32_t NumItems;
  ReductionItemTy *Items;
};

} // namespace tasks
} // namespace ompgpu

#endif // OMPGPU_DEVICE_TASKRECORDS_H
