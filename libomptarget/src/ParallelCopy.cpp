//===- ParallelCopy.cpp - memcpy split across host threads ----------------===//
//
// Piece i of a job goes to helper i (piece 0 to the caller); pieces are whole
// pages, so that no two threads write to one page or cache line.
//
//===----------------------------------------------------------------------===//

#include "ParallelCopy.h"

#include <algorithm>
#include <cstring>

using namespace omptarget;

namespace {
constexpr size_t PieceAlignment = 4096;
} // namespace

ParallelCopy::~ParallelCopy() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
  }
  WorkReady.notify_all();
  for (std::thread &Helper : Helpers)
    Helper.join();
}

void ParallelCopy::copyPiece(const Job &J, unsigned Piece) {
  size_t PieceBytes =
      (J.Size / J.Pieces + PieceAlignment - 1) & ~(PieceAlignment - 1);
  size_t Begin = std::min(J.Size, Piece * PieceBytes);
  size_t End =
      Piece + 1 == J.Pieces ? J.Size : std::min(J.Size, Begin + PieceBytes);
  if (End > Begin)
    memcpy(J.Dst + Begin, J.Src + Begin, End - Begin);
}

void ParallelCopy::startHelpers() {
  for (unsigned Piece = 1; Piece < MaxThreads; ++Piece)
    Helpers.emplace_back([this, Piece] { helperLoop(Piece); });
}

void ParallelCopy::helperLoop(unsigned Piece) {
  unsigned long Seen = 0;
  std::unique_lock<std::mutex> Lock(Mutex);
  while (true) {
    WorkReady.wait(Lock, [&] { return Stopping || Generation != Seen; });
    if (Stopping)
      return;
    Seen = Generation;
    if (Piece >= Current.Pieces)
      continue;
    Job J = Current;
    Lock.unlock();
    copyPiece(J, Piece);
    Lock.lock();
    if (--PiecesLeft == 0)
      WorkDone.notify_one();
  }
}

void ParallelCopy::copy(void *Dst, const void *Src, size_t Size) {
  unsigned Pieces =
      static_cast<unsigned>(std::min<size_t>(MaxThreads, Size / MinPieceBytes));
  if (Pieces < 2) {
    memcpy(Dst, Src, Size);
    return;
  }
  if (Helpers.empty())
    startHelpers();
  Job J{static_cast<char *>(Dst), static_cast<const char *>(Src), Size, Pieces};
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Current = J;
    PiecesLeft = Pieces - 1;
    ++Generation;
  }
  WorkReady.notify_all();
  copyPiece(J, 0);
  std::unique_lock<std::mutex> Lock(Mutex);
  WorkDone.wait(Lock, [&] { return PiecesLeft == 0; });
}
