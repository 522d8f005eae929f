// Mandelbrot set dwells by the Mariani-Silver algorithm, as the paper that
// proposed nested teams wrote it (its Figure 10): a team per square computes
// the dwells of the square's border with its threads. A square whose border
// has more than one dwell is split into SPLIT x SPLIT parts while the parts
// are at least the threshold wide: a recursive orphaned target teams region
// in a declare target function, a child grid launched from the device
// (dynamic parallelism, README "Launching grids from the device"), a team per
// part. A square whose border has one dwell is filled with it, and one not
// split has each pixel computed: by a child grid from squares of the
// threshold on, by its team below. Flat: one pixel per thread. Two views:
// RESULT mandelbrot_dp_* is the view of the CUDA code the paper ported
// ([-1.5, 0.5] x [-1, 1]), mandelbrot_wide_dp_* the whole set
// ([-2, 1] x [-1.5, 1.5]), where most pixels escape at once and Mariani-Silver
// saves less.
// usage: mandelbrot_nested [--small] [--width N] [--threshold T]
//   without --threshold it sweeps T (the smallest square launched) over 32,
//   64, 128 and 256 pixels.
#include "../common/dp_sweep.h"
#include <string.h>

#define MAX_DWELL 512
#ifndef SPLIT
#define SPLIT 4
#endif
// Squares this wide or less have each pixel computed.
#ifndef MIN_SIZE
#define MIN_SIZE 16
#endif
// The squares the host's target region starts from, per side.
#ifndef INITIAL
#define INITIAL 16
#endif

#pragma omp declare target
static int pixel_dwell(int width, double vx, double vy, double span, int x, int y) {
  double cx = vx + span * x / width, cy = vy + span * y / width;
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

// Fills the square with dwell, or computes each pixel's (dwell < 0): a child
// grid.
void fill_square(int width, double vx, double vy, double span, int *dwells, int x0, int y0, int size,
                 int dwell) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int y = y0; y < y0 + size; ++y)
    for (int x = x0; x < x0 + size; ++x)
      dwells[y * width + x] = dwell >= 0 ? dwell : pixel_dwell(width, vx, vy, span, x, y);
}

void mariani_silver(int width, double vx, double vy, double span, int *dwells, int x0, int y0, int size,
                    int threshold);

// One square, run by a team: its threads compute the border's dwells.
void square(int width, double vx, double vy, double span, int *dwells, int x0, int y0, int size, int threshold) {
  int low = MAX_DWELL + 1, high = -1;
#pragma omp parallel for reduction(min : low) reduction(max : high)
  for (int i = 0; i < 4 * (size - 1); ++i) {
    // The border clockwise from the top left corner.
    int side = i / (size - 1), at = i % (size - 1);
    int x = side == 0 ? x0 + at
            : side == 1 ? x0 + size - 1
            : side == 2 ? x0 + size - 1 - at
                        : x0;
    int y = side == 0 ? y0
            : side == 1 ? y0 + at
            : side == 2 ? y0 + size - 1
                        : y0 + size - 1 - at;
    int dwell = pixel_dwell(width, vx, vy, span, x, y);
    low = dwell < low ? dwell : low;
    high = dwell > high ? dwell : high;
  }
  int dwell = low == high ? low : -1;
  // Split while the parts are squares of their own grids: one team going
  // through SPLIT x SPLIT parts one after another is slower than computing
  // the square pixel by pixel (2.8 against 2.3 ms at a threshold of 256).
  if (dwell < 0 && size / SPLIT >= MIN_SIZE && size / SPLIT >= threshold) {
    mariani_silver(width, vx, vy, span, dwells, x0, y0, size, threshold);
  } else if (size >= threshold) {
    fill_square(width, vx, vy, span, dwells, x0, y0, size, dwell);
  } else {
    // A small square: the team fills it.
#pragma omp parallel for collapse(2)
    for (int y = y0; y < y0 + size; ++y)
      for (int x = x0; x < x0 + size; ++x)
        dwells[y * width + x] = dwell >= 0 ? dwell : pixel_dwell(width, vx, vy, span, x, y);
  }
}

// Splits the square: a team per part.
void mariani_silver(int width, double vx, double vy, double span, int *dwells, int x0, int y0, int size,
                    int threshold) {
  int part = size / SPLIT;
#pragma omp target teams distribute if (target : part >= threshold)
  for (int q = 0; q < SPLIT * SPLIT; ++q)
    square(width, vx, vy, span, dwells, x0 + q % SPLIT * part, y0 + q / SPLIT * part, part,
           threshold);
}
#pragma omp end declare target

static void dwells_nested(int width, double vx, double vy, double span, int *dwells, int threshold) {
  int part = width / INITIAL;
#pragma omp target teams distribute
  for (int q = 0; q < INITIAL * INITIAL; ++q)
    square(width, vx, vy, span, dwells, q % INITIAL * part, q / INITIAL * part, part,
           threshold);
}

static void dwells_flat(int width, double vx, double vy, double span, int *dwells) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int y = 0; y < width; ++y)
    for (int x = 0; x < width; ++x)
      dwells[y * width + x] = pixel_dwell(width, vx, vy, span, x, y);
}

int main(int argc, char **argv) {
  int small = bench_flag(argc, argv, "--small");
  int width = (int)bench_option(argc, argv, "--width", small ? 512 : 8192);
  const int defaults[] = {32, 64, 128, 256};
  const dp_sweep sweep = dp_sweep_make(argc, argv, defaults, 4);
  if (width % (INITIAL * MIN_SIZE)) {
    fprintf(stderr, "--width must be a multiple of %d\n", INITIAL * MIN_SIZE);
    return 2;
  }
  long pixels = (long)width * width;
  int *dwells = malloc(pixels * sizeof(int)), *flat = malloc(pixels * sizeof(int));
  double *samples = malloc(sweep.reps * sizeof(double));
  char name[64];
  int ok = 1;
  // The view of the CUDA code the paper ported (its reference [7]), where
  // much of the image is inside the set, then a wider one, where most
  // pixels escape within a few iterations.
  static const struct {
    const char *benchmark;
    double vx, vy, span;
  } views[] = {{"mandelbrot", -1.5, -1.0, 2.0},
               {"mandelbrot_wide", -2.0, -1.5, 3.0}};
#pragma omp target data map(alloc : dwells[:pixels])
  for (int v = 0; v < 2; ++v) {
    const double vx = views[v].vx, vy = views[v].vy, span = views[v].span;
    for (int variant = -1; variant < sweep.thresholds; ++variant) {
      for (int r = 0; r < sweep.warmups + sweep.reps; ++r) {
        double t0 = bench_now_us();
        if (variant < 0)
          dwells_flat(width, vx, vy, span, dwells);
        else
          dwells_nested(width, vx, vy, span, dwells, sweep.threshold[variant]);
        bench_sample(samples, r, sweep.warmups, t0);
      }
#pragma omp target update from(dwells[:pixels])
      dp_result_name(name, sizeof(name), views[v].benchmark, &sweep, variant);
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
