// declare target link with extended lists: several variables per clause,
// several clauses, a file-local (static) variable, an array section mapped
// into a large link array, and the clause-less extended list (declare
// target(list), which means enter). The device reaches link variables
// through reference pointers that the runtime points at the mapped copies;
// the link step keeps them in the image (the host looks them up by name), and
// the device compile never sees their values, so a pointer dropped or folded
// to null would fault on the GPU. The link step names every offload entry the
// image lacks; there must be none.
// RUN: %clang -O2 %offload %s -o %t 2> %t.link && %run %t | FileCheck %s
// RUN: count 0 < %t.link
// CHECK: link scalars: 3 10 0.5
// CHECK: link array section: 499500
// CHECK: static link: 7 8
// CHECK: extended list: 42 43
// CHECK: link after exit data: 11
#include <stdio.h>

int a = 1, b = 2;
double c = 0.25;
#pragma omp declare target link(a, b) link(c)

enum { N = 100000 };
long big[N];
#pragma omp declare target link(big)

static int pair[2] = {3, 4};
#pragma omp declare target link(pair)

int d = 40, e = 41;
#pragma omp declare target(d, e)

int main(void) {
  int sum = 0;
#pragma omp target map(tofrom : a, b, c, sum)
  {
    sum = a + b;
    b = 10;
    c *= 2;
  }
  printf("link scalars: %d %d %g\n", sum, b, c);

  for (int i = 0; i < 1000; ++i)
    big[i] = i;
  long total = 0;
#pragma omp target teams distribute parallel for reduction(+ : total)          \
    map(to : big[0 : 1000])
  for (int i = 0; i < 1000; ++i)
    total += big[i];
  printf("link array section: %ld\n", total);

#pragma omp target map(tofrom : pair)
  {
    pair[0] += 4;
    pair[1] *= 2;
  }
  printf("static link: %d %d\n", pair[0], pair[1]);

  // Declare target variables are mapped for the whole program: the region
  // works on the device's copies, which update brings back.
#pragma omp target
  {
    d += 2;
    e += 2;
  }
#pragma omp target update from(d, e)
  printf("extended list: %d %d\n", d, e);

  // A link variable mapped by enter data stays mapped across regions.
  a = 5;
#pragma omp target enter data map(to : a)
#pragma omp target
  a += 6;
#pragma omp target exit data map(from : a)
  printf("link after exit data: %d\n", a);
  return 0;
}
