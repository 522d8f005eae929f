// The split-domain heat benchmark's shared parts (multigpu/heat_split.c and
// its CUDA twin): the grid, its cut into one slab of rows per device, and the
// host reference for --small runs. Each slab is kept on its device with a
// halo row above and below; a step sweeps every slab (jacobi_point) and then
// exchanges the halo rows between neighbouring devices.
#ifndef BENCHMARKS_HEAT_SPLIT_H
#define BENCHMARKS_HEAT_SPLIT_H

#include "args.h"
#include "jacobi.h"
#include "timing.h"
#include <stdlib.h>
#include <string.h>

// The sizes: --n (grid side) and --steps (steps a timed repetition), smaller
// with --small.
struct heat_options {
  int small, n, steps;
};

static inline struct heat_options heat_parse(int argc, char **argv) {
  struct heat_options o;
  o.small = bench_flag(argc, argv, "--small");
  o.n = (int)bench_option(argc, argv, "--n", o.small ? 130 : 16384);
  o.steps = (int)bench_option(argc, argv, "--steps", o.small ? 2 : 10);
  return o;
}

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

// Times BENCH_REPS repetitions (after BENCH_WARMUP) of `steps` calls of
// step(state), which returns once the devices have done the step, and
// reports RESULT heat_split_<count>gpu.
static inline void heat_time(int count, int steps, void (*step)(void *),
                             void *state) {
  double samples[BENCH_REPS];
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    for (int s = 0; s < steps; ++s)
      step(state);
    if (r >= BENCH_WARMUP)
      samples[r - BENCH_WARMUP] = bench_now_us() - t0;
  }
  char name[64];
  snprintf(name, sizeof name, "heat_split_%dgpu", count);
  bench_report(name, bench_median(samples, BENCH_REPS));
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
