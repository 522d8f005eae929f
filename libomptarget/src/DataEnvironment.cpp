//===- DataEnvironment.cpp - OpenMP map semantics on one device -----------===//
//
// One reference count per mapped object: every construct that maps an object
// adds one on entry and removes one on exit; data moves to the device when an
// object is newly mapped (or `always`), back when its count reaches zero (or
// `always`). Struct members (MEMBER_OF) live inside their parent's entry and
// leave its count alone. Pointers inside mapped objects that were attached to
// device memory are kept as shadow pointers, so copies never leak a device
// address to the host or a host address to the device.
//
//===----------------------------------------------------------------------===//

#include "DataEnvironment.h"
#include "Address.h"
#include "Diagnostics.h"
#include "omptarget.h"

#include <cinttypes>

using namespace omptarget;

namespace {
constexpr uint64_t MemberOfMask = OMP_TGT_MAPTYPE_MEMBER_OF;
/// Device copies of a struct mapped from a member onwards start at the same
/// offset modulo this as on the host, so the struct stays aligned.
constexpr uint64_t StructAlignment = 16;

bool isMember(uint64_t Type) { return Type & MemberOfMask; }
/// MEMBER_OF holds the 1-based index of the parent item.
int64_t parentIndex(uint64_t Type) {
  return static_cast<int64_t>((Type & MemberOfMask) >> 48) - 1;
}
bool hasMapper(const MapList &List, int32_t I) {
  return List.Mappers && List.Mappers[I];
}

std::string describeItem(const void *Name, uintptr_t Begin, uint64_t Size) {
  std::string Variable = describeVariable(Name);
  std::string Range =
      format("[0x%" PRIxPTR ", +%" PRIu64 " bytes)", Begin, Size);
  return Variable.empty() ? "the object at " + Range : Variable + " " + Range;
}
} // namespace

void DataEnvironment::mapBegin(const MapList &List, uintptr_t *DeviceBegins) {
  Table.newConstruct();
  mapBeginList(List, DeviceBegins);
}

void DataEnvironment::mapBeginList(const MapList &List,
                                   uintptr_t *DeviceBegins) {
  for (int32_t I = 0; I < List.Count; ++I) {
    uint64_t Type = List.Types[I];
    uintptr_t Begin = addressOf(List.Begins[I]);
    uint64_t Size = List.Sizes[I];
    const void *Name = List.Names ? List.Names[I] : nullptr;
    if (DeviceBegins)
      DeviceBegins[I] = 0;
    // Literals and privates are kernel arguments, not mappings.
    if (Type & (OMP_TGT_MAPTYPE_LITERAL | OMP_TGT_MAPTYPE_PRIVATE))
      continue;
    if (hasMapper(List, I)) {
      MapperComponents Components(List.Mappers[I], List, I);
      mapBeginList(Components.list(), nullptr);
      MappingTable::LookupResult R = Table.lookup(Begin, 0);
      if (DeviceBegins && R.Entry)
        DeviceBegins[I] = R.Entry->translate(Begin);
      continue;
    }
    // Attachments wait until every object of the construct is mapped.
    if (Type & OMP_TGT_MAPTYPE_ATTACH)
      continue;
    if (Type & OMP_TGT_MAPTYPE_NON_CONTIG)
      fatal("non-contiguous map of %s is only valid in 'target update'",
            describeItem(Name, Begin, Size).c_str());

    MapEntry *Entry;
    if (Type & OMP_TGT_MAPTYPE_PTR_AND_OBJ) {
      // The base is the address of a pointer (e.g. the ref_ptr of a declare
      // target link variable) to point at the mapped object.
      uintptr_t PointerAddress = addressOf(List.Bases[I]);
      MapEntry *Pointer =
          acquire(PointerAddress, sizeof(void *),
                  Type & (OMP_TGT_MAPTYPE_IMPLICIT | OMP_TGT_MAPTYPE_PRESENT),
                  !isMember(Type), 0, nullptr);
      Entry = acquire(Begin, Size, Type, true, 0, Name);
      if (Entry)
        attach(*Pointer, PointerAddress,
               Entry->translate(loadAddress(PointerAddress)));
    } else {
      uint64_t Padding = 0;
      if (!isMember(Type) && I + 1 < List.Count &&
          parentIndex(List.Types[I + 1]) == I)
        Padding = Begin % StructAlignment;
      Entry = acquire(Begin, Size, Type, !isMember(Type), Padding, Name);
    }
    if (!Entry)
      continue;
    uintptr_t DeviceBegin = Entry->translate(Begin);
    if (DeviceBegins)
      DeviceBegins[I] = DeviceBegin;
    // use_device_ptr / use_device_addr: hand the device address back in the
    // base array (unmapped items keep their host address).
    if (Type & OMP_TGT_MAPTYPE_RETURN_PARAM)
      List.Bases[I] =
          pointerTo(rebase(addressOf(List.Bases[I]), Begin, DeviceBegin));
  }
  for (int32_t I = 0; I < List.Count; ++I)
    if ((List.Types[I] & OMP_TGT_MAPTYPE_ATTACH) &&
        !(List.Types[I] & OMP_TGT_MAPTYPE_PRIVATE) && !hasMapper(List, I))
      attachDeferred(List, I);
}

MapEntry *DataEnvironment::acquire(uintptr_t Begin, uint64_t Size,
                                   uint64_t Type, bool UpdateRefCount,
                                   uint64_t Padding, const void *Name) {
  MappingTable::LookupResult R = Table.lookup(Begin, Size);
  // An implicit map (e.g. a whole array referenced in the region) of an object
  // of which a part is already mapped uses that mapping.
  if (R.Kind == MappingTable::Match::Overlap &&
      !(Type & OMP_TGT_MAPTYPE_IMPLICIT))
    fatal("map of %s partially overlaps the mapped range [0x%" PRIxPTR
          ", +%" PRIu64 " bytes) on %s; a mapped object cannot be extended",
          describeItem(Name, Begin, Size).c_str(), R.Entry->HostBegin,
          uint64_t(R.Entry->HostEnd - R.Entry->HostBegin),
          Memory.name().c_str());
  if (MapEntry *Entry = R.Entry) {
    if (UpdateRefCount && !Entry->isPermanent())
      ++Entry->RefCount;
    // Members of a struct mapped by this construct move with it.
    if ((Type & OMP_TGT_MAPTYPE_TO) && Size > 0 &&
        R.Kind == MappingTable::Match::Contained &&
        ((Type & OMP_TGT_MAPTYPE_ALWAYS) ||
         Entry->Construct == Table.currentConstruct()))
      copyIn(*Entry, Begin, Size);
    return Entry;
  }
  if (Type & OMP_TGT_MAPTYPE_PRESENT)
    fatal("'present' map of %s failed: it is not mapped on %s",
          describeItem(Name, Begin, Size).c_str(), Memory.name().c_str());
  // A zero-length section of unmapped memory maps nothing; its pointer keeps
  // its host value.
  if (Size == 0)
    return nullptr;
  uintptr_t Allocation = Memory.allocate(Size + Padding);
  if (!Allocation)
    fatal("out of device memory mapping %s on %s (%s)",
          describeItem(Name, Begin, Size).c_str(), Memory.name().c_str(),
          Memory.memoryStatus().c_str());
  MapEntry New;
  New.HostBegin = Begin;
  New.HostEnd = Begin + Size;
  New.DeviceBegin = Allocation + Padding;
  New.Allocation = Allocation;
  New.Construct = Table.currentConstruct();
  MapEntry &Entry = Table.insert(std::move(New));
  if (Type & OMP_TGT_MAPTYPE_TO)
    copyIn(Entry, Begin, Size);
  return &Entry;
}

void DataEnvironment::attachDeferred(const MapList &List, int32_t I) {
  uintptr_t PointerAddress = addressOf(List.Bases[I]);
  uintptr_t PointeeBegin = addressOf(List.Begins[I]);
  MappingTable::LookupResult Pointee = Table.lookup(PointeeBegin, 0);
  MappingTable::LookupResult Pointer =
      Table.lookup(PointerAddress, sizeof(void *));
  if (!Pointee.Entry || Pointer.Kind != MappingTable::Match::Contained)
    return;
  // Attach when the pointer or the pointee is new to the device (or
  // `always`): an existing attachment is otherwise left as it is.
  uint64_t Now = Table.currentConstruct();
  if (!(List.Types[I] & OMP_TGT_MAPTYPE_ALWAYS) &&
      Pointee.Entry->Construct != Now && Pointer.Entry->Construct != Now)
    return;
  attach(*Pointer.Entry, PointerAddress,
         Pointee.Entry->translate(loadAddress(PointerAddress)));
}

void DataEnvironment::attach(MapEntry &PointerEntry, uintptr_t PointerAddress,
                             uintptr_t DeviceValue) {
  uintptr_t HostValue = loadAddress(PointerAddress);
  ShadowPointer *Shadow = nullptr;
  for (ShadowPointer &S : PointerEntry.Shadows)
    if (S.HostAddress == PointerAddress)
      Shadow = &S;
  if (Shadow && Shadow->DeviceValue == DeviceValue)
    return;
  if (!Shadow) {
    PointerEntry.Shadows.push_back({PointerAddress, HostValue, DeviceValue});
  } else {
    Shadow->HostValue = HostValue;
    Shadow->DeviceValue = DeviceValue;
  }
  PendingValues.push_back(DeviceValue);
  Memory.copyToDevice(PointerEntry.translate(PointerAddress),
                      &PendingValues.back(), sizeof(uintptr_t));
}

void DataEnvironment::copyIn(MapEntry &Entry, uintptr_t Begin, uint64_t Size) {
  Memory.copyToDevice(Entry.translate(Begin), pointerTo(Begin), Size);
  // The host copy holds host addresses where the device holds attached ones.
  for (const ShadowPointer &S : Entry.Shadows) {
    if (S.HostAddress < Begin || S.HostAddress >= Begin + Size)
      continue;
    PendingValues.push_back(S.DeviceValue);
    Memory.copyToDevice(Entry.translate(S.HostAddress), &PendingValues.back(),
                        sizeof(uintptr_t));
  }
}

void DataEnvironment::copyOut(MapEntry &Entry, uintptr_t Begin, uint64_t Size) {
  for (const ShadowPointer &S : Entry.Shadows)
    if (S.HostAddress >= Begin && S.HostAddress < Begin + Size)
      PendingRestores.emplace_back(S.HostAddress, loadAddress(S.HostAddress));
  Memory.copyFromDevice(pointerTo(Begin), Entry.translate(Begin), Size);
}

void DataEnvironment::mapEnd(const MapList &List) {
  mapEndList(List);
  finish();
}

void DataEnvironment::mapEndList(const MapList &List) {
  // Backwards, so that members are released before their parent struct
  // (whose reference count tells whether the members go back to the host).
  for (int32_t I = List.Count - 1; I >= 0; --I) {
    uint64_t Type = List.Types[I];
    if (Type & (OMP_TGT_MAPTYPE_LITERAL | OMP_TGT_MAPTYPE_PRIVATE |
                OMP_TGT_MAPTYPE_ATTACH))
      continue;
    if (hasMapper(List, I)) {
      MapperComponents Components(List.Mappers[I], List, I);
      mapEndList(Components.list());
      continue;
    }
    uintptr_t Begin = addressOf(List.Begins[I]);
    uint64_t Size = List.Sizes[I];
    MappingTable::LookupResult R = Table.lookup(Begin, Size);
    if (!R.Entry || (R.Kind == MappingTable::Match::Overlap &&
                     !(Type & OMP_TGT_MAPTYPE_IMPLICIT))) {
      if (Type & OMP_TGT_MAPTYPE_PRESENT)
        fatal("'present' map of %s failed: it is not mapped on %s",
              describeItem(List.Names ? List.Names[I] : nullptr, Begin, Size)
                  .c_str(),
              Memory.name().c_str());
      continue;
    }
    // As on entry: the pointee of a PTR_AND_OBJ item counts even as a member.
    bool PointerAndObject = Type & OMP_TGT_MAPTYPE_PTR_AND_OBJ;
    release(*R.Entry, Begin,
            R.Kind == MappingTable::Match::Contained ? Size : 0, Type,
            PointerAndObject || !isMember(Type));
    if (PointerAndObject && !isMember(Type)) {
      MappingTable::LookupResult Pointer =
          Table.lookup(addressOf(List.Bases[I]), sizeof(void *));
      if (Pointer.Kind == MappingTable::Match::Contained)
        release(*Pointer.Entry, 0, 0, 0, true);
    }
  }
}

void DataEnvironment::release(MapEntry &Entry, uintptr_t Begin, uint64_t Size,
                              uint64_t Type, bool UpdateRefCount) {
  bool Permanent = Entry.isPermanent();
  bool Last =
      !Permanent && ((Type & OMP_TGT_MAPTYPE_DELETE) || Entry.RefCount <= 1);
  if ((Type & OMP_TGT_MAPTYPE_FROM) && Size > 0 &&
      (Last || (Type & OMP_TGT_MAPTYPE_ALWAYS)))
    copyOut(Entry, Begin, Size);
  if (!UpdateRefCount || Permanent || Entry.RefCount == 0)
    return;
  Entry.RefCount = (Type & OMP_TGT_MAPTYPE_DELETE) ? 0 : Entry.RefCount - 1;
  if (Entry.RefCount == 0)
    Dying.push_back(Entry.HostBegin);
}

void DataEnvironment::update(const MapList &List) {
  updateList(List);
  finish();
}

void DataEnvironment::updateList(const MapList &List) {
  for (int32_t I = 0; I < List.Count; ++I) {
    uint64_t Type = List.Types[I];
    if (hasMapper(List, I)) {
      MapperComponents Components(List.Mappers[I], List, I);
      updateList(Components.list());
      continue;
    }
    uintptr_t Begin = addressOf(List.Begins[I]);
    uint64_t Size = List.Sizes[I];
    const void *Name = List.Names ? List.Names[I] : nullptr;
    if (Type & OMP_TGT_MAPTYPE_NON_CONTIG)
      fatal("'target update' of the non-contiguous section %s is not "
            "supported yet",
            describeItem(Name, Begin, Size).c_str());
    if (!(Type & (OMP_TGT_MAPTYPE_TO | OMP_TGT_MAPTYPE_FROM)))
      continue;
    MappingTable::LookupResult R = Table.lookup(Begin, Size);
    // Updating an object that is not mapped does nothing, unless `present`.
    if (R.Kind != MappingTable::Match::Contained) {
      if (Type & OMP_TGT_MAPTYPE_PRESENT)
        fatal("'present' update of %s failed: it is not mapped on %s",
              describeItem(Name, Begin, Size).c_str(), Memory.name().c_str());
      continue;
    }
    if (Type & OMP_TGT_MAPTYPE_TO)
      copyIn(*R.Entry, Begin, Size);
    if (Type & OMP_TGT_MAPTYPE_FROM)
      copyOut(*R.Entry, Begin, Size);
  }
}

void DataEnvironment::synchronize() {
  Memory.synchronize();
  PendingValues.clear();
}

void DataEnvironment::finish() {
  synchronize();
  for (const auto &[HostAddress, HostValue] : PendingRestores)
    storeAddress(HostAddress, HostValue);
  PendingRestores.clear();
  for (uintptr_t HostBegin : Dying) {
    MappingTable::LookupResult R = Table.lookup(HostBegin, 0);
    // An object released twice by one construct is in the list twice.
    if (!R.Entry || R.Entry->HostBegin != HostBegin || R.Entry->RefCount != 0)
      continue;
    if (R.Entry->Allocation)
      Memory.release(R.Entry->Allocation);
    Table.erase(*R.Entry);
  }
  Dying.clear();
}

void DataEnvironment::addPermanent(uintptr_t Host, uint64_t Size,
                                   uintptr_t Device) {
  MappingTable::LookupResult R = Table.lookup(Host, Size);
  if (R.Entry)
    fatal("declare target variable at [0x%" PRIxPTR ", +%" PRIu64
          " bytes) overlaps an existing mapping on %s",
          Host, Size, Memory.name().c_str());
  MapEntry Entry;
  Entry.HostBegin = Host;
  Entry.HostEnd = Host + Size;
  Entry.DeviceBegin = Device;
  Entry.RefCount = MapEntry::InfiniteRefCount;
  Table.insert(std::move(Entry));
}

bool DataEnvironment::associate(uintptr_t Host, uint64_t Size,
                                uintptr_t Device) {
  if (Size == 0 || Table.lookup(Host, Size).Entry)
    return false;
  MapEntry Entry;
  Entry.HostBegin = Host;
  Entry.HostEnd = Host + Size;
  Entry.DeviceBegin = Device;
  Entry.RefCount = MapEntry::InfiniteRefCount;
  Entry.Associated = true;
  Table.insert(std::move(Entry));
  return true;
}

bool DataEnvironment::disassociate(uintptr_t Host) {
  MappingTable::LookupResult R = Table.lookup(Host, 0);
  if (!R.Entry || R.Entry->HostBegin != Host || !R.Entry->Associated)
    return false;
  Table.erase(*R.Entry);
  return true;
}
