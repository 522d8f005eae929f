// Timing helpers shared by the OpenMP benchmarks and their CUDA twins: a
// monotonic host clock and the median of repeated measurements. Every variant
// times the same thing: one launch of the kernel up to its completion, seen
// from the host.
#ifndef BENCHMARKS_TIMING_H
#define BENCHMARKS_TIMING_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double bench_now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static inline int bench_compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static inline double bench_median(double *samples, int n) {
  qsort(samples, n, sizeof(double), bench_compare);
  return n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
}

// One line per measurement, read by benchmarks/run.py.
static inline void bench_report(const char *name, double median_us) {
  printf("RESULT %s %.3f\n", name, median_us);
}

#define BENCH_WARMUP 5
#define BENCH_REPS 51

#endif
