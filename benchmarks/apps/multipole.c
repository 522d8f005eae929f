// Multipole (resonance) cross-section evaluation in the style of a Monte
// Carlo transport proxy application: per lookup, for each nuclide of a
// random material, a loop over the poles of an energy window with complex
// arithmetic and a Faddeeva function approximation at two temperatures
// (common/multipole.h). Compute-bound with about a hundred live values per
// thread: a register cap that makes it spill costs more than the occupancy it
// buys. RESULT multipole_kernel: one lookup kernel, data on the GPU.
// Twin: multipole.cu.
// usage: multipole [--small] [--nuclides N] [--poles N] [--windows N]
//                  [--lookups N]
#include "../common/multipole.h"
#include "../common/args.h"
#include "../common/timing.h"

enum { Reps = 7 };

int main(int argc, char **argv) {
  const int small = bench_flag(argc, argv, "--small");
  const int nuclides = bench_option(argc, argv, "--nuclides", small ? 16 : 200);
  const int poles = bench_option(argc, argv, "--poles", small ? 60 : 600);
  const int windows = bench_option(argc, argv, "--windows", small ? 6 : 60);
  const long lookups =
      bench_option(argc, argv, "--lookups", small ? 2000 : 1L << 20);
  mp_data d = mp_make(nuclides, poles, windows);

  const int *pole_start = d.pole_start;
  const mp_pole *pole = d.poles;
  const mp_window *window = d.window;
  const double *doppler = d.doppler, *radius = d.radius;
  const int *material_start = d.materials.start;
  const int *material_nuclide = d.materials.nuclide;
  const double *material_density = d.materials.density;
  const int pole_count = pole_start[nuclides];
  const int entries = material_start[MaterialCount];
  double *results = malloc(lookups * MpResults * sizeof(double));
  double samples[Reps];
  // clang-format off
#pragma omp target data map(to: pole_start[:nuclides + 1], pole[:pole_count],  \
                                window[:nuclides * windows],                   \
                                doppler[:nuclides], radius[:nuclides],         \
                                material_start[:MaterialCount + 1],            \
                                material_nuclide[:entries],                    \
                                material_density[:entries])                    \
                        map(from: results[:lookups * MpResults])
  // clang-format on
  {
    for (int r = 0; r < 1 + Reps; ++r) {
      double t0 = bench_now_us();
#pragma omp target teams distribute parallel for
      for (long i = 0; i < lookups; ++i)
        mp_lookup(i, pole_start, pole, window, windows, doppler, radius,
                  material_start, material_nuclide, material_density,
                  &results[i * MpResults]);
      bench_sample(samples, r, 1, t0);
    }
  }
  if (mp_check(&d, results, lookups))
    return 1;
  bench_report("multipole_kernel", bench_median(samples, Reps));
  mp_free(&d);
  free(results);
  return 0;
}
