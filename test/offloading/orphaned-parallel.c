// Orphaned constructs in declare-target functions: a teams distribute loop
// over frames calls a function whose parallel for reduces over its frame, and
// a parallel region calls a function whose orphaned for, single and barrier
// bind to that region. Integer arithmetic, so the device must match the host
// computation exactly.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: orphaned parallel for reduction: ok
// CHECK: orphaned for/single/barrier: ok
#include <omp.h>
#include <stdio.h>

enum { Frames = 12, N = 300, MaxThreads = 64 };

#pragma omp declare target
static long frame_energy(const int *x, int n) {
  long e = 0;
#pragma omp parallel for reduction(+ : e)
  for (int i = 0; i < n; ++i)
    e += (long)x[i] * x[i] * (i % 3 + 1);
  return e;
}

// Runs inside a parallel region: every construct binds to its team.
static void smooth(int *x, int *tmp, int n, long *total, int *singles,
                   int *marks, int *barrier_ok) {
#pragma omp for
  for (int i = 0; i < n; ++i)
    tmp[i] = x[(i + n - 1) % n] + x[i] + x[(i + 1) % n];
    // The loop's barrier publishes tmp to the single below.
#pragma omp single
  {
    long sum = 0;
    for (int i = 0; i < n; ++i)
      sum += tmp[i];
    *total = sum;
    *singles += 1;
  }
  // The single's barrier publishes total.
#pragma omp for nowait
  for (int i = 0; i < n; ++i)
    x[i] = 2 * tmp[i] - (int)(*total % 7);
  int me = omp_get_thread_num(), team = omp_get_num_threads();
  marks[me] = me + 1;
#pragma omp barrier
  for (int t = 0; t < team && t < MaxThreads; ++t)
    if (marks[t] != t + 1)
      *barrier_ok = 0;
}
#pragma omp end declare target

static void smooth_host(int *x, int n, long *total) {
  int tmp[N];
  for (int i = 0; i < n; ++i)
    tmp[i] = x[(i + n - 1) % n] + x[i] + x[(i + 1) % n];
  long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += tmp[i];
  *total = sum;
  for (int i = 0; i < n; ++i)
    x[i] = 2 * tmp[i] - (int)(sum % 7);
}

static int data[Frames * N], scratch[Frames * N], want[Frames * N];

int main(void) {
  for (int i = 0; i < Frames * N; ++i)
    data[i] = want[i] = (i * 37) % 101 - 50;

  long energy[Frames];
#pragma omp target teams distribute num_teams(4) thread_limit(64) map(to       \
                                                                      : data)  \
    map(from                                                                   \
        : energy)
  for (int f = 0; f < Frames; ++f)
    energy[f] = frame_energy(&data[f * N], N);
  int ok = 1;
  for (int f = 0; f < Frames; ++f) {
    long e = 0;
    for (int i = 0; i < N; ++i)
      e += (long)data[f * N + i] * data[f * N + i] * (i % 3 + 1);
    if (energy[f] != e)
      ok = 0;
  }
  printf("orphaned parallel for reduction: %s\n", ok ? "ok" : "WRONG");

  long totals[Frames];
  int singles[Frames], barriers[Frames];
  const int widths[] = {48, 37, 64, 5};
#pragma omp target teams distribute num_teams(3) thread_limit(64) map(tofrom   \
                                                                      : data)  \
    map(alloc                                                                  \
        : scratch) map(from                                                    \
                       : totals, singles, barriers)
  for (int f = 0; f < Frames; ++f) {
    int marks[MaxThreads];
    int count = 0, barrier_ok = 1;
    long total = 0;
    for (int round = 0; round < 2; ++round) {
      for (int t = 0; t < MaxThreads; ++t)
        marks[t] = 0;
#pragma omp parallel num_threads(widths[f % 4])
      smooth(&data[f * N], &scratch[f * N], N, &total, &count, marks,
             &barrier_ok);
    }
    totals[f] = total;
    singles[f] = count;
    barriers[f] = barrier_ok;
  }
  ok = 1;
  for (int f = 0; f < Frames; ++f) {
    long total = 0;
    smooth_host(&want[f * N], N, &total);
    smooth_host(&want[f * N], N, &total);
    if (totals[f] != total || singles[f] != 2 || !barriers[f])
      ok = 0;
  }
  for (int i = 0; i < Frames * N; ++i)
    if (data[i] != want[i])
      ok = 0;
  printf("orphaned for/single/barrier: %s\n", ok ? "ok" : "WRONG");
  return 0;
}
