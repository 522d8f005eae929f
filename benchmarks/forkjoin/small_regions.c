// Back-to-back small target regions: 10,000 regions of one team of 256
// threads over a 4096-element vector kept on the GPU by a `target data`
// region; the host reads the vector (`target update from`) only after the
// last one. RESULT small_region is the time of the whole batch, that update
// included, per region: what a region costs when nothing waits for it,
// against 10,000 CUDA launches of the same kernel (small_regions.cu).
// usage: small_regions [--small] [--regions N]
#include "../common/small_regions.h"
#include "../common/args.h"
#include "../common/timing.h"

enum { Batches = 5 };

int main(int argc, char **argv) {
  const long regions = bench_option(
      argc, argv, "--regions", bench_flag(argc, argv, "--small") ? 100 : 10000);
  const int n = SmallRegionElements;
  double x[SmallRegionElements], step[SmallRegionElements];
  small_regions_init(x, step, n);
  double samples[Batches];
#pragma omp target data map(tofrom : x[:n]) map(to : step[:n])
  {
    for (int b = 0; b < 1 + Batches; ++b) {
      double t0 = bench_now_us();
      for (long r = 0; r < regions; ++r) {
#pragma omp target teams distribute parallel for num_teams(1)                  \
    thread_limit(SmallRegionThreads)
        for (int i = 0; i < n; ++i)
          x[i] += step[i];
      }
#pragma omp target update from(x[:n])
      bench_sample(samples, b, 1, t0);
    }
  }
  if (small_regions_check(x, step, n, (1 + Batches) * regions))
    return 1;
  bench_report("small_region", bench_median(samples, Batches) / regions);
  return 0;
}
