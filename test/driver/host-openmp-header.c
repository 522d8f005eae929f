// Every OpenMP compile, offloading or not, C or C++, gets our omp.h first
// (build/include/host-openmp), which wraps clang-22's with the numbers of the
// host libomp.so.5 that programs load; compiles without OpenMP, with another
// OpenMP runtime or without standard include paths do not. Where the library
// is LLVM 19's, what it lacks is a compile-time error that says so.
// RUN: %clang -### -fopenmp -c %s 2>&1 | FileCheck %s --check-prefix=ADDED
// RUN: %clang -### -fopenmp=libomp -c %s 2>&1 | FileCheck %s --check-prefix=ADDED
// RUN: %clangxx -### %offload -c %s 2>&1 | FileCheck %s --check-prefix=ADDED
// RUN: %clang -### -fopenmp-targets=nvptx64 -c %s 2>&1 | FileCheck %s --check-prefix=ADDED
// ADDED: "-isystem" "{{[^"]*}}/include/host-openmp" "-internal-isystem"
// RUN: %clang -### -c %s 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %clang -### -fopenmp -fno-openmp -c %s 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %clang -### -fopenmp=libgomp -c %s 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %clang -### -fopenmp -nostdinc -c %s 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: touch %t.o && %clang -### -fopenmp %t.o -o %t 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: include/host-openmp
//
// The numbers: omp_default_mem_space is the library's own (it exports it).
// RUN: %clang -fopenmp %s -o %t && %t | FileCheck %s
// RUN: %clangxx -fopenmp -x c++ %s -o %t.cxx && %t.cxx | FileCheck %s
// CHECK: omp_default_mem_space agrees with the library: 1
// RUN: not %clang -fopenmp -fsyntax-only -DUSE_OPENMP6_TRAIT %s 2>&1 | FileCheck %s --check-prefix=LACKS
// RUN: not %clangxx -fopenmp -fsyntax-only -DUSE_TR11_ROUTINE -x c++ %s 2>&1 | FileCheck %s --check-prefix=LACKS
// LACKS: error: {{.*}} is unavailable: {{omp_atk_pin_device|omp_get_device_memspace\(\)}} is not supported by the host OpenMP runtime
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

extern const uintptr_t __ompgpu_exported_default_mem_space
    __asm__("omp_default_mem_space");

int main(void) {
  printf("omp_default_mem_space agrees with the library: %d\n",
         (uintptr_t)omp_default_mem_space ==
             __ompgpu_exported_default_mem_space);
#ifdef USE_OPENMP6_TRAIT
  omp_alloctrait_t Trait = {omp_atk_pin_device, 0};
  (void)Trait;
#endif
#ifdef USE_TR11_ROUTINE
  (void)omp_get_device_memspace(0, omp_default_mem_space);
#endif
  return 0;
}
