// One Jacobi sweep of a 3-D 7-point stencil over an N^3 grid of doubles
// (default 512^3: 1 GiB per buffer) with `collapse(3)`, from one buffer into
// the other: memory-bound, one thread per interior point, and the collapsed
// loop's index arithmetic is on the critical path. Twin: stencil3d.cu.
// usage: stencil3d [--small] [--n N]
#include "../common/stencil3d.h"
#include "../common/args.h"
#include "../common/timing.h"

int main(int argc, char **argv) {
  const int n = bench_option(argc, argv, "--n",
                             bench_flag(argc, argv, "--small") ? 40 : 512);
  const long cells = (long)n * n * n;
  double *u = malloc(cells * sizeof(double)),
         *v = malloc(cells * sizeof(double));
  stencil3d_init(u, cells);
  double samples[BENCH_REPS];
#pragma omp target data map(to : u[:cells]) map(from : v[:cells])
  {
    for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
      double t0 = bench_now_us();
#pragma omp target teams distribute parallel for collapse(3)
      for (int i = 1; i < n - 1; ++i)
        for (int j = 1; j < n - 1; ++j)
          for (int k = 1; k < n - 1; ++k)
            v[((long)i * n + j) * n + k] = stencil3d_point(u, n, i, j, k);
      bench_sample(samples, r, BENCH_WARMUP, t0);
    }
  }
  if (stencil3d_check(u, v, n))
    return 1;
  bench_report("stencil3d", bench_median(samples, BENCH_REPS));
  return 0;
}
