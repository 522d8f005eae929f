// The five classic memory-bandwidth kernels on 2^26 doubles: copy, scale,
// add, triad and a dot product (`reduction(+)`), each timed on its own, one
// target region per sample, data on the GPU. Each kernel reads the previous
// one's output (common/vectors.h). Twin: stream5.cu.
// usage: stream5 [--small] [--n N]
#include "../common/args.h"
#include "../common/timing.h"
#include "../common/vectors.h"

enum { Copy, Scale, Add, Triad, Dot, Kernels };

int main(int argc, char **argv) {
  const long n = bench_option(
      argc, argv, "--n", bench_flag(argc, argv, "--small") ? 10000 : 1L << 26);
  const double s = Stream5Scale;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double)),
         *c = malloc(n * sizeof(double));
  stream5_init(a, b, c, n);
  double samples[Kernels][BENCH_REPS], sum = 0.0;
#pragma omp target data map(tofrom : a[:n], b[:n], c[:n])
  {
    for (int kernel = Copy; kernel < Kernels; ++kernel)
      for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
        double t0 = bench_now_us();
        switch (kernel) {
        case Copy:
#pragma omp target teams distribute parallel for
          for (long i = 0; i < n; ++i)
            c[i] = a[i];
          break;
        case Scale:
#pragma omp target teams distribute parallel for
          for (long i = 0; i < n; ++i)
            b[i] = s * c[i];
          break;
        case Add:
#pragma omp target teams distribute parallel for
          for (long i = 0; i < n; ++i)
            c[i] = a[i] + b[i];
          break;
        case Triad:
#pragma omp target teams distribute parallel for
          for (long i = 0; i < n; ++i)
            a[i] = b[i] + s * c[i];
          break;
        case Dot:
          sum = 0.0;
#pragma omp target teams distribute parallel for reduction(+ : sum)
          for (long i = 0; i < n; ++i)
            sum += a[i] * b[i];
          break;
        }
        bench_sample(samples[kernel], r, BENCH_WARMUP, t0);
      }
  }
  if (stream5_check(a, b, c, sum, n))
    return 1;
  const char *names[Kernels] = {"stream5_copy", "stream5_scale", "stream5_add",
                                "stream5_triad", "stream5_dot"};
  for (int kernel = Copy; kernel < Kernels; ++kernel)
    bench_report(names[kernel], bench_median(samples[kernel], BENCH_REPS));
  return 0;
}
