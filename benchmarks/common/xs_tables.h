// The cross-section lookup benchmark's data, lookup and check, shared by
// apps/xs_lookup.c and its CUDA twin. Each nuclide has its own energy grid
// with five cross sections per point. The union of all the grids is one
// sorted energy list, and for each union point a row of the index table says
// where every nuclide's grid stands at that energy: a lookup does one binary
// search in the union grid, then one gather and interpolation per nuclide of
// its material, and sums the nuclides' cross sections weighted by density.
#ifndef BENCHMARKS_XS_TABLES_H
#define BENCHMARKS_XS_TABLES_H

#include "materials.h"
#include <math.h>
#include <stdio.h>

enum { XsChannels = 5 }; // total, elastic, absorption, fission, nu-fission

typedef struct {
  double energy;
  double xs[XsChannels];
} xs_point;

typedef struct {
  int nuclides, points; // points of each nuclide's grid
  long union_points;    // nuclides * points
  xs_point *grid;       // [nuclides][points], each nuclide's grid sorted
  double *union_energy; // [union_points], sorted
  int *union_index;     // [union_points][nuclides]: a nuclide's last grid point
                        // at or below the union energy (at most points - 2)
  material_table materials;
} xs_tables;

// Sorts a few doubles in place (the nuclides of one energy band).
static inline void xs_sort_band(double *values, int count) {
  for (int i = 1; i < count; ++i) {
    double v = values[i];
    int j = i;
    for (; j > 0 && values[j - 1] > v; --j)
      values[j] = values[j - 1];
    values[j] = v;
  }
}

// Point j of every nuclide's grid lies in the energy band [j, j + 1) / points,
// so the union grid is the bands in order, each sorted, and the index of a
// nuclide at a union point of band j is j or j - 1: no search is needed to
// build the tables, which keeps the setup of a gigabyte of them short.
static inline xs_tables xs_make(int nuclides, int points) {
  xs_tables t;
  t.nuclides = nuclides;
  t.points = points;
  t.union_points = (long)nuclides * points;
  t.grid = (xs_point *)malloc(t.union_points * sizeof(xs_point));
  t.union_energy = (double *)malloc(t.union_points * sizeof(double));
  t.union_index = (int *)malloc(t.union_points * nuclides * sizeof(int));
  if (!t.grid || !t.union_energy || !t.union_index) {
    fprintf(stderr, "xs_lookup: out of host memory\n");
    exit(1);
  }
  for (int n = 0; n < nuclides; ++n)
    for (int j = 0; j < points; ++j) {
      long key = ((long)n * points + j) * (XsChannels + 1);
      xs_point *p = &t.grid[(long)n * points + j];
      p->energy = (j + 0.02 + 0.96 * bench_unit(key)) / points;
      for (int c = 0; c < XsChannels; ++c)
        p->xs[c] = 0.1 + (c + 1) * bench_unit(key + 1 + c);
    }
  for (int j = 0; j < points; ++j) {
    double *band = &t.union_energy[(long)j * nuclides];
    for (int n = 0; n < nuclides; ++n)
      band[n] = t.grid[(long)n * points + j].energy;
    xs_sort_band(band, nuclides);
    for (int u = 0; u < nuclides; ++u) {
      int *row = &t.union_index[((long)j * nuclides + u) * nuclides];
      for (int n = 0; n < nuclides; ++n) {
        int below = t.grid[(long)n * points + j].energy <= band[u] ? j : j - 1;
        row[n] = below < 0 ? 0 : below > points - 2 ? points - 2 : below;
      }
    }
  }
  t.materials = materials_make(nuclides);
  return t;
}

static inline void xs_free(xs_tables *t) {
  free(t->grid);
  free(t->union_energy);
  free(t->union_index);
  materials_free(&t->materials);
}

// The five macroscopic cross sections of lookup i, stored to macro[0..4].
BENCH_HOST_DEVICE static inline void
xs_lookup(long i, const double *union_energy, long union_points,
          const int *union_index, const xs_point *grid, int nuclides,
          int points, const int *material_start, const int *material_nuclide,
          const double *material_density, double *macro) {
  const double energy = lookup_energy(i);
  const int material = lookup_material(i);
  long low = 0, high = union_points - 1;
  while (high - low > 1) {
    long middle = low + (high - low) / 2;
    if (union_energy[middle] > energy)
      high = middle;
    else
      low = middle;
  }
  const int *row = &union_index[low * nuclides];
  double sum[XsChannels] = {0, 0, 0, 0, 0};
  for (int k = material_start[material]; k < material_start[material + 1];
       ++k) {
    const int n = material_nuclide[k];
    const xs_point *below = &grid[(long)n * points + row[n]];
    const xs_point *above = below + 1;
    const double fraction =
        (above->energy - energy) / (above->energy - below->energy);
    const double density = material_density[k];
    for (int c = 0; c < XsChannels; ++c)
      sum[c] +=
          density * (above->xs[c] - fraction * (above->xs[c] - below->xs[c]));
  }
  for (int c = 0; c < XsChannels; ++c)
    macro[c] = sum[c];
}

// 0 when the results of a sample of the lookups (every one when there are
// few) match the host's, else 1 with a message.
static inline int xs_check(const xs_tables *t, const double *results,
                           long lookups) {
  long stride = lookups / 4096 > 1 ? lookups / 4096 : 1;
  for (long i = 0; i < lookups; i += stride) {
    double expected[XsChannels];
    xs_lookup(i, t->union_energy, t->union_points, t->union_index, t->grid,
              t->nuclides, t->points, t->materials.start, t->materials.nuclide,
              t->materials.density, expected);
    for (int c = 0; c < XsChannels; ++c)
      if (!(fabs(results[i * XsChannels + c] - expected[c]) <=
            1e-9 * (1 + fabs(expected[c])))) {
        fprintf(stderr, "xs_lookup: lookup %ld channel %d: %g, expected %g\n",
                i, c, results[i * XsChannels + c], expected[c]);
        return 1;
      }
  }
  return 0;
}

// Bytes of the tables the lookups read (what a program maps to the GPU).
static inline double xs_table_bytes(const xs_tables *t) {
  return (double)t->union_points *
         (sizeof(xs_point) + sizeof(double) + t->nuclides * sizeof(int));
}

#endif
