//===- HostThreads.h - Host threads that share a job ------------*- C++ -*-===//
//
// One host thread moves about 10 GB/s between memory it has not touched
// lately, a fifth of what a PCIe 5 link moves from pinned memory, so the
// host side of large copies is shared by several threads. A HostThreads is
// a fork-join crew for that: the caller runs worker 0 of a job and helper
// threads the others; the helpers start with the first job that needs them
// and sleep between jobs.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_HOSTTHREADS_H
#define OMPTARGET_HOSTTHREADS_H

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace omptarget {

class HostThreads {
public:
  /// A crew of \p Threads threads at most, the caller included.
  explicit HostThreads(unsigned Threads) : MaxThreads(Threads ? Threads : 1) {}
  ~HostThreads();
  HostThreads(const HostThreads &) = delete;
  HostThreads &operator=(const HostThreads &) = delete;

  unsigned size() const { return MaxThreads; }

  /// Runs \p Work(0) on the caller and \p Work(1) .. \p Work(Workers - 1) on
  /// helper threads at once, and returns when all have returned. Workers is
  /// at most size(). Not reentrant: one caller at a time (the device lock
  /// serializes them).
  void run(unsigned Workers, const std::function<void(unsigned)> &Work);

private:
  void startHelpers();
  void helperLoop(unsigned Worker);

  const unsigned MaxThreads;
  std::vector<std::thread> Helpers;
  std::mutex Mutex;
  std::condition_variable WorkReady, WorkDone;
  const std::function<void(unsigned)> *Current = nullptr;
  unsigned CurrentWorkers = 0;
  /// Counts the jobs handed out, so that each helper takes each job once.
  unsigned long Generation = 0;
  unsigned WorkersLeft = 0;
  bool Stopping = false;
};

} // namespace omptarget

#endif // OMPTARGET_HOSTTHREADS_H
