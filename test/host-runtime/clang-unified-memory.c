// `#pragma omp requires unified_shared_memory` as stock clang-22 emits it,
// against this runtime and the fake CUDA driver: on a GPU that reaches all
// host memory (FAKE_CUDA_PAGEABLE=1, as with HMM or on Grace Hopper) maps use
// host memory in place and copy nothing; on one that does not (the default,
// like an H100 without HMM) maps copy, while managed memory from
// omp_target_alloc_shared is used in place. Declare target variables are
// reached through reference pointers that point to the host variables. Also
// omp_target_is_accessible, pinned and locked host memory, and the host
// libomp's allocators for the llvm_omp_target memory spaces, which it finds
// here by name.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang %offload --offload-arch=sm_90 --offload-host-only -O1 -I%runtime-include -I%abi-include -c %s -o %t.o
// RUN: %host-clang -fopenmp -rdynamic %t.o -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,GPU,NO-HMM
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 FAKE_CUDA_PAGEABLE=1 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,GPU,HMM
#include "omptarget.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp requires unified_shared_memory

double g[4] = {1, 2, 3, 4};
#pragma omp declare target(g)

// omp.h declares none of these.
void *omp_target_alloc_shared(size_t, int);
void *llvm_omp_target_alloc_host(size_t, int);
void llvm_omp_target_free_host(void *, int);
void *llvm_omp_target_lock_mem(void *, size_t, int);
void llvm_omp_target_unlock_mem(void *, int);

double *Seen; // the address the last kernel saw

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int dev = omp_get_default_device();
  double a[8] = {0};
  // Loads the program: g's device reference pointer gets the host address.
  omp_target_is_present(a, dev);
  // GPU: fake-cuda: loaded a cubin module
  // (Small copies to the device go through pinned staging memory.)
  // GPU-NEXT: fake-cuda: alloc 1048576 bytes of pinned host memory (flags 0)
  // GPU-NEXT: fake-cuda: copy 8 bytes to the device
  fprintf(stderr, "-- map\n");
#pragma omp target map(tofrom : a)
  { a[1] = 5; g[2] += 10; }
  // GPU-LABEL: -- map
  // NO-HMM: fake-cuda: copy 64 bytes to the device
  // HMM-NOT: copy
  printf("map: a[1] %g, g[2] %g, the kernel used the host array %d\n", a[1],
         g[2], Seen == a);
  // HOST: map: a[1] 5, g[2] 13, the kernel used the host array 0
  // NO-HMM: map: a[1] 5, g[2] 13, the kernel used the host array 0
  // HMM: map: a[1] 5, g[2] 13, the kernel used the host array 1

  double *shared = omp_target_alloc_shared(8 * sizeof(double), dev);
  // GPU: fake-cuda: alloc 64 bytes of managed memory
#pragma omp target map(tofrom : shared[0:8])
  shared[3] = 7;
  // GPU-NOT: copy
  printf("shared: %g, the kernel used it in place %d\n", shared[3],
         Seen == shared);
  // HOST: shared: 7, the kernel used it in place 0
  // GPU: shared: 7, the kernel used it in place 1

  double *heap = malloc(64), *pinned = llvm_omp_target_alloc_host(64, dev);
  // GPU: fake-cuda: alloc 64 bytes of pinned host memory
  printf("accessible: heap %d shared %d pinned %d\n",
         omp_target_is_accessible(heap, 64, dev),
         omp_target_is_accessible(shared + 2, 48, dev),
         omp_target_is_accessible(pinned, 64, dev));
  // HOST: accessible: heap 1 shared 1 pinned 1
  // NO-HMM: accessible: heap 0 shared 1 pinned 1
  // HMM: accessible: heap 1 shared 1 pinned 1
  void *locked = llvm_omp_target_lock_mem(heap, 64, dev);
  // GPU: fake-cuda: lock 64 bytes of host memory
  int whileLocked = omp_target_is_accessible(heap, 64, dev);
  llvm_omp_target_unlock_mem(heap, dev);
  // GPU: fake-cuda: unlock host memory
  printf("locked: same address %d, accessible %d, then %d\n", locked == heap,
         whileLocked, omp_target_is_accessible(heap, 64, dev));
  // HOST: locked: same address 1, accessible 1, then 1
  // NO-HMM: locked: same address 1, accessible 1, then 0
  // HMM: locked: same address 1, accessible 1, then 1
  omp_target_free(shared, dev);
  // GPU: fake-cuda: free
  llvm_omp_target_free_host(pinned, dev);
  // GPU: fake-cuda: free pinned host memory

  // The host OpenMP runtime's allocators find the llvm_omp_target routines
  // by name.
  double *viaAllocator = omp_alloc(64, llvm_omp_target_shared_mem_alloc);
  // GPU: fake-cuda: alloc 64 bytes of managed memory
  printf("allocator: %d\n", viaAllocator != NULL);
  // CHECK: allocator: 1
  omp_free(viaAllocator, llvm_omp_target_shared_mem_alloc);
  free(heap);
  return 0;
}

// The device side for the fake driver: the region above, with clang-22's
// kernel signature (launch environment, double a[8]); g through its
// reference pointer, which the runtime points to the host's g.
KernelEnvironmentTy fakedev_omp_main_l47_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_GENERIC_SPMD, 1, 128, -1, -1, 0, 0}, NULL, NULL};
double *fakedev_g_decl_tgt_ref_ptr;
void fakedev_omp_main_l47(void **Params, unsigned Teams, unsigned Threads) {
  (void)Teams, (void)Threads;
  Seen = *(double **)Params[1];
  Seen[1] = 5;
  fakedev_g_decl_tgt_ref_ptr[2] += 10;
}
// (launch environment, double *shared)
KernelEnvironmentTy fakedev_omp_main_l60_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_GENERIC_SPMD, 1, 128, -1, -1, 0, 0}, NULL, NULL};
void fakedev_omp_main_l60(void **Params, unsigned Teams, unsigned Threads) {
  (void)Teams, (void)Threads;
  Seen = *(double **)Params[1];
  Seen[3] = 7;
}

// The registration of one image, for the fake driver.
#include "Inputs/fake-image.h"
