// An empty target region: the host-side cost of a launch (argument setup,
// mapping lookups, launch) and of waiting for it (common/device_sync.h),
// against CUDA's launch of an empty kernel and the same wait (empty.cu).
#include "../common/timing.h"

enum { WarmUp = 100, Reps = 1001 };

int main(void) {
  static double samples[Reps];
  for (int r = 0; r < WarmUp + Reps; ++r) {
    double t0 = bench_now_us();
#pragma omp target
    {
    }
    bench_sample(samples, r, WarmUp, t0);
  }
  bench_report("empty_target", bench_median(samples, Reps));
  return 0;
}
