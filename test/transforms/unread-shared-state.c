// The link step's UnreadSharedState pass: the main thread of a generic kernel
// publishes the team's barrier count at every fork, but once the runtime is
// inlined (and the thread states are in registers), a kernel whose regions
// hold no team barrier never reads it; the stores go, and with them the
// kernel's shared word. A kernel with a barrier in its region keeps it, and
// an SPMD kernel keeps no shared runtime state at all.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization -save-temps %s -o prog
// RUN: FileCheck %s < prog.%default-arch.ptx
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_spmd_l{{[0-9]+}}(
// CHECK-NOT: .shared
// CHECK: ret;
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_no_barrier_l{{[0-9]+}}(
// CHECK-NOT: GenericBarrierThreads
// CHECK: ret;
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_with_barrier_l{{[0-9]+}}(
// CHECK: GenericBarrierThreads
#include <omp.h>

void spmd(double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom : a[:n])
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}

void no_barrier(int *out) {
#pragma omp target map(from : out[:1])
  {
    int sum = 0;
#pragma omp parallel num_threads(64)
    {
#pragma omp atomic
      sum += omp_get_thread_num();
    }
    out[0] = sum;
  }
}

void with_barrier(int *out) {
#pragma omp target map(from : out[:64])
  {
    int seen[64];
#pragma omp parallel num_threads(64)
    {
      int me = omp_get_thread_num();
      seen[me] = me;
#pragma omp barrier
      out[me] = seen[63 - me];
    }
  }
}

int main(void) { return 0; }
