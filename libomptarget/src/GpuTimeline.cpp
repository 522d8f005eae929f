//===- GpuTimeline.cpp - GPU time of the work queued on a stream ----------===//
//
// The GPU and the host have no common clock, so the GPU intervals are placed
// on the host's. Within a batch (the activities between two waits for the
// stream), the events give each activity's offset from the first one on the
// GPU's clock; what they do not give is when the first one ran. The GPU
// reaches an event only after the host recorded it, so the first activity
// ran no earlier than the latest of (host time of an activity's start event
// minus its offset): the batch is placed there. That way no activity appears
// before the host call that queued it, every activity appears at most as late
// as it really was (so a batch ends before the host's wait for it), and the
// intervals the events measure stay short, which keeps their float
// milliseconds precise.
//
//===----------------------------------------------------------------------===//

#include "GpuTimeline.h"

#include <algorithm>

using namespace omptarget;

CUevent GpuTimeline::takeEvent() {
  if (!Spare.empty()) {
    CUevent Event = Spare.back();
    Spare.pop_back();
    return Event;
  }
  CUevent Event = nullptr;
  Cu.check(Cu.EventCreate(&Event, CU_EVENT_DEFAULT), Device,
           "cannot create an event for the trace");
  return Event;
}

GpuTimeline::Start GpuTimeline::begin(CUstream Stream) {
  Start From{takeEvent(), trace::now()};
  Cu.check(Cu.EventRecord(From.Event, Stream), Device,
           "cannot record an event for the trace");
  return From;
}

void GpuTimeline::end(CUstream Stream, Start From, trace::Event What) {
  CUevent End = takeEvent();
  Cu.check(Cu.EventRecord(End, Stream), Device,
           "cannot record an event for the trace");
  Queued.push_back({From, End, std::move(What)});
}

double GpuTimeline::elapsed(CUevent From, CUevent To) const {
  float Milliseconds = 0;
  Cu.check(Cu.EventElapsedTime(&Milliseconds, From, To), Device,
           "cannot read an event of the trace");
  return 1000.0 * Milliseconds;
}

void GpuTimeline::flush() {
  if (Queued.empty())
    return;
  CUevent First = Queued.front().From.Event;
  double BatchStart = Queued.front().From.Queued;
  for (Activity &A : Queued) {
    A.SinceFirst = elapsed(First, A.From.Event);
    A.Duration = elapsed(A.From.Event, A.End);
    BatchStart = std::max(BatchStart, A.From.Queued - A.SinceFirst);
  }
  for (Activity &A : Queued) {
    trace::complete(trace::deviceStream(Device, Stream), A.What,
                    BatchStart + A.SinceFirst, A.Duration);
    Spare.push_back(A.From.Event);
    Spare.push_back(A.End);
  }
  Queued.clear();
}
