// The program's own device malloc calls go through the device runtime's size
// check (__ompgpu_malloc): CUDA's malloc rounds a request up to its
// alignment, so a size near 2^64 would wrap to a small block and
// malloc(SIZE_MAX) return a pointer. The runtime's own malloc calls stay
// CUDA's. The end-to-end check is offloading/device-malloc.c on the GPU.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %clang -O2 %offload -save-temps %s -o prog
// RUN: llvm-dis prog.%default-arch.linked.bc -o - | FileCheck %s
// CHECK: define {{.*}}@__omp_offloading_{{.*}}_main_l
// CHECK-NOT: call {{.*}} @malloc(
// CHECK: call {{.*}}@__ompgpu_malloc(
// CHECK: define {{.*}}@__ompgpu_malloc(i64 {{.*}}%[[SIZE:[0-9]+]])
// CHECK-NEXT: icmp slt i64 %[[SIZE]], 0
// CHECK: call {{.*}}@malloc(i64 {{.*}}%[[SIZE]])
#include <stdint.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  size_t Size = (size_t)argc << 62;
  uintptr_t Got = 0;
#pragma omp target map(from : Got) firstprivate(Size)
  {
    void *P = malloc(Size);
    Got = (uintptr_t)P;
    free(P);
  }
  return Got != 0;
}
