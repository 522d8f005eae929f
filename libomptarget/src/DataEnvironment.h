//===- DataEnvironment.h - OpenMP map semantics on one device ---*- C++ -*-===//
//
// The device data environment: what `target data`, `target enter/exit data`,
// `target update` and the maps of a `target` region do to the present table,
// with the OpenMP map-type semantics (to/from/alloc/release/delete, always,
// present, implicit, struct members, pointer attachment, user mappers,
// non-contiguous updates), and under `requires unified_shared_memory`.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_DATAENVIRONMENT_H
#define OMPTARGET_DATAENVIRONMENT_H

#include "DeviceMemory.h"
#include "Mappers.h"
#include "MappingTable.h"
#include "StridedSection.h"

#include <utility>
#include <vector>

namespace omptarget {

class DataEnvironment {
public:
  explicit DataEnvironment(DeviceMemory &Memory) : Memory(Memory) {}

  MappingTable &table() { return Table; }

  /// The program requires unified_shared_memory: host memory the device
  /// reaches in place is used in place, so maps of it translate to the same
  /// address and copy nothing.
  void requireUnifiedSharedMemory() { UnifiedSharedMemory = true; }
  bool requiresUnifiedSharedMemory() const { return UnifiedSharedMemory; }
  /// Whether [Begin, Begin + Size) is host memory used in place.
  bool usesHostMemory(uintptr_t Begin, uint64_t Size) {
    return UnifiedSharedMemory && Memory.reachesHostMemory(Begin, Size);
  }

  /// Host pointers (address, host value) that copies out overwrote with the
  /// values of their device copies, to restore once the copies have landed.
  using Restores = std::vector<std::pair<uintptr_t, uintptr_t>>;

  /// Maps a list on entry to a construct. Copies are queued; call
  /// settleCopiesIn() before the host may change mapped data. When
  /// \p DeviceBegins is given, it receives for each item the device address
  /// of its begin pointer, 0 where the item has none (unmapped, literal,
  /// private).
  void mapBegin(const MapList &List, uintptr_t *DeviceBegins = nullptr);
  /// Unmaps a list on exit from a construct; `target update` (\p Update).
  /// Without \p Deferred, returns once the data copied out is on the host
  /// and the data copied in has been read; with it, an asynchronous
  /// construct's copies stay queued and \p Deferred receives the pointers to
  /// restore once they have landed. Memory of unmapped objects is released
  /// once the work queued so far is done.
  void mapEnd(const MapList &List, Restores *Deferred = nullptr);
  void update(const MapList &List, Restores *Deferred = nullptr);
  /// Writes back host pointers an asynchronous construct's copies overwrote.
  static void restore(const Restores &Pointers);

  /// Waits for the queued copies.
  void synchronize() { Memory.synchronize(); }
  /// Returns once the queued copies have read the host memory they copy.
  void settleCopiesIn() { Memory.settleCopiesIn(); }

  /// Maps [Host, Host + Size) to \p Device for the rest of the program
  /// (declare target globals).
  void addPermanent(uintptr_t Host, uint64_t Size, uintptr_t Device);
  /// omp_target_associate_ptr / omp_target_disassociate_ptr; false where
  /// OpenMP says they fail.
  bool associate(uintptr_t Host, uint64_t Size, uintptr_t Device);
  bool disassociate(uintptr_t Host);

private:
  void mapBeginList(const MapList &List, uintptr_t *DeviceBegins);
  void mapEndList(const MapList &List);
  void updateList(const MapList &List);
  /// Records item I's device address in DeviceBegins (and in the base array
  /// for use_device_ptr / use_device_addr) from the entry that maps it.
  void translateItem(const MapList &List, int32_t I, const MapEntry &Entry,
                     uintptr_t *DeviceBegins);
  /// Finds or creates the entry of one list item (a pointer-sized range for
  /// the pointer of a PTR_AND_OBJ item).
  MapEntry *acquire(uintptr_t Begin, uint64_t Size, uint64_t Type,
                    bool UpdateRefCount, uint64_t Padding, const void *Name);
  void release(MapEntry &Entry, uintptr_t Begin, uint64_t Size, uint64_t Type,
               bool UpdateRefCount);
  /// Points the device copy of the host pointer at \p PointerAddress (inside
  /// \p PointerEntry) to \p DeviceValue.
  void attach(MapEntry &PointerEntry, uintptr_t PointerAddress,
              uintptr_t DeviceValue);
  void attachDeferred(const MapList &List, int32_t Index);
  /// `target update` of a non-contiguous item (OMP_TGT_MAPTYPE_NON_CONTIG).
  void updateStrided(const MapList &List, int32_t Index);
  /// Copies the runs of \p Section, starting at host address \p First, of
  /// an object mapped by \p Entry.
  void copyIn(MapEntry &Entry, uintptr_t First, const StridedSection &Section);
  void copyOut(MapEntry &Entry, uintptr_t First, const StridedSection &Section);
  void copyIn(MapEntry &Entry, uintptr_t Begin, uint64_t Size) {
    copyIn(Entry, Begin, StridedSection::contiguous(Size));
  }
  void copyOut(MapEntry &Entry, uintptr_t Begin, uint64_t Size) {
    copyOut(Entry, Begin, StridedSection::contiguous(Size));
  }
  /// Ends a construct's mapping: completes or defers its copies out (see
  /// mapEnd) and unmaps the entries whose reference count dropped to zero.
  void finish(Restores *Deferred);

  DeviceMemory &Memory;
  MappingTable Table;
  bool UnifiedSharedMemory = false;
  /// The construct in progress queued copies to the host.
  bool CopiesOut = false;
  /// Host pointers to restore once its copies out have landed.
  Restores PendingRestores;
  /// Entries to free once queued copies out have landed (host begins).
  std::vector<uintptr_t> Dying;
};

} // namespace omptarget

#endif // OMPTARGET_DATAENVIRONMENT_H
