//===- DataEnvironment.cpp - OpenMP map semantics on one device -----------===//
//
// One reference count per mapped object: every construct that maps an object
// adds one on entry and removes one on exit; data moves to the device when an
// object is newly mapped (or `always`), back when its count reaches zero (or
// `always`). Struct members (MEMBER_OF) live inside their parent's entry and
// leave its count alone. Pointers inside mapped objects that were attached to
// device memory are kept as shadow pointers, so copies never leak a device
// address to the host or a host address to the device. Under unified shared
// memory, host memory the device reaches in place gets no entry at all: like
// a zero-length section of unmapped memory, it keeps its host address.
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

/// The host address of the first element of the non-contiguous item \p I,
/// whose begin pointer clang-22 replaced with its descriptor.
uintptr_t stridedStart(const MapList &List, int32_t I) {
  uint64_t Type = List.Types[I];
  const auto *Descriptor =
      static_cast<const __tgt_target_non_contig *>(List.Begins[I]);
  if (!isMember(Type))
    return addressOf(List.Bases[I]) +
           StridedSection::descriptorOffset(Descriptor, List.Sizes[I]);
  // A member's descriptor counts from the member array, whose place in the
  // structure clang-22 passes nowhere. The parent item begins at the lowest
  // first element of the members the clause lists: the section's own, unless
  // another member begins there or the clause has other sections (whose
  // first elements are just as unknown).
  int64_t Parent = parentIndex(Type);
  uintptr_t ParentBegin = addressOf(List.Begins[Parent]);
  for (int32_t J = 0; J < List.Count; ++J) {
    uint64_t Other = List.Types[J];
    if (J == I || !isMember(Other) || parentIndex(Other) != Parent)
      continue;
    if ((Other & OMP_TGT_MAPTYPE_NON_CONTIG) ||
        addressOf(List.Begins[J]) == ParentBegin) {
      std::string What = describeVariable(List.Names ? List.Names[I] : nullptr);
      fatal("cannot tell where the strided section%s%s starts: clang-22 "
            "does not pass the place of a member array in its structure when "
            "the same 'target update' lists other members of the structure; "
            "update the section in a 'target update' of its own",
            What.empty() ? "" : " ", What.c_str());
    }
  }
  return ParentBegin;
}
} // namespace

void DataEnvironment::mapBegin(const MapList &List, uintptr_t *DeviceBegins) {
  Table.newConstruct();
  mapBeginList(List, DeviceBegins);
}

void DataEnvironment::mapBeginList(const MapList &List,
                                   uintptr_t *DeviceBegins) {
  // Zero-length sections whose storage is not mapped yet: clang-22 lists a
  // pointer the region uses without a clause (ptr[:0]) before the maps of
  // the construct, which may map what it points to.
  std::vector<int32_t> LateSections;
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
      // An object used in place keeps its host address in the device copy of
      // the pointer too (the ref_ptr of a declare target variable).
      uintptr_t Pointee = loadAddress(PointerAddress);
      if (Pointer && Entry)
        attach(*Pointer, PointerAddress, Entry->translate(Pointee));
      else if (Pointer && usesHostMemory(Begin, Size))
        attach(*Pointer, PointerAddress, Pointee);
    } else {
      uint64_t Padding = 0;
      if (!isMember(Type) && I + 1 < List.Count &&
          parentIndex(List.Types[I + 1]) == I)
        Padding = Begin % StructAlignment;
      Entry = acquire(Begin, Size, Type, !isMember(Type), Padding, Name);
    }
    if (!Entry) {
      if (Size == 0 && !(Type & OMP_TGT_MAPTYPE_PTR_AND_OBJ))
        LateSections.push_back(I);
      continue;
    }
    translateItem(List, I, *Entry, DeviceBegins);
  }
  // Translated once the construct's maps are done; their reference counts
  // stay, as the end of the construct finds the storage released already.
  for (int32_t I : LateSections)
    if (MapEntry *Entry = Table.lookup(addressOf(List.Begins[I]), 0).Entry)
      translateItem(List, I, *Entry, DeviceBegins);
  for (int32_t I = 0; I < List.Count; ++I)
    if ((List.Types[I] & OMP_TGT_MAPTYPE_ATTACH) &&
        !(List.Types[I] & OMP_TGT_MAPTYPE_PRIVATE) && !hasMapper(List, I))
      attachDeferred(List, I);
}

void DataEnvironment::translateItem(const MapList &List, int32_t I,
                                    const MapEntry &Entry,
                                    uintptr_t *DeviceBegins) {
  uintptr_t Begin = addressOf(List.Begins[I]);
  uintptr_t DeviceBegin = Entry.translate(Begin);
  if (DeviceBegins)
    DeviceBegins[I] = DeviceBegin;
  // use_device_ptr / use_device_addr: hand the device address back in the
  // base array (unmapped items keep their host address).
  if (List.Types[I] & OMP_TGT_MAPTYPE_RETURN_PARAM)
    List.Bases[I] =
        pointerTo(rebase(addressOf(List.Bases[I]), Begin, DeviceBegin));
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
  if (usesHostMemory(Begin, Size))
    return nullptr;
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
  Memory.copyValueToDevice(PointerEntry.translate(PointerAddress),
                           DeviceValue);
}

void DataEnvironment::copyIn(MapEntry &Entry, uintptr_t First,
                             const StridedSection &Section) {
  Section.forEachBox(Memory.maxPitch(), [&](uint64_t Offset,
                                            const CopyBox &Box) {
    uintptr_t Host = First + Offset;
    if (Box.isContiguous())
      Memory.copyToDevice(Entry.translate(Host), pointerTo(Host), Box.Width);
    else
      Memory.copyBoxToDevice(Entry.translate(Host), pointerTo(Host), Box);
  });
  // The host copy holds host addresses where the device holds attached ones.
  for (const ShadowPointer &S : Entry.Shadows) {
    if (S.HostAddress < First || !Section.covers(S.HostAddress - First))
      continue;
    Memory.copyValueToDevice(Entry.translate(S.HostAddress), S.DeviceValue);
  }
}

void DataEnvironment::copyOut(MapEntry &Entry, uintptr_t First,
                              const StridedSection &Section) {
  CopiesOut = true;
  for (const ShadowPointer &S : Entry.Shadows)
    if (S.HostAddress >= First && Section.covers(S.HostAddress - First))
      PendingRestores.emplace_back(S.HostAddress, loadAddress(S.HostAddress));
  Section.forEachBox(Memory.maxPitch(), [&](uint64_t Offset,
                                            const CopyBox &Box) {
    uintptr_t Host = First + Offset;
    if (Box.isContiguous())
      Memory.copyFromDevice(pointerTo(Host), Entry.translate(Host), Box.Width);
    else
      Memory.copyBoxFromDevice(pointerTo(Host), Entry.translate(Host), Box);
  });
}

void DataEnvironment::mapEnd(const MapList &List, Restores *Deferred) {
  mapEndList(List);
  finish(Deferred);
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
      if ((Type & OMP_TGT_MAPTYPE_PRESENT) && !usesHostMemory(Begin, Size))
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

void DataEnvironment::update(const MapList &List, Restores *Deferred) {
  updateList(List);
  finish(Deferred);
}

void DataEnvironment::updateList(const MapList &List) {
  for (int32_t I = 0; I < List.Count; ++I) {
    uint64_t Type = List.Types[I];
    // Before mappers: the item's begin and size describe the section.
    if (Type & OMP_TGT_MAPTYPE_NON_CONTIG) {
      updateStrided(List, I);
      continue;
    }
    if (hasMapper(List, I)) {
      MapperComponents Components(List.Mappers[I], List, I);
      updateList(Components.list());
      continue;
    }
    uintptr_t Begin = addressOf(List.Begins[I]);
    uint64_t Size = List.Sizes[I];
    const void *Name = List.Names ? List.Names[I] : nullptr;
    if (!(Type & (OMP_TGT_MAPTYPE_TO | OMP_TGT_MAPTYPE_FROM)))
      continue;
    MappingTable::LookupResult R = Table.lookup(Begin, Size);
    // Updating an object that is not mapped does nothing, unless `present`.
    if (R.Kind != MappingTable::Match::Contained) {
      if ((Type & OMP_TGT_MAPTYPE_PRESENT) && !usesHostMemory(Begin, Size))
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

void DataEnvironment::updateStrided(const MapList &List, int32_t I) {
  uint64_t Type = List.Types[I];
  void *Name = List.Names ? List.Names[I] : nullptr;
  const auto *Descriptor =
      static_cast<const __tgt_target_non_contig *>(List.Begins[I]);
  int64_t NumDims = List.Sizes[I];
  StridedSection Section = StridedSection::fromDescriptor(Descriptor, NumDims);
  if (Section.width() == 0)
    return;
  uintptr_t First = stridedStart(List, I);
  uint64_t Motion = Type & ~OMP_TGT_MAPTYPE_NON_CONTIG;
  if (hasMapper(List, I)) {
    // The mapper describes whole elements; each run is a list of them.
    Section.forEachRun([&](uint64_t Offset, uint64_t Bytes) {
      MapperComponents Components(List.Mappers[I], List.Bases[I],
                                  pointerTo(First + Offset), Bytes, Motion,
                                  Name);
      updateList(Components.list());
    });
    return;
  }
  if (!(Type & (OMP_TGT_MAPTYPE_TO | OMP_TGT_MAPTYPE_FROM)))
    return;
  uint64_t Span = Section.span();
  MappingTable::LookupResult R = Table.lookup(First, Span);
  if (R.Kind == MappingTable::Match::Overlap)
    fatal("the strided section %s reaches beyond the mapped object "
          "[0x%" PRIxPTR ", +%" PRIu64 " bytes) on %s. If a dimension other "
          "than the innermost has both a lower bound and a stride "
          "(m[1:2:2][0:4]), clang-22 does not record that stride and the "
          "section is taken to start at the lower bound times the stride: "
          "write it from a pointer to its first row instead, "
          "(&m[1])[0:2:2][0:4]",
          describeItem(Name, First, Span).c_str(), R.Entry->HostBegin,
          uint64_t(R.Entry->HostEnd - R.Entry->HostBegin),
          Memory.name().c_str());
  if (R.Kind != MappingTable::Match::Contained) {
    if ((Type & OMP_TGT_MAPTYPE_PRESENT) && !usesHostMemory(First, Span))
      fatal("'present' update of %s failed: it is not mapped on %s",
            describeItem(Name, First, Span).c_str(), Memory.name().c_str());
    return;
  }
  if (Type & OMP_TGT_MAPTYPE_TO)
    copyIn(*R.Entry, First, Section);
  if (Type & OMP_TGT_MAPTYPE_FROM)
    copyOut(*R.Entry, First, Section);
}

void DataEnvironment::finish(Restores *Deferred) {
  if (Deferred) {
    Deferred->insert(Deferred->end(), PendingRestores.begin(),
                     PendingRestores.end());
  } else {
    // The host reads what was copied out once the construct returns; without
    // copies out, it only must not change data the copies in still read.
    if (CopiesOut)
      Memory.synchronize();
    else
      Memory.settleCopiesIn();
    restore(PendingRestores);
  }
  PendingRestores.clear();
  CopiesOut = false;
  for (uintptr_t HostBegin : Dying) {
    MappingTable::LookupResult R = Table.lookup(HostBegin, 0);
    // An object released twice by one construct is in the list twice.
    if (!R.Entry || R.Entry->HostBegin != HostBegin || R.Entry->RefCount != 0)
      continue;
    // Kernels and copies queued before may still use the memory.
    if (R.Entry->Allocation)
      Memory.releaseWhenDone(R.Entry->Allocation);
    Table.erase(*R.Entry);
  }
  Dying.clear();
}

void DataEnvironment::restore(const Restores &Pointers) {
  for (const auto &[HostAddress, HostValue] : Pointers)
    storeAddress(HostAddress, HostValue);
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
