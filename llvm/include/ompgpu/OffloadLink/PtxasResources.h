//===- PtxasResources.h - What ptxas says each kernel uses ------*- C++ -*-===//
//
// ptxas --verbose prints, for every kernel it compiles, the registers, stack
// frame, spills, barriers and static shared memory it gave the kernel. This
// turns that text into one plain record per kernel, so that the link step can
// report it and, later, choose per-kernel register and occupancy bounds from
// it. Only ptxas' own words are read: nothing is estimated here.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_PTXASRESOURCES_H
#define OMPGPU_OFFLOADLINK_PTXASRESOURCES_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ompgpu {

/// The resources ptxas gave one kernel (an .entry function).
struct KernelResources {
  std::string Name;       ///< The kernel's symbol.
  std::string Arch;       ///< The architecture it was compiled for ("sm_90").
  unsigned Registers = 0; ///< Per thread.
  unsigned Barriers = 0;  ///< Named barriers the kernel uses.
  /// The kernel's own stack frame per thread, spill slots included (what
  /// cuobjdump -res-usage calls STACK).
  uint64_t StackFrameBytes = 0;
  /// The stack including the functions it calls that ptxas did not inline;
  /// ptxas cannot bound it under recursion.
  uint64_t CumulativeStackBytes = 0;
  uint64_t SpillStoreBytes = 0; ///< Bytes of registers spilled per thread.
  uint64_t SpillLoadBytes = 0;  ///< Bytes of spilled registers reloaded.
  /// Static shared memory per block ("smem"), as the CUDA driver counts it.
  /// From sm_90 on, the cubin (and cuobjdump) adds the 1 KiB per block the
  /// system reserves to kernels that use shared memory or barriers; the
  /// occupancy counts that reservation for every kernel (Occupancy.h).
  uint64_t SharedBytes = 0;
};

/// Parses the output of `ptxas --verbose` (one or several kernels, any order
/// of its lines ptxas uses); kernels keep ptxas' order. Functions that are not
/// kernels are left out: ptxas prints only their frames and spills.
std::vector<KernelResources> parsePtxasResources(llvm::StringRef Output);

} // namespace ompgpu

#endif
