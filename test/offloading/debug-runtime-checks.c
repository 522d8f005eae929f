// A program that breaks the OpenMP contract in a target region: the thread
// count of a num_threads clause comes out as 0 for a small input, where the
// specification requires a positive number. Built with -fopenmp-target-debug,
// the link step links the debug device runtime, which stops the kernel at
// that parallel construct with a message naming its source file and line
// (-gline-tables-only gives clang's source locations their file and line).
// The release runtime, like the host runtime, runs the region anyway (with
// the default team), and every iteration of its loop runs once.
//
// RUN: %clang -O2 %offload -gline-tables-only -mllvm -openmp-opt-disable-spmdization %s -o %t && %run %t | FileCheck %s
// CHECK: sum 2016
//
// The debug build names the debug runtime under -v, and runs the same on
// the host (no GPU here); the release build links the release runtime.
// RUN: %clang -O2 %offload -gline-tables-only -mllvm -openmp-opt-disable-spmdization -fopenmp-target-debug -v %s -o %t.debug 2>&1 | FileCheck %s --check-prefix=LINK-DEBUG -DARCH=%default-arch
// LINK-DEBUG: clang-linker-wrapper: {{.*}}debug-runtime-checks{{.*}} was compiled with -fopenmp-target-debug: linking the debug device runtime
// LINK-DEBUG-NEXT: clang-linker-wrapper: device link for [[ARCH]]: {{.*}} + {{.*}}/libompdevice-nvptx-debug.bc + {{.*}}libdevice.10.bc
// RUN: %run %t.debug | FileCheck %s
// RUN: %clang -O2 %offload -v %s -o %t 2>&1 | FileCheck %s --check-prefix=LINK-RELEASE
// LINK-RELEASE-NOT: debug device runtime
// LINK-RELEASE: device link for {{.*}}/libompdevice-nvptx.bc + {{.*}}libdevice.10.bc
//
// The debug runtime's checks are in the kernel's PTX (its messages are among
// the PTX's strings), and the release runtime's PTX has none of them.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization -fopenmp-target-debug -save-temps %s -o debug
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization -save-temps %s -o release
// RUN: python3 %S/Inputs/ptx-strings.py debug.%default-arch.ptx | FileCheck %s --check-prefix=PTX-DEBUG
// RUN: python3 %S/Inputs/ptx-strings.py release.%default-arch.ptx | FileCheck %s --check-prefix=PTX-RELEASE --implicit-check-not="is not positive" --implicit-check-not="malformed thread state" --implicit-check-not="is false)"
// PTX-DEBUG-DAG: num_threads: the number of threads is not positive
// PTX-DEBUG-DAG: a parallel region left its thread in another state than it entered with
// PTX-DEBUG-DAG: malformed thread state
// PTX-DEBUG-DAG: a participant of a static schedule is not among them
// PTX-DEBUG-DAG: the data-sharing stack is not empty at the end of the kernel
// PTX-RELEASE: ;unknown;unknown;0;0;;
//
// On a GPU (make gpu-bundle builds every end-to-end test a second time with
// -fopenmp-target-debug), the debug build must stop at the construct: see
// the DEBUG-RUNTIME lines in main.
#include <stdio.h>

int main(int argc, char **argv) {
  // One thread per 8 arguments: none without arguments.
  int threads = (argc - 1) / 8;
  long sum = 0;
#pragma omp target map(tofrom : sum)
  {
    // Sequential code around the region makes the kernel generic (and the
    // RUN line keeps LLVM from making it SPMD): only its main thread reaches
    // the construct, and the violation is reported once.
    sum = 0;
    // DEBUG-RUNTIME: debug-runtime-checks.c:[[@LINE+2]]: OpenMP device runtime error in main: num_threads: the number of threads is not positive (team 0, thread
    // DEBUG-RUNTIME: omptarget fatal error
#pragma omp parallel for num_threads(threads) reduction(+ : sum)
    for (int i = 0; i < 64; ++i)
      sum += i;
  }
  printf("sum %ld\n", sum);
  return 0;
}
