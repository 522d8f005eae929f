// CUDA twin of spmv_nested.c, as a CUDA programmer would write it with dynamic
// parallelism (CDP2): one thread per row; a row longer than the threshold is
// summed by a child grid the thread launches (fire-and-forget), whose blocks
// reduce in shared memory and add their sums into y[row] with atomics. The
// flat variant is the same kernel with no launches. Built with -rdc=true
// -lcudadevrt (BENCH-NVCC-FLAGS below).
// BENCH-NVCC-FLAGS: -rdc=true -lcudadevrt
// usage: spmv_nested [--small] [--rows N] [--threshold T]
#include "../common/args.h"
#include "../common/cuda_check.h"
#include "../common/irregular.h"
#include "../common/timing.h"
#include <cmath>

constexpr int ChildThreads = 256;

__global__ void longRow(const int *col, const double *val, const double *x,
                        double *y, int start, int end) {
  __shared__ double partial[ChildThreads];
  double dot = 0;
  for (int e = start + blockIdx.x * blockDim.x + threadIdx.x; e < end;
       e += gridDim.x * blockDim.x)
    dot += val[e] * x[col[e]];
  partial[threadIdx.x] = dot;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half)
      partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(&y[0], partial[0]);
}

__global__ void spmv(const int *rowStart, const int *col, const double *val,
                     const double *x, double *y, int rows, int threshold) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows)
    return;
  int start = rowStart[row], end = rowStart[row + 1];
  if (end - start > threshold) {
    int blocks = (end - start + ChildThreads - 1) / ChildThreads;
    y[row] = 0;
    longRow<<<blocks, ChildThreads, 0, cudaStreamFireAndForget>>>(
        col, val, x, &y[row], start, end);
    return;
  }
  double dot = 0;
  for (int e = start; e < end; ++e)
    dot += val[e] * x[col[e]];
  y[row] = dot;
}

int main(int argc, char **argv) {
  int small = bench_flag(argc, argv, "--small");
  int rows = (int)bench_option(argc, argv, "--rows", small ? 4000 : 200000);
  long given = bench_option(argc, argv, "--threshold", 0);
  int sweep[] = {8, 128, 2048, 32768};
  int thresholds = given ? 1 : 4;
  if (given)
    sweep[0] = (int)given;
  int reps = small ? 1 : BENCH_REPS, warmup = small ? 0 : BENCH_WARMUP;
  csr_matrix m = irregular_matrix(rows, 16, small ? 200 : 20000,
                                  small ? 500 : 50000);
  double *x = (double *)malloc(rows * sizeof(double)),
         *y = (double *)malloc(rows * sizeof(double));
  for (int i = 0; i < rows; ++i)
    x[i] = (double)(i % 13) - 6.0;
  int *dRowStart, *dCol;
  double *dVal, *dx, *dy;
  CUDA_CHECK(cudaMalloc(&dRowStart, (rows + 1) * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dCol, (size_t)m.nnz * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dVal, (size_t)m.nnz * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dx, rows * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dy, rows * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(dRowStart, m.row_start, (rows + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dCol, m.col, (size_t)m.nnz * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dVal, m.val, (size_t)m.nnz * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dx, x, rows * sizeof(double), cudaMemcpyHostToDevice));
  // Room for every row launching at once (the default pending-launch limit
  // is 2048).
  CUDA_CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 32768));
  double *samples = (double *)malloc(reps * sizeof(double));
  char name[64];
  for (int variant = -1; variant < thresholds; ++variant) {
    // The flat variant: no row is long enough to launch.
    int threshold = variant < 0 ? 1 << 30 : sweep[variant];
    for (int r = 0; r < warmup + reps; ++r) {
      double t0 = bench_now_us();
      spmv<<<(rows + 255) / 256, 256>>>(dRowStart, dCol, dVal, dx, dy, rows,
                                        threshold);
      CUDA_CHECK(cudaGetLastError());
      CUDA_CHECK(cudaDeviceSynchronize());
      if (r >= warmup)
        samples[r - warmup] = bench_now_us() - t0;
    }
    CUDA_CHECK(cudaMemcpy(y, dy, rows * sizeof(double), cudaMemcpyDeviceToHost));
    if (variant < 0)
      snprintf(name, sizeof(name), "spmv_dp_flat");
    else
      snprintf(name, sizeof(name), "spmv_dp_nested_t%d", sweep[variant]);
    for (int row = 0; row < rows; ++row) {
      double dot = 0;
      for (int e = m.row_start[row]; e < m.row_start[row + 1]; ++e)
        dot += m.val[e] * x[m.col[e]];
      if (fabs(y[row] - dot) > 1e-9 * (1 + fabs(dot))) {
        fprintf(stderr, "%s: wrong result at row %d\n", name, row);
        return 1;
      }
    }
    bench_report(name, bench_median(samples, reps));
  }
  return 0;
}
