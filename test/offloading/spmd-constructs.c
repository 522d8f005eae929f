// The combined and composite SPMD constructs and their clauses, each checked
// against a host computation: target parallel [for], target teams loop,
// target simd, ... parallel for simd, private/firstprivate/lastprivate, if,
// num_teams/thread_limit as seen by the queries.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: target parallel for: ok
// CHECK: target parallel: ok
// CHECK: target teams loop: ok
// CHECK: target simd: ok
// CHECK: parallel for simd: ok
// CHECK: private/firstprivate: ok
// CHECK: lastprivate: 9999 19998
// CHECK: if(false) runs on the host: 1
// CHECK: num_teams/thread_limit: ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 10000 };
static double a[N], b[N];

static int check(const double *x, double (*f)(int)) {
  for (int i = 0; i < N; ++i)
    if (x[i] != f(i))
      return 0;
  return 1;
}
static double twice(int i) { return 2.0 * i; }
static double square(int i) { return (double)i * i; }
static double plus3(int i) { return i + 3.0; }

int main(void) {
#pragma omp target parallel for map(from : a)
  for (int i = 0; i < N; ++i)
    a[i] = 2.0 * i;
  printf("target parallel for: %s\n", check(a, twice) ? "ok" : "WRONG");

  int threads_seen = 0;
#pragma omp target parallel map(tofrom : threads_seen)
  {
#pragma omp atomic
    threads_seen += 1;
  }
  int parallel_ok = threads_seen >= 1;
#pragma omp target parallel map(from : a)
  {
    int me = omp_get_thread_num(), all = omp_get_num_threads();
    for (int i = me; i < N; i += all)
      a[i] = (double)i * i;
  }
  parallel_ok &= check(a, square);
  printf("target parallel: %s\n", parallel_ok ? "ok" : "WRONG");

#pragma omp target teams loop map(from : b)
  for (int i = 0; i < N; ++i)
    b[i] = i + 3.0;
  printf("target teams loop: %s\n", check(b, plus3) ? "ok" : "WRONG");

#pragma omp target simd map(from : a)
  for (int i = 0; i < N; ++i)
    a[i] = 2.0 * i;
  printf("target simd: %s\n", check(a, twice) ? "ok" : "WRONG");

#pragma omp target teams distribute parallel for simd map(from : a)
  for (int i = 0; i < N; ++i)
    a[i] = (double)i * i;
  printf("parallel for simd: %s\n", check(a, square) ? "ok" : "WRONG");

  int offset = 3, scratch = -1;
#pragma omp target teams distribute parallel for firstprivate(offset) private(scratch) map(from : b)
  for (int i = 0; i < N; ++i) {
    scratch = i + offset;
    b[i] = scratch;
  }
  printf("private/firstprivate: %s\n", check(b, plus3) ? "ok" : "WRONG");

  int last = -1;
  long last2 = -1;
#pragma omp target teams distribute parallel for lastprivate(last, last2) map(tofrom : last, last2)
  for (int i = 0; i < N; ++i) {
    last = i;
    last2 = 2L * i;
  }
  printf("lastprivate: %d %ld\n", last, last2);

  int small = 0, on_host = 0;
#pragma omp target if (small > 0) map(from : on_host)
  on_host = omp_is_initial_device();
  printf("if(false) runs on the host: %d\n", on_host);

  int teams = 0, limit_ok = 1;
#pragma omp target teams distribute parallel for num_teams(7) thread_limit(64) map(tofrom : teams, limit_ok)
  for (int i = 0; i < N; ++i) {
    if (i == 0)
      teams = omp_get_num_teams();
    if (omp_get_num_threads() > 64)
      limit_ok = 0;
  }
  // The host may form fewer teams than asked; the GPU forms exactly 7.
  printf("num_teams/thread_limit: %s\n",
         teams >= 1 && teams <= 7 && limit_ok ? "ok" : "WRONG");
  return 0;
}
