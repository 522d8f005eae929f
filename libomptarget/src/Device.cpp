//===- Device.cpp - One CUDA device ---------------------------------------===//
//
// Context, stream and memory of a device. All work goes to one non-blocking
// stream in order, so copies queued before a launch complete before the kernel
// reads them, and one synchronization answers for everything queued.
//
//===----------------------------------------------------------------------===//

#include "Device.h"
#include "Diagnostics.h"
#include "ImageInfo.h"

#include <algorithm>
#include <cinttypes>

using namespace omptarget;

Device::Device(const CudaDriver &Cu, int Id, int NumDevices, CUdevice Handle)
    : Cu(Cu), Handle(Handle), Timeline(Cu, Id) {
  Properties.Id = Id;
  Properties.NumDevices = NumDevices;
}

std::unique_lock<std::mutex> Device::acquire() {
  std::unique_lock<std::mutex> Lock(Mutex);
  if (!Initialized)
    initialize();
  else
    // Another library on this thread may have made its own context current.
    makeCurrent();
  Loader.loadNewPrograms();
  return Lock;
}

void Device::makeCurrent() {
  check(Cu.CtxSetCurrent(Context), "cannot make the context current");
}

void Device::unloadProgram(const __tgt_bin_desc *Desc) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Loader.unloadProgram(Desc, Context);
}

void Device::initialize() {
  trace::HostSpan Span([&] {
    return trace::Event{"initialize device", "load",
                        trace::Args().add("device", Properties.Id)};
  });
  // The primary context is the one the CUDA runtime uses too, so memory from
  // omp_target_alloc and cudaMalloc is interchangeable.
  check(Cu.DevicePrimaryCtxRetain(&Context, Handle), "cannot create a context");
  makeCurrent();
  check(Cu.StreamCreate(&Stream, CU_STREAM_NON_BLOCKING),
        "cannot create a stream");
  int Major = 0, Minor = 0, SMs = 0;
  check(Cu.DeviceGetAttribute(
            &Major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, Handle),
        "cannot read the compute capability");
  check(Cu.DeviceGetAttribute(
            &Minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, Handle),
        "cannot read the compute capability");
  check(Cu.DeviceGetAttribute(&SMs, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                              Handle),
        "cannot read the number of multiprocessors");
  Properties.SM = static_cast<unsigned>(Major * 10 + Minor);
  Properties.Multiprocessors = static_cast<unsigned>(SMs);
  char NameBuffer[256] = "unknown GPU";
  check(Cu.DeviceGetName(NameBuffer, sizeof(NameBuffer), Handle),
        "cannot read the device name");
  Properties.Name = NameBuffer;
  Initialized = true;
  if (trace::Enabled)
    trace::nameDevice(Properties.Id,
                      format("device %d: %s (%s)", Properties.Id, NameBuffer,
                             smName(Properties.SM).c_str()));
  if (infoEnabled()) {
    size_t Memory = 0;
    int Version = 0;
    check(Cu.DeviceTotalMem(&Memory, Handle), "cannot read the memory size");
    check(Cu.DriverGetVersion(&Version), "cannot read the driver version");
    info("device %d is %s (%s, %u multiprocessors, %.1f GiB), CUDA driver "
         "%d.%d",
         Properties.Id, Properties.Name.c_str(), smName(Properties.SM).c_str(),
         Properties.Multiprocessors, Memory / double(1ull << 30),
         Version / 1000, Version % 1000 / 10);
  }
}

void Device::waitForKernel(const Kernel &K) {
  CUresult Result = Cu.StreamSynchronize(Stream);
  if (Result != CUDA_SUCCESS)
    fatal("kernel %s failed on device %d: %s", K.Name.c_str(), Properties.Id,
          Cu.describe(Result).c_str());
  Pending = false;
  if (trace::Enabled)
    Timeline.flush();
}

uintptr_t Device::privateBuffer(size_t Size) {
  if (Size > PrivateBufferSize) {
    if (PrivateBuffer)
      release(PrivateBuffer);
    // Grow geometrically so that a few launches settle the size.
    size_t NewSize = std::max(Size, 2 * PrivateBufferSize);
    PrivateBuffer = allocate(NewSize);
    if (!PrivateBuffer)
      fatal("out of device memory for %zu bytes of firstprivate copies on "
            "device %d (%s)",
            NewSize, Properties.Id, memoryStatus().c_str());
    PrivateBufferSize = NewSize;
  }
  return PrivateBuffer;
}

uintptr_t Device::allocateFromDriver(size_t Size) {
  trace::HostSpan Span([&] {
    return trace::Event{
        "cuMemAlloc", "memory",
        trace::Args().add("device", Properties.Id).add("bytes", Size)};
  });
  CUdeviceptr Ptr = 0;
  CUresult Result = Cu.MemAlloc(&Ptr, Size);
  if (Result == CUDA_ERROR_OUT_OF_MEMORY) {
    // Blocks kept for reuse may be what is missing: return them and retry.
    std::vector<uintptr_t> Kept = Pool.drain();
    if (Kept.empty())
      return 0;
    for (uintptr_t Block : Kept)
      freeToDriver(Block);
    Result = Cu.MemAlloc(&Ptr, Size);
    if (Result == CUDA_ERROR_OUT_OF_MEMORY)
      return 0;
  }
  check(Result, "cannot allocate device memory");
  return Ptr;
}

void Device::freeToDriver(uintptr_t Ptr) {
  trace::HostSpan Span([&] {
    return trace::Event{"cuMemFree", "memory",
                        trace::Args()
                            .add("device", Properties.Id)
                            .add("address", format("0x%" PRIxPTR, Ptr))};
  });
  // cuMemFree waits for the device: queued work that uses Ptr completes.
  check(Cu.MemFree(Ptr), "cannot free device memory");
}

uintptr_t Device::allocate(size_t Size) {
  trace::HostSpan Span([&] {
    return trace::Event{
        "alloc", "memory",
        trace::Args().add("device", Properties.Id).add("bytes", Size)};
  });
  size_t Block = MemoryPool::blockSize(Size);
  if (!Block)
    return allocateFromDriver(Size);
  if (uintptr_t Ptr = Pool.take(Block))
    return Ptr;
  uintptr_t Ptr = allocateFromDriver(Block);
  if (Ptr)
    Pool.track(Ptr, Block);
  return Ptr;
}

void Device::release(uintptr_t Ptr) {
  trace::HostSpan Span([&] {
    return trace::Event{"free", "memory",
                        trace::Args()
                            .add("device", Properties.Id)
                            .add("address", format("0x%" PRIxPTR, Ptr))};
  });
  if (!Pool.giveBack(Ptr))
    freeToDriver(Ptr);
}

trace::Event Device::mapEvent(const char *Step, int64_t Items) const {
  return {Step, "map",
          trace::Args()
              .add("location", ConstructScope::where())
              .add("device", Properties.Id)
              .add("items", Items)};
}

trace::Event Device::copyEvent(const char *Direction, size_t Bytes) const {
  return {std::string("memcpy ") + Direction, "copy",
          trace::Args()
              .add("bytes", Bytes)
              .add("direction", Direction)
              .add("device", Properties.Id)
              .add("stream", 0)};
}

void Device::copyToDevice(uintptr_t Dst, const void *Src, size_t Size) {
  enqueue(
      [&] {
        check(Cu.MemcpyHtoDAsync(Dst, Src, Size, Stream),
              "cannot copy data to the device");
      },
      [&] { return copyEvent("HtoD", Size); });
}

void Device::copyFromDevice(void *Dst, uintptr_t Src, size_t Size) {
  enqueue(
      [&] {
        check(Cu.MemcpyDtoHAsync(Dst, Src, Size, Stream),
              "cannot copy data from the device");
      },
      [&] { return copyEvent("DtoH", Size); });
}

void Device::copyWithinDevice(uintptr_t Dst, uintptr_t Src, size_t Size) {
  enqueue(
      [&] {
        check(Cu.MemcpyDtoDAsync(Dst, Src, Size, Stream),
              "cannot copy between device buffers");
      },
      [&] { return copyEvent("DtoD", Size); });
}

void Device::copyToPeer(const Device &To, uintptr_t Dst, uintptr_t Src,
                        size_t Size) {
  enqueue(
      [&] {
        check(Cu.MemcpyPeerAsync(Dst, To.Context, Src, Context, Size, Stream),
              "cannot copy between devices");
      },
      [&] {
        trace::Event Event = copyEvent("peer", Size);
        Event.Arguments.add("to device", To.id());
        return Event;
      });
}

void Device::fill(uintptr_t Dst, unsigned char Value, size_t Size) {
  enqueue(
      [&] {
        check(Cu.MemsetD8Async(Dst, Value, Size, Stream),
              "cannot set device memory");
      },
      [&] {
        return trace::Event{"memset", "memset",
                            trace::Args()
                                .add("bytes", Size)
                                .add("device", Properties.Id)
                                .add("stream", 0)};
      });
}

void Device::synchronize() {
  if (!Pending)
    return;
  check(Cu.StreamSynchronize(Stream), "device failure");
  Pending = false;
  if (trace::Enabled)
    Timeline.flush();
}

std::string Device::name() const {
  return "device " + std::to_string(Properties.Id);
}

std::string Device::memoryStatus() {
  size_t Free = 0, Total = 0;
  if (Cu.MemGetInfo(&Free, &Total) != CUDA_SUCCESS)
    return "free memory unknown";
  return format("%zu MiB of %zu MiB free", Free >> 20, Total >> 20);
}
