//===- MappingTable.cpp - Host ranges present on a device -----------------===//
//
// Entries never overlap, so an ordered map keyed by the host begin address
// answers every lookup with one binary search and at most two neighbours.
//
//===----------------------------------------------------------------------===//

#include "MappingTable.h"

using namespace omptarget;

MappingTable::LookupResult MappingTable::lookup(uintptr_t Begin,
                                                uint64_t Size) {
  uintptr_t End = Begin + Size;
  // The last entry starting at or before Begin.
  auto It = Entries.upper_bound(Begin);
  if (It != Entries.begin()) {
    MapEntry &Before = std::prev(It)->second;
    if (Begin < Before.HostEnd)
      return {End <= Before.HostEnd ? Match::Contained : Match::Overlap,
              &Before};
  }
  // An entry starting inside the range.
  if (Size > 0 && It != Entries.end() && It->second.HostBegin < End)
    return {Match::Overlap, &It->second};
  return {};
}

MapEntry &MappingTable::insert(MapEntry Entry) {
  uintptr_t Key = Entry.HostBegin;
  return Entries.emplace(Key, std::move(Entry)).first->second;
}

void MappingTable::erase(const MapEntry &Entry) {
  Entries.erase(Entry.HostBegin);
}
