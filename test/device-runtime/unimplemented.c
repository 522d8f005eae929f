// Constructs the device runtime does not implement stay undefined after the
// runtime is linked, so the link step names them in its error instead of a
// program silently misbehaving: tasks, dynamic/guided/runtime schedules,
// and ordered. The runtime defines none of their entry points; it defines
// those of the reduction the program also uses.
//
// RUN: %host-clang %offload --offload-arch=sm_90 -O2 --offload-device-only -nogpulib -Wno-pass-failed -emit-llvm -c %s -o %t.bc
// RUN: llvm-link %t.bc --only-needed %devicertl -o %t.linked.bc
// RUN: llvm-dis %t.linked.bc -o - | FileCheck %s
// RUN: llvm-dis %devicertl -o - | FileCheck %s --check-prefix=RTL

// CHECK-DAG: declare {{.*}}@__kmpc_omp_task_alloc(
// CHECK-DAG: declare {{.*}}@__kmpc_omp_task(
// CHECK-DAG: declare {{.*}}@__kmpc_omp_taskwait(
// CHECK-DAG: declare {{.*}}@__kmpc_taskgroup(
// CHECK-DAG: declare {{.*}}@__kmpc_dispatch_init_4(
// CHECK-DAG: declare {{.*}}@__kmpc_dispatch_next_4(
// CHECK-DAG: declare {{.*}}@__kmpc_ordered(
// What the program also uses is defined by the runtime:
// CHECK-DAG: define {{.*}}@__kmpc_nvptx_parallel_reduce_nowait_v2(
// CHECK-DAG: define {{.*}}@__kmpc_nvptx_teams_reduce_nowait_v2(
// CHECK-DAG: define {{.*}}@__kmpc_reduction_get_fixed_buffer(
// CHECK-DAG: define {{.*}}@__kmpc_target_init(
// CHECK-DAG: define {{.*}}@__kmpc_parallel_60(

// RTL-NOT: define {{.*}}@__kmpc_omp_task
// RTL-NOT: define {{.*}}@__kmpc_task
// RTL-NOT: define {{.*}}@__kmpc_end_taskgroup
// RTL-NOT: define {{.*}}@__kmpc_dispatch_
// RTL-NOT: define {{.*}}@__kmpc_ordered
// RTL-NOT: define {{.*}}@__kmpc_end_ordered
// RTL-NOT: define {{.*}}@malloc(
// RTL-NOT: define {{.*}}@vprintf(

void f(int n, double *a) {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s) map(to : a[:n])
  for (int i = 0; i < n; i++)
    s += a[i];
#pragma omp target parallel map(tofrom : a[:n])
  {
#pragma omp for schedule(dynamic, 4)
    for (int i = 0; i < n; i++)
      a[i] += 1;
#pragma omp for ordered
    for (int i = 0; i < n; i++) {
#pragma omp ordered
      a[0] += i;
    }
#pragma omp single
    {
#pragma omp task
      a[1] = 1;
#pragma omp taskwait
#pragma omp taskgroup
      {
#pragma omp task
        a[2] = 2;
      }
    }
  }
  a[3] = s;
}
