// Target regions without nowait queue their kernels like CUDA launches, as
// clang-22's host code drives them, against the fake CUDA driver (which runs
// queued work only when the host waits, so anything the runtime releases or
// changes too early shows). A region returns before its kernel ends; `target
// update from` waits for it; a region passing managed memory waits; host data
// that `to` maps read, small (staged in pinned memory) or large, may change
// once the region returns; device memory a region releases stays valid for its
// queued kernel; staging memory is reused once the stream passed the copies
// that read it, and back-to-back launches of one region add no stream writes;
// a kernel fault is reported where the host next waits, naming the region
// that faulted.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang %offload --offload-arch=sm_90 --offload-host-only -g -O1 -I%runtime-include -I%abi-include -c %s -o %t.o
// RUN: %host-clang -fopenmp -rdynamic %t.o -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: %run %t 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_KERNEL_US=200000 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,GPU
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LD_LIBRARY_PATH=%t.dir %t staging 2>&1 | FileCheck %s --check-prefix=STAGING
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_KERNEL_ERROR=700 FAKE_CUDA_FAULT_KERNEL=faulty LD_LIBRARY_PATH=%t.dir not %t fault 2>&1 | FileCheck %s --check-prefix=FAULT
#include "omptarget.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *llvm_omp_target_alloc_shared(size_t Size, int DeviceNum);

enum { Small = 16, Medium = 4096, Large = 200000, Regions = 100 };
static double S[Small], M[Medium], L[Large], Out[Large], R[1];

static double sum(const double *X, int N) {
  double Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += X[I];
  return Sum;
}

static void addSmall(void) {
#pragma omp target map(to : S) map(tofrom : R)
  R[0] += sum(S, Small);
}

static void addMedium(void) {
#pragma omp target map(to : M) map(tofrom : R)
  R[0] += sum(M, Medium);
}

static void copyLarge(void) {
#pragma omp target map(to : L) map(tofrom : Out)
  memcpy(Out, L, sizeof(L));
}

static void setManaged(double *P) {
#pragma omp target is_device_ptr(P)
  P[0] = 42;
}

static void faulty(void) {
#pragma omp target map(tofrom : R)
  R[0] = -1;
}

static double since(double Start) { return omp_get_wtime() - Start; }

/// With 200 ms kernels (GPU), which waits for a kernel and which does not.
static void queued(void) {
  for (int I = 0; I < Small; ++I)
    S[I] = 1;
  R[0] = 0;
#pragma omp target data map(tofrom : R)
  {
    double Start = omp_get_wtime();
    addSmall();
    double Returned = since(Start);
    // The program may change what the region's `to` map read.
    for (int I = 0; I < Small; ++I)
      S[I] = 1000;
#pragma omp target update from(R)
    double Updated = since(Start);
    printf("region then update from: R %g\n", R[0]);
    // Measured from the kernel's end (the update's return), not from the
    // start, which includes the device's start-up: a loaded machine may
    // take longer than the kernel for that.
    printf("region returned before its kernel ended: %s\n",
           Returned < Updated - 0.1 ? "yes" : "no");
    printf("update from waited for the kernel: %s\n",
           Updated >= 0.19 ? "yes" : "no");
  }
  double *P = llvm_omp_target_alloc_shared(sizeof(double), 0);
  if (P) {
    P[0] = 0;
    setManaged(P);
    printf("a region writing managed memory waited: %g\n", P[0]);
    omp_target_free(P, 0);
  }
}
// CHECK: region then update from: R 16
// GPU: region returned before its kernel ended: yes
// GPU: update from waited for the kernel: yes
// GPU: a region writing managed memory waited: 42

/// Large `to` maps (read in place) and released device memory.
static void copies(void) {
  for (int I = 0; I < Large; ++I)
    L[I] = I;
#pragma omp target data map(from : Out)
  {
    double Start = omp_get_wtime();
    copyLarge();
    double Returned = since(Start);
    for (int I = 0; I < Large; ++I)
      L[I] = -1;
    printf("region with a large to map returned before its kernel ended: "
           "%s\n",
           Returned < 0.1 ? "yes" : "no");
  }
  int Ok = 1;
  for (int I = 0; I < Large; ++I)
    Ok &= Out[I] == I;
  // L's device copy (more than the memory pool keeps) was released at the
  // end of the region, while its kernel was queued.
  printf("large to map read before the region returned, kept until its "
         "kernel ran: %s\n",
         Ok ? "ok" : "wrong");
}
// GPU: region with a large to map returned before its kernel ended: yes
// CHECK: large to map read before the region returned, kept until its kernel ran: ok

/// Many regions whose `to` maps are staged, the host changing the data after
/// each: the staging memory is reused only once the copies read it.
static void staging(void) {
  R[0] = 0;
  double Expected = 0;
#pragma omp target data map(tofrom : R)
  {
    for (int Region = 0; Region < Regions; ++Region) {
      for (int I = 0; I < Medium; ++I)
        M[I] = Region + I % 3;
      Expected += sum(M, Medium);
      addMedium();
    }
  }
  printf("%d staged regions: %s\n", Regions, R[0] == Expected ? "ok" : "wrong");
}
// Each region stages 32 KiB, 3.2 MiB in all, in chunks of 1 MiB: one is
// filled while the stream passes the copies from the other, which comes back.
// STAGING: alloc 1048576 bytes of pinned host memory
// STAGING: alloc 1048576 bytes of pinned host memory
// STAGING-NOT: alloc 1048576 bytes of pinned host memory
// STAGING-NOT: write {{.*}} on stream
// STAGING: 100 staged regions: ok

static void fault(void) {
#pragma omp target data map(tofrom : R)
  {
    addSmall();
    faulty();
    addSmall();
    printf("three regions queued\n");
#pragma omp target update from(R)
    printf("not reached\n");
  }
}
// FAULT: three regions queued
// FAULT-NOT: not reached
// FAULT: omptarget fatal error: kernel __omp_offloading_{{.*}}_faulty_l58 failed on device 0: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered); the host noticed the failure at {{.*}}clang-queued-launches.c:159 (function fault), when it next waited for the device (target regions do not wait for their kernels) at {{.*}}clang-queued-launches.c:58 (function faulty)

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "staging")) {
    staging();
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "fault")) {
    fault();
    return 0;
  }
  queued();
  copies();
  staging();
  return 0;
}
// CHECK: 100 staged regions: ok

// The device side for the fake driver: each kernel takes the launch
// environment, then the region's arrays in the order its code first uses
// them (is_device_ptr pointers by value).
#include "Inputs/fake-image.h"
FAKE_KERNEL(addSmall_l38, fakeArg(Params, 1)[0] += sum(fakeArg(Params, 2), Small))
FAKE_KERNEL(addMedium_l43, fakeArg(Params, 1)[0] += sum(fakeArg(Params, 2), Medium))
FAKE_KERNEL(copyLarge_l48, memcpy(fakeArg(Params, 1), fakeArg(Params, 2), sizeof(L)))
FAKE_KERNEL(setManaged_l53, fakeArg(Params, 1)[0] = 42)
FAKE_KERNEL(faulty_l58, fakeArg(Params, 1)[0] = -1)

