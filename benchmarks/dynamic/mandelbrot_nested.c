// Mandelbrot set dwells by the Mariani-Silver algorithm: a rectangle whose
// border has one dwell is filled with it, others are split into
// SPLIT x SPLIT parts handled by a recursive, orphaned target teams region in
// a declare target function, a child grid launched from the device while the
// parts are at least the threshold wide (dynamic parallelism, README
// "Launching grids from the device"). Flat: one pixel per thread.
// usage: mandelbrot_nested [--small] [--width N] [--threshold T]
//   without --threshold it sweeps T (the smallest part launched) over 32, 64
//   and 128 pixels.
#include "../common/dp_sweep.h"
#include <string.h>

#define MAX_DWELL 512
#define SPLIT 4
// Rectangles this wide or less are computed pixel by pixel.
#define MIN_SIZE 16
// The rectangles the host's target region starts from, per side.
#define INITIAL 16

#pragma omp declare target
static int pixel_dwell(int width, int x, int y) {
  double cx = -2.0 + 3.0 * x / width, cy = -1.5 + 3.0 * y / width;
  double zx = cx, zy = cy;
  int dwell = 0;
  while (dwell < MAX_DWELL && zx * zx + zy * zy < 4.0) {
    double t = zx * zx - zy * zy + cx;
    zy = 2.0 * zx * zy + cy;
    zx = t;
    ++dwell;
  }
  return dwell;
}

// The dwell every border pixel of the rectangle has, or -1.
static int border_dwell(int width, int x0, int y0, int size) {
  int common = pixel_dwell(width, x0, y0);
  for (int i = 0; i < size; ++i) {
    if (pixel_dwell(width, x0 + i, y0) != common ||
        pixel_dwell(width, x0 + i, y0 + size - 1) != common ||
        pixel_dwell(width, x0, y0 + i) != common ||
        pixel_dwell(width, x0 + size - 1, y0 + i) != common)
      return -1;
  }
  return common;
}

void mariani_silver(int width, int *dwells, int x0, int y0, int size,
                    int threshold) {
  int common = border_dwell(width, x0, y0, size);
  if (common >= 0 || size <= MIN_SIZE) {
    for (int y = y0; y < y0 + size; ++y)
      for (int x = x0; x < x0 + size; ++x)
        dwells[y * width + x] = common >= 0 ? common : pixel_dwell(width, x, y);
    return;
  }
  int part = size / SPLIT;
#pragma omp target teams distribute parallel for if (target : part >= threshold)
  for (int q = 0; q < SPLIT * SPLIT; ++q)
    mariani_silver(width, dwells, x0 + q % SPLIT * part,
                   y0 + q / SPLIT * part, part, threshold);
}
#pragma omp end declare target

static void dwells_nested(int width, int *dwells, int threshold) {
  int part = width / INITIAL;
#pragma omp target teams distribute parallel for
  for (int q = 0; q < INITIAL * INITIAL; ++q)
    mariani_silver(width, dwells, q % INITIAL * part, q / INITIAL * part, part,
                   threshold);
}

static void dwells_flat(int width, int *dwells) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int y = 0; y < width; ++y)
    for (int x = 0; x < width; ++x)
      dwells[y * width + x] = pixel_dwell(width, x, y);
}

int main(int argc, char **argv) {
  int small = bench_flag(argc, argv, "--small");
  int width = (int)bench_option(argc, argv, "--width", small ? 512 : 8192);
  const int defaults[] = {32, 64, 128};
  const dp_sweep sweep = dp_sweep_make(argc, argv, defaults, 3);
  if (width % (INITIAL * MIN_SIZE)) {
    fprintf(stderr, "--width must be a multiple of %d\n", INITIAL * MIN_SIZE);
    return 2;
  }
  long pixels = (long)width * width;
  int *dwells = malloc(pixels * sizeof(int)), *flat = malloc(pixels * sizeof(int));
  double *samples = malloc(sweep.reps * sizeof(double));
  char name[64];
  int ok = 1;
#pragma omp target data map(alloc : dwells[:pixels])
  {
    for (int variant = -1; variant < sweep.thresholds; ++variant) {
      for (int r = 0; r < sweep.warmups + sweep.reps; ++r) {
        double t0 = bench_now_us();
        if (variant < 0)
          dwells_flat(width, dwells);
        else
          dwells_nested(width, dwells, sweep.threshold[variant]);
        bench_sample(samples, r, sweep.warmups, t0);
      }
#pragma omp target update from(dwells[:pixels])
      dp_result_name(name, sizeof(name), "mandelbrot", &sweep, variant);
      if (variant < 0) {
        memcpy(flat, dwells, pixels * sizeof(int));
      } else {
        // Mariani-Silver assumes that a region whose border has one dwell
        // has it inside too, true of the Mandelbrot set but for a few
        // pixels at the resolution of a border.
        long differ = 0;
        for (long i = 0; i < pixels; ++i)
          differ += dwells[i] != flat[i];
        if (differ > pixels / 1000) {
          fprintf(stderr, "%s: %ld pixels differ from the flat version\n",
                  name, differ);
          ok = 0;
        }
      }
      bench_report(name, bench_median(samples, sweep.reps));
    }
  }
  return ok ? 0 : 1;
}
