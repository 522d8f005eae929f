//===- Landings.h - Copies to the host that land at completion --*- C++ -*-===//
//
// The CUDA driver returns from a copy into pageable host memory only once the
// copy is done, after all the work queued before it on its stream. A copy
// back of an asynchronous construct (the `from` map of a `target nowait`, a
// `target update from ... nowait`, omp_target_memcpy_async to the host) would
// so make the thread that queues it wait for the construct's own kernel while
// it holds the device, and the next construct could not even be queued:
// independent nowait regions would run one after the other. Such copies land
// in pinned memory of the runtime's instead, which the DMA fills without the
// host, and the host moves them into place when the construct completes,
// before libomp completes its task.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_LANDINGS_H
#define OMPTARGET_LANDINGS_H

#include "CudaDriver.h"
#include "HostThreads.h"
#include "StridedSection.h"

#include <cstddef>
#include <vector>

namespace omptarget {

/// A copy to the host that lands in pinned memory first: Box's rows, packed
/// one after the other at Pinned, go to the host memory at Host with the
/// box's destination pitches.
struct Landing {
  char *Host;
  char *Pinned;
  CopyBox Box;
};

/// An asynchronous construct's copies to pageable host memory.
using Landings = std::vector<Landing>;

/// Pinned blocks for landings, by power-of-two size class, kept for reuse:
/// allocating pinned memory costs far more than a copy of a few bytes. The
/// caller holds the device.
class LandingPool {
public:
  LandingPool(const CudaDriver &Cu, int Device) : Cu(Cu), Device(Device) {}
  LandingPool(const LandingPool &) = delete;
  LandingPool &operator=(const LandingPool &) = delete;

  /// Pinned memory for the \p Size bytes of one landing, until land().
  char *take(size_t Size);
  /// Moves each of \p Done's landings, whose copies are done, into place
  /// (with \p Threads) and takes its pinned memory back.
  void land(Landings &Done, HostThreads &Threads);

private:
  static constexpr int MinClassLog2 = 12; // 4 KiB
  static constexpr int NumClasses = 64 - MinClassLog2;
  /// The class of blocks that hold \p Size bytes.
  static int sizeClass(size_t Size);

  const CudaDriver &Cu;
  const int Device;
  std::vector<char *> Free[NumClasses];
};

} // namespace omptarget

#endif // OMPTARGET_LANDINGS_H
