//===- LargeCopies.cpp - Copies of large host data at link speed ----------===//
//
// Each thread of the crew moves whole chunks (2 MiB at most) through its own
// two pinned buffers and stream, and waits for nobody but its own DMAs: on an
// H100 host, 12 threads so moved 45-50 GB/s each way against 55 GB/s from
// pinned memory, where all threads sharing each 8 MiB chunk of a ring (a wake
// and a join per chunk) moved 34-37. The host's memory bandwidth is the bound:
// a staged byte is read and written by the host and read (or written) by the
// DMA. Locking the range in pieces instead moved 4-13 GB/s (the driver locks
// one range at a time).
//
//===----------------------------------------------------------------------===//

#include "LargeCopies.h"
#include "Address.h"
#include "HostAccessibleMemory.h"
#include "StreamingCopy.h"

#include <algorithm>
#include <cstring>
#include <thread>
#include <unistd.h>

using namespace omptarget;

namespace {
/// Threads that copy into and out of staging buffers unless
/// LIBOMPTARGET_STAGING_THREADS says: the host's cores, up to sixteen. On an
/// H100's 16-core host, 16 moved 43.8 / 42.0 GB/s (to / from) at 256 MiB
/// where 12 moved 38.7 / 28.9 one day, and as much as 12 on another.
unsigned stagingThreads() {
  if (uint32_t Set = getEnvironment().StagingThreads)
    return Set;
  return std::clamp(std::thread::hardware_concurrency(), 1u, 16u);
}
} // namespace

LargeCopies::LargeCopies(const CudaDriver &Cu, EventPool &Events,
                         QueueErrors &Errors, int Device)
    : Cu(Cu), Events(Events), Errors(Errors), Device(Device),
      Policy(getEnvironment().LargeCopies), Threads(stagingThreads()),
      Lanes(Threads.size()) {}

bool LargeCopies::takes(const void *Host, size_t Size) const {
  return Size >= LargeCopyBytes && Policy != LargeCopyPath::Pageable &&
         !HostAccessibleMemory::get().contains(addressOf(Host), Size);
}

LargeCopies::Plan LargeCopies::plan(size_t Size) const {
  // Every thread gets a chunk where the copy is short; chunks are whole
  // pages, so that no two threads write to one page. Cutting a long copy's
  // first and last chunks finer, so that the link starts sooner and the
  // host's last copies out are shorter, measured no faster (H100).
  constexpr size_t Page = 4096;
  size_t PerThread = (Size / Threads.size() + Page - 1) & ~(Page - 1);
  size_t ChunkBytes = std::clamp(PerThread, MinChunkBytes, MaxChunkBytes);
  size_t Chunks = (Size + ChunkBytes - 1) / ChunkBytes;
  unsigned Used =
      static_cast<unsigned>(std::min<size_t>(Chunks, Threads.size()));
  return {Size, ChunkBytes, Chunks, Used};
}

bool LargeCopies::ok(StagingLane &L, CUresult Result, const char *What) {
  if (Result == CUDA_SUCCESS)
    return true;
  if (L.Error == CUDA_SUCCESS) {
    L.Error = Result;
    L.Failed = What;
  }
  return false;
}

void LargeCopies::prepare(StagingLane &L) {
  if (L.Finished)
    return;
  auto Check = [&](CUresult Result, const char *What) {
    if (Result != CUDA_SUCCESS)
      Errors.failed(Result, What);
  };
  Check(Cu.StreamCreate(&L.Stream, CU_STREAM_NON_BLOCKING),
        "cannot create a stream for staged copies");
  for (unsigned B = 0; B < BuffersPerThread; ++B) {
    void *Memory = nullptr;
    Check(Cu.MemHostAlloc(&Memory, MaxChunkBytes, 0),
          "cannot allocate pinned memory for staging");
    L.Memory[B] = static_cast<char *>(Memory);
    // The lane keeps its events for good.
    L.Done[B] = Events.take();
  }
  L.Finished = Events.take();
}

template <typename PartFn>
void LargeCopies::runStaged(Queue &Q, CUcontext Context, const Plan &P,
                            CUstream Shared, PartFn Part) {
  // The lanes a copy uses for the first time are made here, one after the
  // other: the driver pins memory at about 0.36 ms a MiB on an H100's host,
  // and slower from several threads at once (24 buffers of 4 MiB: 34 ms from
  // one thread, 47 from twelve).
  for (unsigned Index = 0; Index < P.Threads; ++Index)
    prepare(Lanes[Index]);
  CUevent Start = Q.record();
  if (Shared)
    Cu.check(Cu.StreamWaitEvent(Shared, Start, 0), Device,
             "cannot order a stream after another");
  NextChunk.store(0);
  Threads.run(P.Threads, [&](unsigned Index) {
    StagingLane &L = Lanes[Index];
    L.Error = CUDA_SUCCESS;
    if (!ok(L, Cu.CtxSetCurrent(Context), "cannot make the context current"))
      return;
    if (Shared) {
      Part(L, Shared, P);
      return;
    }
    if (ok(L, Cu.StreamWaitEvent(L.Stream, Start, 0),
           "cannot order a stream after another"))
      Part(L, L.Stream, P);
    if (L.Error == CUDA_SUCCESS)
      ok(L, Cu.EventRecord(L.Finished, L.Stream), "cannot record an event");
  });
  Events.giveBack(Start);
  for (unsigned Index = 0; Index < P.Threads; ++Index) {
    StagingLane &L = Lanes[Index];
    if (L.Error != CUDA_SUCCESS)
      Errors.failed(L.Error, L.Failed);
    if (!Shared)
      Q.waitFor(L.Finished);
  }
}

void LargeCopies::laneToDevice(StagingLane &L, CUstream Stream, const Plan &P,
                               uintptr_t Dst, const char *Src) {
  // Chunks go to whichever thread is free: a helper that wakes late (100 us
  // and more on a virtual machine's host) then takes fewer, instead of
  // holding up the copy's end with its share (H200: 256 MiB in 5.78-5.93 ms
  // against 5.87-5.97 with chunk k on thread k % T).
  unsigned B = 0;
  for (size_t Chunk = NextChunk.fetch_add(1); Chunk < P.Chunks;
       Chunk = NextChunk.fetch_add(1)) {
    // The buffer's last DMA, of this copy or an earlier one, has read it.
    if (L.Pending[B] &&
        !ok(L, Cu.EventSynchronize(L.Done[B]), "device failure"))
      return;
    size_t Offset = P.offsetOf(Chunk), Bytes = P.bytesOf(Chunk);
    // An ordinary copy: the DMA then finds much of the buffer in the host's
    // cache (non-temporal stores here moved 34-38 GB/s against 41-43).
    memcpy(L.Memory[B], Src + Offset, Bytes);
    if (!ok(L, Cu.MemcpyHtoDAsync(Dst + Offset, L.Memory[B], Bytes, Stream),
            "cannot copy data to the device") ||
        !ok(L, Cu.EventRecord(L.Done[B], Stream), "cannot record an event"))
      return;
    L.Pending[B] = true;
    B = (B + 1) % BuffersPerThread;
  }
}

void LargeCopies::laneFromDevice(StagingLane &L, CUstream Stream, const Plan &P,
                                 char *Dst, uintptr_t Src) {
  // Each buffer holds the chunk the lane took last for it, its DMA queued
  // a buffer ahead of the copies out. Where lanes take several chunks, all
  // lanes' DMAs share one stream (\p Stream), so they run one after another
  // in the order queued and each chunk lands at the link's speed: its thread
  // starts copying it out early, where DMAs sharing the link all land late.
  // No thread waits for another to queue first (lanes that queued in chunk
  // order once waited for each other in turn, and a host short of CPU time
  // made 16 MiB take 4 ms instead of 0.5).
  size_t Held[BuffersPerThread];
  bool Holds[BuffersPerThread] = {};
  auto Take = [&](unsigned B) {
    size_t Chunk = NextChunk.fetch_add(1);
    if (Chunk >= P.Chunks)
      return false;
    // A DMA of a copy to the device, on the lane's own stream, may still
    // read the buffer.
    if (L.Pending[B] && Stream != L.Stream &&
        !ok(L, Cu.StreamWaitEvent(Stream, L.Done[B], 0),
            "cannot order a stream after another"))
      return false;
    if (!ok(L,
            Cu.MemcpyDtoHAsync(L.Memory[B], Src + P.offsetOf(Chunk),
                               P.bytesOf(Chunk), Stream),
            "cannot copy data from the device") ||
        !ok(L, Cu.EventRecord(L.Done[B], Stream), "cannot record an event"))
      return false;
    L.Pending[B] = true;
    Held[B] = Chunk;
    return true;
  };
  // A lane queues a buffer ahead only where the copy has more chunks than
  // lanes: else the first thread to run would take two chunks at once and
  // copy them out one after the other.
  unsigned Ahead = P.severalEach() ? BuffersPerThread : 1;
  for (unsigned B = 0; B < Ahead; ++B)
    if (!(Holds[B] = Take(B)))
      break;
  // The buffers take turns, so that the older chunk lands first; a buffer
  // that got no chunk (none left, or none taken ahead) sits out its turn.
  auto HoldsAny = [&] {
    return std::any_of(Holds, Holds + BuffersPerThread,
                       [](bool Held) { return Held; });
  };
  for (unsigned B = 0; HoldsAny(); B = (B + 1) % BuffersPerThread) {
    if (!Holds[B])
      continue;
    if (!ok(L, Cu.EventSynchronize(L.Done[B]), "device failure"))
      return;
    L.Pending[B] = false;
    size_t Chunk = Held[B];
    // A large copy writes the program's memory without reading it first
    // (StreamingCopy.h): 39-42 GB/s against 29-33 with memcpy at 256 MiB,
    // 27-28 against 24 at 16 MiB; at 1 MiB, which the host's cache holds,
    // memcpy moved 11-14 against 9-10 (H100 host, one run).
    if (P.Size >= StreamingCopyBytes)
      streamingCopy(Dst + P.offsetOf(Chunk), L.Memory[B], P.bytesOf(Chunk));
    else
      memcpy(Dst + P.offsetOf(Chunk), L.Memory[B], P.bytesOf(Chunk));
    Holds[B] = L.Error == CUDA_SUCCESS && Take(B);
  }
}

bool LargeCopies::registeredCopy(Queue &Q, void *Host, size_t Size,
                                 bool ToDevice, uintptr_t DeviceAddress) {
  uintptr_t Page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  uintptr_t Begin = addressOf(Host) & ~(Page - 1);
  uintptr_t End = (addressOf(Host) + Size + Page - 1) & ~(Page - 1);
  // The driver refuses ranges that overlap memory the program locked through
  // CUDA itself; such a copy is staged instead.
  if (Cu.MemHostRegister(pointerTo(Begin), End - Begin, 0) != CUDA_SUCCESS)
    return false;
  CUresult Result =
      ToDevice ? Cu.MemcpyHtoDAsync(DeviceAddress, Host, Size, Q.stream())
               : Cu.MemcpyDtoHAsync(Host, DeviceAddress, Size, Q.stream());
  if (Result != CUDA_SUCCESS)
    Errors.failed(Result, ToDevice ? "cannot copy data to the device"
                                   : "cannot copy data from the device");
  // The lock ends with the copy, within this call: the program may free the
  // memory as soon as the construct returns.
  CUevent Done = Q.record();
  Q.wait(Done);
  Events.giveBack(Done);
  Cu.check(Cu.MemHostUnregister(pointerTo(Begin)), Device,
           "cannot unlock host memory after a copy");
  return true;
}

void LargeCopies::toDevice(Queue &Q, CUcontext Context, uintptr_t Dst,
                           const void *Src, size_t Size) {
  void *Host = const_cast<void *>(Src);
  if (Policy == LargeCopyPath::Register &&
      registeredCopy(Q, Host, Size, /*ToDevice=*/true, Dst))
    return;
  runStaged(Q, Context, plan(Size), /*Shared=*/nullptr,
            [&](StagingLane &L, CUstream Stream, const Plan &P) {
              laneToDevice(L, Stream, P, Dst, static_cast<const char *>(Src));
            });
}

void LargeCopies::fromDevice(Queue &Q, CUcontext Context, void *Dst,
                             uintptr_t Src, size_t Size) {
  if (Policy == LargeCopyPath::Register &&
      registeredCopy(Q, Dst, Size, /*ToDevice=*/false, Src))
    return;
  // Where no lane takes more than one chunk, the DMAs go on the lanes' own
  // streams and run at once: with one stream, lanes queuing at the same time
  // wait for each other in the driver and for each other's DMAs (1 MiB took
  // 94-96 us instead of 86-88).
  Plan P = plan(Size);
  if (P.severalEach() && !FromStream)
    Cu.check(Cu.StreamCreate(&FromStream, CU_STREAM_NON_BLOCKING), Device,
             "cannot create a stream for staged copies");
  runStaged(Q, Context, P, P.severalEach() ? FromStream : nullptr,
            [&](StagingLane &L, CUstream Stream, const Plan &P) {
              laneFromDevice(L, Stream, P, static_cast<char *>(Dst), Src);
            });
}
