// -fopenmp-offload-report: after the device link, one table per architecture
// with a row per kernel, in source order (README.md, "Kernel report",
// explains the columns). Kernels of every mode and every occupancy limiter,
// and one that spills.
// RUN: %clang -O2 %offload --offload-arch=sm_90 -fopenmp-offload-report %s -o %t 2>&1 | FileCheck %s
// CHECK: offload report for sm_90: 7 kernels
// CHECK-NEXT: {{^}}mode regs spill-st spill-ld stack smem dyn-smem maxntid minctas blocks warps limit kernel{{$}}

// -g adds the file; -v prints what ptxas said about each kernel.
// RUN: %clang -O2 -g %offload --offload-arch=sm_90 -v -fopenmp-offload-report %s -o %t 2>&1 | FileCheck %s --check-prefix=VERBOSE
// VERBOSE: ptxas" "-m64" "-O2" "--gpu-name" "sm_90" {{.*}}"--verbose"
// VERBOSE: clang-linker-wrapper: ptxas: sm_90 __omp_offloading_{{[0-9a-f]+_[0-9a-f]+}}_main_l{{[0-9]+}}: {{[0-9]+}} registers, {{[0-9]+}} barriers, {{[0-9]+}} bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, {{[0-9]+}} bytes static shared memory
// VERBOSE: offload report for sm_90: 7 kernels
// VERBOSE: {{^}}generic {{.*}} target region in main() at line {{[0-9]+}} ({{.*}}kernel-report.c){{$}}

// One table per architecture, each with its own limits.
// RUN: %clang -O2 %offload --offload-arch=sm_80 --offload-arch=sm_90 -fopenmp-offload-report %s -o %t 2>&1 | FileCheck %s --check-prefix=ARCHS
// ARCHS: offload report for sm_80: 7 kernels
// ARCHS: {{^}}generic {{.*}} 11 33/64 shared memory target region in main() at line
// ARCHS: offload report for sm_90: 7 kernels
// ARCHS: {{^}}generic {{.*}} 15 45/64 shared memory target region in main() at line

// Without the flag the link prints nothing.
// RUN: %clang -O2 %offload %s -o %t 2>&1 | count 0
#include <omp.h>
#include <stdio.h>

int main(void) {
  int hits = 0;
  // Generic kernels get the data-sharing stack as dynamic shared memory and a
  // block bound of their thread limit plus the master warp: 3 warps.
// CHECK-NEXT: {{^}}generic {{[0-9]+}} 0 0 {{[0-9]+}} {{[0-9]+}} 2048 96 - {{[0-9]+}} {{[0-9]+}}/64 {{warps|registers}} target region in main() at line [[@LINE+1]]{{$}}
#pragma omp target thread_limit(64) map(tofrom : hits)
  {
    // Sequential code around parallel regions keeps this kernel generic.
    hits += 1;
#pragma omp parallel num_threads(64)
    {
#pragma omp atomic
      hits += 1;
    }
    printf("generic kernel: %d\n", hits);
#pragma omp parallel num_threads(64)
    {
#pragma omp atomic
      hits += 1;
    }
  }

  // A master local shared with a parallel region, placed in static shared
  // memory: 12 KB a block bound the blocks per multiprocessor.
  int total = 0;
// CHECK-NEXT: {{^}}generic {{[0-9]+}} 0 0 {{[0-9]+}} {{12[0-9][0-9][0-9]}} 2048 96 - 15 45/64 shared memory target region in main() at line [[@LINE+1]]{{$}}
#pragma omp target thread_limit(64) map(tofrom : total)
  {
    int table[3000];
    for (int i = 0; i < 3000; ++i)
      table[i] = i;
#pragma omp parallel num_threads(64)
    {
#pragma omp atomic
      total += table[omp_get_thread_num()];
    }
    printf("shared table: %d\n", total);
  }

  // A generic region that LLVM's OpenMPOpt turns into an SPMD one.
  int n = 1000, sum = 0;
// CHECK-NEXT: {{^}}generic-SPMD {{[0-9]+}} 0 0 0 {{[0-9]+}} 0 256 - 8 64/64 warps target region in main() at line [[@LINE+1]]{{$}}
#pragma omp target map(tofrom : sum)
  {
    int local = 0;
#pragma omp parallel reduction(+ : local) num_threads(128)
    local += 1;
    sum = local;
  }

  // SPMD kernels: clang's default bound raised to 256, or the thread_limit;
  // blocks of one warp run out of block slots.
  float x[1000];
// CHECK-NEXT: {{^}}SPMD {{[0-9]+}} 0 0 0 0 0 256 - 8 64/64 warps target region in main() at line [[@LINE+1]]{{$}}
#pragma omp target teams distribute parallel for map(from : x)
  for (int i = 0; i < n; ++i)
    x[i] = i;

// CHECK-NEXT: {{^}}SPMD {{[0-9]+}} 0 0 0 0 0 32 - 32 32/64 block slots target region in main() at line [[@LINE+1]]{{$}}
#pragma omp target teams distribute parallel for thread_limit(32) map(tofrom : x)
  for (int i = 0; i < n; ++i)
    x[i] += 1;

  // Many values live at once: registers bound the blocks (about 80 fit three
  // a multiprocessor; ptxas fits the 64 of a fourth without spilling, so the
  // link step gives it .minnctapersm 4, LaunchBoundsPolicy.h).
// CHECK-NEXT: {{^}}SPMD {{[0-9]+}} 0 0 0 0 0 256 4 4 32/64 registers target region in main() at line [[@LINE+1]]{{$}}
#pragma omp target teams distribute parallel for map(tofrom : x)
  for (int i = 0; i < n; ++i) {
    float v[40];
#pragma unroll
    for (int k = 0; k < 40; ++k)
      v[k] = x[(i + 7 * k) % n];
#pragma unroll
    for (int k = 0; k < 40; ++k)
      x[(i + 3 * k) % n] = v[k] * v[39 - k];
  }

  // A block of 1024 threads leaves each 64 registers: ptxas spills.
// CHECK-NEXT: {{^}}SPMD 64 {{[1-9][0-9]*}} {{[1-9][0-9]*}} {{[1-9][0-9]*}} 0 0 1024 - 1 32/64 registers target region in main() at line [[@LINE+1]]{{$}}
#pragma omp target teams distribute parallel for thread_limit(1024) map(tofrom : x)
  for (int i = 0; i < n; ++i) {
    float v[96];
#pragma unroll
    for (int k = 0; k < 96; ++k)
      v[k] = x[(i + 7 * k) % n];
#pragma unroll
    for (int k = 0; k < 96; ++k)
      x[(i + 3 * k) % n] = v[k] * v[95 - k];
  }
// CHECK-NEXT: revised: target region in main() at line {{[0-9]+}}: {{[0-9]+}} registers per thread fit 3 blocks on a multiprocessor: ptxas fitted it under .minnctapersm 4 without spilling: 64 registers, no spills
// CHECK-NOT: target region

  printf("%d %d %f\n", hits, sum, x[n - 1]);
  return 0;
}
