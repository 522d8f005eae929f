//===- TaskScheduler.cpp - Running, queueing and waiting for tasks --------===//
//
// The scheduler of TaskScheduler.h and the hooks of Tasking.h. The team's
// state lives in shared memory, initialized when the kernel starts (in
// programs that create tasks; the others never reference it, so the link
// step drops it): the count of the active team's incomplete tasks, the
// arrival count and generation of the task-aware team barrier, the ready
// queue (a doubly linked list through the tasks, under a spin lock) and each
// thread's current task (an array in the task pool, made when the team first
// needs one).
//
//===----------------------------------------------------------------------===//

#include "TaskScheduler.h"
#include "Debug.h"
#include "Hardware.h"
#include "Mapping.h"
#include "State.h"
#include "TaskDependences.h"
#include "TaskPool.h"
#include "TaskReduction.h"
#include "Tasking.h"

using namespace ompgpu;
using namespace ompgpu::tasks;

namespace ompgpu {
namespace tasks {

// 1 until the link step's ProgramTasks pass says otherwise (OffloadABI.h).
uint8_t ProgramCreatesTasks = 1;

} // namespace tasks
} // namespace ompgpu

namespace {

struct TeamTasksTy {
  /// Explicit tasks of the active team that have not completed.
  uint32_t Incomplete;
  /// Task-aware team barrier: threads arrived, and the barriers passed.
  uint32_t Arrived;
  uint32_t Generation;
  /// Threads of an SPMD block that have ended the kernel.
  uint32_t Ended;
  /// The ready queue, oldest first, its length and the tasks ever pushed to
  /// it; under QueueLock.
  uint32_t QueueLock;
  uint32_t Queued;
  uint32_t Pushes;
  TaskTy *Head;
  TaskTy *Tail;
  /// Each thread's current task, null until some thread needs one, then
  /// indexed by hardware thread number.
  TaskTy **Current;
};

[[clang::loader_uninitialized]] __attribute__((address_space(3)))
TeamTasksTy TeamTasks;

/// What TeamTasks.Current holds while a thread makes the array.
TaskTy **makingCurrent() { return reinterpret_cast<TaskTy **>(1); }

/// A task waits in the queue instead of running at once only while the
/// queue holds fewer than this many tasks per thread of the team.
constexpr uint32_t QueuedPerThread = 4;

TaskTy **currentSlots() {
  TaskTy **Slots = hw::loadAcquire<hw::BlockScope>(&TeamTasks.Current);
  if (Slots && Slots != makingCurrent())
    return Slots;
  TaskTy **Expected = nullptr;
  if (hw::casRelaxedOrLoadAcquire<hw::BlockScope>(&TeamTasks.Current, Expected,
                                                  makingCurrent())) {
    Slots = static_cast<TaskTy **>(
        pool::allocate(hw::blockDim() * sizeof(TaskTy *)));
    hw::publishRelease(&TeamTasks.Current, Slots);
    return Slots;
  }
  hw::spinUntil([&] {
    Slots = hw::loadAcquire<hw::BlockScope>(&TeamTasks.Current);
    return Slots != makingCurrent();
  });
  return Slots;
}

/// The current slot of thread Tid, or null when no thread has one yet.
TaskTy **currentSlotIfAny(uint32_t Tid) {
  TaskTy **Slots = hw::loadAcquire<hw::BlockScope>(&TeamTasks.Current);
  if (!Slots)
    return nullptr;
  return currentSlots() + Tid;
}

/// Takes the queue's lock if it is free.
bool tryLockQueue() {
  return !hw::loadRelaxed<hw::BlockScope>(&TeamTasks.QueueLock) &&
         hw::casAcquire<hw::BlockScope>(&TeamTasks.QueueLock, 0u, 1u);
}

void lockQueue() { hw::spinUntil(tryLockQueue); }

void unlockQueue() { hw::publishRelease(&TeamTasks.QueueLock, 0u); }

void pushReady(TaskTy *Task) {
  Task->NextReady = nullptr;
  lockQueue();
  Task->PrevReady = TeamTasks.Tail;
  if (TeamTasks.Tail)
    TeamTasks.Tail->NextReady = Task;
  else
    hw::publish(&TeamTasks.Head, Task);
  hw::publish(&TeamTasks.Tail, Task);
  hw::publish(&TeamTasks.Queued, TeamTasks.Queued + 1);
  hw::publish(&TeamTasks.Pushes, TeamTasks.Pushes + 1);
  unlockQueue();
}

/// Takes Task out of the ready queue; under its lock.
void unlinkReady(TaskTy *Task) {
  if (Task->PrevReady)
    Task->PrevReady->NextReady = Task->NextReady;
  else
    hw::publish(&TeamTasks.Head, Task->NextReady);
  if (Task->NextReady)
    Task->NextReady->PrevReady = Task->PrevReady;
  else
    hw::publish(&TeamTasks.Tail, Task->PrevReady);
  hw::publish(&TeamTasks.Queued, TeamTasks.Queued - 1);
}

/// Whether Ancestor is Task's parent, or its parent's, and so on.
bool isDescendant(TaskTy *Task, TaskTy *Ancestor) {
  if (Task->Depth <= Ancestor->Depth)
    return false;
  while (Task->Depth > Ancestor->Depth)
    Task = Task->Parent;
  return Task == Ancestor;
}

/// Whether thread Tid at level Level, waiting in Waiting (null at a team
/// barrier), may run the queued task Task.
bool mayRun(TaskTy *Task, TaskTy *Waiting, uint32_t Tid, uint8_t Level) {
  if (Task->Owner != AnyThread && Task->Owner != Tid)
    return false;
  if (Task->Level != Level)
    return false;
  return !Waiting || isDescendant(Task, Waiting);
}

/// A queued task that thread Tid at level Level, waiting in Waiting, may run,
/// taken out of the queue; or null. The whole queue is looked at, so that a
/// task that only this thread may run is found wherever it is (a bounded
/// look could leave every waiting thread blind to the one task that would let
/// it go on); Cursor keeps a thread from looking again at a queue that has
/// nothing for it.
TaskTy *popReady(TaskTy *Waiting, uint32_t Tid, uint8_t Level,
                 QueueCursorTy &Cursor) {
  if (!hw::loadRelaxed<hw::BlockScope>(&TeamTasks.Queued) ||
      hw::loadRelaxed<hw::BlockScope>(&TeamTasks.Pushes) ==
          Cursor.FruitlessAtPushes)
    return nullptr;
  // A thread that looks for work leaves a busy lock to the others and looks
  // again after its wait's back-off: the team's idle threads, each waiting
  // for the lock, kept the thread that creates the tasks from it (taskloop in
  // a single ran 1.75x slower once the lock's atomics were block-scope, and
  // fast).
  if (!tryLockQueue())
    return nullptr;
  // A thread waiting in a task looks for its descendants from the newest
  // end, where the children it has just created are; a thread at a barrier
  // takes the oldest task it may, the root of the largest subtree left.
  TaskTy *Task = Waiting ? TeamTasks.Tail : TeamTasks.Head;
  while (Task && !mayRun(Task, Waiting, Tid, Level))
    Task = Waiting ? Task->PrevReady : Task->NextReady;
  if (Task)
    unlinkReady(Task);
  else
    Cursor.FruitlessAtPushes = TeamTasks.Pushes;
  unlockQueue();
  return Task;
}

/// The record of the implicit task of thread Tid with state State, whose
/// current task before was Outer.
TaskTy *makeImplicitTask(uint32_t Tid, uint8_t State, TaskTy *Outer) {
  auto *Task = static_cast<TaskTy *>(pool::allocate(ImplicitTaskBytes));
  Task->Kind = ImplicitTask;
  Task->Level = uint8_t(state::level(State));
  Task->RefCount = 1;
  Task->CompletionRefs = 1;
  Task->Outer = Outer;
  // A team of one binds its tasks to this record; the active team's are
  // the team's.
  if (state::innermostIsActive(State)) {
    Task->Owner = AnyThread;
    Task->TeamIncomplete = &TeamTasks.Incomplete;
  } else {
    Task->Owner = Tid;
    Task->TeamIncomplete = &Task->SerialIncomplete;
  }
  return Task;
}

/// The implicit task of thread Tid at its current level leaves: its record,
/// if it has one, goes, and its outer task is current again. All its tasks
/// have completed.
void popImplicitTask(uint32_t Tid, uint8_t State) {
  TaskTy **Slot = currentSlotIfAny(Tid);
  if (!Slot)
    return;
  TaskTy *Task = *Slot;
  if (!Task || Task->Level != state::level(State))
    return;
  OMPGPU_ASSERT(Task->Kind == ImplicitTask, nullptr,
                "an explicit task is current at the end of its region");
  OMPGPU_CHECK(hw::loadRelaxed<hw::BlockScope>(&Task->IncompleteChildren) == 0,
               nullptr, "a parallel region ends with incomplete tasks");
  OMPGPU_CHECK(!Task->Taskgroup, nullptr,
               "a parallel region ends inside a taskgroup");
  *Slot = Task->Outer;
  dropDependenceTable(Task);
  release(Task);
}

/// The task-aware barrier of an active team of Threads threads.
void activeTeamBarrier(uint32_t Tid, uint8_t State, uint32_t Threads) {
  uint8_t Level = uint8_t(state::level(State));
  uint32_t Generation = hw::loadAcquire<hw::BlockScope>(&TeamTasks.Generation);
  uint32_t Arrived =
      hw::fetchAddAcqRel<hw::BlockScope>(&TeamTasks.Arrived, 1u) + 1;
  OMPGPU_CHECK(Arrived <= Threads, nullptr,
               "more threads arrived at a team barrier than the team has");
  if (Arrived < Threads) {
    waitIn(nullptr, Tid, Level, [&] {
      return hw::loadAcquire<hw::BlockScope>(&TeamTasks.Generation) !=
             Generation;
    });
    return;
  }
  // Every thread is here: no task can be created but by a running task, and
  // once none is left, none ever will be before the release.
  waitIn(nullptr, Tid, Level, [] {
    return hw::loadAcquire<hw::BlockScope>(&TeamTasks.Incomplete) == 0;
  });
  hw::publish(&TeamTasks.Arrived, 0u);
  hw::publishRelease(&TeamTasks.Generation, Generation + 1);
}

/// Waits until the tasks of the team of one of thread Tid at its level have
/// completed.
void serialTeamBarrier(uint32_t Tid, uint8_t State) {
  TaskTy *Implicit = currentTaskIfAny(Tid, State);
  if (!Implicit || Implicit->Kind != ImplicitTask)
    return;
  waitIn(Implicit, Tid, Implicit->Level, [&] {
    return hw::loadAcquire<hw::BlockScope>(&Implicit->SerialIncomplete) == 0;
  });
}

/// Whether some word of Task's private copies or shared block is an address
/// in the local memory of the creating thread, other than the key of a
/// reduction of Parent's taskgroups, which tasks only look up.
bool refersToLocalMemory(TaskTy *Task, TaskTy *Parent) {
  auto IsReductionKey = [&](uint64_t Word) {
    for (TaskgroupTy *Group = Parent->Taskgroup; Group; Group = Group->Outer)
      for (uint32_t I = 0; I < Group->NumItems; ++I)
        if (reinterpret_cast<uint64_t>(Group->Items[I].Shared) == Word)
          return true;
    return false;
  };
  auto AnyLocal = [&](char *Begin, char *End) {
    for (char *P = Begin; P + sizeof(uint64_t) <= End; P += sizeof(uint64_t)) {
      uint64_t Word = *reinterpret_cast<uint64_t *>(P);
      if (hw::isLocalMemory(reinterpret_cast<void *>(Word)) &&
          !IsReductionKey(Word))
        return true;
    }
    return false;
  };
  char *Descriptor = reinterpret_cast<char *>(&Task->Task);
  return AnyLocal(Task->privates(), Descriptor + Task->TaskBytes) ||
         AnyLocal(Task->shareds(), Task->shareds() + Task->SharedsBytes);
}

/// The memory of Task and, where that was the last reference, of its
/// ancestors and pattern.
void freeRecord(TaskTy *Task) {
  while (Task) {
    TaskTy *Parent = Task->Parent;
    if (Task->Pattern)
      release(Task->Pattern);
    pool::release(Task);
    Task = Parent && hw::dropLastOf<hw::BlockScope>(&Parent->RefCount)
               ? Parent
               : nullptr;
  }
}

/// Task's completion: its successors may start, and its parent, taskgroup
/// and team count it no more.
void complete(TaskTy *Task) {
  // One fence releases the task's writes to whoever sees its successor list
  // close or any of the three counts drop (an acquire load of it), instead
  // of a fence per word.
  hw::fence<hw::BlockScope>();
  releaseSuccessors(Task);
  if (TaskgroupTy *Group = Task->CountedIn)
    hw::fetchAddRelaxed<hw::BlockScope>(&Group->Incomplete, ~0u);
  hw::fetchAddRelaxed<hw::BlockScope>(&Task->Parent->IncompleteChildren, ~0u);
  hw::fetchAddRelaxed<hw::BlockScope>(Task->TeamIncomplete, ~0u);
  release(Task);
}

} // namespace

namespace ompgpu {
namespace tasks {

TaskTy *currentTask(uint32_t Tid, uint8_t State) {
  TaskTy **Slot = currentSlots() + Tid;
  TaskTy *Current = *Slot;
  if (Current && Current->Level == state::level(State))
    return Current;
  return *Slot = makeImplicitTask(Tid, State, Current);
}

TaskTy *currentTaskIfAny(uint32_t Tid, uint8_t State) {
  TaskTy **Slot = currentSlotIfAny(Tid);
  if (!Slot)
    return nullptr;
  TaskTy *Current = *Slot;
  return Current && Current->Level == state::level(State) ? Current : nullptr;
}

TaskTy *swapCurrentTask(uint32_t Tid, TaskTy *Task) {
  TaskTy **Slot = currentSlots() + Tid;
  TaskTy *Previous = *Slot;
  *Slot = Task;
  return Previous;
}

TaskTy *allocateTask(TaskKind Kind, uint32_t Flags, uint64_t TaskBytes,
                     uint64_t SharedsBytes) {
  // The shared block follows the private copies, aligned for any type.
  uint64_t SharedsOffset =
      (TaskBytes + pool::Alignment - 1) & ~uint64_t(pool::Alignment - 1);
  auto *Task = static_cast<TaskTy *>(pool::allocate(
      __builtin_offsetof(TaskTy, Task) + SharedsOffset + SharedsBytes));
  Task->Kind = Kind;
  Task->Flags = Flags;
  Task->TaskBytes = uint32_t(SharedsOffset);
  Task->SharedsBytes = uint32_t(SharedsBytes);
  Task->RefCount = 1;
  Task->CompletionRefs = 1;
  Task->PendingPredecessors = 1;
  Task->Task.Shareds = Task->shareds();
  return Task;
}

void adopt(TaskTy *Parent, TaskTy *Task, uint32_t Tid, bool Undeferred) {
  retain(Parent);
  Task->Parent = Parent;
  Task->Level = Parent->Level;
  Task->Depth = Parent->Depth + 1;
  Task->Final = Parent->Final || (Task->Flags & OMPGPU_TASK_FINAL);
  Task->TeamIncomplete = Parent->TeamIncomplete;
  Task->Taskgroup = Task->CountedIn = Parent->Taskgroup;
  // Relaxed: nobody can see these counts reach zero before this thread's
  // next release (the task's publication, the end of the creating task, or
  // this thread's arrival at a barrier), which orders the increments first.
  if (TaskgroupTy *Group = Parent->Taskgroup)
    hw::fetchAddRelaxed<hw::BlockScope>(&Group->Incomplete, 1u);
  hw::fetchAddRelaxed<hw::BlockScope>(&Parent->IncompleteChildren, 1u);
  hw::fetchAddRelaxed<hw::BlockScope>(Task->TeamIncomplete, 1u);
  // Tasks of the active team may run on any of its threads, if their data
  // lets them.
  bool AnyThreadMayRun = !Undeferred &&
                         Parent->TeamIncomplete == &TeamTasks.Incomplete &&
                         !Task->Final && !refersToLocalMemory(Task, Parent);
  Task->Owner = AnyThreadMayRun ? AnyThread : Tid;
}

void start(TaskTy *Task, uint32_t Tid) {
  uint32_t Threads = mapping::numThreads(state::get());
  if (Task->Owner == AnyThread &&
      hw::loadRelaxed<hw::BlockScope>(&TeamTasks.Queued) <
          QueuedPerThread * Threads)
    return pushReady(Task);
  run(Task, Tid);
}

void makeReady(TaskTy *Task) { pushReady(Task); }

// Out of line, as the other slow paths of waits (Tasking.cpp): every wait
// and task site would otherwise hold a copy of running and completing a task.
[[gnu::noinline]] void run(TaskTy *Task, uint32_t Tid) {
  OMPGPU_ASSERT(Task->Kind == ExplicitTask, nullptr,
                "the runtime runs a task that is not an explicit task");
  TaskTy *Outer = swapCurrentTask(Tid, Task);
  Task->Task.Routine(int32_t(mapping::threadNum(Tid, state::get())),
                     &Task->Task);
  swapCurrentTask(Tid, Outer);
  finishBody(Task, Tid);
}

void finishBody(TaskTy *Task, uint32_t Tid) {
  if (Task->Flags & OMPGPU_TASK_DESTRUCTORS)
    Task->Task.Destructors(int32_t(mapping::threadNum(Tid, state::get())),
                           &Task->Task);
  dropDependenceTable(Task);
  dropCompletionRef(Task);
}

void dropCompletionRef(TaskTy *Task) {
  if (hw::dropLastOf<hw::BlockScope>(&Task->CompletionRefs))
    complete(Task);
}

// A new reference is made from one the caller holds: it orders nothing.
void retain(TaskTy *Task) {
  hw::fetchAddRelaxed<hw::BlockScope>(&Task->RefCount, 1u);
}

void release(TaskTy *Task) {
  if (hw::dropLastOf<hw::BlockScope>(&Task->RefCount))
    freeRecord(Task);
}

bool isComplete(TaskTy *Task) { return successorsClosed(Task); }

[[gnu::noinline]] bool runOneReady(TaskTy *Waiting, uint32_t Tid, uint8_t Level,
                                   QueueCursorTy &Cursor) {
  TaskTy *Task = popReady(Waiting, Tid, Level, Cursor);
  if (!Task)
    return false;
  run(Task, Tid);
  return true;
}

void initTeam() {
  TeamTasks.Incomplete = 0;
  TeamTasks.Arrived = 0;
  TeamTasks.Generation = 0;
  TeamTasks.Ended = 0;
  TeamTasks.QueueLock = 0;
  TeamTasks.Queued = 0;
  TeamTasks.Pushes = 0;
  TeamTasks.Head = nullptr;
  TeamTasks.Tail = nullptr;
  TeamTasks.Current = nullptr;
  pool::initTeam();
  initTeamReductions();
}

void teamBarrier(uint8_t State) {
  uint32_t Tid = hw::threadId();
  if (state::innermostIsActive(State))
    return activeTeamBarrier(Tid, State, mapping::activeTeamSize(State));
  serialTeamBarrier(Tid, State);
  hw::fenceDevice();
}

void endActiveRegion(uint32_t Tid, uint32_t Threads, uint8_t State) {
  activeTeamBarrier(Tid, State, Threads);
  popImplicitTask(Tid, State);
}

void endSerializedRegion(uint32_t Tid, uint8_t State) {
  serialTeamBarrier(Tid, State);
  popImplicitTask(Tid, State);
}

void endKernel(uint32_t Tid, uint8_t State) {
  endSerializedRegion(Tid, State);
  if (!state::isSPMD(State) ||
      hw::fetchAddAcqRel<hw::BlockScope>(&TeamTasks.Ended, 1u) + 1 ==
          hw::blockDim())
    pool::finishTeam();
}

} // namespace tasks
} // namespace ompgpu
