// The split-domain heat benchmark's shared parts (multigpu/heat_split.c and
// its CUDA twin): the grid, its cut into one slab of rows per device, and the
// host reference for --small runs. Each slab is kept on its device with a
// halo row above and below; a step sweeps every slab (jacobi_point) and then
// exchanges the halo rows between neighbouring devices.
#ifndef BENCHMARKS_HEAT_SPLIT_H
#define BENCHMARKS_HEAT_SPLIT_H

#include "jacobi.h"
#include <stdlib.h>
#include <string.h>

// Rows [first, first + rows) of the grid, on device `device`.
struct heat_slab {
  int device, first, rows;
};

// Cuts the n - 2 interior rows into `count` slabs of nearly equal size.
static inline void heat_cut(struct heat_slab *slabs, int count, int n) {
  for (int d = 0, first = 1; d < count; ++d) {
    slabs[d].device = d;
    slabs[d].first = first;
    slabs[d].rows = (n - 2) / count + (d < (n - 2) % count);
    first += slabs[d].rows;
  }
}

// `sweeps` Jacobi sweeps of the n x n grid g on the host (boundary fixed).
static inline void heat_reference(double *g, int n, int sweeps) {
  size_t bytes = (size_t)n * n * sizeof(double);
  double *v = (double *)malloc(bytes);
  memcpy(v, g, bytes);
  for (int s = 0; s < sweeps; ++s) {
    for (int i = 1; i < n - 1; ++i)
      for (int j = 1; j < n - 1; ++j)
        v[(long)i * n + j] = jacobi_point(g, n, i, j);
    memcpy(g, v, bytes);
  }
  free(v);
}

// 0 when grids a and b (n x n) are equal bit for bit, else 1 with a message:
// the split grid must be the one-device grid, whatever the device count.
static inline int heat_compare(const double *a, const double *b, int n,
                               const char *what) {
  if (!memcmp(a, b, (size_t)n * n * sizeof(double)))
    return 0;
  fprintf(stderr, "heat_split: %s differs\n", what);
  return 1;
}

#endif
