//===- DeviceMemory.h - Allocation and copies on one device -----*- C++ -*-===//
//
// The operations the data-mapping layer needs from a device. The CUDA device
// implements them on the stream of the construct in progress, where they run
// in order while the host goes on; unit tests implement them on host memory,
// so the map-type semantics can be tested without a GPU.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_DEVICEMEMORY_H
#define OMPTARGET_DEVICEMEMORY_H

#include "StridedSection.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace omptarget {

class DeviceMemory {
public:
  virtual ~DeviceMemory() = default;

  /// Allocates \p Size bytes; 0 when the device is out of memory.
  virtual uintptr_t allocate(size_t Size) = 0;
  /// Releases memory that no queued work uses.
  virtual void release(uintptr_t Ptr) = 0;
  /// Releases memory once the work queued so far, which may use it, is done.
  virtual void releaseWhenDone(uintptr_t Ptr) = 0;
  /// Queues a host-to-device copy; \p Src must hold the data until
  /// settleCopiesIn() or synchronize().
  virtual void copyToDevice(uintptr_t Dst, const void *Src, size_t Size) = 0;
  /// Queues writing the address-sized \p Value at \p Dst (taken at once).
  virtual void copyValueToDevice(uintptr_t Dst, uintptr_t Value) = 0;
  /// Queues a device-to-host copy; \p Dst holds the data after synchronize().
  virtual void copyFromDevice(void *Dst, uintptr_t Src, size_t Size) = 0;
  /// Queues a copy of \p Box from the host to the device (as copyToDevice);
  /// \p Dst and \p Src are the first byte of the box's first row.
  virtual void copyBoxToDevice(uintptr_t Dst, const void *Src,
                               const CopyBox &Box) = 0;
  /// Queues a copy of \p Box from the device to the host (as copyFromDevice).
  virtual void copyBoxFromDevice(void *Dst, uintptr_t Src,
                                 const CopyBox &Box) = 0;
  /// The largest row pitch a box copy may have.
  virtual uint64_t maxPitch() const = 0;
  /// Waits for everything queued so far.
  virtual void synchronize() = 0;
  /// Returns once the copies queued so far have read their host memory, which
  /// the program may change next.
  virtual void settleCopiesIn() = 0;

  /// Whether the device reads and writes the host memory [Begin, Begin +
  /// Size) in place: every host address where the GPU and driver give access
  /// to all host memory, else memory allocated or registered for it.
  virtual bool reachesHostMemory(uintptr_t Begin, uint64_t Size) = 0;

  /// "device 0", for messages.
  virtual std::string name() const = 0;
  /// Free and total memory, for out-of-memory messages.
  virtual std::string memoryStatus() = 0;
};

} // namespace omptarget

#endif // OMPTARGET_DEVICEMEMORY_H
