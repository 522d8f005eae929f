// Nested teams regions (dynamic parallelism): a CSR SpMV whose long rows run
// as a child grid with a reduction and the row's store after it (the
// continuation), a scatter with nothing after the region (fire-and-forget), a
// nowait region, and a region that must stay inline because a sequential loop
// around it runs it again. The link step links CUDA's
// device runtime (nvlink) because the program launches from the device; on
// the host every nested region runs as a parallel loop, with the same results.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// RUN: %clang -O2 %offload -Rpass=ompgpu -Rpass-missed=ompgpu -v %s -o %t.remarks 2>&1 | FileCheck %s --check-prefix=BUILD
// Where a region does not launch, its thread runs the plain loop: no local
// of spmv's kernel goes to the data-sharing stack or the device heap (the
// scatter asks the runtime for its team count, so it keeps clang's inline
// code, whose team count is 1).
// RUN: %clang -O2 %offload -Rpass-missed=ompgpu %s -o %t.missed 2>&1 | FileCheck %s --check-prefix=INLINE
// INLINE-NOT: in 'spmv' at line {{[0-9]+}} allocates
// INLINE: nested-teams.c:{{[0-9]+}}:1: remark: the nested teams region runs inline
// INLINE-NOT: in 'spmv' at line {{[0-9]+}} allocates
// CHECK: spmv: ok
// CHECK: scatter: ok
// GPU: scatter: long rows that ran in child grids: 6 of 6
// CHECK: nowait: ok
// CHECK: inline: ok
//
// BUILD: ompgpu-nested-teams" "--compiler"
// BUILD-DAG: nested-teams.c:{{[0-9]+}}:1: remark: the nested teams region runs inline in the thread that meets it: the code after it cannot wait for a child grid, which nothing waits for on the device: a sequential loop around it runs it again [-Rpass-missed=ompgpu]
// BUILD-DAG: remark: the nested teams region at nested-teams.c:{{[0-9]+}} in 'spmv' becomes a child grid{{.*}}the code after it in the parent runs in the child's last team, with the reduced values [-Rpass=ompgpu]
// BUILD-DAG: remark: the nested teams region at nested-teams.c:{{[0-9]+}} in 'scatter' becomes a child grid{{.*}}nothing after it in the parent waits for it [-Rpass=ompgpu]
// BUILD-DAG: remark: the nested teams region at nested-teams.c:{{[0-9]+}} in 'count_nowait' becomes a child grid{{.*}}nothing after it in the parent waits for it [-Rpass=ompgpu]
// BUILD: "--compile-only"
// BUILD: nvlink" "-arch=sm_{{[0-9]+}}" {{.*}}"-lcudadevrt"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { R = 600, LONG_ROW = 2000 };

static void spmv(const int *rows, const int *cols, const double *A,
                 const double *X, double *y, int nnz, int threshold) {
#pragma omp target teams distribute parallel for map(to : rows[:R + 1], cols[:nnz], A[:nnz], X[:R]) map(from : y[:R])
  for (int row = 0; row < R; ++row) {
    double dot = 0;
    int start = rows[row], end = rows[row + 1];
#pragma omp teams distribute parallel for reduction(+ : dot) if (end - start > threshold)
    for (int e = start; e < end; e++)
      dot += A[e] * X[cols[e]];
    y[row] = dot;
  }
}

// grids[row]: how many teams ran the row's nested region (more than one only
// in a child grid).
static void scatter(const int *rows, int *hits, int *grids, int threshold) {
#pragma omp target teams distribute parallel for map(to : rows[:R + 1]) map(tofrom : hits[:R]) map(from : grids[:R])
  for (int row = 0; row < R; ++row) {
    int start = rows[row], end = rows[row + 1];
#pragma omp teams distribute parallel for if (end - start > threshold)
    for (int e = start; e < end; e++) {
#pragma omp atomic
      hits[e % R] += 1;
      if (e == start)
        grids[row] = omp_get_num_teams();
    }
  }
}

static void count_nowait(const int *rows, int *lengths, int *marks,
                         int threshold) {
#pragma omp target teams distribute parallel for map(to : rows[:R + 1]) map(from : lengths[:R], marks[:R])
  for (int row = 0; row < R; ++row) {
    int start = rows[row], end = rows[row + 1];
#pragma omp teams distribute parallel for if (end - start > threshold) nowait
    for (int e = start; e < end; e++)
      if (e == start)
        lengths[row] = end - start;
    marks[row] = row;
  }
}

static double inline_total(const int *rows, int threshold) {
  double all = 0;
#pragma omp target teams distribute parallel for map(to : rows[:R + 1]) reduction(+ : all)
  for (int row = 0; row < R; ++row) {
    double total = 0;
    int start = rows[row], end = rows[row + 1];
    for (int pass = 0; pass < 2; ++pass) {
#pragma omp teams distribute parallel for reduction(+ : total) if (end - start > threshold)
      for (int e = start; e < end; e++)
        total += 1;
    }
    all += total;
  }
  return all;
}

int main(void) {
  int *rows = malloc((R + 1) * sizeof(int));
  rows[0] = 0;
  for (int r = 0; r < R; ++r)
    rows[r + 1] = rows[r] + (r % 100 == 7 ? LONG_ROW : 1 + r % 5);
  int nnz = rows[R];
  int *cols = malloc(nnz * sizeof(int)), *hits = calloc(R, sizeof(int));
  int *lengths = calloc(R, sizeof(int)), *marks = calloc(R, sizeof(int));
  double *A = malloc(nnz * sizeof(double)), *X = malloc(R * sizeof(double));
  double *y = malloc(R * sizeof(double));
  for (int e = 0; e < nnz; ++e) {
    cols[e] = (e * 7) % R;
    A[e] = 1 + e % 3;
  }
  for (int r = 0; r < R; ++r)
    X[r] = r % 5;

  spmv(rows, cols, A, X, y, nnz, 64);
  int bad = 0;
  for (int r = 0; r < R; ++r) {
    double dot = 0;
    for (int e = rows[r]; e < rows[r + 1]; ++e)
      dot += A[e] * X[cols[e]];
    bad += dot != y[r];
  }
  printf("spmv: %s\n", bad ? "wrong" : "ok");

  int *grids = malloc(R * sizeof(int));
  scatter(rows, hits, grids, 64);
  long sum = 0;
  int long_rows = 0, in_grids = 0;
  for (int r = 0; r < R; ++r) {
    sum += hits[r];
    if (rows[r + 1] - rows[r] > 64) {
      ++long_rows;
      in_grids += grids[r] > 1;
    }
  }
  printf("scatter: %s\n", sum == nnz ? "ok" : "wrong");
  printf("scatter: long rows that ran in child grids: %d of %d\n", in_grids,
         long_rows);

  count_nowait(rows, lengths, marks, 64);
  bad = 0;
  for (int r = 0; r < R; ++r)
    bad += lengths[r] != rows[r + 1] - rows[r] || marks[r] != r;
  printf("nowait: %s\n", bad ? "wrong" : "ok");

  printf("inline: %s\n", inline_total(rows, 64) == 2.0 * nnz ? "ok" : "wrong");
  return 0;
}
