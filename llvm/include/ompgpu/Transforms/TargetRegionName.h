//===- TargetRegionName.h - What clang's kernel names say -------*- C++ -*-===//
//
// Clang names the kernel of a target region
// __omp_offloading_<device id>_<file id>_<function>_l<line>, with _<n> after
// the line for the second and later regions of a line, and further suffixes
// on the parallel regions it outlines from the kernel. Without -g that name
// is all that links a kernel to its source, so remarks, the kernel report and
// error messages read it back through this one parser.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_TARGETREGIONNAME_H
#define OMPGPU_TRANSFORMS_TARGETREGIONNAME_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace ompgpu {

struct TargetRegionName {
  llvm::StringRef DeviceId; ///< hexadecimal, of the file's device
  llvm::StringRef FileId;   ///< hexadecimal, of the file (its inode)
  llvm::StringRef Function; ///< as mangled in the name
  unsigned Line = 0;
};

/// The parts of \p Symbol, if clang named it after a target region.
std::optional<TargetRegionName> parseTargetRegionName(llvm::StringRef Symbol);

} // namespace ompgpu

#endif
