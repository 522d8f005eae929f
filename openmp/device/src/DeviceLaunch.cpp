//===- DeviceLaunch.cpp - Grids launched from device code -----------------===//
//
// CUDA dynamic parallelism as sm_90 and CUDA 13 offer it (CDP2): a device
// thread gets a parameter buffer for a kernel and a geometry, fills it and
// launches; it cannot wait for the child, but its grid completes only after
// all its children. So a launch is fire-and-forget, into the fire-and-forget
// stream (launches of one block into the block's default stream would run
// one after the other), and what the parent would do after the child is
// either nothing, the parent's own code (nowait), or a continuation that the
// child's last team runs (DeviceLaunch.h, docs/DESIGN.md).
//
// The launch records come from a pool in global memory, allocated up front
// (the image's zero-initialized data), so that a launch neither allocates
// nor waits: a record is claimed with one compare-and-swap, starting at a
// rotating hint, and given back by the child's last team. When the pool,
// CUDA's queue of pending launches or the nesting depth runs out, the region
// runs inline in the parent thread, as it does when its if clause is false.
//
// Only programs whose device code launches link this file's code: the
// runtime is linked only-what-is-used, and only the front-end step's code and
// the DeviceLaunches pass call it.
//
//===----------------------------------------------------------------------===//

#include "DeviceLaunch.h"
#include "Debug.h"
#include "Hardware.h"
#include "State.h"

using namespace ompgpu;
using namespace ompgpu::launch;

namespace {

// CUDA's device runtime (libcudadevrt.a, linked by nvlink), as nvcc's code
// calls it for sm_90 and CUDA 13.
struct CudaDim3 {
  uint32_t X, Y, Z;
};
/// The leading members of cudaFuncAttributes, which have kept their place
/// since CUDA 2; the rest of the structure (144 bytes in CUDA 13) is room.
struct CudaFuncAttributes {
  size_t SharedSizeBytes;
  size_t ConstSizeBytes;
  size_t LocalSizeBytes;
  int32_t MaxThreadsPerBlock;
  int32_t NumRegs;
  char Rest[232];
};
constexpr int32_t CudaSuccess = 0;
constexpr int32_t CudaDevAttrMultiProcessorCount = 16;
/// cudaStreamFireAndForget: a child launched into it runs independently of
/// the other children of the block.
void *const CudaStreamFireAndForget = reinterpret_cast<void *>(0x4);

extern "C" {
void *__cudaCDP2GetParameterBufferV2(void *Kernel, CudaDim3 Grid,
                                     CudaDim3 Block, uint32_t SharedBytes);
int32_t __cudaCDP2LaunchDeviceV2(void *ParameterBuffer, void *Stream) __asm__(
    OMPGPU_CUDA_LAUNCH_DEVICE_SYMBOL);
int32_t __cudaCDP2FuncGetAttributes(CudaFuncAttributes *Attributes,
                                    const void *Kernel);
int32_t __cudaCDP2OccupancyMaxActiveBlocksPerMultiprocessor(
    int32_t *Blocks, const void *Kernel, int32_t BlockSize,
    size_t DynamicSharedBytes);
int32_t __cudaCDP2GetDevice(int32_t *Device);
int32_t __cudaCDP2DeviceGetAttribute(int32_t *Value, int32_t Attribute,
                                     int32_t Device);
}

/// CUDA nests at most 24 generations of grids, the host's included.
constexpr uint32_t MaxChildDepth = 23;

/// The pool: 4096 records of 1 KiB (4 MiB of device memory, only in
/// programs that launch from the device). A record holds the header, the
/// frame and the child's teams-reduction records.
constexpr uint32_t LaunchRecordBytes = 1024;
constexpr uint32_t NumRecords = OMPGPU_DEVICE_LAUNCH_RECORDS;
/// Compare-and-swaps a claim tries before it gives up and runs inline.
constexpr uint32_t MaxClaimProbes = 64;
constexpr uint32_t HeaderBytes = 64;
constexpr uint32_t Alignment = 16;
/// Teams-reduction records a child gets, at most (more teams share them,
/// Reduction.cpp).
constexpr uint32_t ChildReductionRecords = 64;

static_assert(sizeof(ChildLaunchTy) <= HeaderBytes,
              "the launch record's header outgrew its place");

struct alignas(Alignment) RecordSlot {
  char Bytes[LaunchRecordBytes];
};
RecordSlot LaunchRecords[NumRecords];
uint32_t NextClaim;

/// The launch record of each block's kernel (__ompgpu_record_launch).
using LaunchPointer = ChildLaunchTy *;
[[clang::loader_uninitialized]] __attribute__((address_space(3)))
LaunchPointer BlockLaunch;

constexpr uint64_t alignUp(uint64_t Value, uint64_t To) {
  return (Value + To - 1) & ~(To - 1);
}

ChildLaunchTy *recordOf(void *Frame) {
  return reinterpret_cast<ChildLaunchTy *>(static_cast<char *>(Frame) -
                                           HeaderBytes);
}
char *frameOf(ChildLaunchTy *Launch) {
  return reinterpret_cast<char *>(Launch) + HeaderBytes;
}

ChildLaunchTy *claimRecord() {
  uint32_t Start = hw::fetchAddAcqRel(&NextClaim, 1u);
  for (uint32_t Probe = 0; Probe < MaxClaimProbes; ++Probe) {
    auto *Launch = reinterpret_cast<ChildLaunchTy *>(
        LaunchRecords[(Start + Probe) % NumRecords].Bytes);
    if (hw::loadRelaxed(&Launch->InUse) == 0 &&
        hw::casAcquire(&Launch->InUse, 0u, 1u))
      return Launch;
  }
  return nullptr;
}

void releaseRecord(ChildLaunchTy *Launch) {
  hw::storeRelease(&Launch->InUse, 0u);
}

/// Block size and the blocks that fill the device for a kernel's launches,
/// from CUDA's answers for the kernel (its bound and registers), cached in
/// the kernel's record.
struct KernelGeometry {
  uint32_t Threads;
  uint32_t FullTeams;
};

KernelGeometry kernelGeometry(ChildKernelTy *Child, uint32_t DynamicShared) {
  uint64_t Cached = hw::loadRelaxed(&Child->Geometry);
  if (Cached)
    return {uint32_t(Cached >> 32), uint32_t(Cached)};
  CudaFuncAttributes Attributes;
  int32_t PerMultiprocessor = 0, Device = 0, Multiprocessors = 0;
  if (__cudaCDP2FuncGetAttributes(&Attributes, Child->Kernel) != CudaSuccess ||
      Attributes.MaxThreadsPerBlock <= 0 ||
      __cudaCDP2OccupancyMaxActiveBlocksPerMultiprocessor(
          &PerMultiprocessor, Child->Kernel, Attributes.MaxThreadsPerBlock,
          DynamicShared) != CudaSuccess ||
      __cudaCDP2GetDevice(&Device) != CudaSuccess ||
      __cudaCDP2DeviceGetAttribute(&Multiprocessors,
                                   CudaDevAttrMultiProcessorCount,
                                   Device) != CudaSuccess)
    return {0, 0};
  KernelGeometry Geometry{
      uint32_t(Attributes.MaxThreadsPerBlock),
      uint32_t(PerMultiprocessor > 0 ? PerMultiprocessor : 1) *
          uint32_t(Multiprocessors > 0 ? Multiprocessors : 1)};
  hw::storeRelaxed(&Child->Geometry,
                   uint64_t(Geometry.Threads) << 32 | Geometry.FullTeams);
  return Geometry;
}

/// Teams of a launch, as the host runtime chooses them for kernels without
/// iterations a thread from the link step (LaunchGeometry.cpp; a child kernel
/// does not know its own): the num_teams clause, else enough teams for the
/// trip count (one iteration per thread in SPMD kernels, per team otherwise),
/// never more than fill the device, else MaxTeams (a full device, or fewer
/// where the launch says).
uint32_t chooseTeams(int64_t TripCount, int32_t NumTeams, bool SPMD,
                     uint32_t Threads, uint32_t MaxTeams) {
  if (NumTeams > 0)
    return uint32_t(NumTeams);
  if (TripCount <= 0)
    return MaxTeams;
  uint64_t Teams = SPMD ? (uint64_t(TripCount) + Threads - 1) / Threads
                        : uint64_t(TripCount);
  return Teams < MaxTeams ? uint32_t(Teams) : MaxTeams;
}

/// Places the teams-reduction records of a launch after its frame; false if
/// they do not fit in the record.
bool placeReductionRecords(ChildLaunchTy *Launch, uint32_t FrameBytes,
                           uint32_t RecordSize) {
  Launch->Reduction = {nullptr, nullptr, nullptr, 0};
  if (RecordSize == 0)
    return true;
  uint64_t Counters = alignUp(HeaderBytes + FrameBytes, sizeof(uint32_t));
  uint64_t Free = LaunchRecordBytes - Counters;
  // The arrival counter, then per record a lock word, a slot and padding.
  uint64_t PerRecord = sizeof(uint32_t) + RecordSize;
  if (Free < sizeof(uint32_t) + Alignment + PerRecord)
    return false;
  uint64_t Fit = (Free - sizeof(uint32_t) - Alignment) / PerRecord;
  uint32_t Count =
      Fit < ChildReductionRecords ? uint32_t(Fit) : ChildReductionRecords;
  char *Base = reinterpret_cast<char *>(Launch);
  auto *TeamsDone = reinterpret_cast<uint32_t *>(Base + Counters);
  uint32_t *RecordStates = TeamsDone + 1;
  uint64_t Buffer =
      alignUp(Counters + sizeof(uint32_t) * (1 + Count), Alignment);
  // The record's last user left them as it found them, or never used them.
  for (uint32_t I = 0; I <= Count; ++I)
    TeamsDone[I] = 0;
  Launch->Reduction = {Base + Buffer, TeamsDone, RecordStates, Count};
  return true;
}

} // namespace

ChildLaunchTy *launch::currentLaunch() { return BlockLaunch; }

void *launch::childBegin(uint64_t FrameBytes) {
  ChildLaunchTy *Parent = BlockLaunch;
  uint32_t Depth = Parent ? Parent->Depth + 1 : 1;
  if (Depth > MaxChildDepth || FrameBytes > LaunchRecordBytes - HeaderBytes)
    return nullptr;
  ChildLaunchTy *Launch = claimRecord();
  if (!Launch)
    return nullptr;
  Launch->Depth = Depth;
  Launch->TeamsDone = 0;
  Launch->FrameBytes = uint32_t(FrameBytes);
  return frameOf(Launch);
}

int32_t launch::childLaunch(ChildKernelTy *Child, void *Frame,
                            const uint64_t *Args, uint32_t NumArgs,
                            int64_t TripCount, int32_t NumTeams,
                            int32_t ThreadLimit,
                            void (*Continuation)(void *Frame)) {
  ChildLaunchTy *Launch = recordOf(Frame);
  const ConfigurationEnvironmentTy &Config = Child->Environment->Configuration;
  bool SPMD = Config.ExecMode & OMP_TGT_EXEC_MODE_SPMD;
  uint32_t DynamicShared = SPMD ? 0 : OMPGPU_DATA_SHARING_STACK_BYTES;
  KernelGeometry Geometry = kernelGeometry(Child, DynamicShared);
  if (!Geometry.Threads ||
      !placeReductionRecords(Launch, Launch->FrameBytes,
                             uint32_t(Config.ReductionDataSize))) {
    releaseRecord(Launch);
    return 0;
  }
  // A thread_limit clause counts the workers of a generic team, whose block
  // has the master warp on top (launch contract, OffloadABI.h).
  uint32_t Threads = Geometry.Threads;
  if (ThreadLimit > 0) {
    uint32_t Asked =
        uint32_t(ThreadLimit) + (SPMD ? 0 : OMPGPU_MASTER_WARP_THREADS);
    Threads = Asked < Threads ? Asked : Threads;
  }
  uint32_t Workers = SPMD ? Threads : Threads - OMPGPU_MASTER_WARP_THREADS;
  // A child that reduces gets no more teams than its launch has records,
  // unless num_teams asks: teams beyond them take turns at a record under a
  // lock: an SpMV whose 2,000 long rows each launched took 5.9 ms with 137
  // to 195 teams a row sharing 32 records, 2.0 ms with a team per record
  // (H100; each thread then has a few more iterations).
  uint32_t MaxTeams = Geometry.FullTeams;
  if (Launch->Reduction.Records && Launch->Reduction.Records < MaxTeams)
    MaxTeams = Launch->Reduction.Records;
  uint32_t Teams = chooseTeams(TripCount, NumTeams, SPMD, Workers, MaxTeams);
  Launch->Continuation = Continuation;
  void *Buffer = __cudaCDP2GetParameterBufferV2(Child->Kernel,
                                                {Teams > 0 ? Teams : 1, 1, 1},
                                                {Threads, 1, 1}, DynamicShared);
  if (!Buffer) {
    releaseRecord(Launch);
    return 0;
  }
  // Clang's kernel parameters: the launch environment, then the captures.
  auto *Parameters = static_cast<uint64_t *>(Buffer);
  Parameters[0] = reinterpret_cast<uint64_t>(Launch);
  for (uint32_t I = 0; I < NumArgs; ++I)
    Parameters[I + 1] = Args[I];
  // The child reads the record and the frame the parent wrote.
  hw::fenceDevice();
  if (__cudaCDP2LaunchDeviceV2(Buffer, CudaStreamFireAndForget) !=
      CudaSuccess) {
    releaseRecord(Launch);
    return 0;
  }
  return 1;
}

void launch::recordLaunch(ChildLaunchTy *Launch) {
  // Every thread stores the same value, and reads only after its own store
  // (an exchange, as racecheck wants: Hardware.h, publish).
  hw::publish(&BlockLaunch, Launch);
}

void *launch::childKernelEnd() {
  ChildLaunchTy *Launch = BlockLaunch;
  if (!Launch)
    return nullptr;
  // One thread per team counts the team as done once all of it is: in SPMD
  // kernels every thread gets here, in generic ones the main thread, after
  // the workers' last region.
  if (state::isSPMD(state::get())) {
    hw::barrier(0);
    if (hw::threadId() != 0)
      return nullptr;
  }
  // Publish the team's writes to the last team.
  hw::fenceDevice();
  if (hw::fetchAddAcqRel(&Launch->TeamsDone, 1u) != hw::gridDim() - 1)
    return nullptr;
  hw::fenceDevice();
  void (*Continuation)(void *) = Launch->Continuation;
  if (Continuation)
    return reinterpret_cast<void *>(Continuation);
  releaseRecord(Launch);
  return nullptr;
}

void *launch::childFrame() { return frameOf(BlockLaunch); }

void launch::childKernelDone() { releaseRecord(BlockLaunch); }
