// Doacross loops (ordered(n) with cross-iteration dependences): wavefront
// recurrences whose every iteration reads what earlier ones wrote, checked
// against the same computation run sequentially. A 2-D stencil that waits
// for its upper and left neighbours (depend(sink:)/depend(source), and
// OpenMP 5.2's doacross(sink:)/doacross(source:)), with static, static,1,
// dynamic and guided schedules and collapse(2); a 1-D prefix sum; a loop that
// counts down (its sink is i + 1); 64-bit and unsigned indices; teams of 1 to
// 1024 threads, so that lanes of one warp wait for each other; a loop per
// team; doacross loops with nowait back to back. target parallel (SPMD) and a
// parallel region inside target teams (generic; doacross-loops-unconverted.c
// runs it with SPMDization off).
// clang-format off
// RUN: %clang -O2 %offload -fopenmp-version=52 -Wno-deprecated %s -o %t && %run %t | FileCheck %s
// CHECK: 2-D wavefront, each schedule: ok
// CHECK: 2-D wavefront, doacross clauses: ok
// CHECK: 2-D wavefront, collapse(2): ok
// CHECK: 1-D prefix sum: ok
// CHECK: counting down: ok
// CHECK: 64-bit and unsigned indices: ok
// CHECK: teams of each size: ok
// CHECK: one loop per team: ok
// CHECK: nowait doacross loops: ok
// clang-format on
#include <omp.h>
#include <stdio.h>

enum { Rows = 160, Cols = 130, Len = 20000, MaxTeams = 4 };

unsigned A[MaxTeams][Rows][Cols];
static unsigned Want[Rows][Cols];
unsigned long P[2][Len];
static unsigned long PWant[Len];
int TeamsRan;
#pragma omp declare target(TeamsRan, A, P)

// The recurrence: each cell mixes its upper and left neighbours, so any
// iteration that runs before those it depends on gives a different result.
#pragma omp declare target
static unsigned cell(unsigned Up, unsigned Left, long I, long J) {
  return (Up * 2654435761u) ^ (Left + 0x9e3779b9u) ^ (unsigned)(I * 131 + J);
}
#pragma omp end declare target

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

static void reset(void) {
  for (int T = 0; T < MaxTeams; ++T)
    for (int I = 0; I < Rows; ++I)
      for (int J = 0; J < Cols; ++J)
        A[T][I][J] = I == 0 || J == 0 ? (unsigned)(I * 7 + J * 3 + 1) : 0;
#pragma omp target update to(A)
}

static void wavefront_reference(void) {
  for (int I = 0; I < Rows; ++I)
    for (int J = 0; J < Cols; ++J)
      Want[I][J] = I == 0 || J == 0
                       ? (unsigned)(I * 7 + J * 3 + 1)
                       : cell(Want[I - 1][J], Want[I][J - 1], I, J);
}

static int wavefront_check(const char *What, int T) {
#pragma omp target update from(A)
  for (int I = 0; I < Rows; ++I)
    for (int J = 0; J < Cols; ++J)
      if (A[T][I][J] != Want[I][J]) {
        printf("%s: cell (%d, %d) differs\n", What, I, J);
        return 1;
      }
  return 0;
}

#define PRAGMA(...) _Pragma(#__VA_ARGS__)

#define WAVEFRONT(NAME, SCHED)                                                 \
  static int NAME(int Threads) {                                               \
    reset();                                                                   \
    _Pragma("omp target parallel num_threads(team(Threads))") {                \
      PRAGMA(omp for ordered(2) SCHED)                                         \
      for (int I = 1; I < Rows; ++I)                                           \
        for (int J = 1; J < Cols; ++J) {                                       \
          _Pragma("omp ordered depend(sink: I - 1, J) depend(sink: I, J - 1)") \
              A[0][I][J] = cell(A[0][I - 1][J], A[0][I][J - 1], I, J);         \
          _Pragma("omp ordered depend(source)")                                \
        }                                                                      \
    }                                                                          \
    return wavefront_check(#NAME, 0);                                          \
  }

WAVEFRONT(wave_static, )
WAVEFRONT(wave_static1, schedule(static, 1))
WAVEFRONT(wave_dynamic, schedule(dynamic))
WAVEFRONT(wave_dynamic3, schedule(dynamic, 3))
WAVEFRONT(wave_guided, schedule(guided))

static int each_schedule(void) {
  int Bad = 0;
  int (*const Fns[])(int) = {wave_static, wave_static1, wave_dynamic,
                             wave_dynamic3, wave_guided};
  for (int F = 0; F < 5; ++F)
    Bad |= Fns[F](F % 2 ? 64 : 100);
  return Bad;
}

static int doacross_clauses(void) {
  reset();
#pragma omp target parallel num_threads(team(128))
  {
#pragma omp for ordered(2) schedule(static, 1)
    for (int I = 1; I < Rows; ++I)
      for (int J = 1; J < Cols; ++J) {
#pragma omp ordered doacross(sink : I - 1, J) doacross(sink : I, J - 1)
        A[0][I][J] = cell(A[0][I - 1][J], A[0][I][J - 1], I, J);
#pragma omp ordered doacross(source:)
      }
  }
  return wavefront_check("doacross clauses", 0);
}

static int collapsed(void) {
  reset();
#pragma omp target parallel num_threads(team(256))
  {
#pragma omp for ordered(2) collapse(2) schedule(dynamic, 4)
    for (int I = 1; I < Rows; ++I)
      for (int J = 1; J < Cols; ++J) {
#pragma omp ordered depend(sink : I - 1, J) depend(sink : I, J - 1)
        A[0][I][J] = cell(A[0][I - 1][J], A[0][I][J - 1], I, J);
#pragma omp ordered depend(source)
      }
  }
  return wavefront_check("collapse(2)", 0);
}

static void prefix_reference(void) {
  unsigned long S = 0;
  for (long i = 0; i < Len; ++i)
    PWant[i] = S += (unsigned long)(i * i % 1009);
}

static int prefix_check(const char *What, int K, int Reversed) {
#pragma omp target update from(P)
  for (long i = 0; i < Len; ++i) {
    unsigned long Got = Reversed ? P[K][Len - 1 - i] : P[K][i];
    if (Got != PWant[i]) {
      printf("%s: element %ld differs\n", What, i);
      return 1;
    }
  }
  return 0;
}

static int prefix_sum(void) {
#pragma omp target parallel num_threads(team(96))
  {
#pragma omp for ordered(1) schedule(dynamic, 7)
    for (long i = 0; i < Len; ++i) {
      unsigned long Add = (unsigned long)(i * i % 1009);
#pragma omp ordered depend(sink : i - 1)
      P[0][i] = (i ? P[0][i - 1] : 0) + Add;
#pragma omp ordered depend(source)
    }
  }
  return prefix_check("prefix sum", 0, 0);
}

// The same prefix sum from the top down: the sink i + 1 is the earlier
// iteration.
static int counting_down(void) {
#pragma omp target parallel num_threads(team(64))
  {
#pragma omp for ordered(1) schedule(static, 1)
    for (int i = Len - 1; i >= 0; --i) {
      long K = Len - 1 - i;
      unsigned long Add = (unsigned long)(K * K % 1009);
#pragma omp ordered doacross(sink : i + 1)
      P[0][i] = (i < Len - 1 ? P[0][i + 1] : 0) + Add;
#pragma omp ordered doacross(source:)
    }
  }
  return prefix_check("counting down", 0, 1);
}

static int wide_indices(void) {
  reset();
#pragma omp target parallel num_threads(team(70))
  {
#pragma omp for ordered(2) schedule(guided, 2)
    for (long I = 1; I < Rows; ++I)
      for (unsigned long J = 1; J < Cols; ++J) {
#pragma omp ordered depend(sink : I - 1, J) depend(sink : I, J - 1)
        A[0][I][J] = cell(A[0][I - 1][J], A[0][I][J - 1], I, (long)J);
#pragma omp ordered depend(source)
      }
  }
  int Bad = wavefront_check("64-bit", 0);
#pragma omp target parallel num_threads(team(33))
  {
#pragma omp for ordered(1) schedule(dynamic)
    for (unsigned i = 0; i < Len; ++i) {
      unsigned long Add = (unsigned long)((long)i * i % 1009);
#pragma omp ordered depend(sink : i - 1)
      P[1][i] = (i ? P[1][i - 1] : 0) + Add;
#pragma omp ordered depend(source)
    }
  }
  return Bad | prefix_check("unsigned", 1, 0);
}

static int teams_of_each_size(void) {
  int Bad = 0;
  const int Threads[] = {1, 2, 31, 32, 33, 512, 1024};
  for (int K = 0; K < 7; ++K) {
    Bad |= wave_static1(Threads[K]);
    Bad |= wave_dynamic(Threads[K]);
  }
  return Bad;
}

// Each team runs a doacross loop of its own (the host may run fewer teams
// than asked for).
static int loop_per_team(void) {
  reset();
#pragma omp target teams num_teams(MaxTeams) thread_limit(64)
  {
    int T = omp_get_team_num();
    if (T == 0)
      TeamsRan = omp_get_num_teams();
#pragma omp parallel
    {
#pragma omp for ordered(2) schedule(dynamic, 2)
      for (int I = 1; I < Rows; ++I)
        for (int J = 1; J < Cols; ++J) {
#pragma omp ordered depend(sink : I - 1, J) depend(sink : I, J - 1)
          A[T][I][J] = cell(A[T][I - 1][J], A[T][I][J - 1], I, J);
#pragma omp ordered depend(source)
        }
    }
  }
#pragma omp target update from(TeamsRan)
  int Bad = 0;
  for (int T = 0; T < TeamsRan; ++T)
    Bad |= wavefront_check("per team", T);
  return Bad;
}

// Threads that finish the first doacross loop start the next two while
// others still wait in it.
static int nowait_loops(void) {
  reset();
#pragma omp target parallel num_threads(team(200))
  {
    for (int T = 0; T < 3; ++T) {
#pragma omp for ordered(2) schedule(static, 1) nowait
      for (int I = 1; I < Rows; ++I)
        for (int J = 1; J < Cols; ++J) {
#pragma omp ordered depend(sink : I - 1, J) depend(sink : I, J - 1)
          A[T][I][J] = cell(A[T][I - 1][J], A[T][I][J - 1], I, J);
#pragma omp ordered depend(source)
        }
    }
  }
  int Bad = 0;
  for (int T = 0; T < 3; ++T)
    Bad |= wavefront_check("nowait", T);
  return Bad;
}

static void report(const char *What, int Bad) {
  printf("%s: %s\n", What, Bad ? "WRONG" : "ok");
}

int main(void) {
  wavefront_reference();
  prefix_reference();
  report("2-D wavefront, each schedule", each_schedule());
  report("2-D wavefront, doacross clauses", doacross_clauses());
  report("2-D wavefront, collapse(2)", collapsed());
  report("1-D prefix sum", prefix_sum());
  report("counting down", counting_down());
  report("64-bit and unsigned indices", wide_indices());
  report("teams of each size", teams_of_each_size());
  report("one loop per team", loop_per_team());
  report("nowait doacross loops", nowait_loops());
  return 0;
}
