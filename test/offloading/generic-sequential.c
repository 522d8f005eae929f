// Target regions that are not SPMD-shaped: sequential code in a plain target
// and in target teams, and a parallel for nested in a teams region.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: sequential: 55
// CHECK: teams with a parallel loop: ok
#include <stdio.h>

int main(void) {
  int sum = 0;
#pragma omp target map(tofrom : sum)
  for (int i = 1; i <= 10; ++i)
    sum += i;
  printf("sequential: %d\n", sum);

  enum { Rows = 64, Cols = 100 };
  static double m[Rows * Cols];
#pragma omp target teams distribute map(tofrom : m)
  for (int r = 0; r < Rows; ++r) {
    double base = r * 1000.0; // computed by the team's main thread
#pragma omp parallel for
    for (int c = 0; c < Cols; ++c)
      m[r * Cols + c] = base + c;
  }
  int ok = 1;
  for (int r = 0; r < Rows; ++r)
    for (int c = 0; c < Cols; ++c)
      ok &= m[r * Cols + c] == r * 1000.0 + c;
  printf("teams with a parallel loop: %s\n", ok ? "ok" : "WRONG");
  return 0;
}
