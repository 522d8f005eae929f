// SPMD kernels with every loop index type, the static schedules, nesting and
// synchronization link with the device runtime into PTX that ptxas accepts
// for sm_80 and sm_90. A plain combined construct keeps none of the runtime's
// state in the loop: the state byte each thread writes folds away, and no
// barrier, team state or thread-specific ICV table is left.
//
// RUN: %device-link --arch sm_80 --out %t.sm_80 %s
// RUN: %device-link --arch sm_90 --out %t.sm_90 %s
// RUN: FileCheck %s --input-file %t.sm_90.opt.ll
// RUN: FileCheck %s --input-file %t.sm_80.opt.ll --check-prefix=MODE

#include <omp.h>

// CHECK-LABEL: define {{.*}}ptx_kernel void @__omp_offloading_{{.*}}_simple_l{{[0-9]+}}(
// CHECK-NOT: load {{.*}}ThreadStates
// CHECK-NOT: TeamState
// CHECK-NOT: ICVTable
// CHECK-NOT: barrier
// CHECK-LABEL: define {{.*}}ptx_kernel void @__omp_offloading_{{.*}}_index_types_l
void simple(int n, double *a, const double *b) {
#pragma omp target teams distribute parallel for map(tofrom : a[:n]) map(to : b[:n])
  for (int i = 0; i < n; i++)
    a[i] += b[i];
}

// MODE-COUNT-8: @__omp_offloading_{{.*}}_kernel_environment = {{.*}} { i8 0, i8
// {{[01]}}, i8 2,
void index_types(long ln, unsigned un, unsigned long uln, double *a) {
#pragma omp target teams distribute parallel for map(tofrom : a[:ln])
  for (long i = 0; i < ln; i++)
    a[i] *= 2;
#pragma omp target teams distribute parallel for map(tofrom : a[:un])
  for (unsigned i = 0; i < un; i++)
    a[i] += 1;
#pragma omp target teams distribute parallel for map(tofrom : a[:uln])
  for (unsigned long i = 0; i < uln; i++)
    a[i] -= 1;
}

int schedules(int n, double *a) {
  int last = 0;
#pragma omp target teams distribute parallel for schedule(static, 3) dist_schedule(static, 7) map(tofrom : a[:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
#pragma omp target teams distribute parallel for simd schedule(simd : static, 4) dist_schedule(static) lastprivate(last) map(tofrom : a[:n], last)
  for (int i = 0; i < n; i++)
    a[i] = last = i;
  return last;
}

void nested_and_sync(int n, double *a, int *c) {
#pragma omp target teams distribute parallel for map(tofrom : a[:n], c[:2])
  for (int i = 0; i < n; i++) {
#pragma omp parallel for num_threads(4)
    for (int j = 0; j < 4; j++)
      a[i] += j * omp_get_level();
#pragma omp critical
    c[0] += 1;
#pragma omp atomic
    c[1] += 1;
  }
#pragma omp target parallel num_threads(64) map(tofrom : c[:2])
  {
#pragma omp barrier
#pragma omp single
    c[0] = omp_get_num_threads();
#pragma omp masked
    c[1] = omp_get_thread_num();
  }
}
