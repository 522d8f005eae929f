// Recursive task trees: Fibonacci with a task per call and taskwait, in a
// generic kernel (the sequential part, and a single region of a parallel
// region) and in an SPMD kernel (single of target parallel). On the GPU the
// tree's tasks spread over the team: more than one thread runs them.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: sequential: fib(18) = 2584
// CHECK: generic single: fib(20) = 6765
// CHECK: spmd single: fib(20) = 6765
// GPU: spmd threads that ran tasks > 1: yes
#include <omp.h>
#include <stdio.h>

enum { MaxThreads = 256 };

#pragma omp declare target
int ran[MaxThreads];

static int fib(int n) {
  ran[omp_get_thread_num() % MaxThreads] = 1;
  if (n < 2)
    return n;
  int x, y;
#pragma omp task shared(x)
  x = fib(n - 1);
#pragma omp task shared(y)
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}
#pragma omp end declare target

int main(void) {
  int r = -1;
#pragma omp target map(tofrom : r)
  r = fib(18);
  printf("sequential: fib(18) = %d\n", r);

#pragma omp target map(tofrom : r)
  {
#pragma omp parallel num_threads(64)
#pragma omp single
    r = fib(20);
  }
  printf("generic single: fib(20) = %d\n", r);

#pragma omp target update to(ran)
#pragma omp target parallel num_threads(128) map(tofrom : r)
#pragma omp single
  r = fib(20);
#pragma omp target update from(ran)
  printf("spmd single: fib(20) = %d\n", r);
  int threads = 0;
  for (int t = 0; t < MaxThreads; ++t)
    threads += ran[t];
  if (omp_get_num_devices() > 0)
    printf("spmd threads that ran tasks > 1: %s\n", threads > 1 ? "yes" : "no");
  return 0;
}
