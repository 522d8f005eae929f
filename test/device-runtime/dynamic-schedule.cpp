// Checks the dispatch schedule arithmetic of the device runtime on the host:
// which schedule each kind, chunk and run-sched-var stand for, and, for every
// schedule, index width, team size and chunk, that a team whose threads ask
// for chunks in a random order (and in random groups of up to a warp that
// claim together, as the runtime's warps do) runs every iteration exactly
// once, each thread's chunks in increasing order (monotonic), chunks of the
// size the schedule promises, and exactly one thread with the last iteration;
// also for ranges of the full width of each type, and that a loop of at most
// one chunk a thread gives each thread, from its number alone, the chunk the
// team would.
//
// RUN: %host-clangxx -std=c++17 -O1 -I%S/../../openmp/device/include -I%abi-include %s -o %t
// RUN: %t | FileCheck %s
// CHECK: dispatch schedule: all checks passed

#include "DynamicSchedule.h"

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace ompgpu;
using namespace ompgpu::schedule;

static long Failures = 0;

static void fail(const char *What, const char *Case) {
  if (++Failures <= 20)
    std::printf("FAIL %s: %s\n", What, Case);
}

static uint64_t Random = 88172645463325252ull;
static uint32_t next(uint32_t Bound) {
  Random ^= Random << 13;
  Random ^= Random >> 7;
  Random ^= Random << 17;
  return uint32_t(Random % Bound);
}

static void checkPolicies() {
  struct {
    int32_t Kind;
    int64_t Chunk;
    int32_t RunKind, RunChunk;
    Method How;
    int64_t Size;
    bool Ordered;
  } Cases[] = {
      {SchedDynamicChunked, 1, 0, 0, Method::Dynamic, 1, false},
      {SchedDynamicChunked | SchedModifierNonmonotonic, 7, 0, 0,
       Method::Dynamic, 7, false},
      {SchedDynamicChunked | SchedModifierMonotonic, 0, 0, 0, Method::Dynamic,
       1, false},
      {SchedGuidedChunked, 5, 0, 0, Method::Guided, 5, false},
      {SchedGuidedChunked, -3, 0, 0, Method::Guided, 1, false},
      {SchedStaticChunked, 3, 0, 0, Method::StaticChunked, 3, false},
      {SchedStatic, 1, 0, 0, Method::StaticBalanced, 1, false},
      {SchedAuto | SchedModifierNonmonotonic, 1, 0, 0, Method::StaticChunked, 1,
       false},
      {SchedRuntime, 1, OmpSchedStatic, 0, Method::StaticBalanced, 1, false},
      {SchedRuntime, 1, OmpSchedStatic, 4, Method::StaticChunked, 4, false},
      {SchedRuntime, 1, OmpSchedDynamic, 0, Method::Dynamic, 1, false},
      {SchedRuntime, 1, int32_t(OmpSchedDynamic | OmpSchedMonotonic), 9,
       Method::Dynamic, 9, false},
      {SchedRuntime, 1, OmpSchedGuided, 2, Method::Guided, 2, false},
      {SchedRuntime, 1, OmpSchedAuto, 2, Method::StaticChunked, 1, false},
      {SchedRuntime, 1, 77, 5, Method::StaticChunked, 5, false},
      {SchedOrderedStaticChunked, 1, 0, 0, Method::StaticChunked, 1, true},
      {SchedStatic + SchedOrderedOffset, 0, 0, 0, Method::StaticBalanced, 1,
       true},
      {(SchedDynamicChunked + SchedOrderedOffset) | SchedModifierNonmonotonic,
       2, 0, 0, Method::Dynamic, 2, true},
      {SchedGuidedChunked + SchedOrderedOffset, 1, 0, 0, Method::Guided, 1,
       true},
      {SchedRuntime + SchedOrderedOffset, 1, OmpSchedGuided, 0, Method::Guided,
       1, true},
      {SchedOrderedAuto, 1, 0, 0, Method::StaticChunked, 1, true},
  };
  for (const auto &C : Cases) {
    Policy P = policyFor(C.Kind, C.Chunk, C.RunKind, C.RunChunk);
    bool ChunkMatters = P.How != Method::StaticBalanced;
    if (!P.Valid || P.How != C.How || P.Ordered != C.Ordered ||
        (ChunkMatters && P.Chunk != C.Size)) {
      char Case[64];
      std::snprintf(Case, sizeof(Case), "kind %d chunk %lld", C.Kind,
                    (long long)C.Chunk);
      fail("policy", Case);
    }
  }
  // Chunk-free nonmonotonic dynamic loops leave the chunk to the runtime;
  // the monotonic modifier, a chunk size or the ordered clause keep it.
  struct {
    int32_t Kind;
    int64_t Chunk;
    int32_t RunKind, RunChunk;
    bool FromLoop;
  } Free[] = {
      {SchedDynamicChunked | SchedModifierNonmonotonic, 1, 0, 0, true},
      {SchedDynamicChunked, 1, 0, 0, true},
      {SchedDynamicChunked | SchedModifierMonotonic, 1, 0, 0, false},
      {SchedDynamicChunked | SchedModifierNonmonotonic, 7, 0, 0, false},
      {SchedDynamicChunked + SchedOrderedOffset, 1, 0, 0, false},
      {SchedGuidedChunked, 1, 0, 0, false},
      {SchedRuntime, 1, OmpSchedDynamic, 0, true},
      {SchedRuntime, 1, int32_t(OmpSchedDynamic | OmpSchedMonotonic), 0, false},
      {SchedRuntime, 1, OmpSchedDynamic, 4, false},
  };
  for (const auto &C : Free)
    if (policyFor(C.Kind, C.Chunk, C.RunKind, C.RunChunk).ChunkFromLoop !=
        C.FromLoop) {
      char Case[64];
      std::snprintf(Case, sizeof(Case), "kind %d chunk %lld run %d %d", C.Kind,
                    (long long)C.Chunk, C.RunKind, C.RunChunk);
      fail("chunk left to the runtime", Case);
    }
  // Chunks of 1 up to 8 iterations a thread, then growing up to 16.
  struct {
    uint64_t Span;
    uint32_t Threads;
    uint64_t Size;
  } Sizes[] = {
      {0, 1, 1},           {1023, 128, 1},   {1024 * 8 - 1, 1024, 1},
      {1024 * 8, 1024, 2}, {24575, 1024, 3}, {(1u << 26) - 1, 1024, 16},
      {~0ull, 1, 16},      {~0ull, 1024, 16}};
  for (const auto &C : Sizes) {
    bool Fits = C.Span <= ~0u;
    if (dynamicChunk<uint64_t>(C.Span, C.Threads) != C.Size ||
        (Fits && dynamicChunk<uint32_t>(uint32_t(C.Span), C.Threads) != C.Size))
      fail("chosen chunk size", "");
  }
  for (int32_t Kind : {int32_t(SchedStaticBalancedChunked), 39, 44, 71,
                       int32_t(SchedDistributeStatic)})
    if (policyFor(Kind, 1, 0, 0).Valid)
      fail("policy of a kind dispatch loops do not have", "");
}

struct Chunk {
  uint64_t First, Last;
  bool HasLast;
};

// Runs a team of Threads threads through a dispatch loop of Span + 1
// iterations the way Dispatch.cpp does, with the counter claims made by
// random groups of ready threads, and returns every thread's chunks.
template <typename U>
static std::vector<std::vector<Chunk>> runTeam(Method How, U Span, U ChunkSize,
                                               uint32_t Threads) {
  U Bound = boundOf<U>(How, Span, ChunkSize, Threads);
  std::vector<std::vector<Chunk>> Got(Threads);
  std::vector<bool> Done(Threads, false), Started(Threads, false);
  std::vector<U> Previous(Threads, 0);
  uint64_t Counter = 0;
  uint32_t Left = Threads;
  auto record = [&](uint32_t Id, Share<U> S) {
    if (S.Empty) {
      Done[Id] = true;
      --Left;
      return;
    }
    Got[Id].push_back({S.First, S.Last, S.HasLastIteration});
    Previous[Id] = S.First;
  };
  while (Left) {
    uint32_t Id = next(Threads);
    while (Done[Id])
      Id = (Id + 1) % Threads;
    if (!Started[Id]) {
      Started[Id] = true;
      record(Id, firstChunk<U>(How, Span, ChunkSize, Bound, Id, Threads));
      continue;
    }
    if (How == Method::StaticBalanced) {
      record(Id, {});
      continue;
    }
    if (How == Method::StaticChunked) {
      record(Id, nextStaticChunk<U>(Span, ChunkSize, Previous[Id], Threads));
      continue;
    }
    // A group: Id and up to 31 more started threads that are not done,
    // ranked in thread order like lanes.
    std::vector<uint32_t> Group{Id};
    uint32_t Extra = next(32);
    for (uint32_t I = 0; I < Threads && Group.size() <= Extra; ++I)
      if (I != Id && Started[I] && !Done[I] && next(2))
        Group.push_back(I);
    std::sort(Group.begin(), Group.end());
    uint32_t Count = uint32_t(Group.size());
    if (How == Method::Dynamic) {
      if (dynamicExhausted<U>(Bound, Threads, Counter)) {
        for (uint32_t Member : Group)
          record(Member, {});
        continue;
      }
      uint64_t Base = Counter;
      Counter += Count;
      for (uint32_t Rank = 0; Rank < Count; ++Rank)
        record(Group[Rank], claimedChunk<U>(Span, ChunkSize, Bound, Threads,
                                            Base + Rank));
      continue;
    }
    GuidedClaim<U> G =
        guidedClaim<U>(Span, ChunkSize, Bound, Threads, Counter, Count);
    if (!G.Empty)
      Counter += uint64_t(G.TotalMinusOne) + 1;
    for (uint32_t Rank = 0; Rank < Count; ++Rank)
      record(Group[Rank], guidedPart<U>(G, Rank, Span));
  }
  return Got;
}

static const char *name(Method How) {
  switch (How) {
  case Method::StaticBalanced:
    return "static";
  case Method::StaticChunked:
    return "static-chunked";
  case Method::Dynamic:
    return "dynamic";
  case Method::Guided:
    return "guided";
  }
  return "?";
}

template <typename U>
static void checkLoop(Method How, U Span, U ChunkSize, uint32_t Threads) {
  char Case[160];
  std::snprintf(Case, sizeof(Case), "%s width %zu span %llu chunk %llu "
                "threads %u", name(How), sizeof(U) * 8,
                (unsigned long long)Span, (unsigned long long)ChunkSize,
                Threads);
  auto Got = runTeam<U>(How, Span, ChunkSize, Threads);
  std::vector<Chunk> All;
  int LastFlags = 0;
  for (const auto &Mine : Got) {
    for (size_t I = 0; I < Mine.size(); ++I) {
      const Chunk &C = Mine[I];
      if (C.First > C.Last || C.Last > Span)
        fail("chunk out of range", Case);
      if (I && C.First <= Mine[I - 1].Last)
        fail("chunks of a thread out of order (not monotonic)", Case);
      LastFlags += C.HasLast;
      if (C.HasLast != (C.Last == Span))
        fail("last-iteration flag", Case);
      uint64_t Size = C.Last - C.First;
      bool Final = C.Last == Span;
      if ((How == Method::Dynamic || How == Method::StaticChunked) &&
          Size != uint64_t(ChunkSize) - 1 && !Final)
        fail("chunk size", Case);
      if (How == Method::Guided && Size < uint64_t(ChunkSize) - 1 && !Final)
        fail("guided chunk below the minimum", Case);
      All.push_back(C);
    }
    if (How == Method::StaticBalanced && Mine.size() > 1)
      fail("static thread with several blocks", Case);
  }
  if (LastFlags != 1)
    fail("one last iteration", Case);
  // A loop of sole chunks gives each thread the chunk the team would.
  Policy P;
  P.How = How;
  SoleChunk<U> Sole = soleChunk<U>(P, Span, ChunkSize, Threads);
  bool OneEach = std::all_of(Got.begin(), Got.end(),
                             [](const auto &Mine) { return Mine.size() <= 1; });
  if (Sole.Fits != (OneEach && (How == Method::StaticBalanced ||
                                Sole.Size <= MaxSoleChunk)))
    fail("loop of sole chunks", Case);
  for (uint32_t Id = 0; Sole.Fits && Id < Threads; ++Id) {
    Share<U> S = soleChunkOf<U>(Span, Sole.Size, Id, Threads);
    bool Same = Got[Id].empty()
                    ? S.Empty
                    : !S.Empty && S.First == Got[Id][0].First &&
                          S.Last == Got[Id][0].Last &&
                          S.HasLastIteration == Got[Id][0].HasLast;
    if (!Same)
      fail("sole chunk", Case);
  }
  std::sort(All.begin(), All.end(),
            [](const Chunk &A, const Chunk &B) { return A.First < B.First; });
  uint64_t Expected = 0;
  bool Covered = !All.empty() && All.back().Last == Span;
  for (const Chunk &C : All) {
    if (C.First != Expected) {
      Covered = false;
      break;
    }
    Expected = C.Last + 1;
  }
  if (!Covered)
    fail("every iteration exactly once", Case);
  // Guided chunks after the first round shrink (or stay) in claim order,
  // which is their order in the loop.
  if (How == Method::Guided) {
    U FirstRoundLast = guidedFirstRoundLast<U>(Span, ChunkSize, Threads);
    uint64_t Previous = ~0ull;
    for (const Chunk &C : All) {
      if (C.First <= FirstRoundLast)
        continue;
      uint64_t Size = C.Last - C.First;
      if (Size > Previous)
        fail("guided chunks grow", Case);
      Previous = Size;
    }
  }
}

template <typename U> static void checkWidth() {
  const Method Methods[] = {Method::StaticBalanced, Method::StaticChunked,
                            Method::Dynamic, Method::Guided};
  for (Method How : Methods)
    for (uint64_t Span : {0ull, 1ull, 2ull, 5ull, 31ull, 32ull, 33ull, 100ull,
                          255ull, 1000ull, 4095ull, 20000ull})
      for (U ChunkSize : {U(1), U(2), U(3), U(7), U(64), U(5000)})
        for (uint32_t Threads : {1u, 2u, 3u, 5u, 32u, 33u, 96u, 256u, 1024u})
          checkLoop<U>(How, U(Span), ChunkSize, Threads);
  // Full-width ranges, with chunks large enough to run them.
  const U Max = ~U(0);
  for (Method How : Methods)
    for (uint32_t Threads : {1u, 3u, 32u, 1024u})
      for (U ChunkSize : {U(Max / 64), U(Max / 3), Max, U(Max / 1000)}) {
        if (How == Method::Guided && ChunkSize < Max / 64)
          continue;
        checkLoop<U>(How, Max, ChunkSize, Threads);
        checkLoop<U>(How, U(Max - 1), ChunkSize, Threads);
      }
  // Guided with small chunks on a large loop: few chunks, shrinking.
  for (uint32_t Threads : {2u, 32u, 256u})
    checkLoop<U>(Method::Guided, U(U(1) << 24), U(1), Threads);
}

int main() {
  checkPolicies();
  checkWidth<uint32_t>();
  checkWidth<uint64_t>();
  if (Failures) {
    std::printf("%ld failures\n", Failures);
    return 1;
  }
  std::printf("dispatch schedule: all checks passed\n");
  return 0;
}
