// printf, malloc/free and math from device code; declare target functions
// and globals.
// RUN: %clang -O2 %offload %s -o %t -lm && %run %t | FileCheck %s
// CHECK: hello from the target region, value 42
// CHECK: global after update: 10 20
// CHECK: math: ok
// CHECK: device malloc: 4950
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp declare target
int table[2] = {1, 2};
static double square(double x) { return x * x; }
#pragma omp end declare target

int main(void) {
#pragma omp target
  printf("hello from the target region, value %d\n", 42);

#pragma omp target
  {
    table[0] *= 10;
    table[1] *= 10;
  }
#pragma omp target update from(table)
  printf("global after update: %d %d\n", table[0], table[1]);

  double r[3];
#pragma omp target map(from : r)
  {
    r[0] = sqrt(square(3.0));
    r[1] = exp(log(5.0));
    r[2] = sinf(0.5f);
  }
  int ok = fabs(r[0] - 3) < 1e-12 && fabs(r[1] - 5) < 1e-12 &&
           fabs(r[2] - sinf(0.5f)) < 1e-6;
  printf("math: %s\n", ok ? "ok" : "WRONG");

  int sum = 0;
#pragma omp target map(from : sum)
  {
    int *p = malloc(100 * sizeof(int));
    for (int i = 0; i < 100; ++i)
      p[i] = i;
    sum = 0;
    for (int i = 0; i < 100; ++i)
      sum += p[i];
    free(p);
  }
  printf("device malloc: %d\n", sum);
  return 0;
}
