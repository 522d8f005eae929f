// Asynchronous constructs as clang-22 emits them, against the fake CUDA
// driver (Inputs/fake-cuda.c), whose streams run their work late and in
// order, with a clock per stream: `target nowait` regions on streams of their
// own that overlap (two 500 ms kernels take about 500 ms together), nowait
// enter data / update / exit data ordered by `depend` with a nowait region,
// taskwait and taskgroup waiting for them, omp_target_memcpy_async and
// omp_target_memcpy_rect_async ordered by depend objects,
// omp_target_memset(_async), and interop objects that give the CUDA device,
// context and a stream that the program's own CUDA work may use.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang %offload --offload-arch=sm_90 --offload-host-only -O1 -I%runtime-include -I%abi-include -c %s -o %t.o
// RUN: %host-clang -fopenmp -rdynamic %t.o -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t -ldl
// RUN: %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_KERNEL_US=500000 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,GPU
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefix=STREAMS
#include "omptarget.h"
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 64, Rows = 8, Cols = 16 };
static double A[1], B[1], X[N];

static void overlap(int Report) {
  double Start = omp_get_wtime();
#pragma omp target nowait map(tofrom : A)
  A[0] += 1;
#pragma omp target nowait map(tofrom : B)
  B[0] += 2;
#pragma omp taskwait
  double Ms = (omp_get_wtime() - Start) * 1e3;
  if (!Report)
    return;
  printf("two nowait regions: A %g B %g\n", A[0], B[0]);
  // With 500 ms kernels: 1000 ms one after the other (a loaded machine may
  // add to either).
  printf("two nowait regions: %s\n",
         Ms < 850 ? "overlapped" : "one after the other");
}
// CHECK: two nowait regions: A 2 B 4
// GPU: two nowait regions: overlapped
// Nowait regions run on pooled streams, never on the main stream (1), which
// runs the rest; the GPU run's timing shows that two in flight get two.
// STREAMS: launch {{.*}}overlap_l{{[0-9]+}} {{.*}}(stream {{[2-9]}})
// STREAMS: launch {{.*}}overlap_l{{[0-9]+}} {{.*}}(stream {{[2-9]}})

static void chain(void) {
  for (int I = 0; I < N; ++I)
    X[I] = I;
#pragma omp target enter data map(to : X) nowait depend(out : X)
#pragma omp target nowait map(alloc : X) depend(inout : X)
  for (int I = 0; I < N; ++I)
    X[I] *= 2;
#pragma omp target update from(X) nowait depend(inout : X)
#pragma omp target exit data map(release : X) nowait depend(in : X)
#pragma omp taskwait
  int Ok = 1;
  for (int I = 0; I < N; ++I)
    Ok &= X[I] == 2 * I;
  printf("nowait data constructs in a dependence chain: %s\n",
         Ok ? "ok" : "wrong");
  printf("X mapped after exit data: %d\n",
         omp_target_is_present(X, omp_get_default_device()));
}
// CHECK: nowait data constructs in a dependence chain: ok
// GPU: X mapped after exit data: 0

static void group(void) {
  A[0] = 0;
#pragma omp taskgroup
  {
#pragma omp target nowait map(tofrom : A)
    A[0] += 1;
  }
  printf("taskgroup waited for the nowait region: A %g\n", A[0]);
}
// CHECK: taskgroup waited for the nowait region: A 1

static void memoryRoutines(void) {
  int Dev = omp_get_default_device(), Host = omp_get_initial_device();
  double In[N], Out[N];
  for (int I = 0; I < N; ++I)
    In[I] = I + 0.5, Out[I] = -1;
  size_t Bytes = sizeof(In);
  double *D = omp_target_alloc(Bytes, Dev);
  omp_depend_t Obj;
#pragma omp depobj(Obj) depend(inout : D[0])
  // To the device, then back, ordered by the depend object only.
  omp_target_memcpy_async(D, In, Bytes, 0, 0, Dev, Host, 1, &Obj);
  omp_target_memcpy_async(Out, D, Bytes, 0, 0, Host, Dev, 1, &Obj);
#pragma omp taskwait
  printf("memcpy_async there and back: %s\n",
         !memcmp(In, Out, Bytes) ? "ok" : "wrong");

  // A 3x5 block at (2, 4) of an 8x16 host matrix, to (1, 1) of a 4x8
  // device matrix and back to (0, 0) of another host matrix.
  static double M[Rows][Cols], Back[3][5];
  for (int R = 0; R < Rows; ++R)
    for (int C = 0; C < Cols; ++C)
      M[R][C] = R * 100 + C;
  double *DM = omp_target_alloc(4 * 8 * sizeof(double), Dev);
  size_t Volume[2] = {3, 5}, Zero[2] = {0, 0}, At24[2] = {2, 4},
         At11[2] = {1, 1}, HostDims[2] = {Rows, Cols}, DevDims[2] = {4, 8},
         BackDims[2] = {3, 5};
  omp_target_memcpy_rect_async(DM, M, sizeof(double), 2, Volume, At11, At24,
                               DevDims, HostDims, Dev, Host, 1, &Obj);
  omp_target_memcpy_rect_async(Back, DM, sizeof(double), 2, Volume, Zero,
                               At11, BackDims, DevDims, Host, Dev, 1, &Obj);
#pragma omp taskwait
  int Ok = 1;
  for (int R = 0; R < 3; ++R)
    for (int C = 0; C < 5; ++C)
      Ok &= Back[R][C] == (R + 2) * 100 + C + 4;
  printf("memcpy_rect_async there and back: %s\n", Ok ? "ok" : "wrong");

  unsigned char Bytes8[N];
  omp_target_memset(D, 0x11, N, Dev);
  omp_target_memset_async(D, 0x22, N / 2, Dev, 1, &Obj);
  omp_target_memcpy_async(Bytes8, D, N, 0, 0, Host, Dev, 1, &Obj);
#pragma omp taskwait
  printf("memset then memset_async: %x %x\n", Bytes8[0], Bytes8[N - 1]);
  omp_target_free(D, Dev);
  omp_target_free(DM, Dev);
}
// CHECK: memcpy_async there and back: ok
// CHECK: memcpy_rect_async there and back: ok
// CHECK: memset then memset_async: 22 11

/// The program's own CUDA work on the interop object's stream: a memset
/// through the (fake) driver.
static void cudaMemsetOnStream(void *Ptr, unsigned char Value, size_t Bytes,
                               void *Stream) {
  void *Driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  int (*Memset)(unsigned long long, unsigned char, size_t, void *) =
      Driver ? dlsym(Driver, "cuMemsetD8Async") : NULL;
  if (Memset)
    Memset((unsigned long long)(size_t)Ptr, Value, Bytes, Stream);
}

static void interop(void) {
  int Dev = omp_get_default_device();
  omp_interop_t Obj = omp_interop_none;
#pragma omp interop init(targetsync : Obj) device(Dev)
  if (Obj == omp_interop_none) {
    printf("interop: none on the host\n");
    return;
  }
  int Rc = 0;
  printf("interop: fr_id %d (%s), vendor %s, device_num %d\n",
         (int)omp_get_interop_int(Obj, omp_ipr_fr_id, &Rc),
         omp_get_interop_str(Obj, omp_ipr_fr_name, NULL),
         omp_get_interop_str(Obj, omp_ipr_vendor_name, NULL),
         (int)omp_get_interop_int(Obj, omp_ipr_device_num, NULL));
  void *Stream = omp_get_interop_ptr(Obj, omp_ipr_targetsync, &Rc);
  printf("interop: CUDA device %d, context %p, stream %s (rc %d)\n",
         (int)omp_get_interop_int(Obj, omp_ipr_device, NULL),
         omp_get_interop_ptr(Obj, omp_ipr_device_context, NULL),
         Stream ? "given" : "missing", Rc);
  omp_get_interop_ptr(Obj, omp_ipr_fr_id, &Rc);
  printf("interop: fr_id as a pointer: %s\n", omp_get_interop_rc_desc(Obj, Rc));
  // The program queues CUDA work on the stream; `interop use` waits for it.
  unsigned char *D = omp_target_alloc(16, Dev), Seen[16];
  cudaMemsetOnStream(D, 0x5a, 16, Stream);
#pragma omp interop use(Obj)
  omp_target_memcpy(Seen, D, 16, 0, 0, omp_get_initial_device(), Dev);
  printf("interop: work on its stream done at use: %x\n", Seen[15]);
#pragma omp interop destroy(Obj)
  printf("interop: destroyed: %d\n", Obj == omp_interop_none);
  omp_target_free(D, Dev);
}
// HOST: interop: none on the host
// GPU: interop: fr_id 1 (cuda), vendor nvidia, device_num 0
// GPU: interop: CUDA device 0, context 0x1000, stream given (rc 0)
// GPU: interop: fr_id as a pointer: the property is an integer: use omp_get_interop_int
// GPU: interop: work on its stream done at use: 5a
// GPU: interop: destroyed: 1

int main(void) {
  // The first nowait regions start libomp's hidden helper threads.
  overlap(0);
  overlap(1);
  chain();
  group();
  memoryRoutines();
  interop();
  return 0;
}

// The device side for the fake driver: each kernel takes the launch
// environment, then the region's mapped arrays (clang-22's signatures).
#include "Inputs/fake-image.h"
FAKE_KERNEL(overlap_l28, fakeArg(Params, 1)[0] += 1)
FAKE_KERNEL(overlap_l30, fakeArg(Params, 1)[0] += 2)
FAKE_KERNEL(chain_l53, for (int I = 0; I < N; ++I) fakeArg(Params, 1)[I] *= 2)
FAKE_KERNEL(group_l74, fakeArg(Params, 1)[0] += 1)

