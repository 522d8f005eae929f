// Generic-mode kernels with parallel regions inside: master locals shared with
// the workers, exact thread counts (including teams whose last warp is
// partial), barriers, worksharing and single in teams narrower than the block,
// critical sections before and inside a region, and the device number seen
// from the device.
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
  const int asks[] = {1, 5, 32, 37, 64, 100, 3, 128};
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

  // Regions narrower than the block, some with a partial last warp, with a
  // barrier between two phases (every thread sees every write of the first),
  // a worksharing loop whose implicit barrier precedes the reads of the next
  // phase, and a single whose barrier publishes its write.
  int barrier_ok = 1;
  const int widths[] = {64, 40, 100, 20, 33, 127};
#pragma omp target thread_limit(128) map(tofrom : barrier_ok)
  for (int k = 0; k < 6; ++k) {
    int width = widths[k];
    int slots[128], squares[128], chosen = -1;
#pragma omp parallel num_threads(width)
    {
      int me = omp_get_thread_num();
      if (omp_get_num_threads() != width)
        barrier_ok = 0;
      slots[me] = me + 1;
#pragma omp barrier
      int total = 0;
      for (int i = 0; i < width; ++i)
        total += slots[i];
      if (total != width * (width + 1) / 2)
        barrier_ok = 0;
#pragma omp for
      for (int i = 0; i < 128; ++i)
        squares[i] = i * i;
      for (int i = 0; i < 128; ++i)
        if (squares[(i + me) % 128] != (i + me) % 128 * ((i + me) % 128))
          barrier_ok = 0;
#pragma omp single
      chosen = me;
      if (chosen < 0 || chosen >= width)
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
