//===- HostThreads.cpp - Host threads that share a job --------------------===//
//
// Helpers wait on one condition variable for the next job's generation; a
// helper whose number the job does not reach goes back to sleep at once.
//
//===----------------------------------------------------------------------===//

#include "HostThreads.h"

using namespace omptarget;

HostThreads::~HostThreads() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
  }
  WorkReady.notify_all();
  for (std::thread &Helper : Helpers)
    Helper.join();
}

void HostThreads::startHelpers() {
  for (unsigned Worker = 1; Worker < MaxThreads; ++Worker)
    Helpers.emplace_back([this, Worker] { helperLoop(Worker); });
}

void HostThreads::helperLoop(unsigned Worker) {
  unsigned long Seen = 0;
  std::unique_lock<std::mutex> Lock(Mutex);
  while (true) {
    WorkReady.wait(Lock, [&] { return Stopping || Generation != Seen; });
    if (Stopping)
      return;
    Seen = Generation;
    if (Worker >= CurrentWorkers)
      continue;
    const std::function<void(unsigned)> &Work = *Current;
    Lock.unlock();
    Work(Worker);
    Lock.lock();
    if (--WorkersLeft == 0)
      WorkDone.notify_one();
  }
}

void HostThreads::run(unsigned Workers,
                      const std::function<void(unsigned)> &Work) {
  if (Workers > MaxThreads)
    Workers = MaxThreads;
  if (Workers <= 1) {
    Work(0);
    return;
  }
  if (Helpers.empty())
    startHelpers();
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Current = &Work;
    CurrentWorkers = Workers;
    WorkersLeft = Workers - 1;
    ++Generation;
  }
  WorkReady.notify_all();
  Work(0);
  std::unique_lock<std::mutex> Lock(Mutex);
  WorkDone.wait(Lock, [&] { return WorkersLeft == 0; });
}
