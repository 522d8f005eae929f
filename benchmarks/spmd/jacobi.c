// One 2-D Jacobi sweep (5-point average) over a 4096 x 4096 grid with
// `collapse(2)`: memory-bound, one thread per interior point, the grid size a
// compile-time constant. Twin: jacobi.cu.
#include "../common/jacobi_benchmark.h"

enum { GridSize = 4096 };

// The loop bounds are constants: the sweep ignores the run-time n, which
// jacobi_benchmark passes as GridSize.
static void sweep(const double *u, double *v, int n) {
  (void)n;
#pragma omp target teams distribute parallel for collapse(2)
  for (int i = 1; i < GridSize - 1; ++i)
    for (int j = 1; j < GridSize - 1; ++j)
      v[(long)i * GridSize + j] = jacobi_point(u, GridSize, i, j);
}

int main(void) { return jacobi_benchmark("jacobi2d", GridSize, sweep); }
