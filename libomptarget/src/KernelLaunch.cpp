//===- KernelLaunch.cpp - The launch of a target region -------------------===//
//
// Device kernels take (KernelLaunchEnvironment *, arg0, ..., argN-1), one
// argument per TARGET_PARAM item of the region's map list: literals by value,
// firstprivate objects as pointers to device copies, everything else as the
// device address corresponding to the item's base pointer. The arguments go
// to the driver as one buffer, which it copies when it queues the launch.
//
// Like a CUDA launch, a target region returns once its kernel is queued: the
// kernel's effects reach the host only through operations that wait for the
// device (a copy back, the end of the program). The region itself waits where
// the host could see them otherwise: data the region copies out, memory the
// host and the device both use in place passed to the kernel, and the output
// of printf (which the driver prints when the host waits).
//
//===----------------------------------------------------------------------===//

#include "KernelLaunch.h"
#include "Address.h"
#include "Device.h"
#include "Diagnostics.h"
#include "Environment.h"
#include "Kernel.h"
#include "Trace.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

using namespace omptarget;

namespace {
/// Firstprivate copies are packed into one buffer at this alignment, enough
/// for any scalar or vector type.
constexpr size_t PrivateAlignment = 16;

const char *modeName(uint8_t Mode) {
  const char *Name = ompgpuExecutionModeName(Mode);
  return Name ? Name : "bare";
}
} // namespace

/// Fills B.Arguments with the kernel's arguments (the launch environment
/// left 0), once the map list is mapped. Firstprivate copies go to device
/// memory of their own, released once the kernel is done. Returns whether a
/// pointer argument points to memory the host sees the kernel write.
static bool buildArguments(Device &D, const __tgt_kernel_arguments &Args,
                           LaunchBuffers &B) {
  B.Arguments.clear();
  B.Privates.clear();
  B.PrivateSlots.clear();
  B.Arguments.push_back(0);
  bool HostSeesWrites = false;
  for (uint32_t I = 0; I < Args.NumArgs; ++I) {
    uint64_t Type = Args.ArgTypes[I];
    if (!(Type & OMP_TGT_MAPTYPE_TARGET_PARAM))
      continue;
    uintptr_t Base = addressOf(Args.ArgBasePtrs[I]);
    uintptr_t Begin = addressOf(Args.ArgPtrs[I]);
    if (Type & OMP_TGT_MAPTYPE_LITERAL) {
      // The value itself travels in the pointer: a scalar, or a device
      // pointer (is_device_ptr), which may be managed memory.
      HostSeesWrites |= D.hostSeesDeviceWrites(Begin);
      B.Arguments.push_back(Begin);
      continue;
    }
    if (Type & OMP_TGT_MAPTYPE_PRIVATE) {
      size_t Size = Args.ArgSizes[I];
      size_t Offset =
          (B.Privates.size() + PrivateAlignment - 1) & ~(PrivateAlignment - 1);
      B.Privates.resize(Offset + Size);
      char *Copy = B.Privates.data() + Offset;
      intptr_t ToBase = 0;
      if (Type & OMP_TGT_MAPTYPE_ATTACH) {
        // A private pointer initialized to the device address of its pointee.
        uintptr_t HostValue = loadAddress(Base);
        MappingTable::LookupResult R = D.data().table().lookup(Begin, 0);
        uintptr_t Value = R.Entry ? R.Entry->translate(HostValue) : HostValue;
        memcpy(Copy, &Value, std::min(Size, sizeof(Value)));
      } else {
        if (Type & OMP_TGT_MAPTYPE_TO)
          memcpy(Copy, Args.ArgPtrs[I], Size);
        ToBase = static_cast<intptr_t>(Base - Begin);
      }
      B.PrivateSlots.emplace_back(B.Arguments.size(),
                                  static_cast<intptr_t>(Offset) + ToBase);
      B.Arguments.push_back(0);
      continue;
    }
    // Unmapped pointers (zero-length sections of unmapped memory, device
    // pointers from omp_target_alloc) keep their value.
    uintptr_t DeviceBegin = B.DeviceBegins[I];
    uintptr_t Value = DeviceBegin ? rebase(Base, Begin, DeviceBegin) : Base;
    HostSeesWrites |= D.hostSeesDeviceWrites(Value);
    B.Arguments.push_back(Value);
  }
  if (!B.Privates.empty()) {
    uintptr_t Buffer = D.allocate(B.Privates.size());
    if (!Buffer)
      fatal("out of device memory for %zu bytes of firstprivate copies on "
            "device %d (%s)",
            B.Privates.size(), D.id(), D.memoryStatus().c_str());
    D.copyToDevice(Buffer, B.Privates.data(), B.Privates.size());
    D.releaseWhenDone(Buffer);
    for (const auto &[Argument, Offset] : B.PrivateSlots)
      B.Arguments[Argument] = Buffer + Offset;
  }
  return HostSeesWrites;
}

/// The teams-reduction records a launch of \p K with \p Teams teams needs:
/// one per team, so that no team waits for another's record lock, while
/// they take at most 64 MiB; never fewer than clang sized the kernel for
/// (teams beyond the records share them through their locks).
static uint32_t reductionRecordsFor(const Kernel &K, uint32_t Teams) {
  constexpr uint64_t MaxRecordsBytes = 64u << 20;
  return static_cast<uint32_t>(std::max<uint64_t>(
      K.ReductionRecords,
      std::min<uint64_t>(Teams, MaxRecordsBytes / K.ReductionRecordBytes)));
}

/// Replaces the launch environment of lane \p L of \p D by one with room for
/// \p BufferBytes of teams-reduction records and \p Locks lock words.
static void allocateLaunchEnvironment(Device &D, Lane &L, const Kernel &K,
                                      size_t BufferBytes, uint32_t Locks) {
  // The environment, the counters and then the records, each 16-byte aligned
  // (enough for any reduction variable).
  auto AlignUp = [](size_t Bytes) { return (Bytes + 15) & ~size_t(15); };
  size_t HeaderBytes = AlignUp(sizeof(KernelLaunchEnvironmentTy));
  size_t CounterBytes = AlignUp(sizeof(uint32_t) * (1 + size_t(Locks)));
  uintptr_t Memory = D.allocate(HeaderBytes + CounterBytes + BufferBytes);
  if (!Memory)
    fatal("out of device memory for the teams-reduction records of kernel %s "
          "on device %d (%s)",
          K.Name.c_str(), D.id(), D.memoryStatus().c_str());
  KernelLaunchEnvironmentTy Environment = {};
  uintptr_t Counters = Memory + HeaderBytes;
  Environment.Reduction.TeamsDone = pointerTo<uint32_t>(Counters);
  Environment.Reduction.RecordStates =
      pointerTo<uint32_t>(Counters + sizeof(uint32_t));
  Environment.Reduction.Buffer = pointerTo(Counters + CounterBytes);
  D.fill(Counters, 0, CounterBytes);
  D.copyToDevice(Memory, &Environment, sizeof(Environment));
  // Kernels queued before still use the old one.
  if (L.LaunchEnvironment)
    D.releaseWhenDone(L.LaunchEnvironment);
  L.LaunchEnvironment = Memory;
  L.ReductionBufferBytes = BufferBytes;
  L.ReductionLocks = Locks;
  L.ReductionRecords = 0;
}

/// The launch environment (OffloadABI.h) of \p K's launches of \p Teams
/// teams on the current lane of \p D: the lane's, grown when a launch needs
/// more room. Kernels of a lane run one at a time, so the counters, which
/// every launch leaves at zero, serve them in turn.
static uintptr_t launchEnvironment(Device &D, const Kernel &K, uint32_t Teams) {
  Lane &L = D.lane();
  uint32_t Wanted = reductionRecordsFor(K, Teams);
  size_t WantedBytes = size_t(Wanted) * K.ReductionRecordBytes;
  if (!L.LaunchEnvironment || L.ReductionBufferBytes < WantedBytes ||
      L.ReductionLocks < Wanted)
    allocateLaunchEnvironment(D, L, K,
                              std::max(L.ReductionBufferBytes, WantedBytes),
                              std::max(L.ReductionLocks, Wanted));
  // The kernel gets every record the room holds at its record size, so that
  // kernels of one record size taking turns leave the count as it is; it
  // changes in the environment (before the launch, on the lane's stream)
  // only where kernels of different record sizes take turns.
  uint32_t Records = static_cast<uint32_t>(std::min<uint64_t>(
      L.ReductionLocks, L.ReductionBufferBytes / K.ReductionRecordBytes));
  if (Records != L.ReductionRecords) {
    D.copyToDevice(L.LaunchEnvironment +
                       offsetof(KernelLaunchEnvironmentTy, Reduction) +
                       offsetof(ReductionEnvironmentTy, Records),
                   &Records, sizeof(Records));
    L.ReductionRecords = Records;
  }
  return L.LaunchEnvironment;
}

namespace {
/// How a kernel is launched.
struct LaunchConfig {
  LaunchGeometry Geometry;
  /// Dynamic shared memory in bytes.
  uint32_t SharedMemory = 0;
};

/// Picks the geometry and dynamic shared memory of a launch of \p K and
/// prepares the kernel for them.
LaunchConfig configure(Device &D, Kernel &K, int32_t NumTeams,
                       const __tgt_kernel_arguments &Args,
                       const std::vector<uintptr_t> &Parameters) {
  const CudaDriver &Cu = D.driver();
  const TeamsIcvs Icvs = getEnvironment().teams(D.id());
  LaunchConfig C;
  chooseThreads(K.Shape, Args, Icvs, C.Geometry);
  // DynCGroupMem (ompx_dyn_cgroup_mem) exists from version 3 of the block.
  C.SharedMemory = Args.Version >= 3 ? Args.DynCGroupMem : 0;
  // Generic kernels keep the main thread's data-sharing stack (locals shared
  // with parallel regions, region arguments) in dynamic shared memory; what
  // does not fit goes to the device heap, correct but slower.
  if (K.Shape.ExecMode == OMP_TGT_EXEC_MODE_GENERIC)
    C.SharedMemory += OMPGPU_DATA_SHARING_STACK_BYTES;
  if (C.SharedMemory > K.SharedMemoryLimit) {
    D.check(Cu.FuncSetAttribute(K.Function,
                                CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                static_cast<int>(C.SharedMemory)),
            "cannot grant the requested dynamic shared memory");
    K.SharedMemoryLimit = C.SharedMemory;
  }
  const uint32_t *Threads = C.Geometry.Threads;
  uint32_t BlockSize = Threads[0] * Threads[1] * Threads[2];
  if (K.OccupancyBlockSize != BlockSize ||
      K.OccupancySharedMemory != C.SharedMemory) {
    int Blocks = 0;
    D.check(
        Cu.OccupancyMaxActiveBlocksPerMultiprocessor(
            &Blocks, K.Function, static_cast<int>(BlockSize), C.SharedMemory),
        "cannot compute the kernel's occupancy");
    K.OccupancyBlockSize = BlockSize;
    K.OccupancySharedMemory = C.SharedMemory;
    K.BlocksPerMultiprocessor = static_cast<uint32_t>(Blocks);
  }
  if (!getEnvironment().ShapedGrids ||
      !chooseShapedTeams(K.Shape, Args, NumTeams, Icvs, Parameters.data(),
                         Parameters.size(), C.Geometry))
    chooseTeams(K.Shape, Args, NumTeams, Icvs, D.numMultiprocessors(),
                K.BlocksPerMultiprocessor, C.Geometry);
  return C;
}

/// The LIBOMPTARGET_INFO line of a launch.
void printLaunch(const Device &D, const Kernel &K, const LaunchGeometry &G,
                 size_t NumArguments) {
  std::string Teams = std::to_string(G.Teams[0]);
  std::string Threads = std::to_string(G.Threads[0]);
  if (K.Shape.ExecMode == 0 || G.Teams[1] > 1 || G.Teams[2] > 1)
    Teams = format("%ux%ux%u", G.Teams[0], G.Teams[1], G.Teams[2]);
  if (K.Shape.ExecMode == 0)
    Threads = format("%ux%ux%u", G.Threads[0], G.Threads[1], G.Threads[2]);
  info("device %d: launching %s in %s mode with %s teams x %s threads "
       "(teams: %s; threads: %s), %zu arguments %s",
       D.id(), K.Name.c_str(), modeName(K.Shape.ExecMode), Teams.c_str(),
       Threads.c_str(), G.TeamsSource, G.ThreadsSource, NumArguments,
       ConstructScope::describeCurrent().c_str());
}

/// The trace event of a kernel's run on the GPU.
trace::Event kernelEvent(const Device &D, const Kernel &K,
                         const LaunchConfig &C, size_t NumArguments) {
  const LaunchGeometry &G = C.Geometry;
  return {K.SourceName, "kernel",
          trace::Args()
              .add("kernel", K.Name)
              .add("location", ConstructScope::where())
              .add("mode", modeName(K.Shape.ExecMode))
              .add("teams", uint64_t(G.Teams[0]) * G.Teams[1] * G.Teams[2])
              .add("threads", G.Threads[0] * G.Threads[1] * G.Threads[2])
              .add("grid", {G.Teams[0], G.Teams[1], G.Teams[2]})
              .add("block", {G.Threads[0], G.Threads[1], G.Threads[2]})
              .add("teams source", G.TeamsSource)
              .add("threads source", G.ThreadsSource)
              .add("dynamic shared memory", C.SharedMemory)
              .add("arguments", NumArguments)
              .add("device", D.id())
              .add("stream", D.lane().Work.number())};
}
} // namespace

void omptarget::launchKernel(Device &D, Kernel &K, const ident_t *Loc,
                             int32_t NumTeams,
                             const __tgt_kernel_arguments &Args,
                             DataEnvironment::Restores *Deferred) {
  LaunchBuffers &B = D.launchBuffers();
  MapList List;
  List.Count = static_cast<int32_t>(Args.NumArgs);
  List.Bases = Args.ArgBasePtrs;
  List.Begins = Args.ArgPtrs;
  List.Sizes = Args.ArgSizes;
  List.Types = Args.ArgTypes;
  List.Names = Args.ArgNames;
  List.Mappers = Args.ArgMappers;
  bool HostSeesWrites;
  {
    trace::HostSpan Span([&] { return D.mapEvent("enter data", List.Count); });
    B.DeviceBegins.resize(Args.NumArgs);
    D.data().mapBegin(List, B.DeviceBegins.data());
    HostSeesWrites = buildArguments(D, Args, B);
  }
  {
    trace::HostSpan Span([&] {
      return trace::Event{"launch", "launch",
                          trace::Args().add("kernel", K.Name)};
    });
    LaunchConfig C = configure(D, K, NumTeams, Args, B.Arguments);
    const LaunchGeometry &G = C.Geometry;
    if (K.ReductionRecordBytes > 0)
      B.Arguments[0] = launchEnvironment(D, K, G.Teams[0]);
    size_t NumArguments = B.Arguments.size() - 1;
    if (infoEnabled())
      printLaunch(D, K, G, NumArguments);
    D.noteLaunch(Loc, K);
    // The region waits for its copies from host memory, not for its kernel.
    D.lane().Work.fenceHostReads();
    D.enqueue(
        [&](CUstream Stream) {
          size_t ArgumentBytes = B.Arguments.size() * sizeof(uintptr_t);
          void *Extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, B.Arguments.data(),
                           CU_LAUNCH_PARAM_BUFFER_SIZE, &ArgumentBytes,
                           CU_LAUNCH_PARAM_END};
          CUresult Result = D.driver().LaunchKernel(
              K.Function, G.Teams[0], G.Teams[1], G.Teams[2], G.Threads[0],
              G.Threads[1], G.Threads[2], C.SharedMemory, Stream, nullptr,
              Extra);
          if (isKernelFault(Result))
            D.failed(Result, "cannot launch a kernel");
          if (Result != CUDA_SUCCESS)
            fatal("cannot launch kernel %s on device %d with %u teams x %u "
                  "threads: %s",
                  K.Name.c_str(), D.id(), G.Teams[0], G.Threads[0],
                  D.driver().describe(Result).c_str());
        },
        [&] { return kernelEvent(D, K, C, NumArguments); });
  }
  if (!Deferred &&
      (K.Prints || HostSeesWrites || D.kernelsUseHostMemoryInPlace())) {
    trace::HostSpan Span([&] {
      return trace::Event{"wait", "launch",
                          trace::Args().add("kernel", K.Name)};
    });
    D.synchronize();
  }
  trace::HostSpan Span([&] { return D.mapEvent("exit data", List.Count); });
  D.data().mapEnd(List, Deferred);
}
