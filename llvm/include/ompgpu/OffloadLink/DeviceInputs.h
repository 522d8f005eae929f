//===- DeviceInputs.h - Device code embedded in the host link's inputs ----===//
//
// clang-22 with -foffload-lto embeds each translation unit's device bitcode
// in its host object (section .llvm.offloading, LLVM's offload binary
// format). At link time we collect it from the objects and static archives
// of the host link line, grouped by GPU architecture, together with the
// offload entries those objects register (section llvm_offload_entries): what
// the host runtime will look for in the device images.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_DEVICEINPUTS_H
#define OMPGPU_OFFLOADLINK_DEVICEINPUTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ompgpu {

/// One translation unit's device bitcode for one architecture.
struct DeviceInput {
  std::string Origin; ///< The host object or archive member it came from.
  std::unique_ptr<llvm::MemoryBuffer> Bitcode;
};

/// Device inputs by architecture ("sm_90" -> bitcode of every object).
using DeviceInputsByArch = std::map<std::string, std::vector<DeviceInput>>;

/// An OpenMP offload entry of a host object: a target region's kernel, a
/// declare target variable, or a declare target indirect function, which the
/// host runtime looks up by name in the device image.
struct HostEntry {
  std::string SymbolName;
  uint32_t Flags = 0; ///< OMP_OFFLOAD_ENTRY_* (OffloadABI.h)
  uint64_t Size = 0;  ///< 0 for kernels

  /// A target region, launched by its kernel's name.
  bool isTargetRegion() const;
  /// A declare target variable (for `link` ones, its reference pointer).
  bool isDeclareTargetVariable() const;
};

/// What the host link's inputs hold for the device link.
struct LinkInputs {
  DeviceInputsByArch Device;
  std::vector<HostEntry> HostEntries;
};

/// Scans the files named on the host linker command line \p HostArgs
/// (objects, static archives, and -l libraries that resolve to static
/// archives) for OpenMP NVPTX device code of the architectures \p Archs, and
/// the OpenMP offload entries of the objects (and archive members) that
/// carry device code.
llvm::Expected<LinkInputs>
collectLinkInputs(llvm::ArrayRef<std::string> HostArgs,
                  llvm::ArrayRef<std::string> Archs);

} // namespace ompgpu

#endif
