// CUDA twin of heat_split.c: the same slabs (common/heat_split.h), one per
// GPU, a 2-D grid of 32x8 blocks per slab and sweep, kernels of all GPUs
// launched before the host waits for any, halo rows copied between
// neighbouring GPUs with cudaMemcpyPeer (peer access enabled where the GPUs
// allow it, as the OpenMP runtime does).
// usage: heat_split [--small] [--n N] [--steps S]
#include "../common/cuda_check.h"
#include "../common/heat_split.h"

__global__ void sweep(const double *u, double *v, int rows, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i > rows || j < 1 || j >= n - 1)
    return;
  v[(long)i * n + j] = jacobi_point(u, n, i, j);
}

struct slab_memory {
  double *now, *next;
};

// What a step needs, for heat_time.
struct split {
  const heat_slab *slabs;
  slab_memory *mem;
  int count, n;
};

// Returns with every GPU's work done (the kernels waited for, the halo
// copies synchronous).
static void step(void *state) {
  const split *p = (const split *)state;
  const heat_slab *slabs = p->slabs;
  slab_memory *mem = p->mem;
  int count = p->count, n = p->n;
  for (int d = 0; d < count; ++d) {
    CUDA_CHECK(cudaSetDevice(slabs[d].device));
    dim3 block(32, 8), grid((n + 31) / 32, (slabs[d].rows + 7) / 8);
    sweep<<<grid, block>>>(mem[d].now, mem[d].next, slabs[d].rows, n);
    CUDA_CHECK(cudaGetLastError());
  }
  for (int d = 0; d < count; ++d) {
    CUDA_CHECK(cudaSetDevice(slabs[d].device));
    CUDA_CHECK(cudaDeviceSynchronize());
  }
  size_t row = (size_t)n;
  for (int d = 0; d + 1 < count; ++d) {
    const heat_slab &up = slabs[d], &down = slabs[d + 1];
    CUDA_CHECK(cudaMemcpyPeer(mem[d + 1].next, down.device,
                              mem[d].next + up.rows * row, up.device,
                              row * sizeof(double)));
    CUDA_CHECK(cudaMemcpyPeer(mem[d].next + (up.rows + 1) * row, up.device,
                              mem[d + 1].next + row, down.device,
                              row * sizeof(double)));
  }
  for (int d = 0; d < count; ++d) {
    double *swap = mem[d].now;
    mem[d].now = mem[d].next;
    mem[d].next = swap;
  }
}

static void run(double *g, int n, int steps, int count) {
  heat_slab slabs[16];
  slab_memory mem[16];
  heat_cut(slabs, count, n);
  size_t row = (size_t)n * sizeof(double);
  for (int d = 0; d < count; ++d) {
    CUDA_CHECK(cudaSetDevice(d));
    for (int p = 0; p < count; ++p) {
      int can = 0;
      if (p != d)
        CUDA_CHECK(cudaDeviceCanAccessPeer(&can, d, p));
      if (can && cudaDeviceEnablePeerAccess(p, 0) != cudaSuccess)
        (void)cudaGetLastError(); // already enabled
    }
    size_t bytes = (slabs[d].rows + 2) * row;
    CUDA_CHECK(cudaMalloc(&mem[d].now, bytes));
    CUDA_CHECK(cudaMalloc(&mem[d].next, bytes));
    const double *from = g + (size_t)(slabs[d].first - 1) * n;
    CUDA_CHECK(cudaMemcpy(mem[d].now, from, bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(mem[d].next, from, bytes, cudaMemcpyHostToDevice));
  }
  split state = {slabs, mem, count, n};
  heat_time(count, steps, step, &state);
  for (int d = 0; d < count; ++d) {
    CUDA_CHECK(cudaSetDevice(d));
    CUDA_CHECK(cudaMemcpy(g + (size_t)slabs[d].first * n, mem[d].now + n,
                          slabs[d].rows * row, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(mem[d].now));
    CUDA_CHECK(cudaFree(mem[d].next));
  }
  CUDA_CHECK(cudaSetDevice(0));
}

int main(int argc, char **argv) {
  heat_options o = heat_parse(argc, argv);
  int small = o.small, n = o.n, steps = o.steps;
  int gpus = 0;
  CUDA_CHECK(cudaGetDeviceCount(&gpus));
  if (gpus > 16)
    gpus = 16;
  size_t bytes = (size_t)n * n * sizeof(double);
  double *one = (double *)malloc(bytes), *all = (double *)malloc(bytes);
  jacobi_init(one, (long)n * n);
  memcpy(all, one, bytes);
  int wrong = 0;
  run(one, n, steps, 1);
  if (small) {
    double *ref = (double *)malloc(bytes);
    jacobi_init(ref, (long)n * n);
    heat_reference(ref, n, (BENCH_WARMUP + BENCH_REPS) * steps);
    wrong = heat_compare(one, ref, n, "the one-GPU grid");
    free(ref);
  }
  if (gpus > 1) {
    run(all, n, steps, gpus);
    wrong |= heat_compare(all, one, n, "the split grid");
  }
  free(one);
  free(all);
  return wrong;
}
