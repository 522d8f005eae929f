//===- DeviceLimits.cpp - Device heap, printf buffer, stack, launches -----===//
//
// Sizes a context's device heap, printf buffer, stack and queue of pending
// device launches once, before the first image that needs each is loaded (the
// driver takes a new size only until a kernel that uses the service has run).
// Why the sizes are what they are is in DeviceLimits.h.
//
//===----------------------------------------------------------------------===//

#include "DeviceLimits.h"
#include "Diagnostics.h"
#include "Environment.h"
#include "OffloadABI.h"

#include <cinttypes>

using namespace omptarget;

/// Bytes every thread the device holds at once may keep on the heap.
static constexpr uint64_t HeapBytesPerResidentThread = 2048;

/// "528 MiB", "64 KiB" or "1000 bytes".
static std::string describeBytes(uint64_t Bytes) {
  if (Bytes >= (1u << 20) && Bytes % (1u << 20) == 0)
    return format("%" PRIu64 " MiB", Bytes >> 20);
  if (Bytes >= (1u << 10) && Bytes % (1u << 10) == 0)
    return format("%" PRIu64 " KiB", Bytes >> 10);
  return format("%" PRIu64 " bytes", Bytes);
}

uint64_t DeviceLimits::defaultHeapBytes(const DeviceProperties &Device) {
  return uint64_t(Device.Multiprocessors) * Device.ThreadsPerMultiprocessor *
         HeapBytesPerResidentThread;
}

void DeviceLimits::prepareFor(uint64_t Uses) {
  const Environment &Env = getEnvironment();
  if ((Uses & OMPGPU_IMAGE_USES_HEAP) && !HeapSized) {
    HeapSized = true;
    set(CU_LIMIT_MALLOC_HEAP_SIZE,
        Env.HeapSize ? Env.HeapSize : defaultHeapBytes(Device),
        "device heap (malloc, omp_alloc, variables shared with parallel "
        "regions)",
        "LIBOMPTARGET_HEAP_SIZE", Env.HeapSize != 0);
  }
  if ((Uses & OMPGPU_IMAGE_USES_PRINTF) && !PrintfBufferSized) {
    PrintfBufferSized = true;
    set(CU_LIMIT_PRINTF_FIFO_SIZE,
        Env.PrintfBufferSize ? Env.PrintfBufferSize : DefaultPrintfBufferBytes,
        "printf buffer", "LIBOMPTARGET_PRINTF_BUFFER_SIZE",
        Env.PrintfBufferSize != 0);
  }
  if ((Env.StackSize || (Uses & OMPGPU_IMAGE_USES_DEEP_STACK)) &&
      !StackSized) {
    StackSized = true;
    set(CU_LIMIT_STACK_SIZE,
        Env.StackSize ? Env.StackSize : DefaultDeepStackBytes,
        "stack of each thread", "LIBOMPTARGET_STACK_SIZE",
        Env.StackSize != 0);
  }
  if ((Uses & OMPGPU_IMAGE_USES_DEVICE_LAUNCH) && !PendingLaunchesSized) {
    PendingLaunchesSized = true;
    CUresult Result = Cu.CtxSetLimit(CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT,
                                     OMPGPU_DEVICE_LAUNCH_RECORDS);
    if (Result != CUDA_SUCCESS)
      fatal("device %d (%s): cannot make room for %d grids launched from the "
            "device: %s",
            Device.Id, Device.Name.c_str(), OMPGPU_DEVICE_LAUNCH_RECORDS,
            Cu.describe(Result).c_str());
    info("device %d: room for %d grids launched from the device and not yet "
         "started",
         Device.Id, OMPGPU_DEVICE_LAUNCH_RECORDS);
  }
}

void DeviceLimits::set(int Limit, uint64_t Bytes, const char *What,
                       const char *Variable, bool FromVariable) {
  std::string Size = describeBytes(Bytes);
  CUresult Result = Cu.CtxSetLimit(Limit, Bytes);
  if (Result != CUDA_SUCCESS)
    fatal("device %d (%s): cannot make the %s %s large: %s; %s", Device.Id,
          Device.Name.c_str(), What, Size.c_str(), Cu.describe(Result).c_str(),
          FromVariable ? format("%s asks for too much", Variable).c_str()
                       : format("set %s to a smaller size", Variable).c_str());
  info("device %d: the %s is %s (%s)", Device.Id, What, Size.c_str(),
       FromVariable ? Variable : format("%s sets it", Variable).c_str());
}
