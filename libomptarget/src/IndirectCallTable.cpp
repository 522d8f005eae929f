//===- IndirectCallTable.cpp - Host to device code addresses --------------===//

#include "IndirectCallTable.h"
#include "Address.h"
#include "Diagnostics.h"

#include <algorithm>
#include <cinttypes>

using namespace omptarget;

void IndirectCallTable::add(uintptr_t Host, uint64_t Bytes,
                            uintptr_t DeviceAddressHolder) {
  Rows.push_back({Host, 0, Bytes});
  DeviceAddressHolders.push_back(DeviceAddressHolder);
}

uintptr_t IndirectCallTable::writeTo(DeviceMemory &Memory,
                                     uintptr_t TableGlobal) {
  for (size_t I = 0; I < Rows.size(); ++I)
    Memory.copyFromDevice(&Rows[I].DeviceAddress, DeviceAddressHolders[I],
                          sizeof(Rows[I].DeviceAddress));
  Memory.synchronize();
  std::sort(Rows.begin(), Rows.end(),
            [](const IndirectCallEntryTy &A, const IndirectCallEntryTy &B) {
              return A.HostAddress < B.HostAddress;
            });
  // A vtable of an inline class is registered by every translation unit
  // that emits it, each with its own device global for the one merged
  // device vtable: one row is enough.
  Rows.erase(std::unique(Rows.begin(), Rows.end(),
                         [](const IndirectCallEntryTy &A,
                            const IndirectCallEntryTy &B) {
                           return A.HostAddress == B.HostAddress;
                         }),
             Rows.end());
  for (size_t I = 1; I < Rows.size(); ++I)
    if (Rows[I - 1].HostAddress + Rows[I - 1].Bytes > Rows[I].HostAddress)
      fatal("the program registers indirect functions or vtables whose host "
            "addresses overlap (%#" PRIx64 ", %" PRIu64 " bytes, and %#" PRIx64
            "): the table of indirect calls cannot tell them apart",
            Rows[I - 1].HostAddress, Rows[I - 1].Bytes, Rows[I].HostAddress);
  size_t Bytes = Rows.size() * sizeof(IndirectCallEntryTy);
  uintptr_t Device = Memory.allocate(Bytes);
  if (!Device)
    fatal("%s: out of device memory for the table of %zu indirect functions "
          "and vtables (%s)",
          Memory.name().c_str(), Rows.size(), Memory.memoryStatus().c_str());
  IndirectCallTableTy Table = {pointerTo<const IndirectCallEntryTy>(Device),
                               Rows.size()};
  Memory.copyToDevice(Device, Rows.data(), Bytes);
  Memory.copyToDevice(TableGlobal, &Table, sizeof(Table));
  Memory.synchronize();
  return Device;
}
