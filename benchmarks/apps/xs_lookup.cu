// CUDA twin of xs_lookup.c: one thread per lookup in blocks of 256, the
// tables copied with cudaMemcpy from the program's (pageable) memory.
// xs_total times what the OpenMP program's target data region does:
// allocate, copy the tables in, look up, copy the results out, free.
#include "../common/args.h"
#include "../common/device_copy.cuh"
#include "../common/timing.h"
#include "../common/xs_tables.h"

enum { KernelReps = 11, TotalReps = 5 };

__global__ void lookups_kernel(long lookups, const double *union_energy,
                               long union_points, const int *union_index,
                               const xs_point *grid, int nuclides, int points,
                               const int *material_start,
                               const int *material_nuclide,
                               const double *material_density,
                               double *results) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < lookups)
    xs_lookup(i, union_energy, union_points, union_index, grid, nuclides,
              points, material_start, material_nuclide, material_density,
              &results[i * XsChannels]);
}

// Device copies of the tables.
struct device_tables {
  double *union_energy, *material_density, *results;
  int *union_index, *material_start, *material_nuclide;
  xs_point *grid;
};

static device_tables tables_to_device(const xs_tables &t, long lookups) {
  const int entries = t.materials.start[MaterialCount];
  device_tables d;
  d.union_energy = copy_in(t.union_energy, t.union_points);
  d.union_index = copy_in(t.union_index, t.union_points * t.nuclides);
  d.grid = copy_in(t.grid, t.union_points);
  d.material_start = copy_in(t.materials.start, MaterialCount + 1);
  d.material_nuclide = copy_in(t.materials.nuclide, entries);
  d.material_density = copy_in(t.materials.density, entries);
  CUDA_CHECK(cudaMalloc(&d.results, lookups * XsChannels * sizeof(double)));
  return d;
}

static void tables_free(device_tables &d) {
  CUDA_CHECK(cudaFree(d.union_energy));
  CUDA_CHECK(cudaFree(d.union_index));
  CUDA_CHECK(cudaFree(d.grid));
  CUDA_CHECK(cudaFree(d.material_start));
  CUDA_CHECK(cudaFree(d.material_nuclide));
  CUDA_CHECK(cudaFree(d.material_density));
  CUDA_CHECK(cudaFree(d.results));
}

static void run_lookups(const xs_tables &t, const device_tables &d,
                        long lookups) {
  const int threads = 256;
  lookups_kernel<<<(lookups + threads - 1) / threads, threads>>>(
      lookups, d.union_energy, t.union_points, d.union_index, d.grid,
      t.nuclides, t.points, d.material_start, d.material_nuclide,
      d.material_density, d.results);
  CUDA_CHECK(cudaGetLastError());
}

int main(int argc, char **argv) {
  const int small = bench_flag(argc, argv, "--small");
  const int nuclides = bench_option(argc, argv, "--nuclides", small ? 24 : 240);
  const int points = bench_option(argc, argv, "--points", small ? 100 : 4000);
  const long lookups =
      bench_option(argc, argv, "--lookups", small ? 20000 : 1L << 22);
  xs_tables t = xs_make(nuclides, points);
  printf("xs_lookup: %d nuclides x %d points, %.0f MB of tables, %ld lookups\n",
         nuclides, points, xs_table_bytes(&t) / 1e6, lookups);
  const size_t result_bytes = lookups * XsChannels * sizeof(double);
  double *results = (double *)malloc(result_bytes);
  CUDA_CHECK(cudaFree(0)); // create the context before timing, as OpenMP's
                           // untimed first run does

  double total[TotalReps];
  for (int r = 0; r < 1 + TotalReps; ++r) {
    double t0 = bench_now_us();
    device_tables d = tables_to_device(t, lookups);
    run_lookups(t, d, lookups);
    CUDA_CHECK(
        cudaMemcpy(results, d.results, result_bytes, cudaMemcpyDeviceToHost));
    tables_free(d);
    bench_sample(total, r, 1, t0);
  }
  if (xs_check(&t, results, lookups))
    return 1;

  double kernel[KernelReps];
  device_tables d = tables_to_device(t, lookups);
  for (int r = 0; r < BENCH_WARMUP + KernelReps; ++r) {
    double t0 = bench_now_us();
    run_lookups(t, d, lookups);
    bench_sample(kernel, r, BENCH_WARMUP, t0);
  }
  CUDA_CHECK(
      cudaMemcpy(results, d.results, result_bytes, cudaMemcpyDeviceToHost));
  tables_free(d);
  if (xs_check(&t, results, lookups))
    return 1;
  bench_report("xs_kernel", bench_median(kernel, KernelReps));
  bench_report("xs_total", bench_median(total, TotalReps));
  xs_free(&t);
  free(results);
  return 0;
}
