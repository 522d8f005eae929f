// The multipole benchmark's data, evaluation and check, shared by
// apps/multipole.c and its CUDA twin. Each nuclide's resonances are poles in
// the complex square-root-of-energy plane, grouped in energy windows; a
// lookup evaluates, for every nuclide of its material, the poles of the
// window around its energy: each pole's contribution is a residue times the
// Faddeeva function of the pole's distance, Doppler-scaled, at two
// temperatures at once. The complex arithmetic and the many accumulators
// (three reactions at two temperatures, per nuclide and per material, four
// channel phase factors, the pole's data) keep about a hundred values live
// per thread: nvcc gives the kernel 124 registers, and under a cap of 64 it
// spills, so the kernel stands or falls with its register allocation.
#ifndef BENCHMARKS_MULTIPOLE_H
#define BENCHMARKS_MULTIPOLE_H

#include "complex.h"
#include "materials.h"
#include <stdio.h>

enum {
  MpReactions = 3,    // total, absorption, fission
  MpTemperatures = 2, // evaluated together, as for temperature interpolation
  MpChannels = 4,     // angular momentum channels, each with its phase
  MpFitTerms = 3,     // background fit: c0 + c1 sqrt(E) + c2 E
  MpResults = MpReactions * MpTemperatures
};

typedef struct {
  complex_pair position;
  complex_pair residue[MpReactions];
  int channel;
} mp_pole;

typedef struct {
  int first, last; // the window's poles, first .. last - 1 of its nuclide
  double fit[MpReactions][MpFitTerms];
} mp_window;

typedef struct {
  int nuclides, windows; // windows per nuclide
  int *pole_start;       // [nuclides + 1]: offsets into poles
  mp_pole *poles;
  mp_window *window; // [nuclides][windows]
  double *doppler;   // per nuclide: scale of the distance to a pole
  double *radius;    // per nuclide: scattering radius of the phase factors
  material_table materials;
} mp_data;

// The Faddeeva function w(z) = exp(-z^2) erfc(-iz) for Im z > 0,
// approximated to about 1e-5: far from the origin by a three-point
// Gauss-Hermite quadrature of its integral form, near it by the exponential
// series of Abrarov and Quine with tau = 12 and twelve terms.
BENCH_HOST_DEVICE static inline complex_pair faddeeva(complex_pair z) {
  const double InvSqrtPi = 0.56418958354775628;
  if (cx_abs2(z) >= 36.0) {
    complex_pair s =
        cx_add(cx_div(cx(2.0 / 3.0, 0.0), z),
               cx_div(z, cx_scale(cx_sub(cx_mul(z, z), cx(1.5, 0.0)), 3.0)));
    return cx(-s.im * InvSqrtPi, s.re * InvSqrtPi); // i s / sqrt(pi)
  }
  // 2 exp(-(n pi / tau)^2) and (n pi)^2 for n = 1 .. 12.
  const double weight[12] = {
      1.8675142361619519,    1.520427435286182,      1.0792829716325945,
      0.66799437197226375,   0.36047747540803654,    0.16960994494222759,
      0.069581268919056791,  0.024888643488010218,   0.0077620772399112758,
      0.0021106807258440682, 0.00050042036981624329, 0.00010344637240762467};
  const double pole[12] = {
      9.869604401089358,  39.478417604357432, 88.826439609804225,
      157.91367041742973, 246.74011002723395, 355.3057584392169,
      483.61061565337855, 631.65468166971891, 799.437956488238,
      986.96044010893581, 1194.2221325318121, 1421.2230337568676};
  const complex_pair tz = cx_scale(z, 12.0);
  const complex_pair e = cx_exp(cx(-tz.im, tz.re)); // exp(i tau z)
  const complex_pair tz2 = cx_mul(tz, tz);
  complex_pair sum = cx(0.0, 0.0);
  for (int n = 0; n < 12; ++n) {
    const double sign = n % 2 ? 1.0 : -1.0; // (-1)^(n+1)
    const complex_pair numerator = cx(sign * e.re - 1.0, sign * e.im);
    const complex_pair denominator = cx(pole[n] - tz2.re, -tz2.im);
    sum = cx_add(sum, cx_scale(cx_div(numerator, denominator), weight[n]));
  }
  const complex_pair s =
      cx_add(cx_div(cx(1.0 - e.re, -e.im), tz), cx_mul(tz, sum));
  return cx(-s.im, s.re); // i s
}

// exp(-2i phi_l) for the four channels, phi_l the phase of channel l at
// rho = radius * sqrt(E).
typedef struct {
  complex_pair of[MpChannels];
} mp_phases;

BENCH_HOST_DEVICE static inline mp_phases mp_channel_phases(double rho) {
  mp_phases p;
  for (int l = 0; l < MpChannels; ++l) {
    double phi = rho - l * atan(rho / (l + 1));
    p.of[l] = cx(cos(2.0 * phi), -sin(2.0 * phi));
  }
  return p;
}

// The phase of a pole's channel, chosen without indexing, so that the
// phases stay in registers.
BENCH_HOST_DEVICE static inline complex_pair mp_pick(const mp_phases *p,
                                                     int channel) {
  complex_pair low = channel == 0 ? p->of[0] : p->of[1];
  complex_pair high = channel == 2 ? p->of[2] : p->of[3];
  return channel < 2 ? low : high;
}

// Temperature t scales the Doppler width by 1 / sqrt(1 + t / 2).
BENCH_HOST_DEVICE static inline double mp_temperature_scale(int t) {
  return 1.0 / sqrt(1.0 + 0.5 * t);
}

// The macroscopic cross sections of lookup i: macro[t * MpReactions + r].
BENCH_HOST_DEVICE static inline void
mp_lookup(long i, const int *pole_start, const mp_pole *poles,
          const mp_window *windows, int window_count, const double *doppler,
          const double *radius, const int *material_start,
          const int *material_nuclide, const double *material_density,
          double *macro) {
  const double energy = lookup_energy(i), sqrt_energy = sqrt(energy);
  const int material = lookup_material(i);
  int w = (int)(sqrt_energy * window_count);
  w = w < window_count ? w : window_count - 1;
  double sum[MpTemperatures][MpReactions] = {{0.0}};
  for (int k = material_start[material]; k < material_start[material + 1];
       ++k) {
    const int n = material_nuclide[k];
    const mp_window *window = &windows[(long)n * window_count + w];
    double micro[MpTemperatures][MpReactions];
    for (int r = 0; r < MpReactions; ++r) {
      double background = window->fit[r][0] + window->fit[r][1] * sqrt_energy +
                          window->fit[r][2] * energy;
      for (int t = 0; t < MpTemperatures; ++t)
        micro[t][r] = background;
    }
    double width[MpTemperatures];
    for (int t = 0; t < MpTemperatures; ++t)
      width[t] = doppler[n] * mp_temperature_scale(t);
    const mp_phases phases = mp_channel_phases(radius[n] * sqrt_energy);
    const mp_pole *first = &poles[pole_start[n]];
    for (int p = window->first; p < window->last; ++p) {
      const mp_pole pole = first[p];
      const complex_pair total_residue =
          cx_mul(pole.residue[0], mp_pick(&phases, pole.channel));
      const complex_pair distance = cx_sub(cx(sqrt_energy, 0.0), pole.position);
      // Unrolled, so that the accumulators are registers, not an array.
#pragma unroll
      for (int t = 0; t < MpTemperatures; ++t) {
        const complex_pair wz = faddeeva(cx_scale(distance, width[t]));
        micro[t][0] += cx_mul(total_residue, wz).re;
        micro[t][1] += cx_mul(pole.residue[1], wz).re;
        micro[t][2] += cx_mul(pole.residue[2], wz).re;
      }
    }
    const double density = material_density[k];
    for (int t = 0; t < MpTemperatures; ++t)
      for (int r = 0; r < MpReactions; ++r)
        sum[t][r] += density * micro[t][r];
  }
  for (int t = 0; t < MpTemperatures; ++t)
    for (int r = 0; r < MpReactions; ++r)
      macro[t * MpReactions + r] = sum[t][r];
}

// Nuclides with about `poles` poles each (half to one and a half times as
// many), spread evenly in sqrt(E) over [0, 1), in `windows` windows that
// overlap their neighbours by one pole.
static inline mp_data mp_make(int nuclides, int poles, int windows) {
  mp_data d;
  d.nuclides = nuclides;
  d.windows = windows;
  d.pole_start = (int *)malloc((nuclides + 1) * sizeof(int));
  d.pole_start[0] = 0;
  for (int n = 0; n < nuclides; ++n)
    d.pole_start[n + 1] =
        d.pole_start[n] + poles / 2 + (int)(poles * bench_unit(0x706f6c65 + n));
  d.poles = (mp_pole *)malloc(d.pole_start[nuclides] * sizeof(mp_pole));
  d.window = (mp_window *)malloc((long)nuclides * windows * sizeof(mp_window));
  d.doppler = (double *)malloc(nuclides * sizeof(double));
  d.radius = (double *)malloc(nuclides * sizeof(double));
  for (int n = 0; n < nuclides; ++n) {
    const int count = d.pole_start[n + 1] - d.pole_start[n];
    // Distances to the nearest poles of a window, times the Doppler scale,
    // fall mostly in the series branch of faddeeva (|z| < 6).
    d.doppler[n] = (0.5 + bench_unit(0x646f70 + n)) * count;
    d.radius[n] = 1.0 + 4.0 * bench_unit(0x726164 + n);
    for (int p = 0; p < count; ++p) {
      uint64_t key = 8 * (uint64_t)(d.pole_start[n] + p);
      mp_pole *pole = &d.poles[d.pole_start[n] + p];
      // Im < 0 puts every distance to the pole in the upper half plane.
      pole->position = cx((p + 0.1 + 0.8 * bench_unit(key)) / count,
                          -(0.5 + 2.0 * bench_unit(key + 1)) / count);
      for (int r = 0; r < MpReactions; ++r)
        pole->residue[r] = cx(2.0 * bench_unit(key + 2 + 2 * r) - 1.0,
                              2.0 * bench_unit(key + 3 + 2 * r) - 1.0);
      pole->channel = (int)(bench_mix(key + 7) % MpChannels);
    }
    for (int w = 0; w < windows; ++w) {
      mp_window *window = &d.window[(long)n * windows + w];
      int first = (int)((long)w * count / windows) - 1;
      int last = (int)(((long)w + 1) * count / windows) + 1;
      window->first = first < 0 ? 0 : first;
      window->last = last > count ? count : last;
      for (int r = 0; r < MpReactions; ++r)
        for (int c = 0; c < MpFitTerms; ++c)
          window->fit[r][c] =
              bench_unit(0x666974ull * (n + 1) + 16 * w + 4 * r + c);
    }
  }
  d.materials = materials_make(nuclides);
  return d;
}

static inline void mp_free(mp_data *d) {
  free(d->pole_start);
  free(d->poles);
  free(d->window);
  free(d->doppler);
  free(d->radius);
  materials_free(&d->materials);
}

// 0 when the results of a sample of the lookups (every one when there are
// few) match the host's, else 1 with a message. The device's libm differs
// from the host's in the last bits; the tolerance allows for that.
static inline int mp_check(const mp_data *d, const double *results,
                           long lookups) {
  long stride = lookups / 2048 > 1 ? lookups / 2048 : 1;
  for (long i = 0; i < lookups; i += stride) {
    double expected[MpResults];
    mp_lookup(i, d->pole_start, d->poles, d->window, d->windows, d->doppler,
              d->radius, d->materials.start, d->materials.nuclide,
              d->materials.density, expected);
    for (int k = 0; k < MpResults; ++k)
      if (!(fabs(results[i * MpResults + k] - expected[k]) <=
            1e-8 * (1 + fabs(expected[k])))) {
        fprintf(stderr,
                "multipole: lookup %ld value %d: %.17g, expected %.17g\n", i, k,
                results[i * MpResults + k], expected[k]);
        return 1;
      }
  }
  return 0;
}

#endif
