//===- Queue.h - A stream of a device and the host's record of it -*- C++ -*-===//
//
// The work of a device runs on CUDA streams, in order on each, while the host
// goes on. A Queue is one stream with what the host must remember until the
// work on it is done: actions to run then (releasing memory the work still
// uses), whether queued copies still read host memory the program may change,
// and the kernels launched on it, so that a fault the driver reports at a
// later synchronization names the target region whose kernel caused it.
//
// How far a stream got is known without asking the driver, which answers
// nothing but the error after a fault: before each launch that follows an
// unfinished one of another target region, the stream writes the number of
// that one into a word of pinned host memory (cuStreamWriteValue32), which the
// host reads. Launches of one region in a row share a number.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_QUEUE_H
#define OMPTARGET_QUEUE_H

#include "CudaDriver.h"
#include "EventPool.h"
#include "GpuTimeline.h"
#include "omptarget.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

namespace omptarget {

/// Where a Queue sends a failed driver call: the device, which knows every
/// queue and names the kernel that faulted.
class QueueErrors {
public:
  virtual ~QueueErrors() = default;
  /// Ends the process with a message for \p Result, an error of the call
  /// described by \p What.
  [[noreturn]] virtual void failed(CUresult Result, const char *What) = 0;
};

/// A kernel launched on a queue that the host has not seen complete.
struct QueuedLaunch {
  uint32_t Number;
  /// The target region's location, copied (the caller's may be gone when a
  /// fault is found, at the program's end), and its kernel's name, which
  /// lives as long as its loaded program.
  ident_t Loc;
  const char *Kernel;
};

class Queue {
public:
  /// \p Progress is a word of pinned host memory that only this queue uses;
  /// \p Number names the stream in traces.
  Queue(const CudaDriver &Cu, EventPool &Events, QueueErrors &Errors,
        int Device, int Number, CUstream Stream, uint32_t *Progress);

  CUstream stream() const { return Stream; }
  int number() const { return Number; }
  GpuTimeline &timeline() { return Timeline; }

  /// Work was queued that the host has not seen done.
  bool busy() const { return Busy; }
  /// Call after queuing anything.
  void noteWork() { Busy = true; }

  /// A copy was queued that reads host memory the caller owns and may change
  /// once the construct returns.
  void noteHostRead();
  /// Marks the end of the copies that read host memory, before work that
  /// does not (a kernel), so that settleHostReads() waits for them only.
  void fenceHostReads();
  /// Returns once every copy queued so far has read its host memory.
  void settleHostReads();

  /// Notes that the kernel \p Kernel of the target region at \p Loc is
  /// launched next on this queue.
  void noteLaunch(const ident_t *Loc, const char *Kernel);
  /// The oldest launch the stream has not reported done: the one that faulted
  /// when the stream stopped with a fault. nullptr if there is none.
  const QueuedLaunch *unfinishedLaunch() const;

  /// Runs \p Action once the work queued so far is done (at once when the
  /// queue is idle). Actions wait, unfenced, for the next seal().
  void whenDone(std::function<void()> Action);
  /// Records the event that the actions noted since the last seal wait for.
  void seal();
  /// Runs the actions whose work is done, without waiting.
  void retire();
  /// Waits for everything queued, then runs every action.
  void synchronize();

  /// An event recorded after the work queued so far; give it back to the
  /// event pool when done with it.
  CUevent record();
  /// Makes the work queued from now on wait for \p Event (of any stream).
  void waitFor(CUevent Event);
  /// Waits for \p Event, recorded on this queue, and runs the actions it
  /// covers.
  void wait(CUevent Event);

private:
  struct Fence {
    CUevent Event;
    std::vector<std::function<void()>> Actions;
  };
  void check(CUresult Result, const char *What) {
    if (Result != CUDA_SUCCESS)
      Errors.failed(Result, What);
  }
  /// Forgets the launches the progress word reports done.
  void dropFinishedLaunches();
  void runFence(Fence &F);

  const CudaDriver &Cu;
  EventPool &Events;
  QueueErrors &Errors;
  const int Device;
  const int Number;
  const CUstream Stream;
  uint32_t *const Progress;
  GpuTimeline Timeline;
  bool Busy = false;
  bool UnsettledHostReads = false;
  /// Recorded after the last copy that reads host memory; nullptr where
  /// none was or more copies came since.
  CUevent HostReadsDone = nullptr;
  std::deque<QueuedLaunch> Launches;
  uint32_t LastLaunch = 0;
  std::vector<std::function<void()>> Unfenced;
  std::deque<Fence> Fences;
};

} // namespace omptarget

#endif // OMPTARGET_QUEUE_H
