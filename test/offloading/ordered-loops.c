// Loops with the ordered clause: the ordered blocks of the iterations run one
// at a time in the loop's order (each appends its iteration to a log, which
// must come out sorted), with every schedule clang pairs with ordered and all
// four index types, in teams of 1 to 1024 threads (lanes of one warp wait for
// each other); iterations whose ordered block is conditional, a loop counting
// down, an orphaned ordered block in a function, and two ordered loops with
// nowait back to back. target parallel (SPMD) and a parallel region inside
// target teams (generic; ordered-loops-unconverted.c runs it with SPMDization
// off, with one loop per team).
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: schedules and index types: ok
// CHECK: teams of each size: ok
// CHECK: conditional ordered blocks: ok
// CHECK: counting down: ok
// CHECK: orphaned ordered block: ok
// CHECK: nowait ordered loops: ok
// CHECK: one loop per team: ok
#include <omp.h>
#include <stdio.h>

enum { MaxTrip = 5000, MaxTeams = 4 };

long Log[MaxTeams][2 * MaxTrip];
int Cursor[MaxTeams];
long Work[MaxTrip];
int TeamsRan;
#pragma omp declare target(TeamsRan, Log, Cursor, Work)

// With host fallback the team stays small: libomp's threads would
// oversubscribe the CPU and pass the turns around slowly.
static int team(int Threads) {
  static int OnHost = -1;
  if (OnHost < 0) {
#pragma omp target map(from : OnHost)
    OnHost = omp_is_initial_device();
  }
  return OnHost && Threads > 8 ? 8 : Threads;
}

static void clear(void) {
  for (int T = 0; T < MaxTeams; ++T) {
    Cursor[T] = 0;
    for (int i = 0; i < 2 * MaxTrip; ++i)
      Log[T][i] = -1;
  }
#pragma omp target update to(Log, Cursor)
}

// Team T's log holds Count entries, the K-th being First + K * Step.
static int check(const char *What, int T, long Count, long First, long Step) {
#pragma omp target update from(Log, Cursor)
  if (Cursor[T] != Count) {
    printf("%s: %d ordered blocks ran, expected %ld\n", What, Cursor[T], Count);
    return 1;
  }
  for (long K = 0; K < Count; ++K)
    if (Log[T][K] != First + K * Step) {
      printf("%s: ordered block %ld ran for iteration %ld, expected %ld\n",
             What, K, Log[T][K], First + K * Step);
      return 1;
    }
  return 0;
}

// Work outside the ordered block that takes longer for some iterations, so
// that threads reach their ordered blocks out of turn.
#pragma omp declare target
static void work(long I) {
  long X = I;
  for (int K = 0; K < (int)(I * 7919 % 37); ++K)
    X = X * 31 + K;
  Work[I % MaxTrip] = X;
}
#pragma omp end declare target

#define LOG(T, I)                                                              \
  do {                                                                         \
    Log[T][Cursor[T]] = (long)(I);                                             \
    Cursor[T] += 1;                                                            \
  } while (0)

#define PRAGMA(...) _Pragma(#__VA_ARGS__)

#define ORDERED(NAME, T, SCHED)                                                \
  static int NAME(long Trip, int Threads) {                                    \
    clear();                                                                   \
    T N = (T)Trip;                                                             \
    _Pragma("omp target parallel num_threads(team(Threads))") {                \
      PRAGMA(omp for ordered SCHED)                                            \
      for (T i = 0; i < N; ++i) {                                              \
        work((long)i);                                                         \
        _Pragma("omp ordered") LOG(0, i);                                      \
      }                                                                        \
    }                                                                          \
    return check(#NAME, 0, Trip, 0, 1);                                        \
  }

#define SCHEDULES(NAME, T)                                                     \
  ORDERED(NAME##_default, T, )                                                 \
  ORDERED(NAME##_static, T, schedule(static))                                  \
  ORDERED(NAME##_static3, T, schedule(static, 3))                              \
  ORDERED(NAME##_dynamic, T, schedule(dynamic))                                \
  ORDERED(NAME##_dynamic2, T, schedule(monotonic : dynamic, 2))                \
  ORDERED(NAME##_guided, T, schedule(guided))                                  \
  ORDERED(NAME##_guided4, T, schedule(guided, 4))                              \
  ORDERED(NAME##_runtime, T, schedule(runtime))                                \
  ORDERED(NAME##_auto, T, schedule(auto))

SCHEDULES(int, int)
SCHEDULES(uint, unsigned)
SCHEDULES(long, long)
SCHEDULES(ulong, unsigned long)

typedef int (*LoopFn)(long, int);
#define FNS(NAME)                                                              \
  NAME##_default, NAME##_static, NAME##_static3, NAME##_dynamic,               \
      NAME##_dynamic2, NAME##_guided, NAME##_guided4, NAME##_runtime,          \
      NAME##_auto
static const LoopFn Loops[] = {FNS(int), FNS(uint), FNS(long), FNS(ulong)};
enum { NumLoops = sizeof(Loops) / sizeof(*Loops) };

static int schedules_and_types(void) {
  int Bad = 0;
  const long Trips[] = {1, 2, 33, 100, 1000};
  for (int L = 0; L < NumLoops; ++L)
    for (int K = 0; K < 5; ++K)
      Bad |= Loops[L](Trips[K], L % 2 ? 64 : 45);
  return Bad;
}

static int teams_of_each_size(void) {
  int Bad = 0;
  const int Threads[] = {1, 2, 31, 32, 33, 256, 1024};
  for (int K = 0; K < 7; ++K)
    for (int L = 0; L < 9; ++L)
      Bad |= Loops[L](MaxTrip, Threads[K]);
  return Bad;
}

static int conditional_blocks(void) {
  clear();
#pragma omp target parallel num_threads(team(96))
  {
#pragma omp for ordered schedule(dynamic, 3)
    for (int i = 0; i < 3000; ++i) {
      work(i);
      if (i % 5 == 2) {
#pragma omp ordered
        LOG(0, i);
      }
    }
  }
  return check("conditional", 0, 600, 2, 5);
}

static int counting_down(void) {
  clear();
#pragma omp target parallel num_threads(team(64))
  {
#pragma omp for ordered schedule(guided)
    for (long i = 2000; i > -2000; i -= 2) {
      work(i < 0 ? -i : i);
#pragma omp ordered
      LOG(0, i);
    }
  }
  return check("counting down", 0, 2000, 2000, -2);
}

#pragma omp declare target
static void log_in_order(long I) {
#pragma omp ordered
  LOG(0, I);
}
#pragma omp end declare target

static int orphaned_block(void) {
  clear();
#pragma omp target parallel num_threads(team(128))
  {
#pragma omp for ordered schedule(dynamic)
    for (unsigned i = 0; i < 2000; ++i) {
      work(i);
      log_in_order(i);
    }
  }
  return check("orphaned", 0, 2000, 0, 1);
}

// Threads that finish the first loop start the second while others still
// wait for their turn in the first; each loop has a log of its own.
static int nowait_loops(void) {
  clear();
#pragma omp target parallel num_threads(team(200))
  {
#pragma omp for ordered schedule(dynamic) nowait
    for (int i = 0; i < MaxTrip; ++i) {
      work(i);
#pragma omp ordered
      LOG(0, i);
    }
#pragma omp for ordered schedule(static, 2) nowait
    for (int i = MaxTrip; i < 2 * MaxTrip; ++i) {
      work(i);
#pragma omp ordered
      LOG(1, i);
    }
  }
  return check("nowait", 0, MaxTrip, 0, 1) |
         check("nowait", 1, MaxTrip, MaxTrip, 1);
}

// Each team runs an ordered loop of its own, with its own log (the host may
// run fewer teams than asked for).
static int loop_per_team(void) {
  clear();
#pragma omp target teams num_teams(MaxTeams) thread_limit(96)
  {
    int T = omp_get_team_num();
    if (T == 0)
      TeamsRan = omp_get_num_teams();
    long First = T * 1000;
#pragma omp parallel
    {
#pragma omp for ordered schedule(dynamic, 2)
      for (long i = First; i < First + 1000; ++i) {
        work(i);
#pragma omp ordered
        LOG(T, i);
      }
    }
  }
#pragma omp target update from(TeamsRan)
  int Bad = 0;
  for (int T = 0; T < TeamsRan; ++T)
    Bad |= check("per team", T, 1000, T * 1000, 1);
  return Bad;
}

static void report(const char *What, int Bad) {
  printf("%s: %s\n", What, Bad ? "WRONG" : "ok");
}

int main(void) {
  omp_set_schedule(omp_sched_guided, 3);
  report("schedules and index types", schedules_and_types());
  report("teams of each size", teams_of_each_size());
  report("conditional ordered blocks", conditional_blocks());
  report("counting down", counting_down());
  report("orphaned ordered block", orphaned_block());
  report("nowait ordered loops", nowait_loops());
  report("one loop per team", loop_per_team());
  return 0;
}
