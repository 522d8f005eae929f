// A barrier region reached from different places: the threads of a team
// call one function holding barriers from the two arms of a branch on their
// thread number, so threads of one warp meet at the barrier through different
// inlined copies. The barriers must still line up (the link step keeps the
// plain, not the aligned, PTX form there), in an SPMD kernel and in the
// parallel region of a generic one, and the data each barrier publishes must
// be there.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: spmd split paths: ok
// CHECK: generic split paths: ok
#include <omp.h>
#include <stdio.h>

enum { Team = 96, Rounds = 5 };

#pragma omp declare target
// Each round, every thread adds its right neighbour's value of the round
// before: the barriers separate the reads from the writes.
static inline __attribute__((always_inline)) void round_step(int *x, int *y,
                                                             int me, int n) {
  y[me] = x[me] + x[(me + 1) % n];
#pragma omp barrier
  x[me] = y[me];
#pragma omp barrier
}

// The body of both regions: rounds of neighbour exchange, with the barrier
// function called from both arms of a branch on the thread number.
static inline __attribute__((always_inline)) void exchange(int *x, int *y,
                                                           int *n) {
  int me = omp_get_thread_num(), size = omp_get_num_threads();
  x[me] = me;
#pragma omp barrier
  for (int r = 0; r < Rounds; ++r) {
    if (me % 2)
      round_step(x, y, me, size);
    else
      round_step(x, y, me, size);
  }
  if (me == 0)
    *n = size;
}
#pragma omp end declare target

static int expected(int i, int n) {
  int x[Team], y[Team];
  for (int t = 0; t < n; ++t)
    x[t] = t;
  for (int r = 0; r < Rounds; ++r) {
    for (int t = 0; t < n; ++t)
      y[t] = x[t] + x[(t + 1) % n];
    for (int t = 0; t < n; ++t)
      x[t] = y[t];
  }
  return x[i];
}

static int check(const int *x, int n) {
  int ok = n >= 1 && n <= Team;
  for (int i = 0; i < n && ok; ++i)
    ok = x[i] == expected(i, n);
  return ok;
}

int main(void) {
  int x[Team], y[Team], n = 0, regions = 0;
#pragma omp target parallel num_threads(Team) map(from : x, n) map(alloc : y)
  exchange(x, y, &n);
  printf("spmd split paths: %s\n", check(x, n) ? "ok" : "FAILED");

  n = 0;
  // The sequential statement around the region makes the kernel generic.
#pragma omp target map(from : x, n, regions) map(alloc : y)
  {
#pragma omp parallel num_threads(Team)
    exchange(x, y, &n);
    regions = 1;
  }
  printf("generic split paths: %s\n", check(x, n) && regions ? "ok" : "FAILED");
  return 0;
}
