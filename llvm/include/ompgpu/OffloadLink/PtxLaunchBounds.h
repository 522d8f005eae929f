//===- PtxLaunchBounds.h - The launch bounds each kernel's PTX declares ---===//
//
// The NVPTX backend writes a kernel's block-size bound and occupancy hint as
// PTX directives between its parameter list and its body (.maxntid,
// .reqntid, .minnctapersm, .maxnreg). ptxas sizes the kernel's registers
// from them, so the kernel report reads them where ptxas does.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_PTXLAUNCHBOUNDS_H
#define OMPGPU_OFFLOADLINK_PTXLAUNCHBOUNDS_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

namespace ompgpu {

/// A kernel's launch-bound directives; 0 where the PTX has none.
struct PtxLaunchBounds {
  /// Most threads per block: the product of .maxntid's (or .reqntid's)
  /// dimensions.
  unsigned MaxThreads = 0;
  /// .minnctapersm: blocks per multiprocessor the register budget must allow.
  unsigned MinBlocksPerSM = 0;
  unsigned MaxRegisters = 0; ///< .maxnreg
};

/// The launch bounds of every kernel (.entry) in \p PTX, by symbol.
llvm::StringMap<PtxLaunchBounds> parsePtxLaunchBounds(llvm::StringRef PTX);

} // namespace ompgpu

#endif
