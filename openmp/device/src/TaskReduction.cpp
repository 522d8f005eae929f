//===- TaskReduction.cpp - Reductions over tasks --------------------------===//
//
// The reduction entry points of TaskReduction.h. A taskgroup's items are
// ReductionItemTy records (TaskRecords.h) whose per-thread copies are indexed
// by hardware thread number; the team-shared copies of the task modifier live
// in a record per construct kind (parallel, worksharing) that the first
// thread of the team to arrive makes and every thread's taskgroup points to.
//
// The entry points stay out of line, as those of Tasking.cpp.
//
//===----------------------------------------------------------------------===//

#include "TaskReduction.h"
#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "Mapping.h"
#include "State.h"
#include "TaskPool.h"
#include "TaskScheduler.h"
#include "Tasking.h"

using namespace ompgpu;
using namespace ompgpu::tasks;

namespace {

/// One reduction item as clang-22 passes it (kmp_taskred_input_t).
struct ReductionInputTy {
  void *Shared;
  void *Original;
  uint64_t Bytes;
  void *Init;
  void *Fini;
  void *Combine;
  uint32_t Flags;
};

/// The copies a team shares for one task-modifier reduction: NumItems
/// arrays of one copy pointer per hardware thread.
struct TeamReductionTy {
  uint32_t NumItems;
  void ***Copies;
};

/// Per construct kind (parallel, worksharing): the team's shared copies,
/// or null, or busy() while a thread makes them.
struct TeamReductionSlotsTy {
  TeamReductionTy *ByKind[2];
};
[[clang::loader_uninitialized]] __attribute__((address_space(3)))
TeamReductionSlotsTy TeamReductions;

TeamReductionTy *busy() { return reinterpret_cast<TeamReductionTy *>(1); }

void **newCopyArray() {
  return static_cast<void **>(pool::allocate(hw::blockDim() * sizeof(void *)));
}

/// Gives Group the items Inputs, with copy arrays Copies (one per item),
/// or new ones where Copies is null.
void addItems(TaskgroupTy *Group, const ReductionInputTy *Inputs,
              uint32_t NumItems, void ***Copies) {
  auto *Items = static_cast<ReductionItemTy *>(
      pool::allocate(NumItems * sizeof(ReductionItemTy)));
  for (uint32_t I = 0; I < NumItems; ++I) {
    const ReductionInputTy &Input = Inputs[I];
    ReductionItemTy &Item = Items[I];
    Item.Shared = Input.Shared;
    Item.Original = Input.Original ? Input.Original : Input.Shared;
    Item.Bytes = Input.Bytes;
    Item.Init = reinterpret_cast<void (*)(void *, void *)>(Input.Init);
    Item.Fini = reinterpret_cast<void (*)(void *)>(Input.Fini);
    Item.Combine = reinterpret_cast<void (*)(void *, void *)>(Input.Combine);
    Item.Copies = Copies ? Copies[I] : newCopyArray();
  }
  Group->Items = Items;
  Group->NumItems = NumItems;
}

/// Whether Address lies in the Bytes at Begin; if so, Offset says where.
bool contains(void *Begin, uint64_t Bytes, char *Address, uint64_t &Offset) {
  char *First = static_cast<char *>(Begin);
  if (!First || Address < First || Address >= First + Bytes)
    return false;
  Offset = uint64_t(Address - First);
  return true;
}

/// Thread Tid's copy of Item, made now if the thread has none yet.
void *copyOf(ReductionItemTy &Item, uint32_t Tid) {
  void *&Copy = Item.Copies[Tid];
  if (!Copy) {
    Copy = pool::allocate(Item.Bytes);
    if (Item.Init)
      Item.Init(Copy, Item.Original);
  }
  return Copy;
}

/// Combines thread Tid's copy of Item, if it made one, into Item's
/// variable, and frees it.
void combineCopy(ReductionItemTy &Item, uint32_t Tid) {
  void *Copy = Item.Copies[Tid];
  if (!Copy)
    return;
  Item.Combine(Item.Shared, Copy);
  if (Item.Fini)
    Item.Fini(Copy);
  pool::release(Copy);
  Item.Copies[Tid] = nullptr;
}

/// Begins a taskgroup of the calling thread's current task.
TaskgroupTy *beginTaskgroup() {
  __kmpc_taskgroup(nullptr, 0);
  return currentTask(hw::threadId(), state::get())->Taskgroup;
}

/// The team-shared copies of the task-modifier reduction of construct kind
/// Kind with NumItems items, made by the first thread to arrive.
TeamReductionTy *teamReduction(int32_t Kind, uint32_t NumItems) {
  TeamReductionTy *Team = nullptr;
  if (hw::casRelaxedOrLoadAcquire<hw::BlockScope>(&TeamReductions.ByKind[Kind],
                                                  Team, busy())) {
    Team =
        static_cast<TeamReductionTy *>(pool::allocate(sizeof(TeamReductionTy)));
    Team->NumItems = NumItems;
    Team->Copies =
        static_cast<void ***>(pool::allocate(NumItems * sizeof(void **)));
    for (uint32_t I = 0; I < NumItems; ++I)
      Team->Copies[I] = newCopyArray();
    hw::publishRelease(&TeamReductions.ByKind[Kind], Team);
    return Team;
  }
  hw::spinUntil([&] {
    Team = hw::loadAcquire<hw::BlockScope>(&TeamReductions.ByKind[Kind]);
    return Team != busy();
  });
  OMPGPU_CHECK(Team && Team->NumItems == NumItems, nullptr,
               "the threads of a team begin different task reductions");
  return Team;
}

} // namespace

namespace ompgpu {
namespace tasks {

void initTeamReductions() {
  TeamReductions.ByKind[0] = nullptr;
  TeamReductions.ByKind[1] = nullptr;
}

void finishReductions(TaskgroupTy *Group) {
  for (uint32_t I = 0; I < Group->NumItems; ++I) {
    ReductionItemTy &Item = Group->Items[I];
    for (uint32_t Thread = 0; Thread < hw::blockDim(); ++Thread)
      combineCopy(Item, Thread);
    pool::release(Item.Copies);
  }
  if (Group->Items)
    pool::release(Group->Items);
}

} // namespace tasks
} // namespace ompgpu

extern "C" {

[[gnu::noinline]] void *__kmpc_taskred_init(int32_t, int32_t NumItems,
                                            void *Data) {
  if (!programCreatesTasks())
    return nullptr;
  TaskgroupTy *Group = currentTask(hw::threadId(), state::get())->Taskgroup;
  OMPGPU_CHECK(Group && !Group->Items, nullptr,
               "a task reduction begins outside a taskgroup");
  addItems(Group, static_cast<const ReductionInputTy *>(Data),
           uint32_t(NumItems), nullptr);
  return Group;
}

[[gnu::noinline]] void *__kmpc_task_reduction_get_th_data(int32_t, void *Handle,
                                                          void *Item) {
  uint32_t Tid = hw::threadId();
  auto *Group = static_cast<TaskgroupTy *>(Handle);
  if (!Group)
    Group = currentTask(Tid, state::get())->Taskgroup;
  char *Address = static_cast<char *>(Item);
  for (; Group; Group = Group->Outer) {
    for (uint32_t I = 0; I < Group->NumItems; ++I) {
      ReductionItemTy &Candidate = Group->Items[I];
      // An element of an array item maps to the same element of the copy.
      if (uint64_t Offset;
          contains(Candidate.Shared, Candidate.Bytes, Address, Offset))
        return static_cast<char *>(copyOf(Candidate, Tid)) + Offset;
      // A task nested in a participating task names the item by that
      // task's copy, which may be another thread's.
      for (uint32_t Thread = 0; Thread < hw::blockDim(); ++Thread)
        if (uint64_t Offset; contains(Candidate.Copies[Thread], Candidate.Bytes,
                                      Address, Offset))
          return static_cast<char *>(copyOf(Candidate, Tid)) + Offset;
    }
  }
  fatal(nullptr, "a task takes part in a reduction of a variable that no "
                 "enclosing taskgroup reduces");
}

[[gnu::noinline]] void *__kmpc_taskred_modifier_init(ident_t *, int32_t,
                                                     int32_t IsWorksharing,
                                                     int32_t NumItems,
                                                     void *Data) {
  if (!programCreatesTasks())
    return nullptr;
  auto *Inputs = static_cast<const ReductionInputTy *>(Data);
  TaskgroupTy *Group = beginTaskgroup();
  uint8_t State = state::get();
  if (!state::innermostIsActive(State)) {
    addItems(Group, Inputs, uint32_t(NumItems), nullptr);
    return Group;
  }
  TeamReductionTy *Team = teamReduction(IsWorksharing != 0, uint32_t(NumItems));
  addItems(Group, Inputs, uint32_t(NumItems), Team->Copies);
  return Group;
}

[[gnu::noinline]] void
__kmpc_task_reduction_modifier_fini(ident_t *Loc, int32_t,
                                    int32_t IsWorksharing) {
  if (!programCreatesTasks())
    return;
  uint8_t State = state::get();
  if (!state::innermostIsActive(State))
    return __kmpc_end_taskgroup(Loc, 0);
  uint32_t Tid = hw::threadId();
  TaskTy *Task = currentTask(Tid, State);
  TaskgroupTy *Group = Task->Taskgroup;
  TeamReductionTy *Team = hw::loadRelaxed<hw::BlockScope>(
      &TeamReductions.ByKind[IsWorksharing != 0]);
  // Every task of the team has completed after this barrier, and every
  // thread has taken the shared copies: the next construct makes new ones.
  tasks::teamBarrier(State);
  if (mapping::threadNum(Tid, State) == 0)
    hw::publish(&TeamReductions.ByKind[IsWorksharing != 0],
                static_cast<TeamReductionTy *>(nullptr));
  for (uint32_t I = 0; I < Group->NumItems; ++I)
    combineCopy(Group->Items[I], Tid);
  // Nobody reads the shared copies after this barrier.
  tasks::teamBarrier(State);
  if (mapping::threadNum(Tid, State) == 0) {
    for (uint32_t I = 0; I < Team->NumItems; ++I)
      pool::release(Team->Copies[I]);
    pool::release(Team->Copies);
    pool::release(Team);
  }
  pool::release(Group->Items);
  Task->Taskgroup = Group->Outer;
  pool::release(Group);
}
}
