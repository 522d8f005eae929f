// A nested teams region whose if clause is constant false never launches: the
// launch folds away, so the device program is compiled whole as before,
// without relocatable code or CUDA's device runtime (no nvlink), and the
// region runs inline. A nested region that uses a global variable that is
// not declare target stays inline, and says so.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// RUN: %clang -O2 %offload -Rpass-missed=ompgpu -v %s -o %t.remarks 2>&1 | FileCheck %s --check-prefix=BUILD
// BUILD: ompgpu-nested-teams" "--compiler"
// BUILD: nested-teams-if-false.c:37:1: remark: the nested teams region runs inline in the thread that meets it: it uses the global variable 'scale', which is not declare target: the region's own function, in device code, cannot reach it [-Rpass-missed=ompgpu]
// BUILD-NOT: --compile-only
// BUILD-NOT: nvlink
// CHECK: sums: ok
// CHECK: scaled: ok
#include <stdio.h>
#include <stdlib.h>

enum { R = 64, C = 1000 };

static void row_sums(const double *m, double *sums) {
#pragma omp target teams distribute parallel for map(to : m[:R * C]) map(from : sums[:R])
  for (int row = 0; row < R; ++row) {
    double sum = 0;
#pragma omp teams distribute parallel for reduction(+ : sum) if (0)
    for (int c = 0; c < C; ++c)
      sum += m[row * C + c];
    sums[row] = sum;
  }
}

double scale = 2;

static void scaled_sums(const double *m, double *sums) {
#pragma omp target teams distribute parallel for map(to : m[:R * C], scale) map(from : sums[:R])
  for (int row = 0; row < R; ++row) {
    double sum = 0;
    int end = C;
#pragma omp teams distribute parallel for reduction(+ : sum) if (end > 100)
    for (int c = 0; c < end; ++c)
      sum += scale * m[row * C + c];
    sums[row] = sum;
  }
}

static int check(const double *m, const double *sums, double by) {
  int bad = 0;
  for (int row = 0; row < R; ++row) {
    double sum = 0;
    for (int c = 0; c < C; ++c)
      sum += by * m[row * C + c];
    bad += sum != sums[row];
  }
  return bad == 0;
}

int main(void) {
  double *m = malloc(R * C * sizeof(double)), *sums = malloc(R * sizeof(double));
  for (int i = 0; i < R * C; ++i)
    m[i] = i % 7;
  row_sums(m, sums);
  printf("sums: %s\n", check(m, sums, 1) ? "ok" : "wrong");
  scaled_sums(m, sums);
  printf("scaled: %s\n", check(m, sums, scale) ? "ok" : "wrong");
  return 0;
}
