// Device blocks that the program releases stay with the host runtime and serve
// the next allocation of their size, so a region that maps a scalar (or a
// loop that maps an array in each step) does not pay cuMemAlloc and the
// device-wide wait of cuMemFree each time: blocks of up to 1 MiB by
// power-of-two size class, larger ones in multiples of 2 MiB, up to a
// sixteenth of the device's memory (FAKE_CUDA_MEMORY is the fake device's
// size too); past it, they go back to the driver. When the device runs out,
// the kept blocks are returned and the allocation is tried again.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang %s -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 %t 2>&1 | FileCheck %s
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 FAKE_CUDA_MEMORY=3000000 %t oom 2>&1 | FileCheck %s --check-prefix=OOM
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 FAKE_CUDA_MEMORY=40000000 %t cap 2>&1 | FileCheck %s --check-prefix=CAP
#include <stdio.h>
#include <string.h>

void *omp_target_alloc(size_t Size, int Device);
void omp_target_free(void *Ptr, int Device);

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "oom")) {
    // A kept 1 MiB block is what a 1.5 MB allocation (2 MiB) needs.
    void *Small = omp_target_alloc(600000, 0);
    omp_target_free(Small, 0);
    fprintf(stderr, "large\n");
    void *Large = omp_target_alloc(1500000, 0);
    fprintf(stderr, "large %s\n", Large ? "allocated" : "failed");
    // OOM: alloc 1048576 bytes
    // OOM: large
    // OOM-NEXT: free
    // OOM-NEXT: alloc 2097152 bytes
    // OOM-NEXT: large allocated
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "cap")) {
    // A 40 MB device keeps 2.5 MB of large blocks: the first 2 MiB block
    // stays, the second goes back to the driver, and the next 2 MiB request
    // takes the first.
    void *A = omp_target_alloc(2 << 20, 0), *B = omp_target_alloc(3 << 19, 0);
    omp_target_free(A, 0);
    fprintf(stderr, "kept\n");
    omp_target_free(B, 0);
    fprintf(stderr, "again\n");
    void *C = omp_target_alloc(2000000, 0);
    fprintf(stderr, "same block: %s\n", A == C ? "yes" : "no");
    // CAP: alloc 2097152 bytes
    // CAP-NEXT: alloc 2097152 bytes
    // CAP-NOT: free
    // CAP: kept
    // CAP-NEXT: free
    // CAP-NEXT: again
    // CAP-NOT: alloc
    // CAP: same block: yes
    return 0;
  }
  void *A = omp_target_alloc(100, 0);
  omp_target_free(A, 0);
  fprintf(stderr, "reuse\n");
  void *B = omp_target_alloc(200, 0);
  fprintf(stderr, "same block: %s\n", A == B ? "yes" : "no");
  omp_target_free(B, 0);
  fprintf(stderr, "large\n");
  void *C = omp_target_alloc(2 << 20, 0);
  omp_target_free(C, 0);
  fprintf(stderr, "large again\n");
  void *D = omp_target_alloc(1500000, 0);
  fprintf(stderr, "same large block: %s\n", C == D ? "yes" : "no");
  omp_target_free(D, 0);
  fprintf(stderr, "done\n");
  // CHECK: alloc 256 bytes
  // CHECK-NOT: free
  // CHECK: reuse
  // CHECK-NOT: alloc
  // CHECK: same block: yes
  // CHECK-NOT: free
  // CHECK: large
  // CHECK-NEXT: alloc 2097152 bytes
  // CHECK-NEXT: large again
  // CHECK-NEXT: same large block: yes
  // CHECK-NEXT: done
  return 0;
}
