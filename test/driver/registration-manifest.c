// What the link step registers beside the device images, across separately
// compiled objects and an archive: the host objects' offload entries are all
// in the image (a declare target link variable defined in one object and used
// in another keeps its reference pointer visible in the PTX), the
// registration object passes the manifest to __ompgpu_register_lib, and the
// manifest names each object's source file and every exported symbol.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && cp %s main.c && cp %s other.c
// RUN: %clang -O2 %offload -I%abi-include -c main.c -o main.o
// RUN: %clang -O2 %offload -I%abi-include -DOTHER -c other.c -o other.o && llvm-ar rcs libother.a other.o
// RUN: %clang -O2 %offload -I%abi-include -save-temps main.o -L. -lother -o prog 2> link.txt
// RUN: count 0 < link.txt
// RUN: FileCheck %s --check-prefix=PTX < prog.%default-arch.ptx
// RUN: llvm-nm prog.registration.o | FileCheck %s --check-prefix=NM
// RUN: llvm-strings prog.registration.o | FileCheck %s --check-prefix=MANIFEST
// RUN: %run ./prog | FileCheck %s
// On the fake CUDA driver (kernels and device globals are the fakedev_
// definitions below): the link variable's entry, repeated by both objects,
// is mapped once, and the driver is asked for nothing the image lacks.
// RUN: %host-clang -shared -fPIC %S/../host-runtime/Inputs/fake-cuda.c -o libcuda.so.1 -ldl
// RUN: %clang -O2 %offload -I%abi-include -DFAKE_DEVICE -c main.c -o fakeprog.o
// RUN: %clang -O2 %offload -I%abi-include -rdynamic fakeprog.o -L. -lother -o fakeprog
// RUN: env LD_LIBRARY_PATH=. OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_COUNT_FAILURES=1 ./fakeprog 2>&1 | FileCheck %s --check-prefix=FAKE
// FAKE: fake fill ran
// FAKE: fake sum ran
// FAKE: fake-cuda: 0 failed calls
// PTX-DAG: .global .align 8 .u64 shared_buffer_decl_tgt_ref_ptr;
// PTX-DAG: .global .align 4 .u32 shared_count
// NM: U __ompgpu_register_lib
// NM-NOT: __tgt_register_lib
// MANIFEST-DAG: {{^}}main.c{{$}}
// MANIFEST-DAG: {{^}}other.c{{$}}
// MANIFEST-DAG: {{^}}shared_buffer_decl_tgt_ref_ptr{{$}}
// MANIFEST-DAG: {{^}}shared_count{{$}}
// MANIFEST-DAG: _main_l{{[0-9]+}}_kernel_environment{{$}}
// MANIFEST-DAG: _fill_l{{[0-9]+}}{{$}}
// CHECK: buffer sum 120, count 17
#include <stdio.h>

#ifdef OTHER
int shared_buffer[16];
#pragma omp declare target link(shared_buffer)
int shared_count = 1;
#pragma omp declare target(shared_count)

void fill(void) {
#pragma omp target map(from : shared_buffer)
  for (int i = 0; i < 16; ++i) {
    shared_buffer[i] = i;
    shared_count += 1;
  }
}
#else
extern int shared_buffer[16];
#pragma omp declare target link(shared_buffer)
extern int shared_count;
#pragma omp declare target(shared_count)
void fill(void);

int main(void) {
  fill();
  int sum = 0;
#pragma omp target map(tofrom : sum) map(to : shared_buffer)
  for (int i = 0; i < 16; ++i)
    sum += shared_buffer[i];
#pragma omp target update from(shared_count)
  printf("buffer sum %d, count %d\n", sum, shared_count);
  return 0;
}
#endif

#ifdef FAKE_DEVICE
#include "OffloadABI.h"
int *fakedev_shared_buffer_decl_tgt_ref_ptr;
int fakedev_shared_count;
KernelEnvironmentTy fakedev_omp_fill_l46_kernel_environment = {1, 0, 1, 1, 128};
KernelEnvironmentTy fakedev_omp_main_l62_kernel_environment = {1, 0, 1, 1, 128};
void fakedev_omp_fill_l46(void **Params, unsigned Teams, unsigned Threads) {
  (void)Params, (void)Teams, (void)Threads;
  fprintf(stderr, "fake fill ran\n");
}
void fakedev_omp_main_l62(void **Params, unsigned Teams, unsigned Threads) {
  (void)Params, (void)Teams, (void)Threads;
  fprintf(stderr, "fake sum ran\n");
}
#endif
