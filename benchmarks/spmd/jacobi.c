// One 2-D Jacobi sweep (5-point average) over an N x N grid with
// `collapse(2)`: memory-bound, one thread per interior point. Twin: jacobi.cu.
#include "../common/jacobi.h"
#include "../common/timing.h"

int main(void) {
  const int n = 4096;
  const long cells = (long)n * n;
  double *u = malloc(cells * sizeof(double)), *v = malloc(cells * sizeof(double));
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
  bench_report("jacobi2d", bench_median(samples, BENCH_REPS));
  return 0;
}
