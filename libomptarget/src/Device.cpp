//===- Device.cpp - One CUDA device ---------------------------------------===//
//
// Context, lanes and memory of a device. A construct queues its copies and
// kernels on one lane, where they run in order, so copies queued before a
// launch complete before the kernel reads them; it waits only where the
// program could observe the work (data copied back, memory the host uses in
// place), and what the work still uses is released once it is done.
//
//===----------------------------------------------------------------------===//

#include "Device.h"
#include "Address.h"
#include "Diagnostics.h"
#include "HostAccessibleMemory.h"
#include "ImageInfo.h"

#include <algorithm>
#include <cinttypes>

using namespace omptarget;

DeviceLock::DeviceLock(Device &D) : D(&D), Lock(D.Mutex) {}

DeviceLock &DeviceLock::operator=(DeviceLock &&Other) noexcept {
  unlock();
  D = Other.D;
  Lock = std::move(Other.Lock);
  Other.D = nullptr;
  return *this;
}

void DeviceLock::unlock() {
  if (!D)
    return;
  D->endConstruct();
  Lock.unlock();
  D = nullptr;
}

Device::Device(const CudaDriver &Cu, int Id, int NumDevices, CUdevice Handle)
    : Cu(Cu), Handle(Handle), Events(Cu, Id), Streams(Cu, Events, *this, Id),
      Large(Cu, Events, *this, Id), LandingMemory(Cu, Id) {
  Properties.Id = Id;
  Properties.NumDevices = NumDevices;
  PeersSettled.resize(NumDevices);
}

DeviceLock Device::acquire() {
  DeviceLock Lock(*this);
  if (!Initialized)
    initialize();
  else
    // Another library on this thread may have made its own context current.
    makeCurrent();
  Loader.loadNewPrograms();
  // Release what finished work used, without waiting.
  Current->Work.retire();
  return Lock;
}

void Device::startEarly() {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!Initialized)
    initialize();
}

void Device::endConstruct() {
  if (!Current)
    return;
  Current->Work.seal();
  freeLargeBlocksWhenIdle();
}

void Device::makeCurrent() {
  check(Cu.CtxSetCurrent(Context), "cannot make the context current");
}

void Device::unloadProgram(const __tgt_bin_desc *Desc) {
  std::lock_guard<std::mutex> Lock(Mutex);
  // The program's kernels may still run. At process exit the driver may be
  // shut down already (the runtime waited for the device before).
  if (Initialized && Cu.CtxSetCurrent(Context) == CUDA_SUCCESS)
    synchronizeAll();
  Loader.unloadProgram(Desc, Context);
}

void Device::waitForQueuedWork() {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!Initialized)
    return;
  makeCurrent();
  synchronizeAll();
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
  Streams.initialize();
  Current = &Streams.main();
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
  int ThreadsPerSM = 0;
  check(Cu.DeviceGetAttribute(
            &ThreadsPerSM, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
            Handle),
        "cannot read the threads of a multiprocessor");
  Properties.SM = static_cast<unsigned>(Major * 10 + Minor);
  Properties.Multiprocessors = static_cast<unsigned>(SMs);
  Properties.ThreadsPerMultiprocessor = static_cast<unsigned>(ThreadsPerSM);
  int Pageable = 0, ConcurrentManaged = 0, MaxPitch = 0;
  check(Cu.DeviceGetAttribute(
            &Pageable, CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS, Handle),
        "cannot read whether kernels may access host memory");
  check(Cu.DeviceGetAttribute(&ConcurrentManaged,
                              CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS,
                              Handle),
        "cannot read whether managed memory is coherent");
  check(Cu.DeviceGetAttribute(&MaxPitch, CU_DEVICE_ATTRIBUTE_MAX_PITCH, Handle),
        "cannot read the largest copy pitch");
  Properties.PageableMemoryAccess = Pageable != 0;
  Properties.ConcurrentManagedAccess = ConcurrentManaged != 0;
  Properties.MaxPitch = static_cast<uint64_t>(MaxPitch);
  char NameBuffer[256] = "unknown GPU";
  check(Cu.DeviceGetName(NameBuffer, sizeof(NameBuffer), Handle),
        "cannot read the device name");
  Properties.Name = NameBuffer;
  Initialized = true;
  if (trace::Enabled)
    trace::nameDevice(Properties.Id,
                      format("device %d: %s (%s)", Properties.Id, NameBuffer,
                             smName(Properties.SM).c_str()));
  size_t Memory = 0;
  check(Cu.DeviceTotalMem(&Memory, Handle), "cannot read the memory size");
  // Released large blocks kept for reuse: up to a sixteenth of the device
  // (5 GiB of an H100's 80), which the pool gives back when an allocation
  // finds the device full.
  Pool.setLargeCap(Memory / 16);
  if (infoEnabled()) {
    int Version = 0;
    check(Cu.DriverGetVersion(&Version), "cannot read the driver version");
    info("device %d is %s (%s, %u multiprocessors, %.1f GiB), CUDA driver "
         "%d.%d; kernels reach %s",
         Properties.Id, Properties.Name.c_str(), smName(Properties.SM).c_str(),
         Properties.Multiprocessors, Memory / double(1ull << 30),
         Version / 1000, Version % 1000 / 10,
         Properties.PageableMemoryAccess ? "all host memory"
         : Properties.ConcurrentManagedAccess
             ? "managed and pinned host memory, coherently"
             : "managed and pinned host memory");
  }
}

void Device::failed(CUresult Result, const char *What) {
  if (!isKernelFault(Result))
    fatal("device %d: %s: %s", Properties.Id, What,
          Cu.describe(Result).c_str());
  // After a fault every call returns it, whichever work it waits for: the
  // kernel that faulted is the oldest one a stream has not reported done.
  const QueuedLaunch *Culprit = nullptr;
  std::string Concurrent;
  for (const std::unique_ptr<Lane> &L : Streams.lanes()) {
    const QueuedLaunch *Launch = L->Work.unfinishedLaunch();
    if (!Launch)
      continue;
    if (!Culprit)
      Culprit = Launch;
    else
      Concurrent += format(
          " (or kernel %s of the target region at %s, which ran at the same "
          "time on stream %d)",
          Launch->Kernel,
          describeLocation(&Launch->Loc, Launch->Kernel).c_str(),
          L->Work.number());
  }
  if (!Culprit)
    fatal("device %d: %s: %s%s", Properties.Id, What,
          Cu.describe(Result).c_str(), unifiedMemoryAdvice(Result).c_str());
  // Target regions return before their kernels end: say where the host
  // found out, unless that is the region itself.
  std::string Here = ConstructScope::where();
  std::string Noticed;
  if (Here.empty())
    Noticed = "; the host noticed the failure when the program ended (target "
              "regions do not wait for their kernels)";
  else if (Here != describeLocation(&Culprit->Loc, Culprit->Kernel))
    Noticed = format("; the host noticed the failure at %s, when it next "
                     "waited for the device (target regions do not wait for "
                     "their kernels)",
                     Here.c_str());
  ConstructScope Region(&Culprit->Loc);
  Region.setKernel(Culprit->Kernel);
  fatal("kernel %s failed on device %d: %s%s%s%s", Culprit->Kernel,
        Properties.Id, Cu.describe(Result).c_str(), Concurrent.c_str(),
        Noticed.c_str(), unifiedMemoryAdvice(Result).c_str());
}

std::string Device::unifiedMemoryAdvice(CUresult Result) const {
  // A kernel following a host pointer the GPU cannot translate faults like
  // any wild pointer; under the requirement that is the likely cause.
  if (!Data.requiresUnifiedSharedMemory() || Properties.PageableMemoryAccess ||
      (Result != CUDA_ERROR_ILLEGAL_ADDRESS &&
       Result != CUDA_ERROR_LAUNCH_FAILED))
    return "";
  return format(
      "; the program requires unified_shared_memory, but device %d (%s) "
      "cannot access host memory that was not mapped: this GPU and driver "
      "give kernels no access to pageable host memory (no HMM). Map the host "
      "data the kernel uses, or allocate it with omp_target_alloc_shared or "
      "llvm_omp_target_alloc_shared (managed memory), for the target region",
      Properties.Id, Properties.Name.c_str());
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
    // What queued work still uses, and blocks kept for reuse, may be what is
    // missing: wait for the work, free them and retry.
    synchronizeAll();
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
  // cuMemFree waits for the whole device.
  check(Cu.MemFree(Ptr), "cannot free device memory");
}

void Device::freeLargeBlocksWhenIdle() {
  if (LargeFrees.empty())
    return;
  for (const std::unique_ptr<Lane> &L : Streams.lanes())
    if (L->Work.busy())
      return;
  for (uintptr_t Ptr : LargeFrees)
    freeToDriver(Ptr);
  LargeFrees.clear();
}

void Device::synchronizeAll() {
  for (const std::unique_ptr<Lane> &L : Streams.lanes()) {
    L->Work.synchronize();
    land(L->Arriving);
  }
  freeLargeBlocksWhenIdle();
}

void Device::orderAfterMainLaneOf(Device &Other) {
  Queue &Main = Other.Streams.main().Work;
  if (Current == &Other.Streams.main() || !Main.busy())
    return;
  // An event is recorded in the context of its stream; a stream may wait
  // for an event of any context.
  if (&Other != this)
    Other.makeCurrent();
  CUevent Event = Main.record();
  if (&Other != this)
    makeCurrent();
  Current->Work.waitFor(Event);
  Other.Events.giveBack(Event);
}

uintptr_t Device::allocate(size_t Size) {
  trace::HostSpan Span([&] {
    return trace::Event{
        "alloc", "memory",
        trace::Args().add("device", Properties.Id).add("bytes", Size)};
  });
  size_t Block = MemoryPool::blockSize(Size);
  if (uintptr_t Ptr = Pool.take(Block, &Current->Work))
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
  if (!Pool.giveBack(Ptr, nullptr))
    freeToDriver(Ptr);
}

void Device::releaseWhenDone(uintptr_t Ptr) {
  Queue &Q = Current->Work;
  if (!Q.busy()) {
    release(Ptr);
    return;
  }
  // Work queued later on the same stream runs after the work that uses the
  // block, so it may take the block at once; other streams once it is done.
  if (uint64_t Token = Pool.giveBack(Ptr, &Q)) {
    Q.whenDone([this, Ptr, Token] { Pool.settle(Ptr, Token); });
    return;
  }
  Q.whenDone([this, Ptr] { LargeFrees.push_back(Ptr); });
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
              .add("stream", Current->Work.number())};
}

void Device::copyToDevice(uintptr_t Dst, const void *Src, size_t Size) {
  auto QueueCopy = [&](uintptr_t To, void *From, size_t Bytes) {
    enqueue(
        [&](CUstream Stream) {
          check(Cu.MemcpyHtoDAsync(To, From, Bytes, Stream),
                "cannot copy data to the device");
        },
        [&] { return copyEvent("HtoD", Bytes); });
  };
  if (Large.takes(Src, Size)) {
    enqueue(
        [&](CUstream) {
          Large.toDevice(Current->Work, Context, Dst, Src, Size);
        },
        [&] { return copyEvent("HtoD", Size); });
    return;
  }
  // Small data is copied to pinned memory now, so the caller may change it
  // as soon as the construct returns; larger data is read where it is, and
  // the construct waits for the copy (settleCopiesIn).
  const void *From = Current->Stage.stage(Current->Work, Src, Size);
  if (!From) {
    From = Src;
    Current->Work.noteHostRead();
  }
  QueueCopy(Dst, const_cast<void *>(From), Size);
}

void Device::copyValueToDevice(uintptr_t Dst, uintptr_t Value) {
  // Always staged: the value is read before this returns.
  copyToDevice(Dst, &Value, sizeof(Value));
}

void Device::copyFromDevice(void *Dst, uintptr_t Src, size_t Size) {
  auto QueueCopy = [&](uintptr_t From, void *To, size_t Bytes) {
    enqueue(
        [&](CUstream Stream) {
          check(Cu.MemcpyDtoHAsync(To, From, Bytes, Stream),
                "cannot copy data from the device");
        },
        [&] { return copyEvent("DtoH", Bytes); });
  };
  CopyBox Row;
  Row.Width = Size;
  if (char *Pinned = landingFor(Dst, Size, Row)) {
    QueueCopy(Src, Pinned, Size);
  } else if (Large.takes(Dst, Size)) {
    enqueue(
        [&](CUstream) {
          Large.fromDevice(Current->Work, Context, Dst, Src, Size);
        },
        [&] { return copyEvent("DtoH", Size); });
  } else {
    QueueCopy(Src, Dst, Size);
  }
}

char *Device::landingFor(void *Host, size_t Span, const CopyBox &Box) {
  // A construct that completes later lands all its copies. The driver's copy
  // into pageable memory returns only once it is done, and starts only once
  // the host has seen the work before it done; a small copy into pinned
  // memory is queued behind that work, runs as soon as it ends, and lands
  // with the construct's others at the next synchronize(). Larger copies
  // count by their bandwidth, not their start (LargeCopies).
  Landings *List = CopiesOut;
  if (!List && Span <= SmallLandingBytes)
    List = &Current->Arriving;
  if (!List || HostAccessibleMemory::get().contains(addressOf(Host), Span))
    return nullptr;
  char *Pinned = LandingMemory.take(Box.Width * Box.Height * Box.Depth);
  List->push_back({static_cast<char *>(Host), Pinned, Box});
  return Pinned;
}

void Device::land(Landings &Done) {
  if (Done.empty())
    return;
  // Counted now: the span's event is made when it ends, once the list is
  // empty.
  size_t Bytes = 0;
  for (const Landing &L : Done)
    Bytes += L.Box.Width * L.Box.Height * L.Box.Depth;
  trace::HostSpan Span([&] {
    return trace::Event{
        "land copies", "land",
        trace::Args().add("device", Properties.Id).add("bytes", Bytes)};
  });
  LandingMemory.land(Done, Large.hostThreads());
}

void Device::copyWithinDevice(uintptr_t Dst, uintptr_t Src, size_t Size) {
  enqueue(
      [&](CUstream Stream) {
        check(Cu.MemcpyDtoDAsync(Dst, Src, Size, Stream),
              "cannot copy between device buffers");
      },
      [&] { return copyEvent("DtoD", Size); });
}

void Device::reachPeer(const Device &Peer) {
  if (PeersSettled[Peer.id()])
    return;
  PeersSettled[Peer.id()] = true;
  int CanAccess = 0;
  check(Cu.DeviceCanAccessPeer(&CanAccess, Handle, Peer.Handle),
        "cannot ask whether the GPUs reach each other's memory");
  if (CanAccess) {
    CUresult Result = Cu.CtxEnablePeerAccess(Peer.Context, 0);
    if (Result != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED)
      check(Result, "cannot enable access to another GPU's memory");
  }
  info("device %d: copies to device %d %s", Properties.Id, Peer.id(),
       CanAccess ? "go directly between the GPUs (peer access)"
                 : "pass through host memory (the GPUs cannot reach each "
                   "other's memory)");
}

void Device::copyToPeer(const Device &To, uintptr_t Dst, uintptr_t Src,
                        size_t Size) {
  reachPeer(To);
  enqueue(
      [&](CUstream Stream) {
        check(Cu.MemcpyPeerAsync(Dst, To.Context, Src, Context, Size, Stream),
              "cannot copy between devices");
      },
      [&] {
        trace::Event Event = copyEvent("peer", Size);
        Event.Arguments.add("to device", To.id());
        return Event;
      });
}

bool Device::copyBoxToPeer(const Device &To, uintptr_t Dst, uintptr_t Src,
                           const CopyBox &Box) {
  reachPeer(To);
  CUDA_MEMCPY3D Copy = {};
  Copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  Copy.srcDevice = Src;
  Copy.srcContext = Context;
  Copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  Copy.dstDevice = Dst;
  Copy.dstContext = To.Context;
  shapeCopy(Box, Copy);
  bool Refused = false;
  enqueue(
      [&](CUstream Stream) {
        CUresult Result = Cu.Memcpy3DPeerAsync(&Copy, Stream);
        Refused = Result == CUDA_ERROR_INVALID_VALUE;
        if (!Refused)
          check(Result, "cannot copy a rectangle between devices");
      },
      [&] {
        trace::Event Event = boxEvent("peer", Box);
        Event.Arguments.add("to device", To.id());
        if (Refused)
          Event.Arguments.add("refused by the driver", 1);
        return Event;
      });
  return !Refused;
}

void Device::copyBoxToDevice(uintptr_t Dst, const void *Src,
                             const CopyBox &Box) {
  CUDA_MEMCPY3D Copy = {};
  Copy.srcMemoryType = CU_MEMORYTYPE_HOST;
  Copy.srcHost = Src;
  Copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  Copy.dstDevice = Dst;
  // The host rows are read where they are, until the copy completes.
  Current->Work.noteHostRead();
  copyBox(Box, Copy, "HtoD");
}

void Device::copyBoxFromDevice(void *Dst, uintptr_t Src, const CopyBox &Box) {
  CUDA_MEMCPY3D Copy = {};
  Copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  Copy.srcDevice = Src;
  Copy.dstMemoryType = CU_MEMORYTYPE_HOST;
  size_t Span = (Box.Depth - 1) * Box.DstSlicePitch +
                (Box.Height - 1) * Box.DstPitch + Box.Width;
  if (char *Pinned = landingFor(Dst, Span, Box)) {
    // The rows land packed.
    CopyBox Packed = Box;
    Packed.DstPitch = Box.Width;
    Packed.DstSlicePitch = Box.Width * Box.Height;
    Copy.dstHost = Pinned;
    copyBox(Packed, Copy, "DtoH");
    return;
  }
  Copy.dstHost = Dst;
  copyBox(Box, Copy, "DtoH");
}

void Device::shapeCopy(const CopyBox &Box, CUDA_MEMCPY3D &Copy) {
  Copy.WidthInBytes = Box.Width;
  Copy.Height = Box.Height;
  Copy.Depth = Box.Depth;
  Copy.srcPitch = Box.SrcPitch;
  Copy.dstPitch = Box.DstPitch;
  // A 3-D copy places slices a whole number of rows apart, which the boxes
  // of a StridedSection and of omp_target_memcpy_rect are.
  Copy.srcHeight =
      Box.Depth > 1 ? Box.SrcSlicePitch / Box.SrcPitch : Box.Height;
  Copy.dstHeight =
      Box.Depth > 1 ? Box.DstSlicePitch / Box.DstPitch : Box.Height;
}

trace::Event Device::boxEvent(const char *Direction, const CopyBox &Box) const {
  trace::Event Event = copyEvent(Direction, Box.Width * Box.Height * Box.Depth);
  Event.Arguments.add("rows", uint64_t(Box.Height * Box.Depth));
  return Event;
}

void Device::copyBox(const CopyBox &Box, CUDA_MEMCPY3D Copy,
                     const char *Direction) {
  shapeCopy(Box, Copy);
  enqueue(
      [&](CUstream Stream) {
        CUresult Result;
        if (Box.Depth == 1) {
          CUDA_MEMCPY2D Flat = {};
          Flat.srcMemoryType = Copy.srcMemoryType;
          Flat.srcHost = Copy.srcHost;
          Flat.srcDevice = Copy.srcDevice;
          Flat.srcPitch = Copy.srcPitch;
          Flat.dstMemoryType = Copy.dstMemoryType;
          Flat.dstHost = Copy.dstHost;
          Flat.dstDevice = Copy.dstDevice;
          Flat.dstPitch = Copy.dstPitch;
          Flat.WidthInBytes = Copy.WidthInBytes;
          Flat.Height = Copy.Height;
          Result = Cu.Memcpy2DAsync(&Flat, Stream);
        } else {
          Result = Cu.Memcpy3DAsync(&Copy, Stream);
        }
        check(Result, "cannot copy a strided section");
      },
      [&] { return boxEvent(Direction, Box); });
}

void Device::fill(uintptr_t Dst, unsigned char Value, size_t Size) {
  enqueue(
      [&](CUstream Stream) {
        check(Cu.MemsetD8Async(Dst, Value, Size, Stream),
              "cannot set device memory");
      },
      [&] {
        return trace::Event{"memset", "memset",
                            trace::Args()
                                .add("bytes", Size)
                                .add("device", Properties.Id)
                                .add("stream", Current->Work.number())};
      });
}

bool Device::reachesHostMemory(uintptr_t Begin, uint64_t Size) {
  return Properties.PageableMemoryAccess ||
         HostAccessibleMemory::get().contains(Begin, Size);
}

bool Device::hostSeesDeviceWrites(uintptr_t Address) {
  return kernelsUseHostMemoryInPlace() ||
         HostAccessibleMemory::get().contains(Address, 1);
}

uintptr_t Device::allocateManaged(size_t Size) {
  CUdeviceptr Ptr = 0;
  CUresult Result = Cu.MemAllocManaged(&Ptr, Size, CU_MEM_ATTACH_GLOBAL);
  if (Result == CUDA_ERROR_OUT_OF_MEMORY)
    return 0;
  check(Result, "cannot allocate managed memory");
  HostAccessibleMemory::get().add(Ptr, Size,
                                  HostAccessibleMemory::Kind::Managed);
  return Ptr;
}

void *Device::allocatePinned(size_t Size) {
  void *Ptr = nullptr;
  CUresult Result =
      Cu.MemHostAlloc(&Ptr, Size, CU_MEMHOST_PORTABLE | CU_MEMHOST_DEVICEMAP);
  if (Result == CUDA_ERROR_OUT_OF_MEMORY)
    return nullptr;
  check(Result, "cannot allocate pinned host memory");
  HostAccessibleMemory::get().add(addressOf(Ptr), Size,
                                  HostAccessibleMemory::Kind::Pinned);
  return Ptr;
}

void Device::freeHostAccessible(uintptr_t Ptr) {
  HostAccessibleMemory::Range R;
  if (!HostAccessibleMemory::get().find(Ptr, R) ||
      R.What == HostAccessibleMemory::Kind::Locked)
    return;
  HostAccessibleMemory::get().release(Ptr);
  // Work queued on any stream may use the memory.
  synchronizeAll();
  if (R.What == HostAccessibleMemory::Kind::Managed)
    check(Cu.MemFree(Ptr), "cannot free managed memory");
  else
    check(Cu.MemFreeHost(pointerTo(Ptr)), "cannot free pinned host memory");
}

void *Device::lockHostMemory(void *Ptr, size_t Size) {
  HostAccessibleMemory &Registry = HostAccessibleMemory::get();
  if (Registry.lockAgain(addressOf(Ptr), Size))
    return Ptr;
  if (Cu.MemHostRegister(Ptr, Size,
                         CU_MEMHOST_PORTABLE | CU_MEMHOST_DEVICEMAP) !=
      CUDA_SUCCESS)
    return nullptr;
  Registry.add(addressOf(Ptr), Size, HostAccessibleMemory::Kind::Locked);
  return Ptr;
}

void Device::unlockHostMemory(void *Ptr) {
  HostAccessibleMemory &Registry = HostAccessibleMemory::get();
  HostAccessibleMemory::Range R;
  if (!Registry.find(addressOf(Ptr), R) ||
      R.What != HostAccessibleMemory::Kind::Locked)
    return;
  if (!Registry.release(addressOf(Ptr)))
    return;
  // Queued copies and kernels may still read the memory.
  synchronizeAll();
  check(Cu.MemHostUnregister(Ptr), "cannot unlock host memory");
}

void Device::synchronize() {
  Current->Work.synchronize();
  land(Current->Arriving);
  freeLargeBlocksWhenIdle();
}

void Device::settleCopiesIn() { Current->Work.settleHostReads(); }

std::string Device::name() const {
  return "device " + std::to_string(Properties.Id);
}

std::string Device::memoryStatus() {
  size_t Free = 0, Total = 0;
  if (Cu.MemGetInfo(&Free, &Total) != CUDA_SUCCESS)
    return "free memory unknown";
  return format("%zu MiB of %zu MiB free", Free >> 20, Total >> 20);
}
