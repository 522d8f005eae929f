// CUDA twin of jacobi_collapse2.c: the Jacobi twin (common/jacobi_twin.cuh)
// with the grid size from the command line.
// usage: jacobi_collapse2 [--small] [--n N]
#include "../common/args.h"
#include "../common/jacobi_twin.cuh"

int main(int argc, char **argv) {
  const int n = bench_option(argc, argv, "--n",
                             bench_flag(argc, argv, "--small") ? 64 : 4096);
  return jacobi_twin("jacobi_collapse2", n);
}
