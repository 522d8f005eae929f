// CUDA twin of small_regions.c: 10,000 launches of a one-block kernel of 256
// threads, then one copy of the vector to the host, which waits for them.
#include "../common/args.h"
#include "../common/cuda_check.h"
#include "../common/small_regions.h"
#include "../common/timing.h"

enum { Batches = 5 };

__global__ void add_step(double *x, const double *step, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    x[i] += step[i];
}

int main(int argc, char **argv) {
  const long regions = bench_option(
      argc, argv, "--regions", bench_flag(argc, argv, "--small") ? 100 : 10000);
  const int n = SmallRegionElements;
  double x[SmallRegionElements], step[SmallRegionElements];
  small_regions_init(x, step, n);
  double *dx, *dstep;
  CUDA_CHECK(cudaMalloc(&dx, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dstep, n * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(
      cudaMemcpy(dstep, step, n * sizeof(double), cudaMemcpyHostToDevice));
  double samples[Batches];
  for (int b = 0; b < 1 + Batches; ++b) {
    double t0 = bench_now_us();
    for (long r = 0; r < regions; ++r)
      add_step<<<1, SmallRegionThreads>>>(dx, dstep, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(x, dx, n * sizeof(double), cudaMemcpyDeviceToHost));
    bench_sample(samples, b, 1, t0);
  }
  if (small_regions_check(x, step, n, (1 + Batches) * regions))
    return 1;
  bench_report("small_region", bench_median(samples, Batches) / regions);
  return 0;
}
