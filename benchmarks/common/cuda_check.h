// Error checking for the CUDA twins: every runtime call and launch is checked,
// so a twin never reports the time of work that did not happen.
#ifndef BENCHMARKS_CUDA_CHECK_H
#define BENCHMARKS_CUDA_CHECK_H

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e));               \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

// Blocks that fill the GPU for a kernel launched with `threads` per block.
template <typename Kernel> int fullGrid(Kernel kernel, int threads) {
  int sms, perSM;
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, kernel,
                                                           threads, 0));
  return sms * perSM;
}

#endif
