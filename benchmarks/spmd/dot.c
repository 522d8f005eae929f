// Dot product with `reduction(+)` over teams and threads. Twin: dot.cu.
#include "../common/timing.h"
#include "../common/vectors.h"

int main(void) {
  const long n = 1L << 26;
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  double expected = dot_init(x, y, n);
  double samples[BENCH_REPS], sum = 0.0;
  int wrong = 0;
#pragma omp target data map(to : x[:n], y[:n])
  {
    for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
      double t0 = bench_now_us();
      sum = 0.0;
#pragma omp target teams distribute parallel for reduction(+ : sum)
      for (long i = 0; i < n; ++i)
        sum += x[i] * y[i];
      if (r >= BENCH_WARMUP)
        samples[r - BENCH_WARMUP] = bench_now_us() - t0;
      wrong |= fabs(sum - expected) > 1e-9 * fabs(expected);
    }
  }
  if (wrong) {
    fprintf(stderr, "dot: wrong result %f, expected %f\n", sum, expected);
    return 1;
  }
  bench_report("dot", bench_median(samples, BENCH_REPS));
  return 0;
}
