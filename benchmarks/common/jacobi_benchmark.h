// What the OpenMP Jacobi benchmarks (spmd/jacobi.c, spmd/jacobi_collapse2.c)
// share: the grids, the data region, the timed repetitions, the check and the
// report. Each program brings its sweep, a target region whose loop bounds
// (constant or read at run time) are what it measures.
#ifndef BENCHMARKS_JACOBI_BENCHMARK_H
#define BENCHMARKS_JACOBI_BENCHMARK_H

#include "jacobi.h"
#include "timing.h"
#include <stdlib.h>

// One sweep of the n x n grid u into v, both mapped to the device.
typedef void (*jacobi_sweep_fn)(const double *u, double *v, int n);

// Times `sweep` on an n x n grid and reports RESULT `name`; returns the exit
// status (1 when the result is wrong).
static inline int jacobi_benchmark(const char *name, int n,
                                   jacobi_sweep_fn sweep) {
  const long cells = (long)n * n;
  double *u = (double *)malloc(cells * sizeof(double)),
         *v = (double *)calloc(cells, sizeof(double));
  jacobi_init(u, cells);
  double samples[BENCH_REPS];
#pragma omp target data map(to : u[:cells]) map(tofrom : v[:cells])
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    sweep(u, v, n);
    bench_sample(samples, r, BENCH_WARMUP, t0);
  }
  const int wrong = jacobi_check(u, v, n);
  if (!wrong)
    bench_report(name, bench_median(samples, BENCH_REPS));
  free(u);
  free(v);
  return wrong;
}

#endif
