// Inputs of the dynamic-parallelism benchmarks (benchmarks/dynamic), built the
// same way for the OpenMP programs and their CUDA twins: a CSR matrix whose
// rows are mostly short with 1% of them tens of thousands of nonzeros long,
// and a graph whose degrees follow a power law (a few hubs, many leaves).
#ifndef BENCHMARKS_IRREGULAR_H
#define BENCHMARKS_IRREGULAR_H

#include "args.h"
#include "csr.h"
#include "random.h"

// rows rows; one in a hundred has long_min..long_max nonzeros, the others
// short_max at most; columns uniformly random over the matrix.
static inline csr_matrix irregular_matrix(int rows, int short_max, int long_min,
                                          int long_max) {
  csr_matrix m;
  m.rows = rows;
  m.row_start = (int *)malloc((rows + 1) * sizeof(int));
  m.row_start[0] = 0;
  for (int r = 0; r < rows; ++r) {
    uint64_t key = bench_mix((uint64_t)r);
    int length = key % 100 == 0
                     ? long_min + (int)(bench_unit(key) * (long_max - long_min))
                     : 1 + (int)(bench_unit(key + 1) * short_max);
    m.row_start[r + 1] = m.row_start[r] + length;
  }
  m.nnz = m.row_start[rows];
  m.col = (int *)malloc((size_t)m.nnz * sizeof(int));
  m.val = (double *)malloc((size_t)m.nnz * sizeof(double));
  for (long k = 0; k < m.nnz; ++k) {
    uint64_t key = bench_mix(0x5eed0000ull + (uint64_t)k);
    m.col[k] = (int)(key % (uint64_t)rows);
    m.val[k] = bench_unit(key) - 0.5;
  }
  return m;
}

// The matrix of dynamic/spmv_nested.c and its CUDA twin: --rows rows
// (200,000), 1% of them 20,000 to 50,000 nonzeros long; with --small 4,000
// rows, the long ones 200 to 500.
static inline csr_matrix spmv_nested_matrix(int argc, char **argv) {
  const int small = bench_flag(argc, argv, "--small");
  const int rows =
      (int)bench_option(argc, argv, "--rows", small ? 4000 : 200000);
  return irregular_matrix(rows, 16, small ? 200 : 20000, small ? 500 : 50000);
}

// A directed graph of n vertices in CSR form (row_start, col): vertex v's
// degree is about hub_degree / (rank + 1), rank being v's place in a
// pseudo-random order, and at least min_degree; targets are random.
static inline csr_matrix power_law_graph(int n, int min_degree,
                                         int hub_degree) {
  csr_matrix g;
  g.rows = n;
  g.row_start = (int *)malloc((n + 1) * sizeof(int));
  g.row_start[0] = 0;
  for (int v = 0; v < n; ++v) {
    // A fixed odd multiplier permutes the vertices: hubs spread over the ids.
    int rank = (int)(((uint64_t)v * 2654435761u) % (uint64_t)n);
    int degree = hub_degree / (rank + 1);
    g.row_start[v + 1] =
        g.row_start[v] + (degree > min_degree ? degree : min_degree);
  }
  g.nnz = g.row_start[n];
  g.col = (int *)malloc((size_t)g.nnz * sizeof(int));
  g.val = NULL;
  for (long k = 0; k < g.nnz; ++k)
    g.col[k] = (int)(bench_mix(0xb0f5ull + (uint64_t)k) % (uint64_t)n);
  return g;
}

#endif
