// The region says where it ran: on the GPU omp_is_initial_device() is false
// and the team has GPU threads; with host fallback it runs on the host.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s --check-prefixes=CHECK,HOST
// CHECK: devices: [[N:[0-9]+]]
// HOST: initial device: 1
// GPU: initial device: 0
// GPU: teams > 1: yes
// GPU: threads > 1: yes
// CHECK: done
#include <omp.h>
#include <stdio.h>

int main(void) {
  printf("devices: %d\n", omp_get_num_devices());
  int initial = -1, teams = 0, threads = 0;
#pragma omp target teams distribute parallel for map(tofrom : initial, teams, threads)
  for (int i = 0; i < 100000; ++i)
    if (i == 0) {
      initial = omp_is_initial_device();
      teams = omp_get_num_teams();
      threads = omp_get_num_threads();
    }
  printf("initial device: %d\n", initial);
  if (!initial) {
    printf("teams > 1: %s\n", teams > 1 ? "yes" : "no");
    printf("threads > 1: %s\n", threads > 1 ? "yes" : "no");
  }
  printf("done\n");
  return 0;
}
