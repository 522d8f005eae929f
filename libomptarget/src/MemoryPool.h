//===- MemoryPool.h - Reuse of small device allocations ---------*- C++ -*-===//
//
// Mapping a scalar or a small array for one target region would otherwise cost
// a cuMemAlloc and a cuMemFree per region, and cuMemFree waits for the whole
// device: tens of microseconds on a region that runs for a few. The pool keeps
// released blocks of up to MaxPooledBytes in free lists by power-of-two size
// class and hands them out again.
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

  /// A free block of \p BlockSize bytes that work queued next on the stream
  /// \p Owner may use, now in use; 0 if none.
  uintptr_t take(size_t BlockSize, const void *Owner);
  /// Marks \p Ptr, a new block of \p BlockSize bytes, as in use.
  void track(uintptr_t Ptr, size_t BlockSize);
  /// Puts \p Ptr back on its free list, still used by the work queued on the
  /// stream \p Owner (nullptr: by no work). Returns the token to settle it
  /// with, or 0 if the pool does not own \p Ptr.
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
  std::vector<uintptr_t> Free[NumClasses];
  std::unordered_map<uintptr_t, Block> Blocks;
  uint64_t LastToken = 0;
};

} // namespace omptarget

#endif // OMPTARGET_MEMORYPOOL_H
