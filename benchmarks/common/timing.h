// Timing helpers shared by the OpenMP benchmarks and their CUDA twins: a
// monotonic host clock, the end of a timed repetition and the median of
// repeated measurements. Every variant times the same thing: the work of one
// repetition from its start on the host until the device has done it.
#ifndef BENCHMARKS_TIMING_H
#define BENCHMARKS_TIMING_H

#include "device_sync.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double bench_now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

// Ends repetition `rep` of a timed loop, which started at `started`
// (bench_now_us()): waits for the device (bench_device_sync) and stores the
// time in samples[rep - warmups] unless the repetition is a warm-up. Warm-ups
// wait too, so that no timed repetition starts behind queued work.
static inline void bench_sample(double *samples, int rep, int warmups,
                                double started) {
  bench_device_sync();
  if (rep >= warmups)
    samples[rep - warmups] = bench_now_us() - started;
}

static inline int bench_compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static inline double bench_median(double *samples, int n) {
  qsort(samples, n, sizeof(double), bench_compare);
  return n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
}

// One line per measurement, read by benchmarks/run.py: the median in
// microseconds, or in nanoseconds where the name ends in `_ns`.
static inline void bench_report(const char *name, double median) {
  printf("RESULT %s %.3f\n", name, median);
}

#define BENCH_WARMUP 5
#define BENCH_REPS 51

#endif
