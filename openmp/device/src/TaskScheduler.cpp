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

/// Appends the Count tasks linked from First through NextReady (the last's
/// NextReady null) to the ready queue.
void pushReadyChain(TaskTy *First, uint32_t Count) {
  lockQueue();
  TaskTy *Previous = TeamTasks.Tail;
  if (Previous)
    Previous->NextReady = First;
  else
    hw::publish(&TeamTasks.Head, First);
  for (TaskTy *Task = First; Task; Task = Task->NextReady) {
    Task->PrevReady = Previous;
    Previous = Task;
  }
  hw::publish(&TeamTasks.Tail, Previous);
  hw::publish(&TeamTasks.Queued, TeamTasks.Queued + Count);
  hw::publish(&TeamTasks.Pushes, TeamTasks.Pushes + Count);
  unlockQueue();
}

void pushReady(TaskTy *Task) {
  Task->NextReady = nullptr;
  pushReadyChain(Task, 1);
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
/// barrier), may run the queued task Task; with OwnOnly, whether Task is one
/// only Tid may run.
bool mayRun(TaskTy *Task, TaskTy *Waiting, uint32_t Tid, uint8_t Level,
            bool OwnOnly) {
  if (Task->Owner != Tid && (OwnOnly || Task->Owner != AnyThread))
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
/// nothing for it. With OwnOnly, only tasks no other thread may run.
TaskTy *popReady(TaskTy *Waiting, uint32_t Tid, uint8_t Level,
                 QueueCursorTy &Cursor, bool OwnOnly = false) {
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
  while (Task && !mayRun(Task, Waiting, Tid, Level, OwnOnly))
    Task = Waiting ? Task->PrevReady : Task->NextReady;
  if (Task)
    unlinkReady(Task);
  else
    Cursor.FruitlessAtPushes = TeamTasks.Pushes;
  unlockQueue();
  return Task;
}

/// Takes out of the ready queue up to Count tasks that any thread at level
/// Level may run, oldest first, chained through NextReady from First;
/// returns how many. It waits for the queue's lock, unlike a thread's own
/// look (popReady): only a leader per warp waits for it, and a leader that
/// left a busy lock left its warp idle for a round; task creation by a whole
/// team, whose tiny tasks the region's end drains, ran 2.6x slower so.
uint32_t takeAnyThreadTasks(uint8_t Level, uint32_t Count, TaskTy *&First) {
  First = nullptr;
  if (!hw::loadRelaxed<hw::BlockScope>(&TeamTasks.Queued))
    return 0;
  lockQueue();
  uint32_t Taken = 0;
  TaskTy *Last = nullptr;
  for (TaskTy *Task = TeamTasks.Head; Task && Taken < Count;) {
    TaskTy *Next = Task->NextReady;
    if (Task->Owner == AnyThread && Task->Level == Level) {
      unlinkReady(Task);
      Task->NextReady = nullptr;
      (Last ? Last->NextReady : First) = Task;
      Last = Task;
      ++Taken;
    }
    Task = Next;
  }
  unlockQueue();
  return Taken;
}

/// A queued task for thread Tid, lane Lane of Group, the lanes of its warp
/// waiting together at a team barrier of level Level; all of Group call
/// this, in their Round-th look. Their leader takes one task per lane in one
/// look at the queue and hands them out by shuffles, the first to the lane
/// whose turn the round makes it (where tasks come one at a time, they go
/// round the lanes). Only when the leader found none does each lane look for
/// tasks no other thread may run (one that took a shared task would run it
/// alone, the others of the warp waiting for it).
TaskTy *popReadyTogether(uint32_t Group, uint32_t Lane, uint32_t Tid,
                         uint8_t Level, uint32_t Round, QueueCursorTy &Cursor) {
  uint32_t Leader = hw::leaderOf(Group);
  uint32_t Size = uint32_t(__builtin_popcount(Group));
  TaskTy *Next = nullptr;
  uint32_t Count = 0;
  if (Lane == Leader)
    Count = takeAnyThreadTasks(Level, Size, Next);
  Count = hw::shuffle(Group, Count, Leader);
  uint32_t Rank = (hw::rankIn(Group, Lane) + Size - Round % Size) % Size;
  TaskTy *Mine = nullptr;
  for (uint32_t I = 0; I < Count; ++I) {
    auto *Task = reinterpret_cast<TaskTy *>(
        hw::shuffle(Group, reinterpret_cast<uint64_t>(Next), Leader));
    if (I == Rank)
      Mine = Task;
    if (Lane == Leader)
      Next = Next->NextReady;
  }
  if (Mine || Count)
    return Mine;
  return popReady(nullptr, Tid, Level, Cursor, /*OwnOnly=*/true);
}

/// The lanes of thread Tid's warp in a team of Threads threads (the team's
/// thread numbers are the hardware's).
uint32_t teamLanes(uint32_t Tid, uint32_t Threads) {
  uint32_t InWarp = Threads - (Tid & ~(WarpSize - 1));
  return InWarp >= WarpSize ? ~0u : (1u << InWarp) - 1;
}

/// Waits at a team barrier of level Level until Done() holds, running queued
/// tasks meanwhile. The lanes Group of a warp, all the team has in it, wait
/// together: they meet when they arrive, then each round take a task each
/// (popReadyTogether), run them side by side and meet again (__syncwarp),
/// and they leave together. Lanes that each took tasks on their own ran them
/// about one lane a warp: a lane that runs a task does not yield, and the
/// others of its warp, diverged in their own waits, hardly ran (a taskloop's
/// 1,024 chunks in a single ran on 12 threads of 256, H100). Done must stay
/// true once it holds.
template <typename DoneFn>
void waitAtBarrier(uint32_t Tid, uint8_t Level, uint32_t Group, DoneFn Done) {
  uint32_t Lane = Tid % WarpSize;
  hw::syncWarp(Group);
  QueueCursorTy Cursor;
  uint32_t Round = 0;
  // Every step's result is the group's vote, so its lanes sleep alike.
  hw::spinWhileWorking([&] {
    if (hw::all(Group, Done()))
      return hw::SpinStep::Done;
    TaskTy *Task = popReadyTogether(Group, Lane, Tid, Level, Round++, Cursor);
    if (Task)
      run(Task, Tid);
    hw::syncWarp(Group);
    return hw::any(Group, Task != nullptr) ? hw::SpinStep::DidWork
                                           : hw::SpinStep::Idle;
  });
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
  // The last to arrive releases the team once no task is left: with every
  // thread here, no task can be created but by a running task, and once
  // none is left, none ever will be before the release. It waits in the
  // same loop as the others, so that its warp's lanes stay together.
  bool Releases = Arrived == Threads;
  waitAtBarrier(Tid, Level, teamLanes(Tid, Threads), [&] {
    if (Releases &&
        hw::loadAcquire<hw::BlockScope>(&TeamTasks.Incomplete) == 0) {
      Releases = false;
      hw::publish(&TeamTasks.Arrived, 0u);
      hw::publishRelease(&TeamTasks.Generation, Generation + 1);
    }
    return hw::loadAcquire<hw::BlockScope>(&TeamTasks.Generation) != Generation;
  });
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

void startTogether(TaskTy *First, uint32_t Count, uint32_t Tid) {
  uint32_t Threads = mapping::numThreads(state::get());
  if (hw::loadRelaxed<hw::BlockScope>(&TeamTasks.Queued) + Count >
      QueuedPerThread * Threads) {
    for (TaskTy *Task = First; Task;) {
      TaskTy *Next = Task->NextReady;
      start(Task, Tid);
      Task = Next;
    }
    return;
  }
  pushReadyChain(First, Count);
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
