//===- Occupancy.h - How many blocks of a kernel fit on a multiprocessor --===//
//
// The theoretical occupancy of a kernel: how many of its blocks one
// multiprocessor holds at once, given its registers per thread, shared memory
// per block and block size, and which resource runs out first. The limits of
// each architecture are written once, here; the arithmetic follows how the
// hardware allocates (registers per warp in units of 256 within each of the
// four schedulers' register files, shared memory in 128-byte units plus the
// system's reservation per block). On an H100 it gave the same blocks as the
// CUDA driver's cuOccupancyMaxActiveBlocksPerMultiprocessor in 15,900 cases
// (docs/DESIGN.md, "Kernel report").
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_OCCUPANCY_H
#define OMPGPU_OFFLOADLINK_OCCUPANCY_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace ompgpu {

/// What one multiprocessor of an architecture holds.
struct MultiprocessorLimits {
  unsigned SM;        ///< The architecture, 90 for sm_90.
  unsigned MaxWarps;  ///< Resident warps.
  unsigned MaxBlocks; ///< Resident blocks.
  /// Shared memory of the largest carveout; the driver picks the carveout a
  /// launch needs, so occupancy may use all of it.
  unsigned SharedBytes;
  /// Most shared memory one block may have (static and dynamic, after opting
  /// in beyond 48 KiB).
  unsigned MaxSharedBytesPerBlock;
  /// Shared memory the system reserves for each resident block on top of the
  /// kernel's (sm_80 on).
  unsigned ReservedSharedBytesPerBlock;
  unsigned SharedAllocationUnit; ///< Shared memory is given in these units.
};

/// "sm_90" and "sm_90a" -> 90; 0 for anything else.
unsigned smVersion(llvm::StringRef Arch);

/// The limits of architecture \p SM, or null where the table does not know
/// it (older than sm_70, or newer than the toolchain).
const MultiprocessorLimits *multiprocessorLimits(unsigned SM);

/// What one block of a kernel launch takes.
struct BlockFootprint {
  unsigned Threads = 0;
  unsigned RegistersPerThread = 0;
  uint64_t SharedBytes = 0; ///< Static and dynamic shared memory.
};

/// The resource that bounds the blocks per multiprocessor.
enum class OccupancyLimiter { Registers, SharedMemory, Warps, BlockSlots };

/// How many blocks, and so warps, of one footprint a multiprocessor holds,
/// and what each resource alone would allow.
struct Occupancy {
  unsigned Blocks = 0;
  unsigned Warps = 0;
  unsigned MaxWarps = 0; ///< The multiprocessor's.
  unsigned BlocksByRegisters = 0;
  unsigned BlocksBySharedMemory = 0;
  unsigned BlocksByWarps = 0;
  unsigned BlockSlots = 0;
  OccupancyLimiter Limiter = OccupancyLimiter::BlockSlots;
};

/// The theoretical occupancy of \p Block on a multiprocessor with \p Limits.
/// Blocks is 0 when one block alone does not fit.
Occupancy theoreticalOccupancy(const MultiprocessorLimits &Limits,
                               const BlockFootprint &Block);

/// "registers", "shared memory", "warps", "block slots".
llvm::StringRef limiterName(OccupancyLimiter Limiter);

} // namespace ompgpu

#endif
