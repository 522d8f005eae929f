// The table of indirect functions a device image gets: a program built by
// our link step, whose three `declare target indirect` functions the host
// registers (each entry names a device global holding the device function's
// address), run against the fake CUDA driver (Inputs/fake-cuda.c; the
// kernel, the device globals and the device functions are the fakedev_
// symbols below). The loader reads the device addresses, sorts the rows by
// host address and points the device runtime's table global at them; the
// fake kernel reads the table as the device runtime's lookup would. The
// failed-call count says the table global was found through the manifest.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %clang -O1 %offload -I%abi-include -rdynamic %s -o %t
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_COUNT_FAILURES=1 %t 2>&1 | FileCheck %s
// CHECK: table: 3 rows, sorted by host address
// CHECK-DAG: triple -> its device function, 1 byte
// CHECK-DAG: negate -> its device function, 1 byte
// CHECK-DAG: halve -> its device function, 1 byte
// CHECK: fake-cuda: 0 failed calls
#include <stdint.h>
#include <stdio.h>

#pragma omp begin declare target indirect
int triple(int X) { return 3 * X; }
int negate(int X) { return -X; }
int halve(int X) { return X / 2; }
#pragma omp end declare target

int main(void) {
  int (*Fn)(int) = negate;
  int Result = 0;
#pragma omp target map(from : Result)
  Result = Fn(4);
  return 0;
}

// The device side: the functions, the globals clang emits for them (named by
// the function and the line of its definition), the runtime's table and the
// kernel of the target region (a generic kernel).
int device_triple(int X) { return X; }
int device_negate(int X) { return X + 1; }
int device_halve(int X) { return X + 2; }
void *fakedev_omp_triple_l22 = (void *)device_triple;
void *fakedev_omp_negate_l23 = (void *)device_negate;
void *fakedev_omp_halve_l24 = (void *)device_halve;

typedef struct {
  uint64_t HostAddress, DeviceAddress, Bytes;
} Row;
struct {
  const Row *Rows;
  uint64_t Count;
} fakedev___ompgpu_indirect_call_table;

#include "OffloadABI.h"
KernelEnvironmentTy fakedev_omp_main_l30_kernel_environment = {1, 1, 1, 1, 128};

static const char *nameOf(uint64_t Host, uint64_t Device) {
  static const struct {
    const char *Name;
    void *Host, *Device;
  } Known[] = {{"triple", (void *)triple, (void *)device_triple},
               {"negate", (void *)negate, (void *)device_negate},
               {"halve", (void *)halve, (void *)device_halve}};
  for (unsigned I = 0; I < 3; ++I)
    if (Host == (uintptr_t)Known[I].Host)
      return Device == (uintptr_t)Known[I].Device ? Known[I].Name
                                                   : "a wrong device function";
  return "an unknown host address";
}

void fakedev_omp_main_l30(void **Params, unsigned Teams, unsigned Threads) {
  (void)Params, (void)Teams, (void)Threads;
  const Row *Rows = fakedev___ompgpu_indirect_call_table.Rows;
  uint64_t Count = fakedev___ompgpu_indirect_call_table.Count;
  int Sorted = 1;
  for (uint64_t I = 1; I < Count; ++I)
    Sorted &= Rows[I - 1].HostAddress < Rows[I].HostAddress;
  fprintf(stderr, "table: %u rows, %s\n", (unsigned)Count,
          Sorted ? "sorted by host address" : "not sorted");
  for (uint64_t I = 0; I < Count; ++I)
    fprintf(stderr, "%s -> its device function, %u byte\n",
            nameOf(Rows[I].HostAddress, Rows[I].DeviceAddress),
            (unsigned)Rows[I].Bytes);
}
