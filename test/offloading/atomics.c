// atomic update, capture, read, write and compare on 32- and 64-bit integers
// and floating point, and critical sections, from every thread of a grid.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: update int: 100000
// CHECK: update long: 5000050000
// CHECK: update float: 100000
// CHECK: update double: 50000.5
// CHECK: capture gives each thread a distinct ticket: ok
// CHECK: compare max: 99999
// CHECK: read/write: 7
// CHECK: critical: 100000 100000
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const int n = 100000;
  int ci = 0;
  long cl = 0;
  float cf = 0;
  double cd = 0;
#pragma omp target teams distribute parallel for map(tofrom : ci, cl, cf, cd)
  for (int i = 1; i <= n; ++i) {
#pragma omp atomic
    ci += 1;
#pragma omp atomic update
    cl += i;
#pragma omp atomic
    cf += 1.0f;
#pragma omp atomic
    cd += 0.5;
  }
  printf("update int: %d\nupdate long: %ld\nupdate float: %.0f\nupdate double: %.1f\n",
         ci, cl, cf, cd + 0.5);

  int next = 0;
  char *taken = calloc(n, 1);
#pragma omp target teams distribute parallel for map(tofrom : next, taken[:n])
  for (int i = 0; i < n; ++i) {
    int mine;
#pragma omp atomic capture
    mine = next++;
    taken[mine] += 1;
  }
  int distinct = next == n;
  for (int i = 0; i < n; ++i)
    distinct &= taken[i] == 1;
  printf("capture gives each thread a distinct ticket: %s\n", distinct ? "ok" : "WRONG");
  free(taken);

  int best = -1;
#pragma omp target teams distribute parallel for map(tofrom : best)
  for (int i = 0; i < n; ++i) {
#pragma omp atomic compare
    if (i > best)
      best = i;
  }
  printf("compare max: %d\n", best);

  int cell = 0, seen = 0;
#pragma omp target map(tofrom : cell, seen)
  {
#pragma omp atomic write
    cell = 7;
#pragma omp atomic read
    seen = cell;
  }
  printf("read/write: %d\n", seen);

  long plain = 0, twice = 0;
#pragma omp target teams distribute parallel for map(tofrom : plain, twice)
  for (int i = 0; i < n; ++i) {
#pragma omp critical
    {
      plain += 1;
      twice = 2 * plain - plain;
    }
  }
  printf("critical: %ld %ld\n", plain, twice);
  return 0;
}
