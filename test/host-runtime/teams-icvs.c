// Each device's nteams-var and teams-thread-limit-var from the environment
// (OpenMP 5.2): <VAR>_DEV_<n> for device n, else <VAR>_DEV, else <VAR>_ALL,
// else <VAR> itself. They shape launches without clauses and reach the device
// in the device environment. A program built by our link step on two fake
// devices (Inputs/fake-cuda.c; the kernel is fakedev_omp_main_l25 below).
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %clang -O1 %offload -I%abi-include -rdynamic %s -o %t
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_DEVICES=2 LIBOMPTARGET_INFO=1 OMP_NUM_TEAMS=2 OMP_NUM_TEAMS_DEV_1=7 OMP_TEAMS_THREAD_LIMIT_ALL=32 OMP_TEAMS_THREAD_LIMIT_DEV=16 %t 2>&1 | FileCheck %s
// CHECK: device 0: launching {{.*}} with 2 teams x 16 threads (teams: OMP_NUM_TEAMS; threads: OMP_TEAMS_THREAD_LIMIT_DEV)
// CHECK: device environment: device 0, nteams-var 2, teams-thread-limit-var 16
// CHECK: device 1: launching {{.*}} with 7 teams x 16 threads (teams: OMP_NUM_TEAMS_DEV_1; threads: OMP_TEAMS_THREAD_LIMIT_DEV)
// CHECK: device environment: device 1, nteams-var 7, teams-thread-limit-var 16
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_DEVICES=2 LIBOMPTARGET_INFO=1 OMP_TEAMS_THREAD_LIMIT_DEV_0=8 OMP_TEAMS_THREAD_LIMIT_ALL=32 OMP_NUM_TEAMS=abc %t 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: device 0: launching {{.*}} x 8 threads ({{.*}}threads: OMP_TEAMS_THREAD_LIMIT_DEV_0)
// ALL: device environment: device 0, nteams-var 0, teams-thread-limit-var 8
// ALL: device 1: launching {{.*}} x 32 threads ({{.*}}threads: OMP_TEAMS_THREAD_LIMIT_ALL)
// ALL: device environment: device 1, nteams-var 0, teams-thread-limit-var 32
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

int main(void) {
  for (int Device = 0; Device < omp_get_num_devices(); ++Device) {
    int Seen = 0;
#pragma omp target teams device(Device) map(from : Seen)
    Seen = omp_get_max_teams() + omp_get_teams_thread_limit();
  }
  return 0;
}

// The device side (an SPMD kernel: no master warp on top of the threads).
#include "OffloadABI.h"
DeviceEnvironmentTy fakedev___ompgpu_device_environment;
KernelEnvironmentTy fakedev_omp_main_l25_kernel_environment = {0, 0, 2, 1, 128};
void fakedev_omp_main_l25(void **Params, unsigned Teams, unsigned Threads) {
  (void)Params, (void)Teams, (void)Threads;
  DeviceEnvironmentTy *Env = &fakedev___ompgpu_device_environment;
  fprintf(stderr,
          "device environment: device %u, nteams-var %u, "
          "teams-thread-limit-var %u\n",
          Env->DeviceNum, Env->NumTeams, Env->TeamsThreadLimit);
}
