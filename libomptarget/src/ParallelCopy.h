//===- ParallelCopy.h - memcpy split across host threads --------*- C++ -*-===//
//
// One host thread copies about 10 GB/s between memory it has not touched
// lately, a fifth of what a PCIe 5 link moves from pinned memory: a copy into
// or out of the runtime's pinned staging buffers must be split across
// threads to keep the link busy. The helper threads start at the first copy
// large enough to split and sleep between copies.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_PARALLELCOPY_H
#define OMPTARGET_PARALLELCOPY_H

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

namespace omptarget {

class ParallelCopy {
public:
  /// Copies with \p Threads threads at most, the caller included.
  explicit ParallelCopy(unsigned Threads) : MaxThreads(Threads ? Threads : 1) {}
  ~ParallelCopy();
  ParallelCopy(const ParallelCopy &) = delete;
  ParallelCopy &operator=(const ParallelCopy &) = delete;

  /// memcpy(Dst, Src, Size), split into pieces of at least MinPieceBytes
  /// that the caller and helper threads copy at once. Not reentrant: one
  /// caller at a time (the device lock serializes them).
  void copy(void *Dst, const void *Src, size_t Size);

  /// A split gains nothing below this: waking a thread costs about as much as
  /// copying it alone.
  static constexpr size_t MinPieceBytes = size_t(1) << 20;

private:
  struct Job {
    char *Dst = nullptr;
    const char *Src = nullptr;
    size_t Size = 0;
    unsigned Pieces = 0;
  };
  void startHelpers();
  void helperLoop(unsigned Piece);
  static void copyPiece(const Job &J, unsigned Piece);

  const unsigned MaxThreads;
  std::vector<std::thread> Helpers;
  std::mutex Mutex;
  std::condition_variable WorkReady, WorkDone;
  Job Current;
  /// Counts the jobs handed out, so that each helper takes each job once.
  unsigned long Generation = 0;
  unsigned PiecesLeft = 0;
  bool Stopping = false;
};

} // namespace omptarget

#endif // OMPTARGET_PARALLELCOPY_H
