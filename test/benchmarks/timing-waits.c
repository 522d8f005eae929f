// The benchmarks' timed repetitions end when the device has done their work
// (benchmarks/common/timing.h, device_sync.h), although target regions
// return once their kernels are queued: against the fake CUDA driver, whose
// kernels keep their stream busy for FAKE_CUDA_KERNEL_US, a region returns at
// once and a repetition ended by bench_sample lasts as long as the kernel.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/../host-runtime/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang %offload --offload-arch=sm_90 --offload-host-only -O1 -I%runtime-include -I%abi-include -I%S/../host-runtime/Inputs -I%S/../../benchmarks/common -c %s -o %t.o
// RUN: %host-clang -fopenmp -rdynamic %t.o -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_KERNEL_US=50000 LD_LIBRARY_PATH=%t.dir %t | FileCheck %s
// CHECK: the region returned before its kernel ended
// CHECK: each timed repetition lasted its kernel
#include "fake-image.h"
#include "timing.h"

enum { KernelUs = 50000, Reps = 3 };

static double X[8];

static void work(void) {
#pragma omp target map(to : X)
  X[0] += 1;
}

int main(void) {
  work(); // device set-up, untimed
  bench_device_sync();
  double t0 = bench_now_us();
  work();
  const double launch = bench_now_us() - t0;
  bench_device_sync();
  printf("the region %s\n", launch < KernelUs / 2
                                ? "returned before its kernel ended"
                                : "waited for its kernel");
  double samples[Reps];
  for (int r = 0; r < 1 + Reps; ++r) {
    t0 = bench_now_us();
    work();
    bench_sample(samples, r, 1, t0);
  }
  printf("each timed repetition %s\n", bench_median(samples, Reps) >= KernelUs
                                           ? "lasted its kernel"
                                           : "ended before its kernel");
  return 0;
}

// The device side for the fake driver: the kernel takes the launch
// environment, then X; bench_fence is the device word bench_device_sync reads.
FAKE_KERNEL(work_l20, (*(double **)Params[1])[0] += 1)
double fakedev_bench_fence;
