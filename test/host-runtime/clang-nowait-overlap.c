// The CPU twin of offloading/nowait-overlap.c, against the fake CUDA driver,
// which makes the host wait for a copy into pageable host memory as the CUDA
// driver does (Inputs/fake-cuda.c). Two `target nowait` regions that copy a
// scalar back to the stack each launch on a stream of their own, with no host
// wait, allocation or free in between, and their 300 ms kernels overlap;
// their copies back, a strided `target update from ... nowait`, a nowait copy
// back of 2 MiB and omp_target_memcpy_async to the host land in pinned
// memory (the trace shows each copy's stream and that none makes the host
// wait) and reach the program's memory by the taskwait.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang %offload --offload-arch=sm_90 --offload-host-only -O1 -I%runtime-include -I%abi-include -c %s -o %t.o
// RUN: %host-clang -fopenmp -rdynamic %t.o -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_KERNEL_US=300000 FAKE_CUDA_TRACE=1 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,GPU
#include "omptarget.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { Rows = 4, Cols = 16, Big = 1 << 18 };
static double M[Rows][Cols];

static double twoRegions(double *A, double *B) {
  double Start = omp_get_wtime();
#pragma omp target nowait map(from : A[0:1])
  A[0] = 1;
#pragma omp target nowait map(from : B[0:1])
  B[0] = 2;
#pragma omp taskwait
  return (omp_get_wtime() - Start) * 1e3;
}

static void fillRows(void) {
#pragma omp target map(alloc : M)
  for (int R = 0; R < Rows; ++R)
    for (int C = 0; C < Cols; ++C)
      M[R][C] = R * 100 + C;
}

static void fillBig(double *L) {
#pragma omp target nowait map(from : L[0:Big])
  for (int I = 0; I < Big; ++I)
    L[I] = I;
#pragma omp taskwait
}

int main(void) {
  // Trace lines (stderr) and results (stdout) in the order they happen.
  setvbuf(stdout, NULL, _IONBF, 0);
  double A = 0, B = 0;
  // Starts libomp's hidden helper threads, the streams and the pinned memory
  // that copies back land in.
  twoRegions(&A, &B);
  A = B = 0;
  printf("-- two regions\n");
  double Ms = twoRegions(&A, &B);
  printf("two nowait regions: A %g B %g\n", A, B);
  // 300 ms kernels: 600 ms one after the other.
  printf("two nowait regions: %s\n",
         Ms < 500 ? "overlapped" : "one after the other");
  // GPU-LABEL: -- two regions
  // GPU: launch {{.*}}twoRegions_l{{[0-9]+}} {{.*}}(stream [[S1:[0-9]+]])
  // GPU: copy 8 bytes from the device (stream [[S1]])
  // Another helper thread may already wait for the first region's event: that
  // does not hold up the second.
  // GPU-NOT: {{the host waits|synchronize stream|: alloc|: free}}
  // GPU: launch {{.*}}twoRegions_l{{[0-9]+}} {{.*}}(stream [[S2:[0-9]+]])
  // GPU: copy 8 bytes from the device (stream [[S2]])
  // CHECK: two nowait regions: A 1 B 2
  // GPU: two nowait regions: overlapped

#pragma omp target enter data map(alloc : M)
  fillRows();
  printf("-- strided update\n");
#pragma omp target update from(M[1:2][3:4]) nowait
#pragma omp taskwait
  printf("strided nowait update: %g %g %g %g\n", M[1][3], M[1][6], M[2][3],
         M[2][7]);
#pragma omp target exit data map(delete : M)
  // GPU-LABEL: -- strided update
  // The rows land packed: 32 bytes apart.
  // GPU: copy 2-D 2 rows of 32 bytes (pitch 128, 32) from the device (stream {{[0-9]+}})
  // GPU: strided nowait update: 103 106 203 0
  // HOST: strided nowait update: 103 106 203 207

  double *L = malloc(Big * sizeof(double));
  printf("-- big\n");
  fillBig(L);
  printf("2 MiB copied back by a nowait region: %s\n",
         L[0] == 0 && L[Big - 1] == Big - 1 ? "ok" : "wrong");
  // GPU-LABEL: -- big
  // One copy, not the staged chunks of a construct that waits.
  // GPU: copy 2097152 bytes from the device (stream {{[0-9]+}})
  // CHECK: 2 MiB copied back by a nowait region: ok

  int Dev = omp_get_default_device(), Host = omp_get_initial_device();
  double In[8] = {1, 2, 3, 4, 5, 6, 7, 8}, Out[8] = {0};
  double *D = omp_target_alloc(sizeof(In), Dev);
  omp_target_memcpy(D, In, sizeof(In), 0, 0, Dev, Host);
  printf("-- memcpy_async\n");
  omp_target_memcpy_async(Out, D, sizeof(Out), 0, 0, Host, Dev, 0, NULL);
#pragma omp taskwait
  printf("omp_target_memcpy_async to the stack: %g %g\n", Out[0], Out[7]);
  // GPU-LABEL: -- memcpy_async
  // GPU: copy 64 bytes from the device (stream {{[0-9]+}})
  // CHECK: omp_target_memcpy_async to the stack: 1 8
  // GPU-NOT: the host waits
  omp_target_free(D, Dev);
  free(L);
  return 0;
}

// The device side for the fake driver: each kernel takes the launch
// environment, then the region's arguments (clang-22's signatures).
#include "Inputs/fake-image.h"
FAKE_KERNEL(twoRegions_l26, fakeArg(Params, 1)[0] = 1)
FAKE_KERNEL(twoRegions_l28, fakeArg(Params, 1)[0] = 2)
FAKE_KERNEL(fillRows_l35, for (int I = 0; I < Rows * Cols; ++I)
                              fakeArg(Params, 1)[I] = I / Cols * 100 + I % Cols)
FAKE_KERNEL(fillBig_l42, for (int I = 0; I < Big; ++I) fakeArg(Params, 1)[I] = I)

