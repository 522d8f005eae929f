// CUDA twin of empty.c: launch an empty kernel and wait for it.
#include "../common/cuda_check.h"
#include "../common/timing.h"

enum { WarmUp = 100, Reps = 1001 };

__global__ void empty() {}

int main() {
  static double samples[Reps];
  for (int r = 0; r < WarmUp + Reps; ++r) {
    double t0 = bench_now_us();
    empty<<<1, 1>>>();
    CUDA_CHECK(cudaGetLastError());
    bench_sample(samples, r, WarmUp, t0);
  }
  bench_report("empty_target", bench_median(samples, Reps));
  return 0;
}
