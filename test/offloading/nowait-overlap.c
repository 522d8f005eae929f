// Independent nowait constructs overlap on the GPU: each runs on a stream of
// its own. Two target regions that each spin 50 ms on the device (its
// omp_get_wtime, the GPU's global timer) take about 50 ms together, not 100;
// a nowait `target update` of 128 MiB runs while a kernel spins for as long
// as the copy takes alone, and the two take clearly less than the sum. The
// verdicts (GPU lines) are timed on the GPU only: with host fallback the
// regions run on the host's few, shared cores.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: two nowait regions ran: yes
// GPU: two nowait regions of 50 ms took {{[0-9.]+}} ms together: PASS
// CHECK: a nowait update and a nowait region ran: yes
// GPU: a 128 MiB nowait update ({{[0-9.]+}} ms alone) beside a region spinning as long took {{[0-9.]+}} ms together: PASS
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CopyBytes = 128 << 20 };

#pragma omp declare target
/// Spins for \p Seconds of the executing device's clock; the spins done.
static long spin(double Seconds) {
  double Start = omp_get_wtime();
  long Spins = 0;
  while (omp_get_wtime() - Start < Seconds)
    ++Spins;
  return Spins;
}
#pragma omp end declare target

static double twoRegions(double Seconds, long *A, long *B) {
  double Start = omp_get_wtime();
#pragma omp target nowait map(from : A[0:1])
  A[0] = spin(Seconds);
#pragma omp target nowait map(from : B[0:1])
  B[0] = spin(Seconds);
#pragma omp taskwait
  return omp_get_wtime() - Start;
}

int main(void) {
  int OnGpu = 0;
#pragma omp target map(from : OnGpu)
  OnGpu = !omp_is_initial_device();
  long A = 0, B = 0;
  // Starts libomp's hidden helper threads and the pooled streams.
  twoRegions(0.001, &A, &B);
  double Both = twoRegions(0.05, &A, &B);
  printf("two nowait regions ran: %s\n", A > 0 && B > 0 ? "yes" : "no");
  if (OnGpu)
    printf("two nowait regions of 50 ms took %.1f ms together: %s\n",
           Both * 1e3, Both < 0.075 ? "PASS" : "FAIL");

  char *Data = malloc(CopyBytes);
  memset(Data, 1, CopyBytes);
#pragma omp target enter data map(alloc : Data[0:CopyBytes])
  double Start = omp_get_wtime();
#pragma omp target update to(Data[0:CopyBytes])
  double Copy = omp_get_wtime() - Start;
  double Spin = Copy > 0.01 ? Copy : 0.01;
  A = 0;
  Start = omp_get_wtime();
#pragma omp target nowait map(from : A)
  A = spin(Spin);
#pragma omp target update to(Data[0:CopyBytes]) nowait
#pragma omp taskwait
  double Together = omp_get_wtime() - Start;
#pragma omp target exit data map(delete : Data[0:CopyBytes])
  printf("a nowait update and a nowait region ran: %s\n", A > 0 ? "yes" : "no");
  // Fully overlapped they take as long as one; one after the other, twice.
  if (OnGpu)
    printf("a 128 MiB nowait update (%.1f ms alone) beside a region spinning "
           "as long took %.1f ms together: %s\n",
           Copy * 1e3, Together * 1e3,
           Together < 0.75 * (Copy + Spin) ? "PASS" : "FAIL");
  free(Data);
  return 0;
}
