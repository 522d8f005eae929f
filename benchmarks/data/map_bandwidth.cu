// CUDA twin of map_bandwidth.c: cudaMemcpy of the same sizes between a
// device buffer allocated once and host memory, pageable (malloc, RESULT
// map_to_<size> and map_from_<size>, the OpenMP program's kind of memory)
// and pinned (cudaMallocHost, RESULT map_to_<size>_pinned and
// map_from_<size>_pinned: the speed of the link). Allocation is not timed
// here; in the OpenMP program it is part of the map.
#include "../common/args.h"
#include "../common/cuda_check.h"
#include "../common/transfer_sizes.h"

__global__ void flip(unsigned char *buffer, size_t positions,
                     unsigned long long *wrong) {
  unsigned long long found = 0;
  for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < positions;
       k += (size_t)gridDim.x * blockDim.x)
    found += transfer_flip(buffer, k);
  if (found)
    atomicAdd(wrong, found);
}

// Times copies in and out between `host` and `device`; the last pair is
// checked with the flip kernel in between.
static int measure(unsigned char *host, unsigned char *device, size_t bytes,
                   const char *suffix, unsigned long long *wrong) {
  transfer_fill(host, bytes);
  const int warmups = transfer_warmups(bytes), reps = transfer_reps(bytes);
  double to[TransferMaxReps], from[TransferMaxReps];
  unsigned long long found = 0;
  for (int r = 0; r < warmups + reps; ++r) {
    double t0 = bench_now_us();
    CUDA_CHECK(cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice));
    bench_device_sync();
    double t1 = bench_now_us();
    if (r == warmups + reps - 1) {
      CUDA_CHECK(cudaMemset(wrong, 0, sizeof *wrong));
      const size_t positions = transfer_positions(bytes);
      flip<<<(unsigned)((positions + 255) / 256), 256>>>(device, positions,
                                                         wrong);
      CUDA_CHECK(cudaGetLastError());
      CUDA_CHECK(
          cudaMemcpy(&found, wrong, sizeof found, cudaMemcpyDeviceToHost));
    }
    double t2 = bench_now_us();
    CUDA_CHECK(cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost));
    double t3 = bench_now_us();
    if (r >= warmups) {
      to[r - warmups] = t1 - t0;
      from[r - warmups] = t3 - t2;
    }
  }
  if (transfer_check(host, bytes, (long)found))
    return 1;
  transfer_report("to", bytes, suffix, to, reps);
  transfer_report("from", bytes, suffix, from, reps);
  return 0;
}

int main(int argc, char **argv) {
  const int sizes =
      bench_option(argc, argv, "--sizes",
                   bench_flag(argc, argv, "--small") ? 3 : TransferSizeCount);
  unsigned long long *wrong;
  CUDA_CHECK(cudaMalloc(&wrong, sizeof *wrong));
  for (int s = 0; s < sizes && s < TransferSizeCount; ++s) {
    const size_t bytes = transfer_size(s);
    if (!transfer_fits_host(bytes, 2)) {
      printf("# map_bandwidth: %zu bytes do not fit in host memory, skipped\n",
             bytes);
      continue;
    }
    unsigned char *device, *pageable = (unsigned char *)malloc(bytes), *pinned;
    CUDA_CHECK(cudaMalloc(&device, bytes));
    CUDA_CHECK(cudaMallocHost(&pinned, bytes));
    if (measure(pageable, device, bytes, "", wrong) ||
        measure(pinned, device, bytes, "_pinned", wrong))
      return 1;
    CUDA_CHECK(cudaFreeHost(pinned));
    CUDA_CHECK(cudaFree(device));
    free(pageable);
  }
  return 0;
}
