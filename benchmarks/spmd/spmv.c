// CSR sparse matrix-vector product y = A x, one row per thread (scalar CSR),
// with `target teams distribute parallel for`. Twin: spmv.cu.
// usage: spmv [--small] [--rows N]
#include "../common/args.h"
#include "../common/csr.h"
#include "../common/timing.h"

int main(int argc, char **argv) {
  const int rows = bench_option(
      argc, argv, "--rows", bench_flag(argc, argv, "--small") ? 5000 : 1 << 22);
  const csr_matrix m = csr_make(rows, 16);
  const int nnz = m.nnz, *row_start = m.row_start, *col = m.col;
  const double *val = m.val, *x = csr_input_vector(rows);
  double *y = malloc(rows * sizeof(double));
  double samples[BENCH_REPS];
#pragma omp target data map(to : row_start[:rows + 1], col[:nnz], val[:nnz], x[:rows]) map(from : y[:rows])
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
#pragma omp target teams distribute parallel for
    for (int i = 0; i < rows; ++i)
      y[i] = csr_row_dot(row_start, col, val, x, i);
    bench_sample(samples, r, BENCH_WARMUP, t0);
  }
  if (csr_check(&m, x, y, "spmv_csr"))
    return 1;
  bench_report("spmv_csr", bench_median(samples, BENCH_REPS));
  return 0;
}
