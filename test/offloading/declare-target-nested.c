// Nested declare target regions (a region inside another, with its own
// device_type), functions that declare target functions call without being
// declared themselves (clang makes them declare target implicitly),
// device_type(nohost) functions reached through declare variant, a
// device_type(host) function holding a target region, and a link clause
// inside a declare target region. Every offload entry the host registers is
// in the device image (the link step names any it lacks: none here).
// RUN: %clang -O2 %offload %s -o %t 2> %t.link && %run %t | FileCheck %s
// RUN: count 0 < %t.link
// CHECK: nested: 11 8
// CHECK: variant matches the device: 1
// CHECK: target region in a host-only function: 1 2
// CHECK: nested link: 30
#include <omp.h>
#include <stdio.h>

#pragma omp begin declare target
int outer_var = 1;
#pragma omp begin declare target
int inner_var = 2;
int inner_fn(int x) { return x + inner_var; }
#pragma omp end declare target
static int twice(int x) { return x * 2; }
int outer_fn(int x) { return twice(inner_fn(x)) + outer_var; }
int table[3] = {10, 10, 10};
#pragma omp declare target link(table)
#pragma omp end declare target

// Declared nowhere, called from a declare target function.
int implicit_fn(int x) { return x + 5; }
#pragma omp declare target
int calls_implicit(int x) { return implicit_fn(x); }
#pragma omp end declare target

// Where the code runs, by declare variant: the GPU gets the nohost version.
#pragma omp begin declare target device_type(nohost)
int on_gpu(void) { return 1; }
#pragma omp end declare target
#pragma omp declare variant(on_gpu) match(device = {kind(nohost)})
int on_gpu_base(void) { return 0; }
#pragma omp declare target to(on_gpu_base)

// A host-only function: its target region is still offloaded.
int bump(int *p) {
#pragma omp target map(tofrom : p[0 : 1])
  p[0] += 1;
  return p[0];
}
#pragma omp declare target to(bump) device_type(host)

int main(void) {
  int r = 0, s = 0, matches = 0;
#pragma omp target map(from : r, s, matches)
  {
    r = outer_fn(3);
    s = calls_implicit(3);
    matches = on_gpu_base() == !omp_is_initial_device();
  }
  printf("nested: %d %d\n", r, s);
  printf("variant matches the device: %d\n", matches);

  int v = 0;
  int first = bump(&v);
  printf("target region in a host-only function: %d %d\n", first, bump(&v));

  int sum = 0;
#pragma omp target map(tofrom : table, sum)
  for (int i = 0; i < 3; ++i)
    sum += table[i];
  printf("nested link: %d\n", sum);
  return 0;
}
