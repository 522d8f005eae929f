// The CUDA twins' kernels over long vectors, as a CUDA programmer writes them:
// grid-stride loops, launched with 256 threads and enough blocks to fill the
// GPU (fullGrid). Shared by spmd/triad.cu, spmd/dot.cu and spmd/stream5.cu;
// templates, so that each program holds only the kernels it launches.
#ifndef BENCHMARKS_VECTOR_KERNELS_CUH
#define BENCHMARKS_VECTOR_KERNELS_CUH

template <typename Real> __global__ void copy(Real *c, const Real *a, long n) {
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
       i += (long)gridDim.x * blockDim.x)
    c[i] = a[i];
}

template <typename Real>
__global__ void scale(Real *b, const Real *c, Real s, long n) {
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
       i += (long)gridDim.x * blockDim.x)
    b[i] = s * c[i];
}

template <typename Real>
__global__ void add(Real *c, const Real *a, const Real *b, long n) {
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
       i += (long)gridDim.x * blockDim.x)
    c[i] = a[i] + b[i];
}

template <typename Real>
__global__ void triad(Real *a, const Real *b, const Real *c, Real s, long n) {
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
       i += (long)gridDim.x * blockDim.x)
    a[i] = b[i] + s * c[i];
}

// Adds x . y to *result: grid-stride partial sums, warp shuffles, one shared
// memory step per block and one atomicAdd per block.
template <typename Real>
__global__ void dot(const Real *x, const Real *y, Real *result, long n) {
  Real sum = 0;
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
       i += (long)gridDim.x * blockDim.x)
    sum += x[i] * y[i];
  for (int offset = 16; offset > 0; offset /= 2)
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
  __shared__ Real warpSums[32];
  if (threadIdx.x % 32 == 0)
    warpSums[threadIdx.x / 32] = sum;
  __syncthreads();
  if (threadIdx.x < 32) {
    sum = threadIdx.x < blockDim.x / 32 ? warpSums[threadIdx.x] : 0;
    for (int offset = 16; offset > 0; offset /= 2)
      sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (threadIdx.x == 0)
      atomicAdd(result, sum);
  }
}

#endif
