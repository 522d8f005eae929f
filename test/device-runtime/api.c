// The omp_* and ompx_* routines, locks (shared and thread-private), assert,
// printf and the allocators link with the device runtime into PTX that ptxas
// accepts; CUDA's system calls are all that stays external, and the device
// environment the host runtime writes is a visible global.
//
// RUN: %device-link --arch sm_80 --out %t.sm_80 %s
// RUN: %device-link --arch sm_90 --out %t.sm_90 %s
// RUN: FileCheck %s --input-file %t.sm_90.ptx
// RUN: FileCheck %s --input-file %t.sm_90.opt.ll --check-prefix=IR

// CHECK-DAG: .extern .func __assertfail
// CHECK-DAG: .extern .func {{.*}}vprintf
// CHECK-DAG: .visible .global .align 4 .b8 __ompgpu_device_environment[16];

// IR-NOT: declare {{.*}}@__kmpc
// IR-NOT: declare {{.*}}@omp_
// IR-NOT: declare {{.*}}@ompx_

#include <assert.h>
#include <omp.h>
#include <ompx.h>
#include <stdio.h>
#include <stdlib.h>

omp_lock_t shared_lock;
omp_nest_lock_t shared_nest_lock;
#pragma omp declare target(shared_lock, shared_nest_lock)

void api(double *a) {
#pragma omp target map(tofrom : a[:40])
  {
    a[0] = omp_get_wtime();
    a[1] = omp_get_wtick();
    a[2] = omp_get_num_procs();
    a[3] = omp_get_max_threads();
    a[4] = omp_in_parallel();
    a[5] = omp_get_dynamic();
    a[6] = omp_get_nested();
    a[7] = omp_get_thread_limit();
    a[8] = omp_get_max_active_levels();
    a[9] = omp_get_num_teams();
    a[10] = omp_get_team_num();
    a[11] = omp_get_device_num();
    a[12] = omp_get_default_device();
    a[13] = omp_get_num_devices();
    a[14] = omp_get_cancellation();
    a[15] = omp_in_final();
    omp_sched_t kind;
    int chunk;
    omp_get_schedule(&kind, &chunk);
    omp_set_schedule(omp_sched_dynamic, 4);
    omp_set_num_threads(32);
    omp_set_dynamic(0);
    omp_set_max_active_levels(2);
    a[16] = omp_get_proc_bind() + kind + chunk;
    a[17] = omp_get_max_teams();
    a[18] = omp_get_teams_thread_limit();
    a[19] = ompx_thread_id_x() + ompx_block_id_y() + ompx_block_dim_z() +
            ompx_grid_dim_x();
    ompx_sync_block(ompx_seq_cst);
    a[20] = omp_get_level() + omp_get_active_level() +
            omp_get_ancestor_thread_num(0) + omp_get_team_size(0) +
            omp_is_initial_device();
    void *p = malloc(64);
    free(p);
    void *q = omp_alloc(64, omp_default_mem_alloc);
    omp_free(q, omp_default_mem_alloc);
    printf("device %d thread %d %f\n", omp_get_device_num(),
           omp_get_thread_num(), a[0]);
    assert(a[0] >= 0);
  }
}

void locks(int n, int *c) {
#pragma omp target teams distribute parallel for map(tofrom : c[:3])
  for (int i = 0; i < n; i++) {
    omp_set_lock(&shared_lock);
    c[0] += 1;
    omp_unset_lock(&shared_lock);
    omp_set_nest_lock(&shared_nest_lock);
    c[1] += omp_test_nest_lock(&shared_nest_lock);
    omp_unset_nest_lock(&shared_nest_lock);
    omp_unset_nest_lock(&shared_nest_lock);
    omp_lock_t mine;
    omp_nest_lock_t nested;
    omp_init_lock(&mine);
    omp_init_nest_lock(&nested);
    if (omp_test_lock(&mine))
      omp_unset_lock(&mine);
    omp_set_nest_lock(&nested);
    omp_unset_nest_lock(&nested);
    omp_destroy_nest_lock(&nested);
    omp_destroy_lock(&mine);
  }
#pragma omp target
  {
    omp_init_lock(&shared_lock);
    omp_init_nest_lock(&shared_nest_lock);
    omp_destroy_lock(&shared_lock);
    omp_destroy_nest_lock(&shared_nest_lock);
  }
}
