//===- DeviceLimits.h - Heap, printf buffer, stack, launches ---*- C++ -*-===//
//
// Services of CUDA's device code have a size the driver fixes for a
// context before kernels use them: the heap behind device malloc/free
// (CU_LIMIT_MALLOC_HEAP_SIZE, 8 MiB unless set), the buffer that printf
// output crosses to the host through at the end of each kernel
// (CU_LIMIT_PRINTF_FIFO_SIZE, 1 MiB unless set; what does not fit is lost)
// and each thread's stack (CU_LIMIT_STACK_SIZE, 1 KiB unless set; the driver
// raises it for a kernel whose stack ptxas could bound, but calls that may
// recurse, such as a task waiting for tasks, are not bounded).
// The driver's defaults are far too small for OpenMP programs: every thread
// of a large grid may allocate at once, the device runtime places variables
// shared with parallel regions on the heap when shared memory is too small,
// and a kernel may print hundreds of thousands of lines. So, before a device
// loads the first image whose manifest says it uses one of them
// (OffloadImageUses), the runtime sets its size:
//
// - the heap: 2 KiB for every thread the device holds at once (528 MiB on an
//   H100 or H200), or LIBOMPTARGET_HEAP_SIZE;
// - the printf buffer: 64 MiB (about four million lines of a few values
//   each), or LIBOMPTARGET_PRINTF_BUFFER_SIZE;
// - the stack, for images whose calls may recurse: 16 KiB per thread (a
//   task tree some twenty levels deep; the driver reserves it for every
//   thread the device holds at once, 4.1 GiB on an H100), or
//   LIBOMPTARGET_STACK_SIZE, which also applies to every other image.
//
// A fourth, for images that launch grids from device code: CUDA's queue of
// launches not yet started (CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT, 2048
// unless set), where a launch that finds no room fails and the region runs
// inline in its thread (a long row of an SpMV then runs in one thread). It
// holds as many launches as the device
// runtime has launch records (OMPGPU_DEVICE_LAUNCH_RECORDS), which bound the
// launches pending at once.
//
// The driver allocates all four in device memory, so images that use none
// leave the driver's defaults alone.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_DEVICELIMITS_H
#define OMPTARGET_DEVICELIMITS_H

#include "CudaDriver.h"
#include "DeviceProperties.h"

#include <cstdint>

namespace omptarget {

class DeviceLimits {
public:
  DeviceLimits(const CudaDriver &Cu, const DeviceProperties &Device)
      : Cu(Cu), Device(Device) {}

  /// Sizes the services of OffloadImageUses bits \p Uses that are not sized
  /// yet, before an image using them is loaded; the device's context is
  /// current.
  void prepareFor(uint64_t Uses);

  /// The heap size when LIBOMPTARGET_HEAP_SIZE does not set one: 2 KiB per
  /// thread the device holds at once.
  static uint64_t defaultHeapBytes(const DeviceProperties &Device);
  /// The printf buffer's size when LIBOMPTARGET_PRINTF_BUFFER_SIZE does not
  /// set one.
  static constexpr uint64_t DefaultPrintfBufferBytes = uint64_t(64) << 20;
  /// Each thread's stack, for an image whose calls may recurse, when
  /// LIBOMPTARGET_STACK_SIZE does not set one.
  static constexpr uint64_t DefaultDeepStackBytes = uint64_t(16) << 10;

private:
  void set(int Limit, uint64_t Bytes, const char *What, const char *Variable,
           bool FromVariable);

  const CudaDriver &Cu;
  const DeviceProperties &Device;
  bool HeapSized = false;
  bool PrintfBufferSized = false;
  bool StackSized = false;
  bool PendingLaunchesSized = false;
};

} // namespace omptarget

#endif // OMPTARGET_DEVICELIMITS_H
