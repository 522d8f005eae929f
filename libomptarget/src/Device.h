//===- Device.h - One CUDA device -------------------------------*- C++ -*-===//
//
// A GPU as the runtime uses it: its primary context and its streams (lanes),
// its memory (the DeviceMemory the data environment maps into), and the
// programs loaded on it (its ImageLoader). Every construct holds the device
// for the host-side part of its work; the work itself is queued on the lane
// the construct runs on and completes later, in order on that lane.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_DEVICE_H
#define OMPTARGET_DEVICE_H

#include "CudaDriver.h"
#include "DataEnvironment.h"
#include "DeviceMemory.h"
#include "DeviceProperties.h"
#include "EventPool.h"
#include "ImageLoader.h"
#include "Kernel.h"
#include "Landings.h"
#include "LargeCopies.h"
#include "MemoryPool.h"
#include "StreamPool.h"
#include "Trace.h"

#include <mutex>
#include <string>
#include <vector>

namespace omptarget {

class Device;

/// A device held for one construct or API call. When it lets go, what the
/// construct left to release once its queued work is done is fenced.
class DeviceLock {
public:
  DeviceLock() = default;
  explicit DeviceLock(Device &D);
  DeviceLock(DeviceLock &&Other) noexcept
      : D(Other.D), Lock(std::move(Other.Lock)) {
    Other.D = nullptr;
  }
  DeviceLock &operator=(DeviceLock &&Other) noexcept;
  ~DeviceLock() { unlock(); }
  explicit operator bool() const { return D != nullptr; }
  void unlock();

private:
  Device *D = nullptr;
  std::unique_lock<std::mutex> Lock;
};

class Device final : public DeviceMemory, public QueueErrors {
public:
  Device(const CudaDriver &Cu, int Id, int NumDevices, CUdevice Handle);

  /// Holds the device for one construct or API call, after making sure it is
  /// initialized, current on this thread and has every registered program
  /// loaded.
  DeviceLock acquire();
  /// Initializes the device (its context and streams) if nothing did yet,
  /// and loads nothing: what can fail for a program's images fails at the
  /// construct, which names it (Runtime::startEarly).
  void startEarly();

  int id() const { return Properties.Id; }
  const CudaDriver &driver() const { return Cu; }
  CUdevice handle() const { return Handle; }
  CUcontext context() const { return Context; }
  unsigned numMultiprocessors() const { return Properties.Multiprocessors; }
  DataEnvironment &data() { return Data; }
  EventPool &events() { return Events; }
  StreamPool &streams() { return Streams; }

  /// The lane the construct in progress queues its work on: the main one,
  /// unless a LaneScope chose another.
  Lane &lane() const { return *Current; }
  /// Runs the rest of a construct on another lane (an asynchronous one).
  /// With \p CopiesOut, the construct completes later: its copies to pageable
  /// host memory land in pinned memory, listed there, for land() once its work
  /// is done (Landings.h).
  class LaneScope {
  public:
    LaneScope(Device &D, Lane &L, Landings *CopiesOut = nullptr)
        : D(D), Outer(D.Current), OuterCopiesOut(D.CopiesOut) {
      D.Current = &L;
      D.CopiesOut = CopiesOut;
    }
    ~LaneScope() {
      D.lane().Work.seal();
      D.Current = Outer;
      D.CopiesOut = OuterCopiesOut;
    }
    LaneScope(const LaneScope &) = delete;
    LaneScope &operator=(const LaneScope &) = delete;

  private:
    Device &D;
    Lane *Outer;
    Landings *OuterCopiesOut;
  };
  /// Moves copies to the host that landed in pinned memory (an asynchronous
  /// construct's, or a lane's Arriving), whose work is done, into place.
  void land(Landings &Done);

  /// The kernel of a target region, by its host region id; nullptr if no
  /// loaded program has it.
  Kernel *findKernel(const void *HostId) const {
    return Loader.findKernel(HostId);
  }

  /// Forgets a program being unregistered (its host addresses may be reused),
  /// once the work queued for it is done.
  void unloadProgram(const __tgt_bin_desc *Desc);
  /// Waits for the work queued on every lane, if the device was used.
  void waitForQueuedWork();

  /// Makes the device's context current on this thread.
  void makeCurrent();

  /// Ends the process with a message naming \p What if \p Result is an error
  /// (naming the kernel that failed, for a fault).
  void check(CUresult Result, const char *What) {
    if (Result != CUDA_SUCCESS)
      failed(Result, What);
  }
  [[noreturn]] void failed(CUresult Result, const char *What) override;

  /// Queues work on the current lane's stream with \p Enqueue(stream). With
  /// a trace, the work is timed on the GPU and shown as the trace::Event
  /// that \p Describe returns (called only then).
  template <typename EnqueueFn, typename DescribeFn>
  void enqueue(EnqueueFn Enqueue, DescribeFn Describe) {
    Queue &Q = Current->Work;
    if (trace::Enabled) {
      GpuTimeline::Start From = Q.timeline().begin(Q.stream());
      Enqueue(Q.stream());
      Q.timeline().end(Q.stream(), From, Describe());
    } else {
      Enqueue(Q.stream());
    }
    Q.noteWork();
  }

  /// The trace event of the current construct's data mapping step \p Step
  /// ("enter data", "exit data", "update") of \p Items list items.
  trace::Event mapEvent(const char *Step, int64_t Items) const;

  /// Notes that the target region at \p Loc launches \p K next on the
  /// current lane, so that a fault names it.
  void noteLaunch(const ident_t *Loc, const Kernel &K) {
    Current->Work.noteLaunch(Loc, K.Name.c_str());
  }
  /// Kernels launched on the current lane after this call run after the work
  /// queued so far on the main lane (which the program sees as complete).
  void orderAfterMainLane() { orderAfterMainLaneOf(*this); }
  /// Work queued on the current lane after this call runs after the work
  /// queued so far on \p Other's main lane (\p Other may be another device,
  /// held by the caller too): a copy into another device's buffer must not
  /// overtake the kernels that device still runs on it.
  void orderAfterMainLaneOf(Device &Other);
  /// Waits for the work on every lane (unloading, out of memory, program
  /// exit, memory that any stream may still use).
  void synchronizeAll();

  /// Kernel launches reuse these buffers instead of allocating each time.
  LaunchBuffers &launchBuffers() { return Buffers; }

  /// Queues a copy between two buffers of this device.
  void copyWithinDevice(uintptr_t Dst, uintptr_t Src, size_t Size);
  /// Queues a copy from this device's \p Src to \p To's \p Dst: directly
  /// between the GPUs where they can reach each other's memory (peer access,
  /// enabled at the first copy between them), else the driver stages it
  /// through host memory.
  void copyToPeer(const Device &To, uintptr_t Dst, uintptr_t Src, size_t Size);
  /// Queues the rows of \p Box from this device's \p Src to \p To's \p Dst
  /// as one 3-D peer copy, as copyToPeer does; false, with nothing queued,
  /// where the driver refuses the box's pitches (it may refuse pitches that
  /// cuMemAllocPitch did not choose), for the caller to copy row by row.
  bool copyBoxToPeer(const Device &To, uintptr_t Dst, uintptr_t Src,
                     const CopyBox &Box);
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
  /// Whether the host may see a kernel's writes to the memory at \p Address
  /// (a pointer the kernel gets) without a copy: managed, pinned or locked
  /// memory, or any host memory where the program requires unified shared
  /// memory and kernels reach all of it. A region passing such a pointer
  /// waits for its kernel.
  bool hostSeesDeviceWrites(uintptr_t Address);
  /// Under `requires unified_shared_memory` on a GPU that reaches all host
  /// memory, kernels use host memory in place, whatever their arguments.
  bool kernelsUseHostMemoryInPlace() {
    return Data.requiresUnifiedSharedMemory() &&
           Properties.PageableMemoryAccess;
  }

  // DeviceMemory.
  uintptr_t allocate(size_t Size) override;
  void release(uintptr_t Ptr) override;
  void releaseWhenDone(uintptr_t Ptr) override;
  void copyToDevice(uintptr_t Dst, const void *Src, size_t Size) override;
  void copyValueToDevice(uintptr_t Dst, uintptr_t Value) override;
  void copyFromDevice(void *Dst, uintptr_t Src, size_t Size) override;
  void copyBoxToDevice(uintptr_t Dst, const void *Src,
                       const CopyBox &Box) override;
  void copyBoxFromDevice(void *Dst, uintptr_t Src, const CopyBox &Box) override;
  uint64_t maxPitch() const override { return Properties.MaxPitch; }
  void synchronize() override;
  void settleCopiesIn() override;
  bool reachesHostMemory(uintptr_t Begin, uint64_t Size) override;
  std::string name() const override;
  std::string memoryStatus() override;

private:
  friend class DeviceLock;
  void initialize();
  /// The end of a construct's host-side work: fences what it left to
  /// release, and frees large blocks once nothing may use them.
  void endConstruct();
  /// cuMemAlloc, retried after waiting for the device and returning the
  /// blocks kept for reuse.
  uintptr_t allocateFromDriver(size_t Size);
  void freeToDriver(uintptr_t Ptr);
  /// Frees the large blocks released while queued work used them, once no
  /// lane has work queued (cuMemFree would wait for it).
  void freeLargeBlocksWhenIdle();
  /// The trace event of a copy of \p Bytes in \p Direction ("HtoD", ...).
  trace::Event copyEvent(const char *Direction, size_t Bytes) const;
  /// Fills in \p Copy's shape (sizes, pitches, heights) from \p Box.
  static void shapeCopy(const CopyBox &Box, CUDA_MEMCPY3D &Copy);
  /// The trace event of a copy of \p Box in \p Direction.
  trace::Event boxEvent(const char *Direction, const CopyBox &Box) const;
  /// Queues a 2-D or 3-D copy whose two sides \p Copy describes, except for
  /// the box's shape, which this fills in.
  void copyBox(const CopyBox &Box, CUDA_MEMCPY3D Copy, const char *Direction);
  /// Copies to pageable host memory (from constructs that complete before
  /// they return) up to this size land in pinned memory: a copy this small
  /// costs the latency of its start, not bandwidth.
  static constexpr size_t SmallLandingBytes = size_t(64) << 10;
  /// Pinned memory for the rows of \p Box, to go to the \p Span bytes of
  /// pageable host memory at \p Host, where the copy lands (listed in
  /// CopiesOut, or if small in the lane's Arriving); else nullptr (copy to
  /// \p Host itself).
  char *landingFor(void *Host, size_t Span, const CopyBox &Box);
  /// Enables this device's access to \p Peer's memory once, where the
  /// driver says the two GPUs allow it.
  void reachPeer(const Device &Peer);
  /// Why a kernel failing with \p Result may have failed under `requires
  /// unified_shared_memory`, and what to do; empty where that cannot be it.
  std::string unifiedMemoryAdvice(CUresult Result) const;

  const CudaDriver &Cu;
  DeviceProperties Properties;
  const CUdevice Handle;
  std::mutex Mutex;
  bool Initialized = false;
  CUcontext Context = nullptr;

  EventPool Events;
  StreamPool Streams;
  Lane *Current = nullptr;
  /// Where the copies to the host of the construct in progress land, if it
  /// completes later.
  Landings *CopiesOut = nullptr;
  /// The paths of copies of large host data.
  LargeCopies Large;
  LandingPool LandingMemory;

  DataEnvironment Data{*this};
  ImageLoader Loader{Cu, Properties, *this, Data};

  /// Small blocks released by the data environment, kept for reuse.
  MemoryPool Pool;
  /// Per device number: whether this device's access to that device's
  /// memory was settled (enabled, or found impossible).
  std::vector<bool> PeersSettled;
  /// Large blocks whose queued work is done, to free when the device is idle.
  std::vector<uintptr_t> LargeFrees;
  LaunchBuffers Buffers;
};

} // namespace omptarget

#endif // OMPTARGET_DEVICE_H
