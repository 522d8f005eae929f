// The link step's UnreadSharedState pass: an SPMD kernel writes its threads'
// runtime state in shared memory but, once the runtime is inlined, never
// reads it; the writes go, and with them the kernel's static shared memory.
// A generic kernel in the same program keeps reading (and writing) it.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && %clang -O2 %offload -save-temps %s -o prog
// RUN: FileCheck %s < prog.%default-arch.ptx
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_spmd_l{{[0-9]+}}(
// CHECK-NOT: ThreadStates
// CHECK: ret;
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_generic_l{{[0-9]+}}(
// CHECK: ThreadStates
#include <omp.h>

void spmd(double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom : a[:n])
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}

void generic(int *out) {
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

int main(void) { return 0; }
