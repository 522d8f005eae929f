//===- VTableEntries.h - Vtables registered for the device -----*- C++ -*-===//
//
// For each vtable of a declare target class, clang-22's device code holds
// the device vtable's address in a global named
// __omp_offloading_<device id>_<file id>_<vtable symbol>_l<line>addr, but
// only under -fopenmp-version=60 does its host code register the vtable
// (an offload entry with OMP_OFFLOAD_ENTRY_INDIRECT_VTABLE). Without that
// entry an object mapped from the host reaches a virtual call on the device
// with a host vtable the device cannot translate. The registration object
// therefore registers every vtable the device images hold itself, through a
// weak reference to the host's vtable symbol (null when the host has none);
// an entry clang also emitted is registered twice, which the host runtime
// folds. The entry's Size is 0 and its AuxAddr the vtable symbol's name:
// the vtable has the same layout, and size, in the device image.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_VTABLEENTRIES_H
#define OMPGPU_OFFLOADLINK_VTABLEENTRIES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"

#include <optional>
#include <string>

namespace ompgpu {

/// The vtable symbol whose device address \p Symbol holds, if clang named
/// \p Symbol as it names the holders of vtables.
std::optional<llvm::StringRef> vtableOfHolder(llvm::StringRef Symbol);

/// Adds to \p M, the registration module, an OpenMP offload entry for each
/// vtable holder among \p Symbols (the symbols of the device images, which
/// may repeat).
void emitVTableEntries(llvm::Module &M, llvm::ArrayRef<std::string> Symbols);

} // namespace ompgpu

#endif
