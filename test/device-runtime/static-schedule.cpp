// Checks the static schedule arithmetic of the device runtime on the host: for
// every index type, schedule kind, team size and chunk, every iteration runs
// exactly once when the participants follow their chunks the way clang's loops
// do, exactly one participant is told it runs the last iteration, and ranges
// at the limits of each type neither overflow nor wrap; and the same for the
// grid-stride form of a combined distribute parallel for (a team's range,
// then its threads' share of it).
//
// RUN: %host-clangxx -std=c++17 -O1 -I%S/../../openmp/device/include -I%abi-include %s -o %t
// RUN: %t | FileCheck %s
// CHECK: static schedule: all checks passed

#include "StaticSchedule.h"

#include <cstdio>
#include <cstdlib>
#include <limits>
#include <utility>
#include <vector>

using namespace ompgpu;
using Wide = __int128;

static long Failures = 0;

static void fail(const char *What, int Kind, Wide Lower, Wide Upper,
                 long long Chunk, unsigned NumIds) {
  if (++Failures <= 20)
    std::printf("FAIL %s kind=%d lower=%lld upper=%lld chunk=%lld ids=%u\n",
                What, Kind, (long long)Lower, (long long)Upper, Chunk, NumIds);
}

// Runs every participant's loop like clang does and counts each iteration.
template <typename T, typename ST>
static void checkSmall(int Kind, T Lower, T Upper, ST Chunk, unsigned NumIds) {
  Wide Lo = Lower, Hi = Upper;
  size_t Count = Hi >= Lo ? size_t(Hi - Lo + 1) : 0;
  std::vector<int> Seen(Count, 0);
  int LastOwners = 0;
  bool RoundRobin = Chunk > 0 && (Kind == SchedStaticChunked ||
                                  Kind == SchedDistributeStaticChunked);
  for (unsigned Id = 0; Id < NumIds; ++Id) {
    auto A = schedule::assign<T, ST>(Kind, Lower, Upper, Chunk, Id, NumIds);
    if (A.Stride <= 0)
      fail("stride", Kind, Lo, Hi, Chunk, NumIds);
    bool RunsLast = false;
    Wide ChunkLo = A.Lower, ChunkHi = A.Upper;
    for (;;) {
      Wide End = ChunkHi < Hi ? ChunkHi : Hi;
      if (ChunkLo > End)
        break;
      if (ChunkLo < Lo)
        fail("below range", Kind, Lo, Hi, Chunk, NumIds);
      for (Wide I = ChunkLo; I <= End; ++I) {
        ++Seen[size_t(I - Lo)];
        RunsLast |= I == Hi;
      }
      if (!RoundRobin)
        break;
      ChunkLo += A.Stride;
      ChunkHi += A.Stride;
    }
    if (A.LastIteration != RunsLast)
      fail("last-iteration flag", Kind, Lo, Hi, Chunk, NumIds);
    LastOwners += A.LastIteration;
  }
  for (int S : Seen)
    if (S != 1) {
      fail("coverage", Kind, Lo, Hi, Chunk, NumIds);
      break;
    }
  if (Count && LastOwners != 1)
    fail("one last iteration", Kind, Lo, Hi, Chunk, NumIds);
}

// Full-width ranges are too long to run; check that first chunks start where
// they must and stay in range.
template <typename T, typename ST>
static void checkHuge(int Kind, ST Chunk, unsigned NumIds) {
  T Lower = std::numeric_limits<T>::min(),
    Upper = std::numeric_limits<T>::max();
  Wide Lo = Lower, Hi = Upper;
  Wide Next = Lo;
  int LastOwners = 0;
  for (unsigned Id = 0; Id < NumIds; ++Id) {
    auto A = schedule::assign<T, ST>(Kind, Lower, Upper, Chunk, Id, NumIds);
    LastOwners += A.LastIteration;
    if (Wide(A.Lower) > Wide(A.Upper))
      continue;
    if (Wide(A.Lower) < Lo || Wide(A.Upper) > Hi || A.Stride <= 0)
      fail("huge range", Kind, Lo, Hi, Chunk, NumIds);
    if (Chunk > 0 && Kind != SchedStatic && Kind != SchedDistributeStatic &&
        Kind != SchedStaticBalancedChunked) {
      if (Wide(A.Lower) != Lo + Wide(Id) * Chunk)
        fail("huge chunk start", Kind, Lo, Hi, Chunk, NumIds);
    } else {
      if (Wide(A.Lower) != Next)
        fail("huge block start", Kind, Lo, Hi, Chunk, NumIds);
      Next = Wide(A.Upper) + 1;
    }
  }
  if (!(Chunk > 0 && Kind != SchedStatic && Kind != SchedDistributeStatic &&
        Kind != SchedStaticBalancedChunked) &&
      Next != Hi + 1)
    fail("huge coverage", Kind, Lo, Hi, Chunk, NumIds);
  if (LastOwners != 1)
    fail("huge last iteration", Kind, Lo, Hi, Chunk, NumIds);
}

// A league of 2^31 - 1 teams: spot-check the first and last teams.
template <typename T, typename ST>
static void checkManyIds(int Kind, ST Chunk) {
  const unsigned NumIds = 0x7fffffffu;
  T Lower = std::numeric_limits<T>::min(),
    Upper = std::numeric_limits<T>::max();
  for (unsigned Id : {0u, 1u, 2u, NumIds - 2, NumIds - 1}) {
    auto A = schedule::assign<T, ST>(Kind, Lower, Upper, Chunk, Id, NumIds);
    if (Wide(A.Lower) <= Wide(A.Upper) &&
        (Wide(A.Lower) < Wide(Lower) || Wide(A.Upper) > Wide(Upper)))
      fail("many ids range", Kind, Lower, Upper, Chunk, NumIds);
    if (A.Stride <= 0)
      fail("many ids stride", Kind, Lower, Upper, Chunk, NumIds);
  }
}

// A combined distribute parallel for as GridStrideLoops runs it: each team's
// distribute loop over what gridStrideTeam gives it, and in each trip each of
// its threads' loop over what gridStrideThread gives it, stepping as clang's
// two loops do (the outer one clamps its upper bound to the loop's).
template <typename T, typename ST>
static void checkGridStride(T Lower, T Upper, unsigned Threads,
                            unsigned Teams) {
  Wide Lo = Lower, Hi = Upper;
  size_t Count = Hi >= Lo ? size_t(Hi - Lo + 1) : 0;
  std::vector<int> Seen(Count, 0);
  int LastRunners = 0;
  for (unsigned Team = 0; Team < Teams; ++Team) {
    auto A = schedule::gridStrideTeam<T, ST>(Lower, Upper, ST(Threads), Team,
                                             Teams);
    if (A.Stride <= 0)
      fail("grid-stride team stride", 0, Lo, Hi, Threads, Teams);
    for (Wide TeamLo = A.Lower, TeamHi = A.Upper; TeamLo <= Hi;
         TeamLo += A.Stride, TeamHi += A.Stride) {
      Wide End = TeamHi < Hi ? TeamHi : Hi;
      for (unsigned Id = 0; Id < Threads; ++Id) {
        auto B = schedule::gridStrideThread<T, ST>(T(TeamLo), T(End), Id,
                                                   Threads, Teams);
        if (B.Stride <= 0)
          fail("grid-stride thread stride", 0, Lo, Hi, Threads, Teams);
        bool RunsLast = false, RunsEnd = false;
        // As checkSmall: a range ending at the type's maximum leaves a thread
        // without iterations only through the upper bound it returns.
        Wide ThreadEnd = Wide(B.Upper) < End ? Wide(B.Upper) : End;
        for (Wide I = B.Lower; I <= ThreadEnd; I += B.Stride) {
          if (I < TeamLo)
            fail("grid-stride below range", 0, Lo, Hi, Threads, Teams);
          ++Seen[size_t(I - Lo)];
          RunsLast |= I == Hi;
          RunsEnd |= I == End;
        }
        // Told it runs the last iteration of the range it was given exactly
        // when it does; the runner of the loop's last one is in the team told
        // it has the last chunk.
        if (B.LastIteration != RunsEnd)
          fail("grid-stride thread last flag", 0, Lo, Hi, Threads, Teams);
        if (RunsLast && !(A.LastIteration && B.LastIteration))
          fail("grid-stride last flags", 0, Lo, Hi, Threads, Teams);
        LastRunners += RunsLast;
      }
    }
  }
  for (int S : Seen)
    if (S != 1) {
      fail("grid-stride coverage", 0, Lo, Hi, Threads, Teams);
      break;
    }
  if (Count && LastRunners != 1)
    fail("grid-stride one last iteration", 0, Lo, Hi, Threads, Teams);
}

// A range too long to run: the team's one trip must step past the range
// without wrapping, or the team must fall back to stepping chunk by chunk.
template <typename T, typename ST>
static void checkGridStrideHuge(T Lower, T Upper, unsigned Threads,
                                unsigned Teams) {
  for (unsigned Team : {0u, 1u, Teams - 1}) {
    auto A = schedule::gridStrideTeam<T, ST>(Lower, Upper, ST(Threads), Team,
                                             Teams);
    Wide Next = Wide(A.Lower) + A.Stride;
    bool OneTrip = Next > Wide(Upper) && Next <= Wide(Upper) + 1;
    bool ByChunks = A.Stride == ST(uint64_t(Threads) * Teams) &&
                    Wide(A.Upper) == Wide(A.Lower) + Threads - 1;
    if (A.Stride <= 0 || Wide(A.Lower) < Wide(Lower) || (!OneTrip && !ByChunks))
      fail("grid-stride huge range", 0, Lower, Upper, Threads, Teams);
  }
}

// A blocked league's block, with or without its division: the fewest whole
// chunks a team that cover Span + 1 iterations.
static void checkBlockSize() {
  for (uint64_t Chunk : {1u, 2u, 3u, 32u})
    for (uint32_t NumIds = 1; NumIds <= 9; ++NumIds)
      for (uint64_t Span = 0;
           Span < NumIds * Chunk * schedule::MaxBlockedIterations; ++Span) {
        uint64_t Chunks = Span / Chunk + 1;
        uint64_t Fewest = (Chunks + NumIds - 1) / NumIds * Chunk;
        if (schedule::blockSize(Span, Chunk, NumIds) != Fewest)
          fail("block size", 0, 0, Wide(Span), Wide(Chunk), NumIds);
      }
}

// Ranges of up to 70 iterations at the limits of T and in between: [Base,
// Base + Len - 1], moved down where it would pass the maximum; an empty one
// (Len 0) has its lower bound one past its upper.
template <typename T> static std::vector<std::pair<T, T>> smallRanges() {
  const T Min = std::numeric_limits<T>::min(),
          Max = std::numeric_limits<T>::max();
  std::vector<std::pair<T, T>> Ranges;
  for (T Base : {Min, T(Min + 3), T(0), T(Max / 2), T(Max - 70), Max})
    for (int Len = 0; Len <= 70; Len += (Len < 12 ? 1 : 7)) {
      Wide Lo = Base, Hi = Lo + Len - 1;
      if (Hi > Wide(Max)) {
        Hi = Max;
        Lo = Hi - Len + 1;
      }
      if (Len == 0) {
        T Upper = Lo > Wide(Min) ? T(Lo - 1) : T(Lo);
        Ranges.push_back({T(Wide(Upper) + 1), Upper});
      } else {
        Ranges.push_back({T(Lo), T(Hi)});
      }
    }
  return Ranges;
}

template <typename T, typename ST> static void checkType() {
  const int Kinds[] = {SchedStaticChunked, SchedStatic,
                       SchedStaticBalancedChunked, SchedDistributeStaticChunked,
                       SchedDistributeStatic};
  const T Min = std::numeric_limits<T>::min(),
          Max = std::numeric_limits<T>::max();
  const std::vector<std::pair<T, T>> Ranges = smallRanges<T>();
  for (int Kind : Kinds)
    for (auto [Lower, Upper] : Ranges)
      for (unsigned NumIds : {1u, 2u, 3u, 5u, 7u, 32u, 33u, 96u})
        for (ST Chunk : {ST(0), ST(1), ST(2), ST(3), ST(4), ST(8), ST(128)})
          checkSmall<T, ST>(Kind, Lower, Upper, Chunk, NumIds);
  for (int Kind : Kinds)
    for (unsigned NumIds : {1u, 2u, 3u, 1000u})
      for (ST Chunk : {ST(0), ST(1), ST(7), ST(1) << (sizeof(ST) * 8 - 2),
                       std::numeric_limits<ST>::max()})
        checkHuge<T, ST>(Kind, Chunk, NumIds);
  for (int Kind : Kinds)
    for (ST Chunk : {ST(0), ST(1), ST(1000), std::numeric_limits<ST>::max()})
      checkManyIds<T, ST>(Kind, Chunk);
  for (auto [Lower, Upper] : Ranges)
    for (unsigned Threads : {1u, 2u, 3u, 32u})
      for (unsigned Teams : {1u, 2u, 3u, 5u})
        checkGridStride<T, ST>(Lower, Upper, Threads, Teams);
  for (unsigned Teams : {1u, 7u, 1000u}) {
    checkGridStrideHuge<T, ST>(Min, Max, 256, Teams);
    checkGridStrideHuge<T, ST>(Min, T(Max - 1), 256, Teams);
    checkGridStrideHuge<T, ST>(T(0), T(Max - 1), 128, Teams);
  }
}

int main() {
  checkBlockSize();
  checkType<int32_t, int32_t>();
  checkType<uint32_t, int32_t>();
  checkType<int64_t, int64_t>();
  checkType<uint64_t, int64_t>();
  if (Failures) {
    std::printf("%ld failures\n", Failures);
    return 1;
  }
  std::printf("static schedule: all checks passed\n");
  return 0;
}
