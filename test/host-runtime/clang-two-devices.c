// Two GPUs in one process, against the fake CUDA driver reporting two devices
// (Inputs/fake-cuda.c; its kernels keep their stream busy 300 ms): host
// threads offloading to different devices at once overlap (no lock is held
// across devices), and so do `nowait` regions on the two devices; each device
// has a mapping table of its own and loads the program when first used;
// omp_target_memcpy between the devices copies directly once peer access is
// enabled (or through the host where the GPUs cannot reach each other), and
// lands after the kernels the destination device still runs on the buffer;
// omp_target_memcpy_rect between them is one 3-D peer copy, or a copy a row
// where the driver refuses the pitches.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang %offload --offload-arch=sm_90 --offload-host-only -O1 -I%runtime-include -I%abi-include -c %s -o %t.o
// RUN: %host-clang -fopenmp -rdynamic %t.o -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_DEVICES=2 FAKE_CUDA_KERNEL_US=300000 FAKE_CUDA_TRACE=1 LIBOMPTARGET_INFO=1 LIBOMPTARGET_EARLY_START=0 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,PEER
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_DEVICES=2 FAKE_CUDA_KERNEL_US=300000 FAKE_CUDA_PEER=0 LIBOMPTARGET_INFO=1 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,NOPEER
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_DEVICES=2 FAKE_CUDA_PEER_PITCH_ERROR=1 FAKE_CUDA_TRACE=1 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,REFUSED
#include <omp.h>
#include <stdio.h>

enum { N = 8 };
static double Result[2], X[N];

static void oneRegion(double *A, int Dev) {
#pragma omp target device(Dev) map(from : A[0:1])
  A[0] = 1 + Dev;
}

static double twoNowait(double *A, double *B) {
  double Start = omp_get_wtime();
#pragma omp target nowait device(0) map(from : A[0:1])
  A[0] = 10;
#pragma omp target nowait device(1) map(from : B[0:1])
  B[0] = 11;
#pragma omp taskwait
  return (omp_get_wtime() - Start) * 1e3;
}

static void fillOnDevice(double *P, int Dev) {
#pragma omp target device(Dev) is_device_ptr(P)
  for (int I = 0; I < N; ++I)
    P[I] = 7;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  printf("devices: %d\n", omp_get_num_devices());
  // CHECK: devices: 2

  // Only device 0 is used: device 1 has no context and no program yet.
  oneRegion(&Result[0], 0);
  printf("-- device 1 first used\n");
  oneRegion(&Result[1], 1);
  // PEER: context for device 0
  // PEER-NOT: context for device 1
  // PEER: -- device 1 first used
  // PEER: context for device 1
  // PEER: loaded a cubin module

  // Warm: both devices started. Two host threads, one per device, each
  // waiting for its 300 ms kernel: 600 ms if one device's construct waited
  // for the other's.
  double Start = omp_get_wtime();
#pragma omp parallel num_threads(2)
  oneRegion(&Result[omp_get_thread_num()], omp_get_thread_num());
  double Ms = (omp_get_wtime() - Start) * 1e3;
  printf("two host threads: %g %g, %s\n", Result[0], Result[1],
         Ms < 500 ? "overlapped" : "one after the other");
  // CHECK: two host threads: 1 1, overlapped

  double A = 0, B = 0;
  twoNowait(&A, &B);
  Ms = twoNowait(&A, &B);
  printf("nowait on two devices: %g %g, %s\n", A, B,
         Ms < 500 ? "overlapped" : "one after the other");
  // CHECK: nowait on two devices: 10 11, overlapped

  // One mapping table per device.
#pragma omp target enter data map(to : X) device(0)
  printf("X present on device 0: %d, on device 1: %d\n",
         omp_target_is_present(X, 0), omp_target_is_present(X, 1));
  // CHECK: X present on device 0: 1, on device 1: 0
#pragma omp target enter data map(to : X) device(1)
  printf("X's copies differ: %d\n",
         omp_get_mapped_ptr(X, 0) != omp_get_mapped_ptr(X, 1));
  // CHECK: X's copies differ: 1
#pragma omp target exit data map(delete : X) device(0)
#pragma omp target exit data map(delete : X) device(1)

  // A copy from device 0 into a buffer of device 1 lands after device 1's
  // queued kernel that writes 7s into it: 1s, not 7s.
  int Host = omp_get_initial_device();
  double Ones[N], Out[N] = {0};
  for (int I = 0; I < N; ++I)
    Ones[I] = 1;
  double *P0 = omp_target_alloc(sizeof(Ones), 0);
  double *P1 = omp_target_alloc(sizeof(Ones), 1);
  omp_target_memcpy(P0, Ones, sizeof(Ones), 0, 0, 0, Host);
  printf("-- peer copy\n");
  fillOnDevice(P1, 1);
  omp_target_memcpy(P1, P0, sizeof(Ones), 0, 0, 1, 0);
  omp_target_memcpy(Out, P1, sizeof(Out), 0, 0, Host, 1);
  printf("device 0 to device 1: %g %g\n", Out[0], Out[N - 1]);
  // PEER-LABEL: -- peer copy
  // PEER: launch {{.*}}fillOnDevice
  // PEER: device 0 reaches device 1's memory
  // PEER: omptarget info: device 0: copies to device 1 go directly between the GPUs (peer access)
  // PEER: copy 64 bytes between devices
  // NOPEER: omptarget info: device 0: copies to device 1 pass through host memory (the GPUs cannot reach each other's memory)
  // CHECK: device 0 to device 1: 1 1

  // A rectangle between the devices: rows 1-2, columns 2-5 of a 4 x 8 array.
  double Grid[4][8], Back[4][8] = {{0}};
  for (int R = 0; R < 4; ++R)
    for (int C = 0; C < 8; ++C)
      Grid[R][C] = R * 10 + C;
  double *G0 = omp_target_alloc(sizeof(Grid), 0);
  double *G1 = omp_target_alloc(sizeof(Grid), 1);
  omp_target_memcpy(G0, Grid, sizeof(Grid), 0, 0, 0, Host);
  omp_target_memcpy(G1, Back, sizeof(Back), 0, 0, 1, Host);
  size_t Volume[2] = {2, 4}, Offsets[2] = {1, 2}, Dims[2] = {4, 8};
  printf("-- rectangle\n");
  omp_target_memcpy_rect(G1, G0, sizeof(double), 2, Volume, Offsets, Offsets,
                         Dims, Dims, 1, 0);
  // PEER-LABEL: -- rectangle
  // One 3-D peer copy of the two rows of 32 bytes, 64 apart on both sides.
  // PEER: copy 3-D 1 slices of 2 rows of 32 bytes (pitch 64, 64) from device 0 to device 1
  // PEER-NOT: between devices
  // Where the driver refuses the pitches, a peer copy a row.
  // REFUSED-LABEL: -- rectangle
  // REFUSED-COUNT-2: copy 32 bytes between devices
  omp_target_memcpy(Back, G1, sizeof(Back), 0, 0, Host, 1);
  printf("rectangle: %g %g %g %g %g\n", Back[1][2], Back[1][5], Back[2][2],
         Back[2][5], Back[0][0] + Back[1][1] + Back[3][2] + Back[2][6]);
  // CHECK: rectangle: 12 15 22 25 0
  omp_target_free(P0, 0);
  omp_target_free(P1, 1);
  omp_target_free(G0, 0);
  omp_target_free(G1, 1);
  return 0;
}

// The device side for the fake driver.
#include "Inputs/fake-image.h"
FAKE_KERNEL(oneRegion_l24, fakeArg(Params, 1)[0] = 1)
FAKE_KERNEL(twoNowait_l30, fakeArg(Params, 1)[0] = 10)
FAKE_KERNEL(twoNowait_l32, fakeArg(Params, 1)[0] = 11)
FAKE_KERNEL(fillOnDevice_l39, for (int I = 0; I < N; ++I)
                                  fakeArg(Params, 1)[I] = 7)
