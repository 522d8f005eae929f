//===- DeviceAPI.cpp - The omp_target_* device memory routines ------------===//
//
// The OpenMP device memory API. The host OpenMP runtime (libomp) defines the
// device query routines (omp_get_num_devices, ...), not these. Device numbers
// follow OpenMP: 0..N-1 are GPUs, N (omp_get_initial_device()) and
// omp_initial_device are the host. Failures are reported as the API says
// (NULL or a non-zero result), driver errors end the process. Also LLVM's
// memory-kind routines, which the host libomp looks up by name with dlsym for
// its allocators (llvm_omp_target_alloc_host/_shared/_device, the matching
// frees, llvm_omp_target_lock_mem/_unlock_mem), and the same allocations
// under the omp_target_alloc_host/_shared/_device names other compilers use.
// The _async routines of OpenMP 5.1 and 6.0 run in target tasks that depend
// on their depend objects, on a stream of their own.
//
//===----------------------------------------------------------------------===//

#include "Address.h"
#include "AsyncConstruct.h"
#include "Device.h"
#include "Diagnostics.h"
#include "HostAccessibleMemory.h"
#include "HostOpenMP.h"
#include "MemoryTransfer.h"
#include "Runtime.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <utility>

using namespace omptarget;

/// omp.h's type of depend objects, which point to libomp's record of their
/// dependence.
typedef void *omp_depend_t;

namespace {
constexpr int Failure = -1;

/// What every routine on one device number starts with: the routine is named
/// in error messages, the number is resolved and, where it is a GPU and
/// \p Proceed says the routine's own argument checks passed, the device is
/// locked (and initialized) for the routine's duration.
class ApiDevice {
public:
  ApiDevice(const char *Routine, int DeviceNum, bool Proceed = true)
      : Scope(Routine), D(Runtime::get().deviceForApi(DeviceNum, IsHost)) {
    if (D && Proceed)
      Lock = D->acquire();
  }

  /// The number is the initial device (the host).
  bool isHost() const { return IsHost; }
  /// The locked GPU; nullptr for the host, invalid numbers and failed checks.
  Device *device() const { return Lock ? D : nullptr; }

private:
  ConstructScope Scope;
  bool IsHost = false;
  Device *D;
  DeviceLock Lock;
};

/// Where an allocation of the device memory routines lives.
enum class Placement {
  Device, ///< device memory (omp_target_alloc)
  Shared, ///< managed memory, used in place by the host and every device
  Host,   ///< pinned host memory, read in place by every device
};

void *allocate(const char *Routine, size_t Size, int DeviceNum, Placement P) {
  ApiDevice Call(Routine, DeviceNum, Size > 0);
  if (Call.isHost())
    return malloc(Size);
  Device *D = Call.device();
  if (!D)
    return nullptr;
  switch (P) {
  case Placement::Device:
    return pointerTo(D->allocate(Size));
  case Placement::Shared:
    return pointerTo(D->allocateManaged(Size));
  case Placement::Host:
    return D->allocatePinned(Size);
  }
  return nullptr;
}

/// Frees memory of any placement: the record of host-accessible memory tells
/// managed and pinned allocations from device memory.
void release(const char *Routine, void *Ptr, int DeviceNum) {
  if (!Ptr)
    return;
  ApiDevice Call(Routine, DeviceNum);
  Device *D = Call.device();
  HostAccessibleMemory::Range Range;
  if (Call.isHost())
    free(Ptr);
  else if (D && HostAccessibleMemory::get().find(addressOf(Ptr), Range))
    D->freeHostAccessible(addressOf(Ptr));
  else if (D)
    // Kernels queued before may still use the memory.
    D->releaseWhenDone(addressOf(Ptr));
}

/// The dependences of \p Count depend objects (each points to libomp's
/// record of its dependence).
std::vector<hostomp::Dependence> dependences(int Count,
                                             omp_depend_t *DepObjects) {
  std::vector<hostomp::Dependence> Result;
  for (int I = 0; I < Count; ++I)
    Result.push_back(*static_cast<hostomp::Dependence *>(DepObjects[I]));
  return Result;
}

/// Runs \p Routine on the \p Bytes at \p Data in a target task that depends
/// on the depend objects, or at once where there is no host OpenMP runtime.
void runInTask(hostomp::TaskRoutine Routine, const void *Data, size_t Bytes,
               int DepObjectCount, omp_depend_t *DepObjects) {
  std::vector<hostomp::Dependence> Deps =
      dependences(DepObjectCount, DepObjects);
  if (!hostomp::spawnTargetTask(Routine, Data, Bytes, Deps.data(),
                                static_cast<int32_t>(Deps.size())))
    Routine(const_cast<void *>(Data));
}

/// omp_target_memcpy(_rect)_async: the request travels to the task.
void copyInTask(const CopyRequest &R, int DepObjectCount,
                omp_depend_t *DepObjects) {
  CopyRequest *Request = new CopyRequest(R);
  runInTask(
      [](void *Data) {
        CopyRequest *R = *static_cast<CopyRequest **>(Data);
        performCopy(*R, /*Async=*/true);
        delete R;
      },
      &Request, sizeof(Request), DepObjectCount, DepObjects);
}

/// What omp_target_memset_async sets.
struct FillRequest {
  void *Ptr;
  int Value;
  size_t Count;
  int DeviceNum;
};

/// omp_target_memset: queued on the device, and waited for where the host
/// uses the memory in place.
void fill(const FillRequest &R, bool Async) {
  ConstructScope Scope(Async ? "omp_target_memset_async"
                             : "omp_target_memset");
  bool IsHost = false;
  Device *D = Runtime::get().deviceForApi(R.DeviceNum, IsHost);
  if (IsHost) {
    memset(R.Ptr, R.Value, R.Count);
    return;
  }
  if (!D)
    return;
  auto Queue = [&](DataEnvironment::Restores *Deferred) {
    uintptr_t Address = addressOf(R.Ptr);
    D->fill(Address, static_cast<unsigned char>(R.Value), R.Count);
    if (!Deferred && D->hostSeesDeviceWrites(Address))
      D->synchronize();
  };
  if (Async) {
    AsyncConstruct::run(*D, {nullptr, nullptr, "omp_target_memset_async"},
                        Queue);
    return;
  }
  DeviceLock Lock = D->acquire();
  Queue(nullptr);
}
} // namespace

extern "C" void *omp_target_alloc(size_t Size, int DeviceNum) {
  return allocate("omp_target_alloc", Size, DeviceNum, Placement::Device);
}
extern "C" void *omp_target_alloc_device(size_t Size, int DeviceNum) {
  return allocate("omp_target_alloc_device", Size, DeviceNum,
                  Placement::Device);
}
extern "C" void *omp_target_alloc_shared(size_t Size, int DeviceNum) {
  return allocate("omp_target_alloc_shared", Size, DeviceNum,
                  Placement::Shared);
}
extern "C" void *omp_target_alloc_host(size_t Size, int DeviceNum) {
  return allocate("omp_target_alloc_host", Size, DeviceNum, Placement::Host);
}
extern "C" void *llvm_omp_target_alloc_device(size_t Size, int DeviceNum) {
  return allocate("llvm_omp_target_alloc_device", Size, DeviceNum,
                  Placement::Device);
}
extern "C" void *llvm_omp_target_alloc_shared(size_t Size, int DeviceNum) {
  return allocate("llvm_omp_target_alloc_shared", Size, DeviceNum,
                  Placement::Shared);
}
extern "C" void *llvm_omp_target_alloc_host(size_t Size, int DeviceNum) {
  return allocate("llvm_omp_target_alloc_host", Size, DeviceNum,
                  Placement::Host);
}

extern "C" void omp_target_free(void *Ptr, int DeviceNum) {
  release("omp_target_free", Ptr, DeviceNum);
}
extern "C" void llvm_omp_target_free_device(void *Ptr, int DeviceNum) {
  release("llvm_omp_target_free_device", Ptr, DeviceNum);
}
extern "C" void llvm_omp_target_free_shared(void *Ptr, int DeviceNum) {
  release("llvm_omp_target_free_shared", Ptr, DeviceNum);
}
extern "C" void llvm_omp_target_free_host(void *Ptr, int DeviceNum) {
  release("llvm_omp_target_free_host", Ptr, DeviceNum);
}

extern "C" void *llvm_omp_target_lock_mem(void *Ptr, size_t Size,
                                          int DeviceNum) {
  ApiDevice Call("llvm_omp_target_lock_mem", DeviceNum, Ptr && Size > 0);
  if (Call.isHost())
    return Ptr;
  Device *D = Call.device();
  return D ? D->lockHostMemory(Ptr, Size) : nullptr;
}

extern "C" void llvm_omp_target_unlock_mem(void *Ptr, int DeviceNum) {
  ApiDevice Call("llvm_omp_target_unlock_mem", DeviceNum, Ptr != nullptr);
  if (Device *D = Call.device())
    D->unlockHostMemory(Ptr);
}

extern "C" int omp_target_is_accessible(const void *Ptr, size_t Size,
                                        int DeviceNum) {
  ApiDevice Call("omp_target_is_accessible", DeviceNum, Ptr != nullptr);
  if (Call.isHost())
    return 1;
  Device *D = Call.device();
  return D && D->reachesHostMemory(addressOf(Ptr), Size);
}

extern "C" int omp_target_is_present(const void *Ptr, int DeviceNum) {
  ApiDevice Call("omp_target_is_present", DeviceNum);
  if (Call.isHost())
    return 1;
  Device *D = Call.device();
  // Memory used in place is present as it is.
  return D && (D->data().table().lookup(addressOf(Ptr), 0).Entry ||
               D->data().usesHostMemory(addressOf(Ptr), 0));
}

extern "C" void *omp_get_mapped_ptr(const void *Ptr, int DeviceNum) {
  ApiDevice Call("omp_get_mapped_ptr", DeviceNum);
  if (Call.isHost())
    return const_cast<void *>(Ptr);
  Device *D = Call.device();
  if (!D)
    return nullptr;
  MappingTable::LookupResult R = D->data().table().lookup(addressOf(Ptr), 0);
  if (R.Entry)
    return pointerTo(R.Entry->translate(addressOf(Ptr)));
  return D->data().usesHostMemory(addressOf(Ptr), 0) ? const_cast<void *>(Ptr)
                                                     : nullptr;
}

/// The request of omp_target_memcpy(_async); false if the arguments are not
/// valid.
static bool memcpyRequest(CopyRequest &R, const char *Routine, void *Dst,
                          const void *Src, size_t Length, size_t DstOffset,
                          size_t SrcOffset, int DstDevice, int SrcDevice) {
  R.Routine = Routine;
  R.Dst = static_cast<char *>(Dst) + DstOffset;
  R.Src = static_cast<const char *>(Src) + SrcOffset;
  R.Length = Length;
  R.DstDevice = DstDevice;
  R.SrcDevice = SrcDevice;
  return Dst && Src && validDevices(R);
}

/// The request of omp_target_memcpy_rect(_async); false if the arguments
/// are not valid.
static bool memcpyRectRequest(CopyRequest &R, const char *Routine, void *Dst,
                              const void *Src, size_t ElementSize, int NumDims,
                              const size_t *Volume, const size_t *DstOffsets,
                              const size_t *SrcOffsets,
                              const size_t *DstDimensions,
                              const size_t *SrcDimensions, int DstDevice,
                              int SrcDevice) {
  if (!Dst || !Src || NumDims < 1 || ElementSize == 0 || !Volume ||
      !DstOffsets || !SrcOffsets || !DstDimensions || !SrcDimensions)
    return false;
  R.Routine = Routine;
  R.Dst = static_cast<char *>(Dst);
  R.Src = static_cast<const char *>(Src);
  R.DstDevice = DstDevice;
  R.SrcDevice = SrcDevice;
  R.Rect = true;
  R.ElementSize = ElementSize;
  R.NumDims = NumDims;
  R.Volume.assign(Volume, Volume + NumDims);
  R.DstOffsets.assign(DstOffsets, DstOffsets + NumDims);
  R.SrcOffsets.assign(SrcOffsets, SrcOffsets + NumDims);
  R.DstDimensions.assign(DstDimensions, DstDimensions + NumDims);
  R.SrcDimensions.assign(SrcDimensions, SrcDimensions + NumDims);
  return validDevices(R);
}

extern "C" int omp_target_memcpy(void *Dst, const void *Src, size_t Length,
                                 size_t DstOffset, size_t SrcOffset,
                                 int DstDevice, int SrcDevice) {
  ConstructScope Scope("omp_target_memcpy");
  CopyRequest R;
  if (!memcpyRequest(R, "omp_target_memcpy", Dst, Src, Length, DstOffset,
                     SrcOffset, DstDevice, SrcDevice))
    return Failure;
  if (Length > 0)
    performCopy(R, /*Async=*/false);
  return 0;
}

extern "C" int omp_target_memcpy_async(void *Dst, const void *Src,
                                       size_t Length, size_t DstOffset,
                                       size_t SrcOffset, int DstDevice,
                                       int SrcDevice, int DepObjectCount,
                                       omp_depend_t *DepObjects) {
  ConstructScope Scope("omp_target_memcpy_async");
  CopyRequest R;
  if (!memcpyRequest(R, "omp_target_memcpy_async", Dst, Src, Length,
                     DstOffset, SrcOffset, DstDevice, SrcDevice))
    return Failure;
  copyInTask(R, DepObjectCount, DepObjects);
  return 0;
}

extern "C" int
omp_target_memcpy_rect(void *Dst, const void *Src, size_t ElementSize,
                       int NumDims, const size_t *Volume,
                       const size_t *DstOffsets, const size_t *SrcOffsets,
                       const size_t *DstDimensions, const size_t *SrcDimensions,
                       int DstDevice, int SrcDevice) {
  ConstructScope Scope("omp_target_memcpy_rect");
  // Both pointers NULL asks for the number of dimensions supported.
  if (!Dst && !Src)
    return INT_MAX;
  CopyRequest R;
  if (!memcpyRectRequest(R, "omp_target_memcpy_rect", Dst, Src, ElementSize,
                         NumDims, Volume, DstOffsets, SrcOffsets,
                         DstDimensions, SrcDimensions, DstDevice, SrcDevice))
    return Failure;
  performCopy(R, /*Async=*/false);
  return 0;
}

extern "C" int omp_target_memcpy_rect_async(
    void *Dst, const void *Src, size_t ElementSize, int NumDims,
    const size_t *Volume, const size_t *DstOffsets, const size_t *SrcOffsets,
    const size_t *DstDimensions, const size_t *SrcDimensions, int DstDevice,
    int SrcDevice, int DepObjectCount, omp_depend_t *DepObjects) {
  ConstructScope Scope("omp_target_memcpy_rect_async");
  if (!Dst && !Src)
    return INT_MAX;
  CopyRequest R;
  if (!memcpyRectRequest(R, "omp_target_memcpy_rect_async", Dst, Src,
                         ElementSize, NumDims, Volume, DstOffsets, SrcOffsets,
                         DstDimensions, SrcDimensions, DstDevice, SrcDevice))
    return Failure;
  copyInTask(R, DepObjectCount, DepObjects);
  return 0;
}

extern "C" void *omp_target_memset(void *Ptr, int Value, size_t Count,
                                   int DeviceNum) {
  if (Ptr)
    fill({Ptr, Value, Count, DeviceNum}, /*Async=*/false);
  return Ptr;
}

extern "C" void *omp_target_memset_async(void *Ptr, int Value, size_t Count,
                                         int DeviceNum, int DepObjectCount,
                                         omp_depend_t *DepObjects) {
  if (!Ptr)
    return Ptr;
  FillRequest R = {Ptr, Value, Count, DeviceNum};
  runInTask(
      [](void *Data) { fill(*static_cast<FillRequest *>(Data), true); }, &R,
      sizeof(R), DepObjectCount, DepObjects);
  return Ptr;
}

extern "C" int omp_target_associate_ptr(const void *HostPtr,
                                        const void *DevicePtr, size_t Size,
                                        size_t DeviceOffset, int DeviceNum) {
  ApiDevice Call("omp_target_associate_ptr", DeviceNum, HostPtr && DevicePtr);
  Device *D = Call.device();
  if (!D)
    return Failure;
  return D->data().associate(addressOf(HostPtr), Size,
                             addressOf(DevicePtr) + DeviceOffset)
             ? 0
             : Failure;
}

extern "C" int omp_target_disassociate_ptr(const void *HostPtr, int DeviceNum) {
  ApiDevice Call("omp_target_disassociate_ptr", DeviceNum, HostPtr != nullptr);
  Device *D = Call.device();
  if (!D)
    return Failure;
  return D->data().disassociate(addressOf(HostPtr)) ? 0 : Failure;
}
