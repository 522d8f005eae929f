// GPU check of the kernel report's occupancy (not a lit test: it needs a GPU).
// Each kernel's loop is long enough that the host runtime launches as many
// teams as fill the device, SMs x the blocks per multiprocessor the CUDA
// driver's occupancy calculator allows; check-launches.py compares that with
// the report's "blocks" column. On the build machine:
//   build/bin/clang -O2 -fopenmp -fopenmp-targets=nvptx64 -fopenmp-offload-report \
//     test/report/gpu/occupancy-launch.c -o occupancy-launch 2> report.txt
// On the GPU machine (with libomptarget.so and libomp.so.5 next to it):
//   LD_LIBRARY_PATH=$PWD:$LD_LIBRARY_PATH OMP_TARGET_OFFLOAD=mandatory \
//     LIBOMPTARGET_INFO=1 ./occupancy-launch 2> info.txt
//   python3 check-launches.py report.txt info.txt
// It prints one line per kernel and "6 of 6 kernels launch as the report
// says" (checked on an H100 and an H200: 32, 17, 8, 32, 4 and 1 blocks per
// SM).
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 22)

int main(void) {
  float *x = malloc(sizeof(float) * N);
  for (int i = 0; i < N; ++i)
    x[i] = i % 97;
  int n = N;
  long hits = 0;
#pragma omp target data map(tofrom : x[0 : N])
  {
    // Blocks of two warps: 32 fill the warps and the block slots.
#pragma omp target teams distribute thread_limit(64) map(tofrom : hits)
    for (int t = 0; t < 100000; ++t) {
      int local = 0;
#pragma omp parallel num_threads(64)
      {
#pragma omp atomic
        local += 1;
      }
      if (t == 0)
        hits = local;
    }
    // A 12 KB master local in static shared memory: shared memory.
#pragma omp target teams distribute thread_limit(64)
    for (int t = 0; t < 100000; ++t) {
      int table[3000];
      for (int i = 0; i < 3000; ++i)
        table[i] = i + t;
#pragma omp parallel num_threads(64)
      x[t] += table[omp_get_thread_num()];
    }
    // 256 threads: warps.
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i)
      x[i] = x[i] * 2;
    // One warp: block slots.
#pragma omp target teams distribute parallel for thread_limit(32)
    for (int i = 0; i < n; ++i)
      x[i] += 1;
    // Many live values: registers.
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i) {
      float v[40];
#pragma unroll
      for (int k = 0; k < 40; ++k)
        v[k] = x[(i + 7 * k) % n];
#pragma unroll
      for (int k = 0; k < 40; ++k)
        x[(i + 3 * k) % n] = v[k] * v[39 - k];
    }
    // 1024 threads leave 64 registers each: registers, and spills.
#pragma omp target teams distribute parallel for thread_limit(1024)
    for (int i = 0; i < n; ++i) {
      float v[96];
#pragma unroll
      for (int k = 0; k < 96; ++k)
        v[k] = x[(i + 7 * k) % n];
#pragma unroll
      for (int k = 0; k < 96; ++k)
        x[(i + 3 * k) % n] = v[k] * v[95 - k];
    }
  }
  printf("done %ld\n", hits);
  free(x);
  return 0;
}
