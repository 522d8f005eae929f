// Checks the static schedule arithmetic of the device runtime on the host: for
// every index type, schedule kind, team size and chunk, every iteration runs
// exactly once when the participants follow their chunks the way clang's loops
// do, exactly one participant is told it runs the last iteration, and ranges
// at the limits of each type neither overflow nor wrap.
//
// RUN: %host-clangxx -std=c++17 -O1 -I%S/../../openmp/device/include -I%abi-include %s -o %t
// RUN: %t | FileCheck %s
// CHECK: static schedule: all checks passed

#include "StaticSchedule.h"

#include <cstdio>
#include <cstdlib>
#include <limits>
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

template <typename T, typename ST> static void checkType() {
  const int Kinds[] = {SchedStaticChunked, SchedStatic,
                       SchedStaticBalancedChunked, SchedDistributeStaticChunked,
                       SchedDistributeStatic};
  const T Min = std::numeric_limits<T>::min(),
          Max = std::numeric_limits<T>::max();
  const T Bases[] = {Min, T(Min + 3), T(0), T(Max / 2), T(Max - 70), Max};
  for (int Kind : Kinds)
    for (T Base : Bases)
      for (int Len = 0; Len <= 70; Len += (Len < 12 ? 1 : 7))
        for (unsigned NumIds : {1u, 2u, 3u, 5u, 7u, 32u, 33u, 96u})
          for (ST Chunk : {ST(0), ST(1), ST(2), ST(3), ST(4), ST(8), ST(128)}) {
            // The range [Base, Base + Len - 1], moved down if it would pass
            // the maximum.
            Wide Lo = Base, Hi = Lo + Len - 1;
            if (Hi > Wide(Max)) {
              Hi = Max;
              Lo = Hi - Len + 1;
            }
            if (Len == 0) {
              // An empty range: lower bound one past the upper.
              T Upper = Lo > Wide(Min) ? T(Lo - 1) : T(Lo);
              checkSmall<T, ST>(Kind, T(Wide(Upper) + 1), Upper, Chunk, NumIds);
              continue;
            }
            checkSmall<T, ST>(Kind, T(Lo), T(Hi), Chunk, NumIds);
          }
  for (int Kind : Kinds)
    for (unsigned NumIds : {1u, 2u, 3u, 1000u})
      for (ST Chunk : {ST(0), ST(1), ST(7), ST(1) << (sizeof(ST) * 8 - 2),
                       std::numeric_limits<ST>::max()})
        checkHuge<T, ST>(Kind, Chunk, NumIds);
  for (int Kind : Kinds)
    for (ST Chunk : {ST(0), ST(1), ST(1000), std::numeric_limits<ST>::max()})
      checkManyIds<T, ST>(Kind, Chunk);
}

int main() {
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
