// Complex arithmetic on a pair of doubles for the multipole benchmark, the
// same code in the OpenMP program and its CUDA twin (C99 complex division
// would call a runtime helper in one and not in the other).
#ifndef BENCHMARKS_COMPLEX_H
#define BENCHMARKS_COMPLEX_H

#include "hostdevice.h"
#include <math.h>

typedef struct {
  double re, im;
} complex_pair;

BENCH_HOST_DEVICE static inline complex_pair cx(double re, double im) {
  complex_pair z = {re, im};
  return z;
}

BENCH_HOST_DEVICE static inline complex_pair cx_add(complex_pair a,
                                                    complex_pair b) {
  return cx(a.re + b.re, a.im + b.im);
}

BENCH_HOST_DEVICE static inline complex_pair cx_sub(complex_pair a,
                                                    complex_pair b) {
  return cx(a.re - b.re, a.im - b.im);
}

BENCH_HOST_DEVICE static inline complex_pair cx_mul(complex_pair a,
                                                    complex_pair b) {
  return cx(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}

BENCH_HOST_DEVICE static inline complex_pair cx_scale(complex_pair a,
                                                      double s) {
  return cx(a.re * s, a.im * s);
}

// a / b by the textbook formula: the benchmark's operands stay far from
// overflow, so no scaling is needed.
BENCH_HOST_DEVICE static inline complex_pair cx_div(complex_pair a,
                                                    complex_pair b) {
  double inverse = 1.0 / (b.re * b.re + b.im * b.im);
  return cx((a.re * b.re + a.im * b.im) * inverse,
            (a.im * b.re - a.re * b.im) * inverse);
}

// e^z
BENCH_HOST_DEVICE static inline complex_pair cx_exp(complex_pair z) {
  double magnitude = exp(z.re);
  return cx(magnitude * cos(z.im), magnitude * sin(z.im));
}

BENCH_HOST_DEVICE static inline double cx_abs2(complex_pair z) {
  return z.re * z.re + z.im * z.im;
}

#endif
