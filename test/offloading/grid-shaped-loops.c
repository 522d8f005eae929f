// Collapsed loops that may run on a grid of their shape (GridShapedLoops):
// every iteration runs exactly once with the right indices whichever way the
// host launches them: on the shaped grid (teams of 32 columns by a row a
// warp, 3-D loops a plane a team in z), with thread_limit(96) (three rows a
// team) or on the grid-stride path where the shape does not apply: a
// num_teams clause, a thread_limit that is not whole warps, one row of teams,
// more rows than a grid has in y, a plane count above gridDim.z's limit.
// Loops with constant bounds, whose iteration numbers have 32 bits, get the
// same shape from constant extents. A loop the pass leaves alone runs right
// too: a body that asks for its thread number; collapsed-rows.c has the
// others it leaves alone (a bound the host cannot compute, hi - lo of two
// variables; reduction; lastprivate).
// The counts go through atomics, so an iteration run twice or not at all
// shows.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// RUN: %clang -O2 %offload %s -o %t.remarks -Rpass=ompgpu 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: remark: the 2-D collapsed loop of the target region in 'sweep2' at line {{[0-9]+}} may run on a grid of its shape, one iteration a thread, its innermost index's lower bound less 0 at lane 0
// REMARK-DAG: remark: the 2-D collapsed loop of the target region in 'sweep2_96' at line {{[0-9]+}} may run on a grid of its shape
// REMARK-DAG: remark: the 2-D collapsed loop of the target region in 'sweep2_100' at line {{[0-9]+}} may run on a grid of its shape
// REMARK-DAG: remark: the 2-D collapsed loop of the target region in 'sweep2_teams' at line {{[0-9]+}} may run on a grid of its shape
// REMARK-DAG: remark: the 3-D collapsed loop of the target region in 'sweep3' at line {{[0-9]+}} may run on a grid of its shape, one iteration a thread, its innermost index's lower bound less 0 at lane 0
// REMARK-DAG: remark: the 2-D collapsed loop of the target region in 'constant2' at line {{[0-9]+}} may run on a grid of its shape
// REMARK-DAG: remark: the 2-D collapsed loop of the target region in 'constant2_tall' at line {{[0-9]+}} may run on a grid of its shape
// REMARK-DAG: remark: the 3-D collapsed loop of the target region in 'constant3' at line {{[0-9]+}} may run on a grid of its shape, one iteration a thread, its innermost index's lower bound less 5 at lane 0
// REMARK-NOT: 'thread_numbers' at line {{[0-9]+}} may run on a grid
// CHECK: collapse(2): ok
// CHECK: collapse(3): ok
// CHECK: constant bounds: ok
// CHECK: left alone: ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

// Counts each (i, j) of [0, ROWS) x [1, COLS + 1) in rows of pitch COLS + 3:
// the run's rows and cols, or constants (whose loop has a constant trip
// count, numbered in 32 bits), which the caller passes again for the check.
#define PRAGMA(x) _Pragma(#x)
#define SWEEP2(NAME, ROWS, COLS, ...)                                          \
  static void NAME(int *count, int rows, int cols) {                           \
    (void)rows, (void)cols;                                                    \
    int pitch = (COLS) + 3;                                                    \
    PRAGMA(omp target teams distribute parallel for collapse(2)                \
               map(tofrom : count[ : (ROWS) * pitch]) __VA_ARGS__)             \
    for (int i = 0; i < (ROWS); ++i)                                           \
      for (int j = 1; j < (COLS) + 1; ++j) {                                   \
        PRAGMA(omp atomic)                                                     \
        ++count[i * pitch + j];                                                \
      }                                                                        \
  }
SWEEP2(sweep2, rows, cols)
SWEEP2(sweep2_96, rows, cols, thread_limit(96))
SWEEP2(sweep2_100, rows, cols, thread_limit(100))
SWEEP2(sweep2_teams, rows, cols, num_teams(7))
// 300 x 1000 (shaped), and 600000 x 2 (more rows than gridDim.y holds: the
// grid-stride path).
SWEEP2(constant2, 300, 1000)
SWEEP2(constant2_tall, 600000, 2)

static int check2(void (*sweep)(int *, int, int), const char *name, int rows,
                  int cols) {
  int pitch = cols + 3;
  int *count = calloc((size_t)rows * pitch, sizeof(int));
  sweep(count, rows, cols);
  int bad = 0;
  for (long at = 0; at < (long)rows * pitch && !bad; ++at) {
    int j = at % pitch;
    if (count[at] != (j >= 1 && j <= cols)) {
      printf("%s %dx%d: cell %ld ran %d times\n", name, rows, cols, at,
             count[at]);
      bad = 1;
    }
  }
  free(count);
  return bad;
}

// The cells of [0, A) x [2, B + 2) x [5, C + 5) in planes of pitch C + 7 (the
// run's a, b and c, or constants); each also records its indices, so that a
// wrong index shows as well.
#define SWEEP3(NAME, A, B, C)                                                  \
  static void NAME(int *count, long *sum, int a, int b, int c) {               \
    (void)a, (void)b, (void)c;                                                 \
    long cells = (long)(A) * ((B) + 2) * ((C) + 7);                            \
    PRAGMA(omp target teams distribute parallel for collapse(3)                \
               map(tofrom : count[ : cells], sum[ : cells]))                   \
    for (int i = 0; i < (A); ++i)                                              \
      for (int j = 2; j < (B) + 2; ++j)                                        \
        for (int k = 5; k < (C) + 5; ++k) {                                    \
          long at = ((long)i * ((B) + 2) + j) * ((C) + 7) + k;                 \
          PRAGMA(omp atomic)                                                   \
          ++count[at];                                                         \
          sum[at] = i + 1000L * j + 1000000L * k;                              \
        }                                                                      \
  }
SWEEP3(sweep3, a, b, c)
// With constant bounds: a = 7, b = 30, c = 100.
SWEEP3(constant3, 7, 30, 100)

static int check3(void (*sweep)(int *, long *, int, int, int), int a, int b,
                  int c) {
  long cells = (long)a * (b + 2) * (c + 7);
  int *count = calloc(cells, sizeof(int));
  long *sum = calloc(cells, sizeof(long));
  sweep(count, sum, a, b, c);
  int bad = 0;
  for (long at = 0; at < cells && !bad; ++at) {
    long k = at % (c + 7), j = at / (c + 7) % (b + 2),
         i = at / (c + 7) / (b + 2);
    int inside = j >= 2 && k >= 5 && k < c + 5;
    if (count[at] != inside ||
        (inside && sum[at] != i + 1000L * j + 1000000L * k)) {
      printf("collapse(3) %dx%dx%d: cell %ld,%ld,%ld ran %d times\n", a, b, c,
             i, j, k, count[at]);
      bad = 1;
    }
  }
  free(count);
  free(sum);
  return bad;
}

// Left alone: a body that asks which thread runs it.
static int thread_numbers(int rows, int cols) {
  int *thread = calloc((size_t)rows * cols, sizeof(int));
#pragma omp target teams distribute parallel for collapse(2)                   \
    map(tofrom : thread[ : rows * cols])
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      thread[i * cols + j] = omp_get_thread_num() + 1;
  int bad = 0;
  for (long at = 0; at < (long)rows * cols; ++at)
    bad |= thread[at] < 1;
  free(thread);
  return bad;
}

int main(void) {
  int bad = 0;
  // Shaped grids (33 columns and one row of a warp; 70000 rows, 8750 teams
  // in y), one row of teams (the grid-stride path), more rows than gridDim.y
  // holds (600000 / 8 > 65535), a row of one.
  const int shapes[][2] = {{5, 1000}, {300, 33},   {70000, 3},
                           {8, 4096}, {600000, 2}, {1, 1}};
  for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
    int rows = shapes[s][0], cols = shapes[s][1];
    bad |= check2(sweep2, "sweep2", rows, cols);
    bad |= check2(sweep2_96, "sweep2_96", rows, cols);
    bad |= check2(sweep2_100, "sweep2_100", rows, cols);
    bad |= check2(sweep2_teams, "sweep2_teams", rows, cols);
  }
  printf("collapse(2): %s\n", bad ? "FAILED" : "ok");

  // Planes in z up to 65535, then more (the grid-stride path).
  int bad3 = 0;
  const int boxes[][3] = {
      {3, 5, 990}, {20, 17, 31}, {1, 40, 64}, {70000, 2, 3}};
  for (unsigned s = 0; s < sizeof boxes / sizeof boxes[0]; ++s)
    bad3 |= check3(sweep3, boxes[s][0], boxes[s][1], boxes[s][2]);
  printf("collapse(3): %s\n", bad3 ? "FAILED" : "ok");

  int bad_constant = check2(constant2, "constant2", 300, 1000) ||
                     check2(constant2_tall, "constant2_tall", 600000, 2) ||
                     check3(constant3, 7, 30, 100);
  printf("constant bounds: %s\n", bad_constant ? "FAILED" : "ok");

  int bad_alone = thread_numbers(40, 1000);
  printf("left alone: %s\n", bad_alone ? "FAILED" : "ok");
  return bad || bad3 || bad_constant || bad_alone;
}
