// MPI + OpenMP offload: one MPI rank per GPU, a 2-D heat (Jacobi) problem split
// in slabs of rows over the ranks, each slab kept on its rank's GPU.
// Build (from the repository root; OpenMPI's mpicc runs OMPI_CC, which must be
// an absolute path or on the PATH):
//   OMPI_CC=$PWD/build/bin/clang mpicc -O2 -fopenmp -fopenmp-targets=nvptx64 \
//     examples/mpi-offload.c -o mpi-offload
// Run:   mpirun -np 2 ./mpi-offload [N [SWEEPS]]   (an N x N grid; default
//        512 x 512, 500 sweeps)
// Rank r offloads to GPU (local rank % GPUs), or runs on the host when the
// machine has none. Halo rows cross between neighbouring ranks through host
// memory (target update from, MPI_Sendrecv, target update to), so any MPI
// works, CUDA-aware or not. Rank 0 gathers the grid and checks it, and the
// residual, against the same sweeps done serially on the host: the arithmetic
// is the same, so they must be bitwise equal.
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The fixed boundary and the initial interior: one hot edge and a ramp, so the
// heat flows and every sweep changes something.
static double initial(int row, int col, int n) {
  if (row == 0)
    return 1.0;
  if (col == 0)
    return (double)row / (n - 1);
  return 0.0;
}

// Point k of a grid with rows of n: writes its new value to unew and returns
// how much it changed. The GPU sweeps and the host reference both call it,
// so both give identical bits.
#pragma omp declare target
static double relax(const double *u, double *unew, int k, int n) {
  double v = 0.25 * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1]);
  unew[k] = v;
  return v > u[k] ? v - u[k] : u[k] - v;
}
#pragma omp end declare target

// One Jacobi sweep of the rows [first, last) of a slab whose row 0 is global
// row lo - 1; returns the largest change.
static double sweep(const double *u, double *unew, int n, int lo, int first,
                    int last) {
  double change = 0.0;
  for (int g = first; g < last; ++g)
    for (int j = 1; j < n - 1; ++j) {
      double d = relax(u, unew, (g - lo + 1) * n + j, n);
      change = d > change ? d : change;
    }
  return change;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int n = argc > 1 ? atoi(argv[1]) : 512;
  const int sweeps = argc > 2 ? atoi(argv[2]) : 500;
  if (n < 3 || n < size || sweeps < 1) {
    if (rank == 0)
      fprintf(stderr,
              "usage: mpi-offload [N >= 3 and >= ranks [SWEEPS >= 1]]\n");
    MPI_Finalize();
    return 2;
  }

  // Ranks that share a node share its GPUs: number them within the node (on
  // one node this is the rank itself), so that each gets a GPU of its own
  // however mpirun places ranks across nodes.
  MPI_Comm node;
  int local_rank;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL,
                      &node);
  MPI_Comm_rank(node, &local_rank);
  MPI_Comm_free(&node);
  const int ngpus = omp_get_num_devices();
  const int dev = ngpus > 0 ? local_rank % ngpus : omp_get_initial_device();

  // Rows [lo, hi) are this rank's; the slab holds them between two halo rows.
  const int lo = rank * (n / size) + (rank < n % size ? rank : n % size);
  const int rows = n / size + (rank < n % size);
  const int hi = lo + rows;
  const int first = lo > 1 ? lo : 1, last = hi < n - 1 ? hi : n - 1;
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  const size_t len = (size_t)(rows + 2) * n;
  double *u = malloc(len * sizeof(double));
  double *unew = malloc(len * sizeof(double));
  for (int i = 0; i < rows + 2; ++i)
    for (int j = 0; j < n; ++j) {
      int g = lo - 1 + i;
      u[(size_t)i * n + j] = g >= 0 && g < n ? initial(g, j, n) : 0.0;
    }
  memcpy(unew, u, len * sizeof(double));

  // Where the rank's regions really run: the host when there is no GPU, or
  // when offloading is disabled.
  int on_host = 1;
#pragma omp target device(dev) map(from : on_host)
  on_host = omp_is_initial_device();

  // The time the distributed sweeps take, copies to and from the GPUs
  // included (the serial check afterwards is not).
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  double residual = 0.0;
#pragma omp target data device(dev) map(to : u[0 : len], unew[0 : len])
  {
    for (int s = 0; s < sweeps; ++s) {
      // Halo exchange through host memory: the first and last owned rows come
      // back from the GPU, the neighbours' rows go to it (one section of u
      // per directive, as OpenMP asks).
#pragma omp target update device(dev) from(u[n : n])
#pragma omp target update device(dev) from(u[(size_t)rows * n : n])
      MPI_Sendrecv(u + n, n, MPI_DOUBLE, up, 0, u + (size_t)(rows + 1) * n, n,
                   MPI_DOUBLE, down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Sendrecv(u + (size_t)rows * n, n, MPI_DOUBLE, down, 1, u, n,
                   MPI_DOUBLE, up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma omp target update device(dev) to(u[0 : n])
#pragma omp target update device(dev) to(u[(size_t)(rows + 1) * n : n])

      double change = 0.0;
#pragma omp target teams distribute parallel for collapse(2) device(dev)       \
    reduction(max : change)
      for (int g = first; g < last; ++g)
        for (int j = 1; j < n - 1; ++j) {
          double d = relax(u, unew, (g - lo + 1) * n + j, n);
          change = d > change ? d : change;
        }
      // The largest change over the whole grid: a maximum, so it does not
      // depend on the order ranks and threads combine it in.
      MPI_Allreduce(&change, &residual, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      double *t = u;
      u = unew;
      unew = t;
    }
#pragma omp target update device(dev) from(u[n : (size_t)rows * n])
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const double seconds = MPI_Wtime() - start;

  // Rank 0 gathers the owned rows, and where each rank ran.
  int where[2] = {dev, on_host}, *all = NULL, *counts = NULL, *displs = NULL;
  double *grid = NULL;
  if (rank == 0) {
    all = malloc(2 * size * sizeof(int));
    counts = malloc(size * sizeof(int));
    displs = malloc(size * sizeof(int));
    grid = malloc((size_t)n * n * sizeof(double));
    for (int r = 0; r < size; ++r) {
      counts[r] = (n / size + (r < n % size)) * n;
      displs[r] = r == 0 ? 0 : displs[r - 1] + counts[r - 1];
    }
  }
  MPI_Gather(where, 2, MPI_INT, all, 2, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Gatherv(u + n, rows * n, MPI_DOUBLE, grid, counts, displs, MPI_DOUBLE, 0,
              MPI_COMM_WORLD);

  int wrong = 0;
  if (rank == 0) {
    // The same sweeps serially on the host over the whole grid (a slab with
    // lo = 1 and its halo rows the grid's first and last rows).
    double *a = malloc((size_t)n * n * sizeof(double));
    double *b = malloc((size_t)n * n * sizeof(double));
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        a[(size_t)i * n + j] = initial(i, j, n);
    memcpy(b, a, (size_t)n * n * sizeof(double));
    double expected = 0.0;
    for (int s = 0; s < sweeps; ++s) {
      expected = sweep(a, b, n, 1, 1, n - 1);
      double *t = a;
      a = b;
      b = t;
    }
    int mismatches = 0;
    for (size_t k = 0; k < (size_t)n * n; ++k)
      mismatches += grid[k] != a[k];
    wrong = mismatches != 0 || residual != expected;

    printf("mpi-offload: %d rank%s, %d GPU%s (", size, size == 1 ? "" : "s",
           ngpus, ngpus == 1 ? "" : "s");
    for (int r = 0; r < size; ++r) {
      if (all[2 * r + 1])
        printf("%srank %d on the host", r ? ", " : "", r);
      else
        printf("%srank %d on GPU %d", r ? ", " : "", r, all[2 * r]);
    }
    printf("), %d x %d, %d sweeps in %.3f s, residual %.3e: %s", n, n, sweeps,
           seconds, residual, wrong ? "WRONG" : "correct");
    if (wrong)
      printf(" (%d of %d points differ, residual %.17g, expected %.17g)",
             mismatches, n * n, residual, expected);
    printf("\n");
    free(a);
    free(b);
    free(all);
    free(counts);
    free(displs);
    free(grid);
  }
  // Every rank exits with the verdict, so mpirun's status says it too.
  MPI_Bcast(&wrong, 1, MPI_INT, 0, MPI_COMM_WORLD);
  free(u);
  free(unew);
  MPI_Finalize();
  return wrong;
}
