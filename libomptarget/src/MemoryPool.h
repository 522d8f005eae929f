//===- MemoryPool.h - Reuse of device allocations ---------------*- C++ -*-===//
//
// Mapping a scalar or a small array for one target region would otherwise cost
// a cuMemAlloc and a cuMemFree per region, and cuMemFree waits for the whole
// device: tens of microseconds on a region that runs for a few. The pool keeps
// released blocks of up to MaxPooledBytes in free lists by power-of-two size
// class and hands them out again. Larger blocks (a program mapping its arrays
// in each step of a loop, `target data` inside a time loop) come in multiples
// of LargeGranuleBytes, the driver's own granule for them, and are kept by
// exact size up to LargeCap bytes in all: a 256 MiB map paid 0.1-0.3 ms of
// cuMemAlloc and cuMemFree on an H100 besides its copy.
//
// Target regions do not wait for their kernels, so a block may be released
// while work queued on a stream still uses it. Such a block belongs to that
// stream (its owner) until the device reports the work done (settle): only
// work queued on the same stream, which runs after it, may take it before.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_MEMORYPOOL_H
#define OMPTARGET_MEMORYPOOL_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

namespace omptarget {

class MemoryPool {
public:
  /// The largest block of the power-of-two classes.
  static constexpr size_t MaxPooledBytes = size_t(1) << 20;
  /// Larger blocks are multiples of this.
  static constexpr size_t LargeGranuleBytes = size_t(2) << 20;

  /// The block size a request of \p Size bytes takes from the pool.
  static size_t blockSize(size_t Size);
  /// Keeps at most \p Bytes of free large blocks (0 until the device sets it:
  /// none); a larger block given back then goes to the driver.
  void setLargeCap(size_t Bytes) { LargeCap = Bytes; }

  /// A free block of \p BlockSize bytes that work queued next on the stream
  /// \p Owner may use, now in use; 0 if none.
  uintptr_t take(size_t BlockSize, const void *Owner);
  /// Marks \p Ptr, a new block of \p BlockSize bytes, as in use.
  void track(uintptr_t Ptr, size_t BlockSize);
  /// Puts \p Ptr back on its free list, still used by the work queued on the
  /// stream \p Owner (nullptr: by no work). Returns the token to settle it
  /// with, or 0 if the pool does not own \p Ptr or does not keep it (a large
  /// block past the cap, which it forgets: the caller frees it).
  uint64_t giveBack(uintptr_t Ptr, const void *Owner);
  /// The work that used \p Ptr when giveBack returned \p Token is done: any
  /// stream may take the block, unless it was taken again since.
  void settle(uintptr_t Ptr, uint64_t Token);
  /// Forgets every free block and returns them, for the caller to free when
  /// the device runs out of memory (once no queued work uses them).
  std::vector<uintptr_t> drain();

private:
  static constexpr size_t MinBlockBytes = 256;
  static constexpr int NumClasses = 13; // 256 B .. 1 MiB
  static int sizeClass(size_t BlockSize);

  struct Block {
    size_t Size;
    bool Free;
    /// The stream whose queued work may still use the free block.
    const void *Owner;
    /// Counts the block's releases, so that a late settle of an earlier
    /// release changes nothing.
    uint64_t Token;
  };
  /// The free list of \p BlockSize's blocks.
  std::vector<uintptr_t> &freeList(size_t BlockSize);

  std::vector<uintptr_t> Free[NumClasses];
  /// Free large blocks by their size.
  std::map<size_t, std::vector<uintptr_t>> LargeFree;
  size_t LargeFreeBytes = 0, LargeCap = 0;
  std::unordered_map<uintptr_t, Block> Blocks;
  uint64_t LastToken = 0;
};

} // namespace omptarget

#endif // OMPTARGET_MEMORYPOOL_H
