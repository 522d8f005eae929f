// Generic-mode kernels with parallel regions inside: master locals shared with
// the workers, exact thread counts (up to a warp, and whole warps beyond),
// barriers in a team narrower than the block, critical sections before and
// inside a region, and the device number seen from the device.
// Counts above 32 that are not multiples of 32 are rounded down to whole warps
// for now (README, "What is supported so far").
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s --check-prefixes=CHECK,HOST
// CHECK: shared local: 3003
// CHECK: thread counts: ok
// CHECK: partial-team barrier: ok
// CHECK: critical: 129
// GPU: device number: 0
// HOST: device number: [[INITIAL:[0-9]+]]
#include <omp.h>
#include <stdio.h>

int main(void) {
  int shared_sum = 0;
#pragma omp target map(tofrom : shared_sum)
  {
    int base = 1000; // a master local the workers read and update
#pragma omp parallel num_threads(64)
    {
#pragma omp atomic
      base += omp_get_thread_num() == 0 ? 2000 : 0;
    }
    shared_sum = base + 3;
  }
  printf("shared local: %d\n", shared_sum);

  // Each region asks for a different count; the team has that many threads
  // (clamped to the thread limit when it is smaller) and each thread has its
  // own number.
  int counts_ok = 1;
  const int asks[] = {1, 5, 32, 31, 64, 96, 3, 128};
#pragma omp target thread_limit(128) map(tofrom : counts_ok)
  for (int k = 0; k < 8; ++k) {
    int seen = 0, sum = 0;
#pragma omp parallel num_threads(asks[k])
    {
#pragma omp atomic
      seen += 1;
#pragma omp atomic
      sum += omp_get_thread_num();
      if (omp_get_thread_num() == 0 && omp_get_num_threads() != asks[k])
        counts_ok = 0;
    }
    if (seen != asks[k] || sum != asks[k] * (asks[k] - 1) / 2)
      counts_ok = 0;
  }
  printf("thread counts: %s\n", counts_ok ? "ok" : "WRONG");

  // Regions narrower than the block (64 threads, and 20, within one warp) with
  // a barrier between two phases: every thread sees every write of the first.
  int barrier_ok = 1;
#pragma omp target thread_limit(128) map(tofrom : barrier_ok)
  for (int width = 64; width > 0; width -= 44) {
    int slots[64];
#pragma omp parallel num_threads(width)
    {
      int me = omp_get_thread_num();
      slots[me] = me + 1;
#pragma omp barrier
      int total = 0;
      for (int i = 0; i < width; ++i)
        total += slots[i];
      if (total != width * (width + 1) / 2)
        barrier_ok = 0;
    }
  }
  printf("partial-team barrier: %s\n", barrier_ok ? "ok" : "WRONG");

  int counter = 0;
#pragma omp target thread_limit(128) map(tofrom : counter)
  {
#pragma omp critical
    counter += 1;
#pragma omp parallel num_threads(128)
    {
#pragma omp critical
      counter += 1;
    }
  }
  printf("critical: %d\n", counter);

  int device = -1;
#pragma omp target map(from : device)
  device = omp_get_device_num();
  printf("device number: %d\n", device);
  return 0;
}
