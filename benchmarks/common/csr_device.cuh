// The SpMV CUDA twins' device data (spmd/spmv.cu, dynamic/spmv_nested.cu):
// the matrix and x copied in, room for y.
#ifndef BENCHMARKS_CSR_DEVICE_CUH
#define BENCHMARKS_CSR_DEVICE_CUH

#include "csr.h"
#include "device_copy.cuh"

struct csr_device {
  int *row_start, *col;
  double *val, *x, *y;
};

static csr_device csr_to_device(const csr_matrix &m, const double *x) {
  csr_device d;
  d.row_start = copy_in(m.row_start, m.rows + 1);
  d.col = copy_in(m.col, m.nnz);
  d.val = copy_in(m.val, m.nnz);
  d.x = copy_in(x, m.rows);
  CUDA_CHECK(cudaMalloc(&d.y, m.rows * sizeof(double)));
  return d;
}

#endif
