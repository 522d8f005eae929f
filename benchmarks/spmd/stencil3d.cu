// CUDA twin of stencil3d.c: a 3-D grid of 32x8x1 blocks, one thread per
// point, the way jacobi.cu covers its 2-D grid.
#include "../common/args.h"
#include "../common/cuda_check.h"
#include "../common/stencil3d.h"
#include "../common/timing.h"

__global__ void stencil3d(const double *u, double *v, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int i = blockIdx.z;
  if (k < 1 || j < 1 || i < 1 || k >= n - 1 || j >= n - 1 || i >= n - 1)
    return;
  v[((long)i * n + j) * n + k] = stencil3d_point(u, n, i, j, k);
}

int main(int argc, char **argv) {
  const int n = bench_option(argc, argv, "--n",
                             bench_flag(argc, argv, "--small") ? 40 : 512);
  const long cells = (long)n * n * n;
  double *u = (double *)malloc(cells * sizeof(double)),
         *v = (double *)malloc(cells * sizeof(double));
  stencil3d_init(u, cells);
  double *du, *dv;
  CUDA_CHECK(cudaMalloc(&du, cells * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dv, cells * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(du, u, cells * sizeof(double), cudaMemcpyHostToDevice));
  dim3 block(32, 8, 1), grid((n + 31) / 32, (n + 7) / 8, n);
  double samples[BENCH_REPS];
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    stencil3d<<<grid, block>>>(du, dv, n);
    CUDA_CHECK(cudaGetLastError());
    bench_sample(samples, r, BENCH_WARMUP, t0);
  }
  CUDA_CHECK(cudaMemcpy(v, dv, cells * sizeof(double), cudaMemcpyDeviceToHost));
  if (stencil3d_check(u, v, n))
    return 1;
  bench_report("stencil3d", bench_median(samples, BENCH_REPS));
  return 0;
}
