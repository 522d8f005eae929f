//===- HostAccessibleMemory.cpp - Host memory used in place ---------------===//
//
// An ordered map of non-overlapping ranges: lookups are one binary search.
//
//===----------------------------------------------------------------------===//

#include "HostAccessibleMemory.h"

#include <iterator>

using namespace omptarget;

HostAccessibleMemory &HostAccessibleMemory::get() {
  // Never destroyed: memory may be freed by exit handlers after static
  // destructors ran.
  static HostAccessibleMemory *Instance = new HostAccessibleMemory();
  return *Instance;
}

void HostAccessibleMemory::add(uintptr_t Begin, uint64_t Size, Kind What) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Range R;
  R.Size = Size;
  R.What = What;
  Ranges[Begin] = R;
}

bool HostAccessibleMemory::find(uintptr_t Begin, Range &Found) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Ranges.find(Begin);
  if (It == Ranges.end())
    return false;
  Found = It->second;
  return true;
}

bool HostAccessibleMemory::lockAgain(uintptr_t Begin, uint64_t Size) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Ranges.find(Begin);
  if (It == Ranges.end() || It->second.What != Kind::Locked ||
      It->second.Size != Size)
    return false;
  ++It->second.Locks;
  return true;
}

bool HostAccessibleMemory::release(uintptr_t Begin) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Ranges.find(Begin);
  if (It == Ranges.end())
    return false;
  if (It->second.What == Kind::Locked && --It->second.Locks > 0)
    return false;
  Ranges.erase(It);
  return true;
}

bool HostAccessibleMemory::contains(uintptr_t Begin, uint64_t Size) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Ranges.upper_bound(Begin);
  if (It == Ranges.begin())
    return false;
  --It;
  uint64_t End = It->first + It->second.Size;
  return Begin < End && Begin + Size <= End;
}
