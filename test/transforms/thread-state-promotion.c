// The link step's ThreadStatePromotion pass: once the runtime is inlined, a
// kernel keeps its threads' state bytes in registers and the optimizer folds
// the tests on them. An SPMD region's barrier loop is then nothing but the
// hardware barrier, and a generic kernel's workers run a region with a
// reduction and a barrier without touching the state array. Where the kernel
// calls a function that reads the state itself, the kernel writes its copy
// back before the call and reads it again after.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization -save-temps %s -o prog
// RUN: FileCheck %s < prog.%default-arch.ptx
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_spmd_barriers_l{{[0-9]+}}(
// CHECK-NOT: ld.shared
// CHECK-NOT: thread_states
// CHECK: {{(bar|barrier)\.sync}} 0;
// CHECK-NOT: ld.shared
// CHECK-NOT: thread_states
// CHECK: ret;
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_generic_region_l{{[0-9]+}}(
// CHECK-NOT: thread_states
// CHECK: barrier.sync 1,
// CHECK-NOT: thread_states
// CHECK: ret;
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_opaque_call_l{{[0-9]+}}(
// CHECK: st.shared.b8 [{{%rd[0-9]+}}],
// CHECK-NEXT: { // callseq
// CHECK: thread_and_level
// A callee that may change the state (an ICV setter marks the thread as
// holding records): the kernel reads its state back after the call.
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_opaque_setter_l{{[0-9]+}}(
// CHECK: st.shared.b8 [[[OWN:%rd[0-9]+]]],
// CHECK-NEXT: { // callseq
// CHECK: fewer_threads
// CHECK: } // callseq
// CHECK-NEXT: ld.shared.{{[bsu]}}8 {{%rs[0-9]+}}, [[[OWN]]];
#include <omp.h>

#pragma omp declare target
__attribute__((noinline)) int thread_and_level(void) {
  return omp_get_thread_num() * 10 + omp_get_level();
}

__attribute__((noinline)) void fewer_threads(void) { omp_set_num_threads(2); }
#pragma omp end declare target

void spmd_barriers(int teams, int count) {
#pragma omp target teams num_teams(teams) thread_limit(128)
#pragma omp parallel
  for (int k = 0; k < count; ++k) {
#pragma omp barrier
  }
}

void generic_region(int *out) {
#pragma omp target map(from : out[:2])
  {
    int sum = 0, last = 0;
#pragma omp parallel num_threads(64) reduction(+ : sum)
    {
      sum += omp_get_thread_num();
#pragma omp barrier
      if (omp_get_thread_num() == 63)
        last = omp_get_num_threads();
    }
    out[0] = sum;
    out[1] = last;
  }
}

void opaque_call(int *out) {
#pragma omp target map(from : out[:64])
#pragma omp parallel num_threads(64)
  out[omp_get_thread_num()] = thread_and_level();
}

void opaque_setter(int *out) {
#pragma omp target map(from : out[:64])
#pragma omp parallel num_threads(64)
  {
    fewer_threads();
    out[omp_get_thread_num()] = omp_get_max_threads();
  }
}

int main(void) { return 0; }
