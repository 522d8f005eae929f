// OpenMP written the CUDA way: `target teams num_teams(T) thread_limit(256)`
// with an array declared in the teams region, so one per team, which the
// team's threads write and read in a `parallel` region between
// `omp barrier`s, as CUDA blocks use __shared__ arrays and __syncthreads.
// RESULT team_column_deviation: the standard deviation of every column of a
// 2048 x 32768 matrix, each team summing a tile of 32 columns into its arrays
// with `omp atomic update`. RESULT team_adjacent_difference: out[i] = in[i] -
// in[i - 1] over 2^26 doubles, each team staging 256 elements in its array.
// Twin: team_arrays.cu.
// usage: team_arrays [--small] [--rows N] [--columns N] [--n N]
#include "../common/team_arrays.h"
#include "../common/args.h"
#include "../common/timing.h"
#include <omp.h>

static void column_deviation(const double *matrix, int rows, int columns,
                             double *deviation) {
  const int tiles = columns / TileColumns;
#pragma omp target teams num_teams(tiles) thread_limit(TeamThreads)
  {
    double sum[TileColumns], squares[TileColumns];
#pragma omp parallel
    {
      const int t = omp_get_thread_num(), threads = omp_get_num_threads();
      // Each thread sums one column of the tile over every groups-th row.
      const int groups = threads >= TileColumns ? threads / TileColumns : 1;
      for (int tile = omp_get_team_num(); tile < tiles;
           tile += omp_get_num_teams()) {
        for (int c = t; c < TileColumns; c += threads)
          sum[c] = squares[c] = 0.0;
#pragma omp barrier
        for (int item = t; item < TileColumns * groups; item += threads) {
          const int c = item % TileColumns;
          const double *column = matrix + (long)tile * TileColumns + c;
          double s = 0.0, s2 = 0.0;
          for (int r = item / TileColumns; r < rows; r += groups) {
            const double x = column[(long)r * columns];
            s += x;
            s2 += x * x;
          }
#pragma omp atomic update
          sum[c] += s;
#pragma omp atomic update
          squares[c] += s2;
        }
#pragma omp barrier
        for (int c = t; c < TileColumns; c += threads) {
          const double mean = sum[c] / rows;
          deviation[(long)tile * TileColumns + c] =
              sqrt(squares[c] / rows - mean * mean);
        }
        // The next tile clears the arrays only after they are read.
#pragma omp barrier
      }
    }
  }
}

static void adjacent_difference(const double *in, double *out, long n) {
  const int teams = (int)((n + TeamThreads - 1) / TeamThreads);
#pragma omp target teams num_teams(teams) thread_limit(TeamThreads)
  {
    double tile[TeamThreads];
#pragma omp parallel
    {
      const int t = omp_get_thread_num(), threads = omp_get_num_threads();
      for (long base = omp_get_team_num() * (long)TeamThreads; base < n;
           base += omp_get_num_teams() * (long)TeamThreads) {
        for (int k = t; k < TeamThreads && base + k < n; k += threads)
          tile[k] = in[base + k];
#pragma omp barrier
        for (int k = t; k < TeamThreads && base + k < n; k += threads) {
          const long i = base + k;
          out[i] = k   ? tile[k] - tile[k - 1]
                   : i ? tile[0] - in[i - 1]
                       : tile[0];
        }
        // The next block overwrites the array only after it is read.
#pragma omp barrier
      }
    }
  }
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
  double *matrix = malloc(cells * sizeof(double)),
         *deviation = malloc(columns * sizeof(double)),
         *in = malloc(n * sizeof(double)), *out = malloc(n * sizeof(double));
  team_arrays_init(matrix, cells, in, n);
  double deviation_samples[BENCH_REPS], difference_samples[BENCH_REPS];
  // clang-format off
#pragma omp target data map(to: matrix[:cells], in[:n])                        \
                        map(from: deviation[:columns], out[:n])
  // clang-format on
  {
    for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
      double t0 = bench_now_us();
      column_deviation(matrix, rows, columns, deviation);
      bench_sample(deviation_samples, r, BENCH_WARMUP, t0);
    }
    for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {
      double t0 = bench_now_us();
      adjacent_difference(in, out, n);
      bench_sample(difference_samples, r, BENCH_WARMUP, t0);
    }
  }
  if (column_deviation_check(matrix, rows, columns, deviation) ||
      adjacent_difference_check(in, out, n))
    return 1;
  bench_report("team_column_deviation",
               bench_median(deviation_samples, BENCH_REPS));
  bench_report("team_adjacent_difference",
               bench_median(difference_samples, BENCH_REPS));
  return 0;
}
