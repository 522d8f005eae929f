//===- LargeCopies.h - Copies of large host data at link speed --*- C++ -*-===//
//
// The driver copies pageable host memory through a small bounce buffer of its
// own at a fraction of the link's speed (7 GB/s for a cudaMemcpy against
// 55 GB/s from pinned memory on an H100). A device's copies of LargeCopyBytes
// or more to or from the host therefore take one of three paths, chosen by
// LIBOMPTARGET_LARGE_COPIES:
//  - staged (default): the copy is cut into chunks that the threads of a
//    HostThreads crew take one after another, each moving its chunks through
//    two pinned buffers of its own: a thread fills one buffer while the DMA
//    out of its other one runs (from the device, the DMA into one buffer runs
//    while the thread copies out of the other), and waits for nobody but its
//    own DMAs. Host data copied to the device has been read when the call
//    returns, so the program may change it. From the device, the threads'
//    DMAs share one stream where each takes several chunks, so that each
//    chunk lands at the link's speed and its thread starts copying it out
//    early, instead of all threads' DMAs sharing the link and landing late.
//  - register: the host range is page-locked (cuMemHostRegister) for the one
//    copy, which then runs at pinned speed; locking costs time per page
//    (about 20 GB/s on an H100's host, slower in pieces).
//  - pageable: the driver's own path, as for smaller copies.
// Host memory that is already pinned, locked or managed is copied in place.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_LARGECOPIES_H
#define OMPTARGET_LARGECOPIES_H

#include "CudaDriver.h"
#include "Environment.h"
#include "EventPool.h"
#include "HostThreads.h"
#include "Queue.h"

#include <atomic>
#include <cstdint>
#include <vector>

namespace omptarget {

class LargeCopies {
public:
  /// Copies from this size on take the policy's path: below it a copy's
  /// fixed cost (a call, a wait) outweighs what bandwidth gains.
  static constexpr size_t LargeCopyBytes = size_t(1) << 20;

  LargeCopies(const CudaDriver &Cu, EventPool &Events, QueueErrors &Errors,
              int Device);
  LargeCopies(const LargeCopies &) = delete;
  LargeCopies &operator=(const LargeCopies &) = delete;

  /// Whether a copy of \p Size bytes at the host's \p Host takes one of the
  /// paths here (large, and neither pageable by policy nor pinned already).
  bool takes(const void *Host, size_t Size) const;

  /// Copies \p Size bytes from the host's \p Src to the device's \p Dst, in
  /// \p Context, after the work queued on \p Q so far and before the work
  /// queued on it next; \p Src has been read when this returns. Only for
  /// copies that takes().
  void toDevice(Queue &Q, CUcontext Context, uintptr_t Dst, const void *Src,
                size_t Size);
  /// Copies \p Size bytes from the device's \p Src to the host's \p Dst after
  /// the work queued on \p Q so far; done when this returns. Only for copies
  /// that takes().
  void fromDevice(Queue &Q, CUcontext Context, void *Dst, uintptr_t Src,
                  size_t Size);

  /// The threads that copy between host memory and the staging buffers, for
  /// the device's other copies between host and pinned memory.
  HostThreads &hostThreads() { return Threads; }

private:
  static constexpr unsigned BuffersPerThread = 2;
  /// The largest chunk, the size of a staging buffer: 2 MiB keeps the link
  /// busy 38 us, long enough to hide a chunk's driver calls (4 MiB moved no
  /// faster on an H100, and pins twice the memory).
  static constexpr size_t MaxChunkBytes = size_t(2) << 20;
  /// The smallest chunk: a thread woken for less costs more than it copies.
  static constexpr size_t MinChunkBytes = size_t(256) << 10;
  /// Copies to the host from this size on bypass the host's caches when they
  /// write the program's memory (measured faster at 16 MiB, slower at 1).
  static constexpr size_t StreamingCopyBytes = size_t(16) << 20;

  /// What a thread of the crew moves a copy's chunks with.
  struct StagingLane {
    CUstream Stream = nullptr;
    char *Memory[BuffersPerThread] = {};
    /// Recorded after the last DMA that used the buffer.
    CUevent Done[BuffersPerThread] = {};
    /// Whether the host has not waited for Done since it was recorded.
    bool Pending[BuffersPerThread] = {};
    /// Recorded after the lane's part of a copy.
    CUevent Finished = nullptr;
    /// The first driver call of the current copy that failed.
    CUresult Error = CUDA_SUCCESS;
    const char *Failed = nullptr;
  };
  /// One copy cut into chunks; each thread takes the next chunk left.
  struct Plan {
    size_t Size, ChunkBytes, Chunks;
    unsigned Threads;
    size_t offsetOf(size_t Chunk) const { return Chunk * ChunkBytes; }
    size_t bytesOf(size_t Chunk) const {
      size_t Left = Size - offsetOf(Chunk);
      return Left < ChunkBytes ? Left : ChunkBytes;
    }
    /// Whether threads take more than one chunk each.
    bool severalEach() const { return Chunks > Threads; }
  };

  Plan plan(size_t Size) const;
  /// Runs \p Part(Lane, Stream, P) on each thread of \p P, in \p Context,
  /// after the work queued on \p Q so far. The lanes' DMAs go on
  /// \p Shared where given (the construct's later work need not wait for
  /// them: the lanes do), else each on its lane's stream (and the work
  /// queued on \p Q next waits for them). Reports the first failure through
  /// Errors.
  template <typename PartFn>
  void runStaged(Queue &Q, CUcontext Context, const Plan &P, CUstream Shared,
                 PartFn Part);
  /// Makes \p L ready at its first use, on the calling thread: its stream,
  /// its pinned buffers and events from the device's pool, kept for good.
  void prepare(StagingLane &L);
  /// Whether \p Result is a success; otherwise keeps it as \p L's failure.
  static bool ok(StagingLane &L, CUresult Result, const char *What);
  /// The chunks of a copy to the device that lane \p L takes.
  void laneToDevice(StagingLane &L, CUstream Stream, const Plan &P,
                    uintptr_t Dst, const char *Src);
  /// The chunks of a copy to the host that lane \p L takes, their DMAs
  /// queued on \p Stream.
  void laneFromDevice(StagingLane &L, CUstream Stream, const Plan &P, char *Dst,
                      uintptr_t Src);
  /// The register path; false where the driver would not lock the range.
  bool registeredCopy(Queue &Q, void *Host, size_t Size, bool ToDevice,
                      uintptr_t DeviceAddress);

  const CudaDriver &Cu;
  EventPool &Events;
  QueueErrors &Errors;
  const int Device;
  const LargeCopyPath Policy;
  HostThreads Threads;
  std::vector<StagingLane> Lanes;
  /// The one stream of every lane's DMAs from the device, in copies where
  /// lanes take several chunks each.
  CUstream FromStream = nullptr;
  /// The next chunk of the current copy that no thread took.
  std::atomic<size_t> NextChunk{0};
};

} // namespace omptarget

#endif // OMPTARGET_LARGECOPIES_H
