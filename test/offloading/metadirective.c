// Target regions selected by metadirectives: outer metadirectives whose
// variants are all target constructs (a constant condition, the
// implementation, the target device's kind: clang-22 evaluates the selector
// for the device it compiles for, so the host and the device may choose
// different variants, as for target_device here, but the kernel keeps the
// region's name and arguments and runs the host's launch), and
// metadirectives inside target regions, where the device trait is the
// executing device's. Every target region the host registers has a kernel.
// (An outer metadirective whose device variant is not a target construct
// leaves the region without a kernel: the link step warns and the region runs
// on the host; test/host-runtime/link-manifest.c covers that.)
// RUN: %clang -O2 %offload %s -o %t 2> %t.link && %run %t | FileCheck %s
// RUN: count 0 < %t.link
// CHECK: sums: 499500 999000 1498500 500500
// CHECK: inner variant matches the device: 1
#include <omp.h>
#include <stdio.h>

enum { N = 1000 };

static long sum(const int *v) {
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += v[i];
  return s;
}

int main(void) {
  int a[N], b[N], c[N], d[N];
#pragma omp metadirective when(user = {condition(N > 100)} : target teams distribute parallel for map(from : a)) default(target map(from : a))
  for (int i = 0; i < N; ++i)
    a[i] = i;
#pragma omp metadirective when(implementation = {vendor(llvm)} : target parallel for map(from : b)) default(target map(from : b))
  for (int i = 0; i < N; ++i)
    b[i] = 2 * i;
#pragma omp metadirective when(target_device = {kind(gpu)} : target teams distribute parallel for map(from : c)) default(target parallel for map(from : c))
  for (int i = 0; i < N; ++i)
    c[i] = 3 * i;
#pragma omp target map(from : d)
#pragma omp metadirective when(device = {kind(nohost)} : teams distribute parallel for) default(parallel for)
  for (int i = 0; i < N; ++i)
    d[i] = i + 1;
  printf("sums: %ld %ld %ld %ld\n", sum(a), sum(b), sum(c), sum(d));

  // On the GPU two threads count, on the host one.
  int count = 0, on_device = 0;
#pragma omp target map(from : count, on_device)
  {
#pragma omp metadirective when(device = {arch("nvptx64")} : parallel num_threads(2)) default(single)
    {
#pragma omp atomic
      count += 1;
    }
    on_device = !omp_is_initial_device();
  }
  printf("inner variant matches the device: %d\n", count == (on_device ? 2 : 1));
  return 0;
}
