// The 2-D Jacobi benchmarks' data and host reference, shared by spmd/jacobi.c,
// spmd/jacobi_collapse2.c and their CUDA twins so that all check the same
// thing.
#ifndef BENCHMARKS_JACOBI_H
#define BENCHMARKS_JACOBI_H

#include "hostdevice.h"
#include <math.h>
#include <stdio.h>

// One point of the sweep: the average of the four neighbours.
BENCH_HOST_DEVICE static inline double jacobi_point(const double *u, int n,
                                                    int i, int j) {
  return 0.25 * (u[(long)(i - 1) * n + j] + u[(long)(i + 1) * n + j] +
                 u[(long)i * n + j - 1] + u[(long)i * n + j + 1]);
}

static inline void jacobi_init(double *u, long cells) {
  for (long k = 0; k < cells; ++k)
    u[k] = (double)(k % 97) * 0.01;
}

// 0 when every interior point of v is the sweep of u, else 1 (with a message).
static inline int jacobi_check(const double *u, const double *v, int n) {
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      if (fabs(v[(long)i * n + j] - jacobi_point(u, n, i, j)) > 1e-12) {
        fprintf(stderr, "jacobi: wrong result at %d,%d\n", i, j);
        return 1;
      }
  return 0;
}

#endif
