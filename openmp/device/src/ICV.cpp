//===- ICV.cpp - Internal control variables -------------------------------===//
//
// The OpenMP routines that read and set internal control variables (ICVs),
// and the thread-specific ICV records behind them. The main thread of a
// generic kernel sets the team's values in its sequential part; every other
// task that sets one gets a record, created on demand and released with its
// region (the design is in ICV.h).
//
//===----------------------------------------------------------------------===//

#include "ICV.h"
#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "Mapping.h"
#include "State.h"

using namespace ompgpu;

namespace {

/// The ICVs of one task, and the nesting level of the region it belongs to.
struct ICVRecord {
  /// The thread's record of an enclosing level, or null.
  ICVRecord *Outer;
  /// 0 while unset: regions get the thread limit.
  int32_t NThreads;
  int32_t SchedKind;
  int32_t SchedChunk;
  uint8_t MaxActiveLevels;
  uint8_t Level;
};

/// The per-team table of ICV records (ICV.h). Its fields other than Tag are
/// valid only once Tag holds the block's tag.
struct ICVTableTy {
  uint64_t Tag;
  /// Spin lock that guards Users and Slots.
  uint32_t Lock;
  /// Threads that hold records.
  uint32_t Users;
  /// The innermost record of each thread of the block, or null while no
  /// thread holds one. Slot Tid is only accessed by thread Tid, and only
  /// while it holds records.
  ICVRecord **Slots;
};

[[clang::loader_uninitialized]] __attribute__((address_space(3)))
ICVTableTy ICVTable;

/// Makes sure the table header belongs to this block: the first thread to
/// get here claims it, the others wait until it is initialized.
void claimTable() {
  // The header's words are written with hw::publish, for racecheck.
  state::claimForBlock(&ICVTable.Tag, [] {
    hw::publish(&ICVTable.Lock, 0);
    hw::publish(&ICVTable.Users, 0);
    hw::publish(&ICVTable.Slots, nullptr);
  });
}

void lockTable() {
  hw::spinUntil<64, 64>(
      [] { return hw::casAcquire<hw::BlockScope>(&ICVTable.Lock, 0u, 1u); });
}

void unlockTable() { hw::publishRelease(&ICVTable.Lock, 0u); }

/// True where a per-task ICV is the team's: the main thread of a generic
/// kernel outside any parallel region.
bool inSequentialPart(uint32_t Tid, uint8_t State) {
  return state::isGenericMain(Tid, State) && state::level(State) == 0;
}

/// The ICVs of a task whose thread holds no record: what the main thread of
/// a generic kernel set in its sequential part, or the initial values.
ICVRecord teamValues(uint8_t State) {
  ICVRecord Values = {nullptr, 0, OmpSchedStatic, 0, 1, 0};
  if (!state::isSPMD(State)) {
    Values.NThreads = state::TeamState.NThreadsVar;
    Values.SchedKind = state::TeamState.RunSchedKind;
    Values.SchedChunk = state::TeamState.RunSchedChunk;
    Values.MaxActiveLevels = state::TeamState.MaxActiveLevels;
  }
  return Values;
}

/// The innermost record of thread Tid, which holds records.
ICVRecord *innermostRecord(uint32_t Tid) {
  OMPGPU_CHECK(hw::loadRelaxed<hw::BlockScope>(&ICVTable.Tag) ==
                   state::blockTag(),
               nullptr,
               "the ICV table of a thread that holds records is another "
               "block's");
  ICVRecord *Record = ICVTable.Slots[Tid];
  OMPGPU_ASSERT(Record != nullptr, nullptr,
                "a thread marked as holding ICV records has none");
  return Record;
}

/// The calling task's ICVs: its own record, the one it inherited from an
/// enclosing level of its thread, or the team's.
ICVRecord currentValues(uint32_t Tid, uint8_t State) {
  if (state::hasICVs(State))
    return *innermostRecord(Tid);
  return teamValues(State);
}

/// The record of the calling task, created on its first call with a copy of
/// the values it inherited. Out of line: the setters are rare, and each would
/// otherwise carry the table's claim and lock code into the kernel. The
/// caller marks its state as holding records (ICV.h).
[[gnu::noinline]] ICVRecord *ownRecord(uint32_t Tid, uint8_t State) {
  uint8_t Level = state::level(State);
  ICVRecord Values;
  if (state::hasICVs(State)) {
    ICVRecord *Innermost = innermostRecord(Tid);
    OMPGPU_CHECK(Innermost->Level <= Level, nullptr,
                 "an ICV record outlived its parallel region");
    if (Innermost->Level == Level)
      return Innermost;
    Values = *Innermost;
    Values.Outer = Innermost;
  } else {
    Values = teamValues(State);
    claimTable();
    lockTable();
    if (!ICVTable.Slots)
      hw::publish(&ICVTable.Slots, static_cast<ICVRecord **>(malloc(
                                       hw::blockDim() * sizeof(ICVRecord *))));
    bool HaveSlots = ICVTable.Slots;
    hw::publish(&ICVTable.Users, ICVTable.Users + HaveSlots);
    unlockTable();
    if (!HaveSlots)
      fatal(nullptr, "out of device heap memory for thread-specific ICVs");
  }
  auto *Record = static_cast<ICVRecord *>(malloc(sizeof(ICVRecord)));
  if (!Record)
    fatal(nullptr, "out of device heap memory for thread-specific ICVs");
  *Record = Values;
  Record->Level = Level;
  ICVTable.Slots[Tid] = Record;
  return Record;
}

/// ownRecord for a setter, which then holds records.
ICVRecord *recordToSet(uint32_t Tid, uint8_t State) {
  ICVRecord *Record = ownRecord(Tid, State);
  state::set(State | state::ICVBit);
  return Record;
}

} // namespace

namespace ompgpu {
namespace icv {

bool releaseFrom(uint32_t Tid, uint32_t FirstLevel) {
  ICVRecord *Record = innermostRecord(Tid);
  while (Record && Record->Level >= FirstLevel) {
    ICVRecord *Outer = Record->Outer;
    free(Record);
    Record = Outer;
  }
  if (Record) {
    ICVTable.Slots[Tid] = Record;
    return true;
  }
  lockTable();
  OMPGPU_ASSERT(ICVTable.Users > 0, nullptr,
                "more threads released ICV records than held them");
  uint32_t Users = ICVTable.Users - 1;
  hw::publish(&ICVTable.Users, Users);
  if (Users == 0) {
    free(ICVTable.Slots);
    hw::publish(&ICVTable.Slots, nullptr);
  }
  unlockTable();
  return false;
}

void applySPMDRecord(uint32_t Tid, int32_t &IfExpr, int32_t &NumThreads) {
  const ICVRecord &Record = *innermostRecord(Tid);
  OMPGPU_ASSERT(Record.Level == 0, nullptr,
                "an SPMD thread outside any region holds the ICV record of a "
                "region");
  if (Record.MaxActiveLevels == 0)
    IfExpr = 0;
  if (NumThreads <= 0 && Record.NThreads > 0)
    NumThreads = Record.NThreads;
}

} // namespace icv
} // namespace ompgpu

extern "C" {

void omp_set_num_threads(int NumThreads) {
  // The specification leaves other values to the implementation. Release:
  // ignore values that are not a thread count.
  OMPGPU_CHECK(NumThreads > 0, nullptr,
               "omp_set_num_threads: the number of threads is not positive");
  if (NumThreads <= 0)
    return;
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  if (inSequentialPart(Tid, State))
    state::TeamState.NThreadsVar = NumThreads;
  else
    recordToSet(Tid, State)->NThreads = NumThreads;
}

int omp_get_max_threads() {
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  uint32_t Max = mapping::maxTeamThreads(State);
  if (state::isSPMD(State) && !state::hasICVs(State))
    return Max;
  int32_t Requested = currentValues(Tid, State).NThreads;
  return Requested > 0 && uint32_t(Requested) < Max ? Requested : Max;
}

// The runtime never adjusts team sizes dynamically; the OpenMP specification
// says dyn-var then stays false whatever the program sets.
void omp_set_dynamic(int) {}
int omp_get_dynamic() { return 0; }

// Nested regions are always serialized.
int omp_get_nested() { return 0; }

void omp_set_max_active_levels(int Levels) {
  // Release: a negative count is ignored.
  OMPGPU_CHECK(Levels >= 0, nullptr,
               "omp_set_max_active_levels: the number of levels is negative");
  if (Levels < 0)
    return;
  // One active level is all the runtime supports; larger requests are capped
  // at it, as the specification prescribes.
  uint8_t Value = Levels > 0 ? 1 : 0;
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  if (inSequentialPart(Tid, State))
    state::TeamState.MaxActiveLevels = Value;
  else
    recordToSet(Tid, State)->MaxActiveLevels = Value;
}

int omp_get_max_active_levels() {
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  return currentValues(Tid, State).MaxActiveLevels;
}

void omp_set_schedule(int Kind, int Chunk) {
  // Release: any kind is stored, and omp_get_schedule returns it.
  OMPGPU_CHECK(isOmpSchedKind(Kind), nullptr,
               "omp_set_schedule: the kind is none of omp_sched_t");
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  if (inSequentialPart(Tid, State)) {
    state::TeamState.RunSchedKind = Kind;
    state::TeamState.RunSchedChunk = Chunk;
    return;
  }
  ICVRecord *Record = recordToSet(Tid, State);
  Record->SchedKind = Kind;
  Record->SchedChunk = Chunk;
}

void omp_get_schedule(int *Kind, int *Chunk) {
  uint32_t Tid = hw::threadId();
  ICVRecord Values = currentValues(Tid, state::get());
  *Kind = Values.SchedKind;
  *Chunk = Values.SchedChunk;
}
}
