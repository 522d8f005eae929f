// Without a GPU, OMP_TARGET_OFFLOAD=mandatory stops the program at the first
// target construct with one clear message and a non-zero exit; disabled and
// default run the region on the host.
// RUN: %clang -O2 %offload %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %t 2>&1 | FileCheck %s --check-prefix=MANDATORY
// MANDATORY: before
// MANDATORY: OMP_TARGET_OFFLOAD=mandatory
// MANDATORY-NOT: after
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s --check-prefix=HOST
// RUN: env OMP_TARGET_OFFLOAD=default %t | FileCheck %s --check-prefix=HOST
// HOST: before
// HOST: after 1
#include <omp.h>
#include <stdio.h>

int main(void) {
  printf("before\n");
  fflush(stdout);
  int on_host = 0;
#pragma omp target map(from : on_host)
  on_host = omp_is_initial_device();
  printf("after %d\n", on_host);
  return 0;
}
