// Generic kernels (kept generic by turning off clang's SPMD conversion) link
// with the device runtime into PTX that ptxas accepts for sm_80 and sm_90.
// The kernel carries the fork/join machinery: workers wait at barrier 0 and
// call the region's wrapper, team barriers use named barrier 1 or a warp
// barrier, and locals shared with a region live on the data-sharing stack in
// dynamic shared memory. The same source with the conversion on becomes
// generic-SPMD kernels, which also assemble.
//
// RUN: %device-link --arch sm_80 --out %t.sm_80 --user-flag=-mllvm --user-flag=-openmp-opt-disable %s
// RUN: %device-link --arch sm_90 --out %t.sm_90 --user-flag=-mllvm --user-flag=-openmp-opt-disable %s
// RUN: FileCheck %s --input-file %t.sm_90.opt.ll
// RUN: %device-link --arch sm_90 --out %t.spmdized %s
// RUN: FileCheck %s --input-file %t.spmdized.opt.ll --check-prefix=SPMDIZED

#include <omp.h>

// CHECK: @__omp_offloading_{{.*}}_fork_l{{[0-9]+}}_kernel_environment = {{.*}} { i8 1, i8 {{[01]}}, i8 1,
// CHECK: @__ompgpu_dynamic_shared = external {{.*}}addrspace(3) global
// CHECK-LABEL: define {{.*}}ptx_kernel void @__omp_offloading_{{.*}}_fork_l{{[0-9]+}}(
// CHECK: call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
// CHECK: call {{.*}}void @__ompgpu_run_parallel_wrapper(
// CHECK: call void @llvm.nvvm.bar.warp.sync(
// CHECK: call void @llvm.nvvm.barrier.cta.sync.count(i32 1,
// CHECK: ret void
// Without the link step's WorkerDispatch pass the wrapper is called
// indirectly (test/transforms/worker-dispatch.c covers the pass).
// CHECK-LABEL: define {{.*}}void @__ompgpu_run_parallel_wrapper(
// CHECK: call void %{{[0-9]+}}(i16 {{.*}}0, i32 {{.*}}%{{[0-9]+}})

// SPMDIZED: @__omp_offloading_{{.*}}_fork_l{{[0-9]+}}_kernel_environment = {{.*}} { i8 0, i8 {{[01]}}, i8 3,

void fork(int n, int nt, double *a) {
#pragma omp target teams map(tofrom : a[:n])
  {
    double local[8];
    for (int k = 0; k < 8; k++)
      local[k] = k;
#pragma omp parallel for num_threads(nt)
    for (int i = 0; i < n; i++)
      a[i] += local[i % 8];
#pragma omp parallel num_threads(nt)
    {
#pragma omp barrier
#pragma omp single
      a[0] = omp_get_num_threads();
#pragma omp critical
      a[1] += 1;
#pragma omp parallel num_threads(2)
      a[2] = omp_get_level();
    }
    a[3] = omp_get_level();
  }
}

void distribute(int n, double *a) {
#pragma omp target teams distribute map(tofrom : a[:n * 64])
  for (int i = 0; i < n; i++) {
#pragma omp parallel for
    for (int j = 0; j < 64; j++)
      a[i * 64 + j] += j;
  }
}

void sequential(double *a) {
#pragma omp target map(tofrom : a[:8])
  {
    omp_set_num_threads(48);
    omp_set_max_active_levels(1);
#pragma omp parallel if (a[0] > 0)
    a[omp_get_thread_num() % 8] = omp_get_max_threads();
  }
}
