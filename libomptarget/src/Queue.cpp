//===- Queue.cpp - A stream of a device and the host's record of it -------===//
//
// Actions wait for a fence: the actions noted while a construct queues its
// work are sealed behind one event at the end of the construct, and run once
// the host finds that event passed (retire, without waiting) or waits for
// the stream. Fences pass in the order they were recorded, so only the oldest
// is ever asked about.
//
//===----------------------------------------------------------------------===//

#include "Queue.h"
#include "Address.h"
#include "Trace.h"

using namespace omptarget;

Queue::Queue(const CudaDriver &Cu, EventPool &Events, QueueErrors &Errors,
             int Device, int Number, CUstream Stream, uint32_t *Progress)
    : Cu(Cu), Events(Events), Errors(Errors), Device(Device), Number(Number),
      Stream(Stream), Progress(Progress), Timeline(Cu, Device, Number) {
  *Progress = 0;
}

void Queue::noteHostRead() {
  UnsettledHostReads = true;
  if (HostReadsDone) {
    Events.giveBack(HostReadsDone);
    HostReadsDone = nullptr;
  }
}

void Queue::fenceHostReads() {
  if (UnsettledHostReads && !HostReadsDone)
    HostReadsDone = record();
}

void Queue::settleHostReads() {
  // A copy from host memory may read it any time before it completes (CUDA
  // documents nothing more for pageable memory), so only its completion
  // settles it: the fence after the copies where there is one, so that a
  // kernel queued after them goes on running.
  if (!UnsettledHostReads)
    return;
  if (!HostReadsDone) {
    synchronize();
    return;
  }
  {
    trace::HostSpan Span([&] {
      return trace::Event{
          "wait", "wait",
          trace::Args().add("device", Device).add("stream", Number)};
    });
    check(Cu.EventSynchronize(HostReadsDone), "device failure");
  }
  Events.giveBack(HostReadsDone);
  HostReadsDone = nullptr;
  UnsettledHostReads = false;
}

void Queue::dropFinishedLaunches() {
  uint32_t Done = __atomic_load_n(Progress, __ATOMIC_ACQUIRE);
  while (!Launches.empty() &&
         static_cast<int32_t>(Launches.front().Number - Done) <= 0)
    Launches.pop_front();
}

void Queue::noteLaunch(const ident_t *Loc, const char *Kernel) {
  dropFinishedLaunches();
  ident_t Where = Loc ? *Loc : ident_t{};
  // Launches of one region in a row need not be told apart: a fault in any
  // of them names the same region. Back-to-back launches of a loop then pay
  // no stream write.
  if (!Launches.empty() && Launches.back().Kernel == Kernel &&
      Launches.back().Loc.PSource == Where.PSource)
    return;
  // Once the previous kernel is done, the stream says so.
  if (!Launches.empty())
    check(Cu.StreamWriteValue32(Stream, addressOf(Progress),
                                Launches.back().Number, 0),
          "cannot mark the progress of a stream");
  Launches.push_back({++LastLaunch, Where, Kernel});
}

const QueuedLaunch *Queue::unfinishedLaunch() const {
  uint32_t Done = __atomic_load_n(Progress, __ATOMIC_ACQUIRE);
  for (const QueuedLaunch &L : Launches)
    if (static_cast<int32_t>(L.Number - Done) > 0)
      return &L;
  return nullptr;
}

void Queue::whenDone(std::function<void()> Action) {
  if (!Busy)
    Action();
  else
    Unfenced.push_back(std::move(Action));
}

void Queue::seal() {
  if (Unfenced.empty())
    return;
  Fences.push_back({record(), std::move(Unfenced)});
  Unfenced.clear();
}

void Queue::runFence(Fence &F) {
  for (std::function<void()> &Action : F.Actions)
    Action();
  Events.giveBack(F.Event);
}

void Queue::retire() {
  while (!Fences.empty()) {
    CUresult Result = Cu.EventQuery(Fences.front().Event);
    if (Result == CUDA_ERROR_NOT_READY)
      return;
    check(Result, "cannot ask whether queued work is done");
    Fence Passed = std::move(Fences.front());
    Fences.pop_front();
    runFence(Passed);
  }
}

void Queue::synchronize() {
  if (!Busy)
    return;
  {
    trace::HostSpan Span([&] {
      return trace::Event{
          "wait", "wait",
          trace::Args().add("device", Device).add("stream", Number)};
    });
    check(Cu.StreamSynchronize(Stream), "device failure");
  }
  Busy = false;
  UnsettledHostReads = false;
  if (HostReadsDone) {
    Events.giveBack(HostReadsDone);
    HostReadsDone = nullptr;
  }
  Launches.clear();
  while (!Fences.empty()) {
    Fence Passed = std::move(Fences.front());
    Fences.pop_front();
    runFence(Passed);
  }
  std::vector<std::function<void()>> Rest = std::move(Unfenced);
  Unfenced.clear();
  for (std::function<void()> &Action : Rest)
    Action();
  if (trace::Enabled)
    Timeline.flush();
}

CUevent Queue::record() {
  CUevent Event = Events.take();
  check(Cu.EventRecord(Event, Stream), "cannot record an event");
  return Event;
}

void Queue::waitFor(CUevent Event) {
  check(Cu.StreamWaitEvent(Stream, Event, 0),
        "cannot order a stream after another");
}

void Queue::wait(CUevent Event) {
  check(Cu.EventSynchronize(Event), "device failure");
  retire();
}
