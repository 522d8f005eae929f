// CUDA twin of triad.c: the kernel a CUDA programmer would write
// (common/vector_kernels.cuh), timed the same way.
#include "../common/cuda_check.h"
#include "../common/timing.h"
#include "../common/vector_kernels.cuh"
#include "../common/vectors.h"

int main() {
  const long n = 1L << 26;
  const double s = 3.0;
  double *a = (double *)malloc(n * sizeof(double)),
         *b = (double *)malloc(n * sizeof(double)),
         *c = (double *)malloc(n * sizeof(double));
  triad_init(b, c, n);
  double *da, *db, *dc;
  CUDA_CHECK(cudaMalloc(&da, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&db, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dc, n * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(db, b, n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dc, c, n * sizeof(double), cudaMemcpyHostToDevice));
  const int blocks = fullGrid(triad<double>, 256);
  double samples[BENCH_REPS];
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    triad<<<blocks, 256>>>(da, db, dc, s, n);
    CUDA_CHECK(cudaGetLastError());
    bench_sample(samples, r, BENCH_WARMUP, t0);
  }
  CUDA_CHECK(cudaMemcpy(a, da, n * sizeof(double), cudaMemcpyDeviceToHost));
  if (triad_check(a, b, c, s, n))
    return 1;
  bench_report("triad", bench_median(samples, BENCH_REPS));
  return 0;
}
