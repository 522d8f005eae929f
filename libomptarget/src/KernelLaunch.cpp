//===- KernelLaunch.cpp - The launch of a target region -------------------===//
//
// Device kernels take (KernelLaunchEnvironment *, arg0, ..., argN-1), one
// argument per TARGET_PARAM item of the region's map list: literals by value,
// firstprivate objects as pointers to device copies, everything else as the
// device address corresponding to the item's base pointer.
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
#include <cstring>

using namespace omptarget;

namespace {
/// Firstprivate copies are packed into one buffer at this alignment, enough
/// for any scalar or vector type.
constexpr size_t PrivateAlignment = 16;

const char *modeName(uint8_t Mode) {
  switch (Mode) {
  case OMP_TGT_EXEC_MODE_GENERIC:
    return "generic";
  case OMP_TGT_EXEC_MODE_SPMD:
    return "SPMD";
  case OMP_TGT_EXEC_MODE_GENERIC_SPMD:
    return "generic-SPMD";
  }
  return "bare";
}
} // namespace

/// Fills B.Arguments with the kernel's arguments, once the map list is mapped.
static void buildArguments(Device &D, const __tgt_kernel_arguments &Args,
                           LaunchBuffers &B) {
  B.Arguments.clear();
  B.Privates.clear();
  B.PrivateSlots.clear();
  // The KernelLaunchEnvironment: our device runtime does not use one yet.
  B.Arguments.push_back(0);
  for (uint32_t I = 0; I < Args.NumArgs; ++I) {
    uint64_t Type = Args.ArgTypes[I];
    if (!(Type & OMP_TGT_MAPTYPE_TARGET_PARAM))
      continue;
    uintptr_t Base = addressOf(Args.ArgBasePtrs[I]);
    uintptr_t Begin = addressOf(Args.ArgPtrs[I]);
    if (Type & OMP_TGT_MAPTYPE_LITERAL) {
      // The value itself travels in the pointer.
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
    B.Arguments.push_back(DeviceBegin ? rebase(Base, Begin, DeviceBegin)
                                      : Base);
  }
  if (!B.Privates.empty()) {
    uintptr_t Buffer = D.privateBuffer(B.Privates.size());
    D.copyToDevice(Buffer, B.Privates.data(), B.Privates.size());
    for (const auto &[Argument, Offset] : B.PrivateSlots)
      B.Arguments[Argument] = Buffer + Offset;
  }
  B.ArgumentPointers.resize(B.Arguments.size());
  for (size_t I = 0; I < B.Arguments.size(); ++I)
    B.ArgumentPointers[I] = &B.Arguments[I];
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
                       const __tgt_kernel_arguments &Args) {
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
  chooseTeams(K.Shape, Args, NumTeams, Icvs, D.numMultiprocessors(),
              K.BlocksPerMultiprocessor, C.Geometry);
  return C;
}

/// The LIBOMPTARGET_INFO line of a launch.
void printLaunch(const Device &D, const Kernel &K, const LaunchGeometry &G,
                 size_t NumArguments) {
  std::string Teams = std::to_string(G.Teams[0]);
  std::string Threads = std::to_string(G.Threads[0]);
  if (K.Shape.ExecMode == 0) {
    Teams = format("%ux%ux%u", G.Teams[0], G.Teams[1], G.Teams[2]);
    Threads = format("%ux%ux%u", G.Threads[0], G.Threads[1], G.Threads[2]);
  }
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
              .add("stream", 0)};
}
} // namespace

void omptarget::launchKernel(Device &D, Kernel &K, int32_t NumTeams,
                             const __tgt_kernel_arguments &Args) {
  LaunchBuffers &B = D.launchBuffers();
  MapList List;
  List.Count = static_cast<int32_t>(Args.NumArgs);
  List.Bases = Args.ArgBasePtrs;
  List.Begins = Args.ArgPtrs;
  List.Sizes = Args.ArgSizes;
  List.Types = Args.ArgTypes;
  List.Names = Args.ArgNames;
  List.Mappers = Args.ArgMappers;
  {
    trace::HostSpan Span([&] { return D.mapEvent("enter data", List.Count); });
    B.DeviceBegins.resize(Args.NumArgs);
    D.data().mapBegin(List, B.DeviceBegins.data());
    buildArguments(D, Args, B);
  }
  {
    trace::HostSpan Span([&] {
      return trace::Event{"launch", "launch",
                          trace::Args().add("kernel", K.Name)};
    });
    LaunchConfig C = configure(D, K, NumTeams, Args);
    const LaunchGeometry &G = C.Geometry;
    size_t NumArguments = B.Arguments.size() - 1;
    if (infoEnabled())
      printLaunch(D, K, G, NumArguments);
    D.enqueue(
        [&] {
          CUresult Result = D.driver().LaunchKernel(
              K.Function, G.Teams[0], G.Teams[1], G.Teams[2], G.Threads[0],
              G.Threads[1], G.Threads[2], C.SharedMemory, D.stream(),
              B.ArgumentPointers.data(), nullptr);
          if (Result != CUDA_SUCCESS)
            fatal("cannot launch kernel %s on device %d with %u teams x %u "
                  "threads: %s",
                  K.Name.c_str(), D.id(), G.Teams[0], G.Threads[0],
                  D.driver().describe(Result).c_str());
        },
        [&] { return kernelEvent(D, K, C, NumArguments); });
  }
  {
    // Target regions complete before the host goes on (nowait ones too, for
    // now).
    trace::HostSpan Span([&] {
      return trace::Event{"wait", "launch",
                          trace::Args().add("kernel", K.Name)};
    });
    D.waitForKernel(K);
  }
  trace::HostSpan Span([&] { return D.mapEvent("exit data", List.Count); });
  D.data().mapEnd(List);
}
