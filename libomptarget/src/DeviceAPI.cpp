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
//
//===----------------------------------------------------------------------===//

#include "Address.h"
#include "Device.h"
#include "Diagnostics.h"
#include "HostAccessibleMemory.h"
#include "Runtime.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <utility>

using namespace omptarget;

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
  std::unique_lock<std::mutex> Lock;
};

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
      Src->makeCurrent();
  }

  bool valid() const { return Valid; }

  void copy(char *To, const char *From, size_t Size) {
    if (!Dst && !Src)
      memcpy(To, From, Size);
    else if (!Src)
      Dst->copyToDevice(addressOf(To), From, Size);
    else if (!Dst)
      Src->copyFromDevice(To, addressOf(From), Size);
    else if (Dst == Src)
      Src->copyWithinDevice(addressOf(To), addressOf(From), Size);
    else
      Src->copyToPeer(*Dst, addressOf(To), addressOf(From), Size);
  }

  /// Copies \p Box with one 2-D or 3-D driver copy between the host and a
  /// device, and row by row elsewhere (the driver may refuse device-to-device
  /// 2-D copies whose pitches cuMemAllocPitch did not choose).
  void copyBox(char *To, const char *From, const CopyBox &Box) {
    if (!Box.Width || !Box.Height || !Box.Depth)
      return;
    Device *Gpu = Src ? Src : Dst;
    bool OneSideHost = !Src != !Dst;
    if (!Box.isContiguous() && OneSideHost &&
        std::max(Box.SrcPitch, Box.DstPitch) <= Gpu->maxPitch()) {
      if (!Src)
        Dst->copyBoxToDevice(addressOf(To), From, Box);
      else
        Src->copyBoxFromDevice(To, addressOf(From), Box);
      return;
    }
    for (size_t Z = 0; Z < Box.Depth; ++Z)
      for (size_t Y = 0; Y < Box.Height; ++Y)
        copy(To + Z * Box.DstSlicePitch + Y * Box.DstPitch,
             From + Z * Box.SrcSlicePitch + Y * Box.SrcPitch, Box.Width);
  }

  void finish() {
    if (Src)
      Src->synchronize();
    if (Dst)
      Dst->synchronize();
  }

private:
  Device *Dst = nullptr, *Src = nullptr;
  bool DstIsHost = false, SrcIsHost = false, Valid = false;
  std::unique_lock<std::mutex> FirstLock, SecondLock;
};

/// omp_target_memcpy_rect: the (up to) three innermost dimensions are one
/// box, the dimensions outside them a loop.
void copyRect(Transfer &T, char *Dst, const char *Src, size_t ElementSize,
              int NumDims, const size_t *Volume, const size_t *DstOffsets,
              const size_t *SrcOffsets, const size_t *DstDimensions,
              const size_t *SrcDimensions) {
  if (NumDims > 3) {
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
    return;
  }
  // Bytes between consecutive indices of each dimension.
  size_t DstPitch[3], SrcPitch[3];
  DstPitch[NumDims - 1] = SrcPitch[NumDims - 1] = ElementSize;
  for (int D = NumDims - 2; D >= 0; --D) {
    DstPitch[D] = DstPitch[D + 1] * DstDimensions[D + 1];
    SrcPitch[D] = SrcPitch[D + 1] * SrcDimensions[D + 1];
  }
  CopyBox Box;
  Box.Width = Volume[NumDims - 1] * ElementSize;
  for (int D = 0; D < NumDims; ++D) {
    Dst += DstOffsets[D] * DstPitch[D];
    Src += SrcOffsets[D] * SrcPitch[D];
  }
  if (NumDims >= 2) {
    Box.Height = Volume[NumDims - 2];
    Box.DstPitch = DstPitch[NumDims - 2];
    Box.SrcPitch = SrcPitch[NumDims - 2];
  }
  if (NumDims == 3) {
    Box.Depth = Volume[0];
    Box.DstSlicePitch = DstPitch[0];
    Box.SrcSlicePitch = SrcPitch[0];
  }
  T.copyBox(Dst, Src, Box);
}

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
    D->release(addressOf(Ptr));
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
  ApiDevice Call("omp_target_memset", DeviceNum, Ptr != nullptr);
  if (Call.isHost())
    return memset(Ptr, Value, Count);
  if (Device *D = Call.device()) {
    D->fill(addressOf(Ptr), static_cast<unsigned char>(Value), Count);
    D->synchronize();
  }
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
