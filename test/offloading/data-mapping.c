// Data environment semantics: target data, enter/exit data with reference
// counts, update to/from, always, release and delete.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: target data: 3 3
// CHECK: update from: 12
// CHECK: kept until last release: 24
// CHECK: always: 101
// CHECK: firstprivate and literals: 42 7.5
#include <stdio.h>

int main(void) {
  int a[64], b[64];
  for (int i = 0; i < 64; ++i)
    a[i] = b[i] = 1;

#pragma omp target data map(tofrom : a) map(to : b)
  {
#pragma omp target
    for (int i = 0; i < 64; ++i)
      a[i] += 2 * b[i];
  }
  printf("target data: %d %d\n", a[0], a[63]);

#pragma omp target enter data map(to : a)
#pragma omp target
  a[1] *= 4;
#pragma omp target update from(a[1:1])
  printf("update from: %d\n", a[1]);

  // A second enter raises the count: one release keeps the data.
#pragma omp target enter data map(to : a)
#pragma omp target exit data map(release : a)
#pragma omp target
  a[1] *= 2;
#pragma omp target exit data map(from : a)
  printf("kept until last release: %d\n", a[1]);

  int c = 1;
#pragma omp target enter data map(to : c)
  c = 100;
#pragma omp target map(always, tofrom : c)
  c += 1;
#pragma omp target exit data map(delete : c)
  printf("always: %d\n", c);

  int k = 42, out = 0;
  double f = 7.5, fout = 0;
#pragma omp target firstprivate(k, f) map(from : out, fout)
  {
    out = k;
    fout = f;
  }
  printf("firstprivate and literals: %d %.1f\n", out, fout);
  return 0;
}
