//===- EventPool.h - CUDA events of one device, reused ----------*- C++ -*-===//
//
// Fences in streams (deferred releases, the completion of asynchronous
// constructs, one stream waiting for another) each take a CUDA event for a
// moment. Creating events costs a driver call each, so they are kept and
// handed out again once the host no longer waits for them.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_EVENTPOOL_H
#define OMPTARGET_EVENTPOOL_H

#include "CudaDriver.h"

#include <mutex>
#include <vector>

namespace omptarget {

class EventPool {
public:
  EventPool(const CudaDriver &Cu, int Device) : Cu(Cu), Device(Device) {}

  /// An event without timing (the cheapest kind to record and wait for),
  /// created in the current context if none is free.
  CUevent take();
  /// Hands \p Event back; the caller waits for it no more (a stream that
  /// already waits for it keeps waiting for the work recorded then).
  void giveBack(CUevent Event);

private:
  const CudaDriver &Cu;
  const int Device;
  /// Asynchronous constructs complete on other threads than the ones that
  /// queued them.
  std::mutex Mutex;
  std::vector<CUevent> Free;
};

} // namespace omptarget

#endif // OMPTARGET_EVENTPOOL_H
