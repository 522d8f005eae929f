// The data of forkjoin/small_regions.c and its CUDA twin: a small vector
// that every region (or launch) adds a fixed increment to, so that the
// result tells how many ran, exactly (small integers in doubles).
#ifndef BENCHMARKS_SMALL_REGIONS_H
#define BENCHMARKS_SMALL_REGIONS_H

#include <stdio.h>

enum { SmallRegionThreads = 256, SmallRegionElements = 4096 };

static inline void small_regions_init(double *x, double *step, int n) {
  for (int i = 0; i < n; ++i) {
    x[i] = (double)(i % 5);
    step[i] = (double)(1 + i % 7);
  }
}

// 0 when x holds the start value plus `regions` steps everywhere, else 1.
static inline int small_regions_check(const double *x, const double *step,
                                      int n, long regions) {
  for (int i = 0; i < n; ++i)
    if (x[i] != (double)(i % 5) + (double)regions * step[i]) {
      fprintf(stderr, "small_regions: %g at %d, expected %g\n", x[i], i,
              (double)(i % 5) + (double)regions * step[i]);
      return 1;
    }
  return 0;
}

#endif
