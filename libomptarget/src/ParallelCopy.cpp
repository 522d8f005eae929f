//===- ParallelCopy.cpp - memcpy split across host threads ----------------===//
//
// Piece i of a copy goes to worker i; pieces are whole pages, so that no two
// threads write to one page or cache line.
//
//===----------------------------------------------------------------------===//

#include "ParallelCopy.h"

#include <algorithm>
#include <cstring>

using namespace omptarget;

namespace {
constexpr size_t PieceAlignment = 4096;
} // namespace

void omptarget::parallelCopy(HostThreads &Threads, void *Dst, const void *Src,
                             size_t Size) {
  unsigned Pieces = static_cast<unsigned>(
      std::min<size_t>(Threads.size(), Size / MinParallelPieceBytes));
  if (Pieces < 2) {
    memcpy(Dst, Src, Size);
    return;
  }
  size_t PieceBytes =
      (Size / Pieces + PieceAlignment - 1) & ~(PieceAlignment - 1);
  Threads.run(Pieces, [&](unsigned Piece) {
    size_t Begin = std::min(Size, Piece * PieceBytes);
    size_t End =
        Piece + 1 == Pieces ? Size : std::min(Size, Begin + PieceBytes);
    if (End > Begin)
      memcpy(static_cast<char *>(Dst) + Begin,
             static_cast<const char *>(Src) + Begin, End - Begin);
  });
}
