//===- GpuTimeline.cpp - GPU time of the work queued on a stream ----------===//
//
// The GPU and the host have no common clock, so the GPU intervals are placed
// on the host's: the first activity after a flush starts when the host queued
// it. The stream is idle then (flushes follow waits for the stream, and every
// stream operation goes through this timeline), so the GPU reaches that event
// at once, up to the launch latency of a few microseconds. Later activities of
// the batch sit where the events put them relative to the first one. GPU work
// thus never appears before the host call that queued it, and the intervals
// that the events measure stay short, which keeps their float milliseconds
// precise.
//
//===----------------------------------------------------------------------===//

#include "GpuTimeline.h"

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

CUevent GpuTimeline::begin(CUstream Stream) {
  if (Queued.empty())
    BatchStart = trace::now();
  CUevent Start = takeEvent();
  Cu.check(Cu.EventRecord(Start, Stream), Device,
           "cannot record an event for the trace");
  return Start;
}

void GpuTimeline::end(CUstream Stream, CUevent Start, trace::Event What) {
  CUevent End = takeEvent();
  Cu.check(Cu.EventRecord(End, Stream), Device,
           "cannot record an event for the trace");
  Queued.push_back({Start, End, std::move(What)});
}

void GpuTimeline::flush() {
  if (Queued.empty())
    return;
  CUevent First = Queued.front().Start;
  for (Activity &A : Queued) {
    float SinceFirst = 0, Duration = 0;
    Cu.check(Cu.EventElapsedTime(&SinceFirst, First, A.Start), Device,
             "cannot read an event of the trace");
    Cu.check(Cu.EventElapsedTime(&Duration, A.Start, A.End), Device,
             "cannot read an event of the trace");
    // Milliseconds to the trace's microseconds.
    trace::complete(trace::deviceStream(Device), A.What,
                    BatchStart + 1000.0 * SinceFirst, 1000.0 * Duration);
    Spare.push_back(A.Start);
    Spare.push_back(A.End);
  }
  Queued.clear();
}
