// CUDA twin of team_arrays.c: the same two kernels with __shared__ arrays,
// __syncthreads and atomicAdd on shared memory, one tile (32 columns) or one
// 256-element block per CUDA block.
#include "../common/args.h"
#include "../common/cuda_check.h"
#include "../common/team_arrays.h"
#include "../common/timing.h"

__global__ void column_deviation(const double *matrix, int rows, int columns,
                                 double *deviation) {
  __shared__ double sum[TileColumns], squares[TileColumns];
  const int c = threadIdx.x % TileColumns, group = threadIdx.x / TileColumns,
            groups = blockDim.x / TileColumns;
  if (threadIdx.x < TileColumns)
    sum[threadIdx.x] = squares[threadIdx.x] = 0.0;
  __syncthreads();
  const double *column = matrix + (long)blockIdx.x * TileColumns + c;
  double s = 0.0, s2 = 0.0;
  for (int r = group; r < rows; r += groups) {
    const double x = column[(long)r * columns];
    s += x;
    s2 += x * x;
  }
  atomicAdd(&sum[c], s);
  atomicAdd(&squares[c], s2);
  __syncthreads();
  if (threadIdx.x < TileColumns) {
    const double mean = sum[threadIdx.x] / rows;
    deviation[(long)blockIdx.x * TileColumns + threadIdx.x] =
        sqrt(squares[threadIdx.x] / rows - mean * mean);
  }
}

__global__ void adjacent_difference(const double *in, double *out, long n) {
  __shared__ double tile[TeamThreads];
  const int k = threadIdx.x;
  const long i = blockIdx.x * (long)TeamThreads + k;
  if (i < n)
    tile[k] = in[i];
  __syncthreads();
  if (i < n)
    out[i] = k ? tile[k] - tile[k - 1] : i ? tile[0] - in[i - 1] : tile[0];
}

int main(int argc, char **argv) {
  const int small = bench_flag(argc, argv, "--small");
  const int rows = bench_option(argc, argv, "--rows", small ? 64 : 2048);
  const int columns =
      bench_option(argc, argv, "--columns", small ? 256 : 32768);
  const long n = bench_option(argc, argv, "--n", small ? 10000 : 1L << 26);
  if (columns % TileColumns) {
    fprintf(stderr, "team_arrays: --columns must be a multiple of %d\n",
            TileColumns);
    return 2;
  }
  const long cells = (long)rows * columns;
  double *matrix = (double *)malloc(cells * sizeof(double)),
         *deviation = (double *)malloc(columns * sizeof(double)),
         *in = (double *)malloc(n * sizeof(double)),
         *out = (double *)malloc(n * sizeof(double));
  team_arrays_init(matrix, cells, in, n);
  double *d_matrix, *d_deviation, *d_in, *d_out;
  CUDA_CHECK(cudaMalloc(&d_matrix, cells * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&d_deviation, columns * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(d_matrix, matrix, cells * sizeof(double),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_in, in, n * sizeof(double), cudaMemcpyHostToDevice));
  double deviation_samples[BENCH_REPS], difference_samples[BENCH_REPS];
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    column_deviation<<<columns / TileColumns, TeamThreads>>>(
        d_matrix, rows, columns, d_deviation);
    CUDA_CHECK(cudaGetLastError());
    bench_sample(deviation_samples, r, BENCH_WARMUP, t0);
  }
  for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
    double t0 = bench_now_us();
    adjacent_difference<<<(n + TeamThreads - 1) / TeamThreads, TeamThreads>>>(
        d_in, d_out, n);
    CUDA_CHECK(cudaGetLastError());
    bench_sample(difference_samples, r, BENCH_WARMUP, t0);
  }
  CUDA_CHECK(cudaMemcpy(deviation, d_deviation, columns * sizeof(double),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(
      cudaMemcpy(out, d_out, n * sizeof(double), cudaMemcpyDeviceToHost));
  if (column_deviation_check(matrix, rows, columns, deviation) ||
      adjacent_difference_check(in, out, n))
    return 1;
  bench_report("team_column_deviation",
               bench_median(deviation_samples, BENCH_REPS));
  bench_report("team_adjacent_difference",
               bench_median(difference_samples, BENCH_REPS));
  return 0;
}
