// Static schedules with chunks, dist_schedule, num_teams and thread_limit: each
// iteration runs exactly once, whatever the geometry.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: static chunked: ok
// CHECK: dist_schedule chunked: ok
// CHECK: num_teams and thread_limit: ok
// CHECK: target parallel for: ok
// CHECK: collapse(2): ok
#include <stdio.h>
#include <stdlib.h>

static int all_once(const int *hits, int n) {
  for (int i = 0; i < n; ++i)
    if (hits[i] != 1)
      return 0;
  return 1;
}

int main(void) {
  const int n = 12345;
  int *hits = calloc(n, sizeof(int));

#pragma omp target teams distribute parallel for schedule(static, 3) map(tofrom : hits[:n])
  for (int i = 0; i < n; ++i)
    hits[i] += 1;
  printf("static chunked: %s\n", all_once(hits, n) ? "ok" : "WRONG");

  for (int i = 0; i < n; ++i)
    hits[i] = 0;
#pragma omp target teams distribute parallel for dist_schedule(static, 100) schedule(static, 7) map(tofrom : hits[:n])
  for (int i = 0; i < n; ++i)
    hits[i] += 1;
  printf("dist_schedule chunked: %s\n", all_once(hits, n) ? "ok" : "WRONG");

  for (int i = 0; i < n; ++i)
    hits[i] = 0;
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(64) map(tofrom : hits[:n])
  for (int i = 0; i < n; ++i)
    hits[i] += 1;
  printf("num_teams and thread_limit: %s\n", all_once(hits, n) ? "ok" : "WRONG");

  for (int i = 0; i < n; ++i)
    hits[i] = 0;
#pragma omp target parallel for map(tofrom : hits[:n])
  for (int i = 0; i < n; ++i)
    hits[i] += 1;
  printf("target parallel for: %s\n", all_once(hits, n) ? "ok" : "WRONG");

  const int rows = 37, cols = 301;
  int *grid = calloc(rows * cols, sizeof(int));
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : grid[:rows * cols])
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      grid[r * cols + c] += r * 1000 + c;
  int ok = 1;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      ok &= grid[r * cols + c] == r * 1000 + c;
  printf("collapse(2): %s\n", ok ? "ok" : "WRONG");
  free(grid);
  free(hits);
  return 0;
}
