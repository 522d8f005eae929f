// The 2-D Jacobi sweep of jacobi.c with the grid size a run-time value
// (default 4096^2), as programs read it: the `collapse(2)` loop's trip count
// and the division of the collapsed index by the row length are then not
// known when compiling, so their cost is the index arithmetic's. Twin:
// jacobi_collapse2.cu.
// usage: jacobi_collapse2 [--small] [--n N]
#include "../common/args.h"
#include "../common/jacobi_benchmark.h"

static void sweep(const double *u, double *v, int n) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      v[(long)i * n + j] = jacobi_point(u, n, i, j);
}

int main(int argc, char **argv) {
  const int n = bench_option(argc, argv, "--n",
                             bench_flag(argc, argv, "--small") ? 64 : 4096);
  return jacobi_benchmark("jacobi_collapse2", n, sweep);
}
