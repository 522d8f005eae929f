// CUDA twin of spmv.c: scalar CSR, one thread per row, 256 threads per block.
// usage: spmv [--small] [--rows N]
#include "../common/args.h"
#include "../common/csr_device.cuh"
#include "../common/timing.h"

__global__ void spmv(const int *rowStart, const int *col, const double *val,
                     const double *x, double *y, int rows) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < rows)
    y[i] = csr_row_dot(rowStart, col, val, x, i);
}

int main(int argc, char **argv) {
  const int rows = bench_option(
      argc, argv, "--rows", bench_flag(argc, argv, "--small") ? 5000 : 1 << 22);
  const csr_matrix m = csr_make(rows, 16);
  double *x = csr_input_vector(rows),
         *y = (double *)malloc(rows * sizeof(double));
  const csr_device d = csr_to_device(m, x);
  double samples[BENCH_REPS];
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    spmv<<<(rows + 255) / 256, 256>>>(d.row_start, d.col, d.val, d.x, d.y,
                                      rows);
    CUDA_CHECK(cudaGetLastError());
    bench_sample(samples, r, BENCH_WARMUP, t0);
  }
  copy_out(y, d.y, rows);
  if (csr_check(&m, x, y, "spmv_csr"))
    return 1;
  bench_report("spmv_csr", bench_median(samples, BENCH_REPS));
  return 0;
}
