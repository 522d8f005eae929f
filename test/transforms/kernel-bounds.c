// Block-size bounds the link step gives kernels (KernelBounds): SPMD kernels
// without a thread limit of their own may run 256 threads, a thread_limit
// clause stays the bound, generic kernels get the master warp on top.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && %clang -O2 %offload -save-temps %s -o prog
// RUN: FileCheck %s --check-prefixes=CHECK,CONVERTED < prog.%default-arch.ptx
// Without LLVM's SPMDization the third kernel stays generic:
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization -save-temps %s -o generic
// RUN: FileCheck %s --check-prefixes=CHECK,GENERIC < generic.%default-arch.ptx
// CHECK: .entry __omp_offloading_{{.*}}_spmd_default_l{{[0-9]+}}(
// CHECK: .maxntid 256
// CHECK: .entry __omp_offloading_{{.*}}_spmd_limited_l{{[0-9]+}}(
// CHECK: .maxntid 64
// CHECK: .entry __omp_offloading_{{.*}}_generic_l{{[0-9]+}}(
// CONVERTED: .maxntid 256
// GENERIC: .maxntid 160
void spmd_default(double *x, int n) {
#pragma omp target teams distribute parallel for map(tofrom : x[:n])
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}

void spmd_limited(double *x, int n) {
#pragma omp target teams distribute parallel for thread_limit(64) map(tofrom : x[:n])
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}

void generic(double *x, int n) {
#pragma omp target teams map(tofrom : x[:n])
  {
    double first = x[0];
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      x[i] += first;
    x[0] = -first;
  }
}

int main(void) {
  double x[8] = {1};
  spmd_default(x, 8);
  spmd_limited(x, 8);
  generic(x, 8);
  return 0;
}
