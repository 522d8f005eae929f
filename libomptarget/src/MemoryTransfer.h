//===- MemoryTransfer.h - Copies of the omp_target_memcpy routines -*- C++ -*-===//
//
// omp_target_memcpy and omp_target_memcpy_rect copy between any two of the
// host and the devices, now or (their _async forms) in a task: a request
// keeps their arguments, and performing it queues the copies on the devices
// involved and waits as far as the program could otherwise see a difference.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_MEMORYTRANSFER_H
#define OMPTARGET_MEMORYTRANSFER_H

#include <cstddef>
#include <vector>

namespace omptarget {

struct CopyRequest {
  /// The routine, named in messages.
  const char *Routine = nullptr;
  char *Dst = nullptr;
  const char *Src = nullptr;
  int DstDevice = 0, SrcDevice = 0;
  /// A contiguous copy of Length bytes, unless Rect.
  size_t Length = 0;
  /// omp_target_memcpy_rect's arguments, the arrays copied.
  bool Rect = false;
  size_t ElementSize = 0;
  int NumDims = 0;
  std::vector<size_t> Volume, DstOffsets, SrcOffsets, DstDimensions,
      SrcDimensions;
};

/// Whether both device numbers of \p R are the host's or a device's.
bool validDevices(const CopyRequest &R);

/// Performs \p R. Unless \p Async, the copy is done when this returns (data
/// copied to the host or to memory the host uses in place has landed, host
/// data copied from has been read; a copy between buffers of one device is
/// queued before any later work of the program that could use it). With
/// \p Async, in a target task, a copy that involves one device runs as an
/// asynchronous construct on a stream of its own.
void performCopy(const CopyRequest &R, bool Async);

} // namespace omptarget

#endif // OMPTARGET_MEMORYTRANSFER_H
