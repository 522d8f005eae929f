// CSR sparse matrix-vector product y = A x, one row per thread (scalar CSR),
// with `target teams distribute parallel for`. Twin: spmv.cu.
#include "../common/csr.h"
#include "../common/timing.h"
#include <math.h>

int main(void) {
  const int rows = 1 << 22, per_row = 16;
  csr_matrix m = csr_make(rows, per_row);
  const int nnz = m.nnz;
  int *row_start = m.row_start, *col = m.col;
  double *val = m.val;
  double *x = malloc(rows * sizeof(double)), *y = malloc(rows * sizeof(double));
  for (int i = 0; i < rows; ++i)
    x[i] = (double)(i % 13) - 6.0;
  double samples[BENCH_REPS];
#pragma omp target data map(to : row_start[:rows + 1], col[:nnz], val[:nnz], x[:rows]) map(from : y[:rows])
  {
    for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
      double t0 = bench_now_us();
#pragma omp target teams distribute parallel for
      for (int i = 0; i < rows; ++i) {
        double sum = 0.0;
        for (int k = row_start[i]; k < row_start[i + 1]; ++k)
          sum += val[k] * x[col[k]];
        y[i] = sum;
      }
      if (r >= BENCH_WARMUP)
        samples[r - BENCH_WARMUP] = bench_now_us() - t0;
    }
  }
  for (int i = 0; i < rows; ++i) {
    double sum = 0.0;
    for (int k = row_start[i]; k < row_start[i + 1]; ++k)
      sum += val[k] * x[col[k]];
    if (fabs(y[i] - sum) > 1e-9 * (1 + fabs(sum))) {
      fprintf(stderr, "spmv: wrong result at row %d\n", i);
      return 1;
    }
  }
  bench_report("spmv_csr", bench_median(samples, BENCH_REPS));
  return 0;
}
