// STREAM triad a = b + s*c on the GPU with OpenMP: memory-bound, so it should
// run at the CUDA twin's (triad.cu) speed. Data stays on the GPU; each sample
// is one target region, launch to completion.
#include "../common/timing.h"
#include "../common/vectors.h"

int main(void) {
  const long n = 1L << 26;
  const double s = 3.0;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double)),
         *c = malloc(n * sizeof(double));
  triad_init(b, c, n);
  for (long i = 0; i < n; ++i)
    a[i] = -1.0;
  double samples[BENCH_REPS];
#pragma omp target data map(to : b[:n], c[:n]) map(tofrom : a[:n])
  {
    for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
      double t0 = bench_now_us();
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; ++i)
        a[i] = b[i] + s * c[i];
      bench_sample(samples, r, BENCH_WARMUP, t0);
    }
  }
  if (triad_check(a, b, c, s, n))
    return 1;
  bench_report("triad", bench_median(samples, BENCH_REPS));
  return 0;
}
