// Locals of a teams region that its parallel regions share, too large for
// the data-sharing stack in shared memory: a 16 KiB and a 256 KiB array per
// distribute iteration, written by the team's main thread, read and updated
// by parallel loops, then read again by the main thread. They live on the
// device heap (the fallback of __kmpc_alloc_shared), are freed in reverse
// order and allocated again in the next iteration. A small local beside them
// still fits the stack. Checked against the same computation on the host.
//
// The driver bounds the static shared memory LLVM's OpenMPOpt may give such
// locals (16 KiB per compiled file, test/driver/offload-flags.c); what does
// not fit there is allocated at run time, on the stack or the heap.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: 16 KiB shared local: ok
// CHECK: 256 KiB shared local: ok
// CHECK: small shared local: ok
#include <stdio.h>

enum { Frames = 8, Small = 4096, Large = 65536 };

static long expected(int f, int which) {
  static int small[Small], large[Large];
  for (int i = 0; i < Small; ++i)
    small[i] = i + f;
  for (int i = 0; i < Large; ++i)
    large[i] = 3 * i - f;
  for (int i = 0; i < Large; ++i)
    large[i] += small[i % Small];
  for (int i = 0; i < Small; ++i)
    small[i] = 2 * small[i] + large[Large - 1 - i] % 5;
  long sum = 0;
  if (which == 0)
    for (int i = 0; i < Small; ++i)
      sum += small[i] * (long)(i % 7);
  else
    for (int i = 0; i < Large; ++i)
      sum += large[i] * (long)(i % 3);
  return sum;
}

int main(void) {
  long sums[Frames][2];
  int counts[Frames];
#pragma omp target teams distribute num_teams(4) thread_limit(64)              \
    map(from                                                                   \
        : sums, counts)
  for (int f = 0; f < Frames; ++f) {
    int small[Small]; // 16 KiB
    int large[Large]; // 256 KiB
    int count = 0;    // fits the data-sharing stack
    for (int i = 0; i < Small; ++i)
      small[i] = i + f;
    for (int i = 0; i < Large; ++i)
      large[i] = 3 * i - f;
#pragma omp parallel for
    for (int i = 0; i < Large; ++i)
      large[i] += small[i % Small];
#pragma omp parallel for reduction(+ : count)
    for (int i = 0; i < Small; ++i) {
      small[i] = 2 * small[i] + large[Large - 1 - i] % 5;
      count += 1;
    }
    long s = 0, l = 0;
    for (int i = 0; i < Small; ++i)
      s += small[i] * (long)(i % 7);
    for (int i = 0; i < Large; ++i)
      l += large[i] * (long)(i % 3);
    sums[f][0] = s;
    sums[f][1] = l;
    counts[f] = count;
  }
  int ok_small = 1, ok_large = 1, ok_count = 1;
  for (int f = 0; f < Frames; ++f) {
    if (sums[f][0] != expected(f, 0))
      ok_small = 0;
    if (sums[f][1] != expected(f, 1))
      ok_large = 0;
    if (counts[f] != Small)
      ok_count = 0;
  }
  printf("16 KiB shared local: %s\n", ok_small ? "ok" : "WRONG");
  printf("256 KiB shared local: %s\n", ok_large ? "ok" : "WRONG");
  printf("small shared local: %s\n", ok_count ? "ok" : "WRONG");
  return 0;
}
