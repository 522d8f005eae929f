// Worksharing loops with dynamic, guided, runtime and auto schedules, with
// and without chunks and monotonic/nonmonotonic modifiers, for all four
// index types: every iteration runs exactly once (counted per iteration), and
// under the monotonic modifier each thread runs its iterations in increasing
// order, with trip counts of 0, 1, around a warp and a team, and larger;
// loops that count down, loops near the limits of their type, one whose last
// increment would wrap past the maximum of its unsigned type. Combined SPMD
// constructs (target teams distribute parallel for, target parallel for), a
// parallel loop inside target teams (generic; dispatch-schedules-unconverted.c
// runs it with SPMDization off), nowait loops back to back, lastprivate under
// each schedule, an orphaned loop in
// a serialized region, and schedule(runtime) after omp_set_schedule on the
// device.
// clang-format off
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s --check-prefixes=CHECK,HOST
// CHECK: combined constructs: ok
// CHECK: target parallel for: ok
// CHECK: parallel for in target teams: ok
// CHECK: counting down: ok
// CHECK: type limits: ok
// CHECK: nowait loops: ok
// CHECK: lastprivate: ok
// CHECK: serialized region: ok
// The device's run-sched-var starts static (OMP_SCHEDULE and omp_set_schedule
// on the host set the host's); with host fallback the region sees the host's.
// GPU: device run-sched-var at start: 1 0
// HOST: device run-sched-var at start: 2 3
// CHECK: runtime schedules: ok
// clang-format on
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { MaxTrip = 12345, MaxThreads = 1024 };

int Hits[MaxTrip + 1];
// Per iteration: 1 if its thread had run a later iteration before it, in a
// loop whose schedule is monotonic.
int OutOfOrder[MaxTrip + 1];
#pragma omp declare target(Hits, OutOfOrder)

static int clear(void) {
  for (int i = 0; i <= MaxTrip; ++i)
    Hits[i] = OutOfOrder[i] = 0;
#pragma omp target update to(Hits, OutOfOrder)
  return 0;
}

// Every one of the first Trip iterations ran once, nothing else ran, and no
// thread went back.
static int check(const char *What, long Trip) {
#pragma omp target update from(Hits, OutOfOrder)
  int Bad = 0;
  for (long i = 0; i <= MaxTrip; ++i) {
    int Want = i < Trip;
    if (Hits[i] != Want || OutOfOrder[i]) {
      if (!Bad)
        printf("%s: iteration %ld ran %d times, out of order %d\n", What, i,
               Hits[i], OutOfOrder[i]);
      Bad = 1;
    }
  }
  return Bad;
}

#define PRAGMA(...) _Pragma(#__VA_ARGS__)

// Counts iteration I (0-based, in the loop's order) and, where the schedule
// is Monotonic, notes whether the thread's previous iteration Prev came later.
// (Nonmonotonic schedules may run a thread's chunks in any order; the host's
// runtime does.)
#define VISIT(I, Prev, Monotonic)                                              \
  do {                                                                         \
    long Visit_ = (long)(I);                                                   \
    _Pragma("omp atomic") Hits[Visit_]++;                                      \
    if ((Monotonic) && Visit_ <= (Prev))                                       \
      OutOfOrder[Visit_] = 1;                                                  \
    (Prev) = Visit_;                                                           \
  } while (0)

// One checker per index type and schedule clause: a combined construct,
// target parallel for, and a parallel loop in a generic target teams region.
#define CHECKERS(NAME, T, MONOTONIC, SCHED)                                    \
  static int combined_##NAME(long Trip, int Teams, int Threads) {              \
    clear();                                                                   \
    T N = (T)Trip;                                                             \
    PRAGMA(omp target teams distribute parallel for num_teams(Teams)           \
               thread_limit(Threads) SCHED)                                    \
    for (T i = 0; i < N; ++i) {                                                \
      long Prev = -1;                                                          \
      VISIT(i, Prev, 0);                                                       \
    }                                                                          \
    return check(#NAME " combined", Trip);                                     \
  }                                                                            \
  static int parallel_##NAME(long Trip, int Threads) {                         \
    clear();                                                                   \
    T N = (T)Trip;                                                             \
    _Pragma("omp target parallel num_threads(Threads)") {                      \
      long Prev = -1;                                                          \
      PRAGMA(omp for SCHED)                                                    \
      for (T i = 0; i < N; ++i)                                                \
        VISIT(i, Prev, MONOTONIC);                                             \
    }                                                                          \
    return check(#NAME " parallel", Trip);                                     \
  }                                                                            \
  static int generic_##NAME(long Trip, int Teams, int Threads) {               \
    clear();                                                                   \
    _Pragma("omp target teams num_teams(Teams) thread_limit(Threads)") {       \
      /* Each team runs its share of the loop, as a loop of its own. */        \
      long Per = (Trip + omp_get_num_teams() - 1) / omp_get_num_teams();       \
      T First = (T)(omp_get_team_num() * Per);                                 \
      T Last = (T)(Trip < (long)First + Per ? Trip : (long)First + Per);       \
      _Pragma("omp parallel") {                                                \
        long Prev = -1;                                                        \
        PRAGMA(omp for SCHED)                                                  \
        for (T i = First; i < Last; ++i)                                       \
          VISIT(i, Prev, MONOTONIC);                                           \
      }                                                                        \
    }                                                                          \
    return check(#NAME " generic", Trip);                                      \
  }

#define SCHEDULES(NAME, T)                                                     \
  CHECKERS(NAME##_dynamic, T, 0, schedule(dynamic))                            \
  CHECKERS(NAME##_dynamic7, T, 0, schedule(nonmonotonic : dynamic, 7))         \
  CHECKERS(NAME##_dynamic_big, T, 1, schedule(monotonic : dynamic, 1000))      \
  CHECKERS(NAME##_guided, T, 0, schedule(guided))                              \
  CHECKERS(NAME##_guided3, T, 1, schedule(monotonic : guided, 3))              \
  CHECKERS(NAME##_runtime, T, 0, schedule(runtime))                            \
  CHECKERS(NAME##_auto, T, 0, schedule(auto))

SCHEDULES(int, int)
SCHEDULES(uint, unsigned)
SCHEDULES(long, long)
SCHEDULES(ulong, unsigned long)

typedef int (*CombinedFn)(long, int, int);
typedef int (*ParallelFn)(long, int);
#define FNS(NAME)                                                              \
  {                                                                            \
    combined_##NAME##_dynamic, combined_##NAME##_dynamic7,                     \
        combined_##NAME##_dynamic_big, combined_##NAME##_guided,               \
        combined_##NAME##_guided3, combined_##NAME##_runtime,                  \
        combined_##NAME##_auto                                                 \
  }
#define PFNS(NAME)                                                             \
  {                                                                            \
    parallel_##NAME##_dynamic, parallel_##NAME##_dynamic7,                     \
        parallel_##NAME##_dynamic_big, parallel_##NAME##_guided,               \
        parallel_##NAME##_guided3, parallel_##NAME##_runtime,                  \
        parallel_##NAME##_auto                                                 \
  }
#define GFNS(NAME)                                                             \
  {                                                                            \
    generic_##NAME##_dynamic, generic_##NAME##_dynamic7,                       \
        generic_##NAME##_dynamic_big, generic_##NAME##_guided,                 \
        generic_##NAME##_guided3, generic_##NAME##_runtime,                    \
        generic_##NAME##_auto                                                  \
  }

static const CombinedFn Combined[4][7] = {FNS(int), FNS(uint), FNS(long),
                                          FNS(ulong)};
static const ParallelFn Parallel[4][7] = {PFNS(int), PFNS(uint), PFNS(long),
                                          PFNS(ulong)};
static const CombinedFn Generic[4][7] = {GFNS(int), GFNS(uint), GFNS(long),
                                         GFNS(ulong)};
static const long Trips[] = {0, 1, 2, 31, 32, 33, 255, 256, 257, 1000, MaxTrip};

static int combined_constructs(void) {
  int Bad = 0;
  for (int T = 0; T < 4; ++T)
    for (int S = 0; S < 7; ++S)
      for (unsigned K = 0; K < sizeof(Trips) / sizeof(*Trips); ++K) {
        Bad |= Combined[T][S](Trips[K], 3, 64);
        Bad |= Combined[T][S](Trips[K], 1, 96);
      }
  Bad |= Combined[0][0](MaxTrip, 7, 256);
  Bad |= Combined[2][3](MaxTrip, 2, 1024);
  return Bad;
}

static int target_parallel_for(void) {
  int Bad = 0;
  for (int T = 0; T < 4; ++T)
    for (int S = 0; S < 7; ++S)
      for (unsigned K = 0; K < sizeof(Trips) / sizeof(*Trips); ++K)
        Bad |= Parallel[T][S](Trips[K], K % 2 ? 64 : 37);
  Bad |= Parallel[1][0](MaxTrip, 1024);
  Bad |= Parallel[3][4](MaxTrip, 1);
  return Bad;
}

static int parallel_for_in_teams(void) {
  int Bad = 0;
  for (int T = 0; T < 4; ++T)
    for (int S = 0; S < 7; ++S)
      for (unsigned K = 0; K < sizeof(Trips) / sizeof(*Trips); ++K)
        Bad |= Generic[T][S](Trips[K], K % 3 + 1, K % 2 ? 64 : 50);
  return Bad;
}

// Loops that count down, by 1, 3 and 2, with negative bounds.
static int counting_down(void) {
  int Bad = clear();
#pragma omp target parallel num_threads(70)
  {
    long Prev = -1;
#pragma omp for schedule(monotonic : dynamic, 3)
    for (int i = 500; i > -500; --i)
      VISIT(500 - i, Prev, 1);
  }
  Bad |= check("int down", 1000);
  clear();
#pragma omp target teams distribute parallel for schedule(guided) num_teams(4)
  for (long i = 3000; i >= -2999; i -= 3)
    _Pragma("omp atomic") Hits[(3000 - i) / 3]++;
  Bad |= check("long down by 3", 2000);
  clear();
#pragma omp target parallel num_threads(33)
  {
    long Prev = -1;
#pragma omp for schedule(monotonic : dynamic)
    for (unsigned long i = 4001; i > 1; i -= 2)
      VISIT((4001 - i) / 2, Prev, 1);
  }
  Bad |= check("unsigned long down by 2", 2000);
  return Bad;
}

// Bounds at the limits of each type, an unsigned loop that counts down from
// its maximum, and one whose step would take it past its maximum.
static int type_limits(void) {
  int Bad = clear();
#pragma omp target parallel for schedule(dynamic, 2) num_threads(64)
  for (int i = INT_MAX - 300; i < INT_MAX; ++i)
    _Pragma("omp atomic") Hits[i - (INT_MAX - 300)]++;
  Bad |= check("int max", 300);
  clear();
#pragma omp target parallel for schedule(guided, 2) num_threads(64)
  for (int i = INT_MIN; i <= INT_MIN + 299; ++i)
    _Pragma("omp atomic") Hits[(long)i - INT_MIN]++;
  Bad |= check("int min", 300);
  clear();
#pragma omp target parallel for schedule(dynamic) num_threads(96)
  for (unsigned i = UINT_MAX; i > UINT_MAX - 300; --i)
    _Pragma("omp atomic") Hits[UINT_MAX - i]++;
  Bad |= check("unsigned down from the maximum", 300);
  clear();
  // The last i + Step wraps. Clang computes the trip count as (End - 1 -
  // Start + Step) / Step in the loop's type, so End + Step must stay within
  // the type (End = UINT_MAX would wrap that sum and run nothing, on the host
  // as well); the runtime only ever sees the trip count.
  const unsigned Step = UINT_MAX / 1000, Start = 1000;
#pragma omp target parallel for schedule(guided) num_threads(40)
  for (unsigned i = Start; i < Start + 999 * Step + 1; i += Step)
    _Pragma("omp atomic") Hits[(i - Start) / Step]++;
  Bad |= check("unsigned step past the maximum", 1000);
  clear();
#pragma omp target teams distribute parallel for schedule(dynamic, 5)          \
    num_teams(2)
  for (unsigned i = UINT_MAX - 1000; i < UINT_MAX; ++i)
    _Pragma("omp atomic") Hits[i - (UINT_MAX - 1000)]++;
  Bad |= check("unsigned max", 1000);
  clear();
#pragma omp target parallel for schedule(guided) num_threads(50)
  for (long i = LONG_MIN; i < LONG_MIN + 777; ++i)
    _Pragma("omp atomic") Hits[i - LONG_MIN]++;
  Bad |= check("long min", 777);
  clear();
#pragma omp target parallel for schedule(dynamic, 3) num_threads(50)
  for (long i = LONG_MAX - 776; i <= LONG_MAX - 1; ++i)
    _Pragma("omp atomic") Hits[i - (LONG_MAX - 776)]++;
  Bad |= check("long max", 776);
  clear();
#pragma omp target parallel for schedule(nonmonotonic                          \
                                         : dynamic) num_threads(128)
  for (unsigned long i = ULONG_MAX - 4000; i < ULONG_MAX; i += 4)
    _Pragma("omp atomic") Hits[(i - (ULONG_MAX - 4000)) / 4]++;
  Bad |= check("unsigned long max", 1000);
  return Bad;
}

// Dynamic loops with nowait back to back: threads that finish one loop start
// the next while others still run it (as the inner loops of a combined
// construct do, one per distribute chunk). Twelve loops, more than the
// runtime's slots, with three schedules in turn.
static int nowait_loops(void) {
  clear();
  enum { Loops = 12, Per = 1000 };
#pragma omp target parallel num_threads(200)
  {
    for (int L = 0; L < Loops; ++L) {
      long Prev = -1;
      if (L % 3 == 0) {
#pragma omp for schedule(monotonic : dynamic) nowait
        for (int i = 0; i < Per; ++i)
          VISIT(L * Per + i, Prev, 1);
      } else if (L % 3 == 1) {
#pragma omp for schedule(monotonic : guided, 2) nowait
        for (int i = 0; i < Per; ++i)
          VISIT(L * Per + i, Prev, 1);
      } else {
#pragma omp for schedule(monotonic : dynamic, 13) nowait
        for (int i = 0; i < Per; ++i)
          VISIT(L * Per + i, Prev, 1);
      }
    }
  }
  return check("nowait", Loops * Per);
}

// lastprivate under each schedule of the combined construct, whose inner
// loops give each thread at most one chunk (the runtime keeps no team state
// for them), and of target parallel for, whose loops hand out many chunks:
// the thread with the last iteration writes the variable back.
#define LAST_VALUE(CONSTRUCT, SCHED, N)                                        \
  ({                                                                           \
    long Last_ = -1;                                                           \
    PRAGMA(omp CONSTRUCT SCHED lastprivate(Last_) map(tofrom : Last_))         \
    for (long i = 0; i < (N); ++i)                                             \
      Last_ = 3 * i;                                                           \
    Last_;                                                                     \
  })

static int lastprivate_loops(void) {
  int Bad = 0;
  const long Trips[] = {1, 31, 256, 1000, 4099};
  for (unsigned K = 0; K < sizeof(Trips) / sizeof(*Trips); ++K) {
    long N = Trips[K], Want = 3 * (N - 1);
    // Monotonic: with nonmonotonic dynamic schedules the host's libomp (in
    // host fallback) loses the last value (README, known problems); the
    // device checks those below.
    long Got[] = {
        LAST_VALUE(target teams distribute parallel for,
                   schedule(monotonic : dynamic), N),
        LAST_VALUE(target teams distribute parallel for,
                   schedule(monotonic : dynamic, 4), N),
        LAST_VALUE(target teams distribute parallel for, schedule(guided), N),
        LAST_VALUE(target teams distribute parallel for, schedule(runtime), N),
        LAST_VALUE(target parallel for num_threads(96),
                   schedule(monotonic : dynamic), N),
        LAST_VALUE(target parallel for num_threads(96), schedule(guided, 3),
                   N),
    };
    for (unsigned G = 0; G < sizeof(Got) / sizeof(*Got); ++G)
      if (Got[G] != Want) {
        printf("lastprivate: loop %u of %ld iterations gave %ld, not %ld\n", G,
               N, Got[G], Want);
        Bad = 1;
      }
    int OnDevice = 0;
#pragma omp target map(from : OnDevice)
    OnDevice = !omp_is_initial_device();
    if (!OnDevice)
      continue;
    long GotDevice[] = {
        LAST_VALUE(target teams distribute parallel for, schedule(dynamic), N),
        LAST_VALUE(target teams distribute parallel for,
                   schedule(nonmonotonic : dynamic, 4), N),
        LAST_VALUE(target parallel for num_threads(96), schedule(dynamic), N),
    };
    for (unsigned G = 0; G < sizeof(GotDevice) / sizeof(*GotDevice); ++G)
      if (GotDevice[G] != Want) {
        printf("lastprivate: nonmonotonic loop %u of %ld iterations gave %ld, "
               "not %ld\n",
               G, N, GotDevice[G], Want);
        Bad = 1;
      }
  }
  return Bad;
}

#pragma omp declare target
// An orphaned loop: in a serialized region it is a team of one thread's.
static void orphaned(int N, int Base) {
  long Prev = -1;
#pragma omp for schedule(monotonic : dynamic, 2)
  for (int i = 0; i < N; ++i)
    VISIT(Base + i, Prev, 1);
}
#pragma omp end declare target

static int serialized_region(void) {
  clear();
#pragma omp target parallel num_threads(8)
  {
    int T = omp_get_thread_num();
    // A nested region is serialized: the inner loop is a team of one's,
    // inside the outer dynamic loop of the team.
#pragma omp for schedule(dynamic)
    for (int Outer = 0; Outer < 16; ++Outer) {
#pragma omp parallel num_threads(4)
      orphaned(100, Outer * 100);
    }
    (void)T;
  }
  return check("serialized", 1600);
}

// schedule(runtime) follows run-sched-var, which omp_set_schedule sets on
// the device: for the team in a generic kernel's sequential part, for each
// thread in a parallel region.
static int runtime_schedules(void) {
  int Kind = -1, Chunk = -1;
  omp_set_schedule(omp_sched_dynamic, 3);
#pragma omp target map(from : Kind, Chunk)
  {
    omp_sched_t K;
    omp_get_schedule(&K, &Chunk);
    Kind = K;
  }
  printf("device run-sched-var at start: %d %d\n", Kind, Chunk);
  int Bad = 0;
  const omp_sched_t Kinds[] = {omp_sched_static, omp_sched_dynamic,
                               omp_sched_guided, omp_sched_auto,
                               omp_sched_dynamic | omp_sched_monotonic};
  for (int K = 0; K < 5; ++K)
    for (int C = 0; C < 3; ++C) {
      int ChunkSize = C == 0 ? 0 : C == 1 ? 1 : 17;
      clear();
#pragma omp target teams num_teams(1) thread_limit(128)
      {
        omp_set_schedule(Kinds[K], ChunkSize);
#pragma omp parallel
        {
          long Prev = -1;
#pragma omp for schedule(runtime)
          for (long i = 0; i < 5000; ++i)
            VISIT(i, Prev, 0);
        }
      }
      Bad |= check("runtime (team)", 5000);
      clear();
#pragma omp target parallel num_threads(100)
      {
        // Every thread sets the same value for itself.
        omp_set_schedule(Kinds[K], ChunkSize);
        long Prev = -1;
#pragma omp for schedule(runtime)
        for (unsigned i = 0; i < 3000; ++i)
          VISIT(i, Prev, 0);
      }
      Bad |= check("runtime (threads)", 3000);
    }
  return Bad;
}

static void report(const char *What, int Bad) {
  printf("%s: %s\n", What, Bad ? "WRONG" : "ok");
}

int main(void) {
  report("combined constructs", combined_constructs());
  report("target parallel for", target_parallel_for());
  report("parallel for in target teams", parallel_for_in_teams());
  report("counting down", counting_down());
  report("type limits", type_limits());
  report("nowait loops", nowait_loops());
  report("lastprivate", lastprivate_loops());
  report("serialized region", serialized_region());
  report("runtime schedules", runtime_schedules());
  return 0;
}
