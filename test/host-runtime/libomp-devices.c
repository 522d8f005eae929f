// Debian's libomp 22 implements omp_get_num_devices, omp_get_initial_device,
// omp_get_device_num and omp_is_initial_device itself and asks this runtime
// for the device count by looking up __tgt_get_num_devices with dlsym; the
// default device comes from libomp's ICV (OMP_DEFAULT_DEVICE,
// omp_set_default_device), which the runtime reads back through
// omp_get_default_device. Checked with no GPU and with two fake devices.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang -fopenmp -rdynamic -I%runtime-include -I%abi-include -I%S %s -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=NOGPU
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_DEVICES=2 LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_DEVICES=2 LIBOMPTARGET_INFO=1 OMP_DEFAULT_DEVICE=1 %t 2>&1 | FileCheck %s --check-prefix=DEFAULT1

#include "omptarget.h"
#include <omp.h>
#include <stdio.h>

// The device side of the fake driver: one SPMD kernel.
KernelEnvironmentTy fakedev_kern_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_SPMD, 1, 128, 0, 0, 0, 0}, NULL, NULL};
void fakedev_kern(void **Params, unsigned Teams, unsigned Threads) {
  (void)Params, (void)Teams, (void)Threads;
}

static char Region;
static unsigned char Cubin[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0x41, 8,
                                  [18] = 190, [48] = 0x04, 0x5a, 0x00, 0x06};
static __tgt_offload_entry Entries[] = {
    {0, 1, 1, 0, &Region, "kern", 0, 0, NULL}};
static __tgt_device_image Image = {Cubin, Cubin + 64, Entries, Entries + 1};
static __tgt_bin_desc Desc = {1, &Image, Entries, Entries + 1};

int main(void) {
  __tgt_register_lib(&Desc);
  printf("num_devices %d initial %d device_num %d is_initial %d default %d\n",
         omp_get_num_devices(), omp_get_initial_device(), omp_get_device_num(),
         omp_is_initial_device(), omp_get_default_device());
  // NOGPU: num_devices 0 initial 0 device_num 0 is_initial 1 default 0
  // TWO: num_devices 2 initial 2 device_num 2 is_initial 1 default 0
  // DEFAULT1: num_devices 2 initial 2 device_num 2 is_initial 1 default 1
  fflush(stdout);

  // device(-1) follows the default-device-var ICV of libomp.
  __tgt_kernel_arguments Args = {3};
  Args.NumTeams[0] = 1;
  ident_t Loc = {0, 2, 0, 0, ";dev.c;main;40;1;;"};
  __tgt_target_kernel(&Loc, -1, 1, 0, &Region, &Args);
  // TWO: omptarget info: device 0: launching kern
  // DEFAULT1: omptarget info: device 1: launching kern
  omp_set_default_device(0);
  __tgt_target_kernel(&Loc, -1, 1, 0, &Region, &Args);
  // DEFAULT1: omptarget info: device 0: launching kern
  __tgt_unregister_lib(&Desc);
  return 0;
}
