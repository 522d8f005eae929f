//===- MemoryTransfer.cpp - Copies of the omp_target_memcpy routines ------===//
//
// A contiguous copy is one driver copy; a rectangle's (up to) three innermost
// dimensions are one 2-D or 3-D driver copy between the host and a device,
// and the dimensions outside them a loop.
//
//===----------------------------------------------------------------------===//

#include "MemoryTransfer.h"
#include "Address.h"
#include "AsyncConstruct.h"
#include "Device.h"
#include "Diagnostics.h"
#include "Runtime.h"

#include <algorithm>
#include <cstring>
#include <utility>

using namespace omptarget;

namespace {

/// Copies between any two of host and devices: resolves the devices, queues
/// the copies on them and waits as far as the routine must.
class Transfer {
public:
  Transfer(int DstDevice, int SrcDevice) {
    Dst = Runtime::get().deviceForApi(DstDevice, DstIsHost);
    Src = Runtime::get().deviceForApi(SrcDevice, SrcIsHost);
    Valid = (Dst || DstIsHost) && (Src || SrcIsHost);
  }

  bool valid() const { return Valid; }

  /// The one device the transfer involves; nullptr for copies within the
  /// host and between two devices.
  Device *onlyDevice() const {
    if (Dst && Src && Dst != Src)
      return nullptr;
    return Dst ? Dst : Src;
  }

  /// Holds the devices, in device order so that opposite transfers cannot
  /// deadlock.
  void hold() {
    Device *First = Dst, *Second = Src == Dst ? nullptr : Src;
    if (First && Second && First->id() > Second->id())
      std::swap(First, Second);
    if (First)
      FirstLock = First->acquire();
    if (Second)
      SecondLock = Second->acquire();
    // Copies run on the source's stream, in its context; between two
    // devices, after the kernels the destination still runs (they may use
    // the buffer the copy overwrites).
    if (Src)
      Src->makeCurrent();
    if (Src && Dst && Src != Dst)
      Src->orderAfterMainLaneOf(*Dst);
  }

  void copy(char *To, const char *From, size_t Size) {
    if (Dst)
      HostSeesDestination |= Dst->hostSeesDeviceWrites(addressOf(To));
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
  /// device or between two devices, and row by row within one device and
  /// where the driver refuses the pitches (it may refuse device-to-device
  /// copies whose pitches cuMemAllocPitch did not choose).
  void copyBox(char *To, const char *From, const CopyBox &Box) {
    if (!Box.Width || !Box.Height || !Box.Depth)
      return;
    Device *Gpu = Src ? Src : Dst;
    bool OneSideHost = !Src != !Dst;
    if (!Box.isContiguous() && Src && Dst && Src != Dst &&
        std::max(Box.SrcPitch, Box.DstPitch) <=
            std::min(Src->maxPitch(), Dst->maxPitch()) &&
        Src->copyBoxToPeer(*Dst, addressOf(To), addressOf(From), Box))
      return;
    if (!Box.isContiguous() && OneSideHost &&
        std::max(Box.SrcPitch, Box.DstPitch) <= Gpu->maxPitch()) {
      if (!Src) {
        HostSeesDestination |= Dst->hostSeesDeviceWrites(addressOf(To));
        Dst->copyBoxToDevice(addressOf(To), From, Box);
      } else {
        Src->copyBoxFromDevice(To, addressOf(From), Box);
      }
      return;
    }
    for (size_t Z = 0; Z < Box.Depth; ++Z)
      for (size_t Y = 0; Y < Box.Height; ++Y)
        copy(To + Z * Box.DstSlicePitch + Y * Box.DstPitch,
             From + Z * Box.SrcSlicePitch + Y * Box.SrcPitch, Box.Width);
  }

  /// Ends a transfer that completes before its routine returns: data copied
  /// to the host or to another device has landed (a peer copy's destination
  /// device would not otherwise order its later work after it), and so has
  /// data copied to memory the host uses in place; host data copied from has
  /// been read. A copy between buffers of one device stays queued: every
  /// later use of the buffers is queued after it.
  void finish() {
    if (Src && Dst != Src)
      Src->synchronize();
    else if (Dst && HostSeesDestination)
      Dst->synchronize();
    else if (Dst && !Src)
      Dst->settleCopiesIn();
  }

private:
  Device *Dst = nullptr, *Src = nullptr;
  bool DstIsHost = false, SrcIsHost = false, Valid = false;
  bool HostSeesDestination = false;
  DeviceLock FirstLock, SecondLock;
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

void copyAll(Transfer &T, const CopyRequest &R) {
  if (!R.Rect) {
    T.copy(R.Dst, R.Src, R.Length);
    return;
  }
  copyRect(T, R.Dst, R.Src, R.ElementSize, R.NumDims, R.Volume.data(),
           R.DstOffsets.data(), R.SrcOffsets.data(), R.DstDimensions.data(),
           R.SrcDimensions.data());
}

} // namespace

bool omptarget::validDevices(const CopyRequest &R) {
  return Transfer(R.DstDevice, R.SrcDevice).valid();
}

void omptarget::performCopy(const CopyRequest &R, bool Async) {
  ConstructScope Scope(R.Routine);
  Transfer T(R.DstDevice, R.SrcDevice);
  Device *Gpu = T.onlyDevice();
  if (Async && Gpu) {
    AsyncConstruct::run(*Gpu, {nullptr, nullptr, R.Routine},
                        [&](DataEnvironment::Restores *Deferred) {
                          copyAll(T, R);
                          if (!Deferred)
                            T.finish();
                        });
    return;
  }
  T.hold();
  copyAll(T, R);
  T.finish();
}
