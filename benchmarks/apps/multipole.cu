// CUDA twin of multipole.c: one thread per lookup in blocks of 256, the
// kernel timed with the data on the GPU.
#include "../common/args.h"
#include "../common/device_copy.cuh"
#include "../common/multipole.h"
#include "../common/timing.h"

enum { Reps = 7 };

__global__ void
multipole_kernel(long lookups, const int *pole_start, const mp_pole *poles,
                 const mp_window *windows, int window_count,
                 const double *doppler, const double *radius,
                 const int *material_start, const int *material_nuclide,
                 const double *material_density, double *results) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < lookups)
    mp_lookup(i, pole_start, poles, windows, window_count, doppler, radius,
              material_start, material_nuclide, material_density,
              &results[i * MpResults]);
}

int main(int argc, char **argv) {
  const int small = bench_flag(argc, argv, "--small");
  const int nuclides = bench_option(argc, argv, "--nuclides", small ? 16 : 200);
  const int poles = bench_option(argc, argv, "--poles", small ? 60 : 600);
  const int windows = bench_option(argc, argv, "--windows", small ? 6 : 60);
  const long lookups =
      bench_option(argc, argv, "--lookups", small ? 2000 : 1L << 20);
  mp_data d = mp_make(nuclides, poles, windows);
  const int entries = d.materials.start[MaterialCount];
  const size_t result_bytes = lookups * MpResults * sizeof(double);
  double *results = (double *)malloc(result_bytes), *d_results;
  int *d_pole_start = copy_in(d.pole_start, nuclides + 1);
  mp_pole *d_poles = copy_in(d.poles, d.pole_start[nuclides]);
  mp_window *d_windows = copy_in(d.window, (size_t)nuclides * windows);
  double *d_doppler = copy_in(d.doppler, nuclides);
  double *d_radius = copy_in(d.radius, nuclides);
  int *d_material_start = copy_in(d.materials.start, MaterialCount + 1);
  int *d_material_nuclide = copy_in(d.materials.nuclide, entries);
  double *d_material_density = copy_in(d.materials.density, entries);
  CUDA_CHECK(cudaMalloc(&d_results, result_bytes));
  const int threads = 256;
  double samples[Reps];
  for (int r = 0; r < 1 + Reps; ++r) {
    double t0 = bench_now_us();
    multipole_kernel<<<(lookups + threads - 1) / threads, threads>>>(
        lookups, d_pole_start, d_poles, d_windows, windows, d_doppler, d_radius,
        d_material_start, d_material_nuclide, d_material_density, d_results);
    CUDA_CHECK(cudaGetLastError());
    bench_sample(samples, r, 1, t0);
  }
  CUDA_CHECK(
      cudaMemcpy(results, d_results, result_bytes, cudaMemcpyDeviceToHost));
  if (mp_check(&d, results, lookups))
    return 1;
  bench_report("multipole_kernel", bench_median(samples, Reps));
  mp_free(&d);
  free(results);
  return 0;
}
