// The sparse matrices of the SpMV benchmarks (spmd/spmv, dynamic/spmv_nested
// and their CUDA twins), built the same way for every variant, in CSR, with
// the product of a row and a vector, the input vector and the host check
// that they all share.
#ifndef BENCHMARKS_CSR_H
#define BENCHMARKS_CSR_H

#include "hostdevice.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int rows, nnz;
  int *row_start, *col;
  double *val;
} csr_matrix;

// n rows, each with `per_row` nonzeros at pseudo-random columns
// (deterministic).
static inline csr_matrix csr_make(int rows, int per_row) {
  csr_matrix m;
  m.rows = rows;
  m.nnz = rows * per_row;
  m.row_start = (int *)malloc((rows + 1) * sizeof(int));
  m.col = (int *)malloc((size_t)m.nnz * sizeof(int));
  m.val = (double *)malloc((size_t)m.nnz * sizeof(double));
  unsigned state = 12345u;
  for (int r = 0; r < rows; ++r) {
    m.row_start[r] = r * per_row;
    for (int k = 0; k < per_row; ++k) {
      state = state * 1664525u + 1013904223u;
      // Mostly near the diagonal, as in discretized operators.
      int offset = (int)(state >> 16) % 2048 - 1024;
      int c = r + offset;
      m.col[r * per_row + k] = c < 0 ? -c : c >= rows ? 2 * rows - c - 2 : c;
      m.val[r * per_row + k] = 1.0 / (1 + k);
    }
  }
  m.row_start[rows] = m.nnz;
  return m;
}

// Row `row` of the matrix times x: one thread's work in the flat kernels,
// and the host's reference.
BENCH_HOST_DEVICE static inline double csr_row_dot(const int *row_start,
                                                   const int *col,
                                                   const double *val,
                                                   const double *x, int row) {
  double sum = 0.0;
  for (int k = row_start[row]; k < row_start[row + 1]; ++k)
    sum += val[k] * x[col[k]];
  return sum;
}

// The vector x of y = A x, for a matrix of n rows (and columns).
static inline double *csr_input_vector(int n) {
  double *x = (double *)malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i)
    x[i] = (double)(i % 13) - 6.0;
  return x;
}

// 0 when y = A x to rounding on every row, else 1 with a message that names
// the measurement.
static inline int csr_check(const csr_matrix *m, const double *x,
                            const double *y, const char *name) {
  for (int row = 0; row < m->rows; ++row) {
    const double expected = csr_row_dot(m->row_start, m->col, m->val, x, row);
    if (fabs(y[row] - expected) > 1e-9 * (1 + fabs(expected))) {
      fprintf(stderr, "%s: wrong result at row %d: %g, expected %g\n", name,
              row, y[row], expected);
      return 1;
    }
  }
  return 0;
}

#endif
