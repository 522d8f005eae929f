//===- LargeCopies.cpp - Copies of large host data at link speed ----------===//
//
// The staging ring is the device's, shared by its lanes: each buffer records
// the queue and event of the copy that last used it, and a chunk waits for
// that event before it refills the buffer. Chunks of 8 MiB keep a PCIe 5 link
// busy 150 us each, long enough that waking the copy threads and queuing the
// next DMA hide behind it; four buffers let the DMA run ahead of the host.
//
//===----------------------------------------------------------------------===//

#include "LargeCopies.h"
#include "Address.h"
#include "HostAccessibleMemory.h"

#include <algorithm>
#include <thread>
#include <unistd.h>

using namespace omptarget;

namespace {
/// Threads that copy into and out of staging buffers unless
/// LIBOMPTARGET_STAGING_THREADS says: half the host's cores, up to eight,
/// which move 40-80 GB/s between host memory and pinned buffers, about what
/// the link moves.
unsigned stagingThreads() {
  if (uint32_t Set = getEnvironment().StagingThreads)
    return Set;
  unsigned Cores = std::thread::hardware_concurrency();
  return std::clamp(Cores / 2, 1u, 8u);
}
} // namespace

LargeCopies::LargeCopies(const CudaDriver &Cu, EventPool &Events, int Device)
    : Cu(Cu), Events(Events), Device(Device),
      Policy(getEnvironment().LargeCopies), HostCopy(stagingThreads()) {}

bool LargeCopies::hostIsPinned(const void *Host, size_t Size) {
  return HostAccessibleMemory::get().contains(addressOf(Host), Size);
}

LargeCopies::Buffer &LargeCopies::idleBuffer(unsigned Index) {
  Buffer &B = Ring[Index % RingSize];
  if (!B.Memory) {
    void *Memory = nullptr;
    Cu.check(Cu.MemHostAlloc(&Memory, ChunkBytes, 0), Device,
             "cannot allocate pinned memory for staging");
    B.Memory = static_cast<char *>(Memory);
  }
  if (B.Done) {
    B.User->wait(B.Done);
    Events.giveBack(B.Done);
    B.Done = nullptr;
  }
  return B;
}

void LargeCopies::markBusy(Buffer &B, Queue &Q) {
  B.User = &Q;
  B.Done = Q.record();
}

void LargeCopies::stagedToDevice(Queue &Q, uintptr_t Dst, const char *Src,
                                 size_t Size, const DriverCopy &Copy) {
  for (size_t Offset = 0; Offset < Size; Offset += ChunkBytes) {
    size_t Bytes = std::min(ChunkBytes, Size - Offset);
    Buffer &B = idleBuffer(Next++);
    HostCopy.copy(B.Memory, Src + Offset, Bytes);
    Copy(Dst + Offset, B.Memory, Bytes);
    markBusy(B, Q);
  }
}

void LargeCopies::stagedFromDevice(Queue &Q, char *Dst, uintptr_t Src,
                                   size_t Size, const DriverCopy &Copy) {
  size_t Chunks = (Size + ChunkBytes - 1) / ChunkBytes;
  unsigned First = Next;
  Next += static_cast<unsigned>(Chunks);
  auto ChunkBytesAt = [&](size_t Chunk) {
    return std::min(ChunkBytes, Size - Chunk * ChunkBytes);
  };
  auto QueueChunk = [&](size_t Chunk) {
    Buffer &B = idleBuffer(First + static_cast<unsigned>(Chunk));
    Copy(Src + Chunk * ChunkBytes, B.Memory, ChunkBytesAt(Chunk));
    markBusy(B, Q);
  };
  // The DMA runs up to a ring ahead of the host's copies out of the buffers.
  for (size_t Chunk = 0; Chunk < std::min<size_t>(Chunks, RingSize); ++Chunk)
    QueueChunk(Chunk);
  for (size_t Chunk = 0; Chunk < Chunks; ++Chunk) {
    Buffer &B = idleBuffer(First + static_cast<unsigned>(Chunk));
    HostCopy.copy(Dst + Chunk * ChunkBytes, B.Memory, ChunkBytesAt(Chunk));
    if (Chunk + RingSize < Chunks)
      QueueChunk(Chunk + RingSize);
  }
}

bool LargeCopies::registeredCopy(Queue &Q, void *Host, size_t Size,
                                 const std::function<void()> &QueueCopy) {
  uintptr_t Page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  uintptr_t Begin = addressOf(Host) & ~(Page - 1);
  uintptr_t End = (addressOf(Host) + Size + Page - 1) & ~(Page - 1);
  // The driver refuses ranges that overlap memory the program locked through
  // CUDA itself; such a copy is staged instead.
  if (Cu.MemHostRegister(pointerTo(Begin), End - Begin, 0) != CUDA_SUCCESS)
    return false;
  QueueCopy();
  // The lock ends with the copy, within this call: the program may free the
  // memory as soon as the construct returns.
  CUevent Done = Q.record();
  Q.wait(Done);
  Events.giveBack(Done);
  Cu.check(Cu.MemHostUnregister(pointerTo(Begin)), Device,
           "cannot unlock host memory after a copy");
  return true;
}

bool LargeCopies::toDevice(Queue &Q, uintptr_t Dst, const void *Src,
                           size_t Size, const DriverCopy &Copy) {
  if (Size < LargeCopyBytes || Policy == LargeCopyPath::Pageable ||
      hostIsPinned(Src, Size))
    return false;
  void *Host = const_cast<void *>(Src);
  if (Policy == LargeCopyPath::Register &&
      registeredCopy(Q, Host, Size, [&] { Copy(Dst, Host, Size); }))
    return true;
  stagedToDevice(Q, Dst, static_cast<const char *>(Src), Size, Copy);
  return true;
}

bool LargeCopies::fromDevice(Queue &Q, void *Dst, uintptr_t Src, size_t Size,
                             const DriverCopy &Copy) {
  if (Size < LargeCopyBytes || Policy == LargeCopyPath::Pageable ||
      hostIsPinned(Dst, Size))
    return false;
  if (Policy == LargeCopyPath::Register &&
      registeredCopy(Q, Dst, Size, [&] { Copy(Src, Dst, Size); }))
    return true;
  stagedFromDevice(Q, static_cast<char *>(Dst), Src, Size, Copy);
  return true;
}
