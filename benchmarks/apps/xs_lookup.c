// Cross-section lookups in the style of a Monte Carlo neutron transport proxy
// application: for each of many random (energy, material) pairs, a binary
// search in the unionized energy grid, then per nuclide of the material a
// gather and interpolation of five cross sections (common/xs_tables.h). The
// tables are about a gigabyte, so mapping them costs more than the lookups:
// RESULT xs_kernel is one lookup kernel with the tables on the GPU,
// RESULT xs_total one whole simulation: map the tables to the GPU, run the
// lookups, map the results back. Twin: xs_lookup.cu.
// usage: xs_lookup [--small] [--nuclides N] [--points N] [--lookups N]
#include "../common/args.h"
#include "../common/timing.h"
#include "../common/xs_tables.h"

enum { KernelReps = 11, TotalReps = 5 };

// Maps the tables in, runs the lookup kernel `reps` times (the time of each
// in kernel_us) and maps the results out.
static void simulate(const xs_tables *t, long lookups, double *results,
                     int reps, double *kernel_us) {
  const int nuclides = t->nuclides, points = t->points;
  const long union_points = t->union_points;
  const long index_entries = union_points * nuclides;
  const double *union_energy = t->union_energy;
  const int *union_index = t->union_index;
  const xs_point *grid = t->grid;
  const int *material_start = t->materials.start;
  const int *material_nuclide = t->materials.nuclide;
  const double *material_density = t->materials.density;
  const int entries = material_start[MaterialCount];
  // clang-format off
#pragma omp target data map(to: union_energy[:union_points],                   \
                                union_index[:index_entries],                   \
                                grid[:union_points],                           \
                                material_start[:MaterialCount + 1],            \
                                material_nuclide[:entries],                    \
                                material_density[:entries])                    \
                        map(from: results[:lookups * XsChannels])
  // clang-format on
  for (int r = 0; r < reps; ++r) {
    double t0 = bench_now_us();
#pragma omp target teams distribute parallel for
    for (long i = 0; i < lookups; ++i)
      xs_lookup(i, union_energy, union_points, union_index, grid, nuclides,
                points, material_start, material_nuclide, material_density,
                &results[i * XsChannels]);
    bench_sample(kernel_us, r, 0, t0);
  }
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
  double *results = malloc(lookups * XsChannels * sizeof(double));

  // The first whole run also initializes the offloading runtime: left out.
  double total[TotalReps], kernel[BENCH_WARMUP + KernelReps];
  for (int r = 0; r < 1 + TotalReps; ++r) {
    double t0 = bench_now_us();
    simulate(&t, lookups, results, 1, kernel);
    bench_sample(total, r, 1, t0);
  }
  if (xs_check(&t, results, lookups))
    return 1;
  for (long k = 0; k < lookups * XsChannels; ++k)
    results[k] = 0.0;
  simulate(&t, lookups, results, BENCH_WARMUP + KernelReps, kernel);
  if (xs_check(&t, results, lookups))
    return 1;
  bench_report("xs_kernel", bench_median(kernel + BENCH_WARMUP, KernelReps));
  bench_report("xs_total", bench_median(total, TotalReps));
  xs_free(&t);
  free(results);
  return 0;
}
