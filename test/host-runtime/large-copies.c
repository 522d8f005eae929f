// Copies of large host data (LargeCopies.h) against the fake CUDA driver:
// staged in chunks of 2 MiB at most, each thread of the staging crew taking
// the next chunk left and moving it through its own two pinned buffers, its
// DMAs on its own stream to the device and, where threads take several
// chunks, on one stream shared by all threads from it (more chunks than a thread has buffers, partial sections
// at odd offsets, both directions, with one copy thread, whose chunks and
// calls are checked in order, and with four and the default number, whose
// order is the scheduler's), through host memory locked for the copy, or the
// driver's pageable path; pinned host memory and small
// copies go straight. The data lands where it should on every path, and host
// data copied to the device may change as soon as the construct returns.
// The fake runs queued copies only when the host waits, so a staging buffer
// refilled too early would show up as wrong data.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang %offload --offload-arch=sm_90 --offload-host-only -O1 -I%runtime-include -I%abi-include -c %s -o %t.o
// RUN: %host-clang -fopenmp -rdynamic %t.o -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LIBOMPTARGET_STAGING_THREADS=1 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,STAGED
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LIBOMPTARGET_STAGING_THREADS=4 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,CREW
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LIBOMPTARGET_STAGING_THREADS=4 LD_LIBRARY_PATH=%t.dir taskset -c 0 %t 2>&1 | FileCheck %s --check-prefixes=CHECK
// A DMA from the device that fails while other lanes wait for their turn:
// the copy reports it and the program stops, nothing waits for good.
// RUN: env OMP_TARGET_OFFLOAD=mandatory LIBOMPTARGET_STAGING_THREADS=4 FAKE_CUDA_COPY_FROM_ERROR_AFTER=3 LD_LIBRARY_PATH=%t.dir not %t 2>&1 | FileCheck %s --check-prefix=FAILED
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LIBOMPTARGET_LARGE_COPIES=register LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,REGISTER
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LIBOMPTARGET_LARGE_COPIES=pageable LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,PAGEABLE
#include "Inputs/fake-cuda-catch-up.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *llvm_omp_target_alloc_host(size_t Size, int Device);
void llvm_omp_target_free_host(void *Ptr, int Device);

#define MiB ((size_t)1 << 20)
// Two whole chunks and a partial one.
#define N (20 * MiB + 4099)
static unsigned char A[N];

static unsigned char pattern(size_t I, int Seed) {
  return (unsigned char)(I * 31 + (I >> 12) + Seed * 101);
}
static void fill(unsigned char *P, size_t Begin, size_t End, int Seed) {
  for (size_t I = Begin; I < End; ++I)
    P[I] = pattern(I, Seed);
}
/// Bytes of [Begin, End) of \p P that do not hold the pattern \p Seed.
static size_t wrong(const unsigned char *P, size_t Begin, size_t End,
                    int Seed) {
  size_t Wrong = 0;
  for (size_t I = Begin; I < End; ++I)
    Wrong += P[I] != pattern(I, Seed);
  return Wrong;
}
/// The device copy of A, once the GPU has done the work queued so far.
static unsigned char *deviceA(void) {
  fakeCudaCatchUp();
  return (unsigned char *)omp_get_mapped_ptr(A, omp_get_default_device());
}
static void mark(const char *What) {
  fprintf(stderr, "-- %s\n", What);
  fflush(stderr);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int Dev = omp_get_default_device(), Host = omp_get_initial_device();

  fill(A, 0, N, 1);
  mark("enter data");
#pragma omp target enter data map(to : A)
  // CHECK-LABEL: -- enter data
  // STAGED: create stream [[LANE:[0-9]+]] (non-blocking)
  // STAGED-NEXT: alloc 2097152 bytes of pinned host memory
  // STAGED-NEXT: alloc 2097152 bytes of pinned host memory
  // STAGED-NOT: alloc
  // STAGED-COUNT-10: copy 2097152 bytes to the device (stream [[LANE]])
  // STAGED: copy 4099 bytes to the device (stream [[LANE]])
  // Eleven chunks: four threads, each with a stream and two buffers.
  // CREW-DAG: create stream {{[0-9]+}} (non-blocking)
  // CREW-DAG: create stream {{[0-9]+}} (non-blocking)
  // CREW-DAG: create stream {{[0-9]+}} (non-blocking)
  // CREW-DAG: create stream {{[0-9]+}} (non-blocking)
  // CREW-DAG: copy 2097152 bytes to the device
  // CREW-DAG: copy 2097152 bytes to the device
  // CREW-DAG: copy 2097152 bytes to the device
  // CREW-DAG: copy 2097152 bytes to the device
  // CREW-DAG: copy 2097152 bytes to the device
  // CREW-DAG: copy 2097152 bytes to the device
  // CREW-DAG: copy 2097152 bytes to the device
  // CREW-DAG: copy 2097152 bytes to the device
  // CREW-DAG: copy 2097152 bytes to the device
  // CREW-DAG: copy 2097152 bytes to the device
  // CREW-DAG: copy 4099 bytes to the device
  // REGISTER: lock {{[0-9]+}} bytes of host memory (flags 0)
  // REGISTER-NEXT: copy 20975619 bytes to the device
  // REGISTER: unlock host memory
  // PAGEABLE: copy 20975619 bytes to the device
  // STAGED-NOT: copy
  // CREW-NOT: copy
  // REGISTER-NOT: copy
  // PAGEABLE-NOT: copy
  // CHECK: -- changed
  mark("changed");
  // The construct has read A: the program may change it at once.
  fill(A, 0, N, 2);
  printf("enter data: %zu wrong\n", wrong(deviceA(), 0, N, 1));
  // CHECK: enter data: 0 wrong

  // A section at an odd offset, of a chunk and a bit.
  mark("update to");
  const size_t At = 1000, Len = 9 * MiB + 3;
#pragma omp target update to(A[At:Len])
  // CHECK-LABEL: -- update to
  // Each buffer is refilled once the DMA that last read it is done.
  // STAGED: wait for an event of stream [[LANE]]
  // STAGED-NEXT: copy 2097152 bytes to the device (stream [[LANE]])
  // STAGED-NEXT: wait for an event of stream [[LANE]]
  // STAGED-NEXT: copy 2097152 bytes to the device (stream [[LANE]])
  // STAGED-NEXT: wait for an event of stream [[LANE]]
  // STAGED-NEXT: copy 2097152 bytes to the device (stream [[LANE]])
  // STAGED-NEXT: wait for an event of stream [[LANE]]
  // STAGED-NEXT: copy 2097152 bytes to the device (stream [[LANE]])
  // STAGED-NEXT: wait for an event of stream [[LANE]]
  // STAGED-NEXT: copy 1048579 bytes to the device (stream [[LANE]])
  // CREW-COUNT-4: copy 2097152 bytes to the device
  // PAGEABLE: copy 9437187 bytes to the device
  unsigned char *D = deviceA();
  printf("update to: %zu %zu %zu wrong\n", wrong(D, 0, At, 1),
         wrong(D, At, At + Len, 2), wrong(D, At + Len, N, 1));
  // CHECK: update to: 0 0 0 wrong

  mark("update from");
  fill(deviceA(), 0, N, 3);
#pragma omp target update from(A[5:N - 10])
  // CHECK-LABEL: -- update from
  // FAILED: -- update from
  // FAILED-NEXT: omptarget fatal error: device 0: cannot copy data from the device: CUDA_ERROR_ILLEGAL_ADDRESS
  // Ten chunks of 2 MiB (no buffer holds more) and the 4089 bytes left, the
  // DMAs on one stream, each into a buffer once the lane's last DMA to the
  // device (on its own stream) has read it and the host copied out the chunk
  // the buffer held.
  // STAGED: create stream [[FROM:[0-9]+]] (non-blocking)
  // STAGED-NEXT: stream [[FROM]] waits for an event of stream {{[0-9]+}}
  // STAGED-NEXT: stream [[FROM]] waits for an event of stream [[LANE]]
  // STAGED-NEXT: copy 2097152 bytes from the device (stream [[FROM]])
  // STAGED-NEXT: stream [[FROM]] waits for an event of stream [[LANE]]
  // STAGED-NEXT: copy 2097152 bytes from the device (stream [[FROM]])
  // STAGED-NEXT: wait for an event of stream [[FROM]]
  // STAGED-NEXT: copy 2097152 bytes from the device (stream [[FROM]])
  // STAGED-NEXT: wait for an event of stream [[FROM]]
  // STAGED-COUNT-7: copy 2097152 bytes from the device (stream [[FROM]])
  // STAGED: copy 4089 bytes from the device (stream [[FROM]])
  // REGISTER: lock {{[0-9]+}} bytes of host memory (flags 0)
  // REGISTER-NEXT: copy 20975609 bytes from the device
  // PAGEABLE: copy 20975609 bytes from the device
  printf("update from: %zu %zu %zu wrong\n", wrong(A, 0, 5, 2),
         wrong(A, 5, N - 5, 3), wrong(A, N - 5, N, 2));
  // CHECK: update from: 0 0 0 wrong

  // Many chunks a thread, both ways, through the memory routines.
  mark("omp_target_memcpy");
  const size_t Big = 50 * MiB + 1;
  unsigned char *C = malloc(Big);
  unsigned char *Dc = omp_target_alloc(Big, Dev);
  fill(C, 0, Big, 4);
  omp_target_memcpy(Dc, C, Big, 0, 0, Dev, Host);
  fill(C, 0, Big, 5);
  omp_target_memcpy(C + 7, Dc + 7, Big - 7, 0, 0, Host, Dev);
  // CHECK-LABEL: -- omp_target_memcpy
  // STAGED-COUNT-25: copy 2097152 bytes to the device (stream [[LANE]])
  // STAGED: copy 1 bytes to the device (stream [[LANE]])
  // STAGED-COUNT-24: copy 2097152 bytes from the device (stream [[FROM]])
  // STAGED: copy 2097146 bytes from the device (stream [[FROM]])
  // STAGED-NOT: alloc {{[0-9]+}} bytes of pinned
  printf("memcpy: %zu %zu wrong\n", wrong(C, 0, 7, 5), wrong(C, 7, Big, 4));
  // CHECK: memcpy: 0 0 wrong

  // No more chunks than threads (one each, none queued ahead), where one
  // thread may take a second chunk into the same buffer once it copied out
  // the first (on one CPU, the first thread takes them all).
  fill(C, 0, Big, 6);
  omp_target_memcpy(Dc, C, MiB + 5, 0, 0, Dev, Host);
  fill(C, 0, Big, 7);
  omp_target_memcpy(C, Dc, MiB + 5, 0, 0, Host, Dev);
  printf("memcpy a chunk a thread: %zu %zu wrong\n", wrong(C, 0, MiB + 5, 6),
         wrong(C, MiB + 5, Big, 7));
  // CHECK: memcpy a chunk a thread: 0 0 wrong

  // Below a mebibyte: one copy on every path. Back to pageable memory, up to
  // 64 KiB lands in the runtime's pinned memory, queued behind the device's
  // work (the host then waits for the stream); more takes the driver's
  // pageable copy.
  mark("small");
  omp_target_memcpy(Dc, C, 512 << 10, 0, 0, Dev, Host);
  unsigned char *Back = calloc(512 << 10, 1);
  omp_target_memcpy(Back, Dc, 4096, 0, 0, Host, Dev);
  omp_target_memcpy(Back + 4096, Dc + 4096, (512 << 10) - 4096, 0, 0, Host,
                    Dev);
  // CHECK-LABEL: -- small
  // CHECK-NEXT: copy 524288 bytes to the device
  // CHECK-NOT: lock
  // CHECK: copy 4096 bytes from the device (stream {{[0-9]+}}){{$}}
  // CHECK: copy 520192 bytes from the device to pageable memory
  printf("small back: %d wrong\n", memcmp(Back, C, 512 << 10) != 0);
  // CHECK: small back: 0 wrong
  free(Back);

  // Pinned host memory is copied in place.
  mark("pinned");
  unsigned char *P = llvm_omp_target_alloc_host(16 * MiB, Dev);
  fill(P, 0, 16 * MiB, 6);
  omp_target_memcpy(Dc, P, 16 * MiB, 0, 0, Dev, Host);
  // CHECK-LABEL: -- pinned
  // CHECK-NOT: lock
  // CHECK: copy 16777216 bytes to the device
  // CHECK-NOT: copy
  // CHECK: -- done
  fakeCudaCatchUp();
  mark("done");
  printf("pinned: %zu wrong\n", wrong(Dc, 0, 16 * MiB, 6));
  // CHECK: pinned: 0 wrong
  llvm_omp_target_free_host(P, Dev);
  omp_target_free(Dc, Dev);
  free(C);
#pragma omp target exit data map(release : A)
  return 0;
}
