// CUDA twin of empty.c: launch an empty kernel and wait for it.
#include "../common/cuda_check.h"
#include "../common/timing.h"

__global__ void empty() {}

int main() {
  enum { Reps = 1001 };
  static double samples[Reps];
  for (int r = 0; r < 100; ++r) {
    empty<<<1, 1>>>();
    CUDA_CHECK(cudaDeviceSynchronize());
  }
  for (int r = 0; r < Reps; ++r) {
    double t0 = bench_now_us();
    empty<<<1, 1>>>();
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    samples[r] = bench_now_us() - t0;
  }
  bench_report("empty_target", bench_median(samples, Reps));
  return 0;
}
