//===- IndirectCalls.cpp - Host addresses of functions and vtables --------===//
//
// A program may pass the host address of a `declare target indirect`
// function into a target region and call it there, or map an object whose
// vtable pointer holds a host vtable's address. The link step makes such
// calls go through __llvm_omp_indirect_call_lookup, which turns the host
// address into the device's with the table the host runtime writes after it
// loads the image (OffloadABI.h, IndirectCallTableTy): rows sorted by host
// address, found by binary search, so that a call costs O(log n) loads of
// rows.
//
//===----------------------------------------------------------------------===//

#include "Interface.h"

/// Written by the host runtime when it loads an image whose program
/// registers indirect functions or vtables; empty otherwise. Protected
/// visibility keeps it external through the link step, so that its initial
/// value is never folded.
__attribute__((visibility("protected"))) IndirectCallTableTy
    IndirectCallTable __asm__(OMPGPU_INDIRECT_CALL_TABLE_SYMBOL) = {nullptr, 0};

extern "C" void *__llvm_omp_indirect_call_lookup(void *Address) {
  uint64_t Wanted = reinterpret_cast<uint64_t>(Address);
  const IndirectCallEntryTy *Entries = IndirectCallTable.Entries;
  // The first row past the address: its predecessor is the only row that
  // can hold it.
  uint64_t Low = 0, High = IndirectCallTable.Count;
  while (Low < High) {
    uint64_t Middle = Low + (High - Low) / 2;
    if (Entries[Middle].HostAddress <= Wanted)
      Low = Middle + 1;
    else
      High = Middle;
  }
  if (Low == 0)
    return Address;
  const IndirectCallEntryTy &Row = Entries[Low - 1];
  uint64_t Offset = Wanted - Row.HostAddress;
  // Not a host address the table knows: a device function or vtable (a
  // function pointer taken, or an object built, in device code).
  if (Offset >= Row.Bytes)
    return Address;
  return reinterpret_cast<void *>(Row.DeviceAddress + Offset);
}
