// task and its data and clauses in target regions: shared, firstprivate and
// private data, if, final (omp_in_final in the final task and its
// descendants), mergeable, untied and priority (accepted), taskwait (which
// waits for children only: a grandchild may still run after it), taskyield,
// C++-free destructor-less tasks, and tasks created by every thread of a team
// (one per loop iteration) which complete at the end of the region. In the
// sequential part of a generic kernel, in a parallel region of a generic
// kernel, and in SPMD kernels (target parallel, and a combined construct with
// many teams).
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: generic sequential: ok
// CHECK: generic parallel: ok
// CHECK: spmd parallel: ok
// CHECK: spmd teams: ok
// CHECK: final: ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 256 };

static int check(const char *what, const int *a, int n, int base) {
  int ok = 1;
  for (int i = 0; i < n; ++i)
    if (a[i] != base + i) {
      printf("%s: a[%d] = %d, expected %d\n", what, i, a[i], base + i);
      ok = 0;
    }
  return ok;
}

static void generic_sequential(void) {
  int a[8] = {0}, shared_sum = 0;
  int fp = 5;
#pragma omp target map(tofrom : a, shared_sum)
  {
    int local = 3;
#pragma omp task shared(shared_sum) firstprivate(fp)
    {
      shared_sum += fp;
      fp = 100; // the task's own copy
    }
#pragma omp task private(local) shared(a)
    {
      local = 7;
      a[1] = local;
    }
#pragma omp taskwait
    a[0] = shared_sum + fp + local; // 5 + 5 + 3
#pragma omp task if (0) shared(a)
    a[2] = 2 + omp_in_final();
#pragma omp task untied mergeable priority(3) shared(a)
    a[3] = 3;
#pragma omp taskyield
#pragma omp taskwait
  }
  int ok = a[0] == 13 && a[1] == 7 && a[2] == 2 && a[3] == 3;
  if (!ok)
    printf("%d %d %d %d\n", a[0], a[1], a[2], a[3]);
  printf("generic sequential: %s\n", ok ? "ok" : "WRONG");
}

static void generic_parallel(void) {
  int a[N], b[N];
  for (int i = 0; i < N; ++i)
    a[i] = b[i] = -1;
#pragma omp target map(tofrom : a, b)
  {
#pragma omp parallel num_threads(64)
    {
#pragma omp single
      for (int i = 0; i < N; ++i) {
#pragma omp task firstprivate(i)
        a[i] = 1000 + i;
      }
      // Every thread creates tasks; the region's end completes them.
#pragma omp for
      for (int i = 0; i < N; ++i) {
#pragma omp task
        b[i] = 2000 + i;
      }
    }
  }
  int ok = check("a", a, N, 1000) & check("b", b, N, 2000);
  printf("generic parallel: %s\n", ok ? "ok" : "WRONG");
}

static void spmd_parallel(void) {
  int a[N], sum = 0;
  for (int i = 0; i < N; ++i)
    a[i] = -1;
#pragma omp target parallel num_threads(128) map(tofrom : a, sum)
  {
#pragma omp single
    {
      for (int i = 0; i < N; ++i) {
#pragma omp task shared(sum)
        {
          a[i] = 3000 + i;
#pragma omp atomic
          sum += 1;
        }
      }
#pragma omp taskwait
      // Children complete before taskwait returns.
      if (sum != N)
        a[0] = -2;
    }
  }
  int ok = check("spmd", a, N, 3000) && sum == N;
  printf("spmd parallel: %s\n", ok ? "ok" : "WRONG");
}

static void spmd_teams(void) {
  enum { M = 4096 };
  // On the heap, not a function-local static: clang-22's device code gives
  // such a static its own copy, which a task in the region writes instead of
  // the mapped one (README, known problems).
  int *a = malloc(M * sizeof(int));
  for (int i = 0; i < M; ++i)
    a[i] = -1;
#pragma omp target teams distribute parallel for num_teams(16) map(tofrom : a[:M])
  for (int i = 0; i < M; ++i) {
#pragma omp task
    a[i] = 4000 + i;
  }
  printf("spmd teams: %s\n", check("teams", a, M, 4000) ? "ok" : "WRONG");
  free(a);
}

#pragma omp declare target
static int depth_final(int d) {
  if (d == 0)
    return omp_in_final();
  int r = 0;
#pragma omp task shared(r)
  r = depth_final(d - 1);
#pragma omp taskwait
  return r;
}
#pragma omp end declare target

static void finals(void) {
  int in_final = -1, below_final = -1, not_final = -1;
#pragma omp target parallel num_threads(32) map(tofrom : in_final, below_final, not_final)
#pragma omp single
  {
#pragma omp task final(1) shared(in_final, below_final)
    {
      in_final = omp_in_final();
      below_final = depth_final(3);
    }
#pragma omp task final(0) shared(not_final)
    not_final = omp_in_final();
  }
  int ok = in_final == 1 && below_final == 1 && not_final == 0;
  if (!ok)
    printf("%d %d %d\n", in_final, below_final, not_final);
  printf("final: %s\n", ok ? "ok" : "WRONG");
}

int main(void) {
  generic_sequential();
  generic_parallel();
  spmd_parallel();
  spmd_teams();
  finals();
  return 0;
}
