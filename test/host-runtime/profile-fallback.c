// A program compiled for the GPU by our driver, run where there is no GPU,
// with LIBOMPTARGET_PROFILE set: the runtime still writes a valid trace, with
// the host process and its thread and, for each target region, an instant
// event saying that it ran on the host (data constructs do nothing on the
// host and leave no event); there are no device tracks. Under
// OMP_TARGET_OFFLOAD=mandatory the fatal error is the trace's last event.
// RUN: %clang -O1 -g %offload %s -o %t
// RUN: rm -f %t.json && env LIBOMPTARGET_PROFILE=%t.json %run %t | FileCheck %s --check-prefix=OUT
// RUN: python3 %S/Inputs/check-trace.py %t.json | FileCheck %s
// RUN: env LIBOMPTARGET_PROFILE=%t.mandatory.json OMP_TARGET_OFFLOAD=mandatory not %t
// RUN: python3 %S/Inputs/check-trace.py %t.mandatory.json | FileCheck %s --check-prefix=MANDATORY
#include <stdio.h>

int main(void) {
  double a[256];
#pragma omp target data map(from : a)
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < 256; ++i)
      a[i] = 2.0 * i;
#pragma omp target
    a[0] = -1;
  }
  printf("a[0] %g a[255] %g\n", a[0], a[255]);
  // OUT: a[0] -1 a[255] 510
  return 0;
}

// CHECK: valid trace
// CHECK-NEXT: process 1: host: {{.*}} (pid {{[0-9]+}})
// CHECK-NEXT:   thread main: main:18 on the host 1, main:21 on the host 1
// CHECK-NOT: process 2
// CHECK: instant main:18 on the host: {"kernel": "__omp_offloading_{{.*}}_main_l18", "location": "{{.*}}profile-fallback.c:18 (function main)"}
// CHECK-NEXT: instant main:21 on the host: {"kernel": "__omp_offloading_{{.*}}_main_l21", "location": "{{.*}}profile-fallback.c:21 (function main)"}

// MANDATORY: valid trace
// MANDATORY: instant fatal error: {"message": "OMP_TARGET_OFFLOAD=mandatory but no GPU is available ({{.*}}) at {{.*}}profile-fallback.c:16 (function main)"}
