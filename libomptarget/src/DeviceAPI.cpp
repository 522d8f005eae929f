//===- DeviceAPI.cpp - The omp_target_* device memory routines ------------===//
//
// The OpenMP device memory API. The host OpenMP runtime (libomp) defines the
// device query routines (omp_get_num_devices, ...), not these. Device numbers
// follow OpenMP: 0..N-1 are GPUs, N (omp_get_initial_device()) and
// omp_initial_device are the host. Failures are reported as the API says
// (NULL or a non-zero result), driver errors end the process.
//
//===----------------------------------------------------------------------===//

#include "Device.h"
#include "Diagnostics.h"
#include "Runtime.h"

#include <climits>
#include <cstdlib>
#include <cstring>
#include <utility>

using namespace omptarget;

namespace {
constexpr int Failure = -1;

uintptr_t address(const void *P) { return reinterpret_cast<uintptr_t>(P); }

/// Copies between any two of host and devices: resolves and locks the
/// devices once, queues copies, and waits for them in finish().
class Transfer {
public:
  Transfer(int DstDevice, int SrcDevice) {
    Dst = Runtime::get().deviceForApi(DstDevice, DstIsHost);
    Src = Runtime::get().deviceForApi(SrcDevice, SrcIsHost);
    Valid = (Dst || DstIsHost) && (Src || SrcIsHost);
    if (!Valid)
      return;
    // Lock in device order, so that opposite transfers cannot deadlock.
    Device *First = Dst, *Second = Src == Dst ? nullptr : Src;
    if (First && Second && First->id() > Second->id())
      std::swap(First, Second);
    if (First)
      FirstLock = First->acquire();
    if (Second)
      SecondLock = Second->acquire();
    // Copies run on the source's stream, in its context.
    if (Src)
      Src->check(Src->driver().CtxSetCurrent(Src->context()),
                 "cannot make the context current");
  }

  bool valid() const { return Valid; }

  void copy(char *To, const char *From, size_t Size) {
    if (!Dst && !Src) {
      memcpy(To, From, Size);
    } else if (!Src) {
      Dst->copyToDevice(address(To), From, Size);
    } else if (!Dst) {
      Src->copyFromDevice(To, address(From), Size);
    } else if (Dst == Src) {
      Src->check(Src->driver().MemcpyDtoDAsync(address(To), address(From), Size,
                                               Src->stream()),
                 "cannot copy between device buffers");
    } else {
      Src->check(Src->driver().MemcpyPeerAsync(address(To), Dst->context(),
                                               address(From), Src->context(),
                                               Size, Src->stream()),
                 "cannot copy between devices");
    }
  }

  void finish() {
    // Device-to-device copies are not tracked as pending: wait on the stream.
    if (Src)
      Src->check(Src->driver().StreamSynchronize(Src->stream()),
                 "device failure");
    if (Dst)
      Dst->synchronize();
  }

private:
  Device *Dst = nullptr, *Src = nullptr;
  bool DstIsHost = false, SrcIsHost = false, Valid = false;
  std::unique_lock<std::mutex> FirstLock, SecondLock;
};

/// One level of omp_target_memcpy_rect: copies Volume[0] rows of the
/// sub-arrays below.
void copyRect(Transfer &T, char *Dst, const char *Src, size_t ElementSize,
              int NumDims, const size_t *Volume, const size_t *DstOffsets,
              const size_t *SrcOffsets, const size_t *DstDimensions,
              const size_t *SrcDimensions) {
  if (NumDims == 1) {
    T.copy(Dst + DstOffsets[0] * ElementSize, Src + SrcOffsets[0] * ElementSize,
           Volume[0] * ElementSize);
    return;
  }
  size_t DstRow = ElementSize, SrcRow = ElementSize;
  for (int D = 1; D < NumDims; ++D) {
    DstRow *= DstDimensions[D];
    SrcRow *= SrcDimensions[D];
  }
  for (size_t I = 0; I < Volume[0]; ++I)
    copyRect(T, Dst + (DstOffsets[0] + I) * DstRow,
             Src + (SrcOffsets[0] + I) * SrcRow, ElementSize, NumDims - 1,
             Volume + 1, DstOffsets + 1, SrcOffsets + 1, DstDimensions + 1,
             SrcDimensions + 1);
}
} // namespace

extern "C" void *omp_target_alloc(size_t Size, int DeviceNum) {
  ConstructScope Scope("omp_target_alloc");
  bool IsHost;
  Device *D = Runtime::get().deviceForApi(DeviceNum, IsHost);
  if (IsHost)
    return malloc(Size);
  if (!D || Size == 0)
    return nullptr;
  std::unique_lock<std::mutex> Lock = D->acquire();
  return reinterpret_cast<void *>(D->allocate(Size));
}

extern "C" void omp_target_free(void *Ptr, int DeviceNum) {
  ConstructScope Scope("omp_target_free");
  if (!Ptr)
    return;
  bool IsHost;
  Device *D = Runtime::get().deviceForApi(DeviceNum, IsHost);
  if (IsHost) {
    free(Ptr);
    return;
  }
  if (!D)
    return;
  std::unique_lock<std::mutex> Lock = D->acquire();
  D->release(address(Ptr));
}

extern "C" int omp_target_is_present(const void *Ptr, int DeviceNum) {
  ConstructScope Scope("omp_target_is_present");
  bool IsHost;
  Device *D = Runtime::get().deviceForApi(DeviceNum, IsHost);
  if (IsHost)
    return 1;
  if (!D)
    return 0;
  std::unique_lock<std::mutex> Lock = D->acquire();
  return D->data().table().lookup(address(Ptr), 0).Entry != nullptr;
}

extern "C" void *omp_get_mapped_ptr(const void *Ptr, int DeviceNum) {
  ConstructScope Scope("omp_get_mapped_ptr");
  bool IsHost;
  Device *D = Runtime::get().deviceForApi(DeviceNum, IsHost);
  if (IsHost)
    return const_cast<void *>(Ptr);
  if (!D)
    return nullptr;
  std::unique_lock<std::mutex> Lock = D->acquire();
  MappingTable::LookupResult R = D->data().table().lookup(address(Ptr), 0);
  return R.Entry ? reinterpret_cast<void *>(R.Entry->translate(address(Ptr)))
                 : nullptr;
}

extern "C" int omp_target_memcpy(void *Dst, const void *Src, size_t Length,
                                 size_t DstOffset, size_t SrcOffset,
                                 int DstDevice, int SrcDevice) {
  ConstructScope Scope("omp_target_memcpy");
  if (!Dst || !Src)
    return Failure;
  Transfer T(DstDevice, SrcDevice);
  if (!T.valid())
    return Failure;
  if (Length > 0) {
    T.copy(static_cast<char *>(Dst) + DstOffset,
           static_cast<const char *>(Src) + SrcOffset, Length);
    T.finish();
  }
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
  if (!Dst || !Src || NumDims < 1 || ElementSize == 0 || !Volume ||
      !DstOffsets || !SrcOffsets || !DstDimensions || !SrcDimensions)
    return Failure;
  Transfer T(DstDevice, SrcDevice);
  if (!T.valid())
    return Failure;
  copyRect(T, static_cast<char *>(Dst), static_cast<const char *>(Src),
           ElementSize, NumDims, Volume, DstOffsets, SrcOffsets, DstDimensions,
           SrcDimensions);
  T.finish();
  return 0;
}

extern "C" void *omp_target_memset(void *Ptr, int Value, size_t Count,
                                   int DeviceNum) {
  ConstructScope Scope("omp_target_memset");
  bool IsHost;
  Device *D = Runtime::get().deviceForApi(DeviceNum, IsHost);
  if (IsHost)
    return memset(Ptr, Value, Count);
  if (!D || !Ptr)
    return Ptr;
  std::unique_lock<std::mutex> Lock = D->acquire();
  D->check(D->driver().MemsetD8Async(address(Ptr),
                                     static_cast<unsigned char>(Value), Count,
                                     D->stream()),
           "cannot set device memory");
  D->check(D->driver().StreamSynchronize(D->stream()), "device failure");
  return Ptr;
}

extern "C" int omp_target_associate_ptr(const void *HostPtr,
                                        const void *DevicePtr, size_t Size,
                                        size_t DeviceOffset, int DeviceNum) {
  ConstructScope Scope("omp_target_associate_ptr");
  bool IsHost;
  Device *D = Runtime::get().deviceForApi(DeviceNum, IsHost);
  if (!D || !HostPtr || !DevicePtr)
    return Failure;
  std::unique_lock<std::mutex> Lock = D->acquire();
  return D->data().associate(address(HostPtr), Size,
                             address(DevicePtr) + DeviceOffset)
             ? 0
             : Failure;
}

extern "C" int omp_target_disassociate_ptr(const void *HostPtr, int DeviceNum) {
  ConstructScope Scope("omp_target_disassociate_ptr");
  bool IsHost;
  Device *D = Runtime::get().deviceForApi(DeviceNum, IsHost);
  if (!D || !HostPtr)
    return Failure;
  std::unique_lock<std::mutex> Lock = D->acquire();
  return D->data().disassociate(address(HostPtr)) ? 0 : Failure;
}
