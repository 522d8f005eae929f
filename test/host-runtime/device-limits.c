// The device heap and the printf buffer: the link step's manifest says
// whether an image calls malloc/free (the program's own calls, or the device
// runtime's for a local shared with a parallel region that does not fit
// shared memory) and whether the program's own code prints; before loading
// such an image the host runtime sets the context's CU_LIMIT_MALLOC_HEAP_SIZE
// (2), 2 KiB per thread the device holds at once, or LIBOMPTARGET_HEAP_SIZE,
// and CU_LIMIT_PRINTF_FIFO_SIZE (1), 64 MiB, or
// LIBOMPTARGET_PRINTF_BUFFER_SIZE. Images that use neither (the runtime's
// own error messages do not count as printing) leave the driver's defaults.
// Built by our link step, run on the fake CUDA driver (Inputs/fake-cuda.c,
// whose FAKE_CUDA_TRACE prints the limits set; the kernel is
// fakedev_omp_main_l96 below).
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %clang -O1 %offload -I%abi-include -rdynamic %s -o %t.none
// RUN: %clang -O1 %offload -I%abi-include -rdynamic -DUSE_MALLOC %s -o %t.malloc
// RUN: %clang -O1 %offload -I%abi-include -rdynamic -DUSE_PRINTF %s -o %t.printf
// RUN: %clang -O1 %offload -I%abi-include -rdynamic -DSHARED_LOCAL %s -o %t.local
// RUN: %clang -O1 %offload -I%abi-include -rdynamic -DTASK_TREE %s -o %t.tasks
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 FAKE_CUDA_COUNT_FAILURES=1 %t.none 2>&1 | FileCheck %s --check-prefix=NONE
// NONE-NOT: context limit
// NONE: loaded a cubin module
// NONE-NOT: context limit
// NONE: fake kernel ran
// NONE: fake-cuda: 0 failed calls
//
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 LIBOMPTARGET_INFO=1 %t.malloc 2>&1 | FileCheck %s --check-prefix=MALLOC
// 132 multiprocessors x 2048 threads x 2 KiB:
// MALLOC: fake-cuda: context limit 2 = 553648128
// MALLOC-NEXT: omptarget info: device 0: the device heap (malloc, omp_alloc, variables shared with parallel regions) is 528 MiB (LIBOMPTARGET_HEAP_SIZE sets it)
// MALLOC-NOT: context limit
// MALLOC: loaded a cubin module
// MALLOC-NOT: context limit
// MALLOC: fake kernel ran
//
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 FAKE_CUDA_SMS=100 FAKE_CUDA_THREADS_PER_SM=1536 %t.malloc 2>&1 | FileCheck %s --check-prefix=SMALLER
// SMALLER: fake-cuda: context limit 2 = 314572800
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 LIBOMPTARGET_INFO=1 LIBOMPTARGET_HEAP_SIZE=3g %t.malloc 2>&1 | FileCheck %s --check-prefix=HEAP-VAR
// HEAP-VAR: fake-cuda: context limit 2 = 3221225472
// HEAP-VAR-NEXT: omptarget info: device 0: the device heap (malloc, omp_alloc, variables shared with parallel regions) is 3072 MiB (LIBOMPTARGET_HEAP_SIZE)
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 LIBOMPTARGET_HEAP_SIZE=1000 %t.malloc 2>&1 | FileCheck %s --check-prefix=HEAP-BYTES
// HEAP-BYTES: fake-cuda: context limit 2 = 1000
// Values that do not parse are ignored.
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 LIBOMPTARGET_INFO=1 LIBOMPTARGET_HEAP_SIZE=12X %t.malloc 2>&1 | FileCheck %s --check-prefix=MALLOC
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 LIBOMPTARGET_INFO=1 LIBOMPTARGET_HEAP_SIZE=-5 %t.malloc 2>&1 | FileCheck %s --check-prefix=MALLOC
// The driver's refusal stops the program with what to do.
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_LIMIT_ERROR=2 not %t.malloc 2>&1 | FileCheck %s --check-prefix=HEAP-ERROR
// HEAP-ERROR: omptarget fatal error: device 0 (Fake GPU 0): cannot make the device heap (malloc, omp_alloc, variables shared with parallel regions) 528 MiB large: CUDA_ERROR_OUT_OF_MEMORY; set LIBOMPTARGET_HEAP_SIZE to a smaller size
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_LIMIT_ERROR=2 LIBOMPTARGET_HEAP_SIZE=1G not %t.malloc 2>&1 | FileCheck %s --check-prefix=HEAP-VAR-ERROR
// HEAP-VAR-ERROR: cannot make the device heap {{.*}} 1024 MiB large: CUDA_ERROR_OUT_OF_MEMORY; LIBOMPTARGET_HEAP_SIZE asks for too much
//
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 LIBOMPTARGET_INFO=1 %t.printf 2>&1 | FileCheck %s --check-prefix=PRINTF
// PRINTF-NOT: context limit 2
// PRINTF: fake-cuda: context limit 1 = 67108864
// PRINTF-NEXT: omptarget info: device 0: the printf buffer is 64 MiB (LIBOMPTARGET_PRINTF_BUFFER_SIZE sets it)
// PRINTF-NOT: context limit
// PRINTF: fake kernel ran
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 LIBOMPTARGET_PRINTF_BUFFER_SIZE=64K %t.printf 2>&1 | FileCheck %s --check-prefix=PRINTF-VAR
// PRINTF-VAR: fake-cuda: context limit 1 = 65536
//
// The runtime's own heap use: a local shared with a parallel region, too
// large for shared memory.
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 %t.local 2>&1 | FileCheck %s --check-prefix=LOCAL
// LOCAL: fake-cuda: context limit 2 = 553648128
// LOCAL-NOT: context limit 1
// LOCAL: fake kernel ran
//
// A recursive task tree: each task that waits runs its children inside its
// own frame, deeper than ptxas' bound on the stack, so the image asks for
// CU_LIMIT_STACK_SIZE (0), 16 KiB per thread, or LIBOMPTARGET_STACK_SIZE;
// LIBOMPTARGET_STACK_SIZE also applies to images whose calls do not recurse.
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 LIBOMPTARGET_INFO=1 %t.tasks 2>&1 | FileCheck %s --check-prefix=TASKS
// TASKS: fake-cuda: context limit 0 = 16384
// TASKS-NEXT: omptarget info: device 0: the stack of each thread is 16 KiB (LIBOMPTARGET_STACK_SIZE sets it)
// TASKS: fake kernel ran
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_TRACE=1 LIBOMPTARGET_STACK_SIZE=64k %t.none 2>&1 | FileCheck %s --check-prefix=STACK-VAR
// STACK-VAR: fake-cuda: context limit 0 = 65536
// STACK-VAR: fake kernel ran
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp declare target
static int fib(int N) {
  if (N < 2)
    return N;
  int X;
#pragma omp task shared(X)
  X = fib(N - 1);
#pragma omp taskwait
  return X + fib(N - 2);
}
#pragma omp end declare target

int main(void) {
  int Out = 0;
#pragma omp target teams map(tofrom : Out)
  {
#if defined(USE_MALLOC)
    // The address leaves the region, so the allocation stays.
    int *P = (int *)malloc(sizeof(int));
    Out = (int)(uintptr_t)P;
    free(P);
#elif defined(USE_PRINTF)
    printf("hello\n");
#elif defined(SHARED_LOCAL)
    int Local[16384]; // 64 KiB
    for (int I = 0; I < 16384; ++I)
      Local[I] = I;
#pragma omp parallel for
    for (int I = 0; I < 16384; ++I)
      Local[I] *= 2;
    Out = Local[100];
#elif defined(TASK_TREE)
    Out = fib(10);
#else
    Out = 1;
#endif
  }
  return Out < 0;
}

// The device side, for the fake driver.
#include "OffloadABI.h"
KernelEnvironmentTy fakedev_omp_main_l96_kernel_environment = {1, 0, 1, 1, 128};
void fakedev_omp_main_l96(void **Params, unsigned Teams, unsigned Threads) {
  (void)Params, (void)Teams, (void)Threads;
  fprintf(stderr, "fake kernel ran\n");
}
