//===- TaskScheduler.h - Running, queueing and waiting for tasks -*- C++ -*-=//
//
// The scheduler behind the task entry points (the design is in Tasking.h):
// which task is current on a thread, making a task the child of another,
// running a task and completing it, the team's ready queue, and waiting while
// running queued tasks.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_TASKSCHEDULER_H
#define OMPGPU_DEVICE_TASKSCHEDULER_H

#include "DeviceTypes.h"
#include "Hardware.h"
#include "TaskRecords.h"

namespace ompgpu {
namespace tasks {

/// The task the calling thread Tid, with state State, runs: an explicit task
/// or the record of its implicit task, which is made on the first call at a
/// nesting level.
TaskTy *currentTask(uint32_t Tid, uint8_t State);

/// The same, or null when the implicit task has no record (it never created
/// a task nor opened a taskgroup).
TaskTy *currentTaskIfAny(uint32_t Tid, uint8_t State);

/// Makes Task the current task of thread Tid; returns the one it replaces.
TaskTy *swapCurrentTask(uint32_t Tid, TaskTy *Task);

/// A new explicit task of clang's task_alloc, with its descriptor's
/// bytes; SharedsBytes of shared block follow them.
TaskTy *allocateTask(TaskKind Kind, uint32_t Flags, uint64_t TaskBytes,
                     uint64_t SharedsBytes);

/// Makes Task a child of Parent, created by thread Tid: counted in Parent,
/// in Parent's taskgroup and in the binding team, and given the owner that
/// says where it may run (Tid only, when it is Undeferred).
void adopt(TaskTy *Parent, TaskTy *Task, uint32_t Tid, bool Undeferred);

/// Task, adopted and with its predecessors complete, runs now on thread Tid
/// or waits in the ready queue for its owner.
void start(TaskTy *Task, uint32_t Tid);

/// Count adopted tasks that any thread may run, chained through NextReady
/// from First, start as start would each, but reach the ready queue in one
/// push: the lanes of a warp waiting at a barrier take queued tasks together,
/// a task per lane, and run them side by side (TaskScheduler.cpp).
void startTogether(TaskTy *First, uint32_t Count, uint32_t Tid);

/// Task's last predecessor completed: it waits in the ready queue for its
/// owner.
void makeReady(TaskTy *Task);

/// Runs Task's body on thread Tid as its current task, then finishBody.
void run(TaskTy *Task, uint32_t Tid);

/// Task's body has returned on thread Tid: its destructors run, its
/// children's dependence table goes, and it completes unless an event still
/// holds it.
void finishBody(TaskTy *Task, uint32_t Tid);

/// Drops one of Task's completion references (TaskRecords.h).
void dropCompletionRef(TaskTy *Task);

/// Memory references of a record (TaskRecords.h).
void retain(TaskTy *Task);
void release(TaskTy *Task);

/// Whether Task has completed.
bool isComplete(TaskTy *Task);

/// How far a waiting thread has looked at the ready queue: what the queue's
/// count of pushes was when the thread last found no task there that it may
/// run. Which queued tasks a thread may run in one wait never changes, so it
/// need not look again until a task has been pushed since.
struct QueueCursorTy {
  uint64_t FruitlessAtPushes = ~uint64_t(0);
};

/// Runs one queued task that thread Tid at nesting level Level may run
/// while it waits in task Waiting (null: at a team barrier). Returns
/// whether it ran one.
bool runOneReady(TaskTy *Waiting, uint32_t Tid, uint8_t Level,
                 QueueCursorTy &Cursor);

/// Waits in task Waiting (null at a barrier) until Done() holds, running
/// queued tasks meanwhile.
template <typename DoneFn>
void waitIn(TaskTy *Waiting, uint32_t Tid, uint8_t Level, DoneFn Done) {
  QueueCursorTy Cursor;
  hw::spinWhileWorking([&] {
    if (Done())
      return hw::SpinStep::Done;
    return runOneReady(Waiting, Tid, Level, Cursor) ? hw::SpinStep::DidWork
                                                    : hw::SpinStep::Idle;
  });
}

} // namespace tasks
} // namespace ompgpu

#endif // OMPGPU_DEVICE_TASKSCHEDULER_H
