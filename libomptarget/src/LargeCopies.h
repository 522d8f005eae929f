//===- LargeCopies.h - Copies of large host data at link speed --*- C++ -*-===//
//
// The driver copies pageable host memory through a small bounce buffer of its
// own at a fraction of the link's speed (4.6 GB/s for a map against 55 GB/s
// from pinned memory on an H100). A device's copies of LargeCopyBytes or more
// to or from the host therefore take one of three paths, chosen by
// LIBOMPTARGET_LARGE_COPIES:
//  - staged (default): the host data moves through a ring of pinned buffers.
//    Copying into buffer i (with several threads, ParallelCopy) overlaps the
//    DMA out of buffer i-1; from the device, the DMA into the next buffers
//    overlaps the copy out of the one that landed. Host data copied to the
//    device has been read when the call returns, so the program may change it.
//  - register: the host range is page-locked (cuMemHostRegister) for the one
//    copy, which then runs at pinned speed; locking costs time per page, so it
//    pays for long copies of memory the process already touched.
//  - pageable: the driver's own path, as for smaller copies.
// Host memory that is already pinned, locked or managed is copied in place.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_LARGECOPIES_H
#define OMPTARGET_LARGECOPIES_H

#include "CudaDriver.h"
#include "Environment.h"
#include "EventPool.h"
#include "ParallelCopy.h"
#include "Queue.h"

#include <cstdint>
#include <functional>

namespace omptarget {

class LargeCopies {
public:
  /// Copies from this size on take the policy's path: below it a copy's
  /// fixed cost (a call, a wait) outweighs what bandwidth gains.
  static constexpr size_t LargeCopyBytes = size_t(1) << 20;

  LargeCopies(const CudaDriver &Cu, EventPool &Events, int Device);
  LargeCopies(const LargeCopies &) = delete;
  LargeCopies &operator=(const LargeCopies &) = delete;

  /// Queues one driver copy of \p Size bytes between device memory and the
  /// host memory at the pointer (already pinned where the caller expects).
  using DriverCopy =
      std::function<void(uintptr_t Device, void *Host, size_t Size)>;

  /// Copies \p Size bytes from the host's \p Src to the device's \p Dst on
  /// \p Q with \p Copy; false when the caller should queue its ordinary copy
  /// (small or pageable). Unless \p Q was told of a host read, \p Src has
  /// been read when this returns.
  bool toDevice(Queue &Q, uintptr_t Dst, const void *Src, size_t Size,
                const DriverCopy &Copy);
  /// Copies \p Size bytes from the device's \p Src to the host's \p Dst on
  /// \p Q with \p Copy (done when \p Q is synchronized, or already); false
  /// when the caller should queue its ordinary copy.
  bool fromDevice(Queue &Q, void *Dst, uintptr_t Src, size_t Size,
                  const DriverCopy &Copy);

  /// The threads that copy between host memory and the staging buffers, for
  /// the device's other copies between host and pinned memory.
  ParallelCopy &hostCopy() { return HostCopy; }

private:
  /// A pinned staging buffer and the copy that last used it.
  struct Buffer {
    char *Memory = nullptr;
    Queue *User = nullptr;
    CUevent Done = nullptr;
  };
  static constexpr size_t ChunkBytes = size_t(8) << 20;
  static constexpr unsigned RingSize = 4;

  /// Whether the host side of a copy is pinned, locked or managed already.
  static bool hostIsPinned(const void *Host, size_t Size);
  /// Buffer \p Index of the ring, once the copy that last used it is done.
  Buffer &idleBuffer(unsigned Index);
  /// Records on \p Q that buffer \p B is in use by the work queued so far.
  void markBusy(Buffer &B, Queue &Q);
  void stagedToDevice(Queue &Q, uintptr_t Dst, const char *Src, size_t Size,
                      const DriverCopy &Copy);
  void stagedFromDevice(Queue &Q, char *Dst, uintptr_t Src, size_t Size,
                        const DriverCopy &Copy);
  /// The register path; false where the driver would not lock the range.
  bool registeredCopy(Queue &Q, void *Host, size_t Size,
                      const std::function<void()> &QueueCopy);

  const CudaDriver &Cu;
  EventPool &Events;
  const int Device;
  const LargeCopyPath Policy;
  ParallelCopy HostCopy;
  Buffer Ring[RingSize];
  /// The ring buffer the next chunk uses.
  unsigned Next = 0;
};

} // namespace omptarget

#endif // OMPTARGET_LARGECOPIES_H
