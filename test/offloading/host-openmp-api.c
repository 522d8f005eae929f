// The host OpenMP API that omp.h and the host libomp.so.5 share, from a
// program built by our driver: the driver's omp.h gives memory spaces and
// allocator traits the numbers of the library programs load (Debian pairs
// LLVM 22's omp.h with LLVM 19's libomp, where omp_default_mem_space is 0,
// not 99, and omp_init_allocator aborts on 99). Allocators on every memory
// space (high bandwidth memory needs memkind, which the library may lack),
// traits, the default allocator, schedules, lock hints, proc_bind and
// pause, on the host and around a target region.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: default space: aligned 1, fallback null 1
// CHECK: large_cap: 1
// CHECK: const: 1
// CHECK: high_bw: {{[01]}}
// CHECK: low_lat: 1
// CHECK: default allocator: 1
// CHECK: schedule: 1 7
// CHECK: lock with hint: 3
// CHECK: target region saw: 42
// CHECK: proc_bind false: 1, pause: 0
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

static int usable(omp_memspace_handle_t Space) {
  omp_allocator_handle_t A = omp_init_allocator(Space, 0, NULL);
  if (A == omp_null_allocator)
    return 0;
  int *P = omp_alloc(64 * sizeof(int), A);
  int Ok = P != NULL;
  if (P) {
    P[63] = 1;
    omp_free(P, A);
  }
  omp_destroy_allocator(A);
  return Ok;
}

int main(void) {
  omp_alloctrait_t Traits[] = {{omp_atk_alignment, 256},
                               {omp_atk_access, omp_atv_all},
                               {omp_atk_pool_size, 4096},
                               {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t A = omp_init_allocator(omp_default_mem_space, 4, Traits);
  double *P = omp_alloc(100 * sizeof(double), A);
  // The pool holds 4096 bytes: a larger request gets the null fallback.
  void *TooBig = omp_alloc(8192, A);
  printf("default space: aligned %d, fallback null %d\n",
         P && (uintptr_t)P % 256 == 0, TooBig == NULL);

  printf("large_cap: %d\n", usable(omp_large_cap_mem_space));
  printf("const: %d\n", usable(omp_const_mem_space));
  printf("high_bw: %d\n", usable(omp_high_bw_mem_space));
  printf("low_lat: %d\n", usable(omp_low_lat_mem_space));

  omp_set_default_allocator(A);
  double *Q = omp_alloc(16, omp_null_allocator);
  printf("default allocator: %d\n",
         omp_get_default_allocator() == A && (uintptr_t)Q % 256 == 0);
  omp_free(Q, omp_null_allocator);
  omp_set_default_allocator(omp_default_mem_alloc);

  omp_set_schedule(omp_sched_dynamic, 7);
  omp_sched_t Kind;
  int Chunk;
  omp_get_schedule(&Kind, &Chunk);
  printf("schedule: %d %d\n", Kind == omp_sched_dynamic, Chunk);

  omp_lock_t Lock;
  omp_init_lock_with_hint(&Lock, omp_sync_hint_contended);
  int Count = 0;
#pragma omp parallel num_threads(3)
  {
    omp_set_lock(&Lock);
    ++Count;
    omp_unset_lock(&Lock);
  }
  omp_destroy_lock(&Lock);
  printf("lock with hint: %d\n", Count);

  // Host allocations mapped to a target region.
  P[0] = 41;
#pragma omp target map(tofrom : P[0 : 1])
  P[0] += 1;
  printf("target region saw: %g\n", P[0]);
  omp_free(P, A);
  omp_destroy_allocator(A);

  printf("proc_bind false: %d, pause: %d\n",
         omp_get_proc_bind() == omp_proc_bind_false,
         omp_pause_resource_all(omp_pause_soft));
  return 0;
}
