//===- Occupancy.cpp - How many blocks of a kernel fit on a multiprocessor ===//
#include "ompgpu/OffloadLink/Occupancy.h"

#include "OffloadABI.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;

namespace ompgpu {
namespace {

constexpr unsigned KiB = 1024;

/// From the CUDA C++ Programming Guide's table of technical specifications
/// per compute capability; sm_90 is checked against the driver on an H100.
constexpr MultiprocessorLimits Architectures[] = {
    // SM, warps, blocks, shared, per block, reserved, unit
    {70, 64, 32, 96 * KiB, 96 * KiB, 0, 256},
    {75, 32, 16, 64 * KiB, 64 * KiB, 0, 256},
    {80, 64, 32, 164 * KiB, 163 * KiB, 1 * KiB, 128},
    {86, 48, 16, 100 * KiB, 99 * KiB, 1 * KiB, 128},
    {87, 48, 16, 164 * KiB, 163 * KiB, 1 * KiB, 128},
    {89, 48, 24, 100 * KiB, 99 * KiB, 1 * KiB, 128},
    {90, 64, 32, 228 * KiB, 227 * KiB, 1 * KiB, 128},
    {100, 64, 32, 228 * KiB, 227 * KiB, 1 * KiB, 128},
    {103, 64, 32, 228 * KiB, 227 * KiB, 1 * KiB, 128},
    {120, 48, 24, 100 * KiB, 99 * KiB, 1 * KiB, 128},
    {121, 48, 24, 100 * KiB, 99 * KiB, 1 * KiB, 128},
};

// The same on every architecture of the table.
constexpr unsigned RegisterFile = 64 * KiB; // 32-bit registers per SM
constexpr unsigned MaxRegistersPerBlock = 64 * KiB;
constexpr unsigned MaxRegistersPerThread = 255;
constexpr unsigned RegisterAllocationUnit = 256; // registers, per warp
/// The register file is split among the multiprocessor's four warp
/// schedulers; a warp's registers come from one of them.
constexpr unsigned SchedulerPartitions = 4;

uint64_t roundUp(uint64_t Value, uint64_t Unit) {
  return (Value + Unit - 1) / Unit * Unit;
}

unsigned blocksByRegisters(unsigned WarpsPerBlock, unsigned Registers) {
  if (Registers == 0)
    return UINT32_MAX;
  if (Registers > MaxRegistersPerThread)
    return 0;
  uint64_t PerWarp =
      roundUp(uint64_t(Registers) * OMPGPU_WARP_SIZE, RegisterAllocationUnit);
  // A block is admitted only if its warps fit when spread evenly over the
  // partitions, as the hardware assumes.
  if (PerWarp * roundUp(WarpsPerBlock, SchedulerPartitions) >
      MaxRegistersPerBlock)
    return 0;
  uint64_t WarpsPerPartition = RegisterFile / SchedulerPartitions / PerWarp;
  return static_cast<unsigned>(WarpsPerPartition * SchedulerPartitions /
                               WarpsPerBlock);
}

unsigned blocksBySharedMemory(const MultiprocessorLimits &Limits,
                              uint64_t SharedBytes) {
  if (SharedBytes > Limits.MaxSharedBytesPerBlock)
    return 0;
  uint64_t PerBlock = roundUp(SharedBytes + Limits.ReservedSharedBytesPerBlock,
                              Limits.SharedAllocationUnit);
  return static_cast<unsigned>(Limits.SharedBytes / PerBlock);
}

} // namespace

unsigned smVersion(StringRef Arch) {
  unsigned SM = 0;
  if (!Arch.consume_front("sm_") ||
      Arch.take_while(isDigit).getAsInteger(10, SM))
    return 0;
  return SM;
}

const MultiprocessorLimits *multiprocessorLimits(unsigned SM) {
  auto *Found = find_if(
      Architectures, [&](const MultiprocessorLimits &L) { return L.SM == SM; });
  return Found == std::end(Architectures) ? nullptr : Found;
}

Occupancy theoreticalOccupancy(const MultiprocessorLimits &Limits,
                               const BlockFootprint &Block) {
  Occupancy Result;
  Result.MaxWarps = Limits.MaxWarps;
  if (Block.Threads == 0 || Block.Threads > OMPGPU_MAX_THREADS_PER_BLOCK)
    return Result;
  unsigned WarpsPerBlock =
      (Block.Threads + OMPGPU_WARP_SIZE - 1) / OMPGPU_WARP_SIZE;
  Result.BlockSlots = Limits.MaxBlocks;
  Result.BlocksByWarps = Limits.MaxWarps / WarpsPerBlock;
  Result.BlocksByRegisters =
      blocksByRegisters(WarpsPerBlock, Block.RegistersPerThread);
  Result.BlocksBySharedMemory = blocksBySharedMemory(Limits, Block.SharedBytes);
  // The resource that runs out first; on a tie the multiprocessor's fixed
  // limits come first, since using fewer registers or less shared memory
  // would not help then.
  std::pair<unsigned, OccupancyLimiter> Bounds[] = {
      {Result.BlocksByWarps, OccupancyLimiter::Warps},
      {Result.BlockSlots, OccupancyLimiter::BlockSlots},
      {Result.BlocksByRegisters, OccupancyLimiter::Registers},
      {Result.BlocksBySharedMemory, OccupancyLimiter::SharedMemory}};
  auto Tightest = std::min_element(
      std::begin(Bounds), std::end(Bounds),
      [](const auto &A, const auto &B) { return A.first < B.first; });
  Result.Blocks = Tightest->first;
  Result.Limiter = Tightest->second;
  Result.Warps = Result.Blocks * WarpsPerBlock;
  return Result;
}

StringRef limiterName(OccupancyLimiter Limiter) {
  switch (Limiter) {
  case OccupancyLimiter::Registers:
    return "registers";
  case OccupancyLimiter::SharedMemory:
    return "shared memory";
  case OccupancyLimiter::Warps:
    return "warps";
  case OccupancyLimiter::BlockSlots:
    return "block slots";
  }
  llvm_unreachable("every limiter is named");
}

} // namespace ompgpu
