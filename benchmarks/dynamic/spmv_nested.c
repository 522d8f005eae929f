// CSR SpMV y = A x on an irregular matrix (most rows short, 1% of rows with
// tens of thousands of nonzeros): one row per thread (flat) against the same
// loop whose long rows run as a nested teams region, a child grid launched
// from the device when the row is longer than the threshold (dynamic
// parallelism, README "Launching grids from the device"). Twin:
// spmv_nested.cu.
// usage: spmv_nested [--small] [--rows N] [--threshold T]
//   without --threshold it sweeps T over 8, 128, 2048 and 32768 nonzeros.
#include "../common/args.h"
#include "../common/irregular.h"
#include "../common/timing.h"
#include <math.h>

static void spmv_flat(int rows, const int *row_start, const int *col,
                      const double *val, const double *x, double *y) {
#pragma omp target teams distribute parallel for
  for (int row = 0; row < rows; ++row) {
    double dot = 0;
    for (int e = row_start[row]; e < row_start[row + 1]; ++e)
      dot += val[e] * x[col[e]];
    y[row] = dot;
  }
}

static void spmv_nested(int rows, const int *row_start, const int *col,
                        const double *val, const double *x, double *y,
                        int threshold) {
#pragma omp target teams distribute parallel for
  for (int row = 0; row < rows; ++row) {
    double dot = 0;
    int start = row_start[row], end = row_start[row + 1];
#pragma omp teams distribute parallel for reduction(+ : dot) if (end - start > threshold)
    for (int e = start; e < end; ++e)
      dot += val[e] * x[col[e]];
    y[row] = dot;
  }
}

static int check(const csr_matrix *m, const double *x, const double *y,
                 const char *what) {
  for (int row = 0; row < m->rows; ++row) {
    double dot = 0;
    for (int e = m->row_start[row]; e < m->row_start[row + 1]; ++e)
      dot += m->val[e] * x[m->col[e]];
    if (fabs(y[row] - dot) > 1e-9 * (1 + fabs(dot))) {
      fprintf(stderr, "%s: wrong result at row %d: %g, expected %g\n", what,
              row, y[row], dot);
      return 0;
    }
  }
  return 1;
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
  int nnz = m.nnz, *row_start = m.row_start, *col = m.col;
  double *val = m.val;
  double *x = malloc(rows * sizeof(double)), *y = malloc(rows * sizeof(double));
  for (int i = 0; i < rows; ++i)
    x[i] = (double)(i % 13) - 6.0;
  double *samples = malloc(reps * sizeof(double));
  char name[64];
  int ok = 1;
#pragma omp target data map(to : row_start[:rows + 1], col[:nnz], val[:nnz], x[:rows]) map(alloc : y[:rows])
  {
    for (int variant = -1; variant < thresholds; ++variant) {
      for (int r = 0; r < warmup + reps; ++r) {
        double t0 = bench_now_us();
        if (variant < 0)
          spmv_flat(rows, row_start, col, val, x, y);
        else
          spmv_nested(rows, row_start, col, val, x, y, sweep[variant]);
        if (r >= warmup)
          samples[r - warmup] = bench_now_us() - t0;
      }
#pragma omp target update from(y[:rows])
      if (variant < 0)
        snprintf(name, sizeof(name), "spmv_dp_flat");
      else
        snprintf(name, sizeof(name), "spmv_dp_nested_t%d", sweep[variant]);
      ok &= check(&m, x, y, name);
      bench_report(name, bench_median(samples, reps));
    }
  }
  return ok ? 0 : 1;
}
