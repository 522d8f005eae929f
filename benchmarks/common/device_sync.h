// The end of every timed repetition: bench_device_sync() returns once the
// device has finished the work queued so far, by copying one word of device
// memory to the host, the same operation in every variant. Our target regions
// (without `nowait`) and CUDA launches return before their kernels are done,
// so a timed loop that read nothing back would time launches, not kernels;
// upstream LLVM 19's regions wait for their kernels themselves and pay the
// copy on top, as a program that reads a result after a region does.
#ifndef BENCHMARKS_DEVICE_SYNC_H
#define BENCHMARKS_DEVICE_SYNC_H

#ifdef __CUDACC__
#include "cuda_check.h"

// Kernels and this copy are in the default stream, so the copy starts after
// them, and a copy to pageable host memory returns only when it is done.
// Defined here, not static, like the OpenMP programs' word below (each
// benchmark is one source file).
__device__ double bench_fence;

static inline void bench_device_sync(void) {
  double word;
  CUDA_CHECK(cudaMemcpyFromSymbol(&word, bench_fence, sizeof word));
}
#else
// A device global that no kernel touches: `target update from` queues behind
// the regions the program ran before, and returns when the copy is done.
// Defined here (each benchmark is one source file) and not static: the host
// may update only declare target variables that are externally visible.
double bench_fence;
#pragma omp declare target(bench_fence)

static inline void bench_device_sync(void) {
#pragma omp target update from(bench_fence)
}
#endif

#endif
