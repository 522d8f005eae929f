// Regions whose results come back as several small `from` maps: a region of
// one thread computes four scalars, each mapped from, 2,000 times in a row.
// RESULT small_results is the time of the batch per region, in microseconds:
// the launch, and the four copies back, which land in the runtime's pinned
// memory and wait for the device once for the region, not once each.
// usage: small_results [--regions N]
#include "../common/args.h"
#include "../common/timing.h"

enum { Batches = 5 };

int main(int argc, char **argv) {
  const long regions = bench_option(argc, argv, "--regions", 2000);
  double a = 0, b = 0, c = 0, d = 0, samples[Batches];
  int wrong = 0;
  for (int batch = 0; batch < 1 + Batches; ++batch) {
    double t0 = bench_now_us();
    for (long r = 0; r < regions; ++r) {
#pragma omp target map(from : a, b, c, d)
      {
        a = r;
        b = r + 1;
        c = r + 2;
        d = r + 3;
      }
      wrong |= a != r || d != r + 3;
    }
    bench_sample(samples, batch, 1, t0);
  }
  if (wrong || b != a + 1 || c != a + 2) {
    fprintf(stderr, "small_results: wrong results\n");
    return 1;
  }
  bench_report("small_results", bench_median(samples, Batches) / regions);
  return 0;
}
