// The link step's AlignedBarriers pass: a block barrier that every thread of
// the kernel reaches through the same code takes PTX's aligned form
// (`bar.sync`), which ptxas can predicate; one that threads may reach from
// different places keeps the plain form (`barrier.sync`). Here: a barrier in
// a loop with a uniform trip count; the same barrier inlined on both arms of
// a branch on the thread number (OpenMP allows it: both threads encounter
// the one barrier region); and a generic kernel, whose main thread and
// workers meet at barrier 0 from different places.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization -save-temps %s -o prog
// RUN: FileCheck %s < prog.%default-arch.ptx
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_uniform_loop_l{{[0-9]+}}(
// CHECK-NOT: barrier.sync 0;
// CHECK: bar.sync 0;
// CHECK-NOT: barrier.sync 0;
// CHECK: ret;
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_split_paths_l{{[0-9]+}}(
// CHECK: barrier.sync 0;
// CHECK: barrier.sync 0;
// CHECK: barrier.sync 0;
// CHECK: barrier.sync 0;
// CHECK: ret;
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_generic_l{{[0-9]+}}(
// CHECK-NOT: bar.sync 0;
// CHECK: ret;
#include <omp.h>

#pragma omp declare target
static inline __attribute__((always_inline)) void step(int *x, int me, int n) {
  x[me] += 1;
#pragma omp barrier
  x[me] += x[(me + 1) % n];
#pragma omp barrier
}
#pragma omp end declare target

void uniform_loop(int *x, int count) {
#pragma omp target parallel num_threads(128) map(tofrom : x[:128])
  for (int k = 0; k < count; ++k) {
#pragma omp barrier
    x[omp_get_thread_num()] += k;
  }
}

void split_paths(int *x) {
#pragma omp target parallel num_threads(128) map(tofrom : x[:128])
  {
    int me = omp_get_thread_num();
    if (me % 2)
      step(x, me, omp_get_num_threads());
    else
      step(x, me, omp_get_num_threads());
  }
}

void generic(int *x) {
#pragma omp target map(tofrom : x[:64])
  {
    int base = x[0];
#pragma omp parallel num_threads(64)
    {
      x[omp_get_thread_num()] += base;
#pragma omp barrier
    }
  }
}

int main(void) { return 0; }
