// The CUDA twins of the Jacobi benchmarks (spmd/jacobi.cu,
// spmd/jacobi_collapse2.cu), which are the same program: a 2-D grid of 32x8
// blocks, one thread per point, the grid size a kernel argument, timed and
// checked as the OpenMP programs are (common/jacobi_benchmark.h).
#ifndef BENCHMARKS_JACOBI_TWIN_CUH
#define BENCHMARKS_JACOBI_TWIN_CUH

#include "device_copy.cuh"
#include "jacobi.h"
#include "timing.h"

__global__ void jacobi(const double *u, double *v, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1)
    return;
  v[(long)i * n + j] = jacobi_point(u, n, i, j);
}

// Times the kernel on an n x n grid and reports RESULT `name`; returns the
// exit status (1 when the result is wrong).
static int jacobi_twin(const char *name, int n) {
  const long cells = (long)n * n;
  double *u = (double *)malloc(cells * sizeof(double)),
         *v = (double *)malloc(cells * sizeof(double));
  jacobi_init(u, cells);
  double *du = copy_in(u, cells), *dv;
  CUDA_CHECK(cudaMalloc(&dv, cells * sizeof(double)));
  CUDA_CHECK(cudaMemset(dv, 0, cells * sizeof(double)));
  dim3 block(32, 8), grid((n + 31) / 32, (n + 7) / 8);
  double samples[BENCH_REPS];
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    jacobi<<<grid, block>>>(du, dv, n);
    CUDA_CHECK(cudaGetLastError());
    bench_sample(samples, r, BENCH_WARMUP, t0);
  }
  copy_out(v, dv, cells);
  const int wrong = jacobi_check(u, v, n);
  if (!wrong)
    bench_report(name, bench_median(samples, BENCH_REPS));
  CUDA_CHECK(cudaFree(du));
  CUDA_CHECK(cudaFree(dv));
  free(u);
  free(v);
  return wrong;
}

#endif
