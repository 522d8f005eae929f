//===- StaticSchedule.h - Static loop schedule arithmetic -------*- C++ -*-===//
//
// Which iterations of a static schedule one participant (a thread of a team,
// or a team of the league) runs: its first chunk, the stride to its next one
// and whether it runs the last iteration. Pure arithmetic on offsets from the
// lower bound in the unsigned type of the loop's width, so that ranges up to
// the full width of the type, and bounds at its limits, neither overflow nor
// wrap. Free of device code so the host can test it exhaustively.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_STATICSCHEDULE_H
#define OMPGPU_DEVICE_STATICSCHEDULE_H

#include "DeviceTypes.h"

namespace ompgpu {
namespace schedule {

template <typename T> struct LoopTypes;
template <> struct LoopTypes<int32_t> {
  using Unsigned = uint32_t;
  static constexpr int32_t Max = INT32_MAX;
  static constexpr int32_t StrideMax = INT32_MAX;
};
template <> struct LoopTypes<uint32_t> {
  using Unsigned = uint32_t;
  static constexpr uint32_t Max = UINT32_MAX;
  static constexpr int32_t StrideMax = INT32_MAX;
};
template <> struct LoopTypes<int64_t> {
  using Unsigned = uint64_t;
  static constexpr int64_t Max = INT64_MAX;
  static constexpr int64_t StrideMax = INT64_MAX;
};
template <> struct LoopTypes<uint64_t> {
  using Unsigned = uint64_t;
  static constexpr uint64_t Max = UINT64_MAX;
  static constexpr int64_t StrideMax = INT64_MAX;
};

/// Iterations First..Last (offsets from the lower bound) of one participant;
/// Empty if it has none.
template <typename U> struct Share {
  U First = 0;
  U Last = 0;
  bool Empty = true;
  bool HasLastIteration = false;
};

/// Chunk number Index of a loop cut into chunks of Chunk iterations (the
/// last may be shorter); Span is the iteration count minus one and LastChunk
/// the last chunk's number, Span / Chunk. Empty past the last chunk.
/// HasLastIteration is left to the caller.
template <typename U>
Share<U> chunkAt(U Span, U Chunk, U LastChunk, U Index) {
  Share<U> S;
  if (Index > LastChunk)
    return S;
  S.Empty = false;
  S.First = Index * Chunk;
  U Rest = Span - S.First;
  S.Last = S.First + (Rest < Chunk - 1 ? Rest : Chunk - 1);
  return S;
}

/// Chunks of Chunk iterations dealt round-robin: participant Id gets chunks
/// Id, Id + NumIds, ...; this is its first. Span is the iteration count
/// minus one.
template <typename U>
Share<U> chunked(U Span, U Chunk, uint32_t Id, uint32_t NumIds) {
  U LastChunk = Span / Chunk;
  Share<U> S = chunkAt<U>(Span, Chunk, LastChunk, U(Id));
  S.HasLastIteration = LastChunk % NumIds == Id;
  return S;
}

/// One contiguous block per participant, sizes differing by at most one.
template <typename U> Share<U> balanced(U Span, uint32_t Id, uint32_t NumIds) {
  Share<U> S;
  // Iterations = Span + 1 = Quot * NumIds + Big with 1 <= Big <= NumIds: the
  // first Big participants get Quot + 1 iterations, the others Quot. (For a
  // single participant Quot + 1 may wrap, but it is multiplied by Id = 0.)
  U Quot = Span / NumIds;
  U Big = Span % NumIds + 1;
  S.HasLastIteration = Quot ? Id == NumIds - 1 : Id == Big - 1;
  if (Id < Big) {
    S.First = U(Id) * (Quot + 1);
    S.Last = S.First + Quot;
  } else if (Quot) {
    S.First = U(Id) * Quot + Big;
    S.Last = S.First + Quot - 1;
  } else {
    return S;
  }
  S.Empty = false;
  return S;
}

/// One contiguous block per participant of a whole number of chunks (the
/// simd width), enough blocks to cover the loop.
template <typename U>
Share<U> balancedChunked(U Span, U Chunk, uint32_t Id, uint32_t NumIds) {
  Share<U> S;
  if (NumIds == 1) {
    // The general formula below would wrap for a full-width range.
    S.Last = Span;
    S.Empty = false;
    S.HasLastIteration = true;
    return S;
  }
  U PerId = Span / NumIds + 1; // ceil(iterations / NumIds)
  U ChunksPerId = PerId / Chunk + (PerId % Chunk != 0);
  U LastChunk = Span / Chunk;
  S.HasLastIteration = LastChunk / ChunksPerId == Id;
  if (Id > LastChunk / ChunksPerId)
    return S;
  S.Empty = false;
  S.First = U(Id) * ChunksPerId * Chunk;
  U Rest = Span - S.First;
  S.Last =
      Rest / Chunk < ChunksPerId ? Span : S.First + ChunksPerId * Chunk - 1;
  return S;
}

/// What a participant gets back from a static init entry point.
template <typename T, typename ST> struct Assignment {
  T Lower;
  T Upper;
  ST Stride;
  bool LastIteration;
};

/// What a participant without iterations of [.., Upper] gets. Lower > Upper
/// must survive the caller's Upper = min(Upper, loop end); starting just past
/// the range also ends loops that step by the stride.
template <typename T, typename ST>
Assignment<T, ST> nothingIn(T Upper, ST Stride) {
  using U = typename LoopTypes<T>::Unsigned;
  if (Upper != LoopTypes<T>::Max)
    return {T(U(Upper) + 1), Upper, Stride, false};
  return {Upper, T(U(Upper) - 1), Stride, false};
}

/// Kind is one of the static schedule kinds, without modifiers. A
/// non-positive chunk means no chunk, as in the host runtime.
template <typename T, typename ST>
Assignment<T, ST> assign(int32_t Kind, T Lower, T Upper, ST Chunk, uint32_t Id,
                         uint32_t NumIds) {
  using U = typename LoopTypes<T>::Unsigned;
  constexpr ST StrideMax = LoopTypes<T>::StrideMax;
  if (Lower > Upper)
    return {Lower, Upper, 1, false};

  U Span = U(Upper) - U(Lower);
  bool RoundRobin = Chunk > 0 && (Kind == SchedStaticChunked ||
                                  Kind == SchedDistributeStaticChunked);
  Share<U> S;
  ST Stride;
  // Participants step to their next chunk by the stride. Saturating it is
  // safe: whoever has a second chunk needs less than the maximum, and for
  // the others any stride past the range ends their loop.
  if (RoundRobin) {
    S = chunked<U>(Span, U(Chunk), Id, NumIds);
    Stride = uint64_t(Chunk) > uint64_t(StrideMax) / NumIds
                 ? StrideMax
                 : ST(uint64_t(Chunk) * NumIds);
  } else {
    if (Chunk > 0 && Kind == SchedStaticBalancedChunked)
      S = balancedChunked<U>(Span, U(Chunk), Id, NumIds);
    else
      S = balanced<U>(Span, Id, NumIds);
    Stride = Span >= U(StrideMax) ? StrideMax : ST(Span + 1);
  }

  if (!S.Empty)
    return {T(U(Lower) + S.First), T(U(Lower) + S.Last), Stride,
            S.HasLastIteration};
  return nothingIn<T, ST>(Upper, Stride);
}

/// A combined `distribute parallel for` whose loop needs at most this many
/// iterations of each thread of the league gives each team one contiguous
/// block (gridStrideTeam); longer loops go round the league. The host's
/// launches of such loops (OMPGPU_BLOCKED_ITERATIONS) give each thread this
/// many, which the blocks then take without a division.
constexpr uint64_t MaxBlockedIterations = OMPGPU_BLOCKED_ITERATIONS;

/// The size of each team's block when NumIds teams of Chunk threads share a
/// loop of Span + 1 <= NumIds * Chunk * MaxBlockedIterations iterations:
/// the fewest whole chunks a team that cover the loop. The first two cases
/// give what the division would without it: one chunk where the league has
/// at most one iteration a thread, MaxBlockedIterations chunks where it has
/// more than MaxBlockedIterations - 1. The launches the host makes take them
/// (one iteration a thread, or teams for MaxBlockedIterations, at least as
/// many teams as that).
inline uint64_t blockSize(uint64_t Span, uint64_t Chunk, uint32_t NumIds) {
  uint64_t League = NumIds * Chunk;
  if (Span < League)
    return Chunk;
  if (Span >= League * (MaxBlockedIterations - 1))
    return Chunk * MaxBlockedIterations;
  return (Span / Chunk / NumIds + 1) * Chunk;
}

/// A combined `distribute parallel for` run as one grid-stride loop
/// (docs/DESIGN.md, GridStrideLoops), team Id of NumIds with Chunk threads.
/// Where the loop gives each thread of the league at most
/// MaxBlockedIterations, the team gets one contiguous block of whole chunks
/// (blockSize), as CUDA's grids give blocks their tiles, and a stride that
/// ends the distribute loop after that one trip; its threads step through it
/// by Chunk (gridStrideThread). Longer loops: the team gets the start of its
/// first chunk and the loop's own upper bound; its threads then step by
/// Chunk * NumIds, which gives every thread the iterations the round-robin
/// chunks of assign() and a chunk-1 split of each chunk would. Where that one
/// trip's stride cannot be represented (the range ends at the type's maximum,
/// or spans more than the stride type holds) the team gets its first block or
/// chunk as from assign() and a stride to the next, which gridStrideThread
/// splits the same way. Either way the distribute loop's bookkeeping runs
/// once a team.
template <typename T, typename ST>
Assignment<T, ST> gridStrideTeam(T Lower, T Upper, ST Chunk, uint32_t Id,
                                 uint32_t NumIds) {
  using U = typename LoopTypes<T>::Unsigned;
  constexpr ST StrideMax = LoopTypes<T>::StrideMax;
  if (Lower > Upper)
    return {Lower, Upper, 1, false};
  U Span = U(Upper) - U(Lower);
  // A chunk no larger than a block's threads: the league's iterations,
  // NumIds * Chunk * MaxBlockedIterations, fit 64 bits, and a block the
  // stride type.
  if (Chunk > 0 && uint64_t(Chunk) <= OMPGPU_MAX_THREADS_PER_BLOCK &&
      uint64_t(Span) <
          uint64_t(NumIds) * uint64_t(Chunk) * MaxBlockedIterations) {
    uint64_t Block = blockSize(uint64_t(Span), uint64_t(Chunk), NumIds);
    uint64_t First = uint64_t(Id) * Block;
    if (First > uint64_t(Span))
      return nothingIn<T, ST>(Upper, ST(1));
    uint64_t Rest = uint64_t(Span) - First;
    if (Upper == LoopTypes<T>::Max || Rest >= uint64_t(StrideMax))
      return assign<T, ST>(SchedDistributeStaticChunked, Lower, Upper,
                           ST(Block), Id, NumIds);
    U Last = U(First + (Rest < Block - 1 ? Rest : Block - 1));
    return {T(U(Lower) + U(First)), T(U(Lower) + Last), ST(Rest + 1),
            Rest < Block};
  }
  Assignment<T, ST> A = assign<T, ST>(SchedDistributeStaticChunked, Lower,
                                      Upper, Chunk, Id, NumIds);
  // Empty: no chunk for this team (A ends past Upper).
  if (A.Lower > A.Upper)
    return A;
  U Rest = U(Upper) - U(A.Lower);
  if (Upper == LoopTypes<T>::Max || Rest >= U(StrideMax))
    return A;
  return {A.Lower, Upper, ST(Rest + 1), A.LastIteration};
}

/// Thread Id of a team of NumIds threads, in a league of Teams teams, in a
/// range gridStrideTeam gave its team: the thread's first iteration, and the
/// stride to its next one. A range of at most NumIds * MaxBlockedIterations
/// iterations is a block (or a single chunk) of the team's own, split one
/// iteration a thread round the team; a longer one is the team's share of a
/// loop that goes round the league, whose chunks are NumIds iterations long
/// and Teams chunks apart. gridStrideTeam gives the longer ranges only to
/// loops that make every range longer than that, whatever the team.
template <typename T, typename ST>
Assignment<T, ST> gridStrideThread(T Lower, T Upper, uint32_t Id,
                                   uint32_t NumIds, uint32_t Teams) {
  using U = typename LoopTypes<T>::Unsigned;
  constexpr ST StrideMax = LoopTypes<T>::StrideMax;
  if (Lower > Upper)
    return {Lower, Upper, 1, false};
  U Span = U(Upper) - U(Lower);
  bool OwnBlock = uint64_t(Span) < uint64_t(NumIds) * MaxBlockedIterations;
  uint64_t Step = uint64_t(NumIds) * (OwnBlock ? 1 : Teams);
  ST Stride = Step > uint64_t(StrideMax) ? StrideMax : ST(Step);
  if (U(Id) > Span)
    return nothingIn<T, ST>(Upper, Stride);
  U Rest = Span - U(Id);
  return {T(U(Lower) + U(Id)), Upper, Stride, uint64_t(Rest) % Step == 0};
}

} // namespace schedule
} // namespace ompgpu

#endif // OMPGPU_DEVICE_STATICSCHEDULE_H
