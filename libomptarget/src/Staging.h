//===- Staging.h - Pinned copies of small host data for a queue -*- C++ -*-===//
//
// A target region must not return before the host memory its `to` maps read
// has been read: the program may change it next. CUDA documents no more for
// a copy from pageable memory than that it may return before the copy is
// done (and it may also wait for the stream first), so a queued copy of
// pageable memory gives the host no moment at which the data has been read
// short of the copy's completion. Small copies therefore go through pinned
// memory of the runtime's own: the host copies the data there at once, and
// the copy from pinned memory is fully asynchronous. The staging memory is
// reused once the queue has passed the copies that read it.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_STAGING_H
#define OMPTARGET_STAGING_H

#include "CudaDriver.h"
#include "Queue.h"

#include <cstddef>
#include <vector>

namespace omptarget {

class Staging {
public:
  /// Larger copies read the host memory directly and the construct waits for
  /// them: staging would cost a second copy of much data.
  static constexpr size_t MaxStagedBytes = size_t(64) << 10;

  Staging(const CudaDriver &Cu, int Device) : Cu(Cu), Device(Device) {}
  Staging(const Staging &) = delete;
  Staging &operator=(const Staging &) = delete;

  /// A pinned copy of the \p Size bytes at \p Src, for a copy queued next on
  /// \p Q; nullptr when \p Size is more than MaxStagedBytes.
  void *stage(Queue &Q, const void *Src, size_t Size);

private:
  static constexpr size_t ChunkBytes = size_t(1) << 20;
  /// Chunks in flight at most before the queue is waited for.
  static constexpr size_t MaxChunks = 32;
  char *newChunk(Queue &Q);

  const CudaDriver &Cu;
  const int Device;
  std::vector<char *> FreeChunks;
  size_t Chunks = 0;
  char *Current = nullptr;
  size_t Used = 0;
};

} // namespace omptarget

#endif // OMPTARGET_STAGING_H
