//===- EventPool.cpp - CUDA events of one device, reused ------------------===//
//
// Free events on a list; new ones are created without timing data, which
// makes them the cheapest to record and to wait for.
//
//===----------------------------------------------------------------------===//

#include "EventPool.h"

using namespace omptarget;

CUevent EventPool::take() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!Free.empty()) {
      CUevent Event = Free.back();
      Free.pop_back();
      return Event;
    }
  }
  CUevent Event = nullptr;
  Cu.check(Cu.EventCreate(&Event, CU_EVENT_DISABLE_TIMING), Device,
           "cannot create an event");
  return Event;
}

void EventPool::giveBack(CUevent Event) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Free.push_back(Event);
}
