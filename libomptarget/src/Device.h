//===- Device.h - One CUDA device -------------------------------*- C++ -*-===//
//
// A GPU as the runtime uses it: its primary context and one stream, its memory
// (the DeviceMemory the data environment maps into), and the programs loaded
// on it (its ImageLoader). Every construct holds the device's lock for its
// duration.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_DEVICE_H
#define OMPTARGET_DEVICE_H

#include "CudaDriver.h"
#include "DataEnvironment.h"
#include "DeviceMemory.h"
#include "DeviceProperties.h"
#include "GpuTimeline.h"
#include "ImageLoader.h"
#include "Kernel.h"
#include "MemoryPool.h"
#include "Trace.h"

#include <mutex>
#include <string>

namespace omptarget {

class Device final : public DeviceMemory {
public:
  Device(const CudaDriver &Cu, int Id, int NumDevices, CUdevice Handle);

  /// Locks the device for one construct or API call, after making sure it is
  /// initialized, current on this thread and has every registered program
  /// loaded.
  std::unique_lock<std::mutex> acquire();

  int id() const { return Properties.Id; }
  const CudaDriver &driver() const { return Cu; }
  CUstream stream() const { return Stream; }
  unsigned numMultiprocessors() const { return Properties.Multiprocessors; }
  DataEnvironment &data() { return Data; }

  /// The kernel of a target region, by its host region id; nullptr if no
  /// loaded program has it.
  Kernel *findKernel(const void *HostId) const {
    return Loader.findKernel(HostId);
  }

  /// Forgets a program being unregistered (its host addresses may be reused).
  void unloadProgram(const __tgt_bin_desc *Desc);

  /// Makes the device's context current on this thread (the caller holds the
  /// lock).
  void makeCurrent();

  /// Ends the process with a message naming \p What if \p Result is an error.
  void check(CUresult Result, const char *What) const {
    Cu.check(Result, Properties.Id, What);
  }

  /// Queues work on the stream with \p Enqueue. With a trace, the work is
  /// timed on the GPU and shown as the trace::Event that \p Describe returns
  /// (called only then).
  template <typename EnqueueFn, typename DescribeFn>
  void enqueue(EnqueueFn Enqueue, DescribeFn Describe) {
    if (trace::Enabled) {
      GpuTimeline::Start From = Timeline.begin(Stream);
      Enqueue();
      Timeline.end(Stream, From, Describe());
    } else {
      Enqueue();
    }
    Pending = true;
  }

  /// The trace event of the current construct's data mapping step \p Step
  /// ("enter data", "exit data", "update") of \p Items list items.
  trace::Event mapEvent(const char *Step, int64_t Items) const;

  /// Waits for a launched kernel; a fault ends the process naming it.
  void waitForKernel(const Kernel &K);

  /// Kernel launches reuse these buffers instead of allocating each time.
  LaunchBuffers &launchBuffers() { return Buffers; }
  /// Device memory of at least \p Size bytes for firstprivate copies, valid
  /// until the next call.
  uintptr_t privateBuffer(size_t Size);

  /// Queues a copy between two buffers of this device.
  void copyWithinDevice(uintptr_t Dst, uintptr_t Src, size_t Size);
  /// Queues a copy from this device's \p Src to \p To's \p Dst.
  void copyToPeer(const Device &To, uintptr_t Dst, uintptr_t Src, size_t Size);
  /// Queues setting \p Size bytes at \p Dst to \p Value.
  void fill(uintptr_t Dst, unsigned char Value, size_t Size);

  /// Managed memory (cuMemAllocManaged) that the host and every device use
  /// in place; 0 when out of memory.
  uintptr_t allocateManaged(size_t Size);
  /// Page-locked host memory (cuMemHostAlloc) that every device reads in
  /// place; nullptr when out of memory.
  void *allocatePinned(size_t Size);
  /// Frees memory from allocateManaged or allocatePinned.
  void freeHostAccessible(uintptr_t Ptr);
  /// Page-locks [Ptr, Ptr + Size) for every device (cuMemHostRegister), or
  /// counts one more lock of a range locked before; returns the address
  /// kernels use (the same, under CUDA's unified addressing) or nullptr when
  /// the driver refuses.
  void *lockHostMemory(void *Ptr, size_t Size);
  /// Drops a lock taken by lockHostMemory.
  void unlockHostMemory(void *Ptr);

  // DeviceMemory.
  uintptr_t allocate(size_t Size) override;
  void release(uintptr_t Ptr) override;
  void copyToDevice(uintptr_t Dst, const void *Src, size_t Size) override;
  void copyFromDevice(void *Dst, uintptr_t Src, size_t Size) override;
  void copyBoxToDevice(uintptr_t Dst, const void *Src,
                       const CopyBox &Box) override;
  void copyBoxFromDevice(void *Dst, uintptr_t Src, const CopyBox &Box) override;
  uint64_t maxPitch() const override { return Properties.MaxPitch; }
  void synchronize() override;
  bool reachesHostMemory(uintptr_t Begin, uint64_t Size) override;
  std::string name() const override;
  std::string memoryStatus() override;

private:
  void initialize();
  /// cuMemAlloc, retried once after the pool returned its free blocks.
  uintptr_t allocateFromDriver(size_t Size);
  void freeToDriver(uintptr_t Ptr);
  /// The trace event of a copy of \p Bytes in \p Direction ("HtoD", ...).
  trace::Event copyEvent(const char *Direction, size_t Bytes) const;
  /// Queues a 2-D or 3-D copy whose two sides \p Copy describes, except for
  /// the box's shape, which this fills in.
  void copyBox(const CopyBox &Box, CUDA_MEMCPY3D Copy, const char *Direction);
  /// Why a kernel failing with \p Result may have failed under `requires
  /// unified_shared_memory`, and what to do; empty where that cannot be it.
  std::string unifiedMemoryAdvice(CUresult Result) const;

  const CudaDriver &Cu;
  DeviceProperties Properties;
  const CUdevice Handle;
  std::mutex Mutex;
  bool Initialized = false;
  CUcontext Context = nullptr;
  CUstream Stream = nullptr;
  /// Work was queued on the stream since the last synchronize().
  bool Pending = false;

  DataEnvironment Data{*this};
  ImageLoader Loader{Cu, Properties, *this, Data};

  /// Small blocks released by the data environment, kept for reuse.
  MemoryPool Pool;
  LaunchBuffers Buffers;
  uintptr_t PrivateBuffer = 0;
  size_t PrivateBufferSize = 0;
  GpuTimeline Timeline;
};

} // namespace omptarget

#endif // OMPTARGET_DEVICE_H
