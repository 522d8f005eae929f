//===- IndirectCallTable.h - Host to device code addresses -----*- C++ -*-===//
//
// The table through which device code turns the host address of a `declare
// target indirect` function, or of a vtable of a declare target class, into
// the device's (OffloadABI.h, IndirectCallTableTy). The image loader adds
// each such entry a program registers, with the device global that holds
// the device address, then writes the table once for the loaded image: the
// rows sorted by host address in device memory, for the device runtime's
// binary search, and the runtime's table global pointing to them.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_INDIRECTCALLTABLE_H
#define OMPTARGET_INDIRECTCALLTABLE_H

#include "DeviceMemory.h"
#include "OffloadABI.h"

#include <cstdint>
#include <vector>

namespace omptarget {

class IndirectCallTable {
public:
  /// A host function (\p Bytes 1) or vtable of \p Bytes at \p Host, whose
  /// device address the device global at \p DeviceAddressHolder holds.
  void add(uintptr_t Host, uint64_t Bytes, uintptr_t DeviceAddressHolder);
  bool empty() const { return Rows.empty(); }

  /// Reads the device addresses, sorts the rows, copies them to device
  /// memory it allocates and points the table global at \p TableGlobal to
  /// them; returns the allocation, which lives as long as the image.
  uintptr_t writeTo(DeviceMemory &Memory, uintptr_t TableGlobal);

private:
  std::vector<IndirectCallEntryTy> Rows;
  std::vector<uintptr_t> DeviceAddressHolders;
};

} // namespace omptarget

#endif // OMPTARGET_INDIRECTCALLTABLE_H
