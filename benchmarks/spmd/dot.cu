// CUDA twin of dot.c: grid-stride partial sums, warp shuffles, one shared
// memory step per block and one atomicAdd per block, in DotTeams blocks (or
// --teams T) of DotThreads threads (common/vectors.h); the result is copied
// back to the host like the OpenMP reduction variable.
// usage: dot [--small] [--n N] [--teams T]
#include "../common/args.h"
#include "../common/cuda_check.h"
#include "../common/timing.h"
#include "../common/vector_kernels.cuh"
#include "../common/vectors.h"

int main(int argc, char **argv) {
  const int small = bench_flag(argc, argv, "--small");
  const long n = bench_option(argc, argv, "--n", small ? 10000 : 1L << 26);
  // On the host (--small) each team is a thread: a few are enough.
  const int teams = bench_option(argc, argv, "--teams", small ? 2 : DotTeams);
  double *x = (double *)malloc(n * sizeof(double)),
         *y = (double *)malloc(n * sizeof(double));
  const double expected = dot_init(x, y, n);
  double *dx, *dy, *dResult;
  CUDA_CHECK(cudaMalloc(&dx, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dy, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dResult, sizeof(double)));
  CUDA_CHECK(cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dy, y, n * sizeof(double), cudaMemcpyHostToDevice));
  double samples[BENCH_REPS], sum = 0.0;
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    sum = 0.0;
    CUDA_CHECK(cudaMemcpy(dResult, &sum, sizeof(double), cudaMemcpyHostToDevice));
    dot<<<teams, DotThreads>>>(dx, dy, dResult, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(&sum, dResult, sizeof(double), cudaMemcpyDeviceToHost));
    bench_sample(samples, r, BENCH_WARMUP, t0);
    if (fabs(sum - expected) > 1e-9 * fabs(expected)) {
      fprintf(stderr, "dot: wrong result %f, expected %f\n", sum, expected);
      return 1;
    }
  }
  bench_report("dot", bench_median(samples, BENCH_REPS));
  return 0;
}
