// omp_target_memcpy_rect against the fake CUDA driver: between the host and a
// device, the three innermost dimensions are one 2-D or 3-D driver copy and
// outer dimensions a loop of them; host-to-host copies need no driver and
// device-to-device ones go row by row. The values land where OpenMP says.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang -fopenmp %s -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <string.h>

static double Src[4][5][6], Back[4][5][6];

int main(void) {
  // Results and the driver's trace in the order they happen.
  setvbuf(stdout, NULL, _IONBF, 0);
  int Dev = 0, Host = omp_get_initial_device();
  for (int I = 0; I < 4 * 5 * 6; ++I)
    (&Src[0][0][0])[I] = I;
  // A 2x3x4 block of Src from (1, 1, 1) to a dense 2x3x4 device array.
  double *D = omp_target_alloc(2 * 3 * 4 * sizeof(double), Dev);
  size_t Volume[] = {2, 3, 4}, Zero[] = {0, 0, 0}, One[] = {1, 1, 1};
  size_t Dense[] = {2, 3, 4}, Full[] = {4, 5, 6};
  fprintf(stderr, "-- to the device\n");
  omp_target_memcpy_rect(D, Src, sizeof(double), 3, Volume, Zero, One, Dense,
                         Full, Dev, Host);
  // CHECK-LABEL: -- to the device
  // CHECK-NEXT: fake-cuda: copy 3-D 2 slices of 3 rows of 32 bytes (pitch 48, 32; height 5, 3) to the device
  // CHECK-NOT: copy
  printf("device: %g %g %g\n", D[0], D[3], D[23]);
  // CHECK: device: 37 40 82

  // Back into the same place of another array, dimension by dimension.
  fprintf(stderr, "-- back\n");
  omp_target_memcpy_rect(Back, D, sizeof(double), 3, Volume, One, Zero, Full,
                         Dense, Host, Dev);
  // A box this small lands packed in the runtime's pinned memory (allocated
  // once), and the host moves its rows into place.
  // CHECK-LABEL: -- back
  // CHECK-NEXT: fake-cuda: alloc 4096 bytes of pinned host memory (flags 0)
  // CHECK-NEXT: fake-cuda: copy 3-D 2 slices of 3 rows of 32 bytes (pitch 32, 32; height 3, 3) from the device
  // CHECK-NOT: copy
  int Errors = 0;
  for (int I = 0; I < 4; ++I)
    for (int J = 0; J < 5; ++J)
      for (int K = 0; K < 6; ++K) {
        int Inside = I >= 1 && I < 3 && J >= 1 && J < 4 && K >= 1 && K < 5;
        Errors += Back[I][J][K] != (Inside ? Src[I][J][K] : 0);
      }
  printf("back: %d errors\n", Errors);
  // CHECK: back: 0 errors

  // Two dimensions: one 2-D copy.
  fprintf(stderr, "-- 2-D\n");
  size_t Rows[] = {3, 2}, Corner[] = {2, 4}, Wide[] = {5, 6}, Narrow[] = {3, 2};
  omp_target_memcpy_rect(D, &Src[0][0][0], sizeof(double), 2, Rows, Zero,
                         Corner, Narrow, Wide, Dev, Host);
  // CHECK-LABEL: -- 2-D
  // CHECK-NEXT: fake-cuda: copy 2-D 3 rows of 16 bytes (pitch 48, 16) to the device
  printf("2-D: %g %g %g\n", D[0], D[1], D[5]);
  // CHECK: 2-D: 16 17 29

  // Four dimensions: a 3-D copy per outer index.
  size_t Volume4[] = {2, 2, 3, 4}, Zero4[] = {0, 0, 0, 0};
  size_t Dims4[] = {2, 2, 5, 6}, Dense4[] = {2, 2, 3, 4};
  double *D4 = omp_target_alloc(2 * 2 * 3 * 4 * sizeof(double), Dev);
  fprintf(stderr, "-- 4-D\n");
  omp_target_memcpy_rect(D4, Src, sizeof(double), 4, Volume4, Zero4, Zero4,
                         Dense4, Dims4, Dev, Host);
  // CHECK-LABEL: -- 4-D
  // CHECK-NEXT: fake-cuda: copy 3-D 2 slices of 3 rows of 32 bytes (pitch 48, 32; height 5, 3) to the device
  // CHECK-NEXT: fake-cuda: copy 3-D 2 slices of 3 rows of 32 bytes (pitch 48, 32; height 5, 3) to the device
  // CHECK-NOT: copy
  printf("4-D: %g %g\n", D4[0], D4[24]);
  // CHECK: 4-D: 0 60

  // On the device: row by row.
  fprintf(stderr, "-- device to device\n");
  size_t Two[] = {2, 2}, At[] = {0, 0}, Square[] = {2, 2};
  omp_target_memcpy_rect(D4, D, sizeof(double), 2, Two, At, At, Square,
                         Square, Dev, Dev);
  // CHECK-LABEL: -- device to device
  // CHECK-NEXT: fake-cuda: copy 16 bytes on the device
  // CHECK-NEXT: fake-cuda: copy 16 bytes on the device
  // CHECK-NOT: copy

  // Host to host: no driver.
  fprintf(stderr, "-- host\n");
  memset(Back, 0, sizeof(Back));
  omp_target_memcpy_rect(Back, Src, sizeof(double), 3, Volume, One, One, Full,
                         Full, Host, Host);
  // CHECK-LABEL: -- host
  // CHECK-NOT: copy
  printf("host: %g %g\n", Back[1][1][1], Back[0][0][0]);
  // CHECK: host: 37 0
  omp_target_free(D, Dev);
  omp_target_free(D4, Dev);
  return 0;
}
