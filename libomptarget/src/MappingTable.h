//===- MappingTable.h - Host ranges present on a device ---------*- C++ -*-===//
//
// The present table of one device: which host address ranges have a
// corresponding device copy, where it is, and how many constructs hold it.
// Pure bookkeeping; DataEnvironment.h gives it the OpenMP map-type semantics.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_MAPPINGTABLE_H
#define OMPTARGET_MAPPINGTABLE_H

#include "Address.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <vector>

namespace omptarget {

/// A pointer inside a mapped object whose device copy was redirected to device
/// memory ("attached"). Copies of the object in either direction must not
/// carry the other side's pointer value.
struct ShadowPointer {
  uintptr_t HostAddress; ///< Where the pointer lives on the host.
  uintptr_t HostValue;   ///< Its value on the host.
  uintptr_t DeviceValue; ///< Its value in the device copy.
};

struct MapEntry {
  /// Reference count of objects that stay mapped for the whole program:
  /// declare target globals and omp_target_associate_ptr ranges.
  static constexpr uint64_t InfiniteRefCount =
      std::numeric_limits<uint64_t>::max();

  uintptr_t HostBegin = 0, HostEnd = 0; ///< [HostBegin, HostEnd)
  uintptr_t DeviceBegin = 0;            ///< Device address of HostBegin.
  /// The device allocation to free when the entry goes, 0 if the runtime does
  /// not own the memory.
  uintptr_t Allocation = 0;
  uint64_t RefCount = 1;
  /// The construct that created the entry (see MappingTable::newConstruct).
  uint64_t Construct = 0;
  /// Made by omp_target_associate_ptr (only those may be disassociated).
  bool Associated = false;
  std::vector<ShadowPointer> Shadows;

  uintptr_t translate(uintptr_t HostAddress) const {
    return rebase(HostAddress, HostBegin, DeviceBegin);
  }
  bool isPermanent() const { return RefCount == InfiniteRefCount; }
};

class MappingTable {
public:
  enum class Match {
    None,      ///< Nothing of the range is mapped.
    Contained, ///< The range lies inside one entry.
    Overlap,   ///< The range intersects an entry without lying inside it.
  };
  struct LookupResult {
    Match Kind = Match::None;
    MapEntry *Entry = nullptr;
  };

  /// Finds the entry for [Begin, Begin + Size). A zero-sized range (a pointer)
  /// is contained in the entry whose range holds Begin.
  LookupResult lookup(uintptr_t Begin, uint64_t Size);

  /// Adds an entry; the caller guarantees it overlaps no other.
  MapEntry &insert(MapEntry Entry);
  void erase(const MapEntry &Entry);

  /// Starts a new construct; entries created during it remember its id, so
  /// that "newly mapped by this construct" is a comparison, not a list.
  uint64_t newConstruct() { return ++LastConstruct; }
  uint64_t currentConstruct() const { return LastConstruct; }

private:
  std::map<uintptr_t, MapEntry> Entries; ///< Keyed by HostBegin.
  uint64_t LastConstruct = 0;
};

} // namespace omptarget

#endif // OMPTARGET_MAPPINGTABLE_H
