// The material model of the two nuclear-data benchmarks (apps/xs_lookup and
// apps/multipole): one fuel-like material that holds most nuclides and eleven
// small ones, how often a lookup lands in each, and how every lookup derives
// its energy and material from its number, on the GPU as on the host,
// without input data.
#ifndef BENCHMARKS_MATERIALS_H
#define BENCHMARKS_MATERIALS_H

#include "random.h"
#include <stdlib.h>

enum { MaterialCount = 12 };

// The energy of lookup i, in [0, 1).
BENCH_HOST_DEVICE static inline double lookup_energy(long i) {
  return bench_unit(2 * (uint64_t)i);
}

// The material of lookup i. Cumulative frequencies: the fuel 16%, then the
// small materials; counted with comparisons so that the GPU keeps no table.
BENCH_HOST_DEVICE static inline int lookup_material(long i) {
  double u = bench_unit(2 * (uint64_t)i + 1);
  return (u >= 0.16) + (u >= 0.26) + (u >= 0.31) + (u >= 0.37) + (u >= 0.56) +
         (u >= 0.64) + (u >= 0.68) + (u >= 0.75) + (u >= 0.84) + (u >= 0.89) +
         (u >= 0.95);
}

// Which nuclides each material holds and at what density: the nuclides of
// material m are entries start[m] .. start[m + 1] - 1 of nuclide and density.
typedef struct {
  int start[MaterialCount + 1];
  int *nuclide;
  double *density;
} material_table;

static inline int material_size(int material, int nuclides) {
  static const int small[MaterialCount] = {0,  6,  3,  5,  24, 18,
                                           18, 16, 20, 14, 8,  10};
  int count = material == 0 ? nuclides - nuclides / 8 : small[material];
  return count < nuclides ? count : nuclides;
}

static inline int greatest_common_divisor(int a, int b) {
  return b ? greatest_common_divisor(b, a % b) : a;
}

static inline material_table materials_make(int nuclides) {
  material_table t;
  t.start[0] = 0;
  for (int m = 0; m < MaterialCount; ++m)
    t.start[m + 1] = t.start[m] + material_size(m, nuclides);
  t.nuclide = (int *)malloc(t.start[MaterialCount] * sizeof(int));
  t.density = (double *)malloc(t.start[MaterialCount] * sizeof(double));
  // Walking the nuclides with a stride prime to their count spreads each
  // material over the tables (no two entries of a material repeat), as
  // real materials mix light and heavy nuclides.
  int stride = 7;
  while (greatest_common_divisor(stride, nuclides) != 1)
    stride += 2;
  for (int m = 0; m < MaterialCount; ++m)
    for (int k = t.start[m]; k < t.start[m + 1]; ++k) {
      int position = k - t.start[m];
      t.nuclide[k] = (int)((37L * m + (long)stride * position) % nuclides);
      t.density[k] = 0.05 + bench_unit(0x6d61746572ull + k);
    }
  return t;
}

static inline void materials_free(material_table *t) {
  free(t->nuclide);
  free(t->density);
}

#endif
