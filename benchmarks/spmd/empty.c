// An empty target region: the host-side cost of a launch (argument setup,
// mapping lookups, launch, synchronization), against CUDA's launch-and-sync of
// an empty kernel (empty.cu).
#include "../common/timing.h"

int main(void) {
  enum { Reps = 1001 };
  static double samples[Reps];
  for (int r = 0; r < 100; ++r) {
#pragma omp target
    {
    }
  }
  for (int r = 0; r < Reps; ++r) {
    double t0 = bench_now_us();
#pragma omp target
    {
    }
    samples[r] = bench_now_us() - t0;
  }
  bench_report("empty_target", bench_median(samples, Reps));
  return 0;
}
