//===- MemoryPool.h - Reuse of small device allocations ---------*- C++ -*-===//
//
// Mapping a scalar or a small array for one target region would otherwise cost
// a cuMemAlloc and a cuMemFree per region, and cuMemFree waits for the whole
// device: tens of microseconds on a region that runs for a few. The pool keeps
// released blocks of up to MaxPooledBytes in free lists by power-of-two size
// class and hands them out again. Reuse is safe without further
// synchronization because every copy and kernel of a device runs on its one
// stream, in order, and the data environment releases memory only after it
// synchronized the construct that used it.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_MEMORYPOOL_H
#define OMPTARGET_MEMORYPOOL_H

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace omptarget {

class MemoryPool {
public:
  /// Larger blocks go to the driver each time: they are rare per construct,
  /// and keeping them would hold device memory programs want back.
  static constexpr size_t MaxPooledBytes = size_t(1) << 20;

  /// The block size a request of \p Size bytes takes from the pool, or 0 if
  /// the request is too large to pool.
  static size_t blockSize(size_t Size);

  /// A free block of \p BlockSize bytes that is now in use, or 0 if none.
  uintptr_t take(size_t BlockSize);
  /// Marks \p Ptr, a new block of \p BlockSize bytes, as in use.
  void track(uintptr_t Ptr, size_t BlockSize);
  /// Puts \p Ptr back on its free list; false if the pool does not own it.
  bool giveBack(uintptr_t Ptr);
  /// Forgets every free block and returns them, for the caller to free when
  /// the device runs out of memory.
  std::vector<uintptr_t> drain();

private:
  static constexpr size_t MinBlockBytes = 256;
  static constexpr int NumClasses = 13; // 256 B .. 1 MiB
  static int sizeClass(size_t BlockSize);

  std::vector<uintptr_t> Free[NumClasses];
  /// Blocks in use, with their size.
  std::unordered_map<uintptr_t, size_t> InUse;
};

} // namespace omptarget

#endif // OMPTARGET_MEMORYPOOL_H
