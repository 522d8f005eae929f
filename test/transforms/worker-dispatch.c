// The link step's WorkerDispatch pass: the workers of a generic kernel call
// the parallel regions the kernel can reach directly, so the PTX holds no
// indirect call; a kernel that may call through a function pointer keeps the
// indirect call as the last resort. Without any indirect call left, the
// wrappers' bodies go. Both must still compute the right thing
// (test/offloading/generic-parallel-unconverted.c runs such kernels).
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization -save-temps %s -o direct
// RUN: FileCheck %s --check-prefix=DIRECT-PTX < direct.%default-arch.ptx
// RUN: llvm-dis direct.%default-arch.linked.bc -o - | FileCheck %s --check-prefix=DIRECT
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization -DCALLBACK -save-temps %s -o fallback
// RUN: llvm-dis fallback.%default-arch.linked.bc -o - | FileCheck %s --check-prefix=FALLBACK
// RUN: FileCheck %s --check-prefix=FALLBACK-PTX < fallback.%default-arch.ptx
// DIRECT-PTX: .entry __omp_offloading_{{.*}}_two_regions_l{{[0-9]+}}(
// DIRECT-PTX-NOT: callprototype
// Nothing calls the wrappers any more, so their bodies, and the runtime state
// they used, are gone; the kernel still publishes and compares their addresses.
// DIRECT-PTX-NOT: __ompgpu_thread_states
// DIRECT-PTX: .func {{.*}}_wrapper(
// DIRECT-PTX-NEXT: .param
// DIRECT-PTX-NEXT: .param
// DIRECT-PTX-NEXT: )
// DIRECT-PTX-NEXT: {
// DIRECT-PTX-EMPTY:
// DIRECT-PTX-EMPTY:
// DIRECT-PTX-EMPTY:
// DIRECT-PTX-NEXT: }
// With a call through a pointer left, any wrapper may be called.
// FALLBACK-PTX: .func {{.*}}_wrapper(
// FALLBACK-PTX: ret;
// The linked program, before optimization: one test per region, and a trap
// where no other region can come.
// DIRECT: define internal void @__ompgpu_dispatch.__omp_offloading_{{.*}}_two_regions_l{{[0-9]+}}(ptr {{.*}}%0, i32 {{.*}}%1)
// DIRECT: icmp eq ptr %0, @__omp_offloading_{{.*}}_wrapper
// DIRECT: call void @__omp_offloading_{{.*}}_wrapper(i16 zeroext 0, i32 {{.*}}%1)
// DIRECT: icmp eq ptr %0, @__omp_offloading_{{.*}}_wrapper
// DIRECT: call void @__omp_offloading_{{.*}}_wrapper(i16 zeroext 0, i32 {{.*}}%1)
// DIRECT: call void @llvm.trap()
// DIRECT: define internal {{.*}}@__kmpc_target_init.__omp_offloading_{{.*}}_two_regions_l{{[0-9]+}}(
// FALLBACK: define internal void @__ompgpu_dispatch.__omp_offloading_{{.*}}_two_regions_l{{[0-9]+}}(ptr {{.*}}%0, i32 {{.*}}%1)
// FALLBACK-NOT: llvm.trap
// FALLBACK: call void %0(i16 0, i32 %1)

#pragma omp declare target
static void scale(double *x, int i) { x[i] *= 2; }
#pragma omp end declare target

void two_regions(double *x, int n) {
#pragma omp target teams num_teams(2) map(tofrom : x[:n])
  {
#ifdef CALLBACK
    // A region reached through a pointer the pass cannot follow.
    void (*volatile step)(double *, int) = scale;
#endif
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      x[i] += 1;
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
#ifdef CALLBACK
      step(x, i);
#else
      scale(x, i);
#endif
  }
}

int main(void) { return 0; }
