//===- TaskDependences.cpp - depend clauses between sibling tasks ---------===//
//
// The table of addresses and the successor lists of TaskDependences.h. The
// table is a hash table of entries chained per bucket, doubled when it holds
// twice as many entries as buckets. Its lists hold a memory reference to
// each task they name, so that a task the table still names is never freed;
// completed tasks are dropped from a list whenever a task joins it.
//
//===----------------------------------------------------------------------===//

#include "TaskDependences.h"
#include "Debug.h"
#include "Hardware.h"
#include "TaskPool.h"
#include "TaskScheduler.h"

using namespace ompgpu;
using namespace ompgpu::tasks;

namespace ompgpu {
namespace tasks {

/// A task waiting for the task whose list holds this.
struct SuccessorTy {
  TaskTy *Task;
  SuccessorTy *Next;
};

} // namespace tasks
} // namespace ompgpu

namespace {

/// What a completed task's list of successors holds: no task can be added.
[[gnu::const]] SuccessorTy *closedList() {
  return reinterpret_cast<SuccessorTy *>(1);
}

/// A list of tasks the table names, with a reference to each.
struct TaskListTy {
  TaskTy *Task;
  TaskListTy *Next;
};

struct AddressEntryTy {
  intptr_t Address;
  AddressEntryTy *Next;
  /// The last out, inout or mutexinoutset task, or the tasks of the last
  /// inoutset run.
  TaskListTy *Writers;
  /// The in tasks since those writers.
  TaskListTy *Readers;
  /// What the members of an inoutset run wait for: the writers and readers
  /// before the run.
  TaskListTy *RunPredecessors;
  bool WritersAreInoutset;
};

} // namespace

namespace ompgpu {
namespace tasks {

struct DependenceTableTy {
  uint32_t NumBuckets;
  uint32_t NumEntries;
  AddressEntryTy **Buckets;
  /// The last task with a dependence on omp_all_memory, which every later
  /// task with a dependence waits for.
  TaskListTy *AllMemory;
};

} // namespace tasks
} // namespace ompgpu

namespace {

constexpr uint32_t InitialBuckets = 16;

void push(TaskListTy *&List, TaskTy *Task) {
  auto *Node = static_cast<TaskListTy *>(pool::allocate(sizeof(TaskListTy)));
  retain(Task);
  Node->Task = Task;
  Node->Next = List;
  List = Node;
}

void clear(TaskListTy *&List) {
  while (TaskListTy *Node = List) {
    List = Node->Next;
    release(Node->Task);
    pool::release(Node);
  }
}

/// Drops the tasks that have completed: nothing waits for them any more.
void pruneCompleted(TaskListTy *&List) {
  for (TaskListTy **Link = &List; *Link;) {
    TaskListTy *Node = *Link;
    if (!successorsClosed(Node->Task)) {
      Link = &Node->Next;
      continue;
    }
    *Link = Node->Next;
    release(Node->Task);
    pool::release(Node);
  }
}

/// Moves the nodes of From to the front of Into.
void splice(TaskListTy *&Into, TaskListTy *&From) {
  while (TaskListTy *Node = From) {
    From = Node->Next;
    Node->Next = Into;
    Into = Node;
  }
}

/// Makes Successor wait for Predecessor, unless it has completed already.
void addEdge(TaskTy *Predecessor, TaskTy *Successor) {
  if (Predecessor == Successor)
    return;
  SuccessorTy *Head = hw::loadAcquire<hw::BlockScope>(&Predecessor->Successors);
  if (Head == closedList())
    return;
  auto *Edge = static_cast<SuccessorTy *>(pool::allocate(sizeof(SuccessorTy)));
  Edge->Task = Successor;
  // Counted before the edge is visible to the completing predecessor; the
  // creator's guard keeps the count from reaching zero meanwhile.
  hw::fetchAddAcqRel<hw::BlockScope>(&Successor->PendingPredecessors, 1u);
  for (;;) {
    if (Head == closedList()) {
      hw::fetchAddAcqRel<hw::BlockScope>(&Successor->PendingPredecessors, ~0u);
      pool::release(Edge);
      return;
    }
    Edge->Next = Head;
    if (hw::casAcqRel<hw::BlockScope>(&Predecessor->Successors, Head, Edge))
      return;
  }
}

template <typename FnT> void forEach(TaskListTy *List, FnT Fn) {
  for (TaskListTy *Node = List; Node; Node = Node->Next)
    Fn(Node->Task);
}

uint32_t bucketOf(intptr_t Address, uint32_t NumBuckets) {
  uint64_t Hash = uint64_t(Address) * 0x9e3779b97f4a7c15ull;
  return uint32_t(Hash >> 32) & (NumBuckets - 1);
}

DependenceTableTy *tableOf(TaskTy *Parent) {
  if (!Parent->Dependences) {
    auto *Table = static_cast<DependenceTableTy *>(
        pool::allocate(sizeof(DependenceTableTy)));
    Table->NumBuckets = InitialBuckets;
    Table->Buckets = static_cast<AddressEntryTy **>(
        pool::allocate(InitialBuckets * sizeof(AddressEntryTy *)));
    Parent->Dependences = Table;
  }
  return Parent->Dependences;
}

void grow(DependenceTableTy *Table) {
  uint32_t NumBuckets = Table->NumBuckets * 2;
  auto **Buckets = static_cast<AddressEntryTy **>(
      pool::allocate(NumBuckets * sizeof(AddressEntryTy *)));
  for (uint32_t I = 0; I < Table->NumBuckets; ++I) {
    while (AddressEntryTy *Entry = Table->Buckets[I]) {
      Table->Buckets[I] = Entry->Next;
      AddressEntryTy *&Bucket = Buckets[bucketOf(Entry->Address, NumBuckets)];
      Entry->Next = Bucket;
      Bucket = Entry;
    }
  }
  pool::release(Table->Buckets);
  Table->Buckets = Buckets;
  Table->NumBuckets = NumBuckets;
}

AddressEntryTy *find(DependenceTableTy *Table, intptr_t Address) {
  for (AddressEntryTy *Entry =
           Table->Buckets[bucketOf(Address, Table->NumBuckets)];
       Entry; Entry = Entry->Next)
    if (Entry->Address == Address)
      return Entry;
  return nullptr;
}

AddressEntryTy *findOrAdd(DependenceTableTy *Table, intptr_t Address) {
  if (AddressEntryTy *Entry = find(Table, Address))
    return Entry;
  if (Table->NumEntries >= 2 * Table->NumBuckets)
    grow(Table);
  auto *Entry =
      static_cast<AddressEntryTy *>(pool::allocate(sizeof(AddressEntryTy)));
  Entry->Address = Address;
  AddressEntryTy *&Bucket =
      Table->Buckets[bucketOf(Address, Table->NumBuckets)];
  Entry->Next = Bucket;
  Bucket = Entry;
  ++Table->NumEntries;
  return Entry;
}

template <typename FnT> void forEachEntry(DependenceTableTy *Table, FnT Fn) {
  for (uint32_t I = 0; I < Table->NumBuckets; ++I)
    for (AddressEntryTy *Entry = Table->Buckets[I]; Entry; Entry = Entry->Next)
      Fn(Entry);
}

void clearEntry(AddressEntryTy *Entry) {
  clear(Entry->Writers);
  clear(Entry->Readers);
  clear(Entry->RunPredecessors);
  Entry->WritersAreInoutset = false;
}

/// Whether a task with dependence Flags on an address joins the inoutset
/// run of its entry instead of starting a new group of writers.
bool joinsRun(const AddressEntryTy *Entry, uint8_t Flags) {
  return (Flags & DependInoutset) && Entry->WritersAreInoutset &&
         !Entry->Readers;
}

bool isRead(uint8_t Flags) { return Flags == DependIn; }

/// Calls Fn on every earlier sibling that a task with dependence Flags on
/// Entry's address waits for.
template <typename FnT>
void forEachPredecessor(const AddressEntryTy *Entry, uint8_t Flags, FnT Fn) {
  if (joinsRun(Entry, Flags)) {
    forEach(Entry->RunPredecessors, Fn);
    return;
  }
  forEach(Entry->Writers, Fn);
  if (!isRead(Flags))
    forEach(Entry->Readers, Fn);
}

/// Task becomes the newest task with dependence Flags on Entry's address.
void record(AddressEntryTy *Entry, TaskTy *Task, uint8_t Flags) {
  if (isRead(Flags)) {
    pruneCompleted(Entry->Readers);
    push(Entry->Readers, Task);
    return;
  }
  if (joinsRun(Entry, Flags)) {
    pruneCompleted(Entry->Writers);
    push(Entry->Writers, Task);
    return;
  }
  // A new group of writers: for an inoutset run, what it follows is what
  // its later members wait for.
  clear(Entry->RunPredecessors);
  Entry->WritersAreInoutset = Flags & DependInoutset;
  if (Entry->WritersAreInoutset) {
    splice(Entry->RunPredecessors, Entry->Writers);
    splice(Entry->RunPredecessors, Entry->Readers);
    pruneCompleted(Entry->RunPredecessors);
  }
  clear(Entry->Writers);
  clear(Entry->Readers);
  push(Entry->Writers, Task);
}

/// Calls Fn on every earlier sibling that a task with Deps waits for, in
/// Table (and on none twice for one dependence).
template <typename FnT>
void forEachPredecessorOf(DependenceTableTy *Table, const DependInfoTy *Deps,
                          uint32_t NumDeps, FnT Fn) {
  forEach(Table->AllMemory, Fn);
  for (uint32_t I = 0; I < NumDeps; ++I) {
    if (Deps[I].Flags & DependAllMemory) {
      forEachEntry(Table, [&](AddressEntryTy *Entry) {
        forEachPredecessor(Entry, DependOut, Fn);
      });
      continue;
    }
    if (AddressEntryTy *Entry = find(Table, Deps[I].Address))
      forEachPredecessor(Entry, Deps[I].Flags, Fn);
  }
}

} // namespace

namespace ompgpu {
namespace tasks {

void addDependences(TaskTy *Parent, TaskTy *Task, const DependInfoTy *Deps,
                    uint32_t NumDeps) {
  DependenceTableTy *Table = tableOf(Parent);
  forEachPredecessorOf(Table, Deps, NumDeps, [&](TaskTy *Predecessor) {
    addEdge(Predecessor, Task);
  });
  for (uint32_t I = 0; I < NumDeps; ++I) {
    if (Deps[I].Flags & DependAllMemory) {
      // Every later task with a dependence waits for this one, which waits
      // for every earlier one: the earlier ones need no more tracking.
      forEachEntry(Table, clearEntry);
      clear(Table->AllMemory);
      push(Table->AllMemory, Task);
      continue;
    }
    record(findOrAdd(Table, Deps[I].Address), Task, Deps[I].Flags);
  }
}

void waitForDependences(TaskTy *Parent, const DependInfoTy *Deps,
                        uint32_t NumDeps, uint32_t Tid, uint8_t Level) {
  DependenceTableTy *Table = Parent->Dependences;
  if (!Table)
    return;
  // Only this thread changes the table, and it is busy waiting here: the
  // lists stay as they are, and keep the tasks they name.
  forEachPredecessorOf(Table, Deps, NumDeps, [&](TaskTy *Predecessor) {
    waitIn(Parent, Tid, Level, [&] { return successorsClosed(Predecessor); });
  });
}

// The caller (complete) has released the task's writes with a fence.
void releaseSuccessors(TaskTy *Task) {
  SuccessorTy *List =
      hw::exchangeRelaxed<hw::BlockScope>(&Task->Successors, closedList());
  OMPGPU_ASSERT(List != closedList(), nullptr, "a task completed twice");
  // Acquires the edges the successors' creators linked in (with release).
  if (List)
    hw::fence<hw::BlockScope>();
  while (SuccessorTy *Edge = List) {
    List = Edge->Next;
    TaskTy *Successor = Edge->Task;
    pool::release(Edge);
    if (hw::dropLastOf<hw::BlockScope>(&Successor->PendingPredecessors))
      makeReady(Successor);
  }
}

bool successorsClosed(TaskTy *Task) {
  return hw::loadAcquire<hw::BlockScope>(&Task->Successors) == closedList();
}

void dropDependenceTable(TaskTy *Parent) {
  DependenceTableTy *Table = Parent->Dependences;
  if (!Table)
    return;
  Parent->Dependences = nullptr;
  for (uint32_t I = 0; I < Table->NumBuckets; ++I) {
    while (AddressEntryTy *Entry = Table->Buckets[I]) {
      Table->Buckets[I] = Entry->Next;
      clearEntry(Entry);
      pool::release(Entry);
    }
  }
  clear(Table->AllMemory);
  pool::release(Table->Buckets);
  pool::release(Table);
}

} // namespace tasks
} // namespace ompgpu
