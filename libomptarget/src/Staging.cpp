//===- Staging.cpp - Pinned copies of small host data for a queue ---------===//
//
// Chunks of pinned memory are filled front to back; a full chunk goes back to
// the free list when the queue has passed the copies queued before it was
// left, which the queue's whenDone tells.
//
//===----------------------------------------------------------------------===//

#include "Staging.h"

#include <cstring>

using namespace omptarget;

namespace {
/// Enough for any scalar or vector type a copy may hold.
constexpr size_t StagedAlignment = 16;
} // namespace

char *Staging::newChunk(Queue &Q) {
  if (FreeChunks.empty())
    Q.retire();
  if (FreeChunks.empty() && Chunks == MaxChunks)
    // Every chunk is in flight: let the stream catch up.
    Q.synchronize();
  if (!FreeChunks.empty()) {
    char *Chunk = FreeChunks.back();
    FreeChunks.pop_back();
    return Chunk;
  }
  void *Chunk = nullptr;
  Cu.check(Cu.MemHostAlloc(&Chunk, ChunkBytes, 0), Device,
           "cannot allocate pinned memory for staging copies");
  ++Chunks;
  return static_cast<char *>(Chunk);
}

void *Staging::stage(Queue &Q, const void *Src, size_t Size) {
  if (Size > MaxStagedBytes)
    return nullptr;
  size_t Bytes = (Size + StagedAlignment - 1) & ~(StagedAlignment - 1);
  if (!Current || Used + Bytes > ChunkBytes) {
    if (Current) {
      char *Left = Current;
      Q.whenDone([this, Left] { FreeChunks.push_back(Left); });
    }
    Current = newChunk(Q);
    Used = 0;
  }
  char *Copy = Current + Used;
  Used += Bytes;
  memcpy(Copy, Src, Size);
  return Copy;
}
