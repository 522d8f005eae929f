//===- RegistrationObject.h - Device images registered at program start --===//
//
// The host program carries its device images (cubins and PTX) in a host
// object that also holds a __tgt_bin_desc and a constructor/destructor pair
// calling __tgt_register_lib / __tgt_unregister_lib of libomptarget. The
// offload entries that clang put in each host object's llvm_offload_entries
// section are reached through the linker's __start_/__stop_ symbols.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_REGISTRATIONOBJECT_H
#define OMPGPU_OFFLOADLINK_REGISTRATIONOBJECT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ompgpu {

/// Writes a host object for \p HostTriple to \p Path that registers \p Images
/// (each a raw cubin, or NUL-terminated PTX) with the offloading runtime.
llvm::Error writeRegistrationObject(llvm::ArrayRef<std::string> Images,
                                    llvm::StringRef HostTriple,
                                    llvm::StringRef Path);

} // namespace ompgpu

#endif
