//===- StreamPool.cpp - The streams of one device -------------------------===//
//
// Lanes are created on demand and kept: creating a stream costs a driver call
// and the pinned memory of its staging.
//
//===----------------------------------------------------------------------===//

#include "StreamPool.h"
#include "Trace.h"

#include <algorithm>

using namespace omptarget;

void StreamPool::initialize() {
  void *Words = nullptr;
  Cu.check(Cu.MemHostAlloc(&Words, MaxLanes * sizeof(uint32_t),
                           CU_MEMHOST_DEVICEMAP),
           Device, "cannot allocate pinned memory for stream progress");
  ProgressWords = static_cast<uint32_t *>(Words);
  CUstream Stream = nullptr;
  Cu.check(Cu.StreamCreate(&Stream, CU_STREAM_DEFAULT), Device,
           "cannot create a stream");
  Lanes.push_back(std::make_unique<Lane>(Cu, Events, Errors, Device, 0,
                                         Stream, ProgressWords));
  if (trace::Enabled)
    trace::nameStream(Device, 0, "stream 0");
}

Lane &StreamPool::take() {
  auto Pooled = Lanes.begin() + 1;
  auto Idle = std::find_if(Pooled, Lanes.end(),
                           [](const auto &L) { return L->Users == 0; });
  if (Idle == Lanes.end() && Lanes.size() < size_t(MaxLanes)) {
    int Number = static_cast<int>(Lanes.size());
    CUstream Stream = nullptr;
    Cu.check(Cu.StreamCreate(&Stream, CU_STREAM_NON_BLOCKING), Device,
             "cannot create a stream");
    Lanes.push_back(std::make_unique<Lane>(Cu, Events, Errors, Device, Number,
                                           Stream, ProgressWords + Number));
    if (trace::Enabled)
      trace::nameStream(Device, Number, "stream " + std::to_string(Number));
    Idle = Lanes.end() - 1;
  } else if (Idle == Lanes.end()) {
    Idle = std::min_element(
        Pooled, Lanes.end(),
        [](const auto &A, const auto &B) { return A->Users < B->Users; });
  }
  ++(*Idle)->Users;
  return **Idle;
}
