// The teams-reduction records the host runtime gives a launch, against the
// fake CUDA driver (Inputs/fake-cuda.c): one record per team, never fewer
// than the kernel environment asks for (clang's count), records beyond that
// only within 64 MiB; a stream's launch environment keeps its room, and each
// kernel gets as many records as that room holds at its record size.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clangxx -std=c++17 -rdynamic -I%runtime-include -I%abi-include -I%S %s -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_EARLY_START=0 OMP_TARGET_OFFLOAD=mandatory %t 2>&1 | FileCheck %s

#include "Inputs/synthetic.h"

#include <cstdio>

using synthetic::MapItems;

extern "C" {
// Records of 8 bytes and of 64 KiB (1,024 of those fill the budget), 1,024
// of them as clang sizes the buffer by default.
KernelEnvironmentTy fakedev___omp_offloading_10_20_main_l10_kernel_environment =
    {{0, 0, OMP_TGT_EXEC_MODE_SPMD, 1, 128, 0, 0, 8, 1024}, nullptr, nullptr};
KernelEnvironmentTy fakedev___omp_offloading_10_20_main_l20_kernel_environment =
    {{0, 0, OMP_TGT_EXEC_MODE_SPMD, 1, 128, 0, 0, 65536, 1024},
     nullptr,
     nullptr};

static void reportRecords(const char *Kernel, void **Params, unsigned Teams) {
  auto *Env = *static_cast<KernelLaunchEnvironmentTy **>(Params[0]);
  fprintf(stderr, "%s: %u teams, %u records\n", Kernel, Teams,
          Env->Reduction.Records);
}
void fakedev___omp_offloading_10_20_main_l10(void **Params, unsigned Teams,
                                             unsigned) {
  reportRecords("l10", Params, Teams);
}
void fakedev___omp_offloading_10_20_main_l20(void **Params, unsigned Teams,
                                             unsigned) {
  reportRecords("l20", Params, Teams);
}
}

char RegionL10, RegionL20;

int main() {
  synthetic::Cubin Cubin = synthetic::cubinV8(90);
  synthetic::Program Program;
  Program.addImage(Cubin.Bytes, sizeof(Cubin.Bytes));
  Program.Entries.push_back(
      synthetic::entry(&RegionL10, "__omp_offloading_10_20_main_l10", 0));
  Program.Entries.push_back(
      synthetic::entry(&RegionL20, "__omp_offloading_10_20_main_l20", 0));
  Program.registerLib();
  ident_t Loc = synthetic::location(";fake.c;main;10;1;;");
  MapItems None;
  __tgt_kernel_arguments Args = None.kernelArgs();
  auto launch = [&](void *Region, uint32_t Teams) {
    Args.NumTeams[0] = Teams;
    __tgt_target_kernel(&Loc, 0, static_cast<int32_t>(Teams), 0, Region, &Args);
  };
  launch(&RegionL10, 100);
  // CHECK: l10: 100 teams, 1024 records
  launch(&RegionL10, 3000);
  // CHECK-NEXT: l10: 3000 teams, 3000 records
  // Fewer teams keep the larger environment.
  launch(&RegionL10, 5);
  // CHECK-NEXT: l10: 5 teams, 3000 records
  // 64 KiB records: 1,024 fit in the budget, so 2,000 teams share them; the
  // room keeps the 3,000 lock words and records of the 8-byte kernel.
  launch(&RegionL20, 2000);
  // CHECK-NEXT: l20: 2000 teams, 1024 records
  launch(&RegionL10, 3000);
  // CHECK-NEXT: l10: 3000 teams, 3000 records
  launch(&RegionL20, 10);
  // CHECK-NEXT: l20: 10 teams, 1024 records
  return 0;
}
