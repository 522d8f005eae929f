// CUDA twin of jacobi_collapse2.c: jacobi.cu's 2-D grid of 32x8 blocks with
// the grid size a run-time value.
// usage: jacobi_collapse2 [--small] [--n N]
#include "../common/args.h"
#include "../common/cuda_check.h"
#include "../common/jacobi.h"
#include "../common/timing.h"

__global__ void jacobi(const double *u, double *v, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1)
    return;
  v[(long)i * n + j] = jacobi_point(u, n, i, j);
}

int main(int argc, char **argv) {
  const int n = bench_option(argc, argv, "--n",
                             bench_flag(argc, argv, "--small") ? 64 : 4096);
  const long cells = (long)n * n;
  double *u = (double *)malloc(cells * sizeof(double)),
         *v = (double *)malloc(cells * sizeof(double));
  jacobi_init(u, cells);
  double *du, *dv;
  CUDA_CHECK(cudaMalloc(&du, cells * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dv, cells * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(du, u, cells * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dv, 0, cells * sizeof(double)));
  dim3 block(32, 8), grid((n + 31) / 32, (n + 7) / 8);
  double samples[BENCH_REPS];
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    jacobi<<<grid, block>>>(du, dv, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    if (r >= BENCH_WARMUP)
      samples[r - BENCH_WARMUP] = bench_now_us() - t0;
  }
  CUDA_CHECK(cudaMemcpy(v, dv, cells * sizeof(double), cudaMemcpyDeviceToHost));
  if (jacobi_check(u, v, n))
    return 1;
  bench_report("jacobi_collapse2", bench_median(samples, BENCH_REPS));
  return 0;
}
