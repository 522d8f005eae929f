// CUDA twin of spmv.c: scalar CSR, one thread per row, 256 threads per block.
#include "../common/csr.h"
#include "../common/cuda_check.h"
#include "../common/timing.h"
#include <cmath>

__global__ void spmv(const int *rowStart, const int *col, const double *val,
                     const double *x, double *y, int rows) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows)
    return;
  double sum = 0.0;
  for (int k = rowStart[i]; k < rowStart[i + 1]; ++k)
    sum += val[k] * x[col[k]];
  y[i] = sum;
}

int main() {
  const int rows = 1 << 22, perRow = 16;
  csr_matrix m = csr_make(rows, perRow);
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
  double samples[BENCH_REPS];
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    spmv<<<(rows + 255) / 256, 256>>>(dRowStart, dCol, dVal, dx, dy, rows);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    if (r >= BENCH_WARMUP)
      samples[r - BENCH_WARMUP] = bench_now_us() - t0;
  }
  CUDA_CHECK(cudaMemcpy(y, dy, rows * sizeof(double), cudaMemcpyDeviceToHost));
  for (int i = 0; i < rows; ++i) {
    double sum = 0.0;
    for (int k = m.row_start[i]; k < m.row_start[i + 1]; ++k)
      sum += m.val[k] * x[m.col[k]];
    if (fabs(y[i] - sum) > 1e-9 * (1 + fabs(sum))) {
      fprintf(stderr, "spmv: wrong result at row %d\n", i);
      return 1;
    }
  }
  bench_report("spmv_csr", bench_median(samples, BENCH_REPS));
  return 0;
}
