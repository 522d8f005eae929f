// Inputs and host checks of the vector benchmarks (triad, dot, stream5), shared
// by the OpenMP versions and their CUDA twins so that both compute and check
// the same thing.
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
static inline int triad_check(const double *a, const double *b, const double *c,
                              double s, long n) {
  for (long i = 0; i < n; ++i)
    if (fabs(a[i] - (b[i] + s * c[i])) > 1e-12) {
      fprintf(stderr, "triad: wrong result at %ld\n", i);
      return 1;
    }
  return 0;
}

// The geometry of spmd/dot, the same in every variant (the OpenMP program's
// num_teams and thread_limit, the CUDA twin's grid), so that the teams
// reduction is compared on equal terms: one wave of teams of 256 threads, 8
// on each of the 132 multiprocessors of an H100 or H200, as the CUDA twin's
// occupancy query and our runtime's default both give there.
enum { DotTeams = 1056, DotThreads = 256 };

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

// The five bandwidth kernels of stream5 run in this order, each on the
// previous one's output: copy c = a, scale b = s*c, add c = a + b,
// triad a = b + s*c, dot a . b. Each is idempotent, so repeating one any
// number of times leaves the same arrays. The inputs are multiples of 1/4
// and s = 3, so every value and the dot product are exact in any order of
// summation.
enum { Stream5Scale = 3 };

// The start value of a[i].
static inline double stream5_start(long i) {
  return 1.0 + (double)(i % 13) * 0.25;
}

static inline void stream5_init(double *a, double *b, double *c, long n) {
  for (long i = 0; i < n; ++i) {
    a[i] = stream5_start(i);
    b[i] = c[i] = 0.0;
  }
}

// 0 when a, b, c and the dot product are those of the sequence, else 1.
static inline int stream5_check(const double *a, const double *b,
                                const double *c, double dot, long n) {
  const double s = Stream5Scale;
  double expected_dot = 0.0;
  for (long i = 0; i < n; ++i) {
    const double a0 = stream5_start(i), b1 = s * a0, c2 = a0 + b1,
                 a3 = b1 + s * c2;
    if (a[i] != a3 || b[i] != b1 || c[i] != c2) {
      fprintf(stderr, "stream5: wrong result at %ld\n", i);
      return 1;
    }
    expected_dot += a3 * b1;
  }
  if (dot != expected_dot) {
    fprintf(stderr, "stream5: dot %.17g, expected %.17g\n", dot, expected_dot);
    return 1;
  }
  return 0;
}

#endif
