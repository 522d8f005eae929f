// A program linked by our link step (compiled without -g) against the fake
// CUDA driver (Inputs/fake-cuda.c; the kernels, their environments and the
// device globals are the fakedev_ functions and variables below): the
// runtime asks the driver only for symbols the link step's manifest says the
// image defines, so a normal run makes no failed driver call, although it has
// a bare kernel (no kernel environment) and no device environment; every
// message names the file and line from the manifest's source files; a target
// region whose kernel the device compile left out (a metadirective whose
// variant clang-22 chose for the device) is named at link time, runs on the
// host, and stops a run with OMP_TARGET_OFFLOAD=mandatory. A data construct
// has no kernel to name it: its messages name the calling function and, from
// a kernel of that function (or, for a static function, the symbol table),
// its file; so do those of the omp_target_* routines.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %clang -O1 %offload -rdynamic %s -o %t 2> %t.link
// RUN: FileCheck %s --check-prefix=LINK < %t.link
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_COUNT_FAILURES=1 LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s
// RUN: env LD_LIBRARY_PATH=%t.dir OMP_TARGET_OFFLOAD=mandatory not %t 2>&1 | FileCheck %s --check-prefix=MANDATORY
// RUN: env LD_LIBRARY_PATH=%t.dir not %t not-present 2>&1 | FileCheck %s --check-prefix=NOT-PRESENT
// RUN: env LD_LIBRARY_PATH=%t.dir not %t data-not-present 2>&1 | FileCheck %s --check-prefix=DATA
// RUN: env LD_LIBRARY_PATH=%t.dir not %t helper-not-present 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_COPY_ERROR=700 not %t api 2>&1 | FileCheck %s --check-prefix=API
// API: omptarget fatal error: {{.*}}CUDA_ERROR_ILLEGAL_ADDRESS{{.*}} in omp_target_memcpy, called from function main in {{.*}}link-manifest.c
// DATA: omptarget fatal error: 'present' map of the object at {{.*}} failed: it is not mapped on device 0 at {{.*}}link-manifest.c (function main; compile with -g for the line)
// HELPER: omptarget fatal error: 'present' map of the object at {{.*}} failed: it is not mapped on device 0 at link-manifest.c (function check_present; compile with -g for the line)
#include <omp.h>
#include <stdio.h>
#include <string.h>

int table[4] = {1, 2, 3, 4};
#pragma omp declare target link(table)

// A function without target regions: no kernel says which file it is in.
__attribute__((noinline)) static void check_present(int *p) {
#pragma omp target enter data map(present, to : p[0 : 1])
}

int main(int argc, char **argv) {
  int x = 1;
  if (argc > 1 && !strcmp(argv[1], "api"))
    omp_target_memcpy(omp_target_alloc(sizeof(x), 0), &x, sizeof(x), 0, 0, 0,
                      omp_get_initial_device());
#pragma omp target map(tofrom : x) map(to : table)
  x += table[2];
  // CHECK: fake kernel l43 ran
  fprintf(stderr, "x %d\n", x);
  // CHECK: x 2

#pragma omp target teams ompx_bare num_teams(2) thread_limit(32)
  x = 0;
  // CHECK: launching __omp_offloading_{{.*}}_main_l49 in bare mode with 2x1x1 teams x 32x1x1 threads

  // LINK: clang-linker-wrapper: warning: the target region in 'main' at line [[@LINE+3]] of {{.*}}link-manifest.c has no kernel for sm_{{[0-9]+}}
  // CHECK: omptarget info: the target region at {{.*}}link-manifest.c:[[@LINE+2]] (function main) runs on the host: its program's device image has no kernel for it
  // MANDATORY: omptarget fatal error: the target region cannot run on device 0: its program's device image has no kernel for it (the link step warned about it) at {{.*}}link-manifest.c:[[@LINE+1]] (function main)
#pragma omp metadirective when(device = {kind(nohost)} : parallel) default(target map(tofrom : x))
  x += 40;
  fprintf(stderr, "x %d\n", x);
  // CHECK: x 42
  // CHECK: fake bare kernel l49 ran

  if (argc > 1 && !strcmp(argv[1], "data-not-present")) {
#pragma omp target enter data map(present, to : x)
  }
  if (argc > 1 && !strcmp(argv[1], "helper-not-present"))
    check_present(&x);
  if (argc > 1 && !strcmp(argv[1], "not-present")) {
    // NOT-PRESENT: omptarget fatal error: 'present' map of the object at {{.*}} failed: it is not mapped on device 0 at {{.*}}link-manifest.c:[[@LINE+1]] (function main)
#pragma omp target map(present, to : x)
    x = 1;
  }
  return 0;
}
// CHECK: fake-cuda: 0 failed calls

// The device side. Kernels take the launch environment first, then the
// region's arguments.
typedef struct {
  struct {
    unsigned char UseGenericStateMachine, MayUseNestedParallelism, ExecMode;
    int MinThreads, MaxThreads, MinTeams, MaxTeams, ReductionDataSize,
        ReductionBufferLength;
  } Configuration;
  void *Ident, *DynamicEnv;
} KernelEnvironment;
int *fakedev_table_decl_tgt_ref_ptr;
KernelEnvironment fakedev_omp_main_l43_kernel_environment = {
    {1, 0, 1, 1, 128, -1, -1, 0, 0}, 0, 0};
void fakedev_omp_main_l43(void **Params, unsigned Teams, unsigned Threads) {
  (void)Teams, (void)Threads;
  int *X = *(int **)Params[1];
  *X += 1;
  fprintf(stderr, "fake kernel l43 ran\n");
}
void fakedev_omp_main_l49(void **Params, unsigned Teams, unsigned Threads) {
  (void)Params, (void)Teams, (void)Threads;
  fprintf(stderr, "fake bare kernel l49 ran\n");
}
KernelEnvironment fakedev_omp_main_l69_kernel_environment = {
    {1, 0, 1, 1, 128, -1, -1, 0, 0}, 0, 0};
void fakedev_omp_main_l69(void **Params, unsigned Teams, unsigned Threads) {
  (void)Params, (void)Teams, (void)Threads;
}
