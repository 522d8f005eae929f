// Nested parallelism: `target teams distribute` over an outer loop with a
// `parallel for` over an inner loop (fork-join in every team), against the
// flat SPMD version of the same computation (`collapse(2)`), at several
// outer:inner ratios of the same total work.
// BENCH-FLAGS: -mllvm -openmp-opt-disable-spmdization
#include "../common/timing.h"
#include <math.h>

enum { Total = 1 << 24, Reps = 21, WarmUp = 3 };

static void nested(const double *in, double *out, int outer, int inner) {
#pragma omp target teams distribute thread_limit(128)
  for (int o = 0; o < outer; ++o) {
    const double *row = in + (long)o * inner;
    double *dst = out + (long)o * inner;
#pragma omp parallel for
    for (int i = 0; i < inner; ++i)
      dst[i] = sqrt(row[i]) * 0.5 + 1.0;
  }
}

static void flat(const double *in, double *out, int outer, int inner) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int o = 0; o < outer; ++o)
    for (int i = 0; i < inner; ++i)
      out[(long)o * inner + i] = sqrt(in[(long)o * inner + i]) * 0.5 + 1.0;
}

typedef void (*variant_fn)(const double *, double *, int, int);

static double median_us(variant_fn fn, const double *in, double *out, int outer,
                        int inner) {
  double samples[Reps];
  for (int r = 0; r < WarmUp + Reps; ++r) {
    double t0 = bench_now_us();
    fn(in, out, outer, inner);
    bench_sample(samples, r, WarmUp, t0);
  }
  return bench_median(samples, Reps);
}

int main(void) {
  double *in = malloc(Total * sizeof(double)), *out = malloc(Total * sizeof(double));
  for (long k = 0; k < Total; ++k)
    in[k] = (double)(k % 1000);
  const int inners[] = {32, 256, 4096, 65536};
  int wrong = 0;
#pragma omp target data map(to : in[:Total]) map(alloc : out[:Total])
  {
    for (int v = 0; v < 4; ++v) {
      int inner = inners[v], outer = Total / inner;
      char label[64];
      snprintf(label, sizeof label, "nested_%dx%d", outer, inner);
      bench_report(label, median_us(nested, in, out, outer, inner));
#pragma omp target update from(out[:Total])
      for (long k = 0; k < Total; k += 997)
        wrong |= fabs(out[k] - (sqrt(in[k]) * 0.5 + 1.0)) > 1e-12;
      snprintf(label, sizeof label, "flat_%dx%d", outer, inner);
      bench_report(label, median_us(flat, in, out, outer, inner));
    }
  }
  if (wrong) {
    fprintf(stderr, "nested: wrong result\n");
    return 1;
  }
  return 0;
}
