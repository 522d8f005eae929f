// Every device the CUDA driver reports is an OpenMP device: regions with
// device(d) run on device d (omp_get_device_num() says so inside), each device
// has its own copies of mapped data, nowait regions on all devices run at
// once and taskwait waits for all, omp_target_memcpy and
// omp_target_memcpy_rect copy between every pair of devices, and
// omp_set_default_device moves regions that name no device. With one GPU the
// pairs are the GPU with itself (rectangles need two); with host fallback
// there is no device and every check holds trivially.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s --check-prefixes=CHECK,HOST
// GPU: devices: {{[1-9][0-9]*}}
// HOST: devices: 0
// CHECK: device numbers inside regions: right
// CHECK: per-device copies: right
// CHECK: nowait on every device: right
// CHECK: copies between devices: right
// CHECK: rectangles between devices: right
// CHECK: default device: right
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 20 };
static int Data[N];

// Sets device D's buffer B to -1, or with Pattern to I * 3 + D, in a region
// that returns before its kernel ends: a copy into B must land after it.
static void setOnDevice(int *B, int D, int Pattern) {
#pragma omp target teams distribute parallel for device(D) is_device_ptr(B)
  for (int I = 0; I < N; ++I)
    B[I] = Pattern ? I * 3 + D : -1;
}

int main(void) {
  int Devices = omp_get_num_devices(), Host = omp_get_initial_device();
  printf("devices: %d\n", Devices);

  int Wrong = 0;
  for (int D = 0; D < Devices; ++D) {
    int Inside = -1, Initial = 1;
#pragma omp target device(D) map(from : Inside, Initial)
    {
      Inside = omp_get_device_num();
      Initial = omp_is_initial_device();
    }
    Wrong += Inside != D || Initial;
  }
  printf("device numbers inside regions: %s\n", Wrong ? "WRONG" : "right");

  // Each device adds its number to its own copy of Data.
  for (int I = 0; I < N; ++I)
    Data[I] = I;
  for (int D = 0; D < Devices; ++D) {
#pragma omp target enter data map(to : Data) device(D)
#pragma omp target teams distribute parallel for device(D)
    for (int I = 0; I < N; ++I)
      Data[I] += D;
  }
  Wrong = 0;
  for (int D = 0; D < Devices; ++D) {
#pragma omp target exit data map(from : Data) device(D)
    for (int I = 0; I < N; I += 4099)
      Wrong += Data[I] != I + D;
    for (int I = 0; I < N; ++I)
      Data[I] = I;
  }
  printf("per-device copies: %s\n", Wrong ? "WRONG" : "right");

  // One buffer per device, filled by nowait regions that all run at once.
  int **Buffers = malloc((Devices + 1) * sizeof(int *));
  for (int D = 0; D < Devices; ++D)
    Buffers[D] = omp_target_alloc(N * sizeof(int), D);
  for (int D = 0; D < Devices; ++D) {
    int *B = Buffers[D];
#pragma omp target teams distribute parallel for device(D) is_device_ptr(B)   \
    nowait
    for (int I = 0; I < N; ++I)
      B[I] = I * 3 + D;
  }
#pragma omp taskwait
  int *Back = malloc(N * sizeof(int));
  Wrong = 0;
  for (int D = 0; D < Devices; ++D) {
    omp_target_memcpy(Back, Buffers[D], N * sizeof(int), 0, 0, Host, D);
    for (int I = 0; I < N; I += 4099)
      Wrong += Back[I] != I * 3 + D;
  }
  printf("nowait on every device: %s\n", Wrong ? "WRONG" : "right");

  // Every pair: the first half of From's buffer into the second half of
  // To's, after a region on To that rewrites its buffer (the copy must land
  // after it).
  Wrong = 0;
  for (int From = 0; From < Devices; ++From)
    for (int To = 0; To < Devices; ++To) {
      setOnDevice(Buffers[To], To, 0);
      if (From != To)
        omp_target_memcpy(Buffers[To], Buffers[From], N / 2 * sizeof(int),
                          N / 2 * sizeof(int), 0, To, From);
      omp_target_memcpy(Back, Buffers[To], N * sizeof(int), 0, 0, Host, To);
      for (int I = 0; I < N / 2; I += 101)
        Wrong += Back[I] != -1 ||
                 Back[N / 2 + I] != (From != To ? I * 3 + From : -1);
      // Restore To's buffer for the pairs that copy from it later.
      setOnDevice(Buffers[To], To, 1);
    }
  printf("copies between devices: %s\n", Wrong ? "WRONG" : "right");

  // Rectangles between every pair: 1000 rows of 2 ints from (3, 7) of From's
  // buffer to (5, 10) of To's, seen as 1024 x 1024 ints (rows 4096 bytes
  // apart) and as 1021 x 1021 (4084 bytes apart, a pitch the driver may
  // refuse for a 2-D copy: the runtime then copies row by row).
  Wrong = 0;
  for (int Shape = 0; Shape < 2; ++Shape) {
    size_t Side = Shape ? 1021 : 1024;
    size_t Volume[2] = {1000, 2}, DstOffsets[2] = {5, 10},
           SrcOffsets[2] = {3, 7}, Dims[2] = {Side, Side};
    for (int From = 0; From < Devices; ++From)
      for (int To = 0; To < Devices; ++To) {
        if (From == To)
          continue;
        setOnDevice(Buffers[To], To, 0);
        omp_target_memcpy_rect(Buffers[To], Buffers[From], sizeof(int), 2,
                               Volume, DstOffsets, SrcOffsets, Dims, Dims, To,
                               From);
        omp_target_memcpy(Back, Buffers[To], N * sizeof(int), 0, 0, Host, To);
        for (size_t R = 0; R < Side; ++R)
          for (size_t C = 0; C < Side; ++C) {
            int Inside = R >= 5 && R < 1005 && C >= 10 && C < 12;
            size_t SrcIndex = (R - 5 + 3) * Side + (C - 10 + 7);
            int Expected = Inside ? (int)SrcIndex * 3 + From : -1;
            Wrong += Back[R * Side + C] != Expected;
          }
        setOnDevice(Buffers[To], To, 1);
      }
  }
  printf("rectangles between devices: %s\n", Wrong ? "WRONG" : "right");

  Wrong = 0;
  for (int D = 0; D < Devices; ++D) {
    omp_set_default_device(D);
    int Inside = -1;
#pragma omp target map(from : Inside)
    Inside = omp_get_device_num();
    Wrong += Inside != D;
  }
  printf("default device: %s\n", Wrong ? "WRONG" : "right");

  for (int D = 0; D < Devices; ++D)
    omp_target_free(Buffers[D], D);
  free(Buffers);
  free(Back);
  return 0;
}
