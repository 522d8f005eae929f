// Inputs and host checks of the vector benchmarks (triad, dot), shared by the
// OpenMP versions and their CUDA twins so that both compute and check the same
// thing.
#ifndef BENCHMARKS_VECTORS_H
#define BENCHMARKS_VECTORS_H

#include <math.h>
#include <stdio.h>

static inline void triad_init(double *b, double *c, long n) {
  for (long i = 0; i < n; ++i) {
    b[i] = (double)(i % 1024);
    c[i] = 1.0 / (double)(1 + i % 7);
  }
}

// 0 when a = b + s*c everywhere, else 1 (with a message).
static inline int triad_check(const double *a, const double *b,
                              const double *c, double s, long n) {
  for (long i = 0; i < n; ++i)
    if (fabs(a[i] - (b[i] + s * c[i])) > 1e-12) {
      fprintf(stderr, "triad: wrong result at %ld\n", i);
      return 1;
    }
  return 0;
}

// Fills x and y and returns their dot product, computed on the host.
static inline double dot_init(double *x, double *y, long n) {
  for (long i = 0; i < n; ++i) {
    x[i] = (double)(i % 17) * 0.5;
    y[i] = 1.0 / (double)(1 + i % 5);
  }
  double expected = 0.0;
  for (long i = 0; i < n; ++i)
    expected += x[i] * y[i];
  return expected;
}

#endif
