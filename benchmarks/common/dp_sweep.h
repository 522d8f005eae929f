// The measurements of the dynamic-parallelism benchmarks (benchmarks/dynamic
// and the SpMV twin), the same in each: the flat loop (variant -1), then the
// nested version at each launch threshold of a sweep, or at the one
// `--threshold T` gives; how many repetitions each gets; the RESULT names
// <benchmark>_dp_flat and <benchmark>_dp_nested_t<T>.
#ifndef BENCHMARKS_DP_SWEEP_H
#define BENCHMARKS_DP_SWEEP_H

#include "args.h"
#include "timing.h"

enum { DpMaxThresholds = 4 };

typedef struct {
  int threshold[DpMaxThresholds], thresholds; // variants 0 .. thresholds - 1
  int reps, warmups; // --small: one repetition, for a check on the host
} dp_sweep;

// The sweep of `count` default thresholds, or --threshold's one.
static inline dp_sweep dp_sweep_make(int argc, char **argv, const int *defaults,
                                     int count) {
  dp_sweep s;
  const long given = bench_option(argc, argv, "--threshold", 0);
  s.thresholds = given ? 1 : count;
  for (int t = 0; t < s.thresholds; ++t)
    s.threshold[t] = given ? (int)given : defaults[t];
  const int small = bench_flag(argc, argv, "--small");
  s.reps = small ? 1 : BENCH_REPS / 5;
  s.warmups = small ? 0 : 2;
  return s;
}

// The RESULT name of `variant` (-1: the flat loop) of `benchmark`.
static inline void dp_result_name(char *name, size_t size,
                                  const char *benchmark, const dp_sweep *s,
                                  int variant) {
  if (variant < 0)
    snprintf(name, size, "%s_dp_flat", benchmark);
  else
    snprintf(name, size, "%s_dp_nested_t%d", benchmark, s->threshold[variant]);
}

#endif
