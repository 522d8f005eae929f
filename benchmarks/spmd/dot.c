// Dot product with `reduction(+)` over teams and threads: DotTeams teams (or
// --teams T) of DotThreads threads, as in the twin (common/vectors.h). Twin:
// dot.cu.
// usage: dot [--small] [--n N] [--teams T]
#include "../common/args.h"
#include "../common/timing.h"
#include "../common/vectors.h"

int main(int argc, char **argv) {
  const int small = bench_flag(argc, argv, "--small");
  const long n = bench_option(argc, argv, "--n", small ? 10000 : 1L << 26);
  // On the host (--small) each team is a thread: a few are enough.
  const int teams = bench_option(argc, argv, "--teams", small ? 2 : DotTeams);
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  const double expected = dot_init(x, y, n);
  double samples[BENCH_REPS], sum = 0.0;
  int wrong = 0;
#pragma omp target data map(to : x[:n], y[:n])
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    sum = 0.0;
#pragma omp target teams distribute parallel for reduction(+ : sum)           \
    num_teams(teams) thread_limit(DotThreads)
    for (long i = 0; i < n; ++i)
      sum += x[i] * y[i];
    bench_sample(samples, r, BENCH_WARMUP, t0);
    wrong |= fabs(sum - expected) > 1e-9 * fabs(expected);
  }
  if (wrong) {
    fprintf(stderr, "dot: wrong result %f, expected %f\n", sum, expected);
    return 1;
  }
  bench_report("dot", bench_median(samples, BENCH_REPS));
  return 0;
}
