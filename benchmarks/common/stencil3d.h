// The 3-D 7-point stencil benchmark's point update, input and check, shared
// by spmd/stencil3d.c and its CUDA twin so that both compute and check the
// same thing.
#ifndef BENCHMARKS_STENCIL3D_H
#define BENCHMARKS_STENCIL3D_H

#include "hostdevice.h"
#include <math.h>
#include <stdio.h>

// One point of a Jacobi sweep for a 3-D Laplace-like operator: a weighted
// average of the point and its six neighbours (n points per side).
BENCH_HOST_DEVICE static inline double stencil3d_point(const double *u, int n,
                                                       int i, int j, int k) {
  const long plane = (long)n * n, at = i * plane + (long)j * n + k;
  return 0.4 * u[at] + 0.1 * (u[at - 1] + u[at + 1] + u[at - n] + u[at + n] +
                              u[at - plane] + u[at + plane]);
}

static inline void stencil3d_init(double *u, long cells) {
  for (long c = 0; c < cells; ++c)
    u[c] = (double)(c % 89) * 0.01;
}

// 0 when every interior point of v is the sweep of u, else 1 (with a message).
static inline int stencil3d_check(const double *u, const double *v, int n) {
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      for (int k = 1; k < n - 1; ++k) {
        long at = ((long)i * n + j) * n + k;
        if (fabs(v[at] - stencil3d_point(u, n, i, j, k)) > 1e-12) {
          fprintf(stderr, "stencil3d: wrong result at %d,%d,%d\n", i, j, k);
          return 1;
        }
      }
  return 0;
}

#endif
