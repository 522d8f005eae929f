// The CUDA driver and the default device start on a thread of their own when
// the program registers its images (Runtime::startEarly), against the fake
// CUDA driver: the driver is loaded and the default device's context made
// before the program's first target region, which then runs as before. With
// LIBOMPTARGET_EARLY_START=0 or OMP_TARGET_OFFLOAD=disabled nothing starts
// before the first construct.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clang %offload --offload-arch=sm_90 --offload-host-only -O1 -I%runtime-include -I%abi-include -c %s -o %t.o
// RUN: %host-clang -fopenmp -rdynamic %t.o -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LD_LIBRARY_PATH=%t.dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,EARLY
// RUN: env OMP_TARGET_OFFLOAD=mandatory FAKE_CUDA_TRACE=1 LIBOMPTARGET_EARLY_START=0 LD_LIBRARY_PATH=%t.dir %t late 2>&1 | FileCheck %s --check-prefixes=CHECK,LATE
// RUN: env OMP_TARGET_OFFLOAD=disabled LD_LIBRARY_PATH=%t.dir %t late 2>&1 | FileCheck %s --check-prefix=DISABLED
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static double X[1];

/// Whether the runtime loaded the driver, waiting up to \p Tries times 10 ms
/// for its start-up thread.
static int driverLoaded(int Tries) {
  for (int I = 0; I < Tries; ++I) {
    if (dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD))
      return 1;
    usleep(10000);
  }
  return 0;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int Late = argc > 1 && !strcmp(argv[1], "late");
  // Up to 10 s where the driver starts early; 0.2 s suffice to show it did
  // not where it starts late.
  int Loaded = driverLoaded(Late ? 20 : 1000);
  printf("driver loaded before the first construct: %s\n",
         Loaded ? "yes" : "no");
  // The fake driver makes a context at once: half a second is plenty.
  if (Loaded)
    usleep(500000);
  // EARLY-DAG: driver loaded before the first construct: yes
  // EARLY-DAG: context for device 0
  // LATE: driver loaded before the first construct: no
  // DISABLED: driver loaded before the first construct: no
  fprintf(stderr, "-- first construct\n");
  // EARLY: -- first construct
  // EARLY-NOT: context for device
  // LATE: -- first construct
  // LATE-NEXT: context for device 0
#pragma omp target map(tofrom : X)
  X[0] = 42;
  printf("region: %g\n", X[0]);
  // CHECK: region: 42
  // DISABLED: region: 42
  return 0;
}

#include "Inputs/fake-image.h"
FAKE_KERNEL(main_l51, fakeArg(Params, 1)[0] = 42)
