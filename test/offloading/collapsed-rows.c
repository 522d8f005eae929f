// Collapsed loops whose rows AlignedRows pads to whole warps: every
// iteration runs exactly once with the right indices, for rows that get
// padding and rows that do not (too short for 1/32 of padding), lower bounds
// 0, 1, 5 and 40 (the innermost index's offset at lane 0), collapse(2) and
// collapse(3), rows that are whole warps already, and loops the pass (and
// GridShapedLoops) leaves alone: lastprivate (which thread runs the last
// iteration matters) and a reduction (a value the loop carries past its end);
// GridShapedLoops also leaves alone the loop from lo to hi, whose extent
// hi - lo of two variables the host cannot compute.
// The counts go through atomics, so an iteration run twice or not at all
// shows; the fills store each cell's indices, with rows that the kernel pads
// at run time.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// RUN: %clang -O2 %offload %s -o %t.remarks -Rpass=ompgpu 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: remark: the collapsed loop of the target region in 'sweep2' at line {{[0-9]+}} runs its rows padded to whole warps, its innermost index's lower bound less 0 at lane 0
// REMARK-DAG: remark: the collapsed loop of the target region in 'sweep3' at line {{[0-9]+}} runs its rows padded to whole warps, its innermost index's lower bound less 1 at lane 0
// REMARK-DAG: remark: the collapsed loop of the target region in 'fill2' at line {{[0-9]+}} runs its rows padded to whole warps, its innermost index's lower bound less 1 at lane 0
// REMARK-DAG: remark: the collapsed loop of the target region in 'fill3' at line {{[0-9]+}} runs its rows padded to whole warps, its innermost index's lower bound less 1 at lane 0
// REMARK-DAG: remark: the collapsed loop of the target region in 'sweep2_from' at line {{[0-9]+}} runs its rows padded to whole warps
// REMARK-NOT: 'last_cell' at line {{[0-9]+}} runs its rows padded
// REMARK-NOT: 'row_sum' at line {{[0-9]+}} runs its rows padded
// REMARK-NOT: 'last_cell' at line {{[0-9]+}} may run on a grid
// REMARK-NOT: 'row_sum' at line {{[0-9]+}} may run on a grid
// REMARK-NOT: 'sweep2_from' at line {{[0-9]+}} may run on a grid
// CHECK: collapse(2): ok
// CHECK: collapse(3): ok
// CHECK: padded fills: ok
// CHECK: lastprivate: ok
// CHECK: reduction: ok
#include <stdio.h>
#include <stdlib.h>

// Counts each (i, j) of [0, rows) x [lo, hi) in a grid of rows of pitch hi +
// 3 (so that the indices stay a division and a remainder: with rows of hi,
// i * hi + j is the iteration number itself).
static void sweep2(int *count, int rows, int hi) {
  int pitch = hi + 3;
#pragma omp target teams distribute parallel for collapse(2)                   \
    map(tofrom : count[ : rows * pitch])
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < hi; ++j) {
#pragma omp atomic
      ++count[i * pitch + j];
    }
}

static void sweep2_from(int *count, int rows, int lo, int hi) {
  int pitch = hi + 3;
#pragma omp target teams distribute parallel for collapse(2)                   \
    map(tofrom : count[ : rows * pitch])
  for (int i = 0; i < rows; ++i)
    for (int j = lo; j < hi; ++j) {
#pragma omp atomic
      ++count[i * pitch + j];
    }
}

// The interior of an n^3 grid, as a 7-point stencil sweeps it; each cell
// also records its own indices' sum, so a wrong index shows as well.
static void sweep3(int *count, long *sum, int n) {
#pragma omp target teams distribute parallel for collapse(3)                   \
    map(tofrom : count[ : n * n * n], sum[ : n * n * n])
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      for (int k = 1; k < n - 1; ++k) {
        long at = ((long)i * n + j) * n + k;
#pragma omp atomic
        ++count[at];
        sum[at] = i + 10 * j + 100 * k;
      }
}

// Stores instead of atomics, the shape of a stencil's sweep: each cell of
// the interior gets a value made of its indices, and the border keeps -1.
// Rows of hi - 2 = 998 and 4094 are padded (to 1024 and 4096, the offset 1),
// 98 is not.
static void fill2(long *v, int rows, int hi) {
#pragma omp target teams distribute parallel for collapse(2)                   \
    map(tofrom : v[:rows * hi])
  for (int i = 0; i < rows; ++i)
    for (int j = 1; j < hi - 1; ++j)
      v[(long)i * hi + j] = (long)i * 100000 + j;
}

static void fill3(long *v, int a, int b, int n) {
#pragma omp target teams distribute parallel for collapse(3)                   \
    map(tofrom : v[:(long)a * b * n])
  for (int i = 1; i < a - 1; ++i)
    for (int j = 1; j < b - 1; ++j)
      for (int k = 1; k < n - 1; ++k)
        v[((long)i * b + j) * n + k] = ((long)i * 1000 + j) * 100000 + k;
}

static int check_fills(void) {
  const int shapes[][3] = {{5, 6, 1000}, {4, 3, 4096}, {3, 200, 100},
                           {40, 1, 1000}};
  for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
    int a = shapes[s][0], b = shapes[s][1], n = shapes[s][2];
    long cells = (long)a * b * n;
    long *v = malloc(cells * sizeof(long));
    for (long c = 0; c < cells; ++c)
      v[c] = -1;
    if (b == 1)
      fill2(v, a, n);
    else
      fill3(v, a, b, n);
    for (long c = 0; c < cells; ++c) {
      long k = c % n, j = c / n % b, i = c / n / b;
      int inside = k > 0 && k < n - 1 &&
                   (b == 1 || (i > 0 && i < a - 1 && j > 0 && j < b - 1));
      long expected = !inside  ? -1
                      : b == 1 ? i * 100000 + k
                               : (i * 1000 + j) * 100000 + k;
      if (v[c] != expected) {
        printf("fill %dx%dx%d: cell %ld holds %ld, not %ld\n", a, b, n, c, v[c],
               expected);
        free(v);
        return 1;
      }
    }
    free(v);
  }
  return 0;
}

static int check2(const int *count, int rows, int lo, int hi) {
  int pitch = hi + 3;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < pitch; ++j)
      if (count[i * pitch + j] != (j >= lo && j < hi)) {
        printf("collapse(2) %dx[%d,%d): cell %d,%d ran %d times\n", rows, lo,
               hi, i, j, count[i * pitch + j]);
        return 1;
      }
  return 0;
}

static int check3(const int *count, const long *sum, int n) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k) {
        long at = ((long)i * n + j) * n + k;
        int inside =
            i > 0 && j > 0 && k > 0 && i < n - 1 && j < n - 1 && k < n - 1;
        if (count[at] != inside ||
            (inside && sum[at] != i + 10 * j + 100 * k)) {
          printf("collapse(3) %d^3: cell %d,%d,%d ran %d times\n", n, i, j, k,
                 count[at]);
          return 1;
        }
      }
  return 0;
}

// lastprivate: the value of the loop's last iteration, whatever thread ran it.
static long last_cell(int rows, int hi) {
  long last = -1;
#pragma omp target teams distribute parallel for collapse(2) lastprivate(last) \
    map(tofrom : last)
  for (int i = 0; i < rows; ++i)
    for (int j = 1; j < hi; ++j)
      last = (long)i * hi + j;
  return last;
}

static long row_sum(int rows, int hi) {
  long total = 0;
#pragma omp target teams distribute parallel for collapse(2)                   \
    reduction(+ : total) map(tofrom : total)
  for (int i = 0; i < rows; ++i)
    for (int j = 1; j < hi; ++j)
      total += (long)i * hi + j;
  return total;
}

int main(void) {
  int bad = 0;
  // Rows of 510 and 4094 get padding; 33 and 100 are too short for it; 1024
  // and 4096 are whole warps already.
  const int shapes[][3] = {{7, 0, 33},    {9, 1, 100},    {300, 1, 512},
                           {40, 5, 1000}, {20, 40, 4096}, {64, 0, 1024},
                           {17, 1, 4096}, {3000, 1, 511}, {5, 0, 1}};
  for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
    int rows = shapes[s][0], lo = shapes[s][1], hi = shapes[s][2];
    int *count = calloc((size_t)rows * (hi + 3), sizeof(int));
    if (lo == 0)
      sweep2(count, rows, hi);
    else
      sweep2_from(count, rows, lo, hi);
    bad |= check2(count, rows, lo, hi);
    free(count);
  }
  printf("collapse(2): %s\n", bad ? "FAILED" : "ok");

  int bad3 = 0;
  const int sides[] = {3, 34, 66, 130, 200};
  for (unsigned s = 0; s < sizeof sides / sizeof sides[0]; ++s) {
    int n = sides[s];
    int *count = calloc((size_t)n * n * n, sizeof(int));
    long *sum = calloc((size_t)n * n * n, sizeof(long));
    sweep3(count, sum, n);
    bad3 |= check3(count, sum, n);
    free(count);
    free(sum);
  }
  printf("collapse(3): %s\n", bad3 ? "FAILED" : "ok");
  int bad_fill = check_fills();
  printf("padded fills: %s\n", bad_fill ? "FAILED" : "ok");

  long last = last_cell(300, 511);
  printf("lastprivate: %s\n", last == 299L * 511 + 510 ? "ok" : "FAILED");
  long total = row_sum(300, 511), expected = 0;
  for (int i = 0; i < 300; ++i)
    for (int j = 1; j < 511; ++j)
      expected += (long)i * 511 + j;
  printf("reduction: %s\n", total == expected ? "ok" : "FAILED");
  return bad || bad3 || bad_fill;
}
