// Non-contiguous `target update`: strided sections of arrays and pointers,
// sections of 2-D and 3-D arrays, a structure member, an array of structures
// with a user mapper. The program checks itself: it knows whether its regions
// run on a device (where an update moves exactly the section's elements) or
// on the host (where updates do nothing), and compares every element.
// `strided-update perf` times a strided update against a contiguous one of
// the same bytes (a GPU measurement, not part of the test).
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: to a[1:16:3]: ok
// CHECK: from a[0:32:2]: ok
// CHECK: from p[0:5:4]: ok
// CHECK: to m[0:8][1:5:3]: ok
// CHECK: from m[2:3][4:8]: ok
// CHECK: from c[0:2][0:3:2][1:4]: ok
// CHECK: to t.x[2:4:3]: ok
// CHECK: to vecs[0:4:2] with a mapper: ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 64
double a[N], m[8][16], c[4][8][6];
struct rec {
  int k;
  double x[16];
} t;
typedef struct {
  int n;
  double *p;
} vec;
#pragma omp declare mapper(vec v) map(v, v.p[0:v.n])

static int OnDevice;

static void report(const char *What, int Errors) {
  printf("%s: %s\n", What, Errors ? "WRONG" : "ok");
}

/// Whether index I is in the section lower:count:stride.
static int in(int I, int Lower, int Count, int Stride) {
  return I >= Lower && (I - Lower) % Stride == 0 &&
         (I - Lower) / Stride < Count;
}

static void arrays(void) {
  double out[N];
  for (int i = 0; i < N; ++i)
    a[i] = i;
#pragma omp target enter data map(to : a)
  for (int i = 0; i < N; ++i)
    a[i] = -1;
#pragma omp target update to(a[1:16:3])
#pragma omp target map(from : out)
  for (int i = 0; i < N; ++i)
    out[i] = a[i];
  int Errors = 0;
  for (int i = 0; i < N; ++i)
    Errors += out[i] != (!OnDevice || in(i, 1, 16, 3) ? -1 : i);
  report("to a[1:16:3]", Errors);

#pragma omp target
  for (int i = 0; i < N; ++i)
    a[i] = 1000 + i;
  for (int i = 0; i < N; ++i)
    a[i] = -2;
#pragma omp target update from(a[0:32:2])
  Errors = 0;
  for (int i = 0; i < N; ++i)
    Errors += a[i] != (OnDevice && in(i, 0, 32, 2) ? 1000 + i : -2);
  report("from a[0:32:2]", Errors);

  // A pointer into the array: its sections start at the pointee.
  double *p = a + 4;
  for (int i = 0; i < N; ++i)
    a[i] = -3;
#pragma omp target update from(p[0:5:4])
  Errors = 0;
  for (int i = 0; i < N; ++i)
    Errors += a[i] != (OnDevice && in(i, 4, 5, 4) ? 1000 + i : -3);
  report("from p[0:5:4]", Errors);
#pragma omp target exit data map(delete : a)
}

static void multidimensional(void) {
  double out[8][16];
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 16; ++j)
      m[i][j] = 16 * i + j;
#pragma omp target enter data map(to : m)
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 16; ++j)
      m[i][j] = -1;
#pragma omp target update to(m[0:8][1:5:3])
#pragma omp target map(from : out)
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 16; ++j)
      out[i][j] = m[i][j];
  int Errors = 0;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 16; ++j)
      Errors += out[i][j] != (!OnDevice || in(j, 1, 5, 3) ? -1 : 16 * i + j);
  report("to m[0:8][1:5:3]", Errors);

#pragma omp target
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 16; ++j)
      m[i][j] = 500 + 16 * i + j;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 16; ++j)
      m[i][j] = -2;
#pragma omp target update from(m[2:3][4:8])
  Errors = 0;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 16; ++j)
      Errors += m[i][j] != (OnDevice && in(i, 2, 3, 1) && in(j, 4, 8, 1)
                                ? 500 + 16 * i + j
                                : -2);
  report("from m[2:3][4:8]", Errors);
#pragma omp target exit data map(delete : m)

#pragma omp target enter data map(alloc : c)
#pragma omp target
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 6; ++k)
        c[i][j][k] = 100 * i + 10 * j + k;
  memset(c, 0, sizeof(c));
#pragma omp target update from(c[0:2][0:3:2][1:4])
  Errors = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 6; ++k)
        Errors += c[i][j][k] !=
                  (OnDevice && in(i, 0, 2, 1) && in(j, 0, 3, 2) &&
                           in(k, 1, 4, 1)
                       ? 100 * i + 10 * j + k
                       : 0);
  report("from c[0:2][0:3:2][1:4]", Errors);
#pragma omp target exit data map(delete : c)
}

static void structures(void) {
  double out[16];
  for (int i = 0; i < 16; ++i)
    t.x[i] = i;
#pragma omp target enter data map(to : t)
  for (int i = 0; i < 16; ++i)
    t.x[i] = -1;
#pragma omp target update to(t.x[2:4:3])
#pragma omp target map(from : out)
  for (int i = 0; i < 16; ++i)
    out[i] = t.x[i];
  int Errors = 0;
  for (int i = 0; i < 16; ++i)
    Errors += out[i] != (!OnDevice || in(i, 2, 4, 3) ? -1 : i);
  report("to t.x[2:4:3]", Errors);
#pragma omp target exit data map(delete : t)

  // The mapper runs on each element of the section and moves what it
  // points to.
  double data[8][2];
  vec vecs[8];
  for (int i = 0; i < 8; ++i) {
    vecs[i].n = 2;
    vecs[i].p = data[i];
    data[i][0] = data[i][1] = i;
  }
#pragma omp target enter data map(to : vecs[0:8])
  for (int i = 0; i < 8; ++i)
    data[i][1] = -1;
#pragma omp target update to(vecs[0:4:2])
  double seen[8];
#pragma omp target map(from : seen) map(present, alloc : vecs[0:8])
  for (int i = 0; i < 8; ++i)
    seen[i] = vecs[i].p[1];
  Errors = 0;
  for (int i = 0; i < 8; ++i)
    Errors += seen[i] != (!OnDevice || in(i, 0, 4, 2) ? -1 : i);
  report("to vecs[0:4:2] with a mapper", Errors);
#pragma omp target exit data map(delete : vecs[0:8])
}

/// Seconds per update of every other element of 2^26 doubles (512 MiB), and
/// of the same bytes contiguously.
static void perf(void) {
  size_t n = (size_t)1 << 26;
  double *big = malloc(n * sizeof(double));
  memset(big, 0, n * sizeof(double));
#pragma omp target enter data map(to : big[0:n])
  for (int Round = 0; Round < 3; ++Round) {
    double Start = omp_get_wtime();
#pragma omp target update to(big[0:n / 2:2])
    double Strided = omp_get_wtime() - Start;
    Start = omp_get_wtime();
#pragma omp target update to(big[0:n / 2])
    double Contiguous = omp_get_wtime() - Start;
    Start = omp_get_wtime();
#pragma omp target update from(big[0:n / 2:2])
    double StridedFrom = omp_get_wtime() - Start;
    printf("256 MiB in 8-byte pieces: to %.1f ms (%.2f GB/s), from %.1f ms; "
           "contiguous to %.1f ms (%.2f GB/s)\n",
           Strided * 1e3, n / 2 * 8 / Strided / 1e9, StridedFrom * 1e3,
           Contiguous * 1e3, n / 2 * 8 / Contiguous / 1e9);
  }
#pragma omp target exit data map(delete : big[0:n])
  free(big);
}

int main(int argc, char **argv) {
#pragma omp target map(from : OnDevice)
  OnDevice = !omp_is_initial_device();
  if (argc > 1 && !strcmp(argv[1], "perf")) {
    perf();
    return 0;
  }
  arrays();
  multidimensional();
  structures();
  return 0;
}
