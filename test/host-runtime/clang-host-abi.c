// Host code from stock clang-22 against this runtime, with device kernels
// played by the fake CUDA driver (Inputs/fake-cuda.c): checks the ABI as
// clang-22 emits it (kernel argument block, map types incl. ATTACH and
// PTR_AND_OBJ, offload entries of kernels, declare target and declare target
// link variables, use_device_ptr), with host fallback and on a "GPU".
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang %offload --offload-arch=sm_90 --offload-host-only -g -O1 -I%runtime-include -I%abi-include -c %s -o %t.o
// RUN: %host-clang -fopenmp -rdynamic %t.o -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: env OMP_TARGET_OFFLOAD=mandatory LIBOMPTARGET_INFO=1 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,GPU
#include "omptarget.h"
#include <stdio.h>
#include <stdlib.h>

double g[4] = {1, 2, 3, 4};
#pragma omp declare target(g)
int link_arr[4];
#pragma omp declare target link(link_arr)

typedef struct { int n; double *p; } vec;
double *HostA; // what the fake device must not see

int main(void) {
  int n = 1000; // (the kernels below are named after their lines)
  double a[1000], s = 2; HostA = a;
  #pragma omp target teams distribute parallel for map(from: a) num_teams(7) thread_limit(64)
  for (int i = 0; i < n; i++)
    a[i] = s * i;
  // GPU: omptarget info: device 0: launching __omp_offloading_{{.*}}_main_l26 in SPMD mode with 7 teams x 64 threads (teams: num_teams clause; threads: thread_limit clause), 3 arguments at {{.*}}clang-host-abi.c:26 (function main)
  // GPU: device l26: n 1000 s 2 a is a device copy 1

  double data[3] = {1, 2, 3};
  vec v = {3, data};
  #pragma omp target map(tofrom: v, v.p[:v.n]) map(tofrom: link_arr)
  { v.p[1] = v.n; link_arr[1] = 5; g[0] += 10; }
  // GPU: omptarget info: device 0: launching __omp_offloading_{{.*}}_main_l34 in generic-SPMD mode with 1 teams x 128 threads (teams: no teams construct; threads: kernel default), 1 arguments

  #pragma omp target update from(g)
  double *dp = data, *seen = 0;
  #pragma omp target data map(tofrom: dp[0:3]) use_device_ptr(dp)
  { seen = dp; }
  // nowait target tasks run on libomp's hidden helper threads.
  #pragma omp target nowait map(tofrom: data[0:3])
  data[2] = 7;
  #pragma omp taskwait
  printf("a[999] %g data[1] %g link_arr[1] %d g[0] %g v.p kept %d\n", a[999],
         data[1], link_arr[1], g[0], v.p == data);
  // CHECK: a[999] 1998 data[1] 3 link_arr[1] 5 g[0] 11 v.p kept 1
  printf("use_device_ptr gave a device address: %d\n", seen != data);
  // HOST: use_device_ptr gave a device address: 0
  // GPU: use_device_ptr gave a device address: 1
  printf("nowait region: data[2] %g\n", data[2]);
  // HOST: nowait region: data[2] 7
  // GPU: nowait region: data[2] 70
  return 0;
}

// The device side for the fake driver. Kernel signatures are those of
// clang-22's device code for the regions above.
KernelEnvironmentTy fakedev_omp_main_l26_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_SPMD, 1, 64, 7, 7, 0, 0}, NULL, NULL};
KernelEnvironmentTy fakedev_omp_main_l34_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_GENERIC_SPMD, 1, 128, -1, -1, 0, 0}, NULL, NULL};
double fakedev_g[4] = {1, 2, 3, 4};
int *fakedev_link_arr_decl_tgt_ref_ptr;

// (launch environment, int n (literal), double a[1000], double s (literal))
void fakedev_omp_main_l26(void **Params, unsigned Teams, unsigned Threads) {
  (void)Teams, (void)Threads;
  long N = *(long *)Params[1];
  double *A = *(double **)Params[2];
  double S;
  __builtin_memcpy(&S, Params[3], sizeof(S));
  fprintf(stderr, "device l26: n %ld s %g a is a device copy %d\n", N, S,
          A != HostA);
  for (long I = 0; I < N; ++I)
    A[I] = S * I;
}

// (launch environment, vec *v); link_arr through its device ref_ptr.
void fakedev_omp_main_l34(void **Params, unsigned Teams, unsigned Threads) {
  (void)Teams, (void)Threads;
  vec *V = *(vec **)Params[1];
  V->p[1] = V->n;
  fakedev_link_arr_decl_tgt_ref_ptr[1] = 5;
  fakedev_g[0] += 10;
}

// (launch environment, double data[3]); 70 tells the device from the host.
KernelEnvironmentTy fakedev_omp_main_l43_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_GENERIC_SPMD, 1, 128, -1, -1, 0, 0}, NULL, NULL};
void fakedev_omp_main_l43(void **Params, unsigned Teams, unsigned Threads) {
  (void)Teams, (void)Threads;
  (*(double **)Params[1])[2] = 70;
}

// The registration LLVM's offload wrapper writes, without our link step's
// manifest: the runtime asks the driver for symbols.
#include "Inputs/fake-image.h"
