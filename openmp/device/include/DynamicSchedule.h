//===- DynamicSchedule.h - Dispatch loop schedule arithmetic ----*- C++ -*-===//
//
// The arithmetic of the loops clang runs through __kmpc_dispatch_*: the
// schedule a kind and chunk stand for, each thread's first chunk, the chunk a
// claim from the team's counter gets, guided chunk sizes, and the next chunk
// of a static schedule. Like StaticSchedule.h it works on offsets from the
// lower bound in the unsigned type of the loop's width (Span is the iteration
// count minus one), so that no range overflows, and it is free of device code
// so that the host tests it.
//
// Every thread's first chunk is fixed by its number, as if the team had asked
// for chunks in thread order; only later chunks come from the team's counter.
// A loop of at most one chunk per thread, such as the inner loop of a combined
// construct (one distribute chunk of team-size iterations), therefore costs no
// atomic at all. A thread's chunks still come in the loop's order, so every
// schedule here is monotonic, whatever the modifier asks.
//
// A nonmonotonic dynamic loop without a chunk size (clang passes 1 for none)
// gets chunks sized from its trip count and team (dynamicChunk): a thread that
// ran chunk k and then k + 1 is one execution the program allows, so larger
// chunks change no result, and they save a claim per iteration on loops over
// uniform work.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_DYNAMICSCHEDULE_H
#define OMPGPU_DEVICE_DYNAMICSCHEDULE_H

#include "DeviceTypes.h"
#include "StaticSchedule.h"

namespace ompgpu {
namespace schedule {

/// How a dispatch loop hands out its iterations.
enum class Method : uint8_t {
  StaticBalanced, // one contiguous block per thread
  StaticChunked,  // chunks of Chunk iterations dealt round-robin
  Dynamic,        // chunks of Chunk iterations to whoever asks first
  Guided,         // chunks shrinking with what is left, at least Chunk
};

/// The schedule of one dispatch loop.
struct Policy {
  Method How = Method::StaticBalanced;
  /// The loop has the ordered clause (ordered blocks run in iteration order).
  bool Ordered = false;
  /// At least 1; StaticBalanced has none.
  int64_t Chunk = 1;
  /// False for a kind this runtime does not know.
  bool Valid = true;
  /// Dynamic: the program left the chunk size to the runtime (no chunk, or
  /// 1, and no monotonic modifier); dynamicChunk picks it per loop.
  bool ChunkFromLoop = false;
};

/// Iterations per thread above which a chunk-free dynamic loop takes chunks
/// larger than one iteration, and the largest chunk it takes. Eight chunks a
/// thread leave the team room to balance uneven work; 16 iterations a lane
/// keep a warp's accesses within a few cache lines per lane while dividing the
/// claims by 16.
constexpr uint64_t ChunksPerThread = 8;
constexpr uint64_t MaxChosenChunk = 16;

/// The chunk size of a chunk-free dynamic loop of Span + 1 iterations run by
/// Threads threads: 1 up to ChunksPerThread iterations a thread, growing with
/// the trip count up to MaxChosenChunk.
template <typename U> U dynamicChunk(U Span, uint32_t Threads) {
  // Most loops are at either end, where no division is needed.
  U PerChunk = U(Threads) * U(ChunksPerThread);
  if (Span < PerChunk)
    return 1;
  if (Span / MaxChosenChunk >= PerChunk)
    return U(MaxChosenChunk);
  return Span / PerChunk + 1;
}

/// schedule(auto): chunks of one iteration dealt round-robin, so that the
/// threads of a warp run neighbouring iterations (their accesses coalesce) and
/// nobody claims anything.
inline Policy autoPolicy() { return {Method::StaticChunked, false, 1, true}; }

/// The schedule run-sched-var (omp_set_schedule's Kind and Chunk) stands for.
/// A chunk below 1 means the kind's default; a kind that is none of
/// omp_sched_t counts as static, the initial value.
inline Policy runtimePolicy(int32_t Kind, int32_t Chunk) {
  int32_t Base = int32_t(uint32_t(Kind) & ~OmpSchedMonotonic);
  int64_t Size = Chunk > 0 ? Chunk : 1;
  switch (Base) {
  case OmpSchedDynamic:
    return {Method::Dynamic, false, Size, true,
            Size == 1 && !(uint32_t(Kind) & OmpSchedMonotonic)};
  case OmpSchedGuided:
    return {Method::Guided, false, Size, true};
  case OmpSchedAuto:
    return autoPolicy();
  default:
    return Chunk > 0 ? Policy{Method::StaticChunked, false, Chunk, true}
                     : Policy{};
  }
}

/// Whether a dispatch loop of kind SchedType (kmp_sched_t, modifiers
/// allowed) has the ordered clause.
inline bool isOrdered(int32_t SchedType) {
  int32_t Kind =
      SchedType & ~(SchedModifierMonotonic | SchedModifierNonmonotonic);
  return Kind >= SchedOrderedStaticChunked && Kind <= SchedOrderedAuto;
}

/// SchedType without its modifiers and without the ordered clause.
inline int32_t baseKind(int32_t SchedType) {
  int32_t Kind =
      SchedType & ~(SchedModifierMonotonic | SchedModifierNonmonotonic);
  return isOrdered(SchedType) ? Kind - SchedOrderedOffset : Kind;
}

/// Whether the chunk clang passes with SchedType is the program's (a
/// schedule clause with a chunk size) rather than a placeholder.
inline bool takesChunk(int32_t SchedType) {
  int32_t Kind = baseKind(SchedType);
  return Kind == SchedStaticChunked || Kind == SchedDynamicChunked ||
         Kind == SchedGuidedChunked;
}

/// The schedule of a dispatch loop of kind SchedType and chunk Chunk, as
/// clang passes them; RunKind and RunChunk are the calling task's
/// run-sched-var, which schedule(runtime) follows. Clang passes a chunk of 1
/// where the clause has none; a chunk below 1 counts as 1 (as none for
/// static).
inline Policy policyFor(int32_t SchedType, int64_t Chunk, int32_t RunKind,
                        int32_t RunChunk) {
  int64_t Size = Chunk > 0 ? Chunk : 1;
  Policy P;
  switch (baseKind(SchedType)) {
  case SchedStaticChunked:
    if (Chunk > 0)
      P = {Method::StaticChunked, false, Chunk, true};
    break;
  case SchedStatic:
    break;
  case SchedDynamicChunked:
    P = {Method::Dynamic, false, Size, true,
         Size == 1 && !(SchedType & SchedModifierMonotonic)};
    break;
  case SchedGuidedChunked:
    P = {Method::Guided, false, Size, true};
    break;
  case SchedRuntime:
    P = runtimePolicy(RunKind, RunChunk);
    break;
  case SchedAuto:
    P = autoPolicy();
    break;
  default:
    P.Valid = false;
  }
  P.Ordered = isOrdered(SchedType);
  // In an ordered loop a thread's iterations wait for each other's ordered
  // blocks: larger chunks would let fewer iterations overlap.
  P.ChunkFromLoop &= !P.Ordered;
  return P;
}

/// Share with HasLastIteration set the way dispatch loops report it: the
/// chunk holds the loop's last iteration.
template <typename U> Share<U> dispatchShare(Share<U> S, U Span) {
  S.HasLastIteration = !S.Empty && S.Last == Span;
  return S;
}

/// The size of the guided chunks handed out while RemainingMinusOne + 1
/// iterations are unassigned: half of an even share of them, so that the
/// threads that finish early find work left, and at least MinChunk.
template <typename U>
U guidedSize(U RemainingMinusOne, U MinChunk, uint32_t Threads) {
  U Size = RemainingMinusOne / (U(2) * Threads) + 1;
  return Size > MinChunk ? Size : MinChunk;
}

/// The offset of the last iteration of a guided loop's first round, in which
/// every thread gets one chunk of the size for the whole loop.
template <typename U>
U guidedFirstRoundLast(U Span, U MinChunk, uint32_t Threads) {
  U Size = guidedSize<U>(Span, MinChunk, Threads);
  return Size > Span / Threads ? Span : U(Threads) * Size - 1;
}

/// What a dispatch loop's threads compute once, when the loop starts, for
/// every later step: the number of the last chunk (StaticChunked, Dynamic) or
/// the last iteration of the first round (Guided).
template <typename U>
U boundOf(Method How, U Span, U Chunk, uint32_t Threads) {
  switch (How) {
  case Method::StaticChunked:
  case Method::Dynamic:
    return Chunk == 1 ? Span : Span / Chunk;
  case Method::Guided:
    return guidedFirstRoundLast<U>(Span, Chunk, Threads);
  case Method::StaticBalanced:
    break;
  }
  return 0;
}

/// Thread Id's first chunk; Bound is boundOf's.
template <typename U>
Share<U> firstChunk(Method How, U Span, U Chunk, U Bound, uint32_t Id,
                    uint32_t Threads) {
  switch (How) {
  case Method::StaticBalanced:
    return balanced<U>(Span, Id, Threads);
  case Method::StaticChunked:
  case Method::Dynamic:
    return dispatchShare(chunkAt<U>(Span, Chunk, Bound, U(Id)), Span);
  case Method::Guided: {
    // The first round is a loop of Bound + 1 iterations, one chunk a thread.
    U Size = guidedSize<U>(Span, Chunk, Threads);
    return dispatchShare(chunkAt<U>(Bound, Size, Bound / Size, U(Id)), Span);
  }
  }
  return {};
}

/// A loop that gives every thread at most one chunk needs nothing from the
/// team: each thread's chunk follows from its number, the same chunk
/// firstChunk gives it. Combined constructs run such loops, one per
/// distribute chunk, so that they cost no shared state and no atomics.
/// SoleChunk says whether a loop is one and the size of its chunks (0: a
/// static balanced loop, whose blocks differ by one iteration).
template <typename U> struct SoleChunk {
  bool Fits = false;
  U Size = 0;
};

/// The largest chunk size a loop of sole chunks keeps (the runtime keeps it
/// in 14 bits a thread); loops of larger chunks use the team's state.
constexpr uint64_t MaxSoleChunk = (1u << 14) - 1;

/// Policy P's loop of Span + 1 iterations over Threads threads (at most
/// MaxThreadsPerBlock), whose chunk size is Size (what a loop with team state
/// keeps for it).
template <typename U>
SoleChunk<U> soleChunk(const Policy &P, U Span, U Size, uint32_t Threads) {
  SoleChunk<U> S;
  // Ordered blocks need the team's turn counter.
  if (P.Ordered)
    return S;
  switch (P.How) {
  case Method::StaticBalanced:
    S.Fits = true;
    return S;
  case Method::StaticChunked:
  case Method::Dynamic:
    S.Size = Size;
    break;
  case Method::Guided:
    // Every thread's first chunk has this size.
    S.Size = guidedSize<U>(Span, Size, Threads);
    break;
  }
  // Chunks 0 .. Span / Size, at most one a thread: Span < Size * Threads,
  // which cannot wrap for sizes up to MaxSoleChunk. (For guided loops that
  // is the first round covering the loop.)
  S.Fits = S.Size <= MaxSoleChunk && Span < S.Size * U(Threads);
  return S;
}

/// Thread Id's chunk of a loop soleChunk said fits, with chunks of Size.
template <typename U>
Share<U> soleChunkOf(U Span, U Size, uint32_t Id, uint32_t Threads) {
  if (!Size)
    return balanced<U>(Span, Id, Threads);
  // Chunk Id, with no division: Id * Size cannot wrap (Id < Threads).
  Share<U> S;
  U First = U(Id) * Size;
  if (First > Span)
    return S;
  S.Empty = false;
  S.First = First;
  S.Last = First + (Span - First < Size - 1 ? Span - First : Size - 1);
  return dispatchShare(S, Span);
}

/// The chunk after Previous (the offset of the thread's last chunk) in a
/// round-robin static schedule.
template <typename U>
Share<U> nextStaticChunk(U Span, U Chunk, U Previous, uint32_t Threads) {
  U Rest = Span - Previous;
  // Previous + Threads * Chunk > Span.
  if (Chunk > Rest / Threads)
    return {};
  U First = Previous + U(Threads) * Chunk;
  Share<U> S;
  S.Empty = false;
  S.First = First;
  S.Last = First + (Span - First < Chunk - 1 ? Span - First : Chunk - 1);
  return dispatchShare(S, Span);
}

/// Dynamic: the chunk of Claim, the number a thread got from the team's
/// counter (claims count from 0 after the first round, whose chunks are
/// 0 .. Threads - 1); LastChunk is boundOf's.
template <typename U>
Share<U> claimedChunk(U Span, U Chunk, U LastChunk, uint32_t Threads,
                      uint64_t Claim) {
  if (LastChunk < Threads || Claim > uint64_t(LastChunk - Threads))
    return {};
  return dispatchShare(
      chunkAt<U>(Span, Chunk, LastChunk, U(Threads) + U(Claim)), Span);
}

/// Dynamic: whether the team's counter, at Claimed, has nothing left.
template <typename U>
bool dynamicExhausted(U LastChunk, uint32_t Threads, uint64_t Claimed) {
  return LastChunk < Threads || Claimed > uint64_t(LastChunk - Threads);
}

/// Guided: what Count threads asking together get from the team's counter,
/// which holds Claimed (the iterations handed out after the first round):
/// each the same Size, from Start on, TotalMinusOne + 1 iterations in all.
template <typename U> struct GuidedClaim {
  bool Empty = true;
  U Start = 0;
  U Size = 0;
  U TotalMinusOne = 0;
};

template <typename U>
GuidedClaim<U> guidedClaim(U Span, U MinChunk, U FirstRoundLast,
                           uint32_t Threads, uint64_t Claimed, uint32_t Count) {
  GuidedClaim<U> G;
  if (FirstRoundLast == Span ||
      Claimed > uint64_t(Span - FirstRoundLast - 1))
    return G;
  G.Empty = false;
  G.Start = FirstRoundLast + 1 + U(Claimed);
  U RemainingMinusOne = Span - G.Start;
  G.Size = guidedSize<U>(RemainingMinusOne, MinChunk, Threads);
  G.TotalMinusOne = G.Size > RemainingMinusOne / Count
                        ? RemainingMinusOne
                        : U(Count) * G.Size - 1;
  return G;
}

/// Guided: the part of claim G of the thread with rank Rank among those that
/// asked together.
template <typename U>
Share<U> guidedPart(const GuidedClaim<U> &G, uint32_t Rank, U Span) {
  if (G.Empty || (Rank && G.Size > G.TotalMinusOne / Rank))
    return {};
  U Offset = U(Rank) * G.Size;
  Share<U> S;
  S.Empty = false;
  S.First = G.Start + Offset;
  U Rest = G.TotalMinusOne - Offset;
  S.Last = S.First + (Rest < G.Size - 1 ? Rest : G.Size - 1);
  return dispatchShare(S, Span);
}

} // namespace schedule
} // namespace ompgpu

#endif // OMPGPU_DEVICE_DYNAMICSCHEDULE_H
