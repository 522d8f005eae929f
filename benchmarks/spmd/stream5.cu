// CUDA twin of stream5.c: the kernels of common/vector_kernels.cuh, each
// launched and waited for per sample; the dot product's result is copied to
// the host like the OpenMP reduction variable (as in dot.cu).
#include "../common/args.h"
#include "../common/cuda_check.h"
#include "../common/timing.h"
#include "../common/vector_kernels.cuh"
#include "../common/vectors.h"

enum { Copy, Scale, Add, Triad, Dot, Kernels };

int main(int argc, char **argv) {
  const long n = bench_option(
      argc, argv, "--n", bench_flag(argc, argv, "--small") ? 10000 : 1L << 26);
  const double s = Stream5Scale;
  double *a = (double *)malloc(n * sizeof(double)),
         *b = (double *)malloc(n * sizeof(double)),
         *c = (double *)malloc(n * sizeof(double));
  stream5_init(a, b, c, n);
  double *da, *db, *dc, *dsum;
  CUDA_CHECK(cudaMalloc(&da, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&db, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dc, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dsum, sizeof(double)));
  CUDA_CHECK(cudaMemcpy(da, a, n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, b, n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dc, c, n * sizeof(double), cudaMemcpyHostToDevice));
  const int threads = 256;
  const int blocks[Kernels] = {
      fullGrid(copy<double>, threads), fullGrid(scale<double>, threads),
      fullGrid(add<double>, threads), fullGrid(triad<double>, threads),
      fullGrid(dot<double>, threads)};
  double samples[Kernels][BENCH_REPS], sum = 0.0;
  for (int kernel = Copy; kernel < Kernels; ++kernel)
    for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
      double t0 = bench_now_us();
      switch (kernel) {
      case Copy:
        copy<<<blocks[kernel], threads>>>(dc, da, n);
        break;
      case Scale:
        scale<<<blocks[kernel], threads>>>(db, dc, s, n);
        break;
      case Add:
        add<<<blocks[kernel], threads>>>(dc, da, db, n);
        break;
      case Triad:
        triad<<<blocks[kernel], threads>>>(da, db, dc, s, n);
        break;
      case Dot:
        sum = 0.0;
        CUDA_CHECK(
            cudaMemcpy(dsum, &sum, sizeof(double), cudaMemcpyHostToDevice));
        dot<<<blocks[kernel], threads>>>(da, db, dsum, n);
        break;
      }
      CUDA_CHECK(cudaGetLastError());
      if (kernel == Dot)
        CUDA_CHECK(
            cudaMemcpy(&sum, dsum, sizeof(double), cudaMemcpyDeviceToHost));
      bench_sample(samples[kernel], r, BENCH_WARMUP, t0);
    }
  CUDA_CHECK(cudaMemcpy(a, da, n * sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(b, db, n * sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(c, dc, n * sizeof(double), cudaMemcpyDeviceToHost));
  if (stream5_check(a, b, c, sum, n))
    return 1;
  const char *names[Kernels] = {"stream5_copy", "stream5_scale", "stream5_add",
                                "stream5_triad", "stream5_dot"};
  for (int kernel = Copy; kernel < Kernels; ++kernel)
    bench_report(names[kernel], bench_median(samples[kernel], BENCH_REPS));
  return 0;
}
