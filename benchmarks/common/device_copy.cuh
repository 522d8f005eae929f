// Device copies of host arrays for the CUDA twins: cudaMalloc and cudaMemcpy
// from the program's (pageable) memory, checked.
#ifndef BENCHMARKS_DEVICE_COPY_CUH
#define BENCHMARKS_DEVICE_COPY_CUH

#include "cuda_check.h"

// A device array holding the `count` elements at `host`.
template <typename T> static T *copy_in(const T *host, size_t count) {
  T *device;
  CUDA_CHECK(cudaMalloc(&device, count * sizeof(T)));
  CUDA_CHECK(
      cudaMemcpy(device, host, count * sizeof(T), cudaMemcpyHostToDevice));
  return device;
}

// The `count` elements at `device` copied back to `host`.
template <typename T>
static void copy_out(T *host, const T *device, size_t count) {
  CUDA_CHECK(
      cudaMemcpy(host, device, count * sizeof(T), cudaMemcpyDeviceToHost));
}

#endif
