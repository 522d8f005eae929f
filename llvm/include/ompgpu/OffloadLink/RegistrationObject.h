//===- RegistrationObject.h - Device images registered at program start --===//
//
// The host program carries its device images (cubins and PTX) in a host
// object that also holds a __tgt_bin_desc and a constructor/destructor pair
// that register and unregister it with libomptarget. The offload entries that
// clang put in each host object's llvm_offload_entries section are reached
// through the linker's __start_/__stop_ symbols. Beside the descriptor the
// object holds the program's manifest (abi/OffloadABI.h): the symbols and
// services of each image and the source files of the target regions, which
// the constructor registers with the descriptor through
// __ompgpu_register_lib. It also registers the vtables of declare target
// classes that clang-22 registers only on the device (VTableEntries.h).
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_REGISTRATIONOBJECT_H
#define OMPGPU_OFFLOADLINK_REGISTRATIONOBJECT_H

#include "ompgpu/OffloadLink/SourceFiles.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ompgpu {

/// A device image, what the host may look up in it and what it uses.
struct RegisteredImage {
  std::string Bytes;                ///< A raw cubin, or NUL-terminated PTX.
  std::vector<std::string> Symbols; ///< exportedSymbols() of its program.
  uint64_t Uses = 0;                ///< imageUses() of its program.
};

/// Writes a host object for \p HostTriple to \p Path that registers \p Images
/// and the source files \p Files with the offloading runtime.
llvm::Error writeRegistrationObject(llvm::ArrayRef<RegisteredImage> Images,
                                    const SourceFileTable &Files,
                                    llvm::StringRef HostTriple,
                                    llvm::StringRef Path);

} // namespace ompgpu

#endif
