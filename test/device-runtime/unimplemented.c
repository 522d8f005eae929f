// Constructs the device runtime does not implement stay undefined after the
// runtime is linked, so the link step names them in its error instead of a
// program silently misbehaving: cancellation (cancel and cancellation
// point). The runtime defines neither entry point; it defines those of the
// dynamic schedule, ordered and reduction the program also uses.
//
// RUN: %host-clang %offload --offload-arch=sm_90 -O2 --offload-device-only -nogpulib -Wno-pass-failed -emit-llvm -c %s -o %t.bc
// RUN: llvm-link %t.bc --only-needed %devicertl -o %t.linked.bc
// RUN: llvm-dis %t.linked.bc -o - | FileCheck %s
// RUN: llvm-dis %devicertl -o - | FileCheck %s --check-prefix=RTL

// CHECK-DAG: declare {{.*}}@__kmpc_cancel(
// CHECK-DAG: declare {{.*}}@__kmpc_cancellationpoint(
// What the program also uses is defined by the runtime:
// CHECK-DAG: define {{.*}}@__kmpc_dispatch_init_4(
// CHECK-DAG: define {{.*}}@__kmpc_dispatch_next_4(
// CHECK-DAG: define {{.*}}@__kmpc_ordered(
// CHECK-DAG: define {{.*}}@__kmpc_nvptx_parallel_reduce_nowait_v2(
// CHECK-DAG: define {{.*}}@__kmpc_nvptx_teams_reduce_nowait_v2(
// CHECK-DAG: define {{.*}}@__kmpc_reduction_get_fixed_buffer(
// CHECK-DAG: define {{.*}}@__kmpc_target_init(
// CHECK-DAG: define {{.*}}@__kmpc_parallel_60(

// RTL-NOT: define {{.*}}@__kmpc_cancel
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
    for (int i = 0; i < n; i++) {
      if (a[i] < 0) {
#pragma omp cancel for
      }
#pragma omp cancellation point for
      a[i] += 1;
    }
#pragma omp for ordered
    for (int i = 0; i < n; i++) {
#pragma omp ordered
      a[0] += i;
    }
  }
  a[3] = s;
}
