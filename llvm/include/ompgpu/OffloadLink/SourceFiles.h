//===- SourceFiles.h - The files that kernel names refer to by number -----===//
//
// clang names a target region's kernel
// __omp_offloading_<device>_<file>_<function>_l<line>, where <device> and
// <file> are the device and inode numbers of the region's source file. Without
// -g that is all a program says about where its constructs are, so the link
// step finds which file each pair of numbers stands for and registers the
// table with the program (OffloadManifestTy in abi/OffloadABI.h): the host
// runtime's messages then say "app.c:42" rather than "line 42 of main".
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_SOURCEFILES_H
#define OMPGPU_OFFLOADLINK_SOURCEFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace ompgpu {

/// The <device> and <file> numbers of a kernel name, or nothing if \p Name is
/// not the name clang gives a target region.
std::optional<std::pair<uint32_t, uint32_t>>
targetRegionFileNumbers(llvm::StringRef Name);

/// Source paths by (device, file) number.
class SourceFileTable {
public:
  /// Records the files of \p M, one translation unit's device code as clang
  /// emitted it: its source file, whose numbers the file has when looked up
  /// from the link's working directory, and the files of its kernels that
  /// carry debug information (-g), which may be headers. A file that cannot
  /// be found (compiled elsewhere, in a header without -g) stays out.
  void addModule(const llvm::Module &M);

  using Key = std::pair<uint32_t, uint32_t>;
  const std::map<Key, std::string> &files() const { return Files; }

private:
  std::map<Key, std::string> Files;
};

} // namespace ompgpu

#endif
