// Non-contiguous `target update` as stock clang-22 emits it, against this
// runtime and the fake CUDA driver (whose device memory the test reads
// directly): strided sections of arrays, of pointers, of 2-D and 3-D arrays,
// of a structure member, and of an array of structures with a user mapper.
// Each section takes one 2-D or 3-D copy (or one per slice), never one per
// element; FAKE_CUDA_TRACE counts them. With host fallback updates do
// nothing.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang %offload --offload-arch=sm_90 --offload-host-only -O1 -I%runtime-include -I%abi-include -c %s -o %t.o
// RUN: %host-clang -fopenmp -rdynamic %t.o -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,GPU
#include "Inputs/fake-cuda-catch-up.h"
#include "omptarget.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

double a[16];
double m[4][16];
double c[4][8][6];
double e[4][5][6];
struct rec {
  int k;
  double x[16];
} t;
typedef struct {
  int n;
  double *p;
} vec;
#pragma omp declare mapper(vec v) map(v, v.p[0:v.n])

/// The device copy of a host object (the host itself without a device),
/// once the GPU has done the work queued so far.
static double *dev(void *host) {
  fakeCudaCatchUp();
  void *p = omp_get_mapped_ptr(host, omp_get_default_device());
  return p ? (double *)p : (double *)host;
}

static void mark(const char *what) {
  fprintf(stderr, "-- %s\n", what);
  fflush(stderr);
}

int main(void) {
  // Results and the driver's trace in the order they happen.
  setvbuf(stdout, NULL, _IONBF, 0);
  for (int i = 0; i < 16; ++i)
    a[i] = i;
#pragma omp target enter data map(to : a, m, c, e, t)
  for (int i = 0; i < 16; ++i)
    a[i] = 100 + i;
  mark("a[0:8:2]");
#pragma omp target update to(a[0:8:2])
  // GPU-LABEL: -- a[0:8:2]
  // GPU-NEXT: fake-cuda: copy 2-D 8 rows of 8 bytes (pitch 16, 16) to the device
  // GPU-NOT: copy
  printf("a[0:8:2]: %g %g %g %g\n", dev(a)[0], dev(a)[1], dev(a)[14],
         dev(a)[15]);
  // GPU: a[0:8:2]: 100 1 114 15
  // HOST: a[0:8:2]: 100 101 114 115

  mark("a[1:4:3]");
  for (int i = 0; i < 16; ++i)
    dev(a)[i] = 1000 + i;
#pragma omp target update from(a[1:4:3])
  // A small section back lands its rows packed in the runtime's pinned
  // memory (allocated once), and the host moves them into place.
  // GPU-LABEL: -- a[1:4:3]
  // GPU-NEXT: fake-cuda: alloc 4096 bytes of pinned host memory (flags 0)
  // GPU-NEXT: fake-cuda: copy 2-D 4 rows of 8 bytes (pitch 24, 8) from the device
  // GPU-NOT: copy
  printf("a[1:4:3]: %g %g %g %g %g\n", a[0], a[1], a[4], a[10], a[11]);
  // GPU: a[1:4:3]: 100 1001 1004 1010 111
  // HOST: a[1:4:3]: 1000 1001 1004 1010 1011

  // Every other element of each row: one dimension of 32 elements.
  mark("m[0:4][0:8:2]");
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 16; ++j)
      m[i][j] = 16 * i + j;
#pragma omp target update to(m[0:4][0:8:2])
  // GPU-LABEL: -- m[0:4][0:8:2]
  // GPU-NEXT: fake-cuda: copy 2-D 32 rows of 8 bytes (pitch 16, 16) to the device
  // GPU-NOT: copy
  printf("m[0:4][0:8:2]: %g %g %g %g\n", dev(m)[0], dev(m)[1], dev(m)[16 + 14],
         dev(m)[48 + 15]);
  // GPU: m[0:4][0:8:2]: 0 0 30 0
  // HOST: m[0:4][0:8:2]: 0 1 30 63

  // Two rows, four elements each.
  mark("m[2:2][3:4]");
#pragma omp target update from(m[2:2][3:4])
  // GPU-LABEL: -- m[2:2][3:4]
  // GPU-NEXT: fake-cuda: copy 2-D 2 rows of 32 bytes (pitch 128, 32) from the device
  // GPU-NOT: copy

  // Rows 2 apart, slices 4 such rows apart: one 3-D copy.
  mark("c[0:2][0:3:2][1:4]");
  for (int i = 0; i < 4 * 8 * 6; ++i)
    (&c[0][0][0])[i] = i;
#pragma omp target update to(c[0:2][0:3:2][1:4])
  // GPU-LABEL: -- c[0:2][0:3:2][1:4]
  // GPU-NEXT: fake-cuda: copy 3-D 2 slices of 3 rows of 32 bytes (pitch 96, 96; height 4, 4) to the device
  // GPU-NOT: copy
  printf("c: %g %g %g %g\n", dev(c)[1], dev(c)[0], dev(c)[48 + 24 + 4],
         dev(c)[48 + 6 + 1]);
  // GPU: c: 1 0 76 0
  // HOST: c: 1 0 76 55

  // Slices 2.5 such rows apart: a 2-D copy per slice.
  mark("e[1:2][0:3:2][2:2]");
#pragma omp target update to(e[1:2][0:3:2][2:2])
  // GPU-LABEL: -- e[1:2][0:3:2][2:2]
  // GPU-NEXT: fake-cuda: copy 2-D 3 rows of 16 bytes (pitch 96, 96) to the device
  // GPU-NEXT: fake-cuda: copy 2-D 3 rows of 16 bytes (pitch 96, 96) to the device
  // GPU-NOT: copy

  // A pointer: the base is the pointee.
  mark("p[1:3:2]");
  double *p = a;
#pragma omp target update from(p[1:3:2])
  // GPU-LABEL: -- p[1:3:2]
  // GPU-NEXT: fake-cuda: copy 2-D 3 rows of 8 bytes (pitch 16, 8) from the device
  // GPU-NOT: copy

  // A member array: the section starts at the first element its parent item
  // names.
  mark("t.x[1:4:3]");
  for (int i = 0; i < 16; ++i)
    t.x[i] = i + 0.5;
#pragma omp target update to(t.x[1:4:3])
  // GPU-LABEL: -- t.x[1:4:3]
  // GPU-NEXT: fake-cuda: copy 2-D 4 rows of 8 bytes (pitch 24, 24) to the device
  // GPU-NOT: copy
  struct rec *dt = (struct rec *)dev(&t);
  printf("t.x[1:4:3]: %g %g %g %g\n", dt->x[0], dt->x[1], dt->x[4],
         dt->x[10]);
  // GPU: t.x[1:4:3]: 0 1.5 4.5 10.5
  // HOST: t.x[1:4:3]: 0.5 1.5 4.5 10.5

  // The mapper runs on each element of the section and moves what it points
  // to.
  mark("vecs[0:2:2]");
  double data[4][2] = {{0}};
  vec vecs[4];
  for (int i = 0; i < 4; ++i) {
    vecs[i].n = 2;
    vecs[i].p = data[i];
  }
#pragma omp target enter data map(to : vecs[0:4])
  for (int i = 0; i < 4; ++i)
    data[i][1] = 10 + i;
#pragma omp target update to(vecs[0:2:2])
  // GPU-LABEL: -- vecs[0:2:2]
  printf("vecs[0:2:2]: %g %g %g\n", dev(data[0])[1], dev(data[1])[1],
         dev(data[2])[1]);
  // GPU: vecs[0:2:2]: 10 0 12
  // HOST: vecs[0:2:2]: 10 11 12
  printf("done\n");
  // CHECK: done
#pragma omp target exit data map(delete : a, m, c, e, t, vecs[0:4])
  return 0;
}

// The registration of one image, for the fake driver.
#include "Inputs/fake-image.h"
