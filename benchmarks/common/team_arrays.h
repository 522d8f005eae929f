// Inputs and host references of apps/team_arrays.c and its CUDA twin: a
// column standard deviation over a row-major matrix and an adjacent
// difference of a vector, both computed by teams that share an array.
#ifndef BENCHMARKS_TEAM_ARRAYS_H
#define BENCHMARKS_TEAM_ARRAYS_H

#include "random.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum {
  TeamThreads = 256, // threads per team (block), as in the CUDA twin
  TileColumns = 32   // matrix columns a team handles at a time
};

static inline void team_arrays_init(double *matrix, long cells, double *in,
                                    long n) {
  for (long c = 0; c < cells; ++c)
    matrix[c] = bench_unit(c);
  for (long i = 0; i < n; ++i)
    in[i] = (double)((i * 37) % 1001) * 0.5;
}

// 0 when deviation[c] is the standard deviation of column c (population
// form, as sqrt(E[x^2] - E[x]^2)), else 1 with a message.
static inline int column_deviation_check(const double *matrix, int rows,
                                         int columns, const double *deviation) {
  double *sum = (double *)calloc(columns, sizeof(double)),
         *squares = (double *)calloc(columns, sizeof(double));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      double x = matrix[(long)r * columns + c];
      sum[c] += x;
      squares[c] += x * x;
    }
  int wrong = 0;
  for (int c = 0; c < columns && !wrong; ++c) {
    double mean = sum[c] / rows,
           expected = sqrt(squares[c] / rows - mean * mean);
    if (!(fabs(deviation[c] - expected) <= 1e-9 * expected)) {
      fprintf(stderr,
              "team_arrays: column %d deviation %.17g, expected %.17g\n", c,
              deviation[c], expected);
      wrong = 1;
    }
  }
  free(sum);
  free(squares);
  return wrong;
}

// 0 when out[0] = in[0] and out[i] = in[i] - in[i - 1], else 1.
static inline int adjacent_difference_check(const double *in, const double *out,
                                            long n) {
  for (long i = 0; i < n; ++i)
    if (out[i] != (i ? in[i] - in[i - 1] : in[0])) {
      fprintf(stderr, "team_arrays: adjacent difference wrong at %ld\n", i);
      return 1;
    }
  return 0;
}

#endif
