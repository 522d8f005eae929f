//===- DeviceInputs.h - Device code embedded in the host link's inputs ----===//
//
// clang-22 with -foffload-lto embeds each translation unit's device bitcode
// in its host object (section .llvm.offloading, LLVM's offload binary
// format). At link time we collect it from the objects and static archives
// of the host link line, grouped by GPU architecture.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_DEVICEINPUTS_H
#define OMPGPU_OFFLOADLINK_DEVICEINPUTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

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

/// Scans the files named on the host linker command line \p HostArgs
/// (objects, static archives, and -l libraries that resolve to static
/// archives) for OpenMP NVPTX device code of the architectures \p Archs.
llvm::Expected<DeviceInputsByArch>
collectDeviceInputs(llvm::ArrayRef<std::string> HostArgs,
                    llvm::ArrayRef<std::string> Archs);

} // namespace ompgpu

#endif
