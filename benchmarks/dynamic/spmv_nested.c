// CSR SpMV y = A x on an irregular matrix (most rows short, 1% of rows with
// tens of thousands of nonzeros): one row per thread (flat) against the same
// loop whose long rows run as a nested teams region, a child grid launched
// from the device when the row is longer than the threshold (dynamic
// parallelism, README "Launching grids from the device"). Twin:
// spmv_nested.cu.
// usage: spmv_nested [--small] [--rows N] [--threshold T]
//   without --threshold it sweeps T over 1024, 32768 and 45000 nonzeros:
//   every long row launches, about half of them, a sixth of them (at 8, half
//   the short rows would launch too: 100,000 grids of one team).
#include "../common/dp_sweep.h"
#include "../common/irregular.h"

static void spmv_flat(int rows, const int *row_start, const int *col,
                      const double *val, const double *x, double *y) {
#pragma omp target teams distribute parallel for
  for (int row = 0; row < rows; ++row)
    y[row] = csr_row_dot(row_start, col, val, x, row);
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

int main(int argc, char **argv) {
  const int defaults[] = {1024, 32768, 45000};
  const dp_sweep sweep = dp_sweep_make(argc, argv, defaults, 3);
  csr_matrix m = spmv_nested_matrix(argc, argv);
  const int rows = m.rows;
  int nnz = m.nnz, *row_start = m.row_start, *col = m.col;
  double *val = m.val;
  double *x = csr_input_vector(rows), *y = malloc(rows * sizeof(double));
  double *samples = malloc(sweep.reps * sizeof(double));
  char name[64];
  int ok = 1;
#pragma omp target data map(to : row_start[:rows + 1], col[:nnz], val[:nnz], x[:rows]) map(alloc : y[:rows])
  {
    for (int variant = -1; variant < sweep.thresholds; ++variant) {
      for (int r = 0; r < sweep.warmups + sweep.reps; ++r) {
        double t0 = bench_now_us();
        if (variant < 0)
          spmv_flat(rows, row_start, col, val, x, y);
        else
          spmv_nested(rows, row_start, col, val, x, y,
                      sweep.threshold[variant]);
        bench_sample(samples, r, sweep.warmups, t0);
      }
#pragma omp target update from(y[:rows])
      dp_result_name(name, sizeof(name), "spmv", &sweep, variant);
      ok &= !csr_check(&m, x, y, name);
      bench_report(name, bench_median(samples, sweep.reps));
    }
  }
  return ok ? 0 : 1;
}
