// CUDA twin of dot.c: grid-stride partial sums, warp shuffles, one shared
// memory step per block and one atomicAdd per block; the result is copied back
// to the host like the OpenMP reduction variable.
#include "../common/cuda_check.h"
#include "../common/timing.h"
#include "../common/vector_kernels.cuh"
#include "../common/vectors.h"

int main() {
  const long n = 1L << 26;
  double *x = (double *)malloc(n * sizeof(double)),
         *y = (double *)malloc(n * sizeof(double));
  double expected = dot_init(x, y, n);
  double *dx, *dy, *dResult;
  CUDA_CHECK(cudaMalloc(&dx, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dy, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dResult, sizeof(double)));
  CUDA_CHECK(cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dy, y, n * sizeof(double), cudaMemcpyHostToDevice));
  const int blocks = fullGrid(dot<double>, 256);
  double samples[BENCH_REPS], sum = 0.0;
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    sum = 0.0;
    CUDA_CHECK(cudaMemcpy(dResult, &sum, sizeof(double), cudaMemcpyHostToDevice));
    dot<<<blocks, 256>>>(dx, dy, dResult, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(&sum, dResult, sizeof(double), cudaMemcpyDeviceToHost));
    if (r >= BENCH_WARMUP)
      samples[r - BENCH_WARMUP] = bench_now_us() - t0;
    if (fabs(sum - expected) > 1e-9 * fabs(expected)) {
      fprintf(stderr, "dot: wrong result %f, expected %f\n", sum, expected);
      return 1;
    }
  }
  bench_report("dot", bench_median(samples, BENCH_REPS));
  return 0;
}
