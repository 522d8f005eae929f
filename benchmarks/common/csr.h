// The sparse matrix of the SpMV benchmarks, built the same way for every
// variant: n rows, each with `per_row` nonzeros at pseudo-random columns
// (deterministic), stored in CSR.
#ifndef BENCHMARKS_CSR_H
#define BENCHMARKS_CSR_H

#include <stdlib.h>

typedef struct {
  int rows, nnz;
  int *row_start, *col;
  double *val;
} csr_matrix;

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

#endif
