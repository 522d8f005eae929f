//===- GpuTimeline.h - GPU time of the work queued on a stream --*- C++ -*-===//
//
// For the LIBOMPTARGET_PROFILE trace: each copy and kernel a device queues on
// one of its streams is timed on the GPU between two CUDA events, so the
// trace shows how long the GPU worked on it rather than how long the host call
// took. Once the host has waited for the stream, flush() reads the events and
// records each activity on the stream's track.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_GPUTIMELINE_H
#define OMPTARGET_GPUTIMELINE_H

#include "CudaDriver.h"
#include "Trace.h"

#include <vector>

namespace omptarget {

class GpuTimeline {
public:
  GpuTimeline(const CudaDriver &Cu, int Device, int Stream)
      : Cu(Cu), Device(Device), Stream(Stream) {}

  /// The start of an activity: its event, and the trace time at which the
  /// host recorded it.
  struct Start {
    CUevent Event;
    double Queued;
  };

  /// Records, on \p Stream, the event that starts the activity queued next.
  Start begin(CUstream Stream);
  /// Records the event that ends the activity begun with \p From.
  void end(CUstream Stream, Start From, trace::Event What);
  /// Records the activities queued since the last flush in the trace; the
  /// stream must have been synchronized.
  void flush();

private:
  struct Activity {
    Start From;
    CUevent End;
    trace::Event What;
    /// Microseconds from the first activity's start, and its duration, on
    /// the GPU's clock.
    double SinceFirst = 0, Duration = 0;
  };
  CUevent takeEvent();
  /// Microseconds between two completed events.
  double elapsed(CUevent From, CUevent To) const;

  const CudaDriver &Cu;
  const int Device;
  /// The stream's number on its device, for its track.
  const int Stream;
  std::vector<Activity> Queued;
  /// Events of flushed activities, for reuse.
  std::vector<CUevent> Spare;
};

} // namespace omptarget

#endif // OMPTARGET_GPUTIMELINE_H
