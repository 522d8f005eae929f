// One 2-D Jacobi sweep (5-point average) over an N x N grid with
// `collapse(2)`: memory-bound, one thread per interior point. Twin: jacobi.cu.
#include "../common/timing.h"
#include <math.h>

int main(void) {
  const int n = 4096;
  const long cells = (long)n * n;
  double *u = malloc(cells * sizeof(double)), *v = malloc(cells * sizeof(double));
  for (long k = 0; k < cells; ++k) {
    u[k] = (double)(k % 97) * 0.01;
    v[k] = 0.0;
  }
  double samples[BENCH_REPS];
#pragma omp target data map(to : u[:cells]) map(tofrom : v[:cells])
  {
    for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
      double t0 = bench_now_us();
#pragma omp target teams distribute parallel for collapse(2)
      for (int i = 1; i < n - 1; ++i)
        for (int j = 1; j < n - 1; ++j)
          v[(long)i * n + j] = 0.25 * (u[(long)(i - 1) * n + j] + u[(long)(i + 1) * n + j] +
                                       u[(long)i * n + j - 1] + u[(long)i * n + j + 1]);
      if (r >= BENCH_WARMUP)
        samples[r - BENCH_WARMUP] = bench_now_us() - t0;
    }
  }
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j) {
      double expected = 0.25 * (u[(long)(i - 1) * n + j] + u[(long)(i + 1) * n + j] +
                                u[(long)i * n + j - 1] + u[(long)i * n + j + 1]);
      if (fabs(v[(long)i * n + j] - expected) > 1e-12) {
        fprintf(stderr, "jacobi: wrong result at %d,%d\n", i, j);
        return 1;
      }
    }
  bench_report("jacobi2d", bench_median(samples, BENCH_REPS));
  return 0;
}
