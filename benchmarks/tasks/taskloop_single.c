// taskloop in a single region: one thread of a `target parallel` team of 256
// threads splits N iterations of moderate work (a dependent chain of
// floating-point steps, about 2 us each on one GPU thread) into tasks with
// `taskloop`. Upstream LLVM runs every task on the thread that creates it, so
// the loop runs on one thread; our device runtime lets the team's other
// threads, waiting at the single's barrier, run the tasks. RESULT
// taskloop_single is the whole region; RESULT taskloop_parallel_for is the
// same work as a worksharing loop of the same team, the bound a taskloop can
// approach.
// usage: taskloop_single [--small] [--iterations N] [--steps S]
#include "../common/args.h"
#include "../common/timing.h"

enum { Threads = 256, WarmUp = 2, Reps = 11 };

#pragma omp begin declare target
// Exact in binary floating point (halving and quarter integers), so the
// device, with or without fused multiply-adds, gives the host's bits.
static double work(long i, int steps) {
  double x = (double)(i & 1023);
  for (int k = 0; k < steps; ++k)
    x = 0.5 * x + 0.25 * (double)((k + i) & 7);
  return x;
}
#pragma omp end declare target

static void taskloop_single(double *out, long n, int steps) {
#pragma omp target parallel num_threads(Threads) map(from : out[:n])
#pragma omp single
#pragma omp taskloop
  for (long i = 0; i < n; ++i)
    out[i] = work(i, steps);
}

static void parallel_for(double *out, long n, int steps) {
#pragma omp target parallel num_threads(Threads) map(from : out[:n])
#pragma omp for
  for (long i = 0; i < n; ++i)
    out[i] = work(i, steps);
}

typedef void (*variant_fn)(double *, long, int);

/// The median time of the variant, or a negative number when its result is
/// wrong.
static double median_us(variant_fn fn, double *out, long n, int steps) {
  double samples[Reps];
  for (int r = 0; r < WarmUp + Reps; ++r) {
    for (long i = 0; i < n; ++i)
      out[i] = -1;
    double t0 = bench_now_us();
    fn(out, n, steps);
    bench_sample(samples, r, WarmUp, t0);
    for (long i = 0; i < n; ++i)
      if (out[i] != work(i, steps)) {
        fprintf(stderr, "wrong result at %ld: %g\n", i, out[i]);
        return -1;
      }
  }
  return bench_median(samples, Reps);
}

int main(int argc, char **argv) {
  int small = bench_flag(argc, argv, "--small");
  long n = bench_option(argc, argv, "--iterations", small ? 1000 : 1 << 15);
  int steps = (int)bench_option(argc, argv, "--steps", small ? 16 : 512);
  double *out = malloc(n * sizeof(double));
  double single = median_us(taskloop_single, out, n, steps);
  double team = median_us(parallel_for, out, n, steps);
  if (single < 0 || team < 0)
    return 1;
  bench_report("taskloop_single", single);
  bench_report("taskloop_parallel_for", team);
  free(out);
  return 0;
}
