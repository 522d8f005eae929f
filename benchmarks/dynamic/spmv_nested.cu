// CUDA twin of spmv_nested.c, as a CUDA programmer would write it with dynamic
// parallelism (CDP2): one thread per row; a row longer than the threshold is
// summed by a child grid the thread launches (fire-and-forget), whose blocks
// reduce in shared memory and add their sums into y[row] with atomics. The
// flat variant is the same kernel with no launches. Built with -rdc=true
// -lcudadevrt (BENCH-NVCC-FLAGS below).
// BENCH-NVCC-FLAGS: -rdc=true -lcudadevrt
// usage: spmv_nested [--small] [--rows N] [--threshold T]
#include "../common/csr_device.cuh"
#include "../common/dp_sweep.h"
#include "../common/irregular.h"

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
  y[row] = csr_row_dot(rowStart, col, val, x, row);
}

int main(int argc, char **argv) {
  const int defaults[] = {1024, 32768, 45000};
  const dp_sweep sweep = dp_sweep_make(argc, argv, defaults, 3);
  csr_matrix m = spmv_nested_matrix(argc, argv);
  const int rows = m.rows;
  double *x = csr_input_vector(rows),
         *y = (double *)malloc(rows * sizeof(double));
  const csr_device d = csr_to_device(m, x);
  // Room for every row launching at once (the default pending-launch limit
  // is 2048).
  CUDA_CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 32768));
  double *samples = (double *)malloc(sweep.reps * sizeof(double));
  char name[64];
  for (int variant = -1; variant < sweep.thresholds; ++variant) {
    // The flat variant: no row is long enough to launch.
    int threshold = variant < 0 ? 1 << 30 : sweep.threshold[variant];
    for (int r = 0; r < sweep.warmups + sweep.reps; ++r) {
      double t0 = bench_now_us();
      spmv<<<(rows + 255) / 256, 256>>>(d.row_start, d.col, d.val, d.x, d.y,
                                        rows, threshold);
      CUDA_CHECK(cudaGetLastError());
      bench_sample(samples, r, sweep.warmups, t0);
    }
    copy_out(y, d.y, rows);
    dp_result_name(name, sizeof(name), "spmv", &sweep, variant);
    if (csr_check(&m, x, y, name))
      return 1;
    bench_report(name, bench_median(samples, sweep.reps));
  }
  return 0;
}
