//===- StreamPool.h - The streams of one device -----------------*- C++ -*-===//
//
// A device runs the constructs that complete before the program goes on
// (target regions without nowait, data constructs, the memory routines) on
// one main stream, in program order, whichever host thread encounters them;
// it is a blocking stream, so that it is also ordered with the CUDA default
// stream that libraries and CUDA code of the program use. Each asynchronous
// construct (nowait, the *_async routines) and each interop object gets a
// stream of its own from a pool, so that independent ones overlap on the GPU.
// A lane is a stream with its queue record, its staging memory and the
// per-stream state of launches.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_STREAMPOOL_H
#define OMPTARGET_STREAMPOOL_H

#include "CudaDriver.h"
#include "EventPool.h"
#include "Landings.h"
#include "Queue.h"
#include "Staging.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace omptarget {

struct Lane {
  Lane(const CudaDriver &Cu, EventPool &Events, QueueErrors &Errors, int Device,
       int Number, CUstream Stream, uint32_t *Progress)
      : Work(Cu, Events, Errors, Device, Number, Stream, Progress),
        Stage(Cu, Device) {}

  Queue Work;
  Staging Stage;
  /// Asynchronous constructs and interop objects using the lane.
  int Users = 0;
  /// Small copies to pageable host memory queued on the lane by constructs
  /// that complete before they return: they land when the lane is next
  /// synchronized (Device::synchronize), once for all of a construct's.
  Landings Arriving;
  /// The launch environment of the kernels launched on the lane
  /// (KernelLaunch.cpp); 0 until a kernel needs one. Kernels of one stream
  /// run one after the other, so one per lane suffices. It has room for
  /// ReductionBufferBytes of teams-reduction records and ReductionLocks lock
  /// words, and tells the kernels that ReductionRecords records are theirs
  /// (how many depends on a kernel's record size).
  uintptr_t LaunchEnvironment = 0;
  size_t ReductionBufferBytes = 0;
  uint32_t ReductionLocks = 0;
  uint32_t ReductionRecords = 0;
};

class StreamPool {
public:
  StreamPool(const CudaDriver &Cu, EventPool &Events, QueueErrors &Errors,
             int Device)
      : Cu(Cu), Events(Events), Errors(Errors), Device(Device) {}

  /// Creates the main lane, in the device's context (current).
  void initialize();

  Lane &main() { return *Lanes.front(); }
  /// A lane for an asynchronous construct: an idle one, or a new one; once
  /// MaxLanes exist, the one with the fewest users (sharing a stream only
  /// orders the work of its users).
  Lane &take();
  void giveBack(Lane &L) { --L.Users; }

  /// Every lane, the main one first.
  const std::vector<std::unique_ptr<Lane>> &lanes() const { return Lanes; }

private:
  static constexpr int MaxLanes = 64;

  const CudaDriver &Cu;
  EventPool &Events;
  QueueErrors &Errors;
  const int Device;
  /// One pinned word per lane, where its stream reports its progress.
  uint32_t *ProgressWords = nullptr;
  std::vector<std::unique_ptr<Lane>> Lanes;
};

} // namespace omptarget

#endif // OMPTARGET_STREAMPOOL_H
