// The 2-D Jacobi sweep of jacobi.c with the grid size a run-time value
// (default 4096^2), as programs read it: the `collapse(2)` loop's trip count
// and the division of the collapsed index by the row length are then not
// known when compiling, so their cost is the index arithmetic's. Twin:
// jacobi_collapse2.cu.
// usage: jacobi_collapse2 [--small] [--n N]
#include "../common/args.h"
#include "../common/jacobi.h"
#include "../common/timing.h"
#include <stdlib.h>

int main(int argc, char **argv) {
  const int n = bench_option(argc, argv, "--n",
                             bench_flag(argc, argv, "--small") ? 64 : 4096);
  const long cells = (long)n * n;
  double *u = malloc(cells * sizeof(double)),
         *v = malloc(cells * sizeof(double));
  jacobi_init(u, cells);
  for (long k = 0; k < cells; ++k)
    v[k] = 0.0;
  double samples[BENCH_REPS];
#pragma omp target data map(to : u[:cells]) map(tofrom : v[:cells])
  {
    for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
      double t0 = bench_now_us();
#pragma omp target teams distribute parallel for collapse(2)
      for (int i = 1; i < n - 1; ++i)
        for (int j = 1; j < n - 1; ++j)
          v[(long)i * n + j] = jacobi_point(u, n, i, j);
      if (r >= BENCH_WARMUP)
        samples[r - BENCH_WARMUP] = bench_now_us() - t0;
    }
  }
  if (jacobi_check(u, v, n))
    return 1;
  bench_report("jacobi_collapse2", bench_median(samples, BENCH_REPS));
  return 0;
}
