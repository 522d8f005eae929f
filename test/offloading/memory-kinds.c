// Memory of each kind for a device, without `requires`: device memory
// (omp_target_alloc, llvm_omp_target_alloc_device), managed memory that host
// and device use in place (llvm_omp_target_alloc_shared), pinned host memory
// that kernels read in place (llvm_omp_target_alloc_host), host memory pinned
// with llvm_omp_target_lock_mem, and the same through the host OpenMP
// runtime's allocators for the llvm_omp_target memory spaces and a pinned
// allocator, which find the routines in libomptarget by name. omp_target_is_accessible tells which host memory a
// kernel reaches. With host fallback every kind is host memory.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: device: ok
// CHECK: shared: ok
// CHECK: host: ok
// CHECK: locked: ok
// CHECK: allocators: ok
// CHECK: pinned allocator: ok
// CHECK: accessible: shared 1 host 1 locked 1
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4096

// Allocation routines omp.h does not declare.
void *llvm_omp_target_alloc_device(size_t Size, int Device);
void *llvm_omp_target_alloc_host(size_t Size, int Device);
void *llvm_omp_target_alloc_shared(size_t Size, int Device);
void llvm_omp_target_free_device(void *Ptr, int Device);
void llvm_omp_target_free_host(void *Ptr, int Device);
void llvm_omp_target_free_shared(void *Ptr, int Device);
void *llvm_omp_target_lock_mem(void *Ptr, size_t Size, int Device);
void llvm_omp_target_unlock_mem(void *Ptr, int Device);

static void report(const char *What, int Errors) {
  printf("%s: %s\n", What, Errors ? "WRONG" : "ok");
}

/// Sets p[i] = i + Add in a kernel that uses p as it is.
static void fill(double *p, double Add) {
#pragma omp target teams distribute parallel for is_device_ptr(p)
  for (int i = 0; i < N; ++i)
    p[i] = i + Add;
}

static int check(const double *p, double Add) {
  int Errors = 0;
  for (int i = 0; i < N; ++i)
    Errors += p[i] != i + Add;
  return Errors;
}

int main(void) {
  int Device = omp_get_default_device();
  size_t Bytes = N * sizeof(double);

  // Device memory: the host sees it through a copy.
  double *d = llvm_omp_target_alloc_device(Bytes, Device);
  double *out = malloc(Bytes);
  fill(d, 1);
  omp_target_memcpy(out, d, Bytes, 0, 0, omp_get_initial_device(), Device);
  report("device", check(out, 1));
  llvm_omp_target_free_device(d, Device);

  double *s = llvm_omp_target_alloc_shared(Bytes, Device);
  fill(s, 2);
  report("shared", check(s, 2));

  double *h = llvm_omp_target_alloc_host(Bytes, Device);
  fill(h, 3);
  report("host", check(h, 3));

  double *l = llvm_omp_target_lock_mem(out, Bytes, Device);
  fill(l, 4);
  report("locked", check(out, 4) + (l != out));

  double *viaShared = omp_alloc(Bytes, llvm_omp_target_shared_mem_alloc);
  double *viaHost = omp_alloc(Bytes, llvm_omp_target_host_mem_alloc);
  fill(viaShared, 5);
  fill(viaHost, 6);
  report("allocators", check(viaShared, 5) + check(viaHost, 6));
  omp_free(viaShared, llvm_omp_target_shared_mem_alloc);
  omp_free(viaHost, llvm_omp_target_host_mem_alloc);

  // A pinned allocator of the default memory space: libomp pins its memory
  // with llvm_omp_target_lock_mem, and kernels reach it in place.
  omp_alloctrait_t Pinned[] = {{omp_atk_pinned, omp_atv_true}};
  omp_allocator_handle_t PinnedAllocator =
      omp_init_allocator(omp_default_mem_space, 1, Pinned);
  double *p = omp_alloc(Bytes, PinnedAllocator);
  fill(p, 7);
  report("pinned allocator",
         check(p, 7) + !omp_target_is_accessible(p, Bytes, Device));
  omp_free(p, PinnedAllocator);
  omp_destroy_allocator(PinnedAllocator);

  printf("accessible: shared %d host %d locked %d\n",
         omp_target_is_accessible(s, Bytes, Device),
         omp_target_is_accessible(h + 1, Bytes - 8, Device),
         omp_target_is_accessible(out, Bytes, Device));
  llvm_omp_target_unlock_mem(out, Device);
  llvm_omp_target_free_shared(s, Device);
  llvm_omp_target_free_host(h, Device);
  free(out);
  return 0;
}
